/* From a problem to kernel steps: one stage per transformed axis; per stage choose one
 * kernel or several passes, mixed radix or Bluestein, the real-data route, block shapes,
 * and build the twiddle/chirp tables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "plan/factor.h"
#include "plan/plan.h"
#include "plan/tables.h"
#include "plan/wisdom.h"

/* Elements a block works on when it can choose (several short transforms per block). */
#define TARGET_ELEMS 2048
/* Bytes of contiguous data per row a block reads: one 32-byte DRAM sector. */
#define ROW_BYTES 32
/* Along a strided axis of a one-kernel stage, rows up to 128 bytes while the block stays
 * within 64 KB: with the column padding (gen_column_pad) taking the bank conflicts away, the
 * H100 measured 1024^2 0.88 -> 0.94 of cuFFT (64-byte rows; 128 made 128 KB blocks: 0.91),
 * 256^3 0.95 -> 1.05, 512^3 0.90 -> 0.98 (bench/results/h100-2026-11-25-ab.txt; before the
 * padding, wider rows had lost: h100-2026-11-23d-exp.txt). */
#define WIDE_ROW_BYTES 128
#define WIDE_BLOCK_BYTES (64 << 10)
/* Power-of-two pass blocks above this ran one per SM and lost to one pass more: 2^24 as two
 * passes of 4096 (139 KB blocks) 0.56 of cuFFT, as three of 256 0.61-0.64 on the H100
 * (session 7); 2^22's two passes of 2048 (70 KB) stay (three: 0.57). Since (staged pass
 * twiddles, split tables) the two passes win for complex chains (session 19, bench/results/
 * h100-2026-11-26-packpass.txt part 5: 2^24 0.71 -> 0.77, 2^23 0.70 -> 0.79, with a thread
 * per butterfly and no register bound), which take PASS_SMEM_CPLX_MAX; the packed real
 * chains lost with them (R2C 2^24 0.84 -> 0.59: its pairing last pass of 2048 fell to 16-byte
 * rows; C2R 0.83 -> 0.76). */
#define PASS_SMEM_MAX (96 << 10)
#define PASS_SMEM_CPLX_MAX (144 << 10)
/* The most a pairing R2C last pass's block may take for wider rows (gpasses): up to
 * PAIR_BLOCK_BYTES, and up to PAIR_BLOCK_MAX while its half-rows are under 64 bytes. */
#define PAIR_BLOCK_BYTES (64 << 10)
#define PAIR_BLOCK_MAX (144 << 10)
/* Transforms per chunk are limited so workspace stays under this. */
#define WORKSPACE_CAP ((int64_t)256 << 20)
/* Threads per block: 256 for blocks of a few thousand elements; up to 512 for the large
 * single-kernel transforms that use opt-in shared memory (one block per SM)... */
#define MAX_THREADS 256
#define MAX_THREADS_LARGE 512
/* ... and 1024 for those with a large odd part (Bluestein's 7-smooth lengths, 16464, 17496):
 * measured on the H100, 8219 +15%, 16464 +21%, 17496 +28%, while 16384 lost 14% at 1024
 * (bench/results/h100-2026-11-23-threads-experiment.txt). */
#define MAX_THREADS_ODD 1024
/* Global indices above this use 64-bit arithmetic in the kernels. */
#define IDX32_LIMIT ((int64_t)INT32_MAX / 2)

static int64_t elem_bytes(int f64) { return f64 ? 16 : 8; }

