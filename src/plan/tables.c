#include "plan/tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/refdft.h"
#include "core/trig.h"

static int64_t grow(kfft_table *t, int64_t add)
{
    if (t->oom) return -1;
    if (t->len + add > t->cap) {
        int64_t cap = t->cap ? t->cap : 1024;
        while (cap < t->len + add) cap *= 2;
        double *v = realloc(t->v, (size_t)cap * 2 * sizeof(double));
        if (!v) {
            t->oom = 1;
            return -1;
        }
        t->v = v;
        t->cap = cap;
    }
    int64_t off = t->len;
    t->len += add;
    return off;
}

int64_t tab_twiddles_local(kfft_table *t, int64_t Ns, int r)
{
    int64_t off = grow(t, Ns * (r - 1));
    if (off < 0) return -1;
    for (int64_t k = 0; k < Ns; k++)
        for (int i = 1; i < r; i++) {
            double *p = t->v + 2 * (off + k * (r - 1) + i - 1);
            kfft_expi((int64_t)i * k, Ns * r, p, p + 1);
        }
    return off;
}

int64_t tab_twiddles_range(kfft_table *t, int64_t count, int64_t step, int64_t N)
{
    int64_t off = grow(t, count);
    if (off < 0) return -1;
    for (int64_t k = 0; k < count; k++) {
        double *p = t->v + 2 * (off + k);
        kfft_expi(k * step % N, N, p, p + 1);
    }
    return off;
}

int64_t tab_chirp(kfft_table *t, int64_t n)
{
    /* w_k = exp(-i pi k^2 / n) = exp(-2 pi i (k^2 mod 2n) / 2n), k^2 mod 2n kept exactly by
     * adding 2k-1. Since (n-k)^2 = k^2 - 2nk + n^2 and n^2 = n (n odd) or 0 (n even) mod 2n,
     * w_(n-k) = (-1)^n w_k: half the values are the other half's, bit for bit (kfft_expi
     * folds the angle in integers, so a shift by pi only flips signs). */
    int64_t off = grow(t, n);
    if (off < 0) return -1;
    double *w = t->v + 2 * off;
    uint64_t r = 0, twon = 2 * (uint64_t)n;
    for (int64_t k = 0; 2 * k <= n; k++) {
        if (k) r = (r + 2 * (uint64_t)k - 1) % twon;
        kfft_expi((int64_t)r, 2 * n, &w[2 * k], &w[2 * k + 1]);
    }
    double sg = n % 2 ? -1.0 : 1.0;
    for (int64_t k = (n + 2) / 2; k < n; k++) {
        w[2 * k] = sg * w[2 * (n - k)];
        w[2 * k + 1] = sg * w[2 * (n - k) + 1];
    }
    return off;
}

int64_t tab_bluestein_spectrum(kfft_table *t, int64_t n, int64_t m, int64_t chirp)
{
    /* b_s = conj(w_|s|) for |s| < n (w: the chirp table at `chirp`), placed cyclically in
     * length m; spectrum / m. */
    double *b = calloc((size_t)m * 2, sizeof(double));
    if (!b) {
        t->oom = 1;
        return -1;
    }
    for (int64_t k = 0; k < n; k++) {
        double re = t->v[2 * (chirp + k)], im = t->v[2 * (chirp + k) + 1];
        b[2 * k] = re;
        b[2 * k + 1] = -im;
        if (k) {
            b[2 * (m - k)] = re;
            b[2 * (m - k) + 1] = -im;
        }
    }
    int64_t off = -1;
    if (kfft_refdft(b, m, -1) == 0 && (off = grow(t, m)) >= 0)
        for (int64_t k = 0; k < 2 * m; k++) t->v[2 * off + k] = b[k] / (double)m;
    else
        t->oom = 1;
    free(b);
    return off;
}

int64_t tab_rader_dlog(kfft_table *t, int64_t n, int64_t g)
{
    int64_t off = grow(t, n);
    if (off < 0) return -1;
    memset(t->v + 2 * off, 0, (size_t)n * 2 * sizeof(double));
    uint64_t x = 1;
    for (int64_t q = 0; q < n - 1; q++) {
        t->v[2 * (off + (int64_t)x)] = (double)q;
        x = x * (uint64_t)g % (uint64_t)n;
    }
    return off;
}

int64_t tab_rader_spectrum(kfft_table *t, int64_t n, int64_t g)
{
    int64_t L = n - 1;
    double *b = malloc((size_t)L * 2 * sizeof(double));
    int64_t *pw = malloc((size_t)L * sizeof(int64_t));
    int64_t off = -1;
    if (b && pw) {
        uint64_t x = 1;
        for (int64_t q = 0; q < L; q++) {
            pw[q] = (int64_t)x;
            x = x * (uint64_t)g % (uint64_t)n;
        }
        for (int64_t q = 0; q < L; q++) kfft_expi(pw[(L - q) % L], n, &b[2 * q], &b[2 * q + 1]); /* g^-q = g^(L-q) */
        if (kfft_refdft(b, L, -1) == 0 && (off = grow(t, L)) >= 0)
            for (int64_t k = 0; k < 2 * L; k++) t->v[2 * off + k] = b[k] / (double)L;
    }
    if (off < 0) t->oom = 1;
    free(b);
    free(pw);
    return off;
}

void tab_free(kfft_table *t)
{
    free(t->v);
    memset(t, 0, sizeof *t);
}
