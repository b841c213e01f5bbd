/* Host double-precision reference DFT: mixed-radix Stockham (radix 2, 3, 4, 5 and generic
 * odd primes <= 64) and Bluestein for lengths with a larger prime factor.
 *
 * Accuracy comes first: every twiddle is cos/sin of 2*pi*a/b with the index reduced exactly
 * in integers and the angle folded into [0, pi/4] before calling libm, so no twiddle carries
 * more than about one ulp of error and none is accumulated by recurrence. Only the forward
 * transform is implemented; the inverse is conj(F(conj(x))), which is exact. */
#include "core/refdft.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct { double r, i; } cpx;

#define MAX_RADIX 64     /* largest prime handled by the O(p^2) butterfly */
#define MAX_FACTORS 64
#define MAX_N ((int64_t)1 << 32) /* t*t fits in uint64 for the chirp; 64 GiB of data anyway */

static const double TWO_PI = 6.283185307179586476925286766559;

/* cos and sin of 2*pi*a/b for 0 <= a, 0 < b. The angle is folded into the first
 * octant with exact integer arithmetic so libm only ever sees a small, accurately rounded
 * argument. Callers keep b <= 2^34, so the folded a, b (up to 8b) stay exact in double. */
static void sincos_2pi(uint64_t a, uint64_t b, double *c, double *s)
{
    int neg_s = 0, neg_c = 0, swap = 0;
    a %= b;
    if (2 * a > b) { a = b - a; neg_s = 1; }              /* theta -> 2pi - theta: [0, pi] */
    if (4 * a > b) { a = b - 2 * a; b *= 2; neg_c = 1; }  /* theta -> pi - theta: [0, pi/2] */
    if (8 * a > b) { a = b - 4 * a; b *= 4; swap = 1; }   /* theta -> pi/2 - theta: [0, pi/4] */
    double x = TWO_PI * ((double)a / (double)b);          /* ~1 ulp of x <= pi/4 */
    double cx = cos(x), sx = sin(x);
    if (swap) { double t = cx; cx = sx; sx = t; }
    *c = neg_c ? -cx : cx;
    *s = neg_s ? -sx : sx;
}

/* exp(-2*pi*i*a/b): the forward-sign root of unity. */
static cpx root(uint64_t a, uint64_t b)
{
    cpx w;
    sincos_2pi(a, b, &w.r, &w.i);
    w.i = -w.i;
    return w;
}

/* malloc for count complex values, NULL if the byte count would overflow size_t (32-bit). */
static cpx *alloc_cpx(int64_t count)
{
    if (count < 1) count = 1;
    if ((uint64_t)count > SIZE_MAX / sizeof(cpx)) return NULL;
    return malloc((size_t)count * sizeof(cpx));
}

static inline cpx cmul(cpx a, cpx b)
{
    return (cpx){a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r};
}

/* ---- mixed-radix Stockham plan -------------------------------------------------------- */

typedef struct {
    int64_t p;  /* radix */
    cpx *tw;    /* (p-1)*ido twiddles: tw[(m-1)*ido + i] = w_n^(m*i*l1) */
    cpx *rot;   /* generic radix only: rot[r] = w_p^r */
} pass_t;

typedef struct {
    int64_t n;
    int npass;
    pass_t pass[MAX_FACTORS];
    cpx *mem;   /* one block holding every pass's tw and rot */
} cplan;

static int64_t largest_prime_factor(int64_t n)
{
    int64_t big = 1;
    for (int64_t d = 2; d * d <= n; d += (d == 2) ? 1 : 2)
        while (n % d == 0) { big = d; n /= d; }
    return n > 1 ? n : big;
}

static void cplan_free(cplan *pl)
{
    if (pl) free(pl->mem);
}

