/*
 * lib/comm/namepub.c - MPI_Publish_name, MPI_Unpublish_name and
 * MPI_Lookup_name: a name service for all jobs of one user on the node,
 * with no server (docs/dynamic.md, "Names").
 *
 * A name is a file in the user's directory (shm/names.h: /dev/shm/
 * shmpi-names-UID, mode 0700, owner and mode checked before every use, so
 * another user can neither read nor plant names).  Publishing writes the
 * port name and the publishing job (its launcher's socket name) to a
 * temporary file and link()s it to the service's file name: the link
 * fails if the name exists, so two publishers cannot both win and a
 * reader never sees half a file.  A name whose job is gone (its launcher
 * no longer answers: killed with SIGKILL, say) is stale: lookup removes
 * it and says MPI_ERR_NAME, publish replaces it.  The launcher removes
 * its job's names at the job's end (launcher/ports.c), and the last
 * unpublish or job's end removes the directory.
 *
 * Errors, as MPI-4.1 11.4.4 says: publishing a name already published
 * (by a live job) or unpublishing one that is not published is
 * MPI_ERR_SERVICE; looking up one that is not published is MPI_ERR_NAME.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include "lib/attr/attr.h"
#include "lib/core/core.h"
#include "lib/comm/comm.h"
#include "shm/names.h"

/* The service's file (the directory and the escaped name) into path.
 * 0, or -1 when the name is too long for a file name. */
static int name_path(const char *service, char *path, size_t cap)
{
	int o = snprintf(path, cap, SHM_NAMES_DIR_FMT "/", (unsigned)getuid());
	size_t start = (size_t)o;
	for (const unsigned char *s = (const unsigned char *)service; *s; s++) {
		if ((size_t)o + 4 >= cap || (size_t)o - start > 240)
			return -1;
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || *s == '_' || *s == '-')
			path[o++] = (char)*s;
		else
			o += snprintf(path + o, cap - (size_t)o, "%%%02X", *s);
	}
	path[o] = '\0';
	return 0;
}

/* Make (when make) and check the directory: ours and private.  0, or an
 * error class with *why. */
static int names_dir(bool make, const char **why)
{
	char dir[64];
	struct stat st;
	snprintf(dir, sizeof(dir), SHM_NAMES_DIR_FMT, (unsigned)getuid());
	if (make && mkdir(dir, 0700) < 0 && errno != EEXIST) {
		*why = "cannot make the name directory in /dev/shm";
		return MPI_ERR_SERVICE;
	}
	if (lstat(dir, &st) < 0)
		return make ? (*why = "cannot make the name directory", MPI_ERR_SERVICE) : 0;
	if (!S_ISDIR(st.st_mode) || st.st_uid != getuid() || (st.st_mode & 077)) {
		*why = "/dev/shm/shmpi-names-UID is not a private directory of this user: "
		       "refusing to use it";
		return MPI_ERR_SERVICE;
	}
	return 0;
}

/* The file's two lines: port and job (each cap bytes).  0, or -1 when it
 * does not exist or cannot be read. */
static int read_name(const char *path, char *port, char *job, size_t cap)
{
	char buf[1024];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return -1;
	ssize_t k = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (k <= 0)
		return -1;
	buf[k] = '\0';
	char *nl = strchr(buf, '\n');
	if (!nl)
		return -1;
	*nl = '\0';
	size_t lp = strlen(buf), lj = strcspn(nl + 1, "\n");
	if (lp >= cap || lj >= cap)
		return -1;
	memcpy(port, buf, lp + 1);
	memcpy(job, nl + 1, lj);
	job[lj] = '\0';
	return 0;
}

/* Whether the job named by its launcher's socket name still runs. */
static bool job_alive(const char *job)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	size_t n = strlen(job);
	if (!n || n + 1 > sizeof(sa.sun_path))
		return false;
	memcpy(sa.sun_path + 1, job, n);
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return true;  /* cannot tell: keep the name */
	bool ok = connect(fd, (struct sockaddr *)&sa,
			  (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n)) == 0 ||
		  errno != ECONNREFUSED;
	close(fd);
	return ok;
}

