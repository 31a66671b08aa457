/*
 * launcher/mca.c - Open MPI's tuning knobs (--mca KEY VALUE) in job scripts
 * run by mpirun-shm.
 *
 * Job scripts written for Open MPI pass --mca pairs every day (`--mca btl
 * self,vader`, `--mca hwloc_base_binding_policy core`); stopping on them
 * would make every such script fail.  The keys that have a shmpi
 * counterpart are applied with the same meaning; the others (transport
 * selection, component tuning) have none on one node and are listed once
 * on stderr and ignored.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "launcher/mca.h"
#include "shm/config.h"

/* KEY -> a SHMPI_* variable taking the same value. */
static const struct {
	const char *key, *var;
} settings[] = {
	{ "btl_vader_eager_limit", "SHMPI_EAGER_MAX" },
	{ "btl_sm_eager_limit", "SHMPI_EAGER_MAX" },
};

static bool truthy(const char *v)
{
	return !strcmp(v, "1") || !strcasecmp(v, "true") || !strcasecmp(v, "yes") ||
	       !strcasecmp(v, "on");
}

/* The keys that change the launcher's own options; 1 when key is one. */
static int apply_option(struct lnch_options *o, const char *key, const char *v, char *err,
			size_t errlen)
{
	if (!strcmp(key, "hwloc_base_binding_policy")) {
		static const struct {
			const char *name;
			enum lnch_bind bind;
		} b[] = { { "core", LNCH_BIND_CORE }, { "none", LNCH_BIND_NONE },
			  { "socket", LNCH_BIND_SOCKET }, { "package", LNCH_BIND_SOCKET },
			  { "numa", LNCH_BIND_NUMA }, { "hwthread", LNCH_BIND_HWTHREAD } };
		for (size_t k = 0; k < sizeof(b) / sizeof(b[0]); k++)
			if (!strcasecmp(v, b[k].name)) {
				o->bind = b[k].bind;
				return 1;
			}
		snprintf(err, errlen, "--mca hwloc_base_binding_policy '%s' (core, hwthread, "
			 "socket, numa or none)", v);
		return -EINVAL;
	}
	if (!strcmp(key, "hwloc_base_report_bindings"))
		o->report_bindings = truthy(v);
	else if (!strcmp(key, "orte_tag_output") || !strcmp(key, "prte_tag_output"))
		o->tag_output = o->tag_ompi = truthy(v);
	else if (!strcmp(key, "orte_timestamp_output") || !strcmp(key, "prte_timestamp_output"))
		o->timestamp = truthy(v);
	else if (!strcmp(key, "rmaps_base_oversubscribe"))
		o->oversubscribe = truthy(v);
	else if (!strcmp(key, "hwloc_base_use_hwthreads_as_cpus"))
		o->hwthread_cpus = truthy(v);
	else
		return 0;
	return 1;
}

int lnch_mca_apply(struct lnch_options *o, char *ignored, size_t len, char *err, size_t errlen)
{
	size_t used = 0;

	ignored[0] = '\0';
	for (size_t i = 0; i < o->nmca; i++) {
		const char *eq = strchr(o->mca[i], '=');
		char key[128];
		snprintf(key, sizeof(key), "%.*s", (int)(eq - o->mca[i]), o->mca[i]);
		const char *v = eq + 1;
		int rc = apply_option(o, key, v, err, errlen);
		if (rc < 0)
			return rc;
		if (rc > 0)
			continue;
		size_t k;
		for (k = 0; k < sizeof(settings) / sizeof(settings[0]); k++)
			if (!strcmp(key, settings[k].key))
				break;
		if (k < sizeof(settings) / sizeof(settings[0])) {
			int64_t x;
			char why[160];
			if (shm_config_parse(shm_config_find(settings[k].var), v, &x, why,
					     sizeof(why)) < 0) {
				snprintf(err, errlen, "--mca %s: %s", key, why);
				return -EINVAL;
			}
			/* o->env and o->owned have room for one entry per
			 * argument, and each --mca took three. */
			char *def;
			if (asprintf(&def, "%s=%s", settings[k].var, v) < 0)
				return -ENOMEM;
			o->owned[o->nowned++] = def;
			o->env[o->nenv++] = def;
			continue;
		}
		if (!strstr(ignored, key) && used + strlen(key) + 3 < len)
			used += (size_t)snprintf(ignored + used, len - used, "%s%s",
						 used ? ", " : "", key);
	}
	return 0;
}
