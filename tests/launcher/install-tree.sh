# Sourced by the tests that use an installed tree (install.sh, cmake.sh,
# meson.sh) after common.sh: `make install prefix=$inst` into the test's
# temporary folder, and a PATH with $inst/bin first.  Our own programs are
# used by path or through that PATH: Open MPI or MPICH may have put
# mpicc/mpiexec into /usr/bin.  hello_sources writes the program they build.
inst=$tmp/inst
if ! (cd "$top_builddir" && ${MAKE:-make} -s install prefix="$inst") >"$tmp/install.log" 2>&1; then
	tail -20 "$tmp/install.log" >&2
	fail "make install prefix=$inst failed"
fi
inst=$(cd "$inst" && pwd -P)
PATH=$inst/bin:$PATH
export PATH

# hello_sources DIR: DIR/hello.c and DIR/hello.cc, the program these tests
# build; each rank prints "hello RANK of SIZE".
hello_sources() {
	mkdir -p "$1"
	cat >"$1/hello.c" <<'SRC'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	printf("hello %d of %d\n", rank, size);
	MPI_Finalize();
	return 0;
}
SRC
	sed -e 's/<stdio.h>/<cstdio>/' -e 's/printf(/std::printf(/' "$1/hello.c" >"$1/hello.cc"
}
