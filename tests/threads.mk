# tests and extra sources of the threads area
