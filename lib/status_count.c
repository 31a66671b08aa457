/*
 * lib/status_count.c - MPI_Get_count from a status (bytes received over
 * the type's size).  Temporary home until the type engine's version, which
 * also handles partial elements (MPI_Get_elements), lands.
 */
#include "lib/datatype.h"
#include "lib/errors.h"

#pragma weak MPI_Get_count = PMPI_Get_count
int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
	if (!status || status == MPI_STATUS_IGNORE || !count)
		return mpii_err(NULL, MPI_ERR_ARG, "MPI_Get_count", "NULL argument");
	if (!MPII_VALID(datatype, MPII_MAGIC_DATATYPE))
		return mpii_err(NULL, MPI_ERR_TYPE, "MPI_Get_count", "invalid datatype");
	if (datatype->size == 0)
		*count = 0;
	else if (status->mpii_count % datatype->size)
		*count = MPI_UNDEFINED;
	else
		*count = (int)(status->mpii_count / datatype->size);
	return MPI_SUCCESS;
}
