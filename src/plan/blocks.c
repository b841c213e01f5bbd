/* Block shapes of the generated kernels (blocks.h): radices, columns, threads, register
 * bounds, in-block twiddle tables and staged rounds, each rule with the measurements that
 * chose it. */
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "plan/blocks.h"
#include "plan/factor.h"

/* Threads per block: 256 for blocks of a few thousand elements; up to 512 for the large
 * single-kernel transforms that use opt-in shared memory (one block per SM)... */
#define MAX_THREADS 256
#define MAX_THREADS_LARGE 512
/* ... and 1024 for those with a large odd part (Bluestein's 7-smooth lengths, 16464, 17496):
 * measured on the H100, 8219 +15%, 16464 +21%, 17496 +28%, while 16384 lost 14% at 1024
 * (bench/results/h100-2026-11-23-threads-experiment.txt). */
#define MAX_THREADS_ODD 1024

int64_t blk_elem_bytes(int f64) { return f64 ? 16 : 8; }

/* Fills a spec's in-block shape: radices of R (in a KFFT_RADIX_* mode), B columns, T threads. */
kfft_status blk_shape(kspec *k, int R, int B, int radix, const kfft_device_info *info)
{
    k->R = R;
    k->B = B;
    k->nrad = R > 1 ? kfft_codelet_radices(R, k->rad, KS_MAX_RADICES, radix) : 0;
    if (k->nrad < 0) return kfft_fail(KFFT_ERROR_INTERNAL, "no codelet decomposition for %d", R);
    int maxr = 1;
    for (int i = 0; i < k->nrad; i++)
        if (k->rad[i] > maxr) maxr = k->rad[i];
    int64_t T = (int64_t)B * R / maxr;
    int64_t odd = blk_odd_part(R);
    int want = (int64_t)B * R * 8 <= 49152 ? MAX_THREADS : odd > 3 ? MAX_THREADS_ODD : MAX_THREADS_LARGE;
    int cap = info->max_threads < want ? info->max_threads : want;
    if (T > cap) T = cap;
    if (T < 1) T = 1;
    k->T = (int)T;
    return KFFT_SUCCESS;
}

/* Does a block take its in-block twiddles from split tables in shared memory (kspec.h:
 * twsplit) rather than from per-pass global tables? Global tables of odd-radix and Rader or
 * Bluestein blocks are read by butterfly, 8*(r-1) bytes apart across a warp, and their
 * latency held the one-block-per-SM convolutions: Nsight Compute had 17443's warps stalled 14
 * of 25 cycles per instruction on L1TEX loads. Measured on the H100 (kfft/cuFFT, one build,
 * bench/results/h100-2026-11-25l-split.txt): 17443 2.09 -> 2.58, 52329 1.68 -> 2.00, 12289
 * 3.41 -> 3.73, 1021 0.98 -> 1.18, 4093 0.80 -> 0.94, 2039 0.72 -> 0.78, 6720 0.94 -> 0.99,
 * 3345^2 0.67 -> 0.79, R2C 52329^2 139 -> 121 ms; power-of-two blocks of 1024..4096 points
 * too (2^20 0.79 -> 0.89, R2C 4096^2 0.84 -> 0.95). Not where the global tables are small
 * enough to stay in L1 or a block runs at the copy rate: passes of 256 (2^16 0.96 -> 0.92),
 * Rader's 256 (257 1.42 -> 1.35), C2R's packed blocks (1024 0.92 -> 0.84), power-of-two
 * blocks of 8192 (0.93 -> 0.89). fp64 under the same rule (same file, part 6): 9000 0.62 ->
 * 0.87, 12289 2.19 -> 2.75, 4096^2 0.87 -> 1.11, R2C 4096^2 0.72 -> 0.89, 6720 1.06 -> 1.16,
 * 100003 1.27 -> 1.35; 4093, 10000, 17443 and 8219 within 2% either way. */
static int split_wins(const kspec *k, const kfft_device_info *info)
{
    if (k->nrad < 2) return 0;
    /* fp32 packed C2R blocks of two columns or more on 4 TB/s memory read global tables (their
     * tables are small, likely kept in L1; not profiled). H200, two reps each (bench/results/h200-2026-11-29g-calls.txt calls
     * 3-6, kfft/cuFFT): 7-smooth, c2r:1000 1.02 -> 1.11, 2000 1.31 -> 1.49, 1400 1.37 -> 1.61, 400
     * 2.37 -> 2.68, 1600 1.53 -> 1.65, 22 of 32 lengths and 2-D/3-D shapes faster, 8 slower (900
     * -6%, 720x720 -4%), geomean +3%; radices 11..31, 1334 1.15 -> 1.35, 124 1.10 -> 1.27, 9 of 14
     * faster, 3 slower (850 and 1972, 17 x 25 and 29 x 17 x 2 at 136 registers, -17% and -15%),
     * geomean +3%. The packed R2C's went both ways (r2c:2000 +5%, 640 -15%; 5 of 12 held out
     * faster) and complex blocks too (1000 +4%, 240 -10%; without a split at one column, 4500
     * +10%, 7776 -23%): those keep their split tables. */
    if (k->ld == KS_LD_C2R_PACK && !k->f64 && k->kind == KS_SINGLE && k->B >= 2 && !(k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) &&
        blk_fast_memory(info))
        return 0;
    if (k->R & (k->R - 1)) return 1;
    if (k->ld == KS_LD_C2R_PACK) return 0;
    /* The packed R2C's 8192-point block on 4 TB/s devices (build_stage makes it the widest
     * radices, padded, at 256 threads), whose twiddles otherwise come from global tables (it is
     * not alone on its SM, so takes no direct ones): H200 (bench/results/h200-2026-11-28c-calls.txt
     * call 4) R2C 16384 0.80 -> 0.85 of cuFFT, 64x16384 0.86 -> 0.90, 16x16x16384 0.93 -> 0.96;
     * R2C 32768's 16384 points, alone with direct tables, lost with them (0.98 -> 0.92). */
    if (k->kind == KS_SINGLE && !k->f64 && k->B == 1 && k->st == KS_ST_R2C_PACK && k->R == 8192 && blk_fast_memory(info)) return 1;
    /* Plain one-kernel blocks of 64..512 points (many columns per block): 64 0.97 -> 1.00, 128
     * 0.96 -> 1.00, 256 0.93 -> 1.00, R2C 1024 0.97 -> 0.99 in the every-block sweep
     * (h100-2026-11-25l-split.txt part 3); not timed under this rule alone. */
    if (k->R < 1024) return k->R >= 64 && k->kind == KS_SINGLE && !(k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER));
    return (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) || k->R <= 4096;
}

/* Blocks of k an SM holds by shared memory: the opt-in limit plus the 1 KB each block
 * reserves (H100: 228 KB), over the block's bytes plus its 1 KB. */
static int64_t smem_blocks(const kspec *k, const kfft_device_info *info)
{
    return ((int64_t)info->smem_optin + 1024) / (ks_kernel_smem(k) * (k->f64 ? 16 : 8) + 1024);
}

/* The blocks the direct tables and the powers of W^kk are for: fp32, one column, alone on
 * their SM by shared memory, with passes that take twiddles. Blocks of 4 columns of 4096 lost
 * 3-5% with direct tables (4096^2, 2^24: staging 4080 entries per block where the split pair
 * needs 128) and fp64's mostly bandwidth-bound blocks went both ways (R2C 16384 -7%, 9600 -9%,
 * C2R 16384 +6%). */
static int lone_column(const kspec *k, const kfft_device_info *info)
{
    return k->nrad >= 2 && k->B == 1 && !k->f64 && smem_blocks(k, info) == 1;
}

/* Which passes of a block alone on its SM (by shared memory) take their twiddles from direct
 * tables in the shared memory it leaves unused (kspec.h: twdirect): passes in order, so the
 * smallest tables first, while the kernel fits with a bank row to spare for gen_column_pad.
 * Where every pass with twiddles gets one, the split tables go. Measured on the H100 against
 * the split pair (kfft/cuFFT, bench/results/h100-2026-11-26c-direct.txt): 8219 2.66 -> 3.10,
 * 17443 2.74 -> 2.95, 52329 2.13 -> 2.24, 16464 2.35 -> 2.55, 16384 0.96 -> 1.03, 17496 0.88 ->
 * 0.91, R2C 8219^2 3.58 -> 4.00; the one-block convolutions issue a third fewer shared loads.
 * Covering the last pass too with half tables (products of two rows) lost everywhere (16384
 * 1.03 -> 0.82, part 3): each block stages its tables from L2 before its first pass. */
static void direct_passes(kspec *k, const kfft_device_info *info)
{
    int64_t eb = k->f64 ? 16 : 8, spare = 16;
    int all = 1; /* every pass so far has its table */
    for (int p = 1; p < k->nrad && all; p++) { /* pass 0 has no twiddles */
        k->twdirect[p] = 1;
        if ((ks_kernel_smem(k) + spare) * eb > (int64_t)info->smem_optin) k->twdirect[p] = all = 0;
    }
    if (all) k->twsplit = 0;
}

/* The most threads a block may have (1024 on CUDA devices). */
int blk_block_cap(const kfft_device_info *info) { return info->max_threads < 1024 ? info->max_threads : 1024; }

/* Registers a thread keeps beside a pass's data (addresses, indices, twiddles in flight):
 * what the rounds held across the pass's barrier may not take. */
#define STAGE_SPARE_REGS 16

/* The compiler's register bound for blocks of T threads, mb of them per SM (0 or 1: one): 64K
 * registers over the blocks it must fit (one block's threads in whole groups of four warps),
 * in steps of 8. */
static int reg_bound(int T, int mb)
{
    int cap = mb > 1 ? 65536 / (mb * T) / 8 * 8 : 65536 / ((T + 127) / 128 * 128) / 8 * 8;
    return cap > 255 ? 255 : cap;
}

/* The register bound (kspec.regs) that fits nb blocks of T threads on an SM's 64K registers. */
static int blocks_regs(int T, int nb) { return 65536 / (nb * T); }

int blk_two_blocks_regs(int T) { return blocks_regs(T, 2); }

/* Registers `rounds` rounds of radix-r butterflies take: two floats or four halves of doubles per value. */
static int data_regs(int r, int rounds, int f64) { return (f64 ? 4 : 2) * r * rounds; }

/* Registers of data the passes of radices rad[0..nr) over B columns of N points hold in rounds
 * at T threads: the most over the passes. */
static int rounds_regs(const int *rad, int nr, int B, int64_t N, int f64, int T)
{
    int most = 0;
    for (int i = 0; i < nr; i++) {
        int d = data_regs(rad[i], (int)(((int64_t)B * (N / rad[i]) + T - 1) / T), f64);
        most = d > most ? d : most;
    }
    return most;
}

/* Those registers (beside STAGE_SPARE_REGS) past the compiler's bound for one block per SM, or 0. */
static int rounds_excess(const int *rad, int nr, int B, int64_t N, int f64, int T)
{
    int x = rounds_regs(rad, nr, B, N, f64, T) + STAGE_SPARE_REGS - reg_bound(T, 0);
    return x > 0 ? x : 0;
}

/* A 7-smooth block without a Rader or Bluestein convolution: the lengths the 8192-butterfly
 * bound of odd_block_threads was measured on (on radices 11 and 13 it went both ways: 13750
 * -5%, 14256 +6%, bench/results/h100-2026-11-28c-lift.txt). */
static int measured_smooth(const kspec *k)
{
    return kfft_max_prime_factor(k->R) <= 7 && !(k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER));
}

/* Radices up to 13 or a Rader convolution, no Bluestein: the lengths the fp32 and fp64
 * two-blocks bounds and the fp64 padding were measured on (sessions 43-45; Bluestein's blocks
 * have their own rules: conv_threads, conv_regs). */
static int measured_radices(const kspec *k)
{
    return !(k->ops & KS_MID_BLUESTEIN) && ((k->ops & KS_MID_RADER) || kfft_max_prime_factor(k->R) <= 13);
}

/* Does a block of B columns of N points need more threads than a block may have for its
 * widest pass (a thread per butterfly), and would its passes then hold rounds past the bound? */
int blk_rounds_spill(int64_t N, int B, int f64, const kfft_device_info *info)
{
    int rad[KS_MAX_RADICES], nr = kfft_codelet_radices(N, rad, KS_MAX_RADICES, kfft_radix_auto(N, f64)), T = blk_block_cap(info), maxr = 1;
    for (int i = 0; i < nr; i++) maxr = rad[i] > maxr ? rad[i] : maxr;
    return (int64_t)B * (N / maxr) > T && rounds_excess(rad, nr, B, N, f64, T) > 0;
}


/* Rounds each pass keeps in registers (kspec.h: keep), CUDA only: where holding all of a
 * pass's rounds across its barrier would pass the register bound (beside STAGE_SPARE_REGS),
 * as many as fit, the rest staged in the shared memory the block leaves after its tables (as
 * many blocks per SM). 17443's radix-17 pass has 1026 butterflies for 1024 threads: two
 * rounds held 34 values a thread and spilled 184 bytes; staging the 2 of the second round
 * removes every spill. On the H100 (bench/results/h100-2026-11-26e-stage.txt, A/B in one run):
 * 17443 2.95 -> 3.20 of cuFFT, 52329 2.27 -> 2.34, R2C 52329^2 111.3 -> 108.7 ms, the sparse
 * 52329^2 stencil 61.9 -> 60.4 ms; on lengths not used to set the rule 12421 1.63 -> 2.00,
 * 12487 1.61 -> 1.96, 20749 3.11 -> 3.33, fp64 3931 1.03 -> 1.31, none lost. Only tails: staging
 * 229 of 8219's 1029 radix-16 butterflies lost (3.29 -> 3.25, 8219^2 2.97 -> 2.74), so at most an
 * eighth of a pass is staged; and not in blocks where one butterfly nearly fills the bound
 * alone (fp64 8929's radix 31 spills 3.5 KB anyway: 1.56 -> 1.45 staged). */
static void stage_rounds(kspec *k, const kfft_device_info *info)
{
    for (int p = 0; p < KS_MAX_RADICES; p++) k->keep[p] = 0;
    if (k->T <= 0 || info->dialect != KS_DIALECT_CUDA) return;
    int cap = reg_bound(k->T, blk_min_blocks(k, info)), fg, tg;
    for (int p = 0; p < k->nrad; p++)
        if (data_regs(k->rad[p], 1, k->f64) + 8 > cap) return; /* one butterfly nearly fills it */
    gen_kernel_io(k, &fg, &tg);
    int conv = (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) != 0;
    int64_t nb = smem_blocks(k, info);
    for (int p = 0; p < k->nrad; p++) {
        if (p == 0 && fg && !(conv && !ks_conv_fused(k))) continue; /* read from global memory only */
        int it = ks_rounds(k, p), kr = it;
        while (kr > 1 && data_regs(k->rad[p], kr, k->f64) + STAGE_SPARE_REGS > cap) kr--;
        if (kr < it) k->keep[p] = (unsigned char)kr;
        if (ks_staged(k, p) * 8 > (int64_t)k->B * (k->R / k->rad[p])) k->keep[p] = 0;
    }
    if (ks_kernel_smem(k) * blk_elem_bytes(k->f64) > (int64_t)info->smem_optin || smem_blocks(k, info) != nb)
        for (int p = 0; p < KS_MAX_RADICES; p++) k->keep[p] = 0;
}

