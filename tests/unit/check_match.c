/*
 * Description: unit tests of the matching queues (lib/p2p/p2p_match.c):
 * wildcards, context separation, posted receives matched in post order,
 * unexpected messages in arrival order, removal from the middle.
 */
#include <check.h>
#include <stdlib.h>
#include "lib/p2p/p2p_impl.h"
#include "tests/unit/unit.h"

struct mpii_p2p_state mpii_p2p;

static struct mpii_request reqs[8];

static struct mpii_request *post(int i, uint32_t ctx, int src, int tag)
{
	struct mpii_request *r = &reqs[i];
	r->ctx = ctx;
	r->peer = src;
	r->tag = tag;
	mpii_posted_append(r);
	return r;
}

static struct mpii_msg_hdr hdr(uint32_t ctx, int src, int tag)
{
	struct mpii_msg_hdr h = { .type = MPII_MSG_EAGER, .ctx = ctx, .src = src, .tag = tag };
	return h;
}

START_TEST(test_posted_order_and_wildcards)
{
	mpii_p2p.posted_head = mpii_p2p.posted_tail = NULL;
	post(0, 4, 1, 5);
	post(1, 4, MPI_ANY_SOURCE, 5);
	post(2, 4, 2, MPI_ANY_TAG);
	post(3, 6, MPI_ANY_SOURCE, MPI_ANY_TAG);
	struct mpii_msg_hdr h = hdr(4, 2, 5);
	/* the first posted receive that matches wins: #1 (any source, tag 5) */
	ck_assert_ptr_eq(mpii_posted_take(&h), &reqs[1]);
	ck_assert_ptr_eq(mpii_posted_take(&h), &reqs[2]);
	ck_assert_ptr_null(mpii_posted_take(&h));
	h = hdr(6, 0, 99); /* other context: only #3 */
	ck_assert_ptr_eq(mpii_posted_take(&h), &reqs[3]);
	h = hdr(4, 1, 5);
	ck_assert_ptr_eq(mpii_posted_take(&h), &reqs[0]);
	ck_assert_ptr_null(mpii_p2p.posted_head);
	ck_assert_ptr_null(mpii_p2p.posted_tail);
}
END_TEST

START_TEST(test_posted_remove_middle)
{
	mpii_p2p.posted_head = mpii_p2p.posted_tail = NULL;
	post(0, 1, 0, 0);
	post(1, 1, 0, 0);
	post(2, 1, 0, 0);
	ck_assert_int_eq(mpii_posted_remove(&reqs[1]), 1);
	ck_assert_int_eq(mpii_posted_remove(&reqs[1]), 0); /* not queued any more */
	struct mpii_msg_hdr h = hdr(1, 0, 0);
	ck_assert_ptr_eq(mpii_posted_take(&h), &reqs[0]);
	ck_assert_ptr_eq(mpii_posted_take(&h), &reqs[2]);
}
END_TEST

static struct mpii_umsg *umsg(uint32_t ctx, int src, int tag)
{
	struct mpii_umsg *u = calloc(1, sizeof(*u));
	u->ctx = ctx;
	u->src = src;
	u->tag = tag;
	mpii_unexp_append(u);
	return u;
}

START_TEST(test_unexpected_arrival_order)
{
	mpii_p2p.unexp_head = mpii_p2p.unexp_tail = NULL;
	struct mpii_umsg *a = umsg(2, 3, 7), *b = umsg(2, 1, 7), *c = umsg(2, 3, 8), *d = umsg(8, 3, 7);
	ck_assert_ptr_eq(mpii_unexp_find(2, MPI_ANY_SOURCE, 7, 0), a); /* peek leaves it */
	ck_assert_ptr_eq(mpii_unexp_find(2, MPI_ANY_SOURCE, 7, 1), a);
	ck_assert_ptr_eq(mpii_unexp_find(2, MPI_ANY_SOURCE, 7, 1), b);
	ck_assert_ptr_null(mpii_unexp_find(2, MPI_ANY_SOURCE, 7, 1));
	ck_assert_ptr_eq(mpii_unexp_find(2, 3, MPI_ANY_TAG, 1), c);
	ck_assert_ptr_eq(mpii_unexp_find(8, 3, 7, 1), d);
	ck_assert_ptr_null(mpii_p2p.unexp_head);
	ck_assert_ptr_null(mpii_p2p.unexp_tail);
	/* the tail is right after removing the last element */
	struct mpii_umsg *e = umsg(1, 0, 0), *f = umsg(1, 0, 1);
	ck_assert_ptr_eq(mpii_unexp_find(1, 0, 1, 1), f);
	struct mpii_umsg *g = umsg(1, 0, 2);
	ck_assert_ptr_eq(mpii_unexp_find(1, 0, MPI_ANY_TAG, 1), e);
	ck_assert_ptr_eq(mpii_unexp_find(1, 0, MPI_ANY_TAG, 1), g);
	free(a); free(b); free(c); free(d); free(e); free(f); free(g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("match");
	const TTest *queues_tests[] = {
		test_posted_order_and_wildcards, test_posted_remove_middle,
		test_unexpected_arrival_order, NULL
	};
	unit_tcase(s, "queues", 30, queues_tests);
	return unit_run(s);
}
