# Sourced by the tests that use an installed tree (install.sh, cmake.sh,
# meson.sh) after common.sh: `make install prefix=$inst` into the test's
# temporary folder, and a PATH with $inst/bin first.  Our own programs are
# used by path or through that PATH: Open MPI or MPICH may have put
# mpicc/mpiexec into /usr/bin.
inst=$tmp/inst
if ! (cd "$top_builddir" && ${MAKE:-make} -s install prefix="$inst") >"$tmp/install.log" 2>&1; then
	tail -20 "$tmp/install.log" >&2
	fail "make install prefix=$inst failed"
fi
inst=$(cd "$inst" && pwd -P)
PATH=$inst/bin:$PATH
export PATH
