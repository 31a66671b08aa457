/*
 * tests/unit/unit.h - what the Check unit tests share: a test case with an
 * explicit timeout (Check's default of 4 s fails under load) and the run
 * of a suite that gives main() its exit status.
 */
#ifndef UNIT_H
#define UNIT_H

#include <check.h>

/* Add to suite s a test case called name, with a timeout of seconds, that
 * runs tests (NULL-terminated) in order.  Returns it (for a fixture). */
static inline TCase *unit_tcase(Suite *s, const char *name, double seconds,
				const TTest *const *tests)
{
	TCase *tc = tcase_create(name);
	tcase_set_timeout(tc, seconds);
	for (; *tests; tests++)
		tcase_add_test(tc, *tests);
	suite_add_tcase(s, tc);
	return tc;
}

/* Run every test of s: 0 when all passed, 1 otherwise (main's exit
 * status). */
static inline int unit_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

#endif
