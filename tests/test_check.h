/* check(ok, fmt, ...) for the unit-test programs: counts checks, prints each failure. */
#ifndef KFFT_TEST_CHECK_H
#define KFFT_TEST_CHECK_H
#include <stdarg.h>
#include <stdio.h>

static int failures, checks;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void check(int ok, const char *fmt, ...)
{
    checks++;
    if (ok) return;
    failures++;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

#endif
