#!/bin/sh
# Description: `make install prefix=DIR` works and gives the names users of
# Open MPI and MPICH type: mpiexec/mpirun run jobs; mpicxx, mpic++ and
# mpiCC compile and link C++ in one step; mpi.h is clean under -Wall
# -Wextra -pedantic -Werror in C99, C11, C++11 and C++17; link flags
# placed before the objects still link under --as-needed; pkg-config knows
# shmpi, mpi, mpi-c and mpi-cxx (and mpi-fort, ompi-fort); `-lmpi` and
# `-lmpich` link shmpi, and so do Open MPI's Fortran library names; the
# wrappers take MPICH's -cc= and the others' variables; mpifort compiles an
# mpif.h program passing two buffer types to one routine; the man pages
# and shmpi_info are there.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/install-tree.sh"

for f in bin/mpiexec bin/mpirun bin/mpirun-shm bin/mpicc bin/mpicxx bin/mpic++ bin/mpiCC \
	bin/shmpi_info bin/shmpi-prof-render share/man/man1/shmpi-prof-render.1 \
	include/mpi.h share/man/man1/mpiexec.1 share/man/man1/mpicc.1 \
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

# The library names of the others' makefiles (issue 43): `cc ... -lmpi`
# and `-lmpich` link shmpi, whatever else /usr/lib holds.
for l in mpi mpich; do
	gcc -I"$inst/include" "$tmp/hello.c" -L"$inst/lib" -Wl,-rpath,"$inst/lib" -l$l \
		-o "$tmp/hello_$l" 2>"$tmp/err" || fail "gcc ... -l$l"
	lib=$(ldd "$tmp/hello_$l" | awk '/libshmpi/ { print $3 }')
	[ "$(readlink -f "$lib")" = "$(readlink -f "$inst/lib/libshmpi.so.0")" ] ||
		fail "-l$l: not linked to shmpi's libshmpi"
	"$inst/bin/mpiexec" -n 2 "$tmp/hello_$l" >"$tmp/out" 2>"$tmp/err" || fail "hello_$l"
	grep -qx "hello 1 of 2" "$tmp/out" || fail "hello_$l output"
done

# The wrappers: MPICH's -cc= picks the compiler, Open MPI's variables add
# flags, MPICH_CC names the compiler.
"$inst/bin/mpicc" -cc=/bin/echo -show x.c | grep -q '^/bin/echo ' || fail "mpicc -cc="
OMPI_CFLAGS=-DWRAPPER_T1 OMPI_LIBS=-lm "$inst/bin/mpicc" -show x.c >"$tmp/out"
grep -q -- '-DWRAPPER_T1 .* x\.c .* -lm$' "$tmp/out" || fail "OMPI_CFLAGS/OMPI_LIBS: $(cat "$tmp/out")"
MPICH_CC=/bin/echo "$inst/bin/mpicc" -show x.c | grep -q '^/bin/echo ' || fail "MPICH_CC"

