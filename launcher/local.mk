# launcher/: mpirun-shm and the mpicc wrapper.
bin_PROGRAMS += launcher/mpirun-shm
launcher_mpirun_shm_SOURCES = launcher/profile.c launcher/profile.h \
	launcher/main.c \
	launcher/options.h launcher/options.c \
	launcher/hosts.h launcher/hosts.c \
	launcher/job.h \
	launcher/spawn.h launcher/spawn.c \
	launcher/dynamic.h launcher/dynamic.c \
	launcher/ports.h launcher/ports.c \
	launcher/topo.h launcher/topo.c \
	launcher/output.h launcher/output.c \
	launcher/report.h launcher/report.c \
	launcher/loop.h launcher/loop.c \
	launcher/events.h launcher/events.c \
	launcher/events_uring.c launcher/events_epoll.c \
	launcher/stall.h launcher/stall.c \
	launcher/foreign.h launcher/foreign.c \
	launcher/mca.h launcher/mca.c \
	launcher/rankfile.h launcher/rankfile.c \
	launcher/program.h launcher/program.c
launcher_mpirun_shm_CFLAGS = $(AM_CFLAGS) $(URING_CFLAGS) $(HWLOC_CFLAGS)
launcher_mpirun_shm_LDADD = libshm.la $(URING_LIBS) $(HWLOC_LIBS) $(NUMA_LIBS) -lm
# shmpi_info: version, build options, topology, configuration table.
bin_PROGRAMS += launcher/shmpi_info
launcher_shmpi_info_SOURCES = launcher/shmpi_info.c
launcher_shmpi_info_CFLAGS = $(AM_CFLAGS) $(HWLOC_CFLAGS)
# The configured directories, which it reports (moved with the prefix when
# the tree was installed elsewhere).
launcher_shmpi_info_CPPFLAGS = $(AM_CPPFLAGS) -DLNCH_CONF_PREFIX='"$(prefix)"' \
	-DLNCH_CONF_BINDIR='"$(bindir)"' -DLNCH_CONF_LIBDIR='"$(libdir)"' \
	-DLNCH_CONF_INCLUDEDIR='"$(includedir)"' -DLNCH_CONF_MANDIR='"$(mandir)"' \
	-DLNCH_CONF_DOCDIR='"$(docdir)"'
launcher_shmpi_info_LDADD = libshm.la $(HWLOC_LIBS)

# Man pages: mpiexec(1) also as mpirun(1) and mpirun-shm(1); mpicc(1) also
# as mpicxx(1), mpic++(1), mpiCC(1), mpifort(1), mpif90(1), mpif77(1) and
# mpicc_abi(1), mpicxx_abi(1).
dist_man1_MANS = man/mpiexec.1 man/mpirun-shm.1 man/mpirun.1 man/mpicc.1 \
	man/mpicxx.1 man/mpic++.1 man/mpiCC.1 man/mpifort.1 man/mpif90.1 man/mpif77.1 \
	man/mpicc_abi.1 man/mpicxx_abi.1 man/shmpi_info.1

bin_SCRIPTS += launcher/mpicc launcher/mpicxx
EXTRA_DIST += launcher/mpicc.in

# The names users of Open MPI and MPICH type (issue 15): mpiexec and mpirun
# are mpirun-shm, mpic++ and mpiCC are mpicxx (the script picks the language
# by its name).  pkg-config knows shmpi also as mpi, mpi-c, mpi-cxx and, for
# Meson (which asks for ompi-c / ompi-cxx first), ompi, ompi-c, ompi-cxx.
#
# The library names makefiles written for the others link (issue 43):
# `-lmpi` (both), `-lmpich`, `-lmpicxx` (MPICH), `-lmpi_cxx` (Open MPI) are
# libshmpi; MPICH's `-lmpifort` (Debian: `-lmpichfort`) and Open MPI's
# `-lmpi_mpifh`, `-lmpi_usempif08`, `-lmpi_usempi_ignore_tkr` are
# libshmpi_fortran (lib/fortran/local.mk adds those and the Fortran .pc
# names).  Links to the unversioned names, so a program linked through
# one records libshmpi's soname and loads libshmpi.
LNCH_EXEC_LINKS = mpiexec:mpirun-shm mpirun:mpirun-shm mpic++:mpicxx mpiCC:mpicxx \
	$(ABI_EXEC_LINKS)
LNCH_LIB_LINKS = libmpi.so:libshmpi.so libmpich.so:libshmpi.so \
	libmpicxx.so:libshmpi.so libmpi_cxx.so:libshmpi.so $(FORTRAN_LIB_LINKS)
LNCH_PC_ALIASES = mpi:shmpi mpi-c:shmpi mpi-cxx:shmpi ompi:shmpi ompi-c:shmpi \
	ompi-cxx:shmpi $(FORTRAN_PC_ALIASES) $(ABI_PC_ALIASES)
