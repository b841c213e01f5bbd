/* Shared-memory bank model: which column padding (kspec.cpad) spreads a kernel's radix
 * passes over the 32 four-byte banks. A pass whose threads walk across columns (the column
 * index fastest: the global side of a strided axis or of a multi-pass transform) touches
 * addresses one column apart, and power-of-two columns, in-column padding included, put
 * them on the same banks: Nsight Compute counted 16-way conflicts on both passes of 2^16
 * (R = 256, B = 8) on the H100. For each padding below one bank row the model counts, per
 * warp instruction of a few sampled warps, the most distinct words one bank must serve (its
 * wavefronts), and keeps the cheapest. It mirrors the indices gen_emit_fft (passes.c),
 * emit_load and emit_store (kernel.c) write; a mismatch costs speed, never results. */
#include "gen/gen.h"

#define SAMPLE_WARPS 2

static int64_t sp(const kspec *k, int cpad, int64_t x)
{
    int s = ks_pad_shift(k->f64);
    int64_t y = k->pad == KS_PAD_SWZ ? x ^ ((x >> s) & ((1 << s) - 1)) : x + (k->pad ? x >> s : 0);
    return y + x / k->R * cpad;
}

/* Wavefronts of one warp instruction whose lanes touch the n distinct elements a[] (the
 * patterns modelled never repeat an element within an instruction). */
static int wavefronts(const kspec *k, const int64_t *a, int n)
{
    int words = k->f64 ? 4 : 2, bank[32] = {0}, most = 0;
    for (int i = 0; i < n; i++)
        for (int w = 0; w < words; w++) {
            int bk = (int)((a[i] * words + w) & 31);
            if (++bank[bk] > most) most = bank[bk];
        }
    return most;
}

/* A flat loop over the B*R elements (emit_load / emit_store): warp w's first iteration. */
/* Adds the wavefronts of an instruction to *cost, and the fewest it could take to *ideal. */
static void count(const kspec *k, const int64_t *a, int n, int64_t *cost, int64_t *ideal)
{
    int words = k->f64 ? 4 : 2;
    *cost += wavefronts(k, a, n);
    *ideal += (n * words + 31) / 32;
}

static void flat_cost(const kspec *k, int cpad, int along, int64_t *cost, int64_t *ideal)
{
    int64_t a[32], E = (int64_t)k->B * k->R;
    for (int w = 0; w < SAMPLE_WARPS && 32 * w < k->T; w++) {
        int n = 0;
        for (int l = 32 * w; l < 32 * w + 32 && l < k->T && l < E; l++) {
            int64_t c = along ? l / k->R : l % k->B, e = along ? l % k->R : l / k->B;
            a[n++] = sp(k, cpad, c * k->R + e);
        }
        count(k, a, n, cost, ideal);
    }
}

/* The sampled wavefronts of kernel k with column padding cpad; *ideal: the fewest possible. */
static int64_t kernel_cost(const kspec *k, int cpad, int64_t *ideal)
{
    int from_global, to_global;
    gen_kernel_io(k, &from_global, &to_global);
    int64_t cost = 0, a[32], Ns = 1;
    *ideal = 0;
    if (!from_global) flat_cost(k, cpad, gen_walk_along(k, 0), &cost, ideal);
    for (int p = 0; p < k->nrad; p++) {
        int r = k->rad[p], RB = k->R / r, NB = k->B * RB;
        int rd = from_global && p == 0, wr = to_global && p == k->nrad - 1, along = gen_pass_along(k, rd, wr);
        for (int w = 0; w < SAMPLE_WARPS && 32 * w < k->T; w++)
            for (int i = 0; i < r; i++)
                for (int side = 0; side < 2; side++) { /* read, then write */
                    if (side == 0 ? rd : wr) continue;
                    int n = 0;
                    for (int bf = 32 * w; bf < 32 * w + 32 && bf < k->T && bf < NB; bf++) {
                        int64_t bc = along ? bf / RB : bf % k->B, bj = along ? bf % RB : bf / k->B, x;
                        if (side == 0) x = bc * k->R + bj + (int64_t)i * RB;
                        else if (Ns > 1) x = bc * k->R + bj / Ns * Ns * r + bj % Ns + i * Ns;
                        else x = bc * k->R + bj * r + i;
                        a[n++] = sp(k, cpad, x);
                    }
                    count(k, a, n, &cost, ideal);
                }
        Ns *= r;
    }
    if (!to_global && !(k->ops & KS_MID_RADER) && k->st != KS_ST_R2C_PACK && k->st != KS_ST_HALF2)
        flat_cost(k, cpad, gen_walk_along(k, 1), &cost, ideal);
    return cost;
}

int64_t gen_smem_cost(const kspec *k, int64_t *ideal) { return kernel_cost(k, k->cpad, ideal); }

int gen_column_pad(const kspec *k, int64_t max_elems)
{
    /* One column: nothing to spread. Columns of other lengths seldom line up on one bank,
     * and their padding costs a division per access (x / R): on the H100, 3345^2 (Bluestein
     * columns of 6720, B = 2) lost 0.65 -> 0.54 of cuFFT with it. */
    if (k->B < 2 || (k->R & (k->R - 1))) return 0;
    kspec t = *k;
    int best = 0, rows = k->f64 ? 8 : 16; /* elements per 128-byte bank row */
    int64_t best_cost = -1, ideal;
    for (int c = 0; c < rows; c++) {
        t.cpad = c;
        if (ks_kernel_smem(&t) > max_elems) break;
        int64_t cost = kernel_cost(k, c, &ideal);
        if (best_cost < 0 || cost < best_cost) {
            best_cost = cost;
            best = c;
        }
        if (cost == ideal) break; /* conflict-free: no padding does better */
    }
    return best;
}
