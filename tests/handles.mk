# tests and extra sources of the handles area
