#!/bin/sh
# Description: Meson's dependency('mpi') finds shmpi for C, C++ and Fortran
# through pkg-config (PKG_CONFIG_PATH naming shmpi's lib/pkgconfig, or
# meson's -Dpkg_config_path), also where Debian's Open MPI development
# package has put ompi-c.pc, ompi-cxx.pc and ompi-fort.pc into /usr (CI
# installs it), and through the wrappers' --showme:compile/--showme:link
# (pkg-config left out, shmpi's bin first on PATH); the program it builds
# links shmpi only and runs under shmpi's mpiexec.  Skips without meson or
# ninja.
. "$(dirname "$0")/common.sh"
command -v meson >/dev/null 2>&1 || { echo "SKIP: no meson" >&2; exit 77; }
command -v ninja >/dev/null 2>&1 || command -v samu >/dev/null 2>&1 ||
	{ echo "SKIP: no ninja" >&2; exit 77; }
. "$(dirname "$0")/install-tree.sh"

hello_sources "$tmp/src"

cat >"$tmp/src/hello.f90" <<'SRC'
program hello
  use mpi
  integer :: ierr, rank, size
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  print '(a,i0,a,i0)', 'hello ', rank, ' of ', size
  call MPI_Finalize(ierr)
end program hello
SRC

# build NAME LANG METHOD [MESON-OPTION] -- ENV...: a project in LANG (c,
# cpp, fortran) whose dependency('mpi') must be shmpi's, even where Open
# MPI's ompi-c.pc, ompi-cxx.pc and ompi-fort.pc lie in /usr (Meson asks
# pkg-config for those names first).
build() {
	name=$1 lang=$2 method=$3
	shift 3
	opt=
	if [ "$1" != -- ]; then opt=$1; shift; fi
	shift
	case $lang in
	c) src=hello.c ;;
	cpp) src=hello.cc ;;
	fortran) src=hello.f90 ;;
	esac
	cat >"$tmp/src/meson.build" <<SRC
project('hello', '$lang')
mpi = dependency('mpi', language: '$lang', method: '$method')
executable('hello', '$src', dependencies: mpi)
SRC
	rm -rf "${tmp:?}/$name"
	env "$@" meson setup $opt "$tmp/$name" "$tmp/src" >"$tmp/$name.log" 2>&1 ||
		{ tail -30 "$tmp/$name.log" >&2; fail "meson setup ($name)"; }
	env "$@" meson compile -C "$tmp/$name" >>"$tmp/$name.log" 2>&1 ||
		{ tail -30 "$tmp/$name.log" >&2; fail "meson compile ($name)"; }
	# It is shmpi's libshmpi that the program loads, and no other MPI.
	lib=$(ldd "$tmp/$name/hello" | awk '/libshmpi\./ { print $3 }')
	[ -n "$lib" ] && [ "$(readlink -f "$lib")" = "$(readlink -f "$inst/lib/libshmpi.so.0")" ] ||
		fail "$name: not linked to shmpi's libshmpi ($lib)"
	! ldd "$tmp/$name/hello" | grep -Eq 'lib(mpi|mpich|open-rte|open-pal)[._]' ||
		fail "$name: another MPI's library is linked: $(ldd "$tmp/$name/hello")"
	timeout -s KILL 20 "$inst/bin/mpiexec" -n 2 "$tmp/$name/hello" >"$tmp/out" 2>"$tmp/err" ||
		fail "$name: hello under mpiexec"
	grep -qx "hello 1 of 2" "$tmp/out" || fail "$name: output"
}

langs="c"
command -v g++ >/dev/null 2>&1 && langs="$langs cpp"
[ -x "$inst/bin/mpifort" ] && langs="$langs fortran"
for lang in $langs; do
	# PKG_CONFIG_PATH first: what docs/launcher.md tells users.
	build "pc-$lang" "$lang" auto -- PKG_CONFIG_PATH="$inst/lib/pkgconfig"
	# The same as a Meson option, for a build directory that must not
	# depend on the environment.
	build "opt-$lang" "$lang" auto "-Dpkg_config_path=$inst/lib/pkgconfig" --
done
mkdir -p "$tmp/nopc"
build tool c config-tool -- PKG_CONFIG_LIBDIR="$tmp/nopc" PKG_CONFIG_PATH=
no_orphans
exit 0
