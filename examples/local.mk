# examples/: small MPI programs users can read and run.
noinst_PROGRAMS += examples/hello examples/ring
examples_hello_SOURCES = examples/hello.c
examples_hello_LDADD = libshmpi.la
examples_ring_SOURCES = examples/ring.c
examples_ring_LDADD = libshmpi.la