/* Fills a spec's in-block shape: radices of R (in a KFFT_RADIX_* mode), B columns, T threads. */
static kfft_status shape(kspec *k, int R, int B, int radix, const kfft_device_info *info)
{
    k->R = R;
    k->B = B;
    k->nrad = R > 1 ? kfft_codelet_radices(R, k->rad, KS_MAX_RADICES, radix) : 0;
    if (k->nrad < 0) return kfft_fail(KFFT_ERROR_INTERNAL, "no codelet decomposition for %d", R);
    int maxr = 1;
    for (int i = 0; i < k->nrad; i++)
        if (k->rad[i] > maxr) maxr = k->rad[i];
    int64_t T = (int64_t)B * R / maxr;
    int odd = R;
    while (odd % 2 == 0) odd /= 2;
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
static int split_wins(const kspec *k)
{
    if (k->nrad < 2) return 0;
    if (k->R & (k->R - 1)) return 1;
    if (k->ld == KS_LD_C2R_PACK) return 0;
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
static int block_cap(const kfft_device_info *info) { return info->max_threads < 1024 ? info->max_threads : 1024; }

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

/* The register bound (kspec.regs) that fits two blocks of T threads on an SM's 64K registers. */
static int two_blocks_regs(int T) { return 65536 / (2 * T); }

/* Registers `rounds` rounds of radix-r butterflies take: two floats or four halves of doubles per value. */
static int data_regs(int r, int rounds, int f64) { return (f64 ? 4 : 2) * r * rounds; }

/* Does a block of B columns of N points need more threads than a block may have for its
 * widest pass (a thread per butterfly), and would its passes then hold rounds past the bound? */
static int rounds_spill(int64_t N, int B, int f64, const kfft_device_info *info)
{
    int rad[KS_MAX_RADICES], nr = kfft_codelet_radices(N, rad, KS_MAX_RADICES, kfft_radix_auto(N, f64)), T = block_cap(info), maxr = 1;
    for (int i = 0; i < nr; i++) maxr = rad[i] > maxr ? rad[i] : maxr;
    if ((int64_t)B * (N / maxr) <= T) return 0;
    for (int i = 0; i < nr; i++)
        if (data_regs(rad[i], (int)(((int64_t)B * (N / rad[i]) + T - 1) / T), f64) + STAGE_SPARE_REGS > reg_bound(T, 0)) return 1;
    return 0;
}

static int min_blocks(const kspec *k, const kfft_device_info *info);

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
    int cap = reg_bound(k->T, min_blocks(k, info)), fg, tg;
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
    if (ks_kernel_smem(k) * elem_bytes(k->f64) > (int64_t)info->smem_optin || smem_blocks(k, info) != nb)
        for (int p = 0; p < KS_MAX_RADICES; p++) k->keep[p] = 0;
}

/* Appends the in-block twiddle tables of spec k: pass p (radix r) multiplies element q of
 * butterfly kk by W_{Ns r}^(q kk) (kspec.h: ks_tw_rows), or split tables where split (a
 * measured choice: 1 on, 0 off) or else split_wins says so. */
static void local_tables(kspec *k, kfft_table *t, const kfft_device_info *info, int split)
{
    k->twsplit = 0;
    for (int p = 0; p < KS_MAX_RADICES; p++) k->twdirect[p] = k->twpow[p] = k->keep[p] = 0;
    int shift = 0;
    if (k->nrad >= 2 && (split >= 0 ? split : split_wins(k))) {
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

/* The measured choice for stage g's key: the tuner's candidate (problem knob), else the
 * device's wisdom; 0 if neither has one (key unchanged). */
static int measured_choice(const kfft_problem *p, int g, const kfft_device_info *info, kfft_wisdom_entry *key)
{
    if (!p->knob[g].on) return kfft_wisdom_lookup(info->wisdom, key);
    key->T = p->knob[g].T;
    key->pad = p->knob[g].pad;
    key->radix = p->knob[g].radix;
    key->regs = p->knob[g].regs;
    key->split = p->knob[g].split;
    return 1;
}

/* A convolution kernel's radices reordered so the first and the last are equal (ks_conv_fused:
 * the middle then stays in registers): the largest even radix that repeats goes to both ends,
 * the others keep their order between. On the H100 (bench/results/h100-2026-11-25b-exp.txt):
 * 4093 0.66 -> 0.73 of cuFFT, 12289 2.50 -> 2.68, 7681 1.93 -> 2.01, 1021 1.02 -> 0.98; an odd
 * radix moved to the ends lost (8219: 21,16,7,7 as 7,21,16,7, more spills: 2.31 -> 1.72). */
static void conv_order(kspec *k)
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
static int two_per_sm(const kspec *k, int f64, const kfft_device_info *info)
{
    return !f64 && k->T == 512 && info->dialect == KS_DIALECT_CUDA ? two_blocks_regs(k->T) : 0;
}

/* The bound of a convolution block that is not fused (ks_conv_fused after conv_order): its
 * spectrum multiply sits in the forward FFT's last store (kernel.c), whose r loads per
 * butterfly add a few registers; fp32 blocks of 257..512 threads then fell from two blocks per
 * SM to one (3345's Bluestein block of 320 threads: 96 -> 101 registers). Bound to two: on
 * the H100 (bench/results/h100-2026-11-26-convstore.txt) 3345 0.73 -> 0.88 of cuFFT, 4507 1.66
 * -> 2.55, 5801 1.61 -> 2.43, 5407 2.17 -> 3.31, 8191 2.71 -> 2.75 (1.77 unbound). fp64 blocks
 * keep their f64_block choices (the store multiply alone won there: 4507 2.34 -> 2.56). */
static int conv_regs(const kspec *k, int f64, const kfft_device_info *info)
{
    kspec o = *k;
    conv_order(&o);
    if (f64 || ks_conv_fused(&o) || k->T <= 256 || k->T > 512 || info->dialect != KS_DIALECT_CUDA) return 0;
    return two_blocks_regs(k->T);
}

/* A register bound (k->regs) as the blocks per SM the compiler must make room for: as many
 * as shared memory and threads allow, at most 64K / (T * regs) (an SM's registers). Defaults
 * set one only for fp32 blocks of 512 threads (passes and mixed-radix one-kernel blocks, 64:
 * two blocks per SM; bench/results/h100-2026-11-25d-*.txt); elsewhere a bound of 96 or 64 won
 * on some one-kernel sizes and lost on others (h100-2026-11-25b-exp.txt: 127 +9%, 2039 +10%,
 * C2R 1024 +8%, 257 +21% at 64; 1021 -16%, 4093 -60% at 64, 256-thread passes of 2^20 -24%),
 * so kfft_tune measures it. The SM's
 * shared memory is taken as the opt-in limit plus the 1 KB each block reserves (H100: 228 KB). */
static int min_blocks(const kspec *k, const kfft_device_info *info)
{
    if (!k->regs || info->dialect != KS_DIALECT_CUDA) return 0;
    int64_t mb = smem_blocks(k, info), mt = 2048 / k->T;
    int64_t mr = 65536 / ((int64_t)k->T * k->regs);
    if (mt < mb) mb = mt;
    if (mr < mb) mb = mr;
    return mb > 1 ? (int)mb : 0;
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

/* A thread per butterfly of the widest radix's pass (every thread busy in every pass), up to block_cap. */
static int widest_pass_threads(const kspec *k, const kfft_device_info *info)
{
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    int64_t T = (int64_t)k->B * k->R / maxr;
    return (int)(T < block_cap(info) ? T : block_cap(info));
}

/* Threads of an fp32 convolution block of 4000 to 6144 points (32-48 KB) whose length is not
 * a power of two and whose radices are balanced (the widest at most 1.5 times the narrowest):
 * one per butterfly of the pass with the most (the narrowest radix), in whole warps, up to
 * 384, so every pass is one round where the default (one thread per butterfly of the widest
 * pass, or 256) took two for most. H100, A/B of 48 primes (bench/results/
 * h100-2026-11-26-convthreads.txt): every one of the 11 in that range gained, 2011 0.62 ->
 * 0.71 of cuFFT, 2309 0.77 -> 0.97, 2347 0.76 -> 0.97, 2423 0.67 -> 0.90, 2591 0.64 -> 0.88,
 * 2699 0.58 -> 0.78, 3019 0.62 -> 0.85, 2503 0.78 -> 0.85, and 21 of 22 more measured after
 * the rule was set (2053 0.82 -> 1.17, 2833 0.54 -> 0.75, 4861 3.19 -> 3.94; 2357's 21x15x15
 * lost, 0.95 -> 0.89). In smaller blocks the same rule was mixed (15 gained, 3511 0.91 ->
 * 1.23, 1789 0.63 -> 0.87, 283 0.76 -> 1.13; 11 lost, 3457 1.54 -> 1.27, 1123 1.19 -> 1.00,
 * 823 0.87 -> 0.75), and with unbalanced radices or over 384 threads it lost (1103's 21x21x5
 * at 448 threads 0.99 -> 0.71, 1709's 10x7x7x7 at 512 1.01 -> 0.83). */
static int every_pass_threads(const kspec *k, const kfft_device_info *info)
{
    int minr, maxr;
    radix_range(k, &minr, &maxr);
    int64_t T = ((int64_t)k->B * k->R / minr + 31) / 32 * 32;
    if (2 * maxr > 3 * minr || T > 384 || T > block_cap(info) || T < k->T) return k->T;
    return (int)T;
}

/* fp32 Rader convolutions of at least this many points, one column per block, run block_cap
 * threads: in one kernel (build_stage) and as a pass (gpasses). */
#define RADER_ALL_THREADS 12288

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
 *   9604 lost 8%). Outside those bounds 512 lost (6561's 243 butterflies -8%, 11000's and
 *   12000's 1000 -6% and -3%, 17150's 686 and 8575 -33%), and so did Bluestein blocks (4099
 *   2.71 -> 1.85) and the packed C2R (13440 1.42 -> 1.11); fitted on one transform per block,
 *   it lost on strided 2-D/3-D axes of several columns a block (1000^3's 8x100 butterflies at
 *   800 threads 0.70 -> 0.79 of cuFFT, 800^3 1.35 -> 1.88, 840^3 0.95 -> 1.35, 400^3 0.88 ->
 *   1.10, 4000^2 0.99 -> 1.09, none lost: bench/results/h100-2026-11-26f-strided.txt), so
 *   those keep a thread per butterfly;
 * - no register bound for these blocks: at 64 registers 12000 and 14000 lost 25-40% to spills,
 *   and 13824 (512 threads) went 0.55 -> 0.68 without it. */
static int odd_block_threads(const kspec *k, const kfft_device_info *info)
{
    int cap = block_cap(info), minr = k->R;
    for (int i = 0; i < k->nrad; i++) minr = k->rad[i] < minr ? k->rad[i] : minr;
    int mixed = !(k->ops & KS_MID_BLUESTEIN) && k->ld != KS_LD_C2R_PACK && k->st != KS_ST_R2C_PACK;
    if (mixed && k->B == 1 && k->T >= 300 && k->T <= 900 && k->R / minr <= 4096 && 512 <= cap) return 512;
    int T = (k->T + 31) / 32 * 32;
    return T > cap || T >= 1024 ? k->T : T;
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
static int small_radix_block(kspec *k, const kfft_device_info *info)
{
    int rad[KS_MAX_RADICES], n = kfft_codelet_radices(k->R, rad, KS_MAX_RADICES, KFFT_RADIX_BALANCED);
    int small = n > 0 && n <= 4, nines = 0;
    for (int i = 0; i < n; i++) {
        small = small && rad[i] <= 10;
        nines += rad[i] == 9;
    }
    if (small && nines >= 3) return -1;
    if (!small && (int64_t)k->R * 8 > 49152) return -1;
    kfft_status st = small ? shape(k, k->R, 1, KFFT_RADIX_BALANCED, info) : KFFT_SUCCESS;
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
 *   12500 lost), and not 256 threads (won 7500 and 12000, lost 7200, 7776, 8000 by 20-30%);
 * - Bluestein convolutions of 8192 points or more, powers of two: the widest radices with
 *   256 threads, unpadded (4093 1.25 -> 1.62);
 * - the packed C2R's 8192 points (C2R 16384): as in fp32, 32x32x8, padded, 256 threads
 *   (1.08 -> 1.27). */
static kfft_status f64_block(kspec *k, int64_t odd, const kfft_device_info *info)
{
    int mixed = !(k->ops & KS_MID_BLUESTEIN) && k->ld != KS_LD_C2R_PACK && k->st != KS_ST_R2C_PACK;
    int rad[KS_MAX_RADICES], T = 0, radix = -1;
    if (k->B != 1) return KFFT_SUCCESS;
    if (mixed && (int64_t)k->R * 16 > 49152 && odd > 3) {
        int n = kfft_codelet_radices(k->R, rad, KS_MAX_RADICES, KFFT_RADIX_BALANCED);
        if (n > 0 && n <= 4) radix = KFFT_RADIX_BALANCED, T = 512;
    } else if ((k->ops & KS_MID_BLUESTEIN) && k->R >= 8192 && !(k->R & (k->R - 1))) {
        radix = KFFT_RADIX_WIDEST, T = 256, k->pad = 0;
    } else if (k->ld == KS_LD_C2R_PACK && k->R == 8192) {
        radix = KFFT_RADIX_WIDEST, T = 256, k->pad = 1;
    }
    if (radix < 0) return KFFT_SUCCESS;
    kfft_status st = shape(k, k->R, 1, radix, info);
    k->T = T < info->max_threads ? T : info->max_threads;
    k->regs = 0;
    return st;
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
static int f64_wide_regs(const kspec *k)
{
    int packed = k->ld == KS_LD_C2R_PACK || k->st == KS_ST_R2C_PACK, minr, maxr;
    int64_t e = (int64_t)k->R * k->B;
    if ((k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) || e < 15 * (int64_t)k->T || e > 20 * (int64_t)k->T) return 0;
    radix_range(k, &minr, &maxr);
    if (packed) return k->B == 1 && maxr <= 16 && k->T >= 128 ? 128 : 0;
    return k->T >= 256 && k->T < 512 ? 128 : 0;
}

/* Rader's tables and flag for a kernel whose columns have prime length p. */
static void rader_spec(kspec *k, int64_t p, kfft_table *t)
{
    int64_t g = kfft_primitive_root(p);
    k->ops |= KS_MID_RADER;
    k->dlog = tab_rader_dlog(t, p, g);
    k->bhat = tab_rader_spectrum(t, p, g);
}

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
static int cluster_pass(const kfft_schedule *s, const kspec *base, const int64_t *R, int np, int64_t rp, const kfft_device_info *info)
{
    const kspec *k0 = &s->spec[s->nsteps - 1];
    if (!rp || np != 2 || k0->B != 1 || R[1] > info->cluster_max) return 0;
    if (base->f64 ? R[1] != 2 : (R[1] > 5 || 2 * ks_kernel_smem_bytes(k0) <= info->smem_optin)) return 0;
    return !base->tfast && !base->tgrp && base->st != KS_ST_HALF2 && base->st != KS_ST_R2C_PACK;
}

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
 * and lost to both (65536 0.64, -26h part 5). */
static int64_t cluster_columns(const kspec *base, int64_t N, int64_t rp, const kfft_device_info *info)
{
    int64_t M = base->f64 ? 4096 : N == 65536 ? 16384 : 8192, P = N / M;
    if (rp || N % M || (P != 4 && !(base->f64 && P == 8)) || P > info->cluster_max) return 0;
    return base->ld == KS_LD_CPLX && base->st == KS_ST_CPLX && !base->tfast && !base->tgrp ? M : 0;
}

/* Can Bluestein's passes sp[0..2np) run the first FFT's last pass and the second's first as
 * one kernel (kspec.h: ks_bluestein_middle)? Where both have the same radices (the second
 * FFT's passes come in reverse order for it), column j's outputs are the next pass's inputs
 * of column j and one in-block FFT serves both: a round trip through the work area fewer.
 * H100, same-run ratios to cuFFT (bench/results/h100-2026-11-26i-bmid.txt): 100003 1.39 ->
 * 1.58, 1000003 1.08 -> 1.28, 32771 1.46 -> 1.70, C2R 100003 1.68 -> 1.76; fp64 8219 1.25 ->
 * 1.60, 100003 1.35 -> 1.57, R2C 8219^2 1.44 -> 1.82. */
static int bluestein_middle(const kspec *sp, int np)
{
    const kspec *a = &sp[np - 1], *b = &sp[np];
    return np >= 2 && !a->tfast && a->R == b->R && a->nrad == b->nrad &&
           !memcmp(a->rad, b->rad, (size_t)a->nrad * sizeof a->rad[0]);
}

/* Global passes of a length-N transform: appends specs for Ns = 1, R1, R1*R2, ... With rp
 * (a prime factor of N), the first pass transforms columns of length rp by Rader. radix, pad
 * and split: a measured choice for every pass (kfft_tune, wisdom), or -1 for the defaults.
 * reverse: the passes' lengths in reverse order (Bluestein's second FFT: bluestein_middle). */
static kfft_status gpasses(kfft_schedule *s, const kspec *base, int64_t N, int64_t rp, int radix, int pad, int split, int reverse,
                           const kfft_device_info *info, kfft_table *t)
{
    int f64 = base->f64;
    /* Power-of-two passes may use opt-in shared memory: fewer passes won over more blocks per
     * SM (H100: 2^22 in two passes of 2048 instead of three, 0.51 -> 0.67 of cuFFT; 2^24 0.51
     * -> 0.55), but not for odd-heavy radices (1000003's Bluestein length 2000376 in 2 + 2
     * passes of 1764 and 1134: 0.91 -> 0.62), up to PASS_SMEM_MAX. Rows stay 32 bytes: 64- and
     * 128-byte rows (more columns per block) measured slower for 2^18..2^22 (before the column
     * padding, bench/results/h100-2026-11-23-iter.txt, and after it, -25-ab.txt: 2^20 0.73 ->
     * 0.72 / 0.55, 2^22 0.70 -> 0.57 / 0.62). */
    int pow2 = (N & (N - 1)) == 0;
    size_t cap = base->ld == KS_LD_CPLX && base->st == KS_ST_CPLX ? PASS_SMEM_CPLX_MAX : PASS_SMEM_MAX;
    size_t pass_smem = info->smem_optin < cap ? info->smem_optin : cap;
    int64_t emax = ks_smem_capacity((int64_t)(pow2 && pass_smem > info->smem_per_block ? pass_smem : info->smem_per_block), f64);
    int Bg = ROW_BYTES / (int)elem_bytes(f64);
    /* Bluestein's first FFT (N > n) reads the user's side and ends in the work area; its second
     * (reverse) starts there: each pass is sized for the sides it touches. */
    int conv = base->n < N, user_in = !(conv && reverse), user_out = !(conv && !reverse);
    int64_t R[KFFT_MAX_STEPS];
    int64_t cm = cluster_columns(base, N, rp, info);
    int np = cm ? 2 : kfft_split_passes(rp ? N / rp : N, emax / Bg, R + (rp != 0), KFFT_MAX_STEPS / 2 - 1);
    if (cm) {
        R[0] = cm;
        R[1] = N / cm;
    } else if (np && rp) {
        R[0] = rp;
        np++;
    }
    if (!np) return kfft_fail(KFFT_ERROR_UNSUPPORTED, "cannot split length %lld into passes of <= %lld", (long long)N,
                              (long long)(emax / Bg));
    for (int p = 0; reverse && !cm && !rp && p < np / 2; p++) {
        int64_t x = R[p];
        R[p] = R[np - 1 - p];
        R[np - 1 - p] = x;
    }
    if (s->nsteps + 2 * np > KFFT_MAX_STEPS)
        return kfft_fail(KFFT_ERROR_UNSUPPORTED, "the transform needs more than %d kernels", KFFT_MAX_STEPS);
    int64_t Ns = 1;
    for (int p = 0; p < np; p++) {
        if (p == 1 && (cm || cluster_pass(s, base, R, np, rp, info))) { /* kspec.h: clu */
            kspec *k0 = &s->spec[s->nsteps - 1];
            k0->clu = (int)R[p];
            k0->tw_pb = tab_twiddles_grid(t, 1, R[p] - 1, Ns, Ns * R[p], 0);
            break;
        }
        kspec *k = &s->spec[s->nsteps++];
        *k = *base;
        k->kind = KS_GPASS;
        k->N = N;
        k->Ns = Ns;
        int B = Bg;
        while ((int64_t)B * 2 * R[p] <= TARGET_ELEMS) B *= 2;
        if (cm && p == 0) B = 1; /* the cluster's columns (cluster_columns): one a block */
        /* A real user side (the first pass's load, the last pass's store) moves half an
         * element's bytes per column: twice the columns keep its rows whole sectors (C2R
         * 2^20's last pass wrote 16-byte halves of sectors, 969 GB/s against its first pass's
         * 1789; with them whole, C2R 2^20 0.57 -> 1.07 of cuFFT, 2^18 0.58 -> 0.97). */
        int real_side = (p == 0 && user_in && (base->ld == KS_LD_REAL || base->ld == KS_LD_REAL2)) ||
                        (p == np - 1 && user_out && (base->st == KS_ST_REAL || base->st == KS_ST_REAL2));
        if (real_side)
            while (B < 2 * Bg && (int64_t)2 * B * R[p] <= emax) B *= 2;
        /* The packed R2C's first pass reads each element as two reals: rows of up to 128 bytes
         * in blocks of up to 64 KB measured faster there (H100, bench/results/
         * h100-2026-11-26-pairslots.txt part 5: R2C 2^16 0.81 -> 0.84 of cuFFT, 2^18 1.23 -> 1.27,
         * 2^24 0.85 -> 0.87; 128 KB blocks lost: 2^20 1.09 -> 1.04, 2^22 0.94 -> 0.89). The packed
         * C2R's first pass gained nothing either way (within 0.03). */
        if (p == 0 && base->nreal && base->ld == KS_LD_PAIR)
            while (B < 4 * Bg && (int64_t)2 * B * R[p] <= emax && (int64_t)2 * B * R[p] * elem_bytes(f64) <= PAIR_BLOCK_BYTES) B *= 2;
        /* A two-for-one (or packed) R2C last pass writes B/2 columns and their B/2 partners into half
         * spectra of n/2+1 elements, whose starts are mostly not sector-aligned, so each row
         * straddles sectors: rows of 128 bytes (up to 64 KB blocks) leave fewer partial
         * sectors than 32 (2^16's pass wrote 1.9x its L2 sectors; R2C 2^16 0.49 -> 0.73 of
         * cuFFT, 2^18 0.85 -> 1.06). Opt-in shared memory, and blocks up to 144 KB where the
         * half-rows would stay under 64 bytes (H100, bench/results/h100-2026-11-26-pairslots.txt
         * part 3: R2C 2^23 0.62 -> 0.83, 2^22 0.83 -> 0.94, 390625 1.41 -> 1.65, 100000 1.43 ->
         * 1.66; blocks of 128-byte half-rows over 64 KB lost: 2^20 1.09 -> 1.00). */
        if (ks_pair_pass(k) && p == np - 1 && user_out) {
            size_t pb = info->smem_optin < PAIR_BLOCK_MAX ? info->smem_optin : PAIR_BLOCK_MAX;
            int64_t ep = ks_smem_capacity((int64_t)pb, f64), eb2 = elem_bytes(f64);
            while (B < 8 * Bg && (int64_t)2 * B * R[p] <= ep && ((int64_t)2 * B * R[p] * eb2 <= PAIR_BLOCK_BYTES || B < 4 * Bg)) B *= 2;
        }
        if (rp && p == 0) { /* Rader: the convolution (R-1 long) and 2*B slots must fit */
            for (B = 1; B < Bg && (int64_t)B * 2 * (R[p] + 1) <= emax;) B *= 2;
            int64_t odd = R[p] - 1;
            while (odd % 2 == 0) odd /= 2;
            kfft_status st = shape(k, (int)R[p] - 1, B, radix >= 0 ? radix : kfft_radix_auto(R[p] - 1, f64), info);
            if (st) return st;
            /* As one-kernel Rader blocks of 12288 points or more (build_stage): as many threads
             * as a block may have. 52329's 17442 points (19x18x17x3: 918, 969, 1026 and 5814
             * butterflies) took 1, 2, 2 and 7 rounds of 918 threads, 1, 1, 2 and 6 of 1024
             * (H100, bench/results/h100-2026-11-25k-rader.txt: 52329 1.54 -> 1.68 of cuFFT,
             * 34886 1.56 -> 1.73, 104658 1.45 -> 1.58; 512 threads lost, 1.37). */
            if (!f64 && B == 1 && R[p] - 1 >= RADER_ALL_THREADS) k->T = block_cap(info);
            k->pad = pad >= 0 ? pad : odd <= 3;
            rader_spec(k, R[p], t);
        } else {
            kfft_status st = shape(k, (int)R[p], B, radix >= 0 ? radix : kfft_radix_auto(R[p], f64), info);
            if (st) return st;
            /* Bluestein's pairing pass stores about a quarter of each column: its blocks halve
             * while over 256 threads, several per SM, as long as their half-rows stay 32 bytes
             * (2 Bg columns). H100, same-run kfft/cuFFT (bench/results/h100-2026-11-26j-
             * pairshape.txt): R2C 100003 1.59 -> 1.71 (16 columns of 448 at 896 threads -> 8 at
             * 256), 30011 1.55 -> 1.70, 60013 1.34 -> 1.47, 200003 1.54 -> 1.65 (16 at 1024 -> 8
             * at 512; 4 at 256: 1.57), 250007 1.66 -> 1.73, 2000003 1.37 -> 1.40; fp64 200003
             * 1.52 -> 1.62, 500009 1.28 -> 1.32. Halving further lost: 150001 1.71 -> 1.61 (8
             * columns of 1225 -> 4), and so did blocks of 256 threads or fewer (40009 1.52 ->
             * 1.50, 32771 1.90 -> 1.88). */
            while (conv && user_out && ks_pair_pass(k) && p == np - 1 && k->T > 256 && B > 2 * Bg) {
                B /= 2;
                if ((st = shape(k, (int)R[p], B, radix >= 0 ? radix : kfft_radix_auto(R[p], f64), info))) return st;
            }
            k->pad = pad >= 0 ? pad : 1;
            k->regs = two_per_sm(k, f64, info);
            if (f64 && !k->regs && k->ld != KS_LD_C2R_PACK && k->st != KS_ST_R2C_PACK) k->regs = f64_wide_regs(k);
            if ((int64_t)B * R[p] * elem_bytes(f64) > PASS_SMEM_MAX) { /* one block per SM: every thread busy, no bound */
                k->T = widest_pass_threads(k, info);
                k->regs = 0;
            }
        }
        /* The packed route's pre-step (C2R, first pass) or post-step (R2C, last pass: e <= R/2)
         * twiddles W_nreal^(j + e C), C = N/R columns, as two tables (kspec.h: rtw). */
        int c2r_pre = p == 0 && base->ld == KS_LD_C2R_PACK, r2c_post = p == np - 1 && base->st == KS_ST_R2C_PACK;
        if (base->nreal && (c2r_pre || r2c_post)) {
            k->rtw = tab_twiddles_range(t, N / R[p], 1, base->nreal);
            tab_twiddles_range(t, c2r_pre ? R[p] : R[p] / 2 + 1, N / R[p], base->nreal);
        }
        /* Grouped columns on a pass's user side only, where a block holds whole groups. */
        if (!((p == 0 || p == np - 1) && !(rp && p == 0) && !ks_pair_pass(k) && k->tgrp && k->B % k->tgrp == 0)) k->tgrp = 0;
        if (Ns > 1) { /* see kspec.h: tw_pa, tw_pb */
            int r0 = k->rad[0], RB = k->R / r0;
            k->tw_pa = tab_twiddles_grid(t, 0, RB, Ns, Ns * k->R, 0);
            k->tw_pb = tab_twiddles_grid(t, 1, r0 - 1, Ns, Ns * r0, 0);
            /* Staged in shared memory where they fit (the column padding chosen later stays
             * within the same limit). */
            k->twst = 1;
            if (ks_kernel_smem(k) * elem_bytes(f64) > (int64_t)info->smem_optin) k->twst = 0;
        }
        local_tables(k, t, info, split);
        Ns *= R[p];
    }
    return KFFT_SUCCESS;
}

/* One stage: the transforms along one axis. */
typedef struct {
    kfft_type type;       /* of this stage: C2C, or the problem's real type on the real axis */
    int64_t n, is, os;    /* axis: logical length, strides on the read and written side */
    int nouter;
    ks_dim outer[KS_MAX_OUTER];
    int src, dst;         /* BUF_IN / BUF_OUT */
    int last;             /* applies the normalization */
} stage_req;

static int64_t conv_length(int64_t n) { return kfft_is_smooth(n) ? n : kfft_bluestein_length(n); }

/* Elements (of its type) a transform spans along the axis on one side. */
static int64_t axis_elems(const stage_req *r, int out)
{
    if (r->type == KFFT_C2C) return r->n;
    int complex_side = r->type == KFFT_R2C ? out : !out;
    return complex_side ? r->n / 2 + 1 : r->n;
}

/* Largest offset + 1 a side of a stage touches, in its elements. */
static int64_t side_span(const stage_req *r, int out)
{
    int64_t span = (axis_elems(r, out) - 1) * (out ? r->os : r->is) + 1;
    for (int d = 0; d < r->nouter; d++) span += (r->outer[d].n - 1) * (out ? r->outer[d].os : r->outer[d].is);
    return span;
}

/* in == out is safe for a stage reading the input and writing the output when every
 * transform keeps to its own bytes: the same byte steps between transforms, and each
 * transform's data (both sides) either at the same places or within one step. */
static void check_inplace(kfft_schedule *s, const stage_req *r, int f64)
{
    int64_t rb = f64 ? 8 : 4;
    int64_t ib = r->type == KFFT_R2C ? rb : 2 * rb, ob = r->type == KFFT_C2R ? rb : 2 * rb;
    int64_t min_step = INT64_MAX;
    for (int d = 0; d < r->nouter; d++) {
        if (r->outer[d].is * ib != r->outer[d].os * ob) {
            snprintf(s->inplace_why, sizeof s->inplace_why,
                     "in-place execution needs the same byte distance between transforms on both sides (%lld vs %lld bytes)",
                     (long long)(r->outer[d].is * ib), (long long)(r->outer[d].os * ob));
            s->inplace_ok = 0;
            return;
        }
        if (r->outer[d].is * ib < min_step) min_step = r->outer[d].is * ib;
    }
    if (ib == ob && r->is == r->os) return;
    int64_t fi = ((axis_elems(r, 0) - 1) * r->is + 1) * ib, fo = ((axis_elems(r, 1) - 1) * r->os + 1) * ob;
    if (r->nouter && (fi > min_step || fo > min_step)) {
        snprintf(s->inplace_why, sizeof s->inplace_why,
                 "in-place execution needs each transform's input (%lld bytes) and output (%lld bytes) within the %lld bytes "
                 "between transforms (pad real rows to 2*(n/2+1) reals, or plan with KFFT_PLAN_INPLACE)",
                 (long long)fi, (long long)fo, (long long)min_step);
        s->inplace_ok = 0;
    }
}

static kfft_status build_stage(kfft_schedule *s, const stage_req *r, const kfft_problem *p, const kfft_device_info *info,
                               kfft_table *t)
{
    int f64 = p->f64;
    int64_t eb = elem_bytes(f64);
    /* A whole transform in one block may use opt-in shared memory (one launch instead of
     * two passes); multi-pass blocks stay within the default so several fit per SM. */
    int64_t emax = ks_smem_capacity((int64_t)(info->smem_optin > info->smem_per_block ? info->smem_optin : info->smem_per_block), f64);
    if (s->nsteps >= KFFT_MAX_STEPS)
        return kfft_fail(KFFT_ERROR_UNSUPPORTED, "the transform needs more than %d kernels", KFFT_MAX_STEPS);
    kfft_stage *sg = &s->stage[s->nstages++];
    sg->first = s->nsteps;
    sg->ntrans = 1;
    for (int d = 0; d < r->nouter; d++) sg->ntrans *= r->outer[d].n;

    kspec base;
    memset(&base, 0, sizeof base);
    base.f64 = f64;
    base.istride = r->is;
    base.ostride = r->os;
    base.nouter = r->nouter;
    memcpy(base.outer, r->outer, sizeof r->outer);
    /* Real data: even lengths whose half fits one block take the packed route; longer ones
     * whose half is smooth take it in passes (kspec.h: rtw), the n/2 transform's bytes (and
     * workspace) instead of the full complex one's or two-for-one's. */
    int64_t n = r->n;
    int pack = r->type != KFFT_C2C && n % 2 == 0 && conv_length(n / 2) <= emax;
    int pack_passes = !pack && r->type != KFFT_C2C && n % 2 == 0 && !p->mirror.on && kfft_is_smooth(n / 2);
    pack |= pack_passes;
    if (r->type == KFFT_R2C) {
        base.ld = pack ? KS_LD_PAIR : KS_LD_REAL;
        base.st = pack ? KS_ST_R2C_PACK : KS_ST_HALF;
    } else if (r->type == KFFT_C2R) {
        base.ld = pack ? KS_LD_C2R_PACK : KS_LD_HERM;
        base.st = pack ? KS_ST_PAIR : KS_ST_REAL;
    }
    if (p->mirror.on) {
        base.st = KS_ST_MIRROR;
        base.mir.full = p->mirror.full;
        base.mir.R = p->mirror.R;
        base.mir.a = p->mirror.a;
        base.mir.b = p->mirror.b;
        base.mir.ld = p->mirror.ld;
        if (p->mirror.fold) base.ld = KS_LD_FOLD;
    }
    if (pack) {
        base.nreal = n;
        if (!pack_passes) base.rtw = tab_twiddles_range(t, n / 2 + 1, 1, n); /* passes: gpasses' own */
        n /= 2;
    }
    base.n = n;
    int smooth = kfft_is_smooth(n);
    int64_t N = conv_length(n);
    /* Rader for a prime whose n-1 is smooth and fits one block with its 2*B slots: a
     * convolution of length n-1 instead of Bluestein's >= 2n-1. Not on the packed routes,
     * whose pre/post steps pair elements in natural order. Where Bluestein also fits one
     * block, Rader's permutations through shared memory and dlog gathers cost more than the
     * shorter length saves unless n > 256 and n-1 has no prime factor above 13 (measured on
     * the H100, Rader/Bluestein speed: 257 1.35, 7681 1.05, 8191 1.73, 12289 1.24; but
     * 127 0.90, 1021 0.82, 4093 0.96; bench/results/h100-2026-11-23-rader.txt). */
    int64_t g = !smooth && !pack ? kfft_primitive_root(n) : 0;
    int rader = g && kfft_is_smooth(n - 1) && n - 1 + 64 <= emax;
    if (rader && N <= emax) rader = n > 256 && kfft_max_prime_factor(n - 1) <= 13;
    if (rader) N = n - 1;
    /* Too long for one block, with one large prime factor p whose p-1 is smooth and fits a
     * block (52329 = 3 * 17443): mixed-radix passes, p's by Rader, instead of Bluestein's
     * passes over >= 2n-1. Only p > 256, as for one-kernel Rader (PoCL 3.1 / LLVM 15 also
     * crashed compiling the pass for p = 67, a 12-thread block). */
    int64_t rp = 0;
    if (!smooth && !rader && !g && N > emax) {
        int64_t p = kfft_max_prime_factor(n);
        if (p > 256 && kfft_is_smooth(n / p) && kfft_primitive_root(p) && kfft_is_smooth(p - 1) && p - 1 + 64 <= emax) rp = p;
    }
    if (rp) N = n;
    /* Two real transforms as one complex one (z = x_a + i x_b) where the real route would
     * otherwise run a complex transform per real one: half the arithmetic and workspace.
     * C2R's pre-step is per element, so any kernel; R2C's post-step pairs Z[k] with Z[n-k]:
     * a whole transform in one block, or a last pass whose blocks hold both columns of a pair
     * (kspec.h: ks_pairs; Bluestein's last pass too, though its length is not n). */
    int64_t nuser = sg->ntrans;
    if (!pack && r->type != KFFT_C2C && !p->mirror.on && nuser >= 2) {
        base.ntr = nuser;
        base.ld = r->type == KFFT_R2C ? KS_LD_REAL2 : KS_LD_HERM2;
        base.st = r->type == KFFT_R2C ? KS_ST_HALF2 : KS_ST_REAL2;
        sg->ntrans = (nuser + 1) / 2;
    }
    /* Along a strided axis whose transforms sit side by side (a 2-D or 3-D array's columns),
     * a one-kernel block holds so few transforms, when they are long, that it reads and writes
     * pieces of DRAM sectors: 16384^2's column kernel (one 8-byte column per block) moved 3.7x
     * the sectors through L2 that its bytes need and ran at 704 GB/s, 8192^2's (two columns) at
     * 1147 GB/s, where cuFFT's column passes run at 2890 (Nsight Compute on the H100,
     * bench/results/h100-2026-11-25c-counters.txt). Such axes take transform-fastest passes
     * (kspec.h: tfast), whose blocks hold neighbouring transforms. */
    int tfast = 0;
    if (r->type == KFFT_C2C && smooth && !p->mirror.on && r->nouter && r->outer[0].is == 1 && r->outer[0].os == 1 &&
        r->is > 1 && r->os > 1 && sg->ntrans * eb >= ROW_BYTES) {
        int64_t B = 1;
        while (B * eb < ROW_BYTES && B * 2 * (N + 2) <= emax) B *= 2;
        tfast = B * eb < ROW_BYTES;
    }
    base.tfast = tfast;
    /* Other strided axes of that kind (not smooth, or no tfast) keep transform-major passes;
     * their passes' user sides take columns in groups of neighbouring transforms, whole
     * sectors (kspec.h: tgrp): the 26165 columns of R2C 52329^2 wrote 8-byte pieces in their
     * last pass, 1184 us per chunk with twice the DRAM bytes against the rows' 357 (ncu,
     * bench/results/h100-2026-11-25k-rader.txt). */
    if (!tfast && r->type == KFFT_C2C && !p->mirror.on && r->nouter && r->outer[0].is == 1 && r->outer[0].os == 1 && r->is > 1 &&
        r->os > 1)
        base.tgrp = ROW_BYTES / (int)eb;
    kfft_status st;
    if (N <= emax && !rp && !tfast) {
        /* One kernel: the whole transform (or Bluestein convolution) in one block. */
        kspec *k = &s->spec[s->nsteps++];
        *k = base;
        k->kind = KS_SINGLE;
        k->tgrp = 0;
        k->N = N;
        int B = 1;
        while ((int64_t)B * 2 * N <= TARGET_ELEMS && B * 2 <= sg->ntrans) B *= 2;
        /* Along a strided axis, neighbouring transforms share DRAM sectors: take enough. */
        int64_t fast = r->nouter ? r->outer[0].is : 0;
        int strided = r->nouter && fast < r->is;
        if (strided) {
            while ((int64_t)B * eb < ROW_BYTES && (int64_t)B * 2 * (N + 2) <= emax && B * 2 <= sg->ntrans) B *= 2;
            while ((int64_t)B * eb < WIDE_ROW_BYTES && (int64_t)B * 2 * N * eb <= WIDE_BLOCK_BYTES && B * 2 <= sg->ntrans) B *= 2;
            /* ... but, in a convolution, not so many that its passes hold rounds of butterflies past
             * the register bound at a full block (3345^2's columns, 4 per block at 1024 threads:
             * every pass two rounds, 904 bytes spilled a thread). Two columns on the H100
             * (bench/results/h100-2026-11-26e-stage.txt parts 5 and 7): 3345^2 0.85 -> 1.06 of cuFFT,
             * R2C 0.92 -> 1.11, 3011^2 0.86 -> 1.12, 2843^2 0.82 -> 0.98, 3187^2 0.78 -> 0.96, 3433^2
             * 1.60 -> 1.68; 2447^2, whose radices 10 and 7 fit two rounds, lost (1.11 -> 1.03): it
             * keeps 4. Never below 2: a column alone reads 8-byte pieces of sectors. */
            while (!smooth && B > 2 && rounds_spill(N, B, f64, info)) B /= 2;
        }
        if ((st = shape(k, (int)N, B, kfft_radix_auto(N, f64), info))) return st;
        /* Padding pays for power-of-two-heavy lengths; measured on the H100 it costs one-kernel
         * lengths with a large odd part (16464, 17496, 1000, 243), whose strides already spread. */
        int64_t odd = N;
        while (odd % 2 == 0) odd /= 2;
        k->pad = odd <= 3;
        k->src = k->dst = KS_IO_USER;
        k->conj_in = k->conj_out = 1;
        if (rader) {
            rader_spec(k, n, t);
        } else if (!smooth) {
            k->ops = KS_PRE_CHIRP | KS_MID_BLUESTEIN | KS_POST_CHIRP;
            k->chirp = tab_chirp(t, n);
            k->bhat = k->chirp < 0 ? -1 : tab_bluestein_spectrum(t, n, N, k->chirp);
        } else if (k->pad && !f64 && (int64_t)B * N * eb >= 65536) {
            /* kfft tune on the H100 (bench/results/h100-2026-11-23-tune.txt): an fp32
             * power-of-two block that fills the opt-in shared memory (one block per SM) runs
             * faster unpadded (R2C 16384's 8192-point kernel +30%), and with 1024 threads where
             * it holds 16384 points or more (+14%). In fp64 the same rule lost (R2C 16384 0.89 ->
             * 0.75 of cuFFT, 4096^2 0.98 -> 0.90; h100-2026-11-23-defaults.txt), so fp64 keeps
             * padding. */
            /* ... except where kfft tune found the widest radices, padded, with one thread per
             * butterfly of the widest pass fastest: a complex column of 16384 (or more) as
             * 32x32x16, 512 threads (0.872 -> 0.816 ms; C2C 16384 0.90 -> 0.95 of cuFFT, 16384^2
             * 0.91 -> 0.94; the packed R2C/C2R 32768 lost with it, 0.93 -> 0.67, 0.87 -> 0.78:
             * bench/results/h100-2026-11-25f-ab.txt), and the packed C2R's 8192 points as
             * 32x32x8, 256 threads (0.488 -> 0.443 ms, bench/results/h100-2026-11-25g-tune.txt). */
            int widest = (N >= 16384 && !k->nreal) || (k->ld == KS_LD_C2R_PACK && (int64_t)N * eb < 131072);
            if (B == 1 && widest) {
                if ((st = shape(k, (int)N, B, KFFT_RADIX_WIDEST, info))) return st;
            } else {
                k->pad = 0;
            }
            if (!k->pad && (int64_t)B * N * eb >= 131072) {
                int T = widest_pass_threads(k, info);
                if (T > k->T) k->T = T;
            }
        }
        /* Threads and register bounds. fp32 Rader convolutions of 12288 points or more: as
         * many threads as a block may have (H100, bench/results/h100-2026-11-25g-ab.txt: 12289
         * 2.89 -> 3.37 of cuFFT, 15361 1.67 -> 2.06, 16901 2.74 -> 2.91, 17443 1.91 -> 2.08;
         * 13001 3.21 -> 3.11; 7681's 7680 points ran best at 512: odd_block_threads). fp32
         * mixed-radix blocks of more than 4096 points: small_radix_block, then other fp32 blocks
         * with a large odd part: odd_block_threads; fp64 blocks: f64_block. Else
         * the default bound (fp32), for mixed-radix blocks only: not the packed C2R, whose
         * load reads two inputs and a twiddle per element (C2R 16384 0.63 -> 0.59 of cuFFT
         * with the bound). */
        int srb = !f64 && B == 1 && smooth && !rader && k->nreal == 0 && N > 4096 && odd > 3 ? small_radix_block(k, info) : -1;
        if (srb > 0) return (kfft_status)srb;
        if (!f64 && B == 1 && rader && N >= RADER_ALL_THREADS) {
            k->T = block_cap(info);
        } else if (srb == 0) {
            k->regs = two_per_sm(k, f64, info);
        } else if (!f64 && (int64_t)B * N * 8 > 49152 && odd > 3) {
            k->T = odd_block_threads(k, info);
            /* A complex strided axis's block of several columns and over 256 threads (1000^3's
             * 8 columns at 800, 2000^2's 4 at 416) compiles to 50-84 registers: one block per
             * SM. Bound for two (H100, bench/results/h100-2026-11-26f-strided.txt parts 3 and 7;
             * 800 threads then take 32 registers, 60-76 bytes spilled, 416 take 72): 1000^3
             * 0.80 -> 0.87 of cuFFT, 900^3 0.78 -> 0.94, 500^3 0.85 -> 0.90, 972^3 1.05 -> 1.11,
             * 1000^2 0.77 -> 0.87, 900^2 0.75 -> 0.91, 2000^2 1.06 -> 1.20, 400^3 1.09 -> 1.12.
             * The same blocks in real transforms' plans lost (R2C 1000^3 0.86 -> 0.84, R2C 1000^2
             * 0.87 -> 0.84; R2C 500^3 1.07 -> 1.11), so those keep no bound, and so do
             * convolution blocks (3345^2's Bluestein columns would spill 1.1 KB). */
            if (strided && B > 1 && p->type == KFFT_C2C && k->T > 256 && !(k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)))
                k->regs = two_blocks_regs(k->T);
        } else if (f64) {
            if ((st = f64_block(k, odd, info))) return st;
            if (!k->regs) k->regs = f64_wide_regs(k);
        } else if (smooth && !rader && k->ld != KS_LD_C2R_PACK) {
            k->regs = two_per_sm(k, f64, info);
        } else if ((rader || !smooth) && (N & (N - 1)) && (int64_t)B * N >= 4000 && (int64_t)B * N * 8 <= 49152) {
            k->T = every_pass_threads(k, info);
        }
        if ((k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) && !k->regs) k->regs = conv_regs(k, f64, info);
        /* Measured choices: the tuner's candidate, else the device's wisdom. */
        kfft_wisdom_entry key = {.f64 = f64, .R = N, .B = B, .ops = k->ops, .io = kfft_wisdom_io(k->ld, k->st), .split = -1};
        if (measured_choice(p, s->nstages - 1, info, &key)) {
            if ((st = shape(k, (int)N, B, key.radix, info))) return st;
            k->T = key.T < info->max_threads ? key.T : info->max_threads;
            k->pad = key.pad;
            k->regs = key.regs;
        }
        if (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) conv_order(k);
        local_tables(k, t, info, key.split);
        s->src[sg->first] = r->src;
        s->dst[sg->first] = r->dst;
    } else {
        /* Measured choices for the passes (-1: the defaults). */
        kfft_wisdom_entry key = {.passes = 1, .f64 = f64, .R = N, .ops = rp ? KS_MID_RADER : smooth ? 0 : KS_MID_BLUESTEIN,
                                 .io = kfft_wisdom_io(base.ld, base.st), .pad = -1, .radix = -1, .split = -1};
        measured_choice(p, s->nstages - 1, info, &key);
        if ((st = gpasses(s, &base, N, rp, key.radix, key.pad, key.split, 0, info, t))) return st;
        int np = s->nsteps - sg->first;
        kspec *sp = &s->spec[sg->first];
        if (!smooth && !rp) {
            /* Second FFT of the convolution: the same passes in reverse order, so its first
             * pass can be the first's last (bluestein_middle). */
            if ((st = gpasses(s, &base, N, rp, key.radix, key.pad, key.split, 1, info, t))) return st;
            if (s->nsteps - sg->first != 2 * np)
                return kfft_fail(KFFT_ERROR_INTERNAL, "Bluestein's second FFT took %d passes, the first %d", s->nsteps - sg->first - np, np);
            sp[0].ops |= KS_PRE_CHIRP;
            sp[np - 1].ops |= KS_POST_BMUL;
            sp[2 * np - 1].ops |= KS_POST_CHIRP;
            int64_t chirp = tab_chirp(t, n), bhat = chirp < 0 ? -1 : tab_bluestein_spectrum(t, n, N, chirp);
            for (int q = 0; q < 2 * np; q++) {
                sp[q].chirp = chirp;
                sp[q].bhat = bhat;
            }
            if (bluestein_middle(sp, np)) {
                sp[np - 1].ops = (sp[np - 1].ops & ~KS_POST_BMUL) | KS_MID_BLUESTEIN;
                memmove(&sp[np], &sp[np + 1], (size_t)(np - 1) * sizeof *sp);
                s->nsteps--;
            }
        }
        int cnt = s->nsteps - sg->first;
        for (int q = 0; q < cnt; q++) {
            kspec *k = &sp[q];
            k->src = q == 0 ? KS_IO_USER : KS_IO_WORK;
            k->dst = q == cnt - 1 ? KS_IO_USER : KS_IO_WORK;
            if (q != 0) k->ld = KS_LD_CPLX;
            if (q != cnt - 1) k->st = KS_ST_CPLX;
            k->conj_in = q == 0;
            k->conj_out = q == cnt - 1;
            s->src[sg->first + q] = q == 0 ? r->src : BUF_W0 + (q - 1) % 2;
            s->dst[sg->first + q] = q == cnt - 1 ? r->dst : BUF_W0 + q % 2;
        }
    }
    sg->nsteps = s->nsteps - sg->first;

    /* Chunk the transforms so workspace stays bounded and grids stay within limits. */
    kspec *k0 = &s->spec[sg->first];
    sg->chunk = sg->ntrans;
    if (k0->kind == KS_GPASS && sg->nsteps > 1) {
        int nw = sg->nsteps >= 3 ? 2 : 1;
        int64_t c = (p->work_cap ? p->work_cap : WORKSPACE_CAP) / (nw * N * eb);
        if (c < 1) c = 1;
        if (c < sg->chunk) sg->chunk = c;
        if (nw > s->nwork) s->nwork = nw;
        if (sg->chunk * N > s->work_elems) s->work_elems = sg->chunk * N;
    } else if (sg->chunk * ks_cols_per_transform(k0) > ((int64_t)k0->B << 30)) {
        sg->chunk = ((int64_t)k0->B << 30) / ks_cols_per_transform(k0);
    }
    /* Index width: 32-bit unless an offset the kernels compute could pass the limit. */
    int64_t ispan = side_span(r, 0), ospan = side_span(r, 1);
    if (p->mirror.on) ospan = p->mirror.R * p->mirror.ld + r->n;
    if (p->mirror.fold) ispan = 2 * ospan; /* G's real rows: reals */
    for (int q = 0; q < sg->nsteps; q++) {
        kspec *k = &s->spec[sg->first + q];
        if (k->src != KS_IO_USER && k->dst != KS_IO_USER) k->tgrp = 0; /* Bluestein's inner passes */
        k->cpad = gen_column_pad(k, (int64_t)info->smem_optin / eb);
        k->minb = min_blocks(k, info);
        k->idx64 = ispan > IDX32_LIMIT || ospan > IDX32_LIMIT || nuser > IDX32_LIMIT || sg->chunk * N > IDX32_LIMIT ||
                   k->chirp + N > IDX32_LIMIT || k->bhat + N > IDX32_LIMIT || k->dlog + r->n > IDX32_LIMIT || k->rtw + r->n > IDX32_LIMIT;
    }
    if (r->src == BUF_IN && r->dst == BUF_OUT) check_inplace(s, r, f64);
    return KFFT_SUCCESS;
}

/* Stage for axis a, reading buffer src and writing dst (BUF_IN: the input layout,
 * BUF_OUT: the output layout); every other axis and the batch axes are its outer dims. */
static stage_req stage_for(const kfft_problem *p, kfft_type type, int a, int src, int dst)
{
    stage_req r;
    memset(&r, 0, sizeof r);
    r.type = type;
    r.src = src;
    r.dst = dst;
    r.n = p->dims[a].n;
    r.is = src == BUF_OUT ? p->dims[a].os : p->dims[a].is;
    r.os = dst == BUF_OUT ? p->dims[a].os : p->dims[a].is;
    for (int i = 0; i < p->rank + p->hrank; i++) {
        if (i == a) continue;
        const kfft_dim *d = i < p->rank ? &p->dims[i] : &p->hm[i - p->rank];
        int64_t len = i < p->rank ? kfft_problem_len(p, i, src == BUF_OUT) : d->n;
        if (len <= 1) continue;
        /* Sorted by read stride: the fastest-varying digit of the transform index is the
         * one with neighbours closest in memory. */
        ks_dim o = {len, src == BUF_OUT ? d->os : d->is, dst == BUF_OUT ? d->os : d->is};
        int j = r.nouter++;
        while (j > 0 && r.outer[j - 1].is > o.is) {
            r.outer[j] = r.outer[j - 1];
            j--;
        }
        r.outer[j] = o;
    }
    return r;
}

/* Appends tag and the passes whose flag is set ("tag1,3"), if any, at offset o of d. */
static int describe_passes(char *d, int o, size_t cap, const char *tag, const unsigned char *flag, int n)
{
    for (int i = 0, first = 1; i < n; i++)
        if (flag[i]) o += snprintf(d + o, cap - (size_t)o, "%s%d", first ? tag : ",", i), first = 0;
    return o;
}

static void describe(kfft_schedule *s, const kfft_problem *p)
{
    static const char *types[] = {"c2c", "r2c", "c2r"};
    size_t cap = sizeof s->describe;
    int o = snprintf(s->describe, cap, "%s %s n=", types[p->type], p->f64 ? "f64" : "f32");
    for (int a = 0; a < p->rank; a++) o += snprintf(s->describe + o, cap - (size_t)o, "%s%lld", a ? "x" : "", (long long)p->dims[a].n);
    int64_t batch = 1;
    for (int i = 0; i < p->hrank; i++) batch *= p->hm[i].n;
    o += snprintf(s->describe + o, cap - (size_t)o, " batch=%lld", (long long)batch);
    for (int g = 0; g < s->nstages; g++) {
        const kfft_stage *sg = &s->stage[g];
        const kspec *k0 = &s->spec[sg->first];
        if (o > (int)cap - 200) break;
        o += snprintf(s->describe + o, cap - (size_t)o, " || axis len %lld%s%s%s", (long long)(k0->nreal ? k0->nreal : k0->n),
                      k0->nreal ? " packed" : "", k0->ntr ? " two-for-one" : "", k0->ops & (KS_PRE_CHIRP | KS_MID_BLUESTEIN) ? " bluestein" : k0->ops & KS_MID_RADER ? " rader" : "");
        if (k0->ops & (KS_PRE_CHIRP | KS_MID_BLUESTEIN)) o += snprintf(s->describe + o, cap - (size_t)o, " m=%lld", (long long)k0->N);
        for (int q = 0; q < sg->nsteps && o < (int)cap - 100; q++) {
            const kspec *k = &s->spec[sg->first + q];
            o += snprintf(s->describe + o, cap - (size_t)o, " | k%d %s R=%d(", sg->first + q, k->kind == KS_SINGLE ? "single" : "pass",
                          k->R);
            for (int i = 0; i < k->nrad; i++) o += snprintf(s->describe + o, cap - (size_t)o, "%s%d", i ? "x" : "", k->rad[i]);
            o += snprintf(s->describe + o, cap - (size_t)o, ") B=%d T=%d", k->B, k->T);
            if (k->tgrp) o += snprintf(s->describe + o, cap - (size_t)o, " G=%d", k->tgrp);
            if (k->clu) o += snprintf(s->describe + o, cap - (size_t)o, " C=%d", k->clu);
            if (ks_bluestein_middle(k)) o += snprintf(s->describe + o, cap - (size_t)o, " mid");
            if (k->twsplit) o += snprintf(s->describe + o, cap - (size_t)o, " L=%d", k->twsplit);
            o = describe_passes(s->describe, o, cap, " D=", k->twdirect, k->nrad); /* passes with direct tables */
            o = describe_passes(s->describe, o, cap, " W=", k->twpow, k->nrad);    /* split passes taking powers of W^kk */
            o = describe_passes(s->describe, o, cap, " S=", k->keep, k->nrad);     /* passes staging rounds in shared memory */
        }
    }
}

kfft_status kfft_schedule_build(const kfft_problem *p, const kfft_device_info *info, kfft_schedule *s)
{
    memset(s, 0, sizeof *s);
    s->inplace_ok = 1;
    kfft_table t = {0};
    kfft_status st = KFFT_SUCCESS;
    int r = p->rank;
    /* Real transforms: R2C first along the real (last) axis, then C2C on the half
     * spectrum; C2R the other way round, the C2C stages working in the input. */
    if (p->type == KFFT_C2R) {
        for (int a = 0; a < r - 1 && !st; a++) {
            stage_req q = stage_for(p, KFFT_C2C, a, BUF_IN, BUF_IN);
            st = build_stage(s, &q, p, info, &t);
        }
        if (!st) {
            stage_req q = stage_for(p, KFFT_C2R, r - 1, BUF_IN, BUF_OUT);
            st = build_stage(s, &q, p, info, &t);
        }
    } else {
        for (int a = r - 1; a >= 0 && !st; a--) {
            int first = a == r - 1;
            stage_req q = stage_for(p, first ? p->type : KFFT_C2C, a, first ? BUF_IN : BUF_OUT, BUF_OUT);
            st = build_stage(s, &q, p, info, &t);
        }
    }
    if (st) goto fail;
    if (t.oom) {
        st = kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for twiddle tables (%lld elements)", (long long)t.len);
        goto fail;
    }
    /* Normalization, fused into the last store of the last stage. */
    double size = kfft_problem_size(p), sf = 1, si = 1;
    if (p->norm == KFFT_NORM_BACKWARD) si = 1 / size;
    if (p->norm == KFFT_NORM_FORWARD) sf = 1 / size;
    if (p->norm == KFFT_NORM_ORTHO) sf = si = (double)(1 / sqrtl((long double)size));
    kspec *kl = &s->spec[s->nsteps - 1];
    kl->scale = sf != 1 || si != 1;
    kl->scale_fwd = sf;
    kl->scale_inv = si;

    s->tab = t;
    s->table_len = t.len ? t.len : 1; /* every plan gets a (tiny) table so kernels always have one */
    describe(s, p);
    return KFFT_SUCCESS;
fail:
    tab_free(&t);
    return st;
}

void kfft_schedule_free(kfft_schedule *s) { tab_free(&s->tab); }

static kfft_status program(const kspec *specs, int n, int dialect, strbuf *src)
{
    sb_init(src);
    gen_program(src, dialect, specs, n);
    if (src->oom) {
        sb_free(src);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for kernel source");
    }
    return KFFT_SUCCESS;
}

kfft_status kfft_schedule_source(const kfft_schedule *s, int dialect, strbuf *src) { return program(s->spec, s->nsteps, dialect, src); }

kfft_status kfft_schedule_kernel_source(const kfft_schedule *s, int i, int dialect, strbuf *src)
{
    return program(&s->spec[i], 1, dialect, src);
}

kfft_status kfft_schedule_acquire(kfft_context ctx, const kfft_schedule *s, const char *const *extra, int nextra, kfft_module_entry **mod,
                                  kfft_module_entry **extra_mod)
{
    strbuf src[KFFT_MAX_STEPS];
    const char *text[KFFT_MAX_STEPS + 2] = {0};
    kfft_module_entry *got[KFFT_MAX_STEPS + 2] = {0};
    kfft_status st = nextra <= 2 ? KFFT_SUCCESS : kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "schedule: more than two extra programs");
    int n = 0;
    while (!st && n < s->nsteps && !(st = kfft_schedule_kernel_source(s, n, ctx->info.dialect, &src[n]))) {
        text[n] = src[n].s;
        n++;
    }
    for (int i = 0; i < nextra && !st; i++) text[n + i] = extra[i];
    if (!st) st = kfft_module_acquire_many(ctx, text, n + nextra, got);
    for (int i = 0; i < n; i++) sb_free(&src[i]);
    if (st) return st;
    memcpy(mod, got, sizeof got[0] * (size_t)n);
    for (int i = 0; i < nextra; i++) extra_mod[i] = got[n + i];
    return KFFT_SUCCESS;
}
