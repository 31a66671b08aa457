/*
 * launcher/program.h - where a program named on the command line is.
 */
#ifndef LNCH_PROGRAM_H
#define LNCH_PROGRAM_H

#include <stddef.h>

/* The path execvp would run for name, as a rank started in wdir (NULL:
 * the launcher's folder) would: a name without '/' searched on PATH
 * (/usr/bin:/bin when unset), a relative path taken from wdir.  Writes it
 * into buf (len bytes) and returns 0, or -errno (-ENOENT when no PATH
 * entry has it) when it cannot be executed. */
int lnch_program_path(const char *name, const char *wdir, char *buf, size_t len);

#endif