int mpii_Publish_name(const char *fn, const char *service_name, MPI_Info info,
		      const char *port_name)
{
	char path[512], tmp[512], oport[MPI_MAX_PORT_NAME + 1], ojob[MPI_MAX_PORT_NAME + 1];
	const char *why, *job;
	int rc;
	if (!service_name || !*service_name || !port_name)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "service_name or port_name is NULL or empty");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(NULL, MPI_ERR_INFO, fn, "info is not a valid info object");
	if (name_path(service_name, path, sizeof(path)))
		return mpii_err(NULL, MPI_ERR_ARG, fn, "service_name is too long");
	if (!(job = mpii_dyn_launcher(&why)))
		return mpii_err(NULL, MPI_ERR_SERVICE, fn, "%s", why);
	/* A few tries: another job's end may remove the empty directory
	 * between our mkdir and our link. */
	for (int tries = 0; tries < 8; tries++) {
		if ((rc = names_dir(true, &why)))
			return mpii_err(NULL, rc, fn, "%s", why);
		snprintf(tmp, sizeof(tmp), SHM_NAMES_DIR_FMT "/.tmp-%d-%d", (unsigned)getuid(),
			 (int)getpid(), tries);
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
		if (fd < 0) {
			if (errno == ENOENT)
				continue;
			return mpii_err(NULL, MPI_ERR_SERVICE, fn, "cannot write in the name "
					"directory: %s", strerror(errno));
		}
		char body[2 * MPI_MAX_PORT_NAME + 4];
		int n = snprintf(body, sizeof(body), "%.*s\n%s\n", MPI_MAX_PORT_NAME - 1, port_name, job);
		bool wrote = write(fd, body, (size_t)n) == n;
		close(fd);
		if (!wrote) {
			unlink(tmp);
			return mpii_err(NULL, MPI_ERR_SERVICE, fn, "cannot write the name's file");
		}
		int e = link(tmp, path) < 0 ? errno : 0;
		unlink(tmp);
		if (!e)
			return MPI_SUCCESS;
		if (e == ENOENT)
			continue;
		if (e != EEXIST)
			return mpii_err(NULL, MPI_ERR_SERVICE, fn, "cannot publish: %s", strerror(e));
		/* Taken: by a live job it stays; a stale one we replace. */
		if (read_name(path, oport, ojob, sizeof(oport)) == 0 && job_alive(ojob))
			return mpii_err(NULL, MPI_ERR_SERVICE, fn, "service '%.100s' is already "
					"published", service_name);
		unlink(path);
	}
	return mpii_err(NULL, MPI_ERR_SERVICE, fn, "cannot publish '%.100s': the name "
			"directory keeps changing", service_name);
}

int mpii_Unpublish_name(const char *fn, const char *service_name, MPI_Info info,
			const char *port_name)
{
	char path[512], oport[MPI_MAX_PORT_NAME + 1], ojob[MPI_MAX_PORT_NAME + 1];
	const char *why;
	int rc;
	if (!service_name || !*service_name || !port_name)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "service_name or port_name is NULL or empty");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(NULL, MPI_ERR_INFO, fn, "info is not a valid info object");
	if (name_path(service_name, path, sizeof(path)))
		return mpii_err(NULL, MPI_ERR_SERVICE, fn, "service_name is too long to be published");
	if ((rc = names_dir(false, &why)))
		return mpii_err(NULL, rc, fn, "%s", why);
	if (read_name(path, oport, ojob, sizeof(oport)))
		return mpii_err(NULL, MPI_ERR_SERVICE, fn, "service '%.100s' is not published",
				service_name);
	if (strncmp(oport, port_name, MPI_MAX_PORT_NAME) != 0)
		return mpii_err(NULL, MPI_ERR_SERVICE, fn, "service '%.100s' is published with "
				"another port", service_name);
	if (unlink(path) < 0)
		return mpii_err(NULL, MPI_ERR_SERVICE, fn, "service '%.100s' is not published",
				service_name);
	/* The last name takes the directory with it (fails while others
	 * are there). */
	char dir[64];
	snprintf(dir, sizeof(dir), SHM_NAMES_DIR_FMT, (unsigned)getuid());
	rmdir(dir);
	return MPI_SUCCESS;
}

int mpii_Lookup_name(const char *fn, const char *service_name, MPI_Info info, char *port_name)
{
	char path[512], oport[MPI_MAX_PORT_NAME + 1], ojob[MPI_MAX_PORT_NAME + 1];
	const char *why;
	int rc;
	if (!service_name || !port_name)
		return mpii_err(NULL, MPI_ERR_ARG, fn, "service_name or port_name is NULL");
	if (info != MPI_INFO_NULL && !MPII_VALID(info, MPII_MAGIC_INFO))
		return mpii_err(NULL, MPI_ERR_INFO, fn, "info is not a valid info object");
	if (!*service_name || name_path(service_name, path, sizeof(path)))
		return mpii_err(NULL, MPI_ERR_NAME, fn, "service '%.100s' is not published",
				service_name);
	if ((rc = names_dir(false, &why)))
		return mpii_err(NULL, rc, fn, "%s", why);
	if (read_name(path, oport, ojob, sizeof(oport)))
		return mpii_err(NULL, MPI_ERR_NAME, fn, "service '%.100s' is not published",
				service_name);
	if (!job_alive(ojob)) {
		unlink(path);
		return mpii_err(NULL, MPI_ERR_NAME, fn, "service '%.100s' was published by a job "
				"that is gone", service_name);
	}
	/* Published names hold at most MPI_MAX_PORT_NAME - 1 characters. */
	size_t lp = strnlen(oport, MPI_MAX_PORT_NAME - 1);
	memcpy(port_name, oport, lp);
	port_name[lp] = '\0';
	return MPI_SUCCESS;
}
