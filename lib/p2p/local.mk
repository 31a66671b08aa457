# lib/p2p/: point-to-point: the message protocol over the rings, matching, eager and rendezvous/single-copy transfers, buffered sends, the public send/recv/probe entry points.
# See lib/p2p/README.md for what it owns and what it may use.
libshmpi_la_SOURCES += \
	lib/p2p/p2p.h lib/p2p/p2p_impl.h lib/p2p/p2p_proto.h lib/p2p/p2p_api.c lib/p2p/p2p_part.c lib/p2p/p2p_cancel.c \
	lib/p2p/p2p_calibrate.c lib/p2p/p2p_eager_rule.c lib/p2p/p2p_eager_rule.h \
	lib/p2p/p2p_cma.c lib/p2p/p2p_cma_batch.c lib/p2p/p2p_cma_share.c lib/p2p/p2p_cma_typed.c lib/p2p/p2p_given.c lib/p2p/p2p_init.c \
	lib/p2p/p2p_match.c lib/p2p/p2p_progress.c lib/p2p/p2p_recv.c lib/p2p/p2p_send.c \
	lib/p2p/p2p_sendrecv_nb.c
EXTRA_DIST += lib/p2p/README.md
