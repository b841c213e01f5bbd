#include "plan/tables.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "kfft.h"

#include "core/refdft.h"
#include "core/trig.h"
#include "gen/gen.h"

/* Bump when any table's computation changes: cached tables of other revisions are not used. */
#define TABLE_REV 3

enum { OP_TW_GRID, OP_TW_GRID_KMAJOR, OP_TW_RANGE, OP_CHIRP, OP_BSPEC, OP_DLOG, OP_RSPEC, OP_DLOG_PFA, OP_RSPEC_PFA, OP_BSPEC_PFA, OP_BLAY };

/* Records a table of `count` elements; returns its offset. */
static int64_t add(kfft_table *t, int kind, int64_t count, int64_t a, int64_t b, int64_t c, int64_t d)
{
    if (t->oom) return -1;
    if (t->nops == t->capops) {
        int cap = t->capops ? 2 * t->capops : 16;
        kfft_table_op *o = realloc(t->ops, (size_t)cap * sizeof *o);
        if (!o) {
            t->oom = 1;
            return -1;
        }
        t->ops = o;
        t->capops = cap;
    }
    kfft_table_op *o = &t->ops[t->nops++];
    *o = (kfft_table_op){kind, t->len, count, a, b, c, d};
    t->len += count;
    return o->off;
}

int64_t tab_twiddles_grid(kfft_table *t, int64_t row0, int64_t rows, int64_t cols, int64_t N, int kmajor)
{
    return add(t, kmajor ? OP_TW_GRID_KMAJOR : OP_TW_GRID, rows * cols, row0, rows, cols, N);
}
int64_t tab_twiddles_range(kfft_table *t, int64_t count, int64_t step, int64_t N) { return add(t, OP_TW_RANGE, count, count, step, N, 0); }
int tab_split_shift(int64_t N)
{
    int s = 0;
    while (((int64_t)1 << (2 * s)) < N) s++;
    return s;
}
int64_t tab_split(kfft_table *t, int64_t N, int shift)
{
    int64_t L = (int64_t)1 << shift, lo = tab_twiddles_range(t, L, 1, N);
    return lo < 0 || tab_twiddles_range(t, (N + L - 1) / L, L, N) < 0 ? -1 : lo;
}
int64_t tab_chirp(kfft_table *t, int64_t n) { return add(t, OP_CHIRP, n, n, 0, 0, 0); }
int64_t tab_bluestein_spectrum(kfft_table *t, int64_t n, int64_t m, int64_t chirp) { return add(t, OP_BSPEC, m, n, m, chirp, 0); }
int64_t tab_rader_dlog(kfft_table *t, int64_t n, int64_t g) { return add(t, OP_DLOG, n, n, g, 0, 0); }
int64_t tab_rader_spectrum(kfft_table *t, int64_t n, int64_t g) { return add(t, OP_RSPEC, n - 1, n, g, 0, 0); }

/* The radices packed 6 bits each, the first lowest (pfa_init). */
static int64_t pack_radices(const int *rad, int nrad)
{
    int64_t lay = 0;
    for (int i = nrad - 1; i >= 0; i--) lay = lay << 6 | rad[i];
    return lay;
}

void tab_rader_layout(kfft_table *t, int64_t dlog, int64_t spectrum, const int *rad, int nrad)
{
    int64_t lay = pack_radices(rad, nrad);
    for (int i = 0; i < t->nops; i++) {
        kfft_table_op *o = &t->ops[i];
        if (o->off == dlog && o->kind == OP_DLOG) o->kind = OP_DLOG_PFA, o->c = lay;
        if (o->off == spectrum && o->kind == OP_RSPEC) o->kind = OP_RSPEC_PFA, o->c = lay;
    }
}

int64_t tab_bluestein_layout(kfft_table *t, int64_t spectrum, const int *rad, int nrad)
{
    int64_t lay = pack_radices(rad, nrad), m = 0;
    for (int i = 0; i < t->nops; i++) {
        kfft_table_op *o = &t->ops[i];
        if (o->off == spectrum && o->kind == OP_BSPEC) o->kind = OP_BSPEC_PFA, o->d = lay, m = o->b;
    }
    return m ? add(t, OP_BLAY, m, m, lay, 0, 0) : -1;
}

