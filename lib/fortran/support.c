/*
 * lib/fortran/support.c - the helpers of the generated glue: memory for
 * converted arrays, strings with lengths, attribute values, and
 * MPI_F_SYNC_REG.
 */
#include <string.h>
#include "lib/fortran/fortran.h"

void *mpii_f_alloc(int n, size_t size)
{
	return malloc((n > 0 ? (size_t)n : 1) * size);
}

char *mpii_f_str_in(const char *s, size_t len)
{
	while (len > 0 && s[len - 1] == ' ')
		len--;
	char *c = malloc(len + 1);
	if (!c)
		return NULL;
	memcpy(c, s, len);
	c[len] = '\0';
	return c;
}

void mpii_f_str_out(const char *c, char *f, size_t len)
{
	size_t n = strlen(c);
	if (n > len)
		n = len;
	memcpy(f, c, n);
	memset(f + n, ' ', len - n);
}

MPI_Aint mpii_f_attr_value(char object, int keyval, void *v)
{
	if (object == 'w') {
		if (keyval == MPI_WIN_BASE)
			return (MPI_Aint)v;
		if (keyval == MPI_WIN_SIZE)
			return *(MPI_Aint *)v;
		if (keyval == MPI_WIN_DISP_UNIT || keyval == MPI_WIN_CREATE_FLAVOR ||
		    keyval == MPI_WIN_MODEL)
			return *(int *)v;
		return (MPI_Aint)v;
	}
	if (object == 'c' && keyval >= MPI_TAG_UB && keyval <= MPI_THREADS)
		return *(int *)v;
	return (MPI_Aint)v;
}

/* MPI_F_SYNC_REG(buf): does nothing, but as an external call the compiler
 * must assume it reads and writes buf, so buf is not kept in a register
 * across a nonblocking call's completion (MPI-3.1 17.1.17). */
MPII_API void mpi_f_sync_reg_(void *buf);
void mpi_f_sync_reg_(void *buf)
{
	(void)buf;
}
