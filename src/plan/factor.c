#include <stddef.h>

#include "plan/factor.h"

static int prime_factors(int64_t n, int64_t *p, int max)
{
    int k = 0;
    for (int64_t d = 2; d * d <= n; d++)
        while (n % d == 0) {
            if (k == max) return -1;
            p[k++] = d;
            n /= d;
        }
    if (n > 1) {
        if (k == max) return -1;
        p[k++] = n;
    }
    return k;
}

static int smooth_to(int64_t n, int64_t pmax)
{
    for (int64_t d = 2; d <= pmax; d++)
        while (n % d == 0) n /= d;
    return n == 1;
}

int kfft_is_smooth(int64_t n) { return smooth_to(n, KFFT_MAX_CODELET_PRIME); }

/* fp32: at most one prime factor past KFFT_MAX_CODELET_PRIME. Two such radices in one block held
 * too many registers offline (sass_count, H200 plans: 26047 = 61x61x7 19.9 KB spilled, 26273 =
 * 47x43x13 1 KB, 5476 = 37x37x4 748 bytes); their lengths keep the prime-factor passes. */
int kfft_is_smooth_prec(int64_t n, int f64)
{
    if (f64) return smooth_to(n, KFFT_MAX_CODELET_PRIME);
    int wide = 0; /* ascending trial division divides by primes only */
    for (int64_t d = 2; d <= KFFT_MAX_CODELET_PRIME_F32; d++)
        while (n % d == 0) n /= d, wide += d > KFFT_MAX_CODELET_PRIME;
    return n == 1 && wide <= 1;
}

/* Radices largest first (the order of the passes). */
static void sort_desc(int *rad, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && rad[j] > rad[j - 1]; j--) {
            int t = rad[j];
            rad[j] = rad[j - 1];
            rad[j - 1] = t;
        }
}

/* Puts factors f[i..] into k groups g (products <= cap). Groups of equal product are
 * interchangeable, so only the first of them is tried; equal factors (consecutive, as f is
 * sorted) go to non-decreasing groups, from j0 on, so no placement is tried twice. Without
 * best, stops at the first placement (returns 1, g holding it); with best, tries every one and
 * puts in best[0..k) the first whose smallest group is the largest (*low: that group, 0 before
 * the first), g left as it came. */
static int pack(const int64_t *f, int nf, int i, int64_t *g, int k, int64_t cap, int j0, int64_t *best, int64_t *low)
{
    if (i == nf) {
        if (!best) return 1;
        int64_t m = g[0];
        for (int j = 1; j < k; j++) m = g[j] < m ? g[j] : m;
        if (m > *low) {
            *low = m;
            for (int j = 0; j < k; j++) best[j] = g[j];
        }
        return 0;
    }
    /* The factors left must fit in the room the groups have left. */
    int64_t left = 1, room = 1;
    for (int q = i; q < nf && left <= ((int64_t)1 << 40); q++) left *= f[q];
    for (int j = 0; j < k && room < left; j++) room *= cap / g[j];
    if (room < left) return 0;
    int from = i > 0 && f[i] == f[i - 1] ? j0 : 0;
    for (int j = from; j < k; j++) {
        int seen = 0;
        for (int q = from; q < j && !seen; q++) seen = g[q] == g[j];
        if (seen || g[j] * f[i] > cap) continue;
        g[j] *= f[i];
        if (pack(f, nf, i + 1, g, k, cap, j, best, low)) return 1;
        g[j] /= f[i];
    }
    return 0;
}

static int radices_packed(int64_t R, int64_t cap, int *rad, int max, int flat);

/* fp32's prime codelets 37..61 raise the cap to the prime, so the rest may pack into composite
 * radices past 32 points (5490 = 61x45x2). Where the prime as a radix of its own and the rest
 * packed under the mode's cap take no more radices (61x10x9) and the length is at most 12800,
 * that is the plan (bench/results/h200-2026-12-01c-calls.txt: 5490 1.14 -> 3.27 of cuFFT, 5856
 * 1.03 -> 2.75, 9150 0.99 -> 3.31; calls 1-2 21 of 24 such lengths faster, the slowest -9%, call
 * 3 13 of 16 outside them, the slowest -3%). Past 12800 (blocks of 288-512 threads) 8 of 10 lost
 * (16520 59x35x8 -> 59x20x14 -34%); a radix more lost on all 8 that took one (19470 -59%). */
static int wide_alone(int64_t R, int64_t wide, int64_t cap, int *rad, int n, int flat)
{
    int alt[KFFT_MAX_CODELET_LEN + 1];
    if (R > 12800) return n;
    int m = R == wide ? 0 : radices_packed(R / wide, cap, alt + 1, n - 1, flat);
    if (m < 0 || m + 1 > n) return n;
    alt[0] = (int)wide;
    sort_desc(alt, m + 1);
    for (int j = 0; j <= m; j++) rad[j] = alt[j];
    return m + 1;
}

