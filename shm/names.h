/*
 * shm/names.h - where MPI_Publish_name keeps its names, shared by the
 * library (lib/comm/namepub.c writes and reads them) and the launcher
 * (launcher/ports.c removes a job's names at its end).  docs/dynamic.md,
 * "Names".
 *
 * One directory per user, SHM_NAMES_DIR_FMT with the uid, mode 0700 and
 * owned by the user (checked before use); one file per published service,
 * named by the service name with every byte outside [A-Za-z0-9_-] written
 * as %XX (so no '/', no leading '.'), holding two lines: the port name and
 * the publishing job (its launcher's control socket name, SHMPI_LAUNCHER).
 */
#ifndef SHM_NAMES_H
#define SHM_NAMES_H

#define SHM_NAMES_DIR_FMT "/dev/shm/shmpi-names-%u"

#endif