/* Appends the in-block twiddle tables of spec k: pass p (radix r) multiplies element q of
 * butterfly kk by W_{Ns r}^(q kk) (kspec.h: ks_tw_rows), or split tables where split (a
 * measured choice: 1 on, 0 off) or else split_wins says so. */
void blk_local_tables(kspec *k, kfft_table *t, const kfft_device_info *info, int split)
{
    k->twsplit = 0;
    for (int p = 0; p < KS_MAX_RADICES; p++) k->twdirect[p] = k->twpow[p] = k->keep[p] = 0;
    int shift = 0;
    if (k->pfa) { /* no twiddles (kspec.h: pfa) */
        for (int p = 0; p < k->nrad; p++) k->tw_local[p] = 0;
        stage_rounds(k, info);
        return;
    }
    if (k->nrad >= 2 && (split >= 0 ? split : split_wins(k, info))) {
        /* L >= sqrt(R): both tables small; taken only where the block still fits, with as
         * many blocks per SM by shared memory as before. */
        shift = tab_split_shift(k->R);
        if (shift < 3) shift = 3;
        int64_t by_threads = k->T ? 2048 / k->T : 32; /* blocks per SM other limits allow */
        if (by_threads > 32) by_threads = 32;
        int64_t nb = smem_blocks(k, info);
        k->twsplit = 1 << shift;
        int64_t na = smem_blocks(k, info);
        if (nb > by_threads) nb = by_threads;
        if (na > by_threads) na = by_threads;
        if (ks_kernel_smem(k) * (k->f64 ? 16 : 8) > (int64_t)info->smem_optin || na != nb) k->twsplit = 0;
    }
    int lone = lone_column(k, info);
    if (lone) direct_passes(k, info);
    /* The split passes of radix 3..8 left in these blocks take powers of W^kk (kspec.h:
     * twpow). Measured on the H100 (bench/results/h100-2026-11-26d-twpow.txt): 8219 3.09 ->
     * 3.29 of cuFFT, 16464 2.54 -> 2.65, R2C 8219^2 3.98 -> 4.15, benzene 1.24 -> 1.19 ms,
     * 8219's error against double 2.2e-7 -> 2.8e-7 (cuFFT's about 3.4e-7). Elsewhere it
     * gained nothing (2^20, B = 4: 0.89 both) and cost accuracy: 100003's four 448-point
     * passes 2.5e-7 -> 5.6e-7 (cuFFT's about 3.7e-7); radices 16 and 32 too raised 4096^2's
     * 2.0e-7 -> 5.1e-7. */
    for (int p = 1; p < k->nrad; p++)
        k->twpow[p] = lone && k->twsplit && !k->twdirect[p] && k->rad[p] >= 3 && k->rad[p] <= 8;
    if (k->twsplit) {
        k->tw_lo = tab_split(t, k->R, shift);
        k->tw_hi = k->tw_lo + k->twsplit;
    }
    int64_t Ns = 1;
    for (int p = 0; p < k->nrad; p++) {
        int own = Ns > 1 && (k->twdirect[p] || !k->twsplit);
        k->tw_local[p] = own ? tab_twiddles_grid(t, 1, k->rad[p] - 1, Ns, Ns * k->rad[p], !k->twdirect[p] && !ks_tw_rows(k)) : 0;
        Ns *= k->rad[p];
    }
    stage_rounds(k, info);
}


/* A convolution kernel's radices reordered so the first and the last are equal (ks_conv_fused:
 * the middle then stays in registers): the largest even radix that repeats goes to both ends,
 * the others keep their order between. On the H100 (bench/results/h100-2026-11-25b-exp.txt):
 * 4093 0.66 -> 0.73 of cuFFT, 12289 2.50 -> 2.68, 7681 1.93 -> 2.01, 1021 1.02 -> 0.98; an odd
 * radix moved to the ends lost (8219: 21,16,7,7 as 7,21,16,7, more spills: 2.31 -> 1.72). */
void blk_conv_order(kspec *k)
{
    int v = 0, n = k->nrad;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (k->rad[i] == k->rad[j] && k->rad[i] % 2 == 0 && k->rad[i] > v) v = k->rad[i];
    if (!v || ks_conv_fused(k)) return;
    int rest[KS_MAX_RADICES], m = 0, seen = 0;
    for (int i = 0; i < n; i++)
        if (k->rad[i] != v || seen++ >= 2) rest[m++] = k->rad[i];
    k->rad[0] = k->rad[n - 1] = v;
    for (int i = 0; i < m; i++) k->rad[1 + i] = rest[i];
}

/* The default bound: fp32 blocks of 512 threads (passes, mixed-radix one-kernel blocks)
 * compile to 70-75 registers, one block per SM; 64 gives two (H100, bench/results/
 * h100-2026-11-25d-ab.txt and -final.txt: 2^22 0.67 -> 0.82 of cuFFT, R2C 2^20 0.84 -> 0.90,
 * 8192 0.78 -> 0.88, 8192^2 0.89 -> 0.94, 1024^2 0.93 -> 0.95). */
int blk_two_per_sm(const kspec *k, int f64, const kfft_device_info *info)
{
    return !f64 && k->T == 512 && info->dialect == KS_DIALECT_CUDA ? blk_two_blocks_regs(k->T) : 0;
}

/* The bound of a convolution block. fp32 Bluestein blocks of 257..352 threads and up to 48 KB
 * (convolutions of up to 6144 points) compile to 88-92 registers, two blocks per SM, where
 * shared memory holds three or more: bound to three. H100 (bench/results/h100-2026-11-28c-lift.txt
 * calls 3-4, h100-2026-11-28d-blue3.txt): every tenth of the 513 lengths it moves (1825..2939),
 * 52 of 52 faster, 1.02-1.20x, geomean 1.12 (2114 0.98 -> 1.14 of cuFFT, 2271 1.04 -> 1.25, 2794
 * 1.78 -> 2.07); the other tenth and 16 R2C/C2R/2-D cases, 67 of 67 held or gained, geomean 1.13
 * (r2c:2383 1.03 -> 1.34, R2C 1843^2 1.48 -> 1.66); at 256 threads the 4096-point blocks spilled
 * and lost (2011 1.05 -> 0.65), and larger blocks went both ways (6720 points: 3345 -1%,
 * 8575..9072 points -4 to -6%).
 * Other fp32 blocks of 257..512 threads that are not fused (ks_conv_fused after conv_order):
 * their spectrum multiply sits in the forward FFT's last store (kernel.c), whose r loads per
 * butterfly add a few registers; they then fell from two blocks per SM to one (3345's Bluestein
 * block of 320 threads: 96 -> 101 registers). Bound to two: on the H100 (bench/results/
 * h100-2026-11-26-convstore.txt) 3345 0.73 -> 0.88 of cuFFT, 4507 1.66 -> 2.55, 5801 1.61 ->
 * 2.43, 5407 2.17 -> 3.31, 8191 2.71 -> 2.75 (1.77 unbound). fp64 blocks keep their f64_block
 * choices (the store multiply alone won there: 4507 2.34 -> 2.56). */
int blk_conv_regs(const kspec *k, int f64, const kfft_device_info *info)
{
    if (f64 || k->T <= 256 || k->T > 512 || info->dialect != KS_DIALECT_CUDA) return 0;
    if ((k->ops & KS_MID_BLUESTEIN) && k->T <= 352 && (int64_t)k->B * k->R * 8 <= 49152 && smem_blocks(k, info) >= 3)
        return blocks_regs(k->T, 3);
    kspec o = *k;
    blk_conv_order(&o);
    return ks_conv_fused(&o) ? 0 : blk_two_blocks_regs(k->T);
}

/* Does the last pass fetch Bluestein's output chirp into registers after its butterflies,
 * before its stores (kspec.cfetch; passes.c)? It won (H200, bench/results/h200-2026-11-29j-
 * calls.txt call 3: 8219 2.99 -> 3.16 of cuFFT, C2R 8219 3.23 -> 3.36, 4093 1.01 -> 1.06,
 * 3345^2 1.09 -> 1.12, benzene's sparse 2-D FFT 1.146 -> 1.099 ms; fetched before the
 * butterflies it spilled and lost, 8219 2.82). The values cost registers: 2039's 256-thread
 * blocks went from 128 to 135, one block per SM instead of two (1.05 -> 0.80). So in one
 * kernel only where the registers cannot take a block away: a launch bound of two blocks or
 * more, or blocks of 512 threads or more (their codelets need over 64 registers, one block
 * per SM anyway). The last of Bluestein's passes holds few values a thread and takes it
 * always (call 7: 2000003 1.35 -> 1.44, 65537 1.475 -> 1.525, 32771 1.745 -> 1.805, 1000003
 * 1.45 -> 1.48, fp64 1000003 1.075 -> 1.11; 131071, 200003, 500009, C2R 100003 even). */
int blk_chirp_fetch(const kspec *k)
{
    return (k->ops & KS_POST_CHIRP) && (k->kind == KS_GPASS || k->minb >= 2 || k->T >= 512);
}

/* Does a one-kernel packed real block pair its butterflies j and RB - j of the pass touching
 * the user's side in one thread (kspec.rpair)? R2C's last pass then stores the post-step from registers, without the pass
 * through shared memory and the barrier after it; C2R's first loads each X[k] once, not twice
 * (as X[k] and as X[M-k]), and makes the pre-step in registers. A thread takes two rounds of
 * the pass: where the pass has one round a thread, half the threads idle in it. H200, kfft/cuFFT
 * in one run, rule off and on (bench/results/h200-2026-11-29k-calls.txt calls 2-5):
 * - fp32 R2C, R <= 2048, every thread two rounds, 64 butterflies a column or more (a warp's
 *   stores then stay in runs of 32 elements): 2048 0.87 -> 0.93, 4000 1.50 -> 1.58, 1000 1.22
 *   -> 1.27, 2048^2 0.94 -> 0.97, 1000^2 0.88 -> 0.89; held out: 900 1.75 -> 1.89, 700 1.86 ->
 *   1.95, 4000^2 1.23 -> 1.25, 3072 3.06 -> 2.99. Left out as measured: 20 butterflies a column
 *   (400: 2.81 -> 1.33, stores in runs of 10), larger blocks (6000 -5%, 8000 -18%, 16384 -3%,
 *   32768 -29%), idle threads (8192 0.88 -> 0.55); fp32 C2R lost everywhere (16384 0.83 -> 0.50).
 * - fp64 C2R, R <= 1200, two columns a block or more: 28 of 31 faster (448 0.97 -> 1.26, 1120
 *   1.32 -> 1.67, 2048 0.67 -> 0.80, 1536 1.56 -> 1.85, 800 1.71 -> 2.02, 512 0.79 -> 0.89, 1024^2
 *   0.93 -> 1.00, 512^3 0.91 -> 0.95), 600 1.32 -> 1.15, 640 and 480 x 640 -5%. Left out as
 *   measured: one column (2304 1.62 -> 1.24, 2160 -5%; 2400 +7%) and R over 1200 (3000 1.66 ->
 *   1.16, 4096 0.92 -> 0.48, 16384 1.26 -> 0.67). Held out (h200-2026-11-29l-calls.txt call 2):
 *   14 of 19 faster (1008 1.73 -> 2.52, 672 1.19 -> 1.53, 420 1.01 -> 1.32, 1344 1.29 -> 1.57,
 *   1536^2 1.47 -> 1.58), 1960 0.97 -> 0.83, 864 1.50 -> 1.42, 1728 0.67 -> 0.65.
 * - fp64 R2C under the fp32 R2C's conditions (call 2): 7 of 8 faster, none slower (576 1.38 ->
 *   1.41, 640 1.59 -> 1.64, 700 1.62 -> 1.66, 1000 0.97 -> 1.01, 1000^2 1.13 -> 1.15, 2048^2
 *   1.00 both); its one-round form had lost (1024 0.96 -> 0.72).
 * The H100's plans keep shared memory. */
int blk_real_pairs(const kspec *k, const kfft_device_info *info)
{
    if (!blk_fast_memory(info) || !ks_rpair_ok(k)) return 0;
    if (k->st == KS_ST_R2C_PACK) {
        int rb = k->R / k->rad[k->nrad - 1];
        return k->R <= 2048 && rb >= 64 && ((int64_t)k->B * rb) % (2 * k->T) == 0;
    }
    return k->f64 && k->R <= 1200 && k->B >= 2;
}

/* A register bound (k->regs) as the blocks per SM the compiler must make room for: as many
 * as shared memory and threads allow, at most 64K / (T * regs) (an SM's registers). Defaults
 * set one only for fp32 blocks of 512 threads (passes and mixed-radix one-kernel blocks, 64:
 * two blocks per SM; bench/results/h100-2026-11-25d-*.txt); elsewhere a bound of 96 or 64 won
 * on some one-kernel sizes and lost on others (h100-2026-11-25b-exp.txt: 127 +9%, 2039 +10%,
 * C2R 1024 +8%, 257 +21% at 64; 1021 -16%, 4093 -60% at 64, 256-thread passes of 2^20 -24%),
 * so kfft_tune measures it. The SM's
 * shared memory is taken as the opt-in limit plus the 1 KB each block reserves (H100: 228 KB). */
int blk_min_blocks(const kspec *k, const kfft_device_info *info)
{
    if (!k->regs || info->dialect != KS_DIALECT_CUDA) return 0;
    int64_t mb = smem_blocks(k, info), mt = 2048 / k->T;
    int64_t mr = 65536 / ((int64_t)k->T * k->regs);
    if (mt < mb) mb = mt;
    if (mr < mb) mb = mr;
    return mb > 1 ? (int)mb : 0;
}

/* t threads rounded up to whole warps. */
static int64_t warps(int64_t t)
{
    return (t + 31) / 32 * 32;
}

/* The narrowest and widest of k's radices. */
static void radix_range(const kspec *k, int *minr, int *maxr)
{
    *minr = k->R;
    *maxr = 1;
    for (int i = 0; i < k->nrad; i++) {
        if (k->rad[i] < *minr) *minr = k->rad[i];
        if (k->rad[i] > *maxr) *maxr = k->rad[i];
    }
}

/* A plain complex block: complex in and out, not a packed or two-for-one real transform's. */
static int plain_complex(const kspec *k) { return !k->nreal && !k->ntr && k->ld == KS_LD_CPLX && k->st == KS_ST_CPLX; }

