/* Plane kernels (planes.h): when they run and their shape, from measurements on the H100 (and on
 * an H200 where its faster memory changes the answer). */
#include "plan/planes.h"

#include "plan/blocks.h"
#include "plan/factor.h"

/* Do `elems` elements fit a block's shared memory, padded (as build_stage's one-kernel bound)? */
static int fits(int64_t elems, int f64, const kfft_device_info *info)
{
    size_t smem = info->smem_optin > info->smem_per_block ? info->smem_optin : info->smem_per_block;
    return elems <= ks_smem_capacity((int64_t)smem, f64);
}

/* Planes of 1024 elements or more (with padding) in one block, both axes smooth; planes of
 * 8192 elements or more only 128 or more at a time. Against one kernel per axis, kfft/cuFFT in one run
 * (H100, bench/results/h100-2026-11-27-planes.txt, batches to 2^27 elements): 128^3 0.94 ->
 * 1.29, 64^3 0.92 -> 1.36, 100^3 1.00 -> 1.38, 80^3 0.79 -> 1.09, 32^3 0.96 -> 1.46, 256x128x128
 * 1.02 -> 1.40, 2-D 128^2 0.97 -> 1.67, 96^2 1.10 -> 1.69, 64^2 0.68 -> 1.36, 243x10 0.62 ->
 * 0.85; fp64 64^3 1.00 -> 1.46, 96^3 1.02 -> 1.21, 100^3 0.99 -> 1.35, 64^2 0.90 -> 1.68. Few
 * transforms (part 2, 2^14 and 2^21 elements): one 128^2 plane 0.98 -> 0.79 (11.5 -> 15.3 us: a
 * block does its plane's work alone, where two kernels spread it over 16 blocks), one 96^2 0.98
 * -> 0.90, but four 64^2 1.00 -> 1.19, 128 planes of 128^2 0.95 -> 1.28, 128^3 (128 planes) 0.99
 * -> 1.18. The R2C planes of 128^2 (128 x 64 packed, 8192 elements) lost likewise, up to 32 of
 * them (bench/results/h100-2026-11-27d-planes-real.txt part 2, the same build with and without
 * them: 13.4-14.2 us against 11.9-13.3 for 1 to 32 planes), where 96^2's (4608 elements) did
 * not (11.5-13.2 us against 11.8-14.9 for 1 to 56).
 * Larger planes of powers of two in a cluster of P blocks (CUDA), each holding n1/P rows (part
 * 3): fp32 in the fewest blocks that fit, where that is 4 or 8 (256^3 1.12 -> 1.16, 2-D 256^2
 * 1.03 -> 1.08, 64x512x256 0.98 -> 1.04), fp64 in eight blocks of at most 64 KB (128^3 1.00 ->
 * 1.22, 2-D 128^2 1.00 -> 1.36). Lost there: other P (fp32 192^3 in two blocks 1.00 -> 0.94,
 * 256^2 in eight 1.03 -> 0.88, again in session 32 with 512 threads too: 256^3 1.16 -> 1.01 and
 * 1.06, h100-2026-11-27h-check.txt; fp64 128^3 in two 1.03 against eight's 1.22), odd planes
 * (243^3 in three 1.13 -> 1.00), fp64 blocks alone on their SM (256^3 in eight of 128 KB 1.00 ->
 * 0.86, 192^3 in four 0.85 -> 0.81).
 * Real planes (type R2C or C2R; kspec.h: the R2C and C2R planes) in a cluster only in fp32,
 * planes of at most 256 KB: in eight blocks (32 KB each) where the rows split so, else four.
 * Four blocks against no plane, one run (bench/results/h100-2026-11-27f-realclu.txt part 4,
 * A B A B): R2C 256^3 1.08 -> 1.27, 2-D 256^2 1.02 -> 1.28, C2R 256^3 1.04 -> 1.16, 256^2 0.96 ->
 * 1.15. Eight against four (kfft tune's choice, C=8 at 256 threads: h100-2026-11-27j-check.txt
 * part 2; the rule, h100-2026-11-27k-prune.txt part 3, A B A B): R2C 256^2 1.29 -> 1.44, 256^3
 * 1.27 -> 1.33, 64x512x128 (512 x 64 packed) 0.92 -> 1.23, 128x128x512 (128 x 256) 1.13 -> 1.17;
 * C2R 256^2 1.15 -> 1.17, 256^3 1.18 -> 1.18, 64x512x128 1.10 -> 1.11, 128x128x512 1.04 -> 1.01
 * (one rule for both). Lost (f-realclu parts 1-3): two blocks of 128 KB (C2R 256^3 0.91, 256^2 0.79),
 * fp32 512^3 in eight of 128 KB (C2R 0.86 -> 0.76), fp64 in eight of 64 KB (C2R 256^3 0.92 ->
 * 0.81), four blocks' 512 threads at 256 or 1024 (R2C 256^3 1.20, 1.00), eight blocks at 512
 * (R2C 256^2 1.05), and an R2C store that read row -u from another block's shared memory (R2C
 * 256^3 1.05 in four; fp64 0.97 -> 0.80), where now each block holds rows u and -u (plane.c:
 * emit_plane_cluster).
 * On 4 TB/s devices (an H200) fp32 C2C and C2R planes take no cluster: a kernel per axis streams
 * faster than the cluster kernel (on the H100 that ran at 1.59 TB/s against the per-axis kernels'
 * 2.7-2.9, h100-2026-11-27-profile-planes.txt; there its two passes still won over their three).
 * H200 (bench/results/h200-2026-11-30g-calls.txt calls 1-2, same run, two reps): 256^3 1.06 ->
 * 1.15, inverse 1.07 -> 1.16, 2-D 256^2 0.91 -> 1.02, 130x256x256 1.11 -> 1.20, 512x256x256 1.05
 * -> 1.14, and held out: 256x512 0.79 -> 1.02, 128x512 0.82 -> 0.98, 128x128x512 0.86 -> 0.96,
 * 16x256x512 0.90 -> 1.08, 64x512x256 0.92 -> 1.04, 32x256x256 1.00 -> 1.09, 64x512x128 0.99 ->
 * 1.05, 512x128 0.97 -> 1.00; C2R 256^2 1.05 -> 1.13, 256^3 1.11 -> 1.17, 130x256x256 1.18 ->
 * 1.23, 512x256x256 1.12 -> 1.16, 64x512x128 1.07 even, 128x128x512 1.09 -> 1.06. The R2C's keep
 * them (256^3 1.25 against 1.15 without, 2-D 256^2 1.26 against 1.09, 64x512x128 1.17 against
 * 1.07), and so does fp64 (128^3 1.23 against 0.99, 2-D 128^2 1.43 against 0.99). */
