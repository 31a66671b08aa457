#!/bin/sh
# Description: `make install prefix=DIR` works and gives the names users of
# Open MPI and MPICH type: mpiexec/mpirun run jobs; mpicxx, mpic++ and
# mpiCC compile and link C++ in one step; mpi.h is clean under -Wall
# -Wextra -pedantic -Werror in C99, C11, C++11 and C++17; link flags
# placed before the objects still link under --as-needed; pkg-config knows
# shmpi, mpi, mpi-c and mpi-cxx; the man pages and shmpi_info are there.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/install-tree.sh"

for f in bin/mpiexec bin/mpirun bin/mpirun-shm bin/mpicc bin/mpicxx bin/mpic++ bin/mpiCC \
	bin/shmpi_info include/mpi.h share/man/man1/mpiexec.1 share/man/man1/mpicc.1 \
	share/man/man1/mpirun-shm.1 share/man/man1/mpicxx.1 share/man/man1/shmpi_info.1; do
	[ -e "$inst/$f" ] || fail "not installed: $f"
done

hello_sources "$tmp"

if command -v g++ >/dev/null 2>&1; then
	for w in mpicxx mpic++ mpiCC; do
		for std in c++11 c++17; do
			"$inst/bin/$w" -std=$std -Wall -Wextra -pedantic -Werror "$tmp/hello.cc" \
				-o "$tmp/hello_cxx" 2>"$tmp/err" || fail "$w -std=$std"
		done
	done
	run -n 2 "$tmp/hello_cxx"
	expect_status 0
	grep -qx "hello 1 of 2" "$tmp/out" || fail "C++ program under mpirun-shm"
fi
for std in c99 c11; do
	"$inst/bin/mpicc" -std=$std -Wall -Wextra -pedantic -Werror "$tmp/hello.c" -o "$tmp/hello" \
		2>"$tmp/err" || fail "mpicc -std=$std"
done
for launcher in mpiexec mpirun; do
	timeout -s KILL 20 "$inst/bin/$launcher" -n 3 "$tmp/hello" >"$tmp/out" 2>"$tmp/err" ||
		fail "$launcher"
	grep -qx "hello 2 of 3" "$tmp/out" || fail "$launcher: no rank 2"
done

# Flags first, objects after, under --as-needed (`cc $(mpicc -showme:link) x.o`).
"$inst/bin/mpicc" -c "$tmp/hello.c" -o "$tmp/hello.o" || fail "mpicc -c"
# shellcheck disable=SC2046
gcc -Wl,--as-needed $("$inst/bin/mpicc" --showme:link) "$tmp/hello.o" -o "$tmp/hello2" \
	2>"$tmp/err" || fail "link flags before the objects"
eval "$("$inst/bin/mpicc" -show) -Wl,--as-needed \"\$tmp/hello.o\" -o \"\$tmp/hello3\"" \
	2>"$tmp/err" || fail "\$(mpicc -show) x.o"
"$inst/bin/mpiexec" -n 2 "$tmp/hello3" >"$tmp/out" 2>"$tmp/err" || fail "hello3"

if command -v pkg-config >/dev/null 2>&1; then
	for name in shmpi mpi mpi-c mpi-cxx; do
		flags=$(PKG_CONFIG_PATH=$inst/lib/pkgconfig pkg-config --cflags --libs "$name") ||
			fail "pkg-config $name"
		# shellcheck disable=SC2086
		gcc "$tmp/hello.c" $flags -o "$tmp/hello_pc" 2>"$tmp/err" || fail "build with $name.pc"
	done
	"$inst/bin/mpiexec" -n 2 "$tmp/hello_pc" >"$tmp/out" 2>"$tmp/err" || fail "hello_pc"
	grep -qx "hello 1 of 2" "$tmp/out" || fail "hello_pc output"
fi

"$inst/bin/shmpi_info" >"$tmp/out" 2>"$tmp/err" || fail "shmpi_info"
grep -q "^shmpi [0-9]" "$tmp/out" || fail "shmpi_info: version"
grep -qi "topology" "$tmp/out" || fail "shmpi_info: topology"
no_orphans
exit 0
