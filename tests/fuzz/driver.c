/*
 * tests/fuzz/driver.c - runs a fuzz target (LLVMFuzzerTestOneInput)
 * without libFuzzer, so that `make check` fuzzes every decoder of foreign
 * bytes for a bounded time with whatever compiler built the tree (gcc on
 * CI; under --enable-sanitizers with ASan and UBSan, halt_on_error).
 *
 *   fuzz_NAME [-t SECONDS] [-s SEED] [-n RUNS] [DIR|FILE]...
 *
 * Every file of the named directories (default: the target's corpora,
 * FUZZ_DIRS, under $srcdir/tests/fuzz) runs first, as a regression test;
 * then random mutations of them run for SECONDS (default $FUZZ_SECONDS, else
 * 2) or RUNS inputs.  The mutations favour what breaks decoders: 32- and
 * 64-bit boundary values (2^31-1, 2^30, 1431655766 = (2^32+2)/3, -1 ...)
 * written over any offset, numbers spliced into text, copies of chunks
 * of the input and of other corpus files.  The seed is printed first; the
 * same seed and corpus replay the same inputs.
 *
 * An input that crashes (a signal, or a sanitizer report) is written to
 * fuzz-crash-NAME in the current directory before the process dies (a
 * sanitizer death callback, or a signal handler that only calls write(2)),
 * to be added to the corpus once fixed.  With clang, the same target
 * links with -fsanitize=fuzzer instead (`make fuzz FUZZ_TARGET=NAME`).
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(__SANITIZE_ADDRESS__)
#define HAVE_DEATH_CALLBACK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAVE_DEATH_CALLBACK 1
#endif
#endif
#ifdef HAVE_DEATH_CALLBACK
#include <sanitizer/common_interface_defs.h>
#endif

#ifndef FUZZ_DIRS
#define FUZZ_DIRS ""
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_LEN 4096

static const char *prog = "fuzz";
static const uint8_t *cur;      /* the input being run, for the crash dump */
static size_t cur_len;
static char crash_path[256];

/* Async-signal-safe: open, write, close only. */
static void dump_current(void)
{
	if (!cur)
		return;
	int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		size_t off = 0;
		while (off < cur_len) {
			ssize_t w = write(fd, cur + off, cur_len - off);
			if (w <= 0)
				break;
			off += (size_t)w;
		}
		close(fd);
	}
	static const char msg[] = "fuzz: the crashing input is in ";
	(void)!write(2, msg, sizeof(msg) - 1);
	(void)!write(2, crash_path, strlen(crash_path));
	(void)!write(2, "\n", 1);
	cur = NULL;
}

static void on_signal(int sig)
{
	dump_current();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void run_one(const uint8_t *data, size_t len)
{
	/* A private copy, exactly len bytes: reads past the end are ASan's. */
	uint8_t *copy = malloc(len ? len : 1);
	if (!copy)
		abort();
	memcpy(copy, data, len);
	cur = copy;
	cur_len = len;
	LLVMFuzzerTestOneInput(copy, len);
	cur = NULL;
	free(copy);
}

struct corpus {
	uint8_t **data;
	size_t *len;
	int n, cap;
};

static void corpus_add(struct corpus *c, const uint8_t *d, size_t len)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		c->data = realloc(c->data, sizeof(*c->data) * (size_t)c->cap);
		c->len = realloc(c->len, sizeof(*c->len) * (size_t)c->cap);
		if (!c->data || !c->len)
			abort();
	}
	c->data[c->n] = malloc(len ? len : 1);
	if (!c->data[c->n])
		abort();
	memcpy(c->data[c->n], d, len);
	c->len[c->n++] = len;
}

static void load_file(struct corpus *c, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return;
	uint8_t buf[MAX_LEN];
	size_t n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	corpus_add(c, buf, n);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of dir, in name order (a stable replay). */
static void load_path(struct corpus *c, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		fprintf(stderr, "%s: no corpus at %s\n", prog, path);
		exit(1);
	}
	if (!S_ISDIR(st.st_mode)) {
		load_file(c, path);
		return;
	}
	DIR *d = opendir(path);
	if (!d)
		return;
	char **names = NULL;
	int n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			names = realloc(names, sizeof(*names) * (size_t)cap);
			if (!names)
				abort();
		}
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(*names), cmp_str);
	for (int i = 0; i < n; i++) {
		char p[4096];
		snprintf(p, sizeof(p), "%s/%s", path, names[i]);
		load_file(c, p);
		free(names[i]);
	}
	free(names);
}

/* xorshift64*: reproducible from the printed seed. */
static uint64_t rng;
static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ULL;
}
static size_t below(size_t n)
{
	return n ? (size_t)(rnd() % n) : 0;
}

static const uint32_t int32s[] = {
	0, 1, 2, 3, 4, 7, 8, 16, 64, 255, 256, 1024, 4096, 65535, 65536,
	0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu, 0x55555556u, 0x55555555u,
	0x40000000u, 0x3fffffffu, 0x40000001u, 0x20000000u, 0xaaaaaaabu, 0x10000000u,
	0x7ffffffeu, 0xc0000000u, 0x0ccccccdu,
};
static const uint64_t int64s[] = {
	0, 1, 0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffffULL,
	0x4000000000000000ULL, 0x100000000ULL, 0x80000000ULL, 0x7fffffffULL,
	0xfff0000000000000ULL, 0x0000800000000000ULL,
};
static const char *const words[] = {
	"0", "1", "2147483647", "2147483648", "-1", "-2147483648", "4294967297", "1431655766",
	"1073741824", "9223372036854775807", "99999999999999999999", "(", ")", ",", ":", "{", "}",
	"U1", "U1(", "S:", "V:", "HV:", "X:", "HX:", "UB", "LB", "i", "d", "c",
};

