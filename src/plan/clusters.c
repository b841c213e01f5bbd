/* When passes run as one launch in clusters (clusters.h), from measurements on the H100. */
#include "plan/clusters.h"

#include "plan/blocks.h"
#include "plan/factor.h"

/* Is the second of two passes (radix P = R[1]), after a Rader pass of one column per block, to
 * run across clusters of P such blocks (kspec.h: clu)? Its columns must be the plain ones
 * (one transform's side by side, not grouped) and its store one element at a time (not R2C's
 * pairs). Where it was measured to win against the two passes (kfft/cuFFT in one run,
 * bench/results/h100-2026-11-26h-cluster.txt): fp32 Rader blocks alone on their SM by shared
 * memory, P <= 5 (H100: 34886 2.41 -> 2.62, 52329 2.34 -> 2.41, 69772 2.43 -> 2.55, 87215
 * 2.99 -> 3.05, the 52329^2 sparse stencil 60.3 -> 57.8 ms; 104658 (P = 6) 2.18 -> 2.13,
 * 122101 (7) 3.00 -> 2.94: fewer clusters of lone blocks fit a GPC's SMs); fp64 P = 2 (H200:
 * 7822 0.90 -> 1.38, 20386 2.06 -> 2.46, 6442 1.60 -> 1.79, 15874 1.40 -> 1.36; H100: 24578
 * 2.10 -> 2.23), where P = 3..8 lost (36867 2.74 -> 2.54). Smaller fp32 blocks, several to an
 * SM, went either way (H200: 13828 2.90 -> 3.40, 15362 1.47 -> 1.60, but 14403 2.37 -> 2.00,
 * 20005 2.06 -> 1.17, 61445 1.93 -> 1.75), so they keep the two passes. */
int clu_rader_pass(const kspec *k0, const kspec *base, const int64_t *R, int np, int64_t rp, const kfft_device_info *info)
{
    if (!rp || np != 2 || k0->B != 1 || R[1] > info->cluster_max) return 0;
    if (base->f64 ? R[1] != 2 : (R[1] > 5 || 2 * ks_kernel_smem_bytes(k0) <= info->smem_optin)) return 0;
    return !base->tfast && !base->tgrp && base->st != KS_ST_HALF2 && base->st != KS_ST_R2C_PACK;
}

/* A 7-smooth complex transform that is not a power of two (fp32; radices 11 and 13 were not
 * measured), as one launch like the powers of two below: the fewest blocks P (2..8) whose columns M = N/P take at most 64 KB, where such
 * a column's block has at most 512 threads, bound to two blocks per SM above 256 (schedule.c:
 * gpasses). Returns M, or 0. H100, kfft/cuFFT against the two passes in the same runs (bench/results/
 * h100-2026-11-26k-smoothclu.txt): 27648 1.46 -> 2.12, 28672 1.39 -> 1.85, 32000 1.40 -> 1.89,
 * 36864 1.49 -> 2.01, 55296 1.63 -> 2.02, 50000 1.17 -> 1.46, 64000 1.23 -> 1.46, 36000 1.56 ->
 * 1.67, 43200 1.38 -> 1.55, 30000 1.19 -> 1.44, 40000 1.06 -> 1.28, 48000 1.56 -> 1.70, 56000
 * 1.44 -> 1.57; but 45000 (six columns of 7500, radix 15 first) 1.40 -> 1.31 and 54000 (eight of
 * 6750 = 15x15x15x2) 1.42 -> 1.21. Without the bound 36000's and 43200's 7200-point blocks (360
 * threads) compiled to 100 registers, one block per SM, and lost (1.01, 0.93); so did blocks of
 * more threads (46656 as six columns of 7776 at 648 threads: 1.03 -> 0.68) and larger columns,
 * one block per SM (110592 as eight of 13824: 1.41 -> 1.11, 1.48 unpadded; 73728 as six of
 * 12288: 1.40 -> 1.19). */
static int64_t smooth_columns(const kspec *base, int64_t N, const kfft_device_info *info)
{
    if (base->f64 || base->n != N || kfft_max_prime_factor(N) > 7 || base->ld != KS_LD_CPLX || base->st != KS_ST_CPLX || base->tfast ||
        base->tgrp)
        return 0;
    for (int64_t P = 2; P <= 8 && P <= info->cluster_max; P++) {
        if (N % P || N / P > 8192) continue;
        kspec k = *base;
        k.kind = KS_GPASS;
        if (blk_shape(&k, (int)(N / P), 1, kfft_radix_auto(N / P, 0), info)) return 0;
        return k.T <= 512 ? N / P : 0;
    }
    return 0;
}

