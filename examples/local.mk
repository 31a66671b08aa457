# examples/: small MPI programs users can read and run.
noinst_PROGRAMS += examples/hello examples/ring
examples_hello_SOURCES = examples/hello.c
examples_ring_SOURCES = examples/ring.c
# requests area (issue 6): seed 002 6.2.4 and seed 003 §4; both run in make check
noinst_PROGRAMS += examples/nb_allgather examples/any_all_some
examples_nb_allgather_SOURCES = examples/nb_allgather.c
examples_any_all_some_SOURCES = examples/any_all_some.c
