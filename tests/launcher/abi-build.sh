#!/bin/sh
# Description: building against the MPI-5.0 standard ABI (issue 44,
# docs/abi.md) from an installed tree: `mpicc -mpi-abi`, mpicc_abi and
# mpicxx_abi (and pkg-config mpi-abi) give PREFIX/include/abi, whose mpi.h
# is the ABI's, and -lmpi_abi with a DT_RUNPATH (not DT_RPATH, which
# LD_LIBRARY_PATH could not override); -static is refused.  Then, once
# libmpi_abi is installed: a program built by each way (the wrapper,
# CMake's FindMPI with MPI_C_COMPILER=mpicc_abi, Meson's dependency('mpi')
# with MPICC=mpicc_abi and its dependency('mpi-abi') through pkg-config)
# loads libmpi_abi.so.1 and no libshmpi and runs under mpiexec.  Skips
# (77) after the flag checks where libmpi_abi is not built; the CMake and
# Meson parts are left out without cmake or meson.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/install-tree.sh"

[ -f "$inst/include/abi/mpi.h" ] || fail "no $inst/include/abi/mpi.h"
for w in mpicc_abi mpicxx_abi; do
	[ -x "$inst/bin/$w" ] || fail "$w not installed"
	[ -f "$inst/share/man/man1/$w.1" ] || fail "no man page $w(1)"
done

# The flags, by each name and by the option.
for cmd in "mpicc_abi" "mpicc -mpi-abi" "mpicc -mpi_abi" "mpicxx_abi" "mpicxx -mpi-abi"; do
	# shellcheck disable=SC2086 # the command's words
	line=$($cmd -show hello.c -o hello) || fail "$cmd -show"
	case " $line " in
	*" -I$inst/include/abi "*) ;;
	*) fail "$cmd -show: no -I$inst/include/abi: $line" ;;
	esac
	case " $line " in
	*" -lmpi_abi "*) ;;
	*) fail "$cmd -show: no -lmpi_abi: $line" ;;
	esac
	case " $line " in
	*" -lshmpi "* | *" -I$inst/include "* | *-mpi-abi* | *-mpi_abi*)
		fail "$cmd -show: native flags or our option passed on: $line" ;;
	esac
	case $line in
	*"--enable-new-dtags,-rpath,$inst/lib"*) ;;
	*) fail "$cmd -show: the run path is not a DT_RUNPATH: $line" ;;
	esac
done
[ "$(mpicc_abi --showme:incdirs)" = "$inst/include/abi" ] || fail "--showme:incdirs"
[ "$(mpicc_abi --showme:libs)" = "mpi_abi" ] || fail "--showme:libs: $(mpicc_abi --showme:libs)"
[ "$(mpicc -mpi-abi --showme:compile)" = "-I$inst/include/abi -pthread" ] ||
	fail "--showme:compile: $(mpicc -mpi-abi --showme:compile)"
mpicc_abi --showme:version | grep -q 'standard ABI' || fail "--showme:version"
# The native wrapper is as it was.
case " $(mpicc -show hello.c) " in
*" -I$inst/include "*" -lshmpi "*) ;;
*) fail "mpicc -show changed: $(mpicc -show hello.c)" ;;
esac
if mpicc_abi -static -show hello.c >/dev/null 2>"$tmp/err"; then
	fail "mpicc_abi -static accepted"
fi
grep -q 'static' "$tmp/err" || fail "mpicc_abi -static: no message"

