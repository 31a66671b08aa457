#!/bin/sh
# Description: CMake's find_package(MPI) finds shmpi's wrappers and shmpi's
# mpiexec, both with shmpi's bin first on PATH and with MPI_HOME set (PATH
# untouched), even where Open MPI or MPICH is installed too; the C and C++
# targets it builds run under that mpiexec.  Skips without cmake.
. "$(dirname "$0")/common.sh"
command -v cmake >/dev/null 2>&1 || { echo "SKIP: no cmake" >&2; exit 77; }
command -v g++ >/dev/null 2>&1 || { echo "SKIP: no C++ compiler" >&2; exit 77; }
syspath=$PATH
. "$(dirname "$0")/install-tree.sh"

mkdir -p "$tmp/src"
cat >"$tmp/src/CMakeLists.txt" <<'SRC'
cmake_minimum_required(VERSION 3.10)
project(hello C CXX)
find_package(MPI REQUIRED)
file(WRITE "${CMAKE_BINARY_DIR}/found.txt"
     "mpiexec=${MPIEXEC_EXECUTABLE}\nmpicc=${MPI_C_COMPILER}\nmpicxx=${MPI_CXX_COMPILER}\n")
add_executable(hello hello.c)
target_link_libraries(hello MPI::MPI_C)
add_executable(hellocxx hello.cc)
target_link_libraries(hellocxx MPI::MPI_CXX)
SRC
hello_sources "$tmp/src"

# build NAME ENV...: configure and build in $tmp/NAME under env ENV, then
# check what FindMPI chose and run both programs with it.
build() {
	name=$1
	shift
	env "$@" cmake -S "$tmp/src" -B "$tmp/$name" >"$tmp/$name.log" 2>&1 ||
		{ tail -30 "$tmp/$name.log" >&2; fail "cmake ($name)"; }
	env "$@" cmake --build "$tmp/$name" >>"$tmp/$name.log" 2>&1 ||
		{ tail -30 "$tmp/$name.log" >&2; fail "cmake --build ($name)"; }
	grep -qx "mpiexec=$inst/bin/mpiexec" "$tmp/$name/found.txt" ||
		fail "$name: FindMPI chose $(cat "$tmp/$name/found.txt")"
	grep -qx "mpicc=$inst/bin/mpicc" "$tmp/$name/found.txt" || fail "$name: mpicc"
	grep -qx "mpicxx=$inst/bin/mpicxx" "$tmp/$name/found.txt" || fail "$name: mpicxx"
	for prog in hello hellocxx; do
		timeout -s KILL 20 "$inst/bin/mpiexec" -n 2 "$tmp/$name/$prog" >"$tmp/out" 2>"$tmp/err" ||
			fail "$name: $prog under mpiexec"
		grep -qx "hello 1 of 2" "$tmp/out" || fail "$name: $prog output"
	done
}

build path PATH="$PATH"
build home PATH="$syspath" MPI_HOME="$inst"
no_orphans
exit 0
