#!/bin/sh
# Description: the libraries load with dlopen into a process that did not
# link them, as an MPI binding imported by Python loads them (mpi4py).
# glibc keeps only a few hundred bytes of static TLS for such libraries,
# and a library with any initial-exec thread variable (libshmpi has small
# ones on its wait path) needs its whole TLS block there: 2 KiB of thread
# buffer made dlopen fail with "cannot allocate memory in static TLS
# block".  Skipped without python3 (ctypes does the dlopen) and under the
# sanitizers.
top_builddir=${top_builddir:-.}
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
# Under --enable-sanitizers the libraries need the ASan runtime loaded
# first, which python3 is not built with.
if readelf -d "$top_builddir/.libs/libshmpi.so" 2>/dev/null | grep -q 'libasan'; then
	echo "sanitizer build: skipped"
	exit 77
fi
# One process, libshmpi first with RTLD_GLOBAL: the Fortran bindings'
# library takes its symbols from it, as when a program loads both.
exec python3 - "$top_builddir/.libs" <<'PY'
import ctypes, os, sys
status = 0
for lib in ("libshmpi.so", "libshmpi-prof.so", "libshmpi_fortran.so"):
    path = os.path.join(sys.argv[1], lib)
    if not os.path.exists(path):
        continue
    try:
        ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        print("dlopen %s: ok" % lib)
    except OSError as e:
        print("dlopen %s: FAILED: %s" % (lib, e))
        status = 1
sys.exit(status)
PY