int tab_device_kind(const kfft_table_op *o, int64_t *p1, int64_t *p2, int64_t *N)
{
    *p1 = *p2 = 0;
    switch (o->kind) {
    case OP_TW_GRID:
    case OP_TW_GRID_KMAJOR:
        *p1 = o->a, *p2 = o->kind == OP_TW_GRID ? o->c : o->b, *N = o->d;
        return o->kind == OP_TW_GRID ? KT_GRID : KT_GRID_K;
    case OP_TW_RANGE: *p1 = o->b, *N = o->c; return KT_RANGE;
    case OP_CHIRP: *N = o->a; return KT_CHIRP;
    case OP_DLOG: *p1 = o->b, *N = o->a; return KT_DLOG;
    default: return 0; /* the spectra need an FFT of their own */
    }
}

int64_t tab_mirrored(const kfft_table_op *o, int64_t *N)
{
    if (o->kind != OP_BSPEC) return 0;
    *N = o->b;
    return (o->b - 1) / 2;
}

int tab_on_device(const kfft_table_op *o)
{
    int64_t p1, p2, N;
    return tab_device_kind(o, &p1, &p2, &N) != 0;
}

int64_t tab_device_elems(const kfft_table *t)
{
    int64_t n = 0;
    for (int i = 0; i < t->nops; i++) n += tab_on_device(&t->ops[i]) ? t->ops[i].count : 0;
    return n;
}

kfft_hash tab_key(const kfft_table *t, int f64, int host_only)
{
    kfft_hash h;
    kfft_hash_init(&h);
    char head[112];
    snprintf(head, sizeof head, "kfft %s tables rev %d %s %lld%s", KFFT_VERSION_STRING, TABLE_REV, f64 ? "f64" : "f32", (long long)t->len,
             host_only ? " host-only" : "");
    kfft_hash_str(&h, head);
    for (int i = 0; i < t->nops; i++) {
        const kfft_table_op *o = &t->ops[i];
        if (host_only && tab_on_device(o)) continue;
        int64_t w[6] = {o->kind, o->off, o->a, o->b, o->c, o->d};
        kfft_hash_update(&h, w, sizeof w);
    }
    return h;
}

static void twiddles_grid(double *w, int64_t row0, int64_t rows, int64_t cols, int64_t N, int kmajor)
{
    for (int64_t i = 0; i < rows; i++)
        for (int64_t k = 0; k < cols; k++) {
            double *p = w + 2 * (kmajor ? k * rows + i : i * cols + k);
            kfft_expi((i + row0) * k % N, N, p, p + 1);
        }
}

static void twiddles_range(double *w, int64_t count, int64_t step, int64_t N)
{
    for (int64_t k = 0; k < count; k++) kfft_expi(k * step % N, N, &w[2 * k], &w[2 * k + 1]);
}

static void chirp(double *w, int64_t n)
{
    /* w_k = exp(-i pi k^2 / n) = exp(-2 pi i (k^2 mod 2n) / 2n), k^2 mod 2n kept exactly by
     * adding 2k-1. Since (n-k)^2 = k^2 - 2nk + n^2 and n^2 = n (n odd) or 0 (n even) mod 2n,
     * w_(n-k) = (-1)^n w_k: half the values are the other half's, bit for bit (kfft_expi
     * folds the angle in integers, so a shift by pi only flips signs). */
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
}

/* b_s = conj(w_|s|) for |s| < n (w: the chirp table), placed cyclically in length m;
 * spectrum / m, computed in place in out. */
static int bluestein_spectrum(double *b, int64_t n, int64_t m, const double *w)
{
    memset(b, 0, (size_t)m * 2 * sizeof(double));
    for (int64_t k = 0; k < n; k++) {
        double re = w[2 * k], im = w[2 * k + 1];
        b[2 * k] = re;
        b[2 * k + 1] = -im;
        if (k) {
            b[2 * (m - k)] = re;
            b[2 * (m - k) + 1] = -im;
        }
    }
    if (kfft_refdft(b, m, -1)) return -1;
    for (int64_t k = 0; k < 2 * m; k++) b[k] /= (double)m;
    return 0;
}

