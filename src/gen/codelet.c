/* Radix codelets: straight-line forward DFTs of small lengths, emitted as source.
 * Composite lengths split recursively (decimation in time, with the trivial twiddles
 * -i and (+-1-i)/sqrt(2) special-cased); primes use the symmetric form
 *   y_m = x_0 + sum_k cos(2 pi mk/p)(x_k + x_{p-k}) -/+ i sum_k sin(2 pi mk/p)(x_k - x_{p-k})
 * with every constant computed in double from the exact residue mk mod p.
 * A pruned codelet takes its inputs past the first `live` as zero (Bluestein's zero padding):
 * zeros are tracked by name (an empty name) and every operation on them is left out, which
 * the compiler may not do itself (x + 0 is not x in IEEE arithmetic when x is -0). Zeros
 * form a tail in every sub-DFT too (its inputs are s, s+p, s+2p, ...; its outputs are all
 * zero or none), so x_k zero means x_k' zero for every k' > k. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/trig.h"
#include "gen/gen.h"

#define KFFT_CODELET_MAX_PRIME 61 /* fp32 only: the planner's KFFT_MAX_CODELET_PRIME_F32 */
#define KFFT_CODELET_MAX_COMPOSITE 32 /* longest codelet of several factors */
#define KFFT_CODELET_MAX 61           /* longest codelet: a prime */

typedef struct {
    strbuf *b;
    int tmp;
    int f64;
} cg;

typedef char name_t[16];

static void fresh(cg *g, name_t out) { snprintf(out, sizeof(name_t), "t%d", g->tmp++); }

static int zero(const char *name) { return name[0] == 0; }

static int is_prime(int r)
{
    if (r < 2) return 0;
    for (int d = 2; d * d <= r; d++)
        if (r % d == 0) return 0;
    return 1;
}

int gen_codelet_supported(int r)
{
    if (r < 2 || r > KFFT_CODELET_MAX || (r > KFFT_CODELET_MAX_COMPOSITE && !is_prime(r))) return 0;
    for (int d = 2; d <= r; d++)
        while (r % d == 0) {
            if (d > KFFT_CODELET_MAX_PRIME || !is_prime(d)) return 0;
            r /= d;
        }
    return 1;
}

/* out = W_r^k * in as new temporary; W = exp(-2 pi i k / r). */
static void emit_twiddle(cg *g, int r, int k, const char *in, name_t out)
{
    k %= r;
    if (k == 0 || zero(in)) {
        snprintf(out, sizeof(name_t), "%s", in);
        return;
    }
    fresh(g, out);
    if (4 * k == r) {
        sb_printf(g->b, "    kfft_cplx %s = cmulnegi(%s);\n", out, in);
    } else if (8 * k == r || 8 * k == 3 * r) {
        sb_printf(g->b, "    kfft_cplx %s = KFFT_MK(", out);
        if (8 * k == r)
            sb_printf(g->b, "(%s.x + %s.y) * ", in, in);
        else
            sb_printf(g->b, "(%s.y - %s.x) * ", in, in);
        sb_real(g->b, sqrt(0.5), !g->f64);
        if (8 * k == r)
            sb_printf(g->b, ", (%s.y - %s.x) * ", in, in);
        else
            sb_printf(g->b, ", -(%s.x + %s.y) * ", in, in);
        sb_real(g->b, sqrt(0.5), !g->f64);
        sb_puts(g->b, ");\n");
    } else {
        double c, s; /* W = c + i s, correctly rounded (a direct cos(2*pi*k/r) is not) */
        kfft_expi(k, r, &c, &s);
        sb_printf(g->b, "    kfft_cplx %s = KFFT_MK(", out);
        sb_real(g->b, c, !g->f64);
        sb_printf(g->b, " * %s.x - ", in);
        sb_real(g->b, s, !g->f64);
        sb_printf(g->b, " * %s.y, ", in);
        sb_real(g->b, c, !g->f64);
        sb_printf(g->b, " * %s.y + ", in);
        sb_real(g->b, s, !g->f64);
        sb_printf(g->b, " * %s.x);\n", in);
    }
}