/* Mutate buf (len bytes, room for MAX_LEN) in place; returns the new length. */
static size_t mutate(uint8_t *buf, size_t len, const struct corpus *c)
{
	int rounds = 1 + (int)below(4);
	for (int r = 0; r < rounds; r++) {
		size_t at = below(len + 1);
		switch (below(10)) {
		case 0: /* a bit */
			if (len)
				buf[below(len)] ^= (uint8_t)(1u << below(8));
			break;
		case 1: /* a byte */
			if (len)
				buf[below(len)] = (uint8_t)rnd();
			break;
		case 2: /* a 32-bit boundary value, either sign, any offset */
			if (len >= 4) {
				uint32_t v = int32s[below(sizeof(int32s) / sizeof(int32s[0]))];
				if (below(4) == 0)
					v = 0u - v; /* the other sign, without signed overflow */
				else if (below(4) == 0)
					v += (uint32_t)below(5) - 2;
				memcpy(buf + below(len - 3), &v, 4);
			}
			break;
		case 3: /* a 64-bit one */
			if (len >= 8) {
				uint64_t v = int64s[below(sizeof(int64s) / sizeof(int64s[0]))];
				memcpy(buf + below(len - 7), &v, 8);
			}
			break;
		case 4: /* a word of the text formats, inserted */
		case 5: {
			const char *w = words[below(sizeof(words) / sizeof(words[0]))];
			size_t n = strlen(w);
			if (len + n <= MAX_LEN) {
				memmove(buf + at + n, buf + at, len - at);
				memcpy(buf + at, w, n);
				len += n;
			}
			break;
		}
		case 6: /* delete a chunk */
			if (len) {
				size_t n = 1 + below(len - at < 16 ? len - at : 16);
				if (at + n > len)
					n = len - at;
				memmove(buf + at, buf + at + n, len - at - n);
				len -= n;
			}
			break;
		case 7: /* copy a chunk of itself elsewhere */
			if (len) {
				size_t from = below(len), n = 1 + below(len - from);
				if (len + n <= MAX_LEN) {
					uint8_t tmp[MAX_LEN];
					memcpy(tmp, buf + from, n);
					memmove(buf + at + n, buf + at, len - at);
					memcpy(buf + at, tmp, n);
					len += n;
				}
			}
			break;
		case 8: /* splice in a chunk of another corpus file */
			if (c->n) {
				int k = (int)below((size_t)c->n);
				if (c->len[k]) {
					size_t from = below(c->len[k]), n = 1 + below(c->len[k] - from);
					if (at + n > MAX_LEN)
						n = MAX_LEN - at;
					memcpy(buf + at, c->data[k] + from, n);
					if (at + n > len)
						len = at + n;
				}
			}
			break;
		default: /* truncate or grow */
			if (below(2) && len)
				len = below(len);
			else if (len < MAX_LEN)
				buf[len++] = (uint8_t)rnd();
		}
	}
	return len;
}

int main(int argc, char **argv)
{
	const char *s = strrchr(argv[0], '/');
	prog = s ? s + 1 : argv[0];
	snprintf(crash_path, sizeof(crash_path), "fuzz-crash-%s", prog);
	double seconds = getenv("FUZZ_SECONDS") ? atof(getenv("FUZZ_SECONDS")) : 2.0;
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	long runs = -1;
	int opt;
	while ((opt = getopt(argc, argv, "t:s:n:")) != -1) {
		if (opt == 't')
			seconds = atof(optarg);
		else if (opt == 's')
			seed = strtoull(optarg, NULL, 0);
		else if (opt == 'n')
			runs = atol(optarg);
		else {
			fprintf(stderr, "usage: %s [-t SECONDS] [-s SEED] [-n RUNS] [DIR|FILE]...\n", prog);
			return 2;
		}
	}
	/* Under a sanitizer its report comes first, then the callback; its
	 * own SIGSEGV handler stays (or handle_segv=0 leaves the default). */
#ifdef HAVE_DEATH_CALLBACK
	__sanitizer_set_death_callback(dump_current);
#else
	signal(SIGSEGV, on_signal);
	signal(SIGBUS, on_signal);
	signal(SIGFPE, on_signal);
#endif
	signal(SIGABRT, on_signal);

	struct corpus c = { 0 };
	if (optind < argc) {
		for (int i = optind; i < argc; i++)
			load_path(&c, argv[i]);
	} else {
		const char *srcdir = getenv("srcdir") ? getenv("srcdir") : ".";
		char dirs[] = FUZZ_DIRS, *save = NULL;
		for (char *d = strtok_r(dirs, " ", &save); d; d = strtok_r(NULL, " ", &save)) {
			char p[4096];
			snprintf(p, sizeof(p), "%s/tests/fuzz/%s", srcdir, d);
			load_path(&c, p);
		}
	}
	printf("%s: seed %#llx, %d corpus inputs, %.1f s\n", prog, (unsigned long long)seed, c.n, seconds);
	fflush(stdout);
	for (int i = 0; i < c.n; i++)
		run_one(c.data[i], c.len[i]);

	rng = seed ? seed : 1;
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	long done = 0;
	uint8_t buf[MAX_LEN];
	for (;;) {
		if (runs >= 0 ? done >= runs : (done & 63) == 0 && (clock_gettime(CLOCK_MONOTONIC, &t), 1) &&
		    (double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) * 1e-9 >= seconds)
			break;
		size_t len = 0;
		if (c.n) {
			int k = (int)below((size_t)c.n);
			len = c.len[k];
			memcpy(buf, c.data[k], len);
		}
		len = mutate(buf, len, &c);
		run_one(buf, len);
		done++;
	}
	printf("%s: %ld mutated inputs, no failure\n", prog, done);
	return 0;
}