/* Threads for an fp32 complex one-kernel block without a register bound, on 4 TB/s CUDA devices:
 * rounded up to whole warps, as Rader blocks are (blk_rader_threads). The warps are the same; the
 * last round's threads test their butterfly, and the compiler then keeps fewer registers live
 * (1000's 10x10x10 at 200 threads: 47 registers, 6 blocks per SM; at 224: 32, 9; NVRTC, locally,
 * scripts/sass_count.py). H200, same run, two reps each (bench/results/
 * h200-2026-11-29n-calls.txt calls 2-3, kfft/cuFFT): 1000 0.91 -> 0.99, 2025 0.81 -> 0.93, 1400
 * 0.85 -> 0.93, 1500 0.96 -> 1.01, 1360 0.86 -> 0.97, 2116 0.92 -> 0.99, 135 1.15 -> 1.53, 450
 * 1.03 -> 1.17, 2700 0.83 -> 0.87, 625 0.83 -> 0.86, 744 0.95 -> 0.99; 2-D and 3-D: 720^2 1.11 ->
 * 1.23, 2025^2 1.11 -> 1.18, 1000^2 0.89 -> 0.92, 1400^2 0.88 -> 0.91, 500^3 and 243^3 +0.01;
 * 250, 500, 198, 891, 1080, 1836, 2592, 3250, 4000 and 2000^2 within 0.02. Lost: 3705 1.67 ->
 * 1.55 (72 -> 80 registers), 1122 2.30 -> 2.17, 520 2.37 -> 2.30, all well ahead of cuFFT
 * either way. Two-for-one real blocks lost (c2r:4095 2.05 -> 1.82, c2r:1125 2.04 -> 1.83,
 * r2c:1575 2.48 -> 2.32; r2c:2015 2.23 -> 2.64): they keep their threads. */
int blk_complex_threads(const kspec *k, const kfft_device_info *info)
{
    return blk_fast_memory(info) && info->dialect == KS_DIALECT_CUDA && !k->f64 && !k->regs && plain_complex(k) ? blk_whole_warps(k, info) : k->T;
}

/* Do a strided axis's column blocks (several columns a block, over 256 threads: 1000^3's 8 at
 * 800, 3375^2's 4 at 928) take the bound to two blocks per SM (schedule.c build_stage)? Complex
 * plans do (measured on the H100 there), except on 4 TB/s devices where shared memory holds
 * exactly two blocks: unbound they run one block per SM and gain. H200, same run,
 * two reps each (bench/results/h200-2026-11-29n-calls.txt calls 1-3, kfft/cuFFT): 3375^2 0.97 ->
 * 1.65, 3528^2 1.08 -> 1.82, 3430^2 1.05 -> 1.52, 3150^2 0.93 -> 1.40, 3402 x 1024 1.13 -> 1.51,
 * 3456^2 0.70 -> 0.97, 3087^2 0.75 -> 1.03, 2940 x 4096 0.61 -> 0.85, 3500^2 1.19 -> 1.49, 3200^2
 * 0.83 -> 0.98, 2835^2 1.39 -> 1.61, 2744^2 0.80 -> 0.90, 3024 x 256 1.33 -> 1.48, 2520^2 1.41 ->
 * 1.49, 3000^2 1.45 -> 1.53; 2430^2, 2450^2, 2500^2, 2800^2, 3125^2 and 2916 x 224 within 0.02.
 * Where shared memory holds three (2352 x 4 columns and fewer points) the bound won: unbound,
 * 2352^2 1.66 -> 1.51, 2352 x 6300 1.71 -> 1.57, 2250^2 1.22 -> 1.08, 2240^2 1.76 -> 1.64, 2160^2
 * 1.51 -> 1.40, 2100 x 7875 1.78 -> 1.66, and so did 1000^3 (0.90 -> 0.77, h200-2026-11-29m-
 * calls.txt call 1). The bound's spills do not tell them apart (2352 x 4: 104-128 bytes of spill
 * stores, 3087 x 4: 96-100, both through NVRTC), nor its registers a point; shared memory does
 * (why is not measured: perhaps the L1 left beside it for the spills). Blocks of four per SM by
 * shared memory (400^3, 441^3, 875^3, 420^3) went both ways unbound (+9%, -7%, -6%, +4%): bound;
 * so do blocks of one (4000 x 4 columns: wide_column_pad's measured choice).
 * Real plans take it on 4 TB/s devices only, where no radix is wider than 16 and the bound leaves
 * four registers a point of the widest radix. H200 (h200-2026-11-29m-calls.txt, two reps; unbound
 * these compile to 43-45 registers, one block per SM): R2C 1000^3 0.86 -> 0.98, C2R 0.83 -> 0.93,
 * R2C 900^3 0.97 -> 1.22, 500^3 1.05 -> 1.27, C2R 500^3 1.00 -> 1.23, 1000^2 0.91 -> 1.02, 900^2
 * 1.11 -> 1.37; held out, 480^3 1.14 -> 1.44, 972^3 1.27 -> 1.42, 500^2 1.19 -> 1.38, C2R 1920^2
 * 1.60 -> 1.95, 1000 x 4410 0.86 -> 0.96. Radices of 18 and 20 lost with the bound (3456^2 1.23
 * -> 0.76, 3000^2 1.58 -> 1.31, 400^3 2.25 -> 2.11), and so did bounds under four registers a
 * point (2744^2, 14 at 40: 1.22 -> 0.89, 3375^2 15 at 35: 1.66 -> 1.21, 3430^2 10 at 32: 1.42 ->
 * 1.11, 2700^2 15 at 44: 1.32 -> 1.24); 1000^3 (10 at 40) is at the edge. On the H100 the bound
 * lost for real plans (schedule.c). Twice the columns unbound (1024 threads) gained less: R2C
 * 1000^3 0.95. */
int blk_columns_bound(const kspec *k, int real, const kfft_device_info *info)
{
    if (!blk_fast_memory(info)) return !real;
    if (!real) return smem_blocks(k, info) != 2;
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    return maxr <= 16 && blk_two_blocks_regs(k->T) >= 4 * maxr;
}

/* Radices balanced enough that one thread per butterfly of the narrowest pass leaves few idle
 * in the widest: the widest at most 1.5 times the narrowest. */
static int balanced(int minr, int maxr) { return 2 * maxr <= 3 * minr; }

/* A thread per butterfly of the pass of radix r, up to block_cap. */
static int pass_threads(const kspec *k, const kfft_device_info *info, int r, int whole_warps)
{
    int64_t T = (int64_t)k->B * k->R / r;
    if (whole_warps) T = warps(T);
    return (int)(T < blk_block_cap(info) ? T : blk_block_cap(info));
}

/* A thread per butterfly of the widest radix's pass (every thread busy in every pass), up to block_cap. */
int blk_widest_pass_threads(const kspec *k, const kfft_device_info *info)
{
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    return pass_threads(k, info, maxr, 0);
}

/* fp32 one-column blocks whose widest radix is a prime codelet past 31 points (37..61) hold that
 * codelet's p values and twiddles a thread: where a rule measured on radices up to 31 bound their
 * registers, a thread per butterfly of that pass, in whole warps, unbound. Bound, they spilled
 * offline (sass_count, H200 plans: 5133 = 59x29x3 at 512 threads and 64 registers 1580 bytes; C2R
 * 10266's packed 5133 at 87 threads and 106 registers 660 bytes). H200, against the bounds
 * (bench/results/h200-2026-12-01b-calls.txt call 3): 4920 1.95 -> 3.99 of cuFFT, 4300 1.84 ->
 * 3.04, C2R 5900 0.34 -> 2.83, C2R 2322 1.30 -> 2.61, C2R 10266 1.07 -> 1.44, 64 x 4300 1.78 ->
 * 2.40; 5133 itself 1.70 -> 1.60 (96 threads: three warps a block, two blocks an SM). */
void blk_wide_prime_block(kspec *k, const kfft_device_info *info)
{
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    if (k->f64 || k->B != 1 || !k->regs || maxr <= KFFT_MAX_CODELET_PRIME || kfft_max_prime_factor(maxr) != maxr) return;
    k->T = pass_threads(k, info, maxr, 1);
    k->regs = 0;
    k->spill_bet = 0;
}

/* A thread per butterfly of the narrowest radix's pass (every pass one round), in whole warps, up to block_cap. */
int blk_narrowest_pass_threads(const kspec *k, const kfft_device_info *info)
{
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    return pass_threads(k, info, minr, 1);
}

/* Threads of an fp32 convolution block of up to 6144 points (48 KB) whose length is not a power
 * of two. From 4000 points (32-48 KB), where the radices are balanced (the widest at most 1.5
 * times the narrowest): one per butterfly of the pass with the most (the narrowest radix), in
 * whole warps, up to 384, so every pass is one round where the default (one thread per
 * butterfly of the widest pass, or 256) took two for most. H100, A/B of 48 primes (bench/results/
 * h100-2026-11-26-convthreads.txt): every one of the 11 in that range gained, 2011 0.62 ->
 * 0.71 of cuFFT, 2309 0.77 -> 0.97, 2347 0.76 -> 0.97, 2423 0.67 -> 0.90, 2591 0.64 -> 0.88,
 * 2699 0.58 -> 0.78, 3019 0.62 -> 0.85, 2503 0.78 -> 0.85, and 21 of 22 more measured after
 * the rule was set (2053 0.82 -> 1.17, 2833 0.54 -> 0.75, 4861 3.19 -> 3.94; 2357's 21x15x15
 * lost, 0.95 -> 0.89). In smaller blocks the same rule was mixed (15 gained, 3511 0.91 ->
 * 1.23, 1789 0.63 -> 0.87, 283 0.76 -> 1.13; 11 lost, 3457 1.54 -> 1.27, 1123 1.19 -> 1.00,
 * 823 0.87 -> 0.75), and with unbalanced radices or over 384 threads it lost (1103's 21x21x5
 * at 448 threads 0.99 -> 0.71, 1709's 10x7x7x7 at 512 1.01 -> 0.83).
 * Rader blocks take it at any size up to 48 KB, balanced radices or not, up to 256 threads:
 * over all 91 Rader primes <= 8192 the wider rule moved (up to 384 threads; bench/results/
 * h100-2026-11-27za-small.txt, call 4), those at <= 256 threads (68) ran 1.25x faster on
 * geometric mean, five slower (601 0.87x, 521 0.92x, 701 0.93x, 1801 0.95x, 617 0.97x): 3529
 * 1.87x, 379 1.87x, 3121 1.76x, 421 1.74x (0.75 -> 1.30 of cuFFT), 1783 1.53x; those over 256
 * lost in 14 of 23 (353 0.64x, 677 0.66x, 3457 0.82x); from 4000 points they take up to 448
 * (bench/results/h100-2026-11-27zd-rader64.txt: 4159 = 21x18x11 at 384 1.38x against whole warps
 * of its widest pass, 4621 at 448 1.49x, 5881 at 448 1.34x). Bluestein's small blocks (kfft
 * tune's candidates there and session 19) lost in 10 of 20 under this rule: conv_threads has
 * theirs. */
int blk_every_pass_threads(const kspec *k, const kfft_device_info *info)
{
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    int64_t T = warps((int64_t)k->B * k->R / minr);
    int rule = (int64_t)k->B * k->R >= 4000 && balanced(minr, maxr) && T <= 384;
    int rader = (k->ops & KS_MID_RADER) && (T <= 256 || ((int64_t)k->B * k->R >= 4000 && T <= 448));
    if (!(rule || rader) || T > blk_block_cap(info) || T < k->T) return k->T;
    return (int)T;
}


/* Threads of a Bluestein block, in whole warps. Of one convolution of 1600..8192 points with
 * three passes: one per butterfly of the narrowest radix's pass (every pass one round) where that
 * is at most 4/3 of one per butterfly of the widest's, else the latter; with more, the default
 * rounded up to whole warps in fp32 (fp64 keeps it); fp64 blocks under 1600 points or of several
 * columns, whole warps. Never fewer than the rules before gave. Those left passes a few
 * butterflies over the block (6480 = 18x20x18 at 352 threads, 360 in its radix-18 passes; 6000
 * at the 256 of blocks under 48 KB, 400 in its radix-15 pass) and partial warps, and a pass of
 * two rounds holds both in registers across its barrier. H100, fp32 C2C (bench/results/
 * h100-2026-11-27zc-bluethreads.txt): 26 lengths at each candidate, then an A/B of 72 others:
 * 6480 1.68x, 6804 1.73x, 6075 225 -> 256 threads 1.70x, 3528 196 -> 256 1.62x, 3150 1.41x,
 * 5600 1.39x, 3360 1.22x; over 4/3 the narrowest pass's count lost (3456 = 18x16x12 at 288
 * against 192 0.81x, 1680 and 2250 0.84x), and so did more threads for four passes (3430 =
 * 10x7x7x7 256 -> 352 0.72x, 4900, 5250, 3500 0.95x) and blocks under 1600 points (1120 80 ->
 * 96 0.77x, 1125 0.85x; 1200 1.32x). Every length it moves (66, 159 primes <= 4096) was measured
 * at its new count: 1.17x geomean over the primes, four lengths 0.96-0.98x. fp64 (bench/results/
 * h100-2026-11-27zd-rader64.txt, 39 primes at each rule): three passes 1.04-1.60x in 16 (1823
 * 1.60x, 2129 1.54x, 1787 1.45x, 1663 1.39x, 1087 1.38x, 1031 1.30x), 1613 = 27x15x8 0.86x, 2803
 * 0.95x; four passes in whole warps 0.95-0.99x (3607, 3767, 3967: kept); whole warps under 1600
 * points 1.02-1.56x (283 1.56x, 109 1.23x, 691 1.22x). */
int blk_conv_threads(const kspec *k, const kfft_device_info *info)
{
    int minr, maxr, cap = blk_block_cap(info);
    radix_range(k, &minr, &maxr);
    int64_t widest = warps(k->R / maxr), every = warps(k->R / minr), T;
    int small = k->R >= BLK_CONV_SMALL_MIN && k->R <= BLK_CONV_SMALL_MAX;
    if (k->B == 1 && small && k->nrad <= 3) T = 3 * every <= 4 * widest ? every : widest;
    else if (k->B == 1 && small) T = k->f64 ? k->T : warps(k->T);
    else if (k->f64 && k->R <= BLK_CONV_SMALL_MAX) T = warps(k->T);
    else T = k->T;
    return T <= cap && T > k->T ? (int)T : k->T;
}

