#!/bin/sh
# Description: Meson's dependency('mpi') finds shmpi, through pkg-config
# (PKG_CONFIG_PATH naming shmpi's lib/pkgconfig) and through the wrappers'
# --showme:compile/--showme:link (pkg-config left out, shmpi's bin first on
# PATH); the program it builds runs under shmpi's mpiexec.  Skips without
# meson or ninja.
. "$(dirname "$0")/common.sh"
command -v meson >/dev/null 2>&1 || { echo "SKIP: no meson" >&2; exit 77; }
command -v ninja >/dev/null 2>&1 || command -v samu >/dev/null 2>&1 ||
	{ echo "SKIP: no ninja" >&2; exit 77; }
. "$(dirname "$0")/install-tree.sh"

hello_sources "$tmp/src"

# build NAME METHOD ENV...
build() {
	name=$1 method=$2
	shift 2
	cat >"$tmp/src/meson.build" <<SRC
project('hello', 'c')
mpi = dependency('mpi', language: 'c', method: '$method')
executable('hello', 'hello.c', dependencies: mpi)
SRC
	env "$@" meson setup "$tmp/$name" "$tmp/src" >"$tmp/$name.log" 2>&1 ||
		{ tail -30 "$tmp/$name.log" >&2; fail "meson setup ($name)"; }
	env "$@" meson compile -C "$tmp/$name" >>"$tmp/$name.log" 2>&1 ||
		{ tail -30 "$tmp/$name.log" >&2; fail "meson compile ($name)"; }
	# It is shmpi's libshmpi that the program loads.
	lib=$(ldd "$tmp/$name/hello" | awk '/libshmpi/ { print $3 }')
	[ -n "$lib" ] && [ "$(readlink -f "$lib")" = "$(readlink -f "$inst/lib/libshmpi.so.0")" ] ||
		fail "$name: not linked to shmpi's libshmpi ($lib)"
	timeout -s KILL 20 "$inst/bin/mpiexec" -n 2 "$tmp/$name/hello" >"$tmp/out" 2>"$tmp/err" ||
		fail "$name: hello under mpiexec"
	grep -qx "hello 1 of 2" "$tmp/out" || fail "$name: output"
}

build pc auto PKG_CONFIG_PATH="$inst/lib/pkgconfig"
mkdir -p "$tmp/nopc"
build tool config-tool PKG_CONFIG_LIBDIR="$tmp/nopc" PKG_CONFIG_PATH=
no_orphans
exit 0
