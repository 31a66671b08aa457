/*
 * Description: unit tests of the rule that turns the start-up round trips
 * into the job's eager limit (lib/p2p/p2p_eager_rule.c): eager must win
 * by the margin at every size up to the limit, a failed measurement stops
 * the climb, and sizes at or below the base are not looked at.
 */
#include <check.h>
#include "lib/p2p/p2p_eager_rule.h"
#include "tests/unit/unit.h"

#define KB 1024u

START_TEST(test_climbs_while_eager_wins)
{
	/* The AMD VM's figures (ns) at 16 and 32 KiB: clearly eager; a
	 * 64 KiB eager too close to the single copy to count. */
	struct mpii_eager_sample s[] = {
		{ 16 * KB, 2800, 6700 }, { 32 * KB, 4600, 7600 }, { 64 * KB, 9500, 11800 },
	};
	ck_assert_uint_eq(mpii_eager_rule(s, 3, 8 * KB), 32 * KB);
	/* all three clearly eager */
	s[2].eager_ns = 6000;
	ck_assert_uint_eq(mpii_eager_rule(s, 3, 8 * KB), 64 * KB);
}
END_TEST

START_TEST(test_single_copy_machine_stays_at_base)
{
	/* Emerald Rapids (its pingpong): eager slower from 16 KiB on. */
	struct mpii_eager_sample s[] = {
		{ 16 * KB, 7000, 5200 }, { 32 * KB, 9500, 6800 }, { 64 * KB, 15000, 9000 },
	};
	ck_assert_uint_eq(mpii_eager_rule(s, 3, 8 * KB), 8 * KB);
}
END_TEST

START_TEST(test_margin_is_strict)
{
	/* exactly three quarters is not enough; just under is */
	struct mpii_eager_sample s[] = { { 16 * KB, 3000, 4000 } };
	ck_assert_uint_eq(mpii_eager_rule(s, 1, 8 * KB), 8 * KB);
	s[0].eager_ns = 2999;
	ck_assert_uint_eq(mpii_eager_rule(s, 1, 8 * KB), 16 * KB);
}
END_TEST

START_TEST(test_no_gaps_and_no_measurement)
{
	/* A loss at 16 KiB ends the climb even where 32 KiB would win: a
	 * larger eager message would need the smaller ones eager too. */
	struct mpii_eager_sample s[] = { { 16 * KB, 9000, 9000 }, { 32 * KB, 1000, 9000 } };
	ck_assert_uint_eq(mpii_eager_rule(s, 2, 8 * KB), 8 * KB);
	/* a size whose round trips failed (0) is no evidence either way */
	struct mpii_eager_sample t[] = { { 16 * KB, 1000, 9000 }, { 32 * KB, 0, 9000 },
					 { 64 * KB, 1000, 9000 } };
	ck_assert_uint_eq(mpii_eager_rule(t, 3, 8 * KB), 16 * KB);
	ck_assert_uint_eq(mpii_eager_rule(t, 0, 8 * KB), 8 * KB);
}
END_TEST

START_TEST(test_sizes_below_base_ignored)
{
	/* with a base of 32 KiB the 16 KiB loss does not matter */
	struct mpii_eager_sample s[] = { { 16 * KB, 9000, 1000 }, { 64 * KB, 1000, 9000 } };
	ck_assert_uint_eq(mpii_eager_rule(s, 2, 32 * KB), 64 * KB);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("eager_rule");
	const TTest *tests[] = {
		test_climbs_while_eager_wins, test_single_copy_machine_stays_at_base,
		test_margin_is_strict, test_no_gaps_and_no_measurement, test_sizes_below_base_ignored,
		NULL
	};
	unit_tcase(s, "rule", 30, tests);
	return unit_run(s);
}
