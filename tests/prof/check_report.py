#!/usr/bin/env python3
"""check_report.py KIND REPORT.json NP ITER - exact checks of a profile.

KIND names the program that made the report (tests/prof/prof_*.c) and
fixes what every rank must have recorded: calls and bytes per function and
the point-to-point traffic matrix.  "software" checks the forced counter
fallback on a ring report.  Exit 0 pass, 1 fail.
"""
import json
import sys

errors = []


def expect(what, got, want):
    if got != want:
        errors.append("%s: got %r, expected %r" % (what, got, want))


def fn(prof, name):
    for f in prof["functions"]:
        if f["name"] == name:
            return f
    errors.append("function %s missing from the report" % name)
    return {"calls": 0, "per_rank": [], "bytes_sent": 0, "bytes_recv": 0}


def per_rank(prof, name, np, calls, sent, recv):
    f = fn(prof, name)
    expect("%s ranks" % name, len(f["per_rank"]), np)
    for r in f["per_rank"]:
        expect("%s rank %d calls" % (name, r["rank"]), r["calls"], calls)
        expect("%s rank %d bytes_sent" % (name, r["rank"]), r["bytes_sent"], sent)
        expect("%s rank %d bytes_recv" % (name, r["rank"]), r["bytes_recv"], recv)


def matrix(what, m, np, want):
    """want(i, j) -> expected value."""
    expect("%s size" % what, len(m), np)
    for i in range(min(np, len(m))):
        for j in range(np):
            expect("%s[%d][%d]" % (what, i, j), m[i][j], want(i, j))


def ring(prof, np, it):
    per_rank(prof, "MPI_Send", np, it, it * 1000, 0)
    per_rank(prof, "MPI_Recv", np, it, 0, it * 1000)
    per_rank(prof, "MPI_Barrier", np, 1, 0, 0)
    right = lambda i, j: j == (i + 1) % np
    matrix("traffic messages", prof["traffic"]["messages"], np, lambda i, j: it * right(i, j))
    matrix("traffic bytes", prof["traffic"]["bytes"], np, lambda i, j: it * 1000 * right(i, j))
    expect("classes", (fn(prof, "MPI_Recv").get("class"), fn(prof, "MPI_Send").get("class")),
           ("wait", "data"))
    for r in prof["ranks"]:
        if not 0 < r["mpi_s"] <= r["wall_s"] * 1.01 + 1e-3:
            errors.append("rank %d: MPI time %g outside (0, wall %g]" %
                          (r["rank"], r["mpi_s"], r["wall_s"]))
        expect("rank %d wait+data+other" % r["rank"],
               round(r["wait_s"] + r["data_s"] + r["other_s"], 6), round(r["mpi_s"], 6))


def allreduce(prof, np, it):
    per_rank(prof, "MPI_Allreduce", np, it, it * 128, it * 128)
    per_rank(prof, "MPI_Sendrecv", np, it, it * 32, it * 32)
    per_rank(prof, "MPI_Comm_split", np, 1, 0, 0)
    half = np // 2
    # in "halves" (ranks of one parity), sub-rank k is world rank 2k + parity
    def right(i, j):
        return j % 2 == i % 2 and j // 2 == (i // 2 + 1) % half
    # the split makes two communicators (one per parity, each with its own
    # id); both are named "halves", and together they carry the traffic
    comms = [c for c in prof["communicators"] if c["name"] == "halves"]
    expect("communicators named halves", len(comms), 2 if np > 1 else 1)
    for c in comms:
        expect("halves size", c["size"], half if np > 1 else 1)
    if comms:
        def total(key):
            return [[sum(c[key][i][j] for c in comms) for j in range(np)] for i in range(np)]
        matrix("halves messages", total("messages"), np, lambda i, j: it * right(i, j))
        matrix("halves bytes", total("bytes"), np, lambda i, j: it * 32 * right(i, j))
    matrix("traffic messages", prof["traffic"]["messages"], np, lambda i, j: it * right(i, j))


def nonblocking(prof, np, it):
    per_rank(prof, "MPI_Isend", np, it, it * 100, 0)
    per_rank(prof, "MPI_Irecv", np, it, 0, it * 100)
    per_rank(prof, "MPI_Startall", np, it, it * 64, it * 64)
    per_rank(prof, "MPI_Waitall", np, 2 * it, 0, 0)
    per_rank(prof, "MPI_Send_init", np, 1, 0, 0)
    per_rank(prof, "MPI_Request_free", np, 2, 0, 0)
    f = fn(prof, "MPI_Ibcast")
    for r in f["per_rank"]:
        expect("MPI_Ibcast rank %d bytes" % r["rank"], (r["bytes_sent"], r["bytes_recv"]),
               (40, 0) if r["rank"] == 0 else (0, 40))
    right = lambda i, j: j == (i + 1) % np
    matrix("traffic messages", prof["traffic"]["messages"], np, lambda i, j: 2 * it * right(i, j))
    matrix("traffic bytes", prof["traffic"]["bytes"], np, lambda i, j: it * 164 * right(i, j))


def software(prof, np, it):
    ring(prof, np, it)
    c = prof["counters"]
    expect("counter mode", c["mode"], "software")
    expect("counter names", c["names"],
           ["task-clock-ns", "context-switches", "page-faults", "cpu-migrations"])
    expect("period", c["period"], 1)
    if "software" not in c["note"]:
        errors.append("note does not say software: %r" % c["note"])
    f = fn(prof, "MPI_Recv")
    for r in f["per_rank"]:
        expect("MPI_Recv rank %d sampled" % r["rank"], r["counters_sampled"], r["calls"])
        if r["counters"].get("task-clock-ns", {}).get("sampled_sum", 0) <= 0:
            errors.append("rank %d: no task-clock in MPI_Recv" % r["rank"])


def main():
    kind, path, np, it = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(path) as f:
        prof = json.load(f)
    expect("format", prof.get("format"), "shmpi-profile")
    expect("nranks", prof.get("nranks"), np)
    {"ring": ring, "allreduce": allreduce, "nonblocking": nonblocking,
     "software": software}[kind](prof, np, it)
    for e in errors[:40]:
        print("check_report:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