/* Requires every prime factor of n to be <= MAX_RADIX. */
static int cplan_init(cplan *pl, int64_t n)
{
    memset(pl, 0, sizeof *pl);
    pl->n = n;
    int64_t rest = n;
    /* Radix 4 first (fewest passes), then 2, 3, 5, then the generic odd primes. */
    while (rest % 4 == 0) { pl->pass[pl->npass++].p = 4; rest /= 4; }
    if (rest % 2 == 0) { pl->pass[pl->npass++].p = 2; rest /= 2; }
    for (int64_t d = 3; rest > 1; d += 2)
        while (rest % d == 0) { pl->pass[pl->npass++].p = d; rest /= d; }

    int64_t total = 0;
    int64_t l1 = 1;
    for (int k = 0; k < pl->npass; k++) {
        int64_t p = pl->pass[k].p, ido = n / (l1 * p);
        total += (p - 1) * ido + (p > 5 ? p : 0);
        l1 *= p;
    }
    pl->mem = alloc_cpx(total);
    if (!pl->mem) return -1;

    cpx *m = pl->mem;
    l1 = 1;
    for (int k = 0; k < pl->npass; k++) {
        pass_t *ps = &pl->pass[k];
        int64_t p = ps->p, ido = n / (l1 * p);
        ps->tw = m;
        /* w_n^(j*i*l1) = w_(p*ido)^(j*i) and j*i < p*ido: the index needs no reduction. */
        for (int64_t j = 1; j < p; j++)
            for (int64_t i = 0; i < ido; i++)
                m[(j - 1) * ido + i] = root((uint64_t)(j * i), (uint64_t)(p * ido));
        m += (p - 1) * ido;
        if (p > 5) {
            ps->rot = m;
            for (int64_t r = 0; r < p; r++) m[r] = root((uint64_t)r, (uint64_t)p);
            m += p;
        }
        l1 *= p;
    }
    return 0;
}

/* Decimation-in-frequency Stockham pass (the pocketfft layout): for each of the l1 pending
 * sub-transforms k and each position i < ido, a length-p DFT over the p inputs
 * cc[i + ido*(j + p*k)], its outputs twiddled by w^(m*i*l1) into ch[i + ido*(k + l1*m)]. */
#define CC(i, j, k) cc[(i) + ido * ((j) + p * (k))]
#define CH(i, k, m) ch[(i) + ido * ((k) + l1 * (m))]
#define TW(m, i) tw[((m) - 1) * ido + (i)]

static void pass2(int64_t ido, int64_t l1, const cpx *cc, cpx *ch, const cpx *tw)
{
    const int64_t p = 2;
    for (int64_t k = 0; k < l1; k++)
        for (int64_t i = 0; i < ido; i++) {
            cpx a = CC(i, 0, k), b = CC(i, 1, k);
            CH(i, k, 0) = (cpx){a.r + b.r, a.i + b.i};
            CH(i, k, 1) = cmul((cpx){a.r - b.r, a.i - b.i}, TW(1, i));
        }
}

static void pass3(int64_t ido, int64_t l1, const cpx *cc, cpx *ch, const cpx *tw)
{
    const int64_t p = 3;
    const double h = 0.86602540378443864676372317075294; /* sin(2pi/3) */
    for (int64_t k = 0; k < l1; k++)
        for (int64_t i = 0; i < ido; i++) {
            cpx t0 = CC(i, 0, k), t1 = CC(i, 1, k), t2 = CC(i, 2, k);
            cpx s = {t1.r + t2.r, t1.i + t2.i}, d = {t1.r - t2.r, t1.i - t2.i};
            cpx a = {t0.r - 0.5 * s.r, t0.i - 0.5 * s.i};
            /* forward: w_3 = -1/2 - i*h, so u1 = a - i*h*d, u2 = a + i*h*d */
            CH(i, k, 0) = (cpx){t0.r + s.r, t0.i + s.i};
            CH(i, k, 1) = cmul((cpx){a.r + h * d.i, a.i - h * d.r}, TW(1, i));
            CH(i, k, 2) = cmul((cpx){a.r - h * d.i, a.i + h * d.r}, TW(2, i));
        }
}

static void pass4(int64_t ido, int64_t l1, const cpx *cc, cpx *ch, const cpx *tw)
{
    const int64_t p = 4;
    for (int64_t k = 0; k < l1; k++)
        for (int64_t i = 0; i < ido; i++) {
            cpx t0 = CC(i, 0, k), t1 = CC(i, 1, k), t2 = CC(i, 2, k), t3 = CC(i, 3, k);
            cpx a = {t0.r + t2.r, t0.i + t2.i}, b = {t0.r - t2.r, t0.i - t2.i};
            cpx c = {t1.r + t3.r, t1.i + t3.i}, d = {t1.r - t3.r, t1.i - t3.i};
            /* forward: w_4 = -i, so u1 = b - i*d, u3 = b + i*d */
            CH(i, k, 0) = (cpx){a.r + c.r, a.i + c.i};
            CH(i, k, 1) = cmul((cpx){b.r + d.i, b.i - d.r}, TW(1, i));
            CH(i, k, 2) = cmul((cpx){a.r - c.r, a.i - c.i}, TW(2, i));
            CH(i, k, 3) = cmul((cpx){b.r - d.i, b.i + d.r}, TW(3, i));
        }
}