static void emit_prime(cg *g, int p, name_t *in, name_t *out)
{
    int h = (p - 1) / 2, id = g->tmp++;
    name_t t[KFFT_CODELET_MAX_PRIME], u[KFFT_CODELET_MAX_PRIME];
    if (zero(in[0])) { /* zeros form a tail: all inputs zero */
        for (int m = 0; m < p; m++) out[m][0] = 0;
        return;
    }
    for (int k = 1; k <= h; k++) {
        if (zero(in[p - k])) { /* x_k + 0, x_k - 0 (both zero where x_k is) */
            snprintf(t[k], sizeof(name_t), "%s", in[k]);
            snprintf(u[k], sizeof(name_t), "%s", in[k]);
            continue;
        }
        fresh(g, t[k]);
        fresh(g, u[k]);
        sb_printf(g->b, "    kfft_cplx %s = cadd(%s, %s), %s = csub(%s, %s);\n", t[k], in[k], in[p - k], u[k],
                  in[k], in[p - k]);
    }
    fresh(g, out[0]);
    sb_printf(g->b, "    kfft_cplx %s = %s", out[0], in[0]);
    for (int k = 1; k <= h; k++)
        if (!zero(t[k])) sb_printf(g->b, "; %s = cadd(%s, %s)", out[0], out[0], t[k]);
    sb_puts(g->b, ";\n");
    for (int m = 1; m <= h; m++) {
        /* a = x0 + sum cos * t;  b = sum sin * u;  y_m = a - i b, y_{p-m} = a + i b */
        char a[24], bb[24];
        snprintf(a, sizeof a, "a%d_%d", id, m);
        snprintf(bb, sizeof bb, "b%d_%d", id, m);
        sb_printf(g->b, "    kfft_real %s_x = %s.x, %s_y = %s.y, %s_x = 0, %s_y = 0;\n", a, in[0], a, in[0], bb, bb);
        for (int k = 1; k <= h; k++) {
            int r = (int)(((long long)m * k) % p);
            double c, sn;
            kfft_expi(r, p, &c, &sn);
            sn = -sn; /* kfft_expi gives exp(-i theta); the form above wants sin(theta) */
            if (zero(t[k])) continue; /* and u[k]: both inputs zero */
            sb_printf(g->b, "    %s_x += ", a);
            sb_real(g->b, c, !g->f64);
            sb_printf(g->b, " * %s.x; %s_y += ", t[k], a);
            sb_real(g->b, c, !g->f64);
            sb_printf(g->b, " * %s.y; %s_x += ", t[k], bb);
            sb_real(g->b, sn, !g->f64);
            sb_printf(g->b, " * %s.x; %s_y += ", u[k], bb);
            sb_real(g->b, sn, !g->f64);
            sb_printf(g->b, " * %s.y;\n", u[k]);
        }
        fresh(g, out[m]);
        fresh(g, out[p - m]);
        sb_printf(g->b, "    kfft_cplx %s = KFFT_MK(%s_x + %s_y, %s_y - %s_x);\n", out[m], a, bb, a, bb);
        sb_printf(g->b, "    kfft_cplx %s = KFFT_MK(%s_x - %s_y, %s_y + %s_x);\n", out[p - m], a, bb, a, bb);
    }
}

static int smallest_factor(int r)
{
    for (int d = 2; d * d <= r; d++)
        if (r % d == 0) return d;
    return r;
}

/* Decimation in time, r = p*q with p the smallest prime factor: p DFTs of length q over
 * the inputs s, s+p, s+2p, ..., twiddles W_r^{s k}, then q DFTs of length p. */
static void emit_dft(cg *g, int r, name_t *in, name_t *out)
{
    if (r == 1) {
        snprintf(out[0], sizeof(name_t), "%s", in[0]);
        return;
    }
    int p = smallest_factor(r), q = r / p;
    if (p == r) {
        if (r == 2 && zero(in[1])) { /* x0 + 0, x0 - 0 */
            snprintf(out[0], sizeof(name_t), "%s", in[0]);
            snprintf(out[1], sizeof(name_t), "%s", in[0]);
        } else if (r == 2) {
            fresh(g, out[0]);
            fresh(g, out[1]);
            sb_printf(g->b, "    kfft_cplx %s = cadd(%s, %s), %s = csub(%s, %s);\n", out[0], in[0], in[1], out[1], in[0], in[1]);
        } else {
            emit_prime(g, r, in, out);
        }
        return;
    }
    name_t sub[KFFT_CODELET_MAX][KFFT_CODELET_MAX / 2];
    for (int s = 0; s < p; s++) {
        name_t x[KFFT_CODELET_MAX / 2];
        for (int t = 0; t < q; t++) memcpy(x[t], in[s + p * t], sizeof(name_t));
        emit_dft(g, q, x, sub[s]);
    }
    for (int k = 0; k < q; k++) {
        name_t z[KFFT_CODELET_MAX], y[KFFT_CODELET_MAX];
        for (int s = 0; s < p; s++) emit_twiddle(g, r, s * k, sub[s][k], z[s]);
        emit_dft(g, p, z, y);
        for (int m = 0; m < p; m++) memcpy(out[k + q * m], y[m], sizeof(name_t));
    }
}

void gen_codelet(strbuf *b, int r, int live, int f64)
{
    cg g = {b, 0, f64};
    name_t in[KFFT_CODELET_MAX], out[KFFT_CODELET_MAX];
    if (live < r) sb_printf(b, "KFFT_DEVICE void kfft_dft%d_%d(kfft_cplx *v)\n{\n", r, live);
    else sb_printf(b, "KFFT_DEVICE void kfft_dft%d(kfft_cplx *v)\n{\n", r);
    for (int k = 0; k < r; k++) {
        in[k][0] = 0;
        if (k >= live) continue;
        snprintf(in[k], sizeof(name_t), "x%d", k);
        sb_printf(b, "    kfft_cplx x%d = v[%d];\n", k, k);
    }
    emit_dft(&g, r, in, out);
    for (int k = 0; k < r; k++) sb_printf(b, "    v[%d] = %s;\n", k, out[k]); /* none zero: x0 is live */
    sb_puts(b, "}\n");
}
