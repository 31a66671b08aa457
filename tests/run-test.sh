#!/bin/sh
# Run one test program.  MPI programs (whose source's top comment, C or
# Fortran, has an "np: 1 2 4" line) run under mpirun-shm once per count and per "env:" line;
# anything else runs directly.  Lines "mpirun: ARGS" add launcher arguments,
# "expect-exit: N" makes exit status N the passing one (for failure tests).
# Exit 0 pass, 77 skip, anything else fail.
prog="$1"; shift
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
base=${prog#./}
src=""
# tests/abi/X is tests/mpi/X.c built against the standard ABI (tests/abi.mk)
case $base in tests/abi/*) base=tests/mpi/${base#tests/abi/} ;; esac
for cand in "$top_srcdir/$base.c" "$base.c" "$top_srcdir/$base.f90" "$base.f90"; do
	[ -f "$cand" ] && { src=$cand; break; }
done
nps=""
[ -n "$src" ] && nps=$(sed -n 's/^[ *!]*np:[ ]*//p' "$src" | head -n 1)
if [ -z "$nps" ]; then
	exec "$prog" "$@"
fi
margs=$(sed -n 's/^[ *!]*mpirun:[ ]*//p' "$src" | head -n 1)
expect=$(sed -n 's/^[ *!]*expect-exit:[ ]*//p' "$src" | head -n 1)
expect=${expect:-0}
envs=$(sed -n 's/^[ *!]*env:[ ]*//p' "$src")
[ -n "$envs" ] || envs="SHMPI_TEST_DEFAULT=1"
# the ABI's rebuild runs at the largest count and the first env: line only
# (tests/mpi/X runs them all; this one checks the ABI layer)
case $prog in *tests/abi/*) nps=${nps##* } envs=$(echo "$envs" | head -n 1) ;; esac
launcher="$top_builddir/launcher/mpirun-shm"
# A test counts as skipped when every run of it exits 77.
echo "$envs" | {
ran=0
while IFS= read -r envline; do
	for np in $nps; do
		echo "== $base np=$np env: $envline"
		# shellcheck disable=SC2086
		env $envline "$launcher" -n "$np" --timeout 60 $margs "$prog" "$@" </dev/null
		rc=$?
		if [ "$rc" -eq 77 ] && [ "$expect" != 77 ]; then
			echo "   skipped (77)"
			continue
		fi
		ran=$((ran + 1))
		if [ "$rc" -ne "$expect" ]; then
			echo "   FAILED: exit $rc, expected $expect"
			exit 1
		fi
	done
done
if [ "$ran" -eq 0 ]; then exit 77; fi
}