if [ -x "$inst/bin/mpifort" ]; then
	# libshmpi_fortran needs libshmpi on its own: nothing undefined.
	ldd -r "$inst/lib/libshmpi_fortran.so" >"$tmp/out" 2>&1
	! grep -q "undefined symbol" "$tmp/out" || fail "libshmpi_fortran under-linked"
	cat >"$tmp/hello.f" <<'SRC'
      program hello
      include 'mpif.h'
      integer ierr, rank, size, ibuf(1)
      real rbuf(1)
      call MPI_INIT(ierr)
      call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
      call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierr)
      ibuf(1) = rank
      rbuf(1) = rank
      call MPI_BCAST(ibuf, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
      call MPI_BCAST(rbuf, 1, MPI_REAL, 0, MPI_COMM_WORLD, ierr)
      print '(a,i0,a,i0)', 'hello ', rank, ' of ', size
      call MPI_FINALIZE(ierr)
      end
SRC
	# Two buffer types through one mpif.h routine: gfortran >= 10 needs
	# the mismatch allowed, which mpifort adds.
	"$inst/bin/mpifort" "$tmp/hello.f" -o "$tmp/hello_f" 2>"$tmp/err" ||
		{ cat "$tmp/err" >&2; fail "mpifort: two buffer types in mpif.h calls"; }
	"$inst/bin/mpiexec" -n 2 "$tmp/hello_f" >"$tmp/out" 2>"$tmp/err" || fail "hello_f"
	grep -qx "hello 1 of 2" "$tmp/out" || fail "hello_f output"
	# Open MPI's Fortran library names link shmpi's.
	"$inst/bin/mpifort" -c "$tmp/hello.f" -o "$tmp/hello_f.o" 2>"$tmp/err" || fail "mpifort -c"
	gfortran "$tmp/hello_f.o" -L"$inst/lib" -Wl,-rpath,"$inst/lib" -lmpi_mpifh -lmpi \
		-o "$tmp/hello_f2" 2>"$tmp/err" || fail "gfortran ... -lmpi_mpifh -lmpi"
	"$inst/bin/mpiexec" -n 2 "$tmp/hello_f2" >"$tmp/out" 2>"$tmp/err" || fail "hello_f2"
	grep -qx "hello 1 of 2" "$tmp/out" || fail "hello_f2 output"
	if command -v pkg-config >/dev/null 2>&1; then
		for name in mpi-fort ompi-fort; do
			PKG_CONFIG_PATH=$inst/lib/pkgconfig pkg-config --libs "$name" >"$tmp/out" ||
				fail "pkg-config $name"
			grep -q -- "-lshmpi_fortran .*-lshmpi" "$tmp/out" || fail "$name.pc: $(cat "$tmp/out")"
		done
	fi
fi

# `man MPI_Send` works from the tree, and the installed pages point only
# at installed documents.
if command -v man >/dev/null 2>&1; then
	MANPATH=$inst/share/man man -w MPI_Send >/dev/null 2>&1 || fail "man MPI_Send"
	MANPATH=$inst/share/man man -w mpifort >/dev/null 2>&1 || fail "man mpifort"
fi
[ -f "$inst/share/man/man3/MPI_Allreduce.3" ] || fail "no MPI_Allreduce(3)"
grep -q "MPI_ERR_COMM" "$inst/share/man/man3/MPI_Allreduce.3" || fail "MPI_Allreduce(3): errors"
grep -q "^USE mpi_f08" "$inst/share/man/man3/MPI_Allreduce.3" || fail "MPI_Allreduce(3): f08"
for d in $(cat "$inst"/share/man/man*/* | grep -o '/[^ ]*/share/doc/shmpi/[A-Za-z_]*\.md' | sort -u); do
	[ -f "$d" ] || fail "a man page points at $d, which is not installed"
done
for d in "$top_srcdir"/docs/*.md; do
	n=${d##*/}
	[ "$n" = HACKING.md ] || [ -f "$inst/share/doc/shmpi/$n" ] || fail "docs/$n not installed"
done

"$inst/bin/shmpi_info" >"$tmp/out" 2>"$tmp/err" || fail "shmpi_info"
grep -q "^shmpi [0-9]" "$tmp/out" || fail "shmpi_info: version"
grep -qi "topology" "$tmp/out" || fail "shmpi_info: topology"
grep -Eq "MPI standard: +[0-9]+\.[0-9]+" "$tmp/out" || fail "shmpi_info: MPI version"
# --parsable: key:value lines; the paths are the tree's own (installed
# elsewhere than configured); a setting says where its value comes from.
SHMPI_EAGER_MAX=4k "$inst/bin/shmpi_info" --parsable >"$tmp/out" 2>"$tmp/err" ||
	fail "shmpi_info --parsable"
! grep -v '^[a-z][a-z0-9_.]*:' "$tmp/out" | grep -q . || fail "shmpi_info --parsable: a line without key:"
grep -Eqx "version:mpi:[0-9]+\.[0-9]+" "$tmp/out" || fail "shmpi_info --parsable: version:mpi"
grep -qx "path:prefix:$inst" "$tmp/out" || fail "shmpi_info --parsable: prefix $(grep path:prefix "$tmp/out")"
grep -qx "path:libdir:$inst/lib" "$tmp/out" || fail "shmpi_info --parsable: libdir"
grep -qx "bindings:c:yes" "$tmp/out" || fail "shmpi_info --parsable: bindings:c"
grep -qx "config:SHMPI_EAGER_MAX:value:4096 bytes" "$tmp/out" || fail "shmpi_info: EAGER_MAX value"
grep -qx "config:SHMPI_EAGER_MAX:source:environment" "$tmp/out" || fail "shmpi_info: EAGER_MAX source"
grep -qx "config:SHMPI_SPIN:source:default" "$tmp/out" || fail "shmpi_info: SPIN source"
! grep -q "^config:SHMPI_RANK:" "$tmp/out" || fail "shmpi_info: launcher-internal setting without --all"
"$inst/bin/shmpi_info" --parsable --all | grep -q "^config:SHMPI_RANK:value:" ||
	fail "shmpi_info --all: SHMPI_RANK"
no_orphans
exit 0