/* The fewest codelets of length <= cap, mixing even and odd factors, the largest one as
 * small as that count allows; with flat, then the smallest as large (9000: 25x20x18, not
 * 25x24x15). */
static int radices_packed(int64_t R, int64_t cap, int *rad, int max, int flat)
{
    int64_t f[64], g[KFFT_MAX_CODELET_LEN], wide = 0, cap0 = cap;
    int nf = prime_factors(R, f, 64);
    if (nf < 0) return -1;
    for (int i = 0; i < nf; i++) {
        if (f[i] > KFFT_MAX_CODELET_LEN && f[i] > KFFT_MAX_CODELET_PRIME_F32) return -1;
        if (f[i] > KFFT_MAX_CODELET_LEN) wide = f[i];
        if (f[i] > cap) cap = f[i]; /* a prime above the cap is a radix of its own */
    }
    for (int i = 0, j = nf - 1; i < j; i++, j--) { /* largest first */
        int64_t t = f[i];
        f[i] = f[j];
        f[j] = t;
    }
    for (int k = 1; k <= max && k <= nf && k <= KFFT_MAX_CODELET_LEN; k++) {
        int64_t c0 = 2; /* k radices of at most c0 - 1 cannot multiply to R */
        for (int64_t pw = 1; pw < R; c0++) {
            pw = 1;
            for (int j = 0; j < k && pw < R; j++) pw *= c0;
        }
        for (int64_t c = c0 - 1 > 2 ? c0 - 1 : 2; c <= cap; c++) {
            for (int j = 0; j < k; j++) g[j] = 1;
            if (flat) { /* every placement, the first whose smallest group is the largest kept */
                int64_t best[KFFT_MAX_CODELET_LEN], low = 0;
                pack(f, nf, 0, g, k, c, 0, best, &low);
                if (!low) continue;
                for (int j = 0; j < k; j++) g[j] = best[j];
            } else if (!pack(f, nf, 0, g, k, c, 0, NULL, NULL)) {
                continue;
            }
            int n = 0;
            for (int j = 0; j < k; j++)
                if (g[j] > 1) rad[n++] = (int)g[j];
            sort_desc(rad, n);
            return wide ? wide_alone(R, wide, cap0, rad, n, flat) : n;
        }
    }
    return -1;
}

static int radices_narrow(int64_t R, int *rad, int max);

/* Every placement of prime powers q[i..nq) into the groups g (each <= KFFT_MAX_CODELET_LEN),
 * keeping in best the one whose largest group is smallest, then whose smallest is largest. */
static void coprime_place(const int64_t *q, int nq, int i, int64_t *g, int n, int64_t *best, int64_t *hi, int64_t *lo)
{
    if (i == nq) {
        int64_t mx = 0, mn = KFFT_MAX_CODELET_LEN + 1;
        for (int j = 0; j < n; j++) {
            if (g[j] == 1) return; /* every group used */
            mx = g[j] > mx ? g[j] : mx;
            mn = g[j] < mn ? g[j] : mn;
        }
        if (mx < *hi || (mx == *hi && mn > *lo)) {
            *hi = mx;
            *lo = mn;
            for (int j = 0; j < n; j++) best[j] = g[j];
        }
        return;
    }
    for (int j = 0; j < n; j++) {
        if (g[j] * q[i] > KFFT_MAX_CODELET_LEN && !(g[j] == 1 && q[i] > KFFT_MAX_CODELET_LEN)) continue;
        g[j] *= q[i];
        coprime_place(q, nq, i + 1, g, n, best, hi, lo);
        g[j] /= q[i];
        if (g[j] == 1) break; /* empty groups are alike */
    }
}

int kfft_coprime_radices(int64_t R, int *rad, int n, int f64)
{
    int64_t f[64], q[64], g[KS_COPRIME_MAX], best[KS_COPRIME_MAX], hi = INT64_MAX, lo = 0;
    int nf = prime_factors(R, f, 64), nq = 0;
    if (nf < 0 || n < 1 || n > KS_COPRIME_MAX) return -1;
    for (int i = 0; i < nf; i++) { /* prime powers */
        if (i > 0 && f[i] == f[i - 1]) {
            q[nq - 1] *= f[i];
            if (q[nq - 1] > KFFT_MAX_CODELET_LEN) return -1; /* 49, 64, ...: no codelet */
        } else {
            if (f[i] > (f64 ? KFFT_MAX_CODELET_PRIME : KFFT_MAX_CODELET_PRIME_F32)) return -1;
            q[nq++] = f[i];
        }
    }
    if (nq < n || nq > 12) return -1;
    for (int j = 0; j < n; j++) g[j] = 1;
    coprime_place(q, nq, 0, g, n, best, &hi, &lo);
    if (hi == INT64_MAX) return -1;
    for (int j = 0; j < n; j++) rad[j] = (int)best[j];
    sort_desc(rad, n);
    return n;
}

