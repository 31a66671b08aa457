/*
 * launcher/hosts.h - -H/--host and --hostfile: shmpi runs on this node only.
 */
#ifndef LNCH_HOSTS_H
#define LNCH_HOSTS_H

#include <stddef.h>
#include <stdint.h>

struct lnch_options;

/* Check that every host named by o->hosts and o->hostfile is this machine
 * (localhost, 127.0.0.1, ::1, or `myname` with or without its domain) and
 * add up their slots: "name:N" or "name slots=N" counts N, a bare name 1.
 * *slots is 0 when no host was named.  Returns 0; -EINVAL with a one-line
 * reason in err for a bad list or a hostfile that cannot be read; -EXDEV
 * with the host in err for a host that is not this machine. */
int lnch_hosts_check(const struct lnch_options *o, const char *myname,
		     uint32_t *slots, char *err, size_t errlen)
	__attribute__((warn_unused_result));

#endif
