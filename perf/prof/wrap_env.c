/*
 * wrap_env.c - MPI_Init, MPI_Init_thread and MPI_Finalize: where profiling
 * starts (SHMPI_PROFILE read once) and where the report is made (collective
 * over MPI_COMM_WORLD, before PMPI_Finalize).
 */
#include "perf/prof/prof.h"

int MPI_Init(int *argc, char ***argv)
{
	struct prof_call call;
	int rc;

	prof_init();
	prof_enter(&call);
	rc = PMPI_Init(argc, argv);
	if (rc == MPI_SUCCESS)
		prof_start();
	prof_leave(&call, PROF_FN_INIT);
	return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
	struct prof_call call;
	int rc;

	prof_init();
	prof_enter(&call);
	rc = PMPI_Init_thread(argc, argv, required, provided);
	if (rc == MPI_SUCCESS)
		prof_start();
	prof_leave(&call, PROF_FN_INIT_THREAD);
	return rc;
}

int MPI_Finalize(void)
{
	if (prof_cfg.enabled) {
		prof_stop();
		prof_report();
	}
	return PMPI_Finalize();
}