static void rader_dlog(double *w, int64_t n, int64_t g)
{
    memset(w, 0, (size_t)n * 2 * sizeof(double));
    uint64_t x = 1;
    for (int64_t q = 0; q < n - 1; q++) {
        w[2 * (int64_t)x] = (double)q;
        x = x * (uint64_t)g % (uint64_t)n;
    }
}

/* The prime-factor layout of a convolution of length R = r_0 ... r_(K-1), pairwise coprime
 * (kspec.h: pfa), from its radices packed 6 bits each: time index q sits at position
 * sum n_p R / (r_0 ... r_p), n_p = q (R/r_p)^-1 mod r_p (Good's map), and position
 * sum k_p r_0 ... r_(p-1) holds frequency CRT(k) = sum k_p (R/r_p) ((R/r_p)^-1 mod r_p) mod R. */
typedef struct {
    int K;
    int64_t R, r[10], inv[10];
} pfa_layout;

static void pfa_init(pfa_layout *L, int64_t R, int64_t lay)
{
    L->K = 0;
    L->R = R;
    for (; lay && L->K < 10; lay >>= 6) {
        int64_t r = lay & 63, c = R / r % r, x = 1;
        while (x < r && c * x % r != 1) x++;
        L->r[L->K] = r;
        L->inv[L->K++] = r > 1 ? x : 0;
    }
}

static int64_t pfa_time_pos(const pfa_layout *L, int64_t q)
{
    int64_t pos = 0, S = L->R;
    for (int p = 0; p < L->K; p++) {
        S /= L->r[p];
        pos += q % L->r[p] * L->inv[p] % L->r[p] * S;
    }
    return pos;
}

static int64_t pfa_freq(const pfa_layout *L, int64_t pos)
{
    int64_t f = 0;
    for (int p = 0; p < L->K; p++) {
        f = (f + pos % L->r[p] * (L->R / L->r[p]) % L->R * L->inv[p]) % L->R;
        pos /= L->r[p];
    }
    return f;
}

/* Rader's dlog table in the layout: entry e holds the position of time index dlog(e) (the
 * load's scatter) and, in its imaginary part, that of -dlog(e) mod n-1 (the store's gather). */
static void rader_dlog_pfa(double *w, int64_t n, int64_t g, int64_t lay)
{
    pfa_layout L;
    pfa_init(&L, n - 1, lay);
    memset(w, 0, (size_t)n * 2 * sizeof(double));
    uint64_t x = 1;
    for (int64_t q = 0; q < n - 1; q++) {
        w[2 * (int64_t)x] = (double)pfa_time_pos(&L, q);
        w[2 * (int64_t)x + 1] = (double)pfa_time_pos(&L, (n - 1 - q) % (n - 1));
        x = x * (uint64_t)g % (uint64_t)n;
    }
}

static int rader_spectrum(double *b, int64_t n, int64_t g);

/* nat (len complex) into b in the layout's frequency order: position pos holds frequency
 * pfa_freq(pos). */
static void pfa_freq_order(double *b, const double *nat, int64_t len, int64_t lay)
{
    pfa_layout L;
    pfa_init(&L, len, lay);
    for (int64_t pos = 0; pos < len; pos++) {
        int64_t f = pfa_freq(&L, pos);
        b[2 * pos] = nat[2 * f];
        b[2 * pos + 1] = nat[2 * f + 1];
    }
}

/* Bluestein's convolution on coprime radices: entry q of the layout table holds the position
 * of time index q (the load's scatter and the store's gather; kspec.h: lay). */
static void bluestein_positions(double *w, int64_t m, int64_t lay)
{
    pfa_layout L;
    pfa_init(&L, m, lay);
    for (int64_t q = 0; q < m; q++) w[2 * q] = (double)pfa_time_pos(&L, q), w[2 * q + 1] = 0;
}

