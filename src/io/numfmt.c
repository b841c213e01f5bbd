#include "io/numfmt.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Digits and exponent of v (finite, != 0) rounded to sig digits: printf's %e writes only
 * ASCII digits, 'e' and signs, plus the locale's decimal point after the first digit, which
 * is skipped (it may even be several bytes). */
static int decompose(double v, int sig, char *digits, int *exp10)
{
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%.*e", sig - 1, fabs(v));
    int n = 0;
    const char *p = tmp;
    for (; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9') digits[n++] = *p;
    digits[n] = 0;
    *exp10 = *p == 'e' ? atoi(p + 1) : 0;
    return n;
}

char *num_g(char *buf, double v, int sig)
{
    if (sig < 1) sig = 1;
    if (sig > 17) sig = 17;
    if (isnan(v)) return strcpy(buf, "nan");
    if (isinf(v)) return strcpy(buf, v < 0 ? "-inf" : "inf");
    char *o = buf;
    if (signbit(v)) *o++ = '-';
    if (v == 0) return strcpy(o, "0"), buf;
    char d[32];
    int e, n = decompose(v, sig, d, &e);
    while (n > 1 && d[n - 1] == '0') d[--n] = 0; /* %g drops trailing zeros */
    if (e < -4 || e >= sig) {                    /* %g's rule for exponent notation */
        *o++ = d[0];
        if (n > 1) {
            *o++ = '.';
            memcpy(o, d + 1, (size_t)n - 1);
            o += n - 1;
        }
        snprintf(o, 16, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e); /* |e| <= 324 */
    } else if (e < 0) {
        *o++ = '0';
        *o++ = '.';
        for (int i = 0; i < -e - 1; i++) *o++ = '0';
        memcpy(o, d, (size_t)n + 1);
    } else {
        for (int i = 0; i <= e; i++) *o++ = i < n ? d[i] : '0';
        if (n > e + 1) {
            *o++ = '.';
            memcpy(o, d + e + 1, (size_t)(n - e - 1));
            o += n - e - 1;
        }
        *o = 0;
    }
    return buf;
}

char *num_fixed(char *buf, double v, int decimals)
{
    if (decimals < 0) decimals = 0;
    if (decimals > 6) decimals = 6;
    int64_t scale = 1;
    for (int i = 0; i < decimals; i++) scale *= 10;
    if (!isfinite(v) || fabs(v) * (double)scale >= 1e18) return num_g(buf, v, 17);
    double r = round(fabs(v) * (double)scale); /* < 1e18 < 2^63 */
    uint64_t m = (uint64_t)r;
    const char *sign = v < 0 && m != 0 ? "-" : "";
    if (decimals == 0) snprintf(buf, NUM_BUF, "%s%llu", sign, (unsigned long long)m);
    else snprintf(buf, NUM_BUF, "%s%llu.%0*llu", sign, (unsigned long long)(m / (uint64_t)scale), decimals,
                  (unsigned long long)(m % (uint64_t)scale));
    return buf;
}

int num_parse(const char *s, const char *end, double *v)
{
    const char *p = s;
    int neg = 0;
    if (p < end && (*p == '+' || *p == '-')) neg = *p++ == '-';
    /* The mantissa's digits without the point, leading zeros dropped; the point moves into
     * the exponent, so strtod sees "DDDDe-N" and never needs a decimal separator. */
    const char *mant = p;
    size_t ndig = 0, frac = 0;
    int seen = 0, point = 0;
    for (; p < end; p++) {
        if (*p >= '0' && *p <= '9') {
            seen = 1;
            ndig++;
            if (point) frac++;
        } else if (*p == '.' && !point) {
            point = 1;
        } else {
            break;
        }
    }
    if (!seen) return -1;
    const char *mant_end = p;
    long long e = 0;
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        int eneg = 0;
        if (p < end && (*p == '+' || *p == '-')) eneg = *p++ == '-';
        if (p >= end || *p < '0' || *p > '9') return -1;
        for (; p < end && *p >= '0' && *p <= '9'; p++)
            if (e < 100000000) e = e * 10 + (*p - '0'); /* saturates: far beyond any double */
        if (eneg) e = -e;
    }
    if (p != end) return -1;
    e -= (long long)frac;
    char small[128], *txt = ndig + 32 <= sizeof small ? small : malloc(ndig + 32);
    if (!txt) return -2;
    size_t k = 0;
    if (neg) txt[k++] = '-';
    for (const char *q = mant; q < mant_end; q++)
        if (*q != '.') txt[k++] = *q;
    snprintf(txt + k, 24, "e%lld", e);
    errno = 0;
    char *stop;
    double x = strtod(txt, &stop);
    int bad = *stop != 0, range = errno == ERANGE && isinf(x);
    if (txt != small) free(txt);
    if (bad) return -1;
    if (range) return -2;
    *v = x;
    return 0;
}

int num_parse_bytes(const char *s, double *bytes)
{
    if (!s) return -1;
    const char *e = s;
    while (*e && ((*e >= '0' && *e <= '9') || *e == '.' || *e == '+' || *e == '-' || ((*e == 'e' || *e == 'E') && e != s)))
        e++;
    double v, mul = 1;
    if (e == s || num_parse(s, e, &v)) return -1;
    const char *p = e;
    if (*p == 'K' || *p == 'k') mul = 1024.0, p++;
    else if (*p == 'M' || *p == 'm') mul = 1048576.0, p++;
    else if (*p == 'G' || *p == 'g') mul = 1073741824.0, p++;
    else if (*p == 'T' || *p == 't') mul = 1099511627776.0, p++;
    if (*p == 'B' || *p == 'b') p++;
    if (*p || !(v >= 0) || v * mul > 1152921504606846976.0) return -1;
    *bytes = floor(v * mul);
    return 0;
}
