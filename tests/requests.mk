# tests and extra sources of the requests area