/* Threads of a Rader block of up to 48 KB, in whole warps: H100 (bench/results/
 * h100-2026-11-27zd-rader64.txt), fp32 every such block of partial warps (28 primes), 1.01-1.97x
 * but two (331 0.96x, 3823 0.99x): 2917 = 18x9x18 162 -> 192 threads 3.44 -> 1.75 ms (0.58 -> 1.14
 * of cuFFT), 4001 1.68x, 3511 1.39x, 859 1.32x; R2C/C2R 2917 1.81-1.84x, 2917^2 1.38x. fp64, 20
 * primes: 1.08-1.76x where the block holds several transforms or up to 160 threads (271 1.37x,
 * 811 1.76x, 1051 1.68x, 3001 1.47x; 1801 0.94x, 661 0.97x), one transform over 160 lost
 * (2689's 168 -> 192 0.73x, 2521 and 2861 0.97x). */
int blk_rader_threads(const kspec *k, const kfft_device_info *info)
{
    int T = blk_whole_warps(k, info);
    return k->f64 && k->B == 1 && T > 160 ? k->T : T;
}

/* fp32 one-kernel Rader blocks bound to 64 registers: under 3000 points at up to 128 threads where
 * n-1 has a prime factor of 23..31, and from 3000 points where it has one of 17..31 and no other
 * rule bound the block. Their 17..31-point codelets compile to 96-132 registers, which left 2-10
 * blocks an SM; at 64, spilling a little, more fit. H200, same binary, two reps each: under 3000
 * (bench/results/h200-2026-12-02d-calls.txt: kfft tune took the bound for 1117, 2437, 1381, 349,
 * then 12 of 12 cases not tuned faster, 311 0.82 -> 1.14 of cuFFT, 2089 1.23 -> 1.59, C2R 1277
 * 1.46 -> 1.72; a factor of 17 alone compiles to fewer there, 1021: 56, and lost); from 3000
 * (h200-2026-12-02e-calls.txt: 28 primes 3163..6091 26 faster, 1.28x geomean, 5581 3.64 -> 5.25,
 * 6073 3.57 -> 5.24, 4409 2.98 -> 4.02; then 62 cases besides, with 17 and 19 and over 48 KB,
 * R2C/C2R and 2-D, 1.14-1.17x: 6449 2.47 -> 3.87, C2R 5237 3.51 -> 5.21, 64 x 5209 2.50 -> 3.57;
 * 7937's 16x31x16 0.94x, the worst). 80 registers won fewer (1.06-1.25x); under 3000 points at
 * more threads 1289 gained, 1151, 1657 and their R2C/C2R did not: left unbound. */
int blk_rader_wide_regs(const kspec *k)
{
    int64_t pts = (int64_t)k->B * k->R;
    if (k->f64 || !(k->ops & KS_MID_RADER)) return 0;
    int mpf = kfft_max_prime_factor(k->R);
    if (pts < 3000) return k->T <= 128 && mpf >= 23 ? 64 : 0;
    return mpf >= 17 && !k->regs ? 64 : 0;
}

/* fp64 one-kernel Rader blocks no other rule bound, bound to the blocks an SM their shared memory
 * and threads allow: their codelets compiled to 80-170 registers, which left 2-5 blocks an SM where
 * shared memory holds 4-9. The floor is 64 registers where every radix (after PFA) is at most 15,
 * 96 where one is wider (16..32), whose codelets spilled too much at 64. H200, same binary, two
 * reps (bench/results/h200-2026-12-02f-calls.txt): call 3, 18 primes 257..5501 at 64 everywhere
 * 1.11x geomean (3389 2.14 -> 3.14 of cuFFT, 5501 3.57 -> 4.71; 757's 27x7x4 0.89x), 96 everywhere
 * 1.07x, the floors as here 1.15x; call 5, held out, 18 more primes and R2C/C2R/2-D: 1.18x, 21 of
 * 24 faster (6007 3.78 -> 4.79, 2311 3.62 -> 4.58, 1453 0.70 -> 0.91, R2C 2003 1.70 -> 3.07,
 * 2003^2 1.36 -> 1.90); slower 1249's 32x13x3 at 96 threads (1.06 -> 0.72) and C2R 1601 0.96x.
 * So the bound is a spill bet of RADER_F64_SPILL local bytes a thread (plan.c): the winners'
 * stack frames were 0-392 bytes (2081's 392, 1.11x), 1249's 552 (scripts/sass_count.py; of the
 * 121 primes to 6199 it binds, 1249 and 2593 go past, local-2026-12-02e-f64-rader-stack.txt).
 * The same bound lost on Bluestein blocks (fp32 17 primes 0.74x at 64, 0.97x at 96; fp64 17
 * primes 0.71x and 0.94x): their spills cost more. */
#define RADER_F64_SPILL 512
void blk_rader_f64_bound(kspec *k, const kfft_device_info *info)
{
    if (!k->f64 || k->regs || !(k->ops & KS_MID_RADER) || info->dialect != KS_DIALECT_CUDA || info->no_spill_bets) return;
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    int64_t t = warps(k->T), nb = smem_blocks(k, info);
    if (2048 / t < nb) nb = 2048 / t;
    int64_t r = 65536 / (t * nb) / 8 * 8, floor = maxr <= 15 ? 64 : 96;
    if (r > 255) return;
    k->regs = (int)(r < floor ? floor : r);
    k->spill_bet = RADER_F64_SPILL;
}

/* k's threads in whole warps (where the block may have them). */
int blk_whole_warps(const kspec *k, const kfft_device_info *info)
{
    int64_t T = warps(k->T);
    return T <= blk_block_cap(info) ? (int)T : k->T;
}

/* Is a Bluestein block padded? Blocks under 1600 points where their first pass (after
 * conv_order) is radix 16: H100 (bench/results/h100-2026-11-27ze-packed-nine.txt, calls 2-3 and
 * 5, every such length a prime <= 4096 takes, and its 2-D and real cases): fp32 79's 160 = 16x10
 * and 109's 224 = 16x14 1.55-1.60x, 79^2 2.06x, 109^2 1.93x, R2C 109 1.43x, 64 x 79 1.36x (the
 * tuner had 224 at twice 225's time, 16x5x16 the slowest of 1280's neighbours); fp64 79 1.62x,
 * 109 1.44x, 79^2 1.62x, 109^2 1.46x. Blocks of 1600..8192 points where their first pass
 * (after conv_order) is radix 16: that pass stores a butterfly's outputs 16 elements (128 bytes)
 * apart, so a warp's stores meet in one bank; lengths with an odd part above 3 were unpadded
 * (build_stage pads the powers of two and 3 * 2^k). H100, fp32 C2C at conv_threads' counts
 * (bench/results/h100-2026-11-27zc-bluethreads.txt, every such length): all 15 with a first
 * radix 16 faster, 1.05-1.38x (2304 = 16x9x16 1.38x, 1920 1.36x, 5120 1.32x, 3584 and 5376
 * 1.29x, 3360 1.24x); the 33 others with an even end radix 0.57-1.01x (20x15x10 0.68x, 21x20x16
 * 0.72x, 18x20x18 0.85x; the 4-pass 8x14x8x8 0.94x): the padded index costs instructions
 * (1627: 223 -> 252 per element compiled) that only a 16-way conflict repays. The same holds for
 * blocks of several strided columns (-27zd-rader64.txt: 887^2's 1792 x 4 1.20x, 1427^2 1.17x,
 * 1627 x 256 1.21x, R2C and C2R 1627^2 1.12-1.13x, eight shapes 1.05-1.20x) and in fp64 (over
 * its thread rule: 1109 1.55x, 1427 1.36x, 1327 1.32x, 1663 1.32x, 947 1.31x, 3331 1.18x;
 * 3181 = 16x25x16 0.94x). */
int blk_conv_pad(const kspec *k)
{
    kspec o = *k;
    blk_conv_order(&o);
    if (k->R < BLK_CONV_SMALL_MIN) return o.nrad >= 2 && o.rad[0] == 16;
    return k->R <= BLK_CONV_SMALL_MAX && o.nrad == 3 && o.rad[0] == 16;
}

/* Do R's widest radices make three passes of at most 28 points (radix 30 and 32 codelets spill)? */
static int widest_three_len(int64_t R)
{
    int rad[KS_MAX_RADICES], n = kfft_codelet_radices(R, rad, KS_MAX_RADICES, KFFT_RADIX_WIDEST);
    for (int i = 0; i < n; i++)
        if (rad[i] > 28) return 0;
    return n == 3;
}

/* ... where a block's default radices make four passes or more. */
static int widest_three(const kspec *k) { return k->nrad >= 4 && widest_three_len(k->R); }

/* Does a Bluestein block of one column take the widest radices (blk_widest_threads)? fp32: on
 * 4 TB/s devices, convolutions of more than 8192 points whose default
 * radices make four passes or more and whose widest make three of at most 28 (radix 30 and 32
 * codelets spill). kfft tune found the widest radices for 8219, R2C 8219 and 4099 on the H200
 * (bench/results/h200-2026-11-29b-calls.txt call 2); an A/B over 30 primes, one per convolution
 * length they move, then drew this line (call 3, two reps each, ratios kfft/cuFFT): of the 15 it
 * takes, 4099 2.41 -> 2.58, 4327 2.07 -> 2.35, 4813 2.09 -> 2.35, 5623 3.36 -> 3.83, 5897 2.47 ->
 * 2.77, 6421 2.06 -> 2.41, 7297 3.35 -> 3.91, 7817 2.43 -> 2.78, 9733 1.91 -> 2.04, 8219 2.92 ->
 * 2.97, R2C 8219 2.80 -> 2.90, 8219^2 2.62 -> 2.68; 6619, 7013 and C2R 8219 (3.32 -> 3.26) 2-3.5%
 * slower. Outside it the same radices lost: blocks of three passes already (2657 1.00 -> 0.78,
 * 5381 -9%), radix 32 (10937 3.57 -> 2.30, 11821 2.68 -> 1.66), powers of two (4073 0.96 ->
 * 0.57). Then the line on 32 lengths drawn from the 474 complex and 898 real (every 7th and
 * 11th to 30000) it moves, none measured before (call 4, two reps): geomean 1.074, 29 faster
 * (4412 2.44 -> 2.94, 6932 2.48 -> 2.92, 5231 2.29 -> 2.71, 9417 1.48 -> 1.74, R2C 5931 2.40 ->
 * 2.80, C2R 13830 2.50 -> 2.92, R2C 10496 0.76 -> 0.92), 6687, 6694 and 7002 2-3% slower. A thread per butterfly of the widest pass instead
 * (kfft tune's 608 for 8219: 2.92 -> 3.09) lost on most others (7297 -6%, 7817 -12%, call 3).
 * fp64: on 4 TB/s devices, convolutions of more than 4096 points whose default radices make four
 * passes or more (lengths of 7000..12600 and 4116; between, kfft_conv_default moves most to three
 * passes) and whose widest make three of at most 28, at 512 threads, unpadded and unbound. kfft
 * tune had found 512 threads and often the widest radices for every fp64 prime of 3000-6100 it
 * ran (bench/results/h200-2026-12-02-calls.txt). H200, ratios kfft/cuFFT, two reps each
 * (h200-2026-12-02b-calls.txt): call 1, one prime for each of the 52 lengths it moves (all of
 * them), geomean 1.32x, 49 faster (9600 = 20x24x20: 4729 1.24 -> 2.52, 10976 1.58 -> 2.87, 11200
 * 1.73 -> 3.06, 12544 0.90 -> 1.56, 12096 1.20 -> 2.10, 8400 1.48 -> 2.31, 4116 2.21 -> 3.09),
 * 7168, 7840 and 8640 2-4% slower; call 2, real, 2-D and row-batch cases, all 16 it moves faster
 * (R2C 5519 1.76 -> 3.04, C2R 4729 1.42 -> 2.76, R2C 6011 1.14 -> 2.20, 4127^2 1.58 -> 2.34, R2C
 * 5519^2 1.63 -> 2.85, C2R 4729^2 1.50 -> 2.91, 64 x 4729 1.25 -> 2.35). A thread per butterfly
 * of the narrowest pass (fp32's) was not measured in fp64; kfft tune's 512 was. */
int blk_conv_widest(const kspec *k, const kfft_device_info *info)
{
    return k->B == 1 && (k->ops & KS_MID_BLUESTEIN) && k->nrad >= 4 && blk_conv_widest_len(k->R, k->f64, info);
}

/* blk_conv_widest's line for a one-column convolution of R points whose default radices make four
 * passes or more (kfft_conv_default keeps such fp64 lengths). */
int blk_conv_widest_len(int64_t R, int f64, const kfft_device_info *info)
{
    return blk_fast_memory(info) && R > (f64 ? 4096 : 8192) && widest_three_len(R);
}

/* Threads of a block on its widest radices (blk_conv_widest, blk_smooth_widest[_two]): a thread
 * per butterfly of the narrowest pass; fp64 convolutions 512 (blk_conv_widest). */
int blk_widest_threads(const kspec *k, const kfft_device_info *info)
{
    int cap = blk_block_cap(info);
    if (k->f64 && (k->ops & KS_MID_BLUESTEIN)) return cap < 512 ? cap : 512;
    return blk_narrowest_pass_threads(k, info);
}

/* Does an fp32 mixed-radix block of one column (no convolution, not the packed C2R's) take the
 * widest radices, a thread per butterfly of their narrowest pass, unpadded and unbound?
 * blk_conv_widest's line, on 4 TB/s devices, for blocks of more than ODD_BLOCK_TWO_MAX points:
 * those that blk_odd_block_regs does not bound to two blocks per SM, whose default runs one
 * block per SM (512 threads at 75-122 registers, local ptxas -v of 11250, 12150, 12348, 12500,
 * 13500, 14400; or 960-1008 threads), so the widest radices' 544-800 threads (74-86 registers)
 * cost no occupancy. H200, two reps each, ratios kfft/cuFFT (bench/results/h200-2026-11-29c-calls.txt):
 * - call 1, all 66 7-smooth complex lengths of 8193..40000 it would move without that limit: of
 *   the 43 above 11200, 38 faster, geomean 1.11 (14000 0.91 -> 1.08, 16128 0.95 -> 1.06, 17496
 *   0.90 -> 0.95, 21952 0.61 -> 0.91, 16800 1.84 -> 2.94, 18144 0.91 -> 1.13, 12150 0.96 ->
 *   1.13), 13824, 21168 and 12096 1-3% slower, two within 1%; of the 23 up to 11200, bound to
 *   two per SM by default, 20 slower (8640 1.13 -> 0.89, 9216 1.01 -> 0.81, 10368 0.95 -> 0.82;
 *   10584 0.92 -> 1.08 alone gained);
 * - call 2, every second of the 108 lengths with radices 11..19 it moves: 51 of 54 faster,
 *   geomean 1.12 (17248 1.33 -> 2.19, 14560 2.61 -> 3.77, 17576 0.72 -> 0.93, 13200 0.87 ->
 *   1.06, 13000 0.84 -> 0.97), 14352, 11592 and 12696 2-4% slower; and 16 real (odd lengths:
 *   two-for-one) and 2-D cases of 7-smooth lengths: geomean 1.09, 14 faster (c2r:11907 1.49 ->
 *   1.95, r2c:13125 1.83 -> 2.06, 12000^2 1.51 -> 1.61, R2C 11907^2 1.65 -> 1.82, 4096 x 13608
 *   0.88 -> 0.92), c2r:14175 1.91 -> 1.79 and R2C 1600 x 14175 -2%;
 * - call 3, the packed R2C's and C2R's blocks (of half the real length), every second of the 65
 *   7-smooth real lengths 16386..80000 it would move from 8193 points: R2C above 11200 points, 20
 *   of 22 faster, two even, geomean 1.12 (r2c:36288 1.00 -> 1.48, 37800 2.04 -> 2.74, 43904
 *   0.86 -> 1.03, 26250 1.26 -> 1.46, 22500 1.38 -> 1.54); R2C from 8193 to 11200 points went
 *   both ways (16464 1.32 -> 1.04, 17500 -17%; 19200 +24%); the packed C2R lost all but one of
 *   33 (16464 1.23 -> 0.60, 25088 1.42 -> 0.88, geomean 0.75), its load reading two inputs and
 *   a twiddle per element: it keeps its radices; call 4, held out, the other 21 such R2C
 *   lengths, three with radices 13..23 and two 2-D shapes: all 26 faster, geomean 1.12
 *   (r2c:33600 1.89 -> 3.00, 31104 1.02 -> 1.50, 39200 1.83 -> 2.29, 24752 3.40 -> 3.73, R2C
 *   64 x 28000 1.17 -> 1.27, 4096 x 24000 1.52 -> 1.62). */