# pkg-config, by its names.
if command -v pkg-config >/dev/null 2>&1; then
	for pc in mpi-abi mpi-abi-c mpi-abi-cxx; do
		c=$(PKG_CONFIG_PATH=$inst/lib/pkgconfig pkg-config --cflags "$pc") || fail "pkg-config $pc"
		# (The .pc file follows the tree: its prefix is ${pcfiledir}/../..)
		# shellcheck disable=SC2086 # its words
		set -- $c
		[ $# = 2 ] && [ "$2" = -pthread ] && [ -n "${1#-I}" ] &&
			[ "$(cd "${1#-I}" && pwd -P)" = "$inst/include/abi" ] ||
			fail "pkg-config --cflags $pc: $c"
		l=$(PKG_CONFIG_PATH=$inst/lib/pkgconfig pkg-config --libs "$pc")
		case " $l " in
		*" -lmpi_abi "*) ;;
		*) fail "pkg-config --libs $pc: $l" ;;
		esac
	done
fi

# A program that only compiles against the ABI's mpi.h (no library needed).
mkdir -p "$tmp/src"
cat >"$tmp/src/hello.c" <<'SRC'
#include <mpi.h>
#include <stdio.h>
#if !defined(MPI_ABI_VERSION) || MPI_ABI_VERSION != 1
#error "not the standard ABI's mpi.h"
#endif
int main(int argc, char **argv)
{
	int rank, size, len;
	char lib[MPI_MAX_LIBRARY_VERSION_STRING];
	/* the ABI's handle value, not a pointer of ours */
	if ((intptr_t)MPI_COMM_WORLD != 0x101)
		return 2;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	MPI_Get_library_version(lib, &len);
	printf("hello %d of %d abi %d.%d\n", rank, size, MPI_ABI_VERSION, MPI_ABI_SUBVERSION);
	MPI_Finalize();
	return 0;
}
SRC
sed -e 's/<stdio.h>/<cstdio>/' -e 's/printf(/std::printf(/' "$tmp/src/hello.c" >"$tmp/src/hello.cc"
mpicc_abi -c "$tmp/src/hello.c" -o "$tmp/hello.o" 2>"$tmp/err" || fail "mpicc_abi -c"
if command -v g++ >/dev/null 2>&1; then
	mpicxx_abi -c "$tmp/src/hello.cc" -o "$tmp/hellocxx.o" 2>"$tmp/err" || fail "mpicxx_abi -c"
fi

if ! [ -e "$inst/lib/libmpi_abi.so" ]; then
	echo "SKIP: the flags are right; libmpi_abi is not built, so nothing links" >&2
	exit 77
fi

# check_prog NAME FILE: FILE loads our libmpi_abi.so.1 (by its soname),
# no libshmpi.so.0 of its own, and runs under mpiexec as hello.
check_prog() {
	name=$1 prog=$2
	readelf -d "$prog" | grep -q 'NEEDED.*\[libmpi_abi\.so\.1\]' ||
		fail "$name: not linked to libmpi_abi.so.1: $(readelf -d "$prog" | grep NEEDED)"
	! readelf -d "$prog" | grep -q 'NEEDED.*libshmpi' || fail "$name: linked to libshmpi"
	! readelf -d "$prog" | grep -q '(RPATH)' || fail "$name: DT_RPATH (LD_LIBRARY_PATH cannot override it)"
	lib=$(ldd "$prog" | awk '/libmpi_abi\.so\.1/ { print $3 }')
	[ "$(readlink -f "$lib")" = "$(readlink -f "$inst/lib/libmpi_abi.so.1")" ] ||
		fail "$name: loads $lib, not $inst/lib/libmpi_abi.so.1"
	timeout -s KILL 20 "$inst/bin/mpiexec" -n 2 "$prog" >"$tmp/out" 2>"$tmp/err" ||
		fail "$name: under mpiexec"
	grep -qx "hello 1 of 2 abi 1.0" "$tmp/out" || fail "$name: output"
}

mpicc_abi "$tmp/src/hello.c" -o "$tmp/hello-wrap" 2>"$tmp/err" || fail "mpicc_abi link"
check_prog wrapper "$tmp/hello-wrap"
mpicc -mpi-abi "$tmp/src/hello.c" -o "$tmp/hello-opt" 2>"$tmp/err" || fail "mpicc -mpi-abi link"
check_prog option "$tmp/hello-opt"
if command -v g++ >/dev/null 2>&1; then
	mpicxx_abi "$tmp/src/hello.cc" -o "$tmp/hello-cxx" 2>"$tmp/err" || fail "mpicxx_abi link"
	check_prog cxx "$tmp/hello-cxx"
fi

if command -v cmake >/dev/null 2>&1; then
	mkdir -p "$tmp/cm"
	cp "$tmp/src/hello.c" "$tmp/cm/"
	cat >"$tmp/cm/CMakeLists.txt" <<'SRC'
cmake_minimum_required(VERSION 3.10)
project(hello C)
find_package(MPI REQUIRED COMPONENTS C)
add_executable(hello hello.c)
target_link_libraries(hello MPI::MPI_C)
SRC
	cmake -S "$tmp/cm" -B "$tmp/cmb" -DMPI_C_COMPILER="$inst/bin/mpicc_abi" \
		>"$tmp/cmake.log" 2>&1 || { tail -30 "$tmp/cmake.log" >&2; fail "cmake"; }
	cmake --build "$tmp/cmb" >>"$tmp/cmake.log" 2>&1 ||
		{ tail -30 "$tmp/cmake.log" >&2; fail "cmake --build"; }
	check_prog cmake "$tmp/cmb/hello"
fi

if command -v meson >/dev/null 2>&1 &&
	{ command -v ninja >/dev/null 2>&1 || command -v samu >/dev/null 2>&1; }; then
	# mbuild NAME DEPENDENCY -- ENV...
	mbuild() {
		name=$1 dep=$2
		shift 3
		mkdir -p "$tmp/$name-src"
		cp "$tmp/src/hello.c" "$tmp/$name-src/"
		cat >"$tmp/$name-src/meson.build" <<SRC
project('hello', 'c')
mpi = $dep
executable('hello', 'hello.c', dependencies: mpi)
SRC
		env "$@" meson setup "$tmp/$name" "$tmp/$name-src" >"$tmp/$name.log" 2>&1 ||
			{ tail -30 "$tmp/$name.log" >&2; fail "meson setup ($name)"; }
		env "$@" meson compile -C "$tmp/$name" >>"$tmp/$name.log" 2>&1 ||
			{ tail -30 "$tmp/$name.log" >&2; fail "meson compile ($name)"; }
		check_prog "meson $name" "$tmp/$name/hello"
	}
	mkdir -p "$tmp/nopc"
	# The wrapper as Meson's MPI config tool (pkg-config left out: it
	# would find Open MPI's ompi-c first, or our native mpi).
	mbuild tool "dependency('mpi', language: 'c', method: 'config-tool')" -- \
		MPICC="$inst/bin/mpicc_abi" PKG_CONFIG_LIBDIR="$tmp/nopc" PKG_CONFIG_PATH=
	mbuild pc "dependency('mpi-abi')" -- PKG_CONFIG_PATH="$inst/lib/pkgconfig"
fi
no_orphans
exit 0