/* smooth_columns' blocks of over 256 threads: bound to two per SM (36000's 7200-point columns
 * at 360 threads compiled to 100 registers unbound, one block per SM). */
int clu_column_regs(const kspec *k) { return (k->N & (k->N - 1)) && k->T > 256 ? blk_two_blocks_regs(k->T) : 0; }

/* A power-of-two complex transform as one launch: a first pass of one column of M points per
 * block, its loads strided by P, and the second, of radix P = N/M, across clusters of P blocks
 * (kspec.h: clu). Returns M, or 0. Columns of 64 KB (8192 points, fp64 4096), two or more
 * blocks per SM, with P = 4 (fp64 also 8); fp32 65536 in four columns of 16384. Against the
 * two passes (H100, bench/results/h100-2026-11-26h-cluster.txt parts 4 and 6, -26i-bmid.txt
 * part 2): 32768 0.80 -> 0.89 with two 16384-point columns, 0.86 -> 0.98 with four of 8192;
 * 65536 0.95 -> 1.02 with four of 16384 (eight of 8192: 0.99); 16384x32768 0.82 -> 0.88 -> 0.91;
 * fp64 16384 0.91 -> 0.96 with two of 8192, 0.97 -> 1.34 with four of 4096; fp64 32768 0.97 ->
 * 1.00 with four of 8192, 1.00 -> 1.11 with eight of 4096. One-block-per-SM columns in clusters of
 * eight lost (131072 0.95 -> 0.89, fp64 65536 0.95 -> 0.84): their loads wait (ncu of 65536:
 * long-scoreboard stalls, DRAM at 42%). Reading whole sectors instead (DIF: contiguous parts,
 * the radix-P pass over the cluster's shared memory first) moved every element between blocks
 * and lost to both (65536 0.64, -26h part 5). On 4 TB/s or more (an H200: 4814 GB/s peak as
 * read, 4.2 TB/s copied) the two passes' round trip costs less than those clusters' waits where
 * a column holds an SM (fp32 65536's 16384 points) or a cluster eight blocks (fp64 P = 8), and
 * than fp64 C2R's loads: H200, two reps (bench/results/h200-2026-11-28-calls.txt call 4), passes
 * against clusters: 65536 0.86 -> 0.98 of cuFFT, 64x65536 0.90 -> 0.99, R2C 2^17 1.15 -> 1.24,
 * C2R 2^17 1.04 -> 1.17, fp64 32768 0.86 -> 0.94, R2C 2^16 1.06 -> 1.22, C2R 2^15 1.17 -> 1.26;
 * the columns of 8192 (fp64 4096) points in fours keep their clusters there (passes lost 7-24%:
 * 32768 1.05 -> 0.90, R2C 2^16 1.13 -> 0.86, fp64 16384 1.24 -> 1.02, R2C 2^15 1.60 -> 1.33). */
int64_t clu_columns(const kspec *base, int64_t N, int64_t rp, const kfft_device_info *info)
{
    if (N & (N - 1)) return rp ? 0 : smooth_columns(base, N, info);
    int fast = blk_fast_memory(info);
    int64_t M = base->f64 ? 4096 : N == 65536 && !fast ? 16384 : 8192, P = N / M;
    if (rp || N % M || (P != 4 && !(base->f64 && P == 8 && !fast)) || P > info->cluster_max) return 0;
    /* The packed real routes of twice those lengths too: R2C's post-step in a store over pairs
     * of outputs (kernel.c: emit_cluster_store_r2c), C2R's pre-step in the loads. Against their
     * two passes (H100, same run, bench/results/h100-2026-11-26k-packclu.txt): R2C 2^16 0.83 ->
     * 1.12 of cuFFT (and no work area: 268 MB before), 2^17 1.28 -> 1.40; fp64 R2C 2^15 1.27 ->
     * 1.92, 2^16 (P = 8) 1.30 -> 1.45; C2R 2^16 0.68 -> 0.73, 2^17 1.16 -> 1.23, fp64 2^15 1.22
     * -> 1.31, but fp64 C2R 2^16 (P = 8) 1.23 -> 1.06, so C2R keeps P = 4. */
    int cplx = base->ld == KS_LD_CPLX && base->st == KS_ST_CPLX;
    int r2c = base->ld == KS_LD_PAIR && base->st == KS_ST_R2C_PACK;
    int c2r = base->ld == KS_LD_C2R_PACK && base->st == KS_ST_PAIR && P == 4 && !(fast && base->f64);
    return (cplx || ((r2c || c2r) && base->nreal)) && !base->tfast && !base->tgrp ? M : 0;
}