int blk_smooth_widest(const kspec *k, const kfft_device_info *info)
{
    if (k->f64 || k->B != 1 || (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) || (k->nreal && k->st != KS_ST_R2C_PACK) ||
        k->ld == KS_LD_C2R_PACK || !blk_fast_memory(info) || k->R <= ODD_BLOCK_TWO_MAX)
        return 0;
    return widest_three(k);
}

/* Does an fp32 complex or packed R2C 7-smooth block of 8193..ODD_BLOCK_TWO_MAX points take
 * blk_smooth_widest's radices and threads bound to two blocks per SM (blk_two_blocks_regs), on
 * 4 TB/s CUDA devices? Unbound they lost there (20 of 23, above). Bound, on the H200 (bench/
 * results/h200-2026-11-29f-calls.txt, two reps each, ratios kfft/cuFFT): call 1, 9450 0.86 ->
 * 1.07, 10500 1.15 -> 1.36, 11025 1.08 -> 1.27, 10584 0.89 -> 1.06, 10080 1.49 -> 1.53, 9450^2
 * 1.25 -> 1.36, 1024 x 10584 0.91 -> 1.00 (56-64 registers, 0-8 bytes of spills); call 3, the
 * packed R2C's, all six lengths and four 2-D shapes faster: r2c:21000 1.26 -> 1.90, 20160 1.39
 * -> 1.98, 18900 1.13 -> 1.52, R2C 1024 x 21000 1.13 -> 1.42; the other eight 2-D shapes 1.00-1.10x;
 * call 5, eight shapes held out, all faster (R2C 512 x 22050 1.16 -> 1.42, 16x16x20160 1.21 ->
 * 1.43, 2000 x 9450 1.01 -> 1.13). The packed C2R's lost (c2r:21000 1.42 -> 1.26, call 4) and
 * keeps its radices. Where the narrowest pass takes more than 544 threads (56 registers or
 * fewer), every one spilled 40-328 bytes (11 complex of 11 seen in call 1, 16 R2C of 16 in call
 * 4) and lost through wisdom (8505 -15%, 9216 -9%, h200-2026-11-29e-calls.txt call 4): left out,
 * so those plans compile once. Below, 9600's 480 threads spilled 80 bytes (its R2C block did
 * not: r2c:19200 1.19 -> 1.49): no count at plan time tells it from 10080's 512, so it is a
 * spill bet (kspec.spill_bet) that plan.c drops where the compiled kernel spills. */
#define WIDEST_TWO_MIN_REGS 60
/* Returns the radix mode (KFFT_RADIX_WIDEST, else WIDEST_FLAT where its smallest radix is larger
 * and brings the narrowest pass to 544 threads: 8640 24x20x18, 8748 27x18x18, 9000 25x20x18, 9720
 * 27x20x18, 10000 25x20x20), or 0. FLAT on the H200 (h200-2026-11-29g-calls.txt call 1, two reps):
 * packed R2C 17280 1.17 -> 1.63, 17496 1.03 -> 1.56, 18000 0.91 -> 1.50; 10000 1.02 -> 1.09, 9000
 * 0.80 -> 0.82, 8748 0.92 -> 0.89 (its 2-D shapes 1-2% slower, 10000's 2-4% faster); 8640, 9720
 * and r2c:19440 spill 40-80 bytes and are planned again (their first compile is lost: 8640's cold
 * plan 296 -> 670 ms). */
int blk_smooth_widest_two(const kspec *k, const kfft_device_info *info)
{
    int cplx = plain_complex(k);
    if (info->no_spill_bets || info->dialect != KS_DIALECT_CUDA || k->f64 || k->B != 1 || (!cplx && k->st != KS_ST_R2C_PACK) ||
        !measured_smooth(k) || !blk_fast_memory(info) || k->R <= 8192 || k->R > ODD_BLOCK_TWO_MAX || !widest_three(k))
        return 0;
    for (int m = KFFT_RADIX_WIDEST; m <= KFFT_RADIX_WIDEST_FLAT; m++) {
        kspec w = *k;
        w.nrad = kfft_codelet_radices(k->R, w.rad, KS_MAX_RADICES, m);
        if (w.nrad == 3 && blk_two_blocks_regs(blk_narrowest_pass_threads(&w, info)) >= WIDEST_TWO_MIN_REGS) return m;
    }
    return 0;
}

/* fp32 packed real blocks of one kernel of up to 48 KB (CUDA), from kfft tune over R2C and C2R
 * of 256..8192 points and two A/B runs in one build on the H100 (bench/results/
 * h100-2026-11-27ze-packed-nine.txt, calls 1-3; ratios kfft/cuFFT):
 * - C2R blocks (the pre-step in their loads) of up to 128 threads: launch bounds asking for the
 *   blocks per SM that 96 registers a thread allow, in whole warps. ptxas then gives them more
 *   registers, not fewer (c2r:256's block: 64 -> 95) and keeps more loads in flight: c2r:256
 *   0.83 -> 1.00, 512 0.92 -> 1.05, 2048 0.91 -> 0.96, 4096 0.98 -> 1.00, 4000 1.21-1.25x, 320
 *   1.18x, 640 and 800 1.17x, 1200 1.12x, C2R 640^2 0.97 -> 1.03, 512^2 1.06x, 2048^2 1.03x; of
 *   the 35 cases moved, 27 faster, seven within 2% (720 0.99x, 2304 1.00x), c2r:2560 (16x16x5 at
 *   80 threads, 96 registers already) 0.94x. Not blocks of 256 threads (c2r:8192 1.05x slower
 *   bounded, call 1).
 * - R2C blocks of 128 threads: 256, 1.01-1.05x in all 12 moved (r2c:2048 0.98 -> 1.01, 4096 0.96
 *   -> 1.00, 1792 1.05x, 256 1.02x).
 * - C2R powers of two from 64 points take radix 16 first (the narrow radices, as the others
 *   have), then the bound above (128 threads): c2r:128's 8x8 as 16x4 0.90 -> 0.96, C2R 1024^2
 *   and 512 x 1024 (rows of 1024: 8x8x8 as 16x16x2) 1.03x, c2r:1024 0.94 -> 0.95 (call 7, two
 *   reps). Not c2r:64 (16x2: 0.99 -> 0.98). c2r:1024 ran 0.97-0.98 unbound in these radices, but
 *   c2r:128 0.84 and c2r:64 0.93: not taken.
 * - On 4 TB/s devices (blk_fast_memory), R2C and C2R blocks of one column of 4096 points or more
 *   (32-48 KB) in three passes of balanced radices (the widest at most 1.5 times the narrowest),
 *   odd part over 3: a thread per butterfly of the narrowest pass, in whole warps, so every pass
 *   is one round (the default, one per butterfly of the widest pass and at most 256, left the
 *   narrower passes two rounds). kfft tune's pick for c2r:12000 (20x20x15 at 416 threads, not 256: 1.54x). H200, session 50
 *   (bench/results/h200-2026-11-28d-calls.txt, two reps): call 6, c2r:12000 0.90 -> 1.37,
 *   r2c:12000 1.25 -> 1.55, c2r:64x12000 0.92 -> 1.21, r2c:9000 1.31 -> 1.47; blocks under 4096
 *   points went both ways (c2r:3000 1.52 -> 1.37, c2r:2400 1.59 -> 1.70) and unbalanced ones lost
 *   (c2r:4000 1.31 -> 0.70); call 7, lengths not used to set it: 16 of 22 gained, up to 1.75x
 *   (c2r:11200 0.65 -> 1.15, c2r:10800 0.72 -> 0.98, c2r:11520 0.81 -> 1.15, r2c:9216 1.13 ->
 *   1.45, r2c:64x11520 1.07 -> 1.33), four lost 1-5% (c2r:10240 1.47 -> 1.39); the two blocks of
 *   four passes lost more (r2c:8748's 9x9x9x6 1.41 -> 1.25, r2c:9800's 10x10x7x7 1.47 -> 1.35), so
 *   four-pass blocks keep the default.
 * - On 4 TB/s devices, the C2R's 512-point blocks of several columns (rows of 1024) keep the
 *   balanced 8x8x8, swizzled, unbound, at two rounds of butterflies a thread: kfft tune's pick
 *   for c2r:1024 (1.07x; 72 registers, seven blocks per SM, against 16x16x2 padded at 95 and
 *   five). H200 (bench/results/h200-2026-11-30d-calls.txt calls 6-7, two reps each): c2r:1024
 *   0.87 -> 0.93 of cuFFT, C2R 1024^2 0.93 -> 0.96, 4096 x 1024 0.97 -> 1.00, 300 x 1024 1.06 ->
 *   1.10, 65536 x 1024 0.85 -> 0.86, 16x16x1024 even; c2r:2048's block (1024 points, two
 *   columns) kept its default in the same tuning. */
kfft_status blk_packed_real(kspec *k, const kfft_device_info *info)
{
    if (k->f64 || k->plane || info->dialect != KS_DIALECT_CUDA || (int64_t)k->B * k->R * 8 > 49152) return KFFT_SUCCESS;
    /* The C2R's 512-point blocks of several columns on 4 TB/s devices (the last item above). */
    if (k->ld == KS_LD_C2R_PACK && blk_fast_memory(info) && k->R == 512 && k->B > 1 && k->nrad == 3 && k->rad[0] == 8 && ks_swz_ok(k)) {
        k->T = (int)(k->B * k->R / 16); /* two rounds of radix-8 butterflies a thread */
        k->pad = KS_PAD_SWZ;
        return KFFT_SUCCESS;
    }
    if (k->ld == KS_LD_C2R_PACK && k->R >= 64 && !(k->R & (k->R - 1)) && kfft_radix_auto(k->R, 0) != KFFT_RADIX_NARROW) {
        kfft_status st = blk_shape(k, k->R, k->B, KFFT_RADIX_NARROW, info);
        if (st) return st;
    }
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    if ((k->ld == KS_LD_C2R_PACK || k->st == KS_ST_R2C_PACK) && blk_fast_memory(info) && k->B == 1 && k->R >= 4096 &&
        blk_odd_part(k->R) > 3 && k->nrad == 3 && balanced(minr, maxr)) {
        k->T = blk_narrowest_pass_threads(k, info);
        k->regs = k->ld == KS_LD_C2R_PACK ? 0 : blk_two_per_sm(k, 0, info); /* the bounds of the old T */
    }
    if (k->ld == KS_LD_C2R_PACK && k->T <= 128 && !k->regs) k->regs = (int)((96 * warps(k->T) + k->T - 1) / k->T);
    if (k->st == KS_ST_R2C_PACK && k->T == 128 && 256 <= blk_block_cap(info)) k->T = 256;
    return KFFT_SUCCESS;
}

/* The packed C2R's fp32 one-kernel blocks on 4 TB/s devices take their first pass's twiddles
 * W_nreal^(bj + i RB) as one table load per butterfly times constants (kspec.h: rtw1). H200
 * (bench/results/h200-2026-11-29-calls.txt, temporary switches, two reps each): one-column
 * blocks (call 2), 22 of 31 faster, geomean 1.05: c2r:4096 0.85 -> 0.95 of cuFFT, 8192 0.78 ->
 * 0.84, 16384 0.77 -> 0.84, 32768 1.00 -> 1.07, 7000 1.02 -> 1.28, 8000 1.27 -> 1.53, 6720
 * 1.33 -> 1.51; five lost 4-9% (c2r:6144 1.51 -> 1.38, 15000 1.32 -> 1.22, 2048 x 8192 0.87
 * -> 0.79, 20000, 5000). Call 3, 30 lengths drawn from the 1185 it moves and six 2-D shapes:
 * geomean 1.02, 20 faster (c2r:6878 1.38 -> 1.53, 21112 3.33 -> 3.56, 2000 x 6000 1.06 ->
 * 1.12), the worst 13456 -3%. Blocks of several columns: with W^bj loaded per element (call 1)
 * they lost 30-35% (c2r:1024 0.78 -> 0.53): the SASS (call 2) loads W^bj again for each element
 * and issues each element's loads apart, not all at once, under their 96-register bound; with
 * W^bj loaded once per butterfly into a variable (gen_emit_fft) they held or gained (call 3:
 * c2r:1000 0.95 -> 1.03, 640 1.67 -> 1.75, 1536 1.61 -> 1.67, 1024 0.78 -> 0.80, 512 -1%; call 4,
 * 25 cases drawn from the lengths this adds: geomean 1.02, c2r:1224 1.06 -> 1.22, c2r:718 1.18 ->
 * 1.07). The 96-register bound of their 128-thread blocks (blk_packed_real) stays: without it
 * c2r:1024 and 2048 gained 4-5% but 33 cases went geomean 0.976 (call 6, c2r:4096 -10%). */
void blk_c2r_rtw1(kspec *k, const kfft_device_info *info)
{
    k->rtw1 = k->ld == KS_LD_C2R_PACK && k->kind == KS_SINGLE && !k->f64 && blk_fast_memory(info);
}