int kfft_codelet_radices(int64_t R, int *rad, int max, int mode)
{
    if (mode == KFFT_RADIX_BALANCED) return radices_packed(R, KFFT_BALANCED_MAX_RADIX, rad, max, 0);
    if (mode == KFFT_RADIX_WIDEST || mode == KFFT_RADIX_WIDEST_FLAT)
        return radices_packed(R, KFFT_MAX_CODELET_LEN, rad, max, mode == KFFT_RADIX_WIDEST_FLAT);
    return radices_narrow(R, rad, max);
}

int kfft_radix_auto(int64_t R, int f64)
{
    int nr[64], br[64];
    int n = radices_narrow(R, nr, 64), b = radices_packed(R, KFFT_BALANCED_MAX_RADIX, br, 64, 0);
    if (b <= 0 || n <= 0) return KFFT_RADIX_NARROW;
    int better = b < n || (b == n && br[0] < nr[0]);
    int fits = R / br[0] <= 1024 && (!f64 || br[0] <= 16);
    return better && fits ? KFFT_RADIX_BALANCED : KFFT_RADIX_NARROW;
}

static int radices_narrow(int64_t R, int *rad, int max)
{
    int k = 0, e2 = 0;
    while (R % 2 == 0) {
        R /= 2;
        e2++;
    }
    /* 2^e2 as 16s with one 8, 4 or 2 for the remainder. */
    for (; e2 >= 4; e2 -= 4) {
        if (k == max) return -1;
        rad[k++] = 16;
    }
    if (e2) {
        if (k == max) return -1;
        rad[k++] = 1 << e2;
    }
    /* Odd part: ascending primes merged while the radix stays <= KFFT_MAX_ODD_RADIX
     * (e.g. 243 = 27 x 9, 1000 = 8 x 25 x 5), so fewer passes touch shared memory. */
    int cur = 1;
    for (int p = 3; p <= KFFT_MAX_CODELET_PRIME_F32; p += 2)
        while (R % p == 0) {
            R /= p;
            if (cur * p > KFFT_MAX_ODD_RADIX && cur > 1) {
                if (k == max) return -1;
                rad[k++] = cur;
                cur = 1;
            }
            cur *= p;
        }
    if (cur > 1) {
        if (k == max) return -1;
        rad[k++] = cur;
    }
    if (R != 1) return -1;
    sort_desc(rad, k);
    return k;
}

int kfft_split_passes(int64_t N, int64_t rmax, int64_t *R, int max)
{
    int64_t p[64];
    int np = prime_factors(N, p, 64);
    if (np < 0) return 0;
    for (int i = 0; i < np; i++)
        if (p[i] > rmax) return 0;
    /* Fewest passes first; largest primes first into the currently smallest group. */
    for (int k = 1; k <= max; k++) {
        for (int i = 0; i < k; i++) R[i] = 1;
        int ok = 1;
        for (int i = np - 1; i >= 0 && ok; i--) {
            int best = -1;
            for (int g = 0; g < k; g++)
                if (R[g] * p[i] <= rmax && (best < 0 || R[g] < R[best])) best = g;
            if (best < 0) ok = 0;
            else R[best] *= p[i];
        }
        if (ok) return k;
    }
    return 0;
}

int64_t kfft_bluestein_next(int64_t m)
{
    for (;; m++) {
        int64_t r = m;
        for (int d = 2; d <= 7; d++)
            while (r % d == 0) r /= d;
        if (r == 1) return m;
    }
}

int64_t kfft_bluestein_length(int64_t n) { return kfft_bluestein_next(2 * n - 1); }

static int64_t powmod(int64_t b, int64_t e, int64_t m)
{
    uint64_t r = 1, x = (uint64_t)(b % m);
    for (; e; e >>= 1) {
        if (e & 1) r = r * x % (uint64_t)m;
        x = x * x % (uint64_t)m;
    }
    return (int64_t)r;
}

int64_t kfft_primitive_root(int64_t p)
{
    if (p < 3 || p > ((int64_t)1 << 31)) return 0;
    int64_t f[64];
    int nf = prime_factors(p, f, 64);
    if (nf != 1) return 0; /* not prime */
    nf = prime_factors(p - 1, f, 64);
    for (int64_t g = 2; g < p; g++) {
        int ok = 1;
        for (int i = 0; i < nf && ok; i++) ok = powmod(g, (p - 1) / f[i], p) != 1;
        if (ok) return g;
    }
    return 0;
}

int64_t kfft_max_prime_factor(int64_t n)
{
    int64_t f[64];
    int k = n > 1 ? prime_factors(n, f, 64) : 0;
    return k > 0 ? f[k - 1] : 1;
}
