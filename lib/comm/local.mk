# lib/comm/: groups, communicators (intra and inter), context ids, virtual topologies.
# See lib/comm/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/comm/comm.h lib/comm/group.h lib/comm/topo.h lib/comm/comm_create.c \
	lib/comm/comm_world.c lib/comm/commid.c lib/comm/group.c lib/comm/intercomm.c \
	lib/comm/topo.c lib/comm/topo_cart.c lib/comm/topo_dist.c lib/comm/topo_graph.c
EXTRA_DIST += lib/comm/README.md
# dynamic processes: spawn, parent (docs/dynamic.md)
libshmpi_la_SOURCES += lib/comm/dynamic.c
# MPI-4.0: communicators from groups (the sessions model)
libshmpi_la_SOURCES += lib/comm/comm_from_group.c
# dynamic processes: ports, accept/connect, join, names (docs/dynamic.md)
libshmpi_la_SOURCES += lib/comm/port.c lib/comm/namepub.c
