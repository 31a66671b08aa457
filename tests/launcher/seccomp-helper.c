/*
 * tests/launcher/seccomp-helper.c - run a command where io_uring is
 * refused, as in a container under Docker's default seccomp profile.
 *
 * Usage: seccomp-helper COMMAND [ARG...]
 *        seccomp-helper --check   (exit 0 when the filter works here,
 *                                  77 when it cannot be installed)
 *
 * Installs a seccomp filter (a BPF program, no libseccomp) that makes
 * io_uring_setup, io_uring_enter and io_uring_register fail with EPERM,
 * as Docker's profile does, then execs COMMAND.  The filter is inherited
 * by every child and cannot be lifted.  PR_SET_NO_NEW_PRIVS comes first:
 * it is what lets a process without CAP_SYS_ADMIN install a filter.
 * Exits 77 (skip) where seccomp is unavailable or the architecture is not
 * one this file knows, 127 when COMMAND cannot be executed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#elif defined(__riscv) && __riscv_xlen == 64
#define NATIVE_ARCH AUDIT_ARCH_RISCV64
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_ARCH AUDIT_ARCH_PPC64LE
#elif defined(__s390x__)
#define NATIVE_ARCH AUDIT_ARCH_S390X
#endif

#ifndef __NR_io_uring_setup
/* The same number on every architecture (the generic table). */
#define __NR_io_uring_setup 425
#define __NR_io_uring_enter 426
#define __NR_io_uring_register 427
#endif

static int install(void)
{
#ifdef NATIVE_ARCH
	struct sock_filter prog[] = {
		/* Another ABI (x32, 32-bit compat): let it be, as the
		 * launcher does not use one. */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_enter, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_register, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
	};
	struct sock_fprog fprog = { .len = sizeof(prog) / sizeof(prog[0]), .filter = prog };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) {
		fprintf(stderr, "seccomp-helper: PR_SET_NO_NEW_PRIVS: %s\n", strerror(errno));
		return -1;
	}
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog, 0, 0) < 0) {
		fprintf(stderr, "seccomp-helper: PR_SET_SECCOMP: %s\n", strerror(errno));
		return -1;
	}
	return 0;
#else
	fprintf(stderr, "seccomp-helper: an architecture this helper does not know\n");
	return -1;
#endif
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: seccomp-helper COMMAND [ARG...] | --check\n");
		return 2;
	}
	if (install() < 0)
		return 77;
	if (strcmp(argv[1], "--check") == 0) {
		/* io_uring_setup(1, NULL) is EFAULT where it is allowed. */
		long r = syscall(__NR_io_uring_setup, 1, NULL);
		if (r < 0 && errno == EPERM)
			return 0;
		fprintf(stderr, "seccomp-helper: io_uring_setup not refused (%s)\n",
			r < 0 ? strerror(errno) : "it succeeded");
		return 1;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "seccomp-helper: cannot execute %s: %s\n", argv[1], strerror(errno));
	return 127;
}
