#!/bin/sh
# Description: the other MPIs' launchers and programs.  A program linked
# with another MPI's library (an ELF needing libmpi.so.40 or libmpich.so.12)
# is refused by mpirun-shm with one line and status 2, nothing started; a
# shmpi program started by mpirun.openmpi, MPICH's mpiexec or srun (their
# variables in its environment, several processes) stops at MPI_Init with
# one line from that job's rank 0 and status 1 in every process, instead of
# running as separate singletons; SHMPI_ALLOW_FOREIGN=1 runs them; a
# Slurm batch script (no step) is not a foreign job.
. "$(dirname "$0")/common.sh"
hello=$top_builddir/examples/hello
[ -x "$hello" ] || { echo "SKIP: examples/hello not built" >&2; exit 77; }

# A program that needs "another MPI": stub libraries with those sonames.
printf 'int MPI_Init(int *c, char ***v) { return 0; }\n' >"$tmp/stub.c"
printf 'int MPI_Init(int *, char ***);\nint main(void) { return MPI_Init(0, 0); }\n' >"$tmp/prog.c"
for so in libmpi.so.40:"Open MPI" libmpich.so.12:MPICH; do
	name=${so%%:*} mpi=${so#*:}
	mkdir -p "$tmp/$name"
	${CC:-cc} -shared -fPIC -Wl,-soname,"$name" -o "$tmp/$name/$name" "$tmp/stub.c" ||
		fail "stub $name"
	ln -sf "$name" "$tmp/$name/${name%.so.*}.so"
	${CC:-cc} -o "$tmp/prog_$name" "$tmp/prog.c" -L"$tmp/$name" -l"$(echo "${name%.so.*}" | sed 's/^lib//')" \
		-Wl,-rpath,"$tmp/$name" || fail "program needing $name"
	run -n 2 "$tmp/prog_$name"
	expect_status 2
	[ "$(wc -l <"$tmp/err")" = 1 ] || fail "$name: not one line"
	grep -qF "is linked with $mpi ($name), not shmpi" "$tmp/err" || fail "$name: the line"
done

# run_foreign VAR=VALUE...: examples/hello with those variables, no launcher.
run_foreign() {
	env -u SHMPI_SEG_FD -u SHMPI_RANK "$@" timeout -s KILL 20 "$hello" \
		>"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
}
for vars in "OMPI_COMM_WORLD_SIZE=4 OMPI_COMM_WORLD_RANK" "PMI_SIZE=4 PMI_RANK" \
	"SLURM_STEP_ID=0 SLURM_STEP_NUM_TASKS=4 SLURM_PROCID"; do
	# shellcheck disable=SC2086
	run_foreign $vars=0
	expect_status 1
	[ "$(wc -l <"$tmp/err")" = 1 ] || fail "$vars: rank 0 printed $(wc -l <"$tmp/err") lines"
	grep -q "started by .* as one of 4 processes" "$tmp/err" || fail "$vars: the line"
	[ ! -s "$tmp/out" ] || fail "$vars: the program ran"
	# shellcheck disable=SC2086
	run_foreign $vars=2
	expect_status 1
	[ ! -s "$tmp/err" ] || fail "$vars: rank 2 printed a line too"
	# shellcheck disable=SC2086
	run_foreign SHMPI_ALLOW_FOREIGN=1 $vars=2
	expect_status 0
	grep -q "rank 0 of 1" "$tmp/out" || fail "$vars: SHMPI_ALLOW_FOREIGN=1 did not run it"
done
# A Slurm batch script: the allocation's task count, no step: a singleton.
run_foreign SLURM_NTASKS=4 SLURM_PROCID=0
expect_status 0
# One process of a foreign job is no job at all.
run_foreign OMPI_COMM_WORLD_SIZE=1 OMPI_COMM_WORLD_RANK=0
expect_status 0
exit 0