/* Threads of an fp32 one-kernel block of more than 48 KB whose length has an odd part above 3
 * (the powers of two and 3 * 2^k keep their own rules in build_stage; fp64: f64_block).
 * Fitted to kfft tune over 24 such lengths and A/B runs over 45 cases on the H100
 * (bench/results/h100-2026-11-25g-*.txt):
 * - whole warps (972 -> 992 threads: 17496 0.82 -> 0.88 of cuFFT; 784 -> 800: 8219's Bluestein
 *   2.30 -> 2.37, 8219^2 R2C 3.04 -> 3.23; C2R 13440 1.34 -> 1.42), but not up to 1024
 *   (11000's and 12000's 1000 threads: -7%, -2%: kernel.c's one_column text stops below 1024);
 * - for mixed-radix and Rader blocks whose widest pass has 300..900 butterflies and whose
 *   narrowest at most 4096 (8 per thread), 512 threads (6720 0.89 -> 0.94, 7000 0.78 -> 0.86,
 *   7776 0.65 -> 0.81, 8000 0.80 -> 0.95, 9000 0.70 -> 0.84, 10000 0.72 -> 0.79, 13500 0.70 ->
 *   0.78, 15552 0.81 -> 0.90, 16200 0.86 -> 0.92, 16464 1.91 -> 2.30, 7681's Rader 2.11 -> 2.90;
 *   9604 lost 8%); up to 8192 in the narrowest where two blocks fit an SM's shared memory (7-smooth)
 *   (bench/results/h100-2026-11-28b-f64threads.txt call 1, two reps: 8750's 25x25x7x2, 4375
 *   butterflies, 0.70 -> 0.98, 12960 0.95 -> 0.97; blocks alone on their SM lost there, 15750
 *   -2%, 17500 -4%, 21875 -7%, 22500 -4%, 20412, 20736). Outside those bounds 512 lost (6561's
 *   243 butterflies -8%, 11000's and 12000's 1000 -6% and -3%, 17150's 686 and 8575 -33%), and so did Bluestein blocks (4099
 *   2.71 -> 1.85) and the packed C2R (13440 1.42 -> 1.11); fitted on one transform per block,
 *   it lost on strided 2-D/3-D axes of several columns a block (1000^3's 8x100 butterflies at
 *   800 threads 0.70 -> 0.79 of cuFFT, 800^3 1.35 -> 1.88, 840^3 0.95 -> 1.35, 400^3 0.88 ->
 *   1.10, 4000^2 0.99 -> 1.09, none lost: bench/results/h100-2026-11-26f-strided.txt), so
 *   those keep a thread per butterfly;
 * - no register bound for these blocks: at 64 registers 12000 and 14000 lost 25-40% to spills,
 *   and 13824 (512 threads) went 0.55 -> 0.68 without it;
 * - but 512 threads for mixed-radix blocks alone on their SM whose passes, at a thread per
 *   widest butterfly (over 512), would hold 16 or more registers past the 64 such a block
 *   gets (rounds_excess): ptxas spilled 200-380 bytes a thread in each (nvcc -Xptxas -v,
 *   25000, 20480, 21952, ...), none where the model says less (20000, 22500, 17496). H100,
 *   A/B in one run (bench/results/h100-2026-11-28-spillthreads.txt call 6): on 18 lengths not
 *   used to set it, 17 faster, 1.03-1.50x (19200 1.21 -> 1.81 of cuFFT, 27216 1.48 -> 2.13,
 *   23520 1.95 -> 2.69, 21600 0.94 -> 0.97), 20250 0.98x; on the nine that set it (call 5, on
 *   an H200; again in call 6) 25000 0.56 -> 0.92, 20480 0.65 -> 0.96, 18432 0.66 -> 0.85, 25600
 *   0.88 -> 1.18, 27000 0.94 -> 1.03, 21952 0.54 -> 0.66, but 25088 0.97x. */
int blk_odd_block_threads(const kspec *k, const kfft_device_info *info)
{
    int cap = blk_block_cap(info), minr = k->R;
    for (int i = 0; i < k->nrad; i++) minr = k->rad[i] < minr ? k->rad[i] : minr;
    int mixed = !(k->ops & KS_MID_BLUESTEIN) && k->ld != KS_LD_C2R_PACK && k->st != KS_ST_R2C_PACK;
    int narrowest = smem_blocks(k, info) >= 2 && measured_smooth(k) ? 8192 : 4096;
    if (mixed && k->B == 1 && k->T >= 300 && k->T <= 900 && k->R / minr <= narrowest && 512 <= cap) return 512;
    int T = (int)warps(k->T);
    T = T > cap || T >= 1024 ? k->T : T;
    if (mixed && !(k->ops & KS_MID_RADER) && k->B == 1 && T > 512 && smem_blocks(k, info) == 1 && rounds_excess(k->rad, k->nrad, k->B, k->R, k->f64, T) >= 16)
        return 512;
    return T;
}

/* On 4 TB/s devices, the 512 threads above for a 7-smooth one-column block of 48-56 KB (up
 * to ODD_BLOCK_FEW_MAX points) whose narrowest pass has fewer butterflies: a thread per such
 * butterfly, in whole warps (384-448), and so no register bound (blk_odd_block_regs is for 512).
 * kfft tune's pick for 6720 (21x20x16 at 448, unbound). H200, kfft/cuFFT in one run, A/B, two
 * reps (bench/results/h200-2026-11-30e-calls.txt calls 2-3): every 7-smooth length it moves
 * gained, 6480 0.96 -> 1.16, 6804 0.88 -> 1.03, 6400 0.93 -> 0.97, 6720 0.96 -> 1.00, 7056 1.01
 * -> 1.04, 7200 1.04 -> 1.06, 6300 and 6615 +1% (6480 and 6804 at 384 threads compile to 56
 * registers: three blocks an SM, not two); held out, 100 x 6480 0.98 -> 1.09, 6480^2 0.86 ->
 * 0.89, 6804^2 0.88 -> 0.91. Larger blocks did not (7560, 7938, 8000, 8400, 8820 within 1%, 9261
 * 0.92 -> 0.91), nor Rader's, whose convolutions are such blocks (6481 4.66 -> 3.96, 6301 3.31 ->
 * 3.02, 7057 4.01 -> 3.61). 7-smooth complex blocks only, as measured (measured_smooth; not
 * radices 17-23, real data's loads and stores or the sparse transforms' folds: untimed). */
int blk_odd_block_few(const kspec *k, const kfft_device_info *info)
{
    if (!blk_fast_memory(info) || k->f64 || k->B != 1 || k->T != 512 || k->R > ODD_BLOCK_FEW_MAX || !measured_smooth(k) ||
        k->ld != KS_LD_CPLX || k->st != KS_ST_CPLX)
        return k->T;
    int T = blk_narrowest_pass_threads(k, info);
    return T < 512 ? T : k->T;
}

/* Columns a block of an fp32 packed C2R along a contiguous axis (the planner's B: blocks of
 * 2048 elements, TARGET_ELEMS): on 4 TB/s devices half as many where its length (of the packed
 * complex block) is 7-smooth and a power of two from 32 points or 384 points or more, so rows of
 * 1026 to 2048 real points run a column a block (C2R 2048's 1024 points at 64 threads, as cuFFT
 * does), shorter ones 2-32. H200, kfft/cuFFT in one run, A/B, two reps (bench/results/h200-2026-11-30e-calls.txt calls
 * 2-3): c2r:2048 0.86 -> 0.96, 1536 1.52 -> 2.09, 1728 0.81 -> 1.02, 1800 1.28 -> 1.71, 1944 1.21
 * -> 1.69, 1500 1.34 -> 1.81, 1920 2.23 -> 2.83, 768 1.56 -> 1.96, 1280 1.52 -> 1.91, 1120 1.36 ->
 * 1.64, 1000 1.09 -> 1.15, 1024 0.93 -> 0.95, 64 1.12 -> 1.23, 512 1.27 -> 1.30, C2R 2048^2 0.93
 * -> 0.98, 1536^2 1.54 -> 1.77, 1200^2 1.43 -> 1.49, 1000^2 0.95 -> 0.98; of 32 such cases none
 * slower. Shorter lengths not a power of two lost (c2r:300's 150 points 1.43 -> 1.39, 400 2.33
 * -> 2.23, 700 1.52 -> 1.45; 640 +1%); a column a block for every length lost where that took B
 * from 4 or 8 (c2r:512 1.27 -> 1.06, 1024 0.93 -> 0.88); the packed R2C's columns halved lost
 * (r2c:2048 0.93 -> 0.77, 1024 0.93 -> 0.82). fp64 keeps its blocks: its packed C2R pairs
 * butterflies in registers with two columns or more (blk_real_pairs). 7-smooth lengths only, as
 * measured: not radices 11-31, Bluestein's convolutions or powers of two under 32 (untimed).
 * k->n is the packed length (the block's radices come later). */
int blk_packed_c2r_columns(const kspec *k, int B, const kfft_device_info *info)
{
    if (k->ld != KS_LD_C2R_PACK || k->f64 || B < 2 || !blk_fast_memory(info) || kfft_max_prime_factor(k->n) > 7) return B;
    return ((k->n & (k->n - 1)) == 0 && k->n >= 32) || k->n >= 384 ? B / 2 : B;
}

/* The register bound of an fp32 one-column block (mixed radix or Rader's; measured_radices) of
 * up to ODD_BLOCK_TWO_MAX = 11200 points (87.5 KB; Rader's up to RADER_ALL_THREADS, past which
 * they take 1024 threads) at odd_block_threads' 512 threads whose passes hold 50 or more
 * registers of data in rounds (data_regs: 14x14x14x3's radix-14 pass, 588 butterflies, two
 * rounds, 56): two blocks per SM (64 registers), where they compiled to 74-84 (nvcc -Xptxas
 * -v: 8232, 9450, 10206, 10368, 10976), one block per SM; those under 50 compile to 52-64 and
 * are two already (6750, 8400, 10080).
 * H100 (bench/results/h100-2026-11-28b-f64threads.txt call 4 with a switch; call 5 the rule, the
 * same again): every one of the 28 such lengths held or gained, 25 by 1.02-1.46x: 7350 0.66 ->
 * 0.91 of cuFFT, 7840 0.61 -> 0.92, 8232 0.68 -> 0.91, 8960 0.91 -> 1.28, 9604 0.76 -> 1.07,
 * 10206 0.67 -> 0.87, 10368 0.73 -> 0.97, 10976 0.70 -> 0.91, 11200 0.86 -> 1.12 (8575, 8750,
 * 9450 even). Larger blocks went both ways
 * (11250 -8%, 11340 -13%, 11907 -40%, 14400 -51%; 11664 +10%, 12150 +19%), and so did 256 threads
 * bound to two blocks (H in call 4: 7350 +15%, 9450 -26%). Radices 11 and 13 and Rader's blocks
 * (measured_radices), two reps (bench/results/h100-2026-11-28c-lift.txt): of the 78 lengths 56
 * faster by 2% or more, the rest within 1% (their blocks compiled to two per SM already) but 9625
 * (-2%); 9801 0.85 -> 1.16, 8624 0.90 -> 1.35, 7546 0.80 -> 1.34, 10647 0.79 -> 1.09, Rader
 * 7489 3.86 -> 5.56, 9901 2.94 -> 4.55, 10369 3.13 -> 4.62, 10753 2.94 -> 4.39. Rader's one
 * block between 11200 points and RADER_ALL_THREADS, 11701's 11700 = 10x13x9x10, two reps each
 * (h100-2026-11-28c-lift.txt call 3, a probe; h100-2026-11-28d-blue3.txt call 2): 3.19 -> 4.96,
 * R2C 3.64 -> 5.73, C2R 3.82 -> 5.65, 11701^2 2.98 -> 3.50, R2C 11701^2 4.50 -> 5.31. Returns 0
 * where it does not apply. */
int blk_odd_block_regs(const kspec *k, const kfft_device_info *info)
{
    int most = (k->ops & KS_MID_RADER) ? RADER_ALL_THREADS - 1 : ODD_BLOCK_TWO_MAX;
    if (k->f64 || k->B != 1 || k->T != 512 || k->R > most || smem_blocks(k, info) < 2 || !measured_radices(k) ||
        k->ld == KS_LD_C2R_PACK || k->st == KS_ST_R2C_PACK)
        return 0;
    return rounds_regs(k->rad, k->nrad, 1, k->R, 0, k->T) >= 50 ? blk_two_blocks_regs(k->T) : 0;
}

/* fp32 mixed-radix blocks of one transform (B = 1) over 4096 points with an odd part above
 * 3, from two variant sweeps of 30 lengths on the H100 (bench/results/h100-2026-11-25i-f32.txt):
 * - where the balanced radices are at most four codelets of at most 10 points: those, with
 *   512 threads and the default bound of two blocks per SM (5000 0.74 -> 0.92 of cuFFT, 7000
 *   0.86 -> 0.94, 9000 0.83 -> 0.86, 10000 0.79 -> 1.04, 8100 1.00 -> 0.99); not where three
 *   or more of them are 9s (4374, 5103, 6561, 7290 lost 1-5%: the defaults stay);
 * - else in blocks up to 48 KB (6144 points): 512 threads with the usual radices (4860 0.48
 *   -> 0.84, 5400 0.50 -> 0.89, 5600 0.51 -> 0.89, 5832 0.53 -> 0.91, 6000 0.61 -> 1.04,
 *   4116 0.82 -> 0.91; 12 of 13 others gained or held; 6075 = 3^5 5^2 lost, 0.69 -> 0.64).
 * Returns -1 where neither applies (larger blocks go on to odd_block_threads), else a status. */
int blk_small_radix_block(kspec *k, const kfft_device_info *info)
{
    int rad[KS_MAX_RADICES], n = kfft_codelet_radices(k->R, rad, KS_MAX_RADICES, KFFT_RADIX_BALANCED);
    int small = n > 0 && n <= 4, nines = 0;
    for (int i = 0; i < n; i++) {
        small = small && rad[i] <= 10;
        nines += rad[i] == 9;
    }
    if (small && nines >= 3) return -1;
    if (!small && (int64_t)k->R * 8 > 49152) return -1;
    kfft_status st = small ? blk_shape(k, k->R, 1, KFFT_RADIX_BALANCED, info) : KFFT_SUCCESS;
    k->T = info->max_threads < 512 ? info->max_threads : 512;
    return st;
}