/* Bluestein's spectrum in the layout's frequency order. */
static int bluestein_spectrum_pfa(double *b, int64_t n, int64_t m, const double *w, int64_t lay)
{
    double *nat = malloc((size_t)m * 2 * sizeof(double));
    if (!nat || bluestein_spectrum(nat, n, m, w)) {
        free(nat);
        return -1;
    }
    pfa_freq_order(b, nat, m, lay);
    free(nat);
    return 0;
}

/* Rader's spectrum in the layout's frequency order. */
static int rader_spectrum_pfa(double *b, int64_t n, int64_t g, int64_t lay)
{
    double *nat = malloc((size_t)(n - 1) * 2 * sizeof(double));
    if (!nat || rader_spectrum(nat, n, g)) {
        free(nat);
        return -1;
    }
    pfa_freq_order(b, nat, n - 1, lay);
    free(nat);
    return 0;
}

/* Into b (n-1 complex): the spectrum of exp(-2 pi i g^-q / n) over q, / (n-1). */
static int rader_spectrum(double *b, int64_t n, int64_t g)
{
    int64_t L = n - 1;
    int64_t *pw = malloc((size_t)L * sizeof(int64_t));
    int rc = -1;
    if (pw) {
        uint64_t x = 1;
        for (int64_t q = 0; q < L; q++) {
            pw[q] = (int64_t)x;
            x = x * (uint64_t)g % (uint64_t)n;
        }
        for (int64_t q = 0; q < L; q++) kfft_expi(pw[(L - q) % L], n, &b[2 * q], &b[2 * q + 1]); /* g^-q = g^(L-q) */
        if ((rc = kfft_refdft(b, L, -1)) == 0)
            for (int64_t k = 0; k < 2 * L; k++) b[k] /= (double)L;
    }
    free(pw);
    return rc;
}

int tab_compute(kfft_table *t, int host_only)
{
    if (t->oom) return -1;
    free(t->v);
    int64_t len = t->len ? t->len : 1; /* every plan gets a (tiny) table so kernels always have one */
    if ((uint64_t)len > SIZE_MAX / (2 * sizeof(double)) || !(t->v = calloc((size_t)len * 2, sizeof(double)))) {
        t->oom = 1;
        return -1;
    }
    for (int i = 0; i < t->nops; i++) {
        const kfft_table_op *o = &t->ops[i];
        double *w = t->v + 2 * o->off;
        int rc = 0;
        if (host_only && tab_on_device(o)) {
            /* A chirp a Bluestein spectrum is made from is still needed here. */
            int used = 0;
            for (int j = i + 1; j < t->nops && o->kind == OP_CHIRP; j++)
                used |= (t->ops[j].kind == OP_BSPEC || t->ops[j].kind == OP_BSPEC_PFA) && t->ops[j].c == o->off;
            if (!used) continue;
        }
        switch (o->kind) {
        case OP_TW_GRID:
        case OP_TW_GRID_KMAJOR: twiddles_grid(w, o->a, o->b, o->c, o->d, o->kind == OP_TW_GRID_KMAJOR); break;
        case OP_TW_RANGE: twiddles_range(w, o->a, o->b, o->c); break;
        case OP_CHIRP: chirp(w, o->a); break;
        case OP_BSPEC: rc = bluestein_spectrum(w, o->a, o->b, t->v + 2 * o->c); break;
        case OP_DLOG: rader_dlog(w, o->a, o->b); break;
        case OP_RSPEC: rc = rader_spectrum(w, o->a, o->b); break;
        case OP_DLOG_PFA: rader_dlog_pfa(w, o->a, o->b, o->c); break;
        case OP_RSPEC_PFA: rc = rader_spectrum_pfa(w, o->a, o->b, o->c); break;
        case OP_BSPEC_PFA: rc = bluestein_spectrum_pfa(w, o->a, o->b, t->v + 2 * o->c, o->d); break;
        case OP_BLAY: bluestein_positions(w, o->a, o->b); break;
        }
        if (rc) {
            t->oom = 1;
            return -1;
        }
    }
    return 0;
}

void tab_free(kfft_table *t)
{
    free(t->v);
    free(t->ops);
    memset(t, 0, sizeof *t);
}
