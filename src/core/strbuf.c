#include "core/strbuf.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_init(strbuf *b) { memset(b, 0, sizeof *b); }

void sb_free(strbuf *b)
{
    free(b->s);
    sb_init(b);
}

static int sb_reserve(strbuf *b, size_t extra)
{
    if (b->oom) return -1;
    if (b->len + extra + 1 <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra + 1) cap *= 2;
    char *p = realloc(b->s, cap);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->s = p;
    b->cap = cap;
    return 0;
}

void sb_puts(strbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (sb_reserve(b, n)) return;
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

void sb_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || sb_reserve(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void sb_real(strbuf *b, double v, int as_float)
{
    if (as_float) v = (double)(float)v;
    if (v == 0) {
        sb_puts(b, as_float ? "0.0f" : "0.0");
        return;
    }
    /* v = m * 2^(e-53) with m a 53-bit integer: print "0x1.<52 bits hex>p<exp>" using
     * integer formatting only, so no decimal-point character from the locale appears. */
    int e;
    double f = frexp(fabs(v), &e); /* f in [0.5, 1) */
    uint64_t m = (uint64_t)ldexp(f, 53);
    sb_printf(b, "%s0x1.%013llxp%+d%s", v < 0 ? "-" : "", (unsigned long long)(m & ((1ull << 52) - 1)),
              e - 1, as_float ? "f" : "");
}