/* fp64 one-kernel blocks of one transform (B = 1), fitted to the H100: a 4-way variant sweep
 * of 23 lengths and an A/B run (bench/results/h100-2026-11-25h-f64.txt):
 * - mixed-radix and Rader blocks over 48 KB with an odd part above 3: the balanced radices
 *   (16 is no longer their bound in fp64) with 512 threads (4800 0.58 -> 0.84 of cuFFT, 5000
 *   0.73 -> 1.01, 6720 0.87 -> 1.07, 7000 0.50 -> 0.78, 7200 0.73 -> 1.05, 8000 0.73 -> 0.88,
 *   9600 0.58 -> 1.02, 10000 0.62 -> 0.89, 10080 2.06 -> 2.94; losses kept: 9000 0.72 -> 0.62,
 *   6000 1.10 -> 1.02). Not where the balanced set has more than four radices (3125 = 5^5 and
 *   12500 lost): those keep the narrow radices at a thread per butterfly of the widest pass, in
 *   whole warps (H100, bench/results/h100-2026-11-28d-blue3.txt calls 3-4, two reps, all 16
 *   lengths it moves, the radix-25 ones: 12500 0.67 -> 0.82 of cuFFT at 500 -> 512 threads,
 *   12250 1.34 -> 1.81, Rader 12251 2.15 -> 2.58, 9625 1.90 -> 2.14, 4375 0.85 -> 0.89, C2R
 *   12251 2.25 -> 2.83, 64x12500 0.80 -> 0.89; 11375's 455 -> 480 -4%, the rest within 1-2%),
 *   and not 256 threads (won 7500 and 12000, lost 7200, 7776, 8000 by 20-30%);
 *   but blocks of up to 64 KB whose widest pass has at most 256 butterflies take a thread per
 *   butterfly of it, in whole warps, bound to two blocks per SM: at 512 threads they compiled
 *   to 86-124 registers (nvcc -Xptxas -v, scripts/sass_count.py), one block per SM, half the
 *   threads idle in the widest pass; H100, two reps (bench/results/h100-2026-11-28b-f64threads.txt
 *   call 2): 15 of the 16 faster, 3136 0.68 -> 0.90 of cuFFT, 3200 0.72 -> 1.00, 3375 0.71 ->
 *   0.96, 3600 0.68 -> 0.86, 3750 0.81 -> 1.05, 3840 2.41 -> 3.25, 3969 0.76 -> 0.96; 3528
 *   1.01 -> 0.96; call 3, against the rule before: the six it moves that set nothing all faster
 *   (3087 0.72 -> 0.93, 3150 1.30 -> 1.62, 3402 0.95 -> 1.24, 3675 2.05 -> 2.84, 3920 0.83 ->
 *   0.98, 4050 1.08 -> 1.23). Radices 11 and 13 and Rader's blocks (measured_radices), two
 *   reps (bench/results/h100-2026-11-28c-lift.txt): 35 of 39 faster, 3137 even (3080 0.83 ->
 *   1.12, 3168 0.76 -> 0.99, 3380 0.76 -> 1.00, 3640 0.78 -> 1.05, Rader 3889 2.27 -> 2.77,
 *   4051 2.11 -> 2.46); 3510 = 18x15x13 and Rader 3511, 3529 (3510 and 3528 points, radix 18
 *   first, like 3528 above) 3-4% slower in both reps, kept: no simpler line separates them
 *   (3564 = 18x18x11 +11%). Unbound, blocks of 150-174 registers stay one per SM and lost
 *   (3528 0.87, 3780 0.76, 3600 0.68); over 64 KB the bound spilled (4800 at 256 threads 0.85 -> 0.58), and
 *   where 512 threads compile to 64 registers or fewer (two blocks already: 3430, 3500, 3645,
 *   352-416 threads for their widest pass) it lost 13-32% (call 1);
 *   and blocks whose widest radix is a prime of 23..31 (7406 = 23x23x14, 3627 = 31x13x9) take a
 *   thread per butterfly of that radix's pass, in whole warps, unbound, where that is fewer than
 *   512: at 512 threads those codelets compile to 128 registers and spill (7406: 632 bytes).
 *   H200, same binary, a switch (bench/results/h200-2026-11-30o-calls.txt calls 3-4, seeded
 *   lengths): all 9 such lengths faster, 1.27-2.58x (7866 2.52 -> 3.21 of cuFFT, 7406 0.61 ->
 *   0.91, 7569 0.61 -> 1.01, 10092 0.78 -> 1.26, 6293 1.13 -> 2.92, 3627 1.71 -> 3.41), and kfft
 *   tune had picked the same for 5022 (1.98x) and 3875 (1.91x). A widest radix of 17 or 19 went
 *   both ways (4655 = 19x7x7x5 1.23x, 4199 = 19x17x13 0.92x, 6171 1.01x), and so did a prime
 *   of 19 behind a radix of 21 (5985 = 21x19x15 0.95x): those keep 512. Not Rader's blocks (not
 *   measured), nor over 512 threads (12144's 23x22x12x2 would take 544);
 * - blocks over 64 KB of three radices whose widest is 17, 18 or 20: a thread per butterfly of
 *   the narrowest radix's pass where that is at most 320 threads, bound to two blocks per SM. At
 *   512 threads they compile to about 100-128 registers, one block per SM where shared memory
 *   holds two (bench/results/local-2026-12-01-offline-leads.txt); at 288-320 threads to 96 with at
 *   most 20 bytes spilled (widest 19 spilled 32-48 and is left out). All 16 lengths it moves ran
 *   faster, 4500 0.69 -> 0.97 of cuFFT, 4320 0.69 -> 1.02, 4160 2.28 -> 3.31, and 2-D 64 x 4500
 *   0.79 -> 0.97; 4256 (19x16x14) held (bench/results/h200-2026-12-01b-calls.txt call 2). Session
 *   44 bound such blocks at 256 threads and lost (4800 0.85 -> 0.58: spills);
 * - Bluestein convolutions of 8192 points or more, powers of two: the widest radices with
 *   256 threads, unpadded (4093 1.25 -> 1.62);
 * - the packed C2R's 8192 points (C2R 16384): as in fp32, 32x32x8, padded, 256 threads
 *   (1.08 -> 1.27). */
/* fp64 13-smooth blocks of 10000 points or more, no convolution, whose narrow radices (16s, then
 * 25s and 27s) include a radix of 25 or more: those radices beat the balanced ones at 512 threads
 * (fewer passes, each a round). H100, two reps, every 7-smooth length 10000..12800 that has at
 * most four balanced radices (bench/results/h100-2026-11-28d-blue3.txt call 5, after kfft tune
 * found 10000 1.11x and 11250 1.35x in call 3): of the 19 with such a radix, 16 faster, 11907 0.90
 * -> 1.59 of cuFFT, 11250 0.72 -> 0.95, 11340 2.28 -> 2.92, 10500 2.58 -> 2.93, 10000 0.87 -> 0.96,
 * 10800 0.91 -> 1.00, 12800 0.90 -> 1.00, 64x11250 0.83 -> 0.98; 11200, 10368, 12096 1-3% slower.
 * The 9 without (16, 21 or less first) lost 3-30% (10080 3.10 -> 2.17, 10976 0.93 -> 0.65, 12544
 * 0.90 -> 0.75): they keep the balanced ones. Radices 11 and 13, the same line drawn beforehand
 * and checked on an H200 (bench/results/h200-2026-11-28-calls.txt call 3, two reps, all 14
 * lengths it moves): 12 faster, 11700 2.20 -> 2.77 of cuFFT, 12100 1.20 -> 1.51, 11000 1.56 ->
 * 1.69, 11880 1.80 -> 1.98, 12375 1.46 -> 1.61, 64x11700 1.78 -> 2.08; 10400 and 11232 1-2%
 * slower. Rader's blocks went both ways there (11719 +30%, 11161 +22%; 12097 -11%, 10369 -9%,
 * 11311 -8%: 23 primes, no line found) and keep the balanced radices. */
static int f64_narrow_wide(const kspec *k)
{
    if (k->R < 10000 || kfft_max_prime_factor(k->R) > 13 || (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER))) return 0;
    int rad[KS_MAX_RADICES], n = kfft_codelet_radices(k->R, rad, KS_MAX_RADICES, KFFT_RADIX_NARROW);
    for (int i = 0; i < n; i++)
        if (rad[i] >= 25) return 1;
    return 0;
}

kfft_status blk_f64_block(kspec *k, int64_t odd, const kfft_device_info *info)
{
    int mixed = !(k->ops & KS_MID_BLUESTEIN) && k->ld != KS_LD_C2R_PACK && k->st != KS_ST_R2C_PACK;
    int rad[KS_MAX_RADICES], T = 0, radix = -1, regs = 0;
    if (k->B != 1) return KFFT_SUCCESS;
    if (mixed && (int64_t)k->R * 16 > 49152 && odd > 3) {
        int n = kfft_codelet_radices(k->R, rad, KS_MAX_RADICES, KFFT_RADIX_BALANCED);
        if (n > 0 && n <= 4) radix = f64_narrow_wide(k) ? KFFT_RADIX_NARROW : KFFT_RADIX_BALANCED, T = 512;
        else k->T = blk_whole_warps(k, info);
        int64_t widest = radix >= 0 ? warps(k->R / rad[0]) : 0; /* radices_packed: widest first */
        if (widest && widest <= 256 && k->R * 16 <= 65536 && measured_radices(k))
            T = (int)widest, regs = blk_two_blocks_regs(T);
        else if (widest && widest < 512 && !(k->ops & KS_MID_RADER) && rad[0] >= 23 && kfft_max_prime_factor(rad[0]) == rad[0])
            T = (int)widest;
        else if (widest && n == 3 && k->R * 16 > 65536 && (rad[0] <= 18 || rad[0] == 20) && warps(k->R / rad[2]) <= 320 &&
                 !(k->ops & KS_MID_RADER))
            T = (int)warps(k->R / rad[2]), regs = blk_two_blocks_regs(T);
    } else if ((k->ops & KS_MID_BLUESTEIN) && k->R >= 8192 && !(k->R & (k->R - 1))) {
        radix = KFFT_RADIX_WIDEST, T = 256, k->pad = 0;
    } else if (k->ld == KS_LD_C2R_PACK && k->R == 8192) {
        radix = KFFT_RADIX_WIDEST, T = 256, k->pad = 1;
    }
    if (radix < 0) return KFFT_SUCCESS;
    kfft_status st = blk_shape(k, k->R, 1, radix, info);
    k->T = T < info->max_threads ? T : info->max_threads;
    k->regs = regs;
    return st;
}

/* The bank model's (banks.c, gen_smem_cost) wavefronts of k unpadded, and in layout pad
 * (KS_PAD_ROWS or KS_PAD_SWZ) in *laid. */
static int64_t layout_cost(const kspec *k, int pad, int64_t *laid)
{
    kspec t = *k;
    t.pad = 0;
    int64_t ideal, plain = gen_smem_cost(&t, &ideal);
    t.pad = pad;
    *laid = gen_smem_cost(&t, &ideal);
    return plain;
}

/* fp32 complex blocks of several columns over 48 KB (a strided axis's columns in 2-D and 3-D
 * plans; build_stage leaves them unpadded) with an odd part over 3, on 4 TB/s devices: padded,
 * threads kept, where the bank model has padding cut the wavefronts to 70% or less (3600 x 4
 * columns, 16x15x15: 0.29). H200 (bench/results/h200-2026-11-28e-calls.txt, one build, a
 * temporary switch): call 1, the 29 such blocks (model 0.6 or less) of 1578 2-D/3-D cases,
 * every one gained but 2688 x 4, 2880 x 4, 3840 x 4 (-1 to -8%): 3600^2 0.84 -> 1.35 of cuFFT,
 * 3584^2 0.63 -> 0.97, 432^2 0.70 -> 1.21, 480 x 640 0.85 -> 1.23, 800^2 1.41 -> 1.77, 432^3
 * 0.64 -> 1.22, 480^3 0.78 -> 1.20, R2C 448^3 0.99 -> 1.35; call 2, 26 shapes not used to set
 * it, 23 gained (400^3 1.19 -> 1.88, 3600 x 2240 0.81 -> 1.32, 432 x 4500 0.57 -> 0.89, R2C
 * 864^2 1.65 -> 2.01), 3 lost 1-6%. Between 0.6 and 0.7 five blocks gained 0-21% (784^2 1.19 ->
 * 1.44, 1008^2 1.44 -> 1.69); between 0.7 and 0.8, at their own threads, they went both ways
 * (5600^2 -9%, 6000^2 -6%; 5184^2 +5%: at 768 threads they gain, below). The
 * power-of-two and 3 x 2^k columns (1024 x 8, 2048 x 4, 3072 x 4, 4096 x 4: 0.26-0.37) lost
 * 2-8% padded, as build_stage's rule for them says, so keep theirs.
 * Where their passes' rounds exceed their register bound (build_stage's two-blocks bound of
 * strided C2C columns over 256 threads) by more than 16 registers, the bound goes (here, where
 * it was measured, not in build_stage: unpadded and on the H100 it is as measured there): ptxas
 * spilled 144-776 bytes a thread (3136 x 4 = 16x14x14 at 800 threads: 72 registers of rounds
 * against 40), and without it 2688^2 1.28 -> 1.60, 2880^2 1.44 -> 1.77, 3136^2 0.60 -> 0.91, 3360^2 0.54 -> 0.78 (call
 * 2); where they exceed it by 16 or less (2240 x 4, 1920 x 4, 960 x 8, 480 x 16, 448 x 16:
 * spills of 20-76 bytes) dropping it lost 6-18%. Call 3, the rule against the tree before it
 * on 38 shapes (two reps): geomean 1.20, 36 faster (784 x 300 1.19 -> 1.47, 1008 x 2160 1.56 ->
 * 1.82, R2C 400^3 1.38 -> 2.19, 2400^2 with its bound dropped 0.99 -> 1.02), 3840^2 1.51 -> 1.47,
 * 2800 x 3456 1.67 -> 1.66.
 * Between 0.7 and 0.8, blocks at the most threads a block may have (1024) are padded at 768
 * threads without a bound (kfft tune's pick for 5184^2's 5184 x 4): all 26 2-D shapes of the
 * 1578 it moves, two reps (bench/results/h200-2026-11-28e-calls.txt call 8, h200-2026-11-29-
 * calls.txt calls 1 and 4): geomean 1.09, 24 faster, 5184^2 0.70 -> 0.79 of cuFFT, 5760^2 0.86
 * -> 0.99, 5600 x 625 0.90 -> 1.02, R2C 5760^2 1.06 -> 1.21, R2C 5184 x 1728 0.77 -> 0.88;
 * 6000^2 -1%. Those under 1024 threads lost at 768 or 512 (4000^2 0.90 -> 0.72, 972^2 1.17 ->
 * 0.95) and keep theirs. */
static void wide_column_pad(kspec *k, const kfft_device_info *info)
{
    if (!blk_fast_memory(info) || !measured_smooth(k) || blk_odd_part(k->R) <= 3) return;
    int64_t padded, plain = layout_cost(k, KS_PAD_ROWS, &padded);
    if (padded * 10 > plain * 8 || (padded * 10 > plain * 7 && k->T < blk_block_cap(info))) return;
    k->pad = 1;
    if (padded * 10 > plain * 7) { /* 0.7-0.8 at the most threads a block may have: at 768, unbound */
        k->T = 768;
        k->regs = 0;
        return;
    }
    if (k->regs && rounds_regs(k->rad, k->nrad, k->B, k->R, 0, k->T) + STAGE_SPARE_REGS - k->regs > 16) k->regs = 0;
}

