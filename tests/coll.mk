# tests and extra sources of the coll area