static void pass5(int64_t ido, int64_t l1, const cpx *cc, cpx *ch, const cpx *tw)
{
    const int64_t p = 5;
    const double c1 = 0.30901699437494742410229341718282,  /* cos(2pi/5) */
                 c2 = -0.80901699437494742410229341718282, /* cos(4pi/5) */
                 s1 = 0.95105651629515357211643933337938,  /* sin(2pi/5) */
                 s2 = 0.58778525229247312916870595463907;  /* sin(4pi/5) */
    for (int64_t k = 0; k < l1; k++)
        for (int64_t i = 0; i < ido; i++) {
            cpx t0 = CC(i, 0, k), t1 = CC(i, 1, k), t2 = CC(i, 2, k), t3 = CC(i, 3, k),
                t4 = CC(i, 4, k);
            cpx sa = {t1.r + t4.r, t1.i + t4.i}, da = {t1.r - t4.r, t1.i - t4.i};
            cpx sb = {t2.r + t3.r, t2.i + t3.i}, db = {t2.r - t3.r, t2.i - t3.i};
            cpx a1 = {t0.r + c1 * sa.r + c2 * sb.r, t0.i + c1 * sa.i + c2 * sb.i};
            cpx a2 = {t0.r + c2 * sa.r + c1 * sb.r, t0.i + c2 * sa.i + c1 * sb.i};
            /* forward imaginary parts carry -sin: u1 = a1 - i*b1, u4 = a1 + i*b1 */
            cpx b1 = {s1 * da.r + s2 * db.r, s1 * da.i + s2 * db.i};
            cpx b2 = {s2 * da.r - s1 * db.r, s2 * da.i - s1 * db.i};
            CH(i, k, 0) = (cpx){t0.r + sa.r + sb.r, t0.i + sa.i + sb.i};
            CH(i, k, 1) = cmul((cpx){a1.r + b1.i, a1.i - b1.r}, TW(1, i));
            CH(i, k, 2) = cmul((cpx){a2.r + b2.i, a2.i - b2.r}, TW(2, i));
            CH(i, k, 3) = cmul((cpx){a2.r - b2.i, a2.i + b2.r}, TW(3, i));
            CH(i, k, 4) = cmul((cpx){a1.r - b1.i, a1.i + b1.r}, TW(4, i));
        }
}

/* Generic odd prime p: O(p^2) butterfly using the symmetric pairs (j, p-j), coefficients
 * w_p^((j*m) mod p) taken from the exactly indexed rot table. */
static void passg(int64_t p, int64_t ido, int64_t l1, const cpx *cc, cpx *ch, const cpx *tw,
                  const cpx *rot)
{
    cpx t[MAX_RADIX];
    const int64_t h = (p - 1) / 2;
    for (int64_t k = 0; k < l1; k++)
        for (int64_t i = 0; i < ido; i++) {
            for (int64_t j = 0; j < p; j++) t[j] = CC(i, j, k);
            cpx sum = t[0];
            for (int64_t j = 1; j < p; j++) { sum.r += t[j].r; sum.i += t[j].i; }
            CH(i, k, 0) = sum;
            for (int64_t m = 1; m <= h; m++) {
                cpx a = t[0], b = {0.0, 0.0};
                int64_t r = 0;
                for (int64_t j = 1; j <= h; j++) {
                    r += m; if (r >= p) r -= p;   /* r = j*m mod p, exactly */
                    cpx s = {t[j].r + t[p - j].r, t[j].i + t[p - j].i};
                    cpx d = {t[j].r - t[p - j].r, t[j].i - t[p - j].i};
                    a.r += rot[r].r * s.r; a.i += rot[r].r * s.i;
                    b.r += rot[r].i * d.r; b.i += rot[r].i * d.i;
                }
                /* u_m = a + i*b, u_(p-m) = a - i*b (rot[r].i already carries the sign) */
                CH(i, k, m) = cmul((cpx){a.r - b.i, a.i + b.r}, TW(m, i));
                CH(i, k, p - m) = cmul((cpx){a.r + b.i, a.i - b.r}, TW(p - m, i));
            }
        }
}

#undef CC
#undef CH
#undef TW