# The MPI-5.0 standard ABI (issue 44, docs/abi.md): the wrappers by the names
# MPICH and Open MPI give them (mpicc_abi, mpicxx_abi), the same script,
# which takes the _abi ending as -mpi-abi; pkg-config mpi-abi (also
# mpi-abi-c, mpi-abi-cxx).  No mpifort_abi yet: Fortran on the ABI library
# is still to do (docs/abi.md).
ABI_EXEC_LINKS = mpicc_abi:mpicc mpicxx_abi:mpicxx
ABI_PC_ALIASES = mpi-abi-c:mpi-abi mpi-abi-cxx:mpi-abi
pkgconfig_DATA += mpi-abi.pc
EXTRA_DIST += mpi-abi.pc.in
install-exec-hook:
	cd "$(DESTDIR)$(bindir)" && for l in $(LNCH_EXEC_LINKS); do \
		rm -f "$${l%%:*}" && $(LN_S) "$${l#*:}" "$${l%%:*}" || exit 1; done
	cd "$(DESTDIR)$(libdir)" && for l in $(LNCH_LIB_LINKS); do \
		rm -f "$${l%%:*}" && $(LN_S) "$${l#*:}" "$${l%%:*}" || exit 1; done
install-data-hook: install-man3
	cd "$(DESTDIR)$(pkgconfigdir)" && for l in $(LNCH_PC_ALIASES); do \
		rm -f "$${l%%:*}.pc" && $(LN_S) "$${l#*:}.pc" "$${l%%:*}.pc" || exit 1; done
uninstall-hook: uninstall-man3
	cd "$(DESTDIR)$(bindir)" && for l in $(LNCH_EXEC_LINKS); do rm -f "$${l%%:*}"; done
	cd "$(DESTDIR)$(libdir)" && for l in $(LNCH_LIB_LINKS); do rm -f "$${l%%:*}"; done
	cd "$(DESTDIR)$(pkgconfigdir)" && for l in $(LNCH_PC_ALIASES); do rm -f "$${l%%:*}.pc"; done

# Unit tests of the pure parts (options, exit report).
check_PROGRAMS += tests/unit/check_options
tests_unit_check_options_SOURCES = tests/unit/check_options.c \
	launcher/options.c launcher/hosts.c launcher/report.c
tests_unit_check_options_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_options_LDADD = $(UNIT_LDADD)
TESTS += tests/unit/check_options

# Behaviour tests: plain C helper (no MPI) run under the launcher by small
# shell scripts; they need only libshm, not lib/.
check_PROGRAMS += tests/launcher/lnch-helper
tests_launcher_lnch_helper_SOURCES = tests/launcher/lnch-helper.c
tests_launcher_lnch_helper_LDADD = libshm.la
# An MPI program for the MPMD test.
check_PROGRAMS += tests/launcher/lnch-mpmd
tests_launcher_lnch_mpmd_SOURCES = tests/launcher/lnch-mpmd.c
tests_launcher_lnch_mpmd_LDADD = libshmpi.la
# An MPI program for the MPI_Finalize test.
check_PROGRAMS += tests/launcher/lnch-finalize
tests_launcher_lnch_finalize_SOURCES = tests/launcher/lnch-finalize.c
tests_launcher_lnch_finalize_LDADD = libshmpi.la
LAUNCHER_TESTS = \
	tests/launcher/exit-status.sh \
	tests/launcher/signal.sh \
	tests/launcher/timeout.sh \
	tests/launcher/output-lines.sh \
	tests/launcher/tag-output.sh \
	tests/launcher/stdin.sh \
	tests/launcher/env.sh \
	tests/launcher/session.sh \
	tests/launcher/bad-option.sh \
	tests/launcher/launcher-signal.sh \
	tests/launcher/mpi-state.sh \
	tests/launcher/mpicc.sh \
	tests/launcher/output-kill.sh \
	tests/launcher/dropin.sh \
	tests/launcher/mpmd.sh \
	tests/launcher/finalize.sh \
	tests/launcher/keep-going.sh \
	tests/launcher/install.sh \
	tests/launcher/cmake.sh \
	tests/launcher/meson.sh \
	tests/launcher/abi-build.sh \
	tests/launcher/cpuset.sh \
	tests/launcher/foreign.sh \
	tests/launcher/compat-options.sh \
	tests/launcher/no-uring.sh
TESTS += $(LAUNCHER_TESTS)
EXTRA_DIST += $(LAUNCHER_TESTS) tests/launcher/common.sh tests/launcher/install-tree.sh
# Where io_uring is refused (issue 43): seccomp-helper runs a command under
# a seccomp filter that refuses it, as Docker's default profile does;
# no-uring.sh tests the epoll fallback under it, no-uring-suite.sh runs the
# launcher's behaviour tests once more under it.
check_PROGRAMS += tests/launcher/seccomp-helper
tests_launcher_seccomp_helper_SOURCES = tests/launcher/seccomp-helper.c
tests_launcher_seccomp_helper_LDADD =
TESTS += tests/launcher/no-uring-suite.sh
EXTRA_DIST += tests/launcher/no-uring-suite.sh