/* Padded, in whole warps, where the bank model (banks.c, gen_smem_cost) has padding cut the
 * passes' shared-memory wavefronts to 60% or less, as it does where a radix 16 or 12 comes first
 * (2400 = 16x15x10: 1344 -> 576). Mixed-radix blocks of up to 48 KB (build_stage leaves
 * unpadded the lengths with an odd part above 3):
 * - fp64 one-column blocks, a thread per butterfly of the widest pass. H100, A/B in one run
 *   (bench/results/h100-2026-11-28-spillthreads.txt call 7): all nine such lengths of 42
 *   measured faster, 2400 0.81 -> 0.99 of cuFFT, 2880 0.84 -> 1.00, 2240 1.09 -> 1.30, 2688
 *   1.12 -> 1.33, 1280 0.89 -> 1.01, 1200 0.89 -> 1.00, 1080 0.87 -> 0.91, 1440 and 1728 +1%.
 *   Where the model said less (0.82-0.86) padding lost 3-9% (1176, 1372, 1512, 1764, 2352) or
 *   gained 2-3% (1960, 2744), and where it said more wavefronts it mostly lost (2500 -23%, 2058
 *   -16%; but 1701 +19%, 1250 +14%: not modelled). Whole warps alone went both ways (1050 +18%,
 *   2187 -10%), so the other blocks keep their threads. On radices 11 and 13 (measured_radices;
 *   bench/results/h100-2026-11-28c-lift.txt, two reps) all 14 lengths it moves faster: 1936 0.87
 *   -> 1.00, 2112 0.78 -> 0.91, 2640 0.81 -> 0.99, 2288 2.43 -> 2.97.
 * - fp32 7-smooth blocks of 32 points or more, one column or several (small lengths, 2-D and 3-D
 *   columns), complex or packed real, on devices of 4 TB/s or more: there the bank conflicts
 *   that 3 TB/s hid show. H200, two reps (bench/results/h200-2026-11-28b-calls.txt calls 1-2:
 *   every 7-smooth case it moves of C2C <= 6144, R2C/C2R <= 12288 and N x N for N 256..4096):
 *   2400 0.65 -> 0.90 of cuFFT, 3600 0.70 -> 0.97, 3136 0.65 -> 0.90, 1280 0.73 -> 0.96, 1600
 *   0.70 -> 0.92, 2560 0.82 -> 1.05, 160 0.84 -> 0.99, 64 x 1600 +16%, R2C 5376 0.98 -> 1.59,
 *   R2C 2560 1.05 -> 1.69, C2R 4608 0.98 -> 1.48, 336 x 336 0.76 -> 1.29, 288 x 288 0.79 ->
 *   1.18; call 3, 48 of the 817 other 2-D and 3-D shapes it moved (of 2805 described): geomean
 *   1.19, 336^3 0.71 -> 1.35, R2C 336^3 0.93 -> 1.73, 240^3 0.77 -> 1.35, 336 x 2048 0.64 ->
 *   1.08, 160 x 4096 0.65 -> 0.95, C2R 240 x 2048 0.66 -> 0.93; 1280 x 1000 and its R2C -1%.
 *   Blocks under 32 points gained nothing (5x5, 9x9, 15x15 within 1%) or lost (28 x 28 -4%,
 *   28^3 -2 to -3%), and blocks under 128 threads where the model said 50-60% lost (C2R 40 -31%,
 *   R2C 40 -20%, C2R 400 -8%, C2R 640 -6%, 200 -3%, 320 -3%): those take it at under 50% only.
 *   Whole warps alone (call 1, the 79 other one-column lengths with partial warps) went both
 *   ways, geomean 1.00 (1134 +32%, 2700 +19%; 1323 and 2430 -18%, 3000 -13%). The H100's plans
 *   are unchanged: not measured there. */
void blk_bank_pad(kspec *k, const kfft_device_info *info)
{
    int cplx = k->ld == KS_LD_CPLX && k->st == KS_ST_CPLX;
    int real = (k->ld == KS_LD_PAIR && k->st == KS_ST_R2C_PACK) || (k->ld == KS_LD_C2R_PACK && k->st == KS_ST_PAIR);
    if (k->pad || k->plane) return;
    if ((int64_t)k->B * k->R * (k->f64 ? 16 : 8) > 49152) {
        if (!k->f64 && cplx && k->B > 1) wide_column_pad(k, info);
        return;
    }
    if (k->f64 ? k->B != 1 || !cplx || !measured_radices(k) : !blk_fast_memory(info) || k->R < 32 || !(cplx || real) || !measured_smooth(k))
        return;
    kspec t = *k;
    t.T = blk_whole_warps(k, info);
    int64_t padded, plain = layout_cost(&t, KS_PAD_ROWS, &padded);
    t.pad = 1;
    if (padded * 5 <= plain * 3 && (k->f64 || t.T >= 128 || padded * 2 < plain)) *k = t;
}

/* fp32 blocks left unpadded, of one or two columns and at most 16384 points, without Bluestein's
 * convolution, whose first radix is a power of two: swizzled (kspec.h: KS_PAD_SWZ) where the bank
 * model has that cut the passes' shared-memory wavefronts to 60% or less. The first pass's stores
 * fall r elements apart, on one bank for r = 16; padding would spread them, but costs the blocks
 * of 64 KB or more their footprint, and these blocks' other rules were measured unpadded (8192
 * padded ran 9% slower, h200-2026-11-28c-calls.txt call 2). The swizzle keeps the footprint.
 * H200, two reps (bench/results/h200-2026-11-29d-calls.txt): call 4, every case of describe_sweep's
 * c2c, real and nd families the rule moves (40): geomean 1.078, 34 faster, 3 slower: 7681 (Rader)
 * 1.86 -> 2.70 of cuFFT, 24201 2.04 -> 2.74, 2704 0.78 -> 0.94, 2816 0.78 -> 0.94, R2C 4160 1.17 ->
 * 1.37, 8192 0.72 -> 0.79, 15360 0.88 -> 0.94, 8192^2 0.85 -> 0.89; C2R 21959 2.80 -> 2.44, C2R 641
 * -3%, C2R 7681 -1%. Call 5, 28 cases of other lengths (held out): geomean 1.117, 26 faster (16134
 * 2.13 -> 2.85, 2112 0.74 -> 0.90, R2C 4992 2.09 -> 2.54, R2C 28672 1.10 -> 1.29), C2R 27458 -2%.
 * Left out by the same calls: blocks over 16384 points (one per SM), both ways (26400 1.81 ->
 * 0.94, 16896 -5%, 19968, 24960, 25344 -4%, 18433 -7%; 22528 +26%, 23040 +15%, 18432 +12%), not
 * told apart by the model (0.23-0.25 for all; session 56 again, folded, h200-2026-11-29e-calls.txt
 * call 1: 22528 +14%, 26400 -51%; ncu, call 5: 26400's bank conflicts go, but its warps wait on
 * instruction fetch, its code 6720 -> 8656 instructions a thread); blocks of four or eight
 * columns (a 2-D array's columns, Rader's passes over 448 or 1408 points): 17 of 19 lost
 * (1024^2 0.95 -> 0.89, 2048^2 1.00 -> 0.95, 21135 -7%); Bluestein's blocks, most of which lost
 * (call 3: 4293 -1%, 5007 -3%, R2C 9088 -2%; 317 and 443 +1-2%); the swizzle in place of padding
 * (call 3: C2R 16384 0.84 -> 0.58, 2^24 0.86 -> 0.80, 2^16 0.98 -> 0.90): the padded index is a
 * shift and an add, the swizzle an XOR of a shifted, masked index, and the padded passes' parts
 * per thread (passes.c sp_index) carry over to it only where a stride is a multiple of 256
 * (sp_index_swz): local nvcc still counts more instructions swizzled than padded (session 56:
 * 2^16 93.5 -> 111.5 a point, 1024^2 231 -> 238, 3600^2 333 -> 362). */
void blk_swizzle(kspec *k, const kfft_device_info *info)
{
    if (!blk_fast_memory(info) || k->f64 || k->pad || k->B > 2 || k->R > 16384 || (k->ops & KS_MID_BLUESTEIN) || !ks_swz_ok(k) ||
        (k->rad[0] & (k->rad[0] - 1)))
        return;
    int64_t swizzled, plain = layout_cost(k, KS_PAD_SWZ, &swizzled);
    if (swizzled * 10 <= plain * 6) k->pad = KS_PAD_SWZ;
}

/* The packed R2C's power-of-two blocks of 32 and 64 KB (R2C 8192's 4096 points, 16x16x16, and
 * R2C 16384's 8192, 32x32x8, both at 256 threads; schedule.c pads them) and the packed C2R's 32 KB
 * one (C2R 8192's) on 4 TB/s devices: swizzled, and the 64 KB block bound to three blocks per SM.
 * Padded, the 32 KB block compiles to 64 registers (four blocks per SM), swizzled to 48 (five);
 * the 64 KB block padded and unbound to 121 (two), swizzled and bound to 80 without spills (NVRTC
 * here and on the H200). H200 (bench/results/h200-2026-11-30d-calls.txt), through wisdom, two
 * reps: call 1, R2C 16384 0.85 -> 0.90 of cuFFT; swizzled but unbound 0.81 (session 59: padded
 * and bound 0.67, 196 bytes spilled; unpadded and bound 0.73); call 3, R2C 8192 0.88 -> 0.91,
 * 8192^2 0.85 -> 0.86, 64 x 8192 0.94 -> 0.96; at 128 threads (80 registers, six blocks) swizzled
 * 0.82, unpadded 0.67; call 4, the 32 KB rule, seven of the eight shapes it moves 1-3% faster
 * (R2C 8192 0.88 -> 0.91, 1960 x 8192 1.35 -> 1.37, 16x16x8192 1.00 -> 1.02, 64 x 8192 0.94 ->
 * 0.96), 3 x 8192 even. Call 2, the 64 KB rule, two reps, all nine shapes it moves faster: R2C
 * 16384 0.84 -> 0.90, 16384^2 0.84 -> 0.86, 16 x 16384 0.94 -> 0.98, 64 x 16384 0.92 -> 0.95, 1458
 * x 16384 1.16 -> 1.20. The C2R's 32 KB block, kfft tune's pick (h200-2026-11-30f-calls.txt, two
 * reps, all six shapes timed that it moves): C2R 8192 0.83 -> 0.89, 8192^2 0.84 -> 0.86, 64 x 8192
 * 0.92 -> 0.95, 2048 x 8192 0.93 -> 0.96, 16x16x8192 0.97 -> 1.01, 1000 x 8192 0.85 -> 0.87
 * (session 69 had timed it unpadded and at 128 threads only: 0.64-0.77). Not C2C 8192 at 256
 * threads (swizzled 0.89 -> 0.61, bound or not) or C2R 16384's block (spilled 40 bytes bound,
 * 0.45; 0.64 unbound). The bound is a spill bet (plan.c), so CUDA's alone. */
void blk_packed_swizzle(kspec *k, const kfft_device_info *info)
{
    int bound = k->R == 8192 && k->st == KS_ST_R2C_PACK;
    int packed = k->st == KS_ST_R2C_PACK || (k->ld == KS_LD_C2R_PACK && k->R == 4096);
    if (!blk_fast_memory(info) || k->f64 || k->B != 1 || !packed || (k->R != 4096 && !bound) || k->T != 256 || !ks_swz_ok(k) ||
        (bound && (info->no_spill_bets || info->dialect != KS_DIALECT_CUDA)))
        return;
    k->pad = KS_PAD_SWZ;
    if (bound) {
        k->regs = blocks_regs(k->T, 3);
        k->spill_bet = KS_SPILL_BET_BYTES;
    }
}

/* fp64 blocks of 256..511 threads holding 15 to 20 elements a thread (about one radix-16
 * butterfly) compile to 130-208 registers: one block per SM. 128 gives two (H100,
 * bench/results/h100-2026-11-26f-strided.txt parts 6-7: 4096 0.90 -> 0.99 of cuFFT, 1024^2
 * 0.82 -> 0.97, 2048^2 0.82 -> 0.94, 512^3 0.82 -> 0.97, 1000^3 1.08 -> 1.34, R2C 1024^2 0.87 ->
 * 1.00, R2C 1000^3 1.06 -> 1.32; part 9, global passes of unpacked plans: 2^22's two passes of
 * 256 threads, 135 and 100 registers, 0.82 -> 0.89; part 11, lengths not used to set it: 500^2
 * 1.08 -> 1.28, 512^2 0.86 -> 0.97, 1000^2 1.05 -> 1.24, 486^3 1.21 -> 1.54, 500^3 1.12 ->
 * 1.40, 2^21 0.77 -> 0.84). Not more elements a thread: 3072^2's 24 spilled (1.08 -> 0.92),
 * radix 25 gained nothing (4000^2, 6000^2, 8750). Smaller unpacked blocks compile to 56-124
 * already, and a bound let those grow (part 5; on every pass, 17496's 48-thread pass of 222
 * registers spilled: 1.34 -> 0.93). Packed real blocks of one transform (radices <= 16, 128
 * threads or more) compile to about 100 registers (R2C 4096: 102, which with the allocation
 * granule already means four blocks per SM): bounding them to 128 keeps four and lets ptxas
 * keep more loads in flight (part 8, ncu of R2C 4096: long-scoreboard stalls 20.6 -> 9.5 per
 * instruction, 1.81 -> 2.78 TB/s): R2C 4096 0.57 -> 0.93, C2R 4096 0.78 -> 0.95, R2C 4096^2
 * 0.90 -> 1.09; part 11: C2R 4608 0.96 -> 1.17, C2R 6272 1.01 -> 1.29, R2C 7200 1.06 -> 1.40,
 * R2C 9216 1.16 -> 1.38. Not packed blocks of two transforms (C2R 2048: 96 registers, five
 * blocks per SM, became four: 0.72 -> 0.67), radix 25 (6000 spilled: 3.78 -> 3.34) or under
 * 128 threads (R2C 2430 1.56 -> 1.49, C2R 3150 1.66 -> 1.34, R2C 3000^2 1.82 -> 1.67).
 * Convolutions keep conv_regs. */
int blk_f64_wide_regs(const kspec *k)
{
    int packed = k->ld == KS_LD_C2R_PACK || k->st == KS_ST_R2C_PACK, minr, maxr;
    int64_t e = (int64_t)k->R * k->B;
    if ((k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) || e < 15 * (int64_t)k->T || e > 20 * (int64_t)k->T) return 0;
    radix_range(k, &minr, &maxr);
    if (packed) return k->B == 1 && maxr <= 16 && k->T >= 128 ? 128 : 0;
    return k->T >= 256 && k->T < 512 ? 128 : 0;
}