/* Forward transform of data (length pl->n) using scratch of the same length. */
static void cplan_forward(const cplan *pl, cpx *data, cpx *scratch)
{
    cpx *in = data, *out = scratch;
    int64_t l1 = 1, n = pl->n;
    for (int k = 0; k < pl->npass; k++) {
        const pass_t *ps = &pl->pass[k];
        int64_t p = ps->p, ido = n / (l1 * p);
        switch (p) {
        case 2: pass2(ido, l1, in, out, ps->tw); break;
        case 3: pass3(ido, l1, in, out, ps->tw); break;
        case 4: pass4(ido, l1, in, out, ps->tw); break;
        case 5: pass5(ido, l1, in, out, ps->tw); break;
        default: passg(p, ido, l1, in, out, ps->tw, ps->rot); break;
        }
        cpx *t = in; in = out; out = t;
        l1 *= p;
    }
    if (in != data) memcpy(data, in, (size_t)n * sizeof(cpx));
}

/* ---- Bluestein ------------------------------------------------------------------------ */

/* With b_t = exp(-i*pi*t^2/n) and jk = (j^2 + k^2 - (k-j)^2)/2, the DFT becomes
 * X_k = b_k * sum_j (x_j b_j) conj(b_(k-j)): a convolution done with power-of-two FFTs. */
static int bluestein_forward(cpx *data, int64_t n)
{
    int64_t m = 1;
    while (m < 2 * n - 1) m *= 2;
    cplan pl;
    cpx *chirp = alloc_cpx(n), *kern = alloc_cpx(m), *a = alloc_cpx(m), *scratch = alloc_cpx(m);
    if (!chirp || !kern || !a || !scratch || cplan_init(&pl, m) != 0) {
        free(chirp); free(kern); free(a); free(scratch);
        return -1;
    }

    /* Chirp index t^2 mod 2n in exact unsigned 64-bit arithmetic (t < n <= 2^32, so t*t
     * cannot wrap): pi*t^2/n formed in floating point would be huge, and its rounding error
     * (~ t^2/n ulps) would wreck the chirp for large n. */
    const uint64_t n2 = 2 * (uint64_t)n;
    for (int64_t t = 0; t < n; t++)
        chirp[t] = root(((uint64_t)t * (uint64_t)t) % n2, n2);

    /* Kernel conj(b_t) wrapped for circular convolution, transformed once; 1/m (exact, a
     * power of two) folded in for the inverse transform below. */
    const double inv_m = 1.0 / (double)m;
    memset(kern, 0, (size_t)m * sizeof(cpx));
    for (int64_t t = 0; t < n; t++) {
        cpx h = {chirp[t].r * inv_m, -chirp[t].i * inv_m};
        kern[t] = h;
        if (t) kern[m - t] = h;
    }
    cplan_forward(&pl, kern, scratch);

    memset(a, 0, (size_t)m * sizeof(cpx));
    for (int64_t j = 0; j < n; j++) a[j] = cmul(data[j], chirp[j]);
    cplan_forward(&pl, a, scratch);
    /* pointwise product, then inverse via conj(F(conj(.))): conjugate in the same loop */
    for (int64_t j = 0; j < m; j++) {
        cpx v = cmul(a[j], kern[j]);
        a[j] = (cpx){v.r, -v.i};
    }
    cplan_forward(&pl, a, scratch);
    for (int64_t k = 0; k < n; k++) data[k] = cmul((cpx){a[k].r, -a[k].i}, chirp[k]);

    cplan_free(&pl);
    free(chirp); free(kern); free(a); free(scratch);
    return 0;
}

/* ---- entry point ---------------------------------------------------------------------- */

/* sign > 0 is the inverse, anything else the forward transform. n == 0 is a no-op; n < 0,
 * n > 2^32 or NULL data return -1 like an allocation failure (the header's only error). */
int kfft_refdft(double *data, int64_t n, int sign)
{
    if (n == 0) return 0;
    if (n < 0 || n > MAX_N || !data) return -1;
    if (n == 1) return 0;
    cpx *x = (cpx *)data;
    int inverse = sign > 0;
    if (inverse)
        for (int64_t j = 0; j < n; j++) x[j].i = -x[j].i;

    int rc;
    if (largest_prime_factor(n) > MAX_RADIX) {
        rc = bluestein_forward(x, n);
    } else {
        cplan pl;
        cpx *scratch = alloc_cpx(n);
        rc = -1;
        if (scratch && cplan_init(&pl, n) == 0) {
            cplan_forward(&pl, x, scratch);
            cplan_free(&pl);
            rc = 0;
        }
        free(scratch);
    }
    /* On failure data is untouched apart from the conjugation, which is undone here too. */
    if (inverse)
        for (int64_t j = 0; j < n; j++) x[j].i = -x[j].i;
    return rc;
}