int plane_blocks(int f64, int64_t n1, int64_t n2, int64_t planes, kfft_type type, const kfft_device_info *info)
{
    if (n1 < 2 || n2 < 2 || n1 * n2 < 1024 || !kfft_is_smooth(n1) || !kfft_is_smooth(n2)) return 0;
    if (n1 * n2 >= 8192 && planes < 128) return 0;
    if (fits(n1 * n2, f64, info)) return 1;
    if ((n1 & (n1 - 1)) || (n2 & (n2 - 1))) return 0;
    if (!f64 && type != KFFT_R2C && blk_fast_memory(info)) return 0;
    if (type != KFFT_C2C) { /* fp32 planes of at most 256 KB: eight blocks where the rows split so, else four */
        if (f64 || n1 * n2 * blk_elem_bytes(0) > 262144) return 0;
        for (int P = 8; P >= 4; P /= 2)
            if (P <= info->cluster_max && n1 % (2 * P * P) == 0) return P;
        return 0;
    }
    int P = 2; /* fp32: the fewest blocks that fit; fp64: eight, of at most 64 KB */
    while (P <= info->cluster_max &&
           !(fits(n1 * n2 / P, f64, info) && (!f64 || (P == 8 && n1 * n2 / P * blk_elem_bytes(1) <= 65536))))
        P *= 2;
    return P <= info->cluster_max && P >= 4 && n1 % (P * P) == 0 ? P : 0;
}

