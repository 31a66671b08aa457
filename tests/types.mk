# tests and extra sources of the types area (issue 4)
#
# The engine's unit tests and the fuzz target compile the engine's sources
# directly with stubs of the core (tests/unit/type_stubs.c), so they need
# no MPI_Init and can reach internal functions.
TYPE_ENGINE_SOURCES = \
	lib/datatype/type_predefined.c lib/datatype/type_core.c lib/datatype/type_compile.c lib/datatype/type_create.c \
	lib/datatype/type_array.c lib/datatype/type_walk.c lib/datatype/type_api.c lib/datatype/type_query.c lib/datatype/type_decode.c \
	lib/datatype/typestr.c lib/datatype/typestr_parse.c lib/datatype/pack.c lib/datatype/pack_dtype.c lib/datatype/pack_external.c \
	lib/datatype/type_f90.c lib/core/pool.c tests/unit/type_stubs.c

check_PROGRAMS += tests/unit/check_type tests/unit/check_typestr
TESTS += tests/unit/check_type tests/unit/check_typestr
tests_unit_check_type_SOURCES = tests/unit/check_type.c $(TYPE_ENGINE_SOURCES)
tests_unit_check_type_CFLAGS = $(UNIT_CFLAGS) -fvisibility=default
tests_unit_check_type_LDADD = $(CHECK_LIBS)
tests_unit_check_typestr_SOURCES = tests/unit/check_typestr.c $(TYPE_ENGINE_SOURCES)
tests_unit_check_typestr_CFLAGS = $(UNIT_CFLAGS) -fvisibility=default
tests_unit_check_typestr_LDADD = $(CHECK_LIBS)

# MPI programs: every constructor between ranks, packing, descriptions
TYPE_MPI_TESTS = tests/mpi/type_exchange tests/mpi/type_pack tests/mpi/type_describe \
	tests/mpi/type_errors tests/mpi/type_single_copy tests/mpi/type_match_size
check_PROGRAMS += $(TYPE_MPI_TESTS)
TESTS += $(TYPE_MPI_TESTS)

# libFuzzer target of the type-string parser; not part of `make check`.
#   make fuzz-typestr [FUZZ_TIME=60]
FUZZ_CC = clang
FUZZ_TIME = 60
EXTRA_DIST += tests/fuzz/fuzz_typestr.c tests/fuzz/corpus
fuzz-typestr:
	$(MKDIR_P) tests/fuzz/corpus-run
	$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined -std=gnu11 -pthread \
		-I$(top_srcdir) -I$(top_srcdir)/include -I$(top_builddir) \
		$(top_srcdir)/tests/fuzz/fuzz_typestr.c \
		$(addprefix $(top_srcdir)/,$(TYPE_ENGINE_SOURCES)) -o tests/fuzz/fuzz_typestr
	ASAN_OPTIONS=detect_leaks=1 tests/fuzz/fuzz_typestr -max_total_time=$(FUZZ_TIME) \
		-max_len=256 -timeout=10 -rss_limit_mb=2048 \
		tests/fuzz/corpus-run $(top_srcdir)/tests/fuzz/corpus
.PHONY: fuzz-typestr
CLEANFILES += tests/fuzz/fuzz_typestr
