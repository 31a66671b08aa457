# tests and extra sources of the types area