int plane_blocks_fit(int f64, int64_t n1, int64_t n2, int P, kfft_type type, const kfft_device_info *info)
{
    if (n1 < 2 || n2 < 2 || !kfft_is_smooth(n1) || !kfft_is_smooth(n2) || P < 1) return 0;
    if (P == 1) return fits(n1 * n2, f64, info);
    /* a cluster: powers of two whose rows split evenly (an R2C's blocks hold rows u and -u) */
    return !(n1 & (n1 - 1)) && !(n2 & (n2 - 1)) && !(P & (P - 1)) && P <= info->cluster_max && n1 % ((int64_t)P * P) == 0 &&
           (type != KFFT_R2C || n1 / P / P % 2 == 0) && fits(n1 * n2 / P, f64, info);
}

/* Per-pass twiddle tables W_{Ns r}^(i kk) of an in-block FFT, by butterfly (as blocks.c:
 * blk_local_tables makes them without split or direct tables). */
static void pass_tables(const kspec *k, int64_t *tw, kfft_table *t)
{
    int64_t Ns = 1;
    for (int p = 0; p < k->nrad; p++) {
        tw[p] = Ns > 1 ? tab_twiddles_grid(t, 1, k->rad[p] - 1, Ns, Ns * k->rad[p], !ks_tw_rows(k)) : 0;
        Ns *= k->rad[p];
    }
}

/* Threads: the more either FFT's shape asks (blocks.c: blk_shape), and a whole block's worth
 * for planes of 64 KB or more, which fit at most three to an SM by shared memory anyway (same
 * runs: 128^2 1.56 -> 1.67, 96^2 1.45 -> 1.69, 256x128x128 1.34 -> 1.40; for smaller planes
 * 1024 threads lost: 64^3 1.36 -> 1.08, 32^3 1.46 -> 0.79, 64^2 1.36 -> 0.90). Except real
 * planes (kspec.h: the R2C and C2R planes), which take 512. fp32: neither count spills (bench/
 * results/local-2026-11-27-plane-regs.txt) and 1024 leaves half the threads of the radix-16
 * passes idle; kfft tune, timing whole plans with the plane at 128..1024 threads, chose 512 for
 * both 128 x 64 ones (h100-2026-11-27d-planes-real.txt part 4: R2C 128^3 1.22 -> 1.35 of cuFFT,
 * C2R 0.97 -> 1.23; the default alone in h100-2026-11-27e-check.txt part 2: 1.35, 1.23). fp64:
 * at 1024 they spill 136-328 bytes a thread, at 512 none; the same build with and without
 * wisdom of T=512 (-27e-check.txt part 3, A B A B): R2C 128^3 1.11 -> 1.34, C2R 1.03 -> 1.10,
 * 2-D R2C 128^2 1.18 -> 1.64, C2R 1.03 -> 1.17, R2C 256x128x128 1.10 -> 1.34. */
kfft_status plane_shape(kspec *k, int64_t n1, int64_t n2, int P, const kfft_device_info *info, kfft_table *t)
{
    kspec rows = *k;
    int64_t M1 = n1 / P;
    kfft_status st = blk_shape(k, (int)M1, (int)n2, kfft_radix_auto(M1, k->f64), info);
    if (!st) st = blk_shape(&rows, (int)n2, (int)M1, kfft_radix_auto(n2, k->f64), info);
    if (st) return st;
    k->plane = (int)n2;
    k->nprad = rows.nrad;
    for (int p = 0; p < rows.nrad; p++) k->prad[p] = rows.rad[p];
    if (rows.T > k->T) k->T = rows.T;
    int real = k->ld == KS_LD_ROWPAIR || k->ld == KS_LD_C2R_PLANE;
    if (M1 * n2 * blk_elem_bytes(k->f64) >= 65536) k->T = real ? 512 : blk_block_cap(info);
    k->pad = blk_odd_part(n2) <= 3; /* the rows' power-of-two strides (the columns' walk across them spreads anyway) */
    pass_tables(k, k->tw_local, t);
    pass_tables(&rows, k->ptw, t);
    if (P > 1) { /* rows j + P m in block j; the radix-P pass across the cluster takes W_n1^(q kk) at (q-1)*M1 + kk */
        k->clu = P;
        k->istride *= P;
        k->tw_pb = tab_twiddles_grid(t, 1, P - 1, M1, n1, 0);
    }
    return KFFT_SUCCESS;
}
