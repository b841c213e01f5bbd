#include "core/trig.h"

#include <math.h>

void kfft_expi(int64_t a, int64_t N, double *re, double *im)
{
    /* FFTW's real_cexp: reduce 4a/4N to the first octant so the angle is small. */
    long double c, s, t;
    unsigned oct = 0;
    a %= N;
    if (a < 0) a += N;
    int64_t n4 = 4 * N, m = 4 * a, q = N;
    if (m > n4 - m) {
        m = n4 - m;
        oct |= 4;
    }
    if (m - q > 0) {
        m -= q;
        oct |= 2;
    }
    if (m > q - m) {
        m = q - m;
        oct |= 1;
    }
    long double th = 6.283185307179586476925286766559L * (long double)m / (long double)n4;
    c = cosl(th);
    s = sinl(th);
    if (oct & 1) { t = c; c = s; s = t; }
    if (oct & 2) { t = c; c = -s; s = t; }
    if (oct & 4) s = -s;
    *re = (double)c;
    *im = -(double)s; /* forward sign */
}
