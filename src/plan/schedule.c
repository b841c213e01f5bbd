/* From a problem to kernel steps: one stage per transformed axis; per stage choose one
 * kernel or several passes, mixed radix, Rader or Bluestein, the real-data route, and build
 * the twiddle/chirp tables; each kernel's block shape comes from blocks.c, and which passes
 * run as one launch in clusters from clusters.c. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "plan/blocks.h"
#include "plan/clusters.h"
#include "plan/factor.h"
#include "plan/plan.h"
#include "plan/planes.h"
#include "plan/tables.h"
#include "plan/wisdom.h"

/* Elements a block works on when it can choose (several short transforms per block). */
#define TARGET_ELEMS 2048
/* Elements up to which a power-of-two complex pass takes rows of two sectors (gpasses). */
#define SMALL_PASS_ELEMS 4096
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
/* Global indices above this use 64-bit arithmetic in the kernels. */
#define IDX32_LIMIT ((int64_t)INT32_MAX / 2)

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
    key->noclu = p->knob[g].noclu;
    key->rows = p->knob[g].rows;
    key->cols = p->knob[g].cols;
    key->pfa = p->knob[g].pfa;
    return 1;
}

/* Complex elements a block's shared memory holds at most (the opt-in size where larger). */
static int64_t block_elems(const kfft_device_info *info, int f64)
{
    return ks_smem_capacity((int64_t)(info->smem_optin > info->smem_per_block ? info->smem_optin : info->smem_per_block), f64);
}

/* A one-kernel convolution's block shape as the length rules see it: its radix passes (the
 * block's default radices), whether one is a 9, whether the widest is at most four times the
 * narrowest, whether two are 25s beside one of at most 5, and whether two are 16s. */
typedef struct {
    int passes, nine, narrow, pair25, two16;
} conv_shape;

static conv_shape conv_radices(int64_t m, int f64)
{
    int rad[KS_MAX_RADICES], n = kfft_codelet_radices(m, rad, KS_MAX_RADICES, kfft_radix_auto(m, f64)), lo = INT_MAX, hi = 1, n25 = 0, n16 = 0;
    conv_shape c = {.passes = n};
    for (int i = 0; i < n; i++) {
        c.nine |= rad[i] == 9;
        n25 += rad[i] == 25;
        n16 += rad[i] == 16;
        lo = rad[i] < lo ? rad[i] : lo;
        hi = rad[i] > hi ? rad[i] : hi;
    }
    c.narrow = n > 0 && hi <= 4 * (int64_t)lo;
    c.pair25 = n == 3 && n25 == 2 && lo <= 5;
    c.two16 = n16 >= 2;
    return c;
}

/* Would an fp32 one-kernel convolution of length m run slow for its block's shape? Measured on
 * the H100 over the 7-smooth lengths within 6% of 22 primes' rule lengths (the tuner's
 * candidates, 156 timings; bench/results/h100-2026-11-27z-convrule.txt, calls 3-4), against the
 * best length of each prime: five or more radix passes, 1.07-3.96x in 50 of 51 (12253's 24576
 * = 16x16x3x2x16: 10.7 ms against 3.4); a widest pass with more butterflies than a block has
 * threads (T capped at 1024, 64 registers: spills), 1.13x or more in all 38; two radix-25
 * passes beside two more or beside a radix 27, 1.03-1.73x (16875 = 27x25x25: 317 compiled
 * instructions per element against 15625 = 25x25x25's 186; 25000: 1.44-1.73), while 25x25x25
 * and 25x25x16 were the fastest of their primes' lengths (a first version of this rule moved
 * them and lost: 7789 2.62 -> 2.93 ms, 4903 2.46 -> 3.17); above 9000 points, two or more
 * radix-16 passes (conv order puts them at both ends), 1.08-3.96x (10240, 16384, 20736:
 * 1.30-1.51; 8192 is the best of its prime's lengths). Strided axes' convolution blocks take
 * the same lengths, unmeasured there. */
static int conv_slow(int64_t m, const kfft_device_info *info)
{
    int rad[KS_MAX_RADICES], n = kfft_codelet_radices(m, rad, KS_MAX_RADICES, kfft_radix_auto(m, 0)), maxr = 1, n25 = 0, n27 = 0, n16 = 0;
    for (int i = 0; i < n; i++) {
        maxr = rad[i] > maxr ? rad[i] : maxr;
        n25 += rad[i] == 25;
        n27 += rad[i] == 27;
        n16 += rad[i] == 16;
    }
    return n <= 0 || n >= 5 || m / maxr > info->max_threads || (n25 >= 2 && (n >= 4 || n27)) || (n16 >= 2 && m > 9000);
}

/* Bluestein's convolution length for stage g's axis of length n (stride is): the tuner's
 * candidate, else the device's wisdom ("conv" entry), else kfft_conv_default: the smallest 7-smooth
 * N >= 2n-1, or, for an fp32 convolution in one block (10000 <= N <= emax), the smallest
 * 7-smooth length up to 6% longer whose block shape is not a slow one (conv_slow). Over the 22
 * primes it was set from, that takes them from 1.35x their best length's time to 1.04x on
 * average (10007 4.08 -> 3.09 ms, 8237 4.39 -> 2.68, 11351 5.26 -> 2.88); on 16 primes it was
 * not set from (one per pair of lengths it moves between), 13 ran 1.04-1.60x faster and three
 * slower (6247's 12500 -> 12544 0.90x, 12241's 24500 -> 25200 0.97x, 13229's 0.98x). The tuner
 * measures the rest (1000003, in passes, ran 1.30 -> 1.44 of cuFFT with 2007040 for 2000376).
 * Below, a power of two up to 4096 within 6% of the smallest is taken: its radix-16 and
 * -8 passes and padded block beat the 7-smooth shapes (H100, bench/results/
 * h100-2026-11-27za-small.txt: kfft tune found it for 1987, 997 and 503, 1.29-1.90x; A/B on
 * eight primes it was not set from, all faster, 1999 3.60 -> 1.90 ms, 1949 1.72x, 61 1.66x,
 * 967 1.22x). Lengths of 8192 were mixed there (3847-4049: 0.87-1.12x): not taken. Else, from
 * 1600 to 8192 points along contiguous axes (is: the axis's element stride; strided ones take
 * blocks of several columns, not measured), a length of four or more passes gives way to the
 * next of three up to 6% longer (h100-2026-11-27zc-bluethreads.txt, call 7: all 23 pairs of
 * lengths it moves between, one prime each; 84 primes, 1.23x geomean; 7875 -> 7938 1.57x, 6144
 * -> 6174 1.57x, 7290 -> 7560 1.44x; 2450 -> 2500 0.97x, 6860 -> 6912 0.99x). fp64 takes both
 * (h100-2026-11-27zd-rader64.txt, with conv_threads' counts: the power of two 241 1.27x, 499
 * 1.14x, 967 1.47x, 1933 1.20x, 1993 2.04x; three passes 1289 1.56x, 2293 1.45x, 2129 1.28x,
 * 3331 1.13x, 2621 1.05x, 2437's 4900 -> 5000 0.88x). After the power of two and before the
 * four-pass rule, an fp32 length of 128..6000 along a contiguous axis whose radices hold a 9 gives
 * way to the next up to 6% longer without one, of at most three passes (under 1600 points: its
 * widest radix at most four times its narrowest). kfft tune's candidates (H100,
 * bench/results/h100-2026-11-27ze-packed-nine.txt, call 1) had every length with two radix-9
 * passes the slowest of its prime's (1215 = 15x9x9 3.09 ms against 1225's 2.23, 1134 2.90 against
 * 1120's 1.54) and most with one slower than their neighbours (882, 945, 1512, 1620); A/B of all
 * 24 primes <= 4096 it moves and their real and 2-D cases (calls 2-3): 1.05-1.59x in 35 of 38 (607
 * 0.65 -> 0.90 of cuFFT, 2803 0.59 -> 0.78, 941 1.40x, 1693 1.21x, 643 1.26x, 67 1.59x, R2C/C2R
 * 2803 1.13-1.24x, 64 x 2803 1.25x), 877's 1764 -> 1792 0.95x, 1151's 2304 -> 2352 and C2R 359
 * even. Where it lost, it is not taken: 6075 -> 6174 and 6561 -> 6615 (0.90-0.92x), 81 -> 84
 * (0.79x), 864 -> 875 = 25x7x5 (0.64x), strided columns (467^2 0.78x), and fp64 (call 5: 12 of 21
 * faster, 607 1.64x, but 439 0.78x, 1151 0.77x). Lengths of two radix-25 passes beside one of at
 * most 5 give way alike (call 9, all seven primes it moves measured through three, with real and
 * 2-D cases: 1229's 2500 = 25x25x4 -> 2520 1.19x, 1549's 3125 -> 3136 1.16x, C2R 1549 1.15x, 64 x
 * 1229 1.14x, R2C 619 1.22x, 619's 1250 -> 1280 1.02x); two 27s beside a 3 or 5 went even (1087,
 * 1811; R2C 1087 0.96x): kept. */
/* What kfft_conv_default's rules look for in a longer length m (for the length N they move). */
enum { LEN_NO_NINE, LEN_THREE_PASSES, LEN_NOT_SLOW };

/* The first 7-smooth length after N, up to 6% longer and at most cap, that passes test; N if none.
 * pow2: a power of two passes LEN_THREE_PASSES whatever its radices count. */
static int64_t next_length(int64_t N, int64_t cap, int test, int f64, int pow2, const kfft_device_info *info)
{
    for (int64_t m = kfft_bluestein_next(N + 1); m <= N + N * 6 / 100 && m <= cap; m = kfft_bluestein_next(m + 1)) {
        if (test == LEN_NOT_SLOW) {
            if (!conv_slow(m, info)) return m;
            continue;
        }
        conv_shape c = conv_radices(m, f64);
        int three = c.passes <= 3 || (pow2 && !(m & (m - 1)));
        if (test == LEN_THREE_PASSES ? three : !c.nine && (N < BLK_CONV_SMALL_MIN ? c.narrow : c.passes <= 3)) return m;
    }
    return N;
}

int64_t kfft_conv_default(int64_t n, int64_t is, int f64, int c2r, const kfft_device_info *info)
{
    int64_t N = kfft_bluestein_length(n), emax = block_elems(info, f64), P = 1;
    while (P < N) P *= 2;
    if (P <= 4096 && P <= emax && P <= N + N * 6 / 100) return P;
    conv_shape c = conv_radices(N, f64);
    if (!f64 && is == 1 && (c.nine || c.pair25) && N >= 128 && N <= 6000 && N <= emax) {
        int64_t m = next_length(N, emax, LEN_NO_NINE, f64, 0, info);
        if (m != N) return m;
    }
    /* On 4 TB/s devices the four-pass rule takes 8192 too (fp32, not C2R), whatever its radices
     * count. kfft tune on the H200 had 8064 = 12x8x7x12 and 8100 = 10x9x9x10 1.19-1.24x slower
     * than 8192 (bench/results/h200-2026-11-30o-calls.txt call 2). A/Bs, two reps each
     * (h200-2026-12-01-calls.txt): call 1, main's tree against the rule's, fp32 C2C 4005 1.02 ->
     * 1.28 of cuFFT, 4011 0.86 -> 1.07, 4037 0.91 -> 1.06, R2C 4017 1.47 -> 1.65, R2C 8054 0.91 ->
     * 1.06; but C2R 4039 1.25 -> 1.19 and C2R 8066 1.34 -> 1.24 (both from 8100), and fp64 went
     * both ways (3949's 7938 1.09 -> 1.42, 3911's 7840 1.52 -> 1.42, R2C 3907 1.71 -> 1.57), so
     * those keep their lengths; call 2, this rule on fresh lengths, one binary and a switch: all 7
     * faster (4007 0.85 -> 1.07, 4047 1.31 -> 1.54, R2C 8098 0.95 -> 1.06, 64 x 4027 0.88 -> 1.06).
     * The H100 had 8192 mixed (session 39). */
    int pow2 = !f64 && !c2r && blk_fast_memory(info);
    /* fp64 lengths over 4096 whose widest radices make three passes (blocks.c blk_conv_widest: 512
     * threads on them on 4 TB/s devices) keep them rather than give way to 16 x r x 16 (5376,
     * 6400, 6912). H200, every pair of lengths this moves between, one prime each, two reps
     * (bench/results/h200-2026-12-02b-calls.txt call 2): 6144 against 6400 1.29x, 6174 1.38x,
     * 6250 1.42x, 6720 against 6912 1.17x, 6615 1.03x, 6804 1.06x, 6750 1.00x, 5184 / 5292 /
     * 5250 against 5376 1.06 / 1.09 / 1.02x, 5120 0.97x; C2R 3067 1.47 -> 2.40 of cuFFT, R2C
     * 3067^2 1.78 -> 1.99. Kept lengths against the other three-pass ones went both ways (4200
     * against 4375 = 25x25x7 0.70x, 5040 against 5103 0.68x, 4410 against 4536 1.18x): those move. */
    if (is == 1 && N >= BLK_CONV_SMALL_MIN && N <= BLK_CONV_SMALL_MAX && N <= emax && c.passes > 3) {
        int64_t m = next_length(N, emax < BLK_CONV_SMALL_MAX ? emax : BLK_CONV_SMALL_MAX, LEN_THREE_PASSES, f64, pow2, info);
        return f64 && blk_conv_widest_len(N, f64, info) && conv_radices(m, f64).two16 ? N : m;
    }
    if (f64 || N > emax || N < 10000 || !conv_slow(N, info)) return N; /* measured from 10080 up */
    return next_length(N, emax, LEN_NOT_SLOW, f64, 0, info);
}

static int64_t conv_choice(const kfft_problem *p, int g, int64_t n, int64_t is, kfft_type type, const kfft_device_info *info)
{
    kfft_wisdom_entry key = {.passes = 3, .f64 = p->f64, .R = n, .is = is, .io = kfft_conv_io(type), .split = -1};
    int64_t m = p->conv[g] ? p->conv[g] : kfft_wisdom_lookup(info->wisdom, &key) ? key.conv : 0;
    return m >= 2 * n - 1 && kfft_is_smooth(m) ? m : kfft_conv_default(n, is, p->f64, type == KFFT_C2R, info);
}

/* Rader's tables and flag for a kernel whose columns have prime length p. */
static void rader_spec(kspec *k, int64_t p, kfft_table *t)
{
    int64_t g = kfft_primitive_root(p);
    k->ops |= KS_MID_RADER;
    k->dlog = tab_rader_dlog(t, p, g);
    k->bhat = tab_rader_spectrum(t, p, g);
}

/* A thread's points over a block's passes on radices rad[0..n): pass r takes ceil(B R / r / T)
 * rounds of r points (passes.c). */
static int64_t thread_points(const kspec *k, const int *rad, int n)
{
    int64_t pts = 0;
    for (int i = 0; i < n; i++) pts += ((int64_t)k->B * k->R / rad[i] + k->T - 1) / k->T * rad[i];
    return pts;
}

/* A Rader convolution in a block (one kernel, or a prime factor's pass) on pairwise coprime
 * radices, as many as the planner chose (kspec.h: pfa): no twiddles, its tables in the
 * prime-factor layout. H200, same-run ratios to cuFFT (bench/results/h200-2026-12-01d-calls.txt):
 * 17443 2.79 -> 3.28, 8191 2.52 -> 3.33, 5851 2.68 -> 4.29, 52329 2.17 -> 2.58, C2R 8191 3.02 ->
 * 4.34, R2C 52329^2 99.5 -> 89.3 ms; fp64 8191 1.87 -> 2.66. The threads stay the planner's, so
 * a grouping whose small radix needs more rounds of them lost (401 20x20 -> 25x16 at 96 threads
 * -24%, 1301 -11%, 21816's pass 25x4 -7%, fp64 -21%; 673, 1249 -33%): none where a thread would
 * take more than 1.3x the points (up to it, 1009 at 1.26 +13%; past it, gains of 3% at most).
 * A one-kernel Bluestein convolution (ks_blue_pfa_fits) takes it only where measured: it must
 * load and store through shared memory in the layout, where its first and last passes read
 * and write global memory themselves (pruned), and that lost more than the twiddles saved
 * (H200, bench/results/h200-2026-12-01e-calls.txt, same run, m as the rule's or the nearest
 * longer length with a grouping: fp32 8219 3.14 -> 2.26 of cuFFT with 22% fewer instructions,
 * 4099 2.65 -> 1.64, benzene's sparse 2-D FFT 1.10 -> 1.35 ms; fp64 1997 1.27 -> 0.62; won
 * fp64 4177 1.50 -> 2.02, 4099 1.57 -> 2.05, fp32 12203 2.41 -> 2.60).
 * want: the tuner's or the wisdom's choice (kfft_wisdom_entry.pfa): 1 past the bound (and for
 * Bluestein), -1 none. */
static void conv_pfa(kspec *k, kfft_table *t, int want)
{
    int rad[KS_MAX_RADICES], n, blue = ks_blue_pfa_fits(k);
    if (!((k->ops & KS_MID_RADER) || (blue && want > 0)) || k->R < 2 || want < 0) return;
    if (k->nrad < 2 || (n = kfft_coprime_radices(k->R, rad, k->nrad, k->f64)) < 2) return;
    if (!want && thread_points(k, rad, n) * 10 > thread_points(k, k->rad, k->nrad) * 13) return;
    k->pfa = 1;
    k->nrad = n;
    memcpy(k->rad, rad, (size_t)n * sizeof rad[0]);
    if (blue) k->lay = tab_bluestein_layout(t, k->bhat, k->rad, k->nrad);
    else tab_rader_layout(t, k->dlog, k->bhat, k->rad, k->nrad);
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

/* A prime factor's pass (Rader's or Bluestein's on the factor): an in-block FFT of len points
 * a column, room elements a column in shared memory. Columns from 32-byte rows (Bg), then twice
 * as many while a block has under tmin threads and twice the columns fit emax: a small prime's
 * convolution is a few butterflies a column. */
static kfft_status prime_columns(kspec *k, int len, int64_t room, int Bg, int64_t emax, int tmin, int radix,
                                 const kfft_device_info *info)
{
    int B = 1;
    while (B < Bg && B * 2 * room <= emax) B *= 2;
    kfft_status st;
    while (!(st = blk_shape(k, len, B, radix, info)) && k->T < tmin && B * 2 * room <= emax) B *= 2;
    return st;
}

/* The passes of a length's prime factors past the codelets, first (Ns = 1) and second: the
 * prime, 0 for none, and whether by Rader (else Bluestein on the factor, kspec.h: bfp). */
typedef struct {
    int64_t p[2];
    int rader[2];
} prime_passes;

/* Global passes of a length-N transform: appends specs for Ns = 1, R1, R1*R2, ... With pp, the
 * first one or two passes transform columns of a prime factor's length (Rader or Bluestein), the
 * rest the smooth remainder. ch: the
 * measured choice for every pass (kfft_tune, wisdom): radix, pad and split, or -1 for the
 * defaults, and noclu, no clusters where the rules would take them. reverse: the passes'
 * lengths in reverse order (Bluestein's second FFT: bluestein_middle). */
static kfft_status gpasses(kfft_schedule *s, const kspec *base, int64_t N, const prime_passes *pp, const kfft_wisdom_entry *ch, int reverse,
                           const kfft_device_info *info, kfft_table *t)
{
    int f64 = base->f64, radix = ch->radix, pad = ch->pad, split = ch->split;
    /* Power-of-two passes may use opt-in shared memory: fewer passes won over more blocks per
     * SM (H100: 2^22 in two passes of 2048 instead of three, 0.51 -> 0.67 of cuFFT; 2^24 0.51
     * -> 0.55), but not for odd-heavy radices (1000003's Bluestein length 2000376 in 2 + 2
     * passes of 1764 and 1134: 0.91 -> 0.62), up to PASS_SMEM_MAX. Rows stay 32 bytes: 64- and
     * 128-byte rows (more columns per block) measured slower for 2^18..2^22 (before the column
     * padding, bench/results/h100-2026-11-23-iter.txt, and after it, -25-ab.txt: 2^20 0.73 ->
     * 0.72 / 0.55, 2^22 0.70 -> 0.57 / 0.62), and still do for 1024 points and more (below:
     * SMALL_PASS_ELEMS). */
    int pow2 = (N & (N - 1)) == 0, cplx_sides = base->ld == KS_LD_CPLX && base->st == KS_ST_CPLX;
    size_t cap = cplx_sides ? PASS_SMEM_CPLX_MAX : PASS_SMEM_MAX;
    size_t pass_smem = info->smem_optin < cap ? info->smem_optin : cap;
    int64_t emax = ks_smem_capacity((int64_t)(pow2 && pass_smem > info->smem_per_block ? pass_smem : info->smem_per_block), f64);
    int Bg = ROW_BYTES / (int)blk_elem_bytes(f64);
    /* Bluestein's first FFT (N > n) reads the user's side and ends in the work area; its second
     * (reverse) starts there: each pass is sized for the sides it touches. */
    int conv = base->n < N, user_in = !(conv && reverse), user_out = !(conv && !reverse);
    int64_t R[KFFT_MAX_STEPS];
    int nf = (pp->p[0] != 0) + (pp->p[1] != 0); /* prime passes */
    int64_t rp = pp->p[0] && pp->rader[0] ? pp->p[0] : 0, bp = pp->p[0] && !pp->rader[0] ? pp->p[0] : 0, rest = N;
    for (int i = 0; i < nf; i++) rest /= pp->p[i];
    int64_t cm = ch->noclu || bp || nf > 1 ? 0 : clu_columns(base, N, rp, info);
    int np = cm ? 2 : rest > 1 ? kfft_split_passes(rest, emax / Bg, R + nf, KFFT_MAX_STEPS / 2 - 1) : 0;
    if (cm) {
        R[0] = cm;
        R[1] = N / cm;
    } else if ((np || rest == 1) && nf) { /* rest 1: the prime passes alone (prime_factor_passes) */
        for (int i = 0; i < nf; i++) R[i] = pp->p[i];
        np += nf;
    }
    if (!np) return kfft_fail(KFFT_ERROR_UNSUPPORTED, "cannot split length %lld into passes of <= %lld", (long long)N,
                              (long long)(emax / Bg));
    for (int p = 0; reverse && !cm && !nf && p < np / 2; p++) {
        int64_t x = R[p];
        R[p] = R[np - 1 - p];
        R[np - 1 - p] = x;
    }
    if (s->nsteps + 2 * np > KFFT_MAX_STEPS)
        return kfft_fail(KFFT_ERROR_UNSUPPORTED, "the transform needs more than %d kernels", KFFT_MAX_STEPS);
    int64_t Ns = 1;
    for (int p = 0; p < np; p++) {
        if (p == 1 && (cm || (!ch->noclu && nf < 2 && clu_rader_pass(&s->spec[s->nsteps - 1], base, R, np, rp, info)))) { /* kspec.h: clu */
            kspec *k0 = &s->spec[s->nsteps - 1];
            k0->clu = (int)R[p];
            k0->tw_pb = tab_twiddles_grid(t, 1, R[p] - 1, Ns, Ns * R[p], 0);
            if (base->st == KS_ST_R2C_PACK) { /* the post-step's W_nreal^(kk + m Ns), kk <= Ns/2, m < P (kspec.h: rtw) */
                k0->rtw = tab_twiddles_range(t, Ns / 2 + 1, 1, base->nreal);
                tab_twiddles_range(t, R[p], Ns, base->nreal);
            }
            break;
        }
        kspec *k = &s->spec[s->nsteps++];
        *k = *base;
        k->kind = KS_GPASS;
        k->N = N;
        k->Ns = Ns;
        int64_t q = p < nf ? pp->p[p] : 0; /* this pass's prime, if a prime pass */
        int qr = q && pp->rader[p];
        k->bfp = q && !qr ? q : 0;
        int B = Bg;
        while ((int64_t)B * 2 * R[p] <= TARGET_ELEMS) B *= 2;
        if (cm && p == 0) B = 1; /* the cluster's columns (clusters.c: clu_columns): one a block */
        /* fp32 complex passes of 512 points: 8 columns (64-byte rows, 32 KB blocks of 256
         * threads), as cuFFT's own passes of 2^18 and 2^20 take (ncu, bench/results/
         * h100-2026-11-27o-passes.txt). H100, kfft/cuFFT, A/B (-27p-passes.txt): 2^17 0.95 ->
         * 0.97, 2^18 0.86 -> 0.96, 2^19 (its last pass) 0.86 -> 0.95, 2^27 (three passes) 0.90
         * -> 1.04. Passes of 1024 and more lost with 8 (-27o part 3: 2^20 0.89 -> 0.87 at 512
         * threads, 0.82 at 256; 2^22 0.84 -> 0.75); 2^20's last pass alone at 256 threads
         * gained 0.01-0.02 (not taken), 2^21..2^23's lost. fp64 rows are 64 bytes already. */
        /* cplx: a complex pass of its own (no cluster, Rader or Bluestein, complex on both sides);
         * plain: one of a power of two */
        int cplx = !cm && !conv && !rp && cplx_sides, plain = pow2 && cplx;
        /* On 4 TB/s devices, plain passes take rows of four sectors (128 bytes) under 1024
         * points and, in fp64, two (64 bytes) at 1024 points, as kfft tune chose for fp32 65536
         * and fp64 2^20 (bench/results/h200-2026-11-29n-calls.txt call 2, -30-calls.txt call 4);
         * where that widens a pass, the off-sector doubling below is left out (both untimed). H200,
         * same run, two reps (bench/results/h200-2026-11-30-calls.txt calls 1-3, 5): 65536 1.00
         * -> 1.04, 2^25 1.04 -> 1.10, 65536 x 32 0.89 -> 1.04, 65536 x 16 0.82 -> 0.97, 65536 x
         * 256 0.88 -> 1.04, 131072 x 32 0.85 -> 0.98, inv 65536 x 32 0.89 -> 1.04, R2C 65536 x 64
         * 0.76 -> 0.78; fp64 131072 0.92 -> 0.98, 262144 0.80 -> 0.92, 524288 0.83 -> 0.89, R2C
         * 262144 x 16 0.68 -> 0.81, 2^20 0.95 -> 1.07, 16 x 2^20 1.00 -> 1.08, 2^21 0.96 -> 1.00;
         * inv 131072 -0.01. C2R plans' column stages too since they swap re and im instead of
         * conjugating at the load (build_stage: swap), -30b-calls.txt call 5: C2R 65536 x 64 0.78 ->
         * 0.80, 65536 x 16 0.65 -> 0.68, 262144 x 16 0.68 -> 0.70; fp64 131072 x 32 0.82 -> 0.87,
         * 262144 x 16 0.69 -> 0.81 (before the swap they gained nothing, fp64 lost). */
        int rows = R[p] < 1024 ? 4 : f64 && R[p] == 1024 ? 2 : 0;
        /* Lengths that are not powers of two take them too: in fp32 all but the last pass, in fp64
         * the last pass. H200, same run (bench/results/h200-2026-11-30c-calls.txt calls 1-3, one or
         * two reps): 110592 1.21 -> 1.33, 82944 0.95 -> 1.03, 200000 1.06 -> 1.12, 10^7 0.88 ->
         * 0.93, 9261^2 0.86 -> 0.95, 24576 x 1024 0.89 -> 1.00, R2C 9800^2 1.16 -> 1.27, fp64 300000
         * 1.07 -> 1.46; held out: 13000^2 1.16 -> 1.23, 3 * 10^6 1.13 -> 1.21, fp64 180000 1.12 ->
         * 1.17, but 147456 1.15 -> 1.11, 180000 1.26 -> 1.24, 100000 1.14 -> 1.12. An fp32 last pass
         * lost as often as it won (R = 400, 250, 384, 200 lost; 600, 288 won), an fp64 first pass
         * lost (221184 1.07 -> 1.04). */
        /* Bluestein's passes take them in every pass where its length m is not a power of two
         * (131071's m = 2^18 passes in 64 KB blocks of 16 columns lost, 0.99 -> 0.87): in fp64 a
         * C2C's, in fp32 an R2C's and C2R's too, but not a pass whose user side is real (real_side:
         * its own rule below). Passes of a multiple of 64 points (radix-16 pairs: 192, 256; 320 untimed)
         * keep their columns in fp32 where they would reach 16. H200, same run, two reps
         * (bench/results/h200-2026-11-30h-calls.txt calls 3-5, -30i-calls.txt calls 1-5): 32771 1.78
         * -> 2.10, 100003 1.52 -> 1.62, fp64 32771 1.12 -> 1.22, C2R 32771 1.88 -> 2.06, R2C 14457
         * 0.98 -> 1.13; held out 70001 1.42 -> 1.69, C2R 21739 1.64 -> 1.95, 36 fp32 R2C/C2R 1.036x
         * geomean; passes of 192 or 256 at 8 columns rather than 16: 24544 0.69 -> 0.76, R2C 28558
         * 1.67 -> 1.77 (224 and 160 gained nothing at 8, 100003's 448 lost: 1.63 -> 1.52). fp64 R2C
         * and C2R lost as often as they gained (R2C 23047 1.23 -> 1.19, C2R 32771 1.23 -> 1.27).
         * Lost: blocks up to 64 KB of opt-in memory (100003 1.63 -> 1.18 at 896 threads). */
        int real_side = (p == 0 && user_in && (base->ld == KS_LD_REAL || base->ld == KS_LD_REAL2)) ||
                        (p == np - 1 && user_out && (base->st == KS_ST_REAL || base->st == KS_ST_REAL2));
        int bpass = conv && !pow2 && !cm && !rp && !real_side &&
                    (f64 ? cplx_sides : (R[p] % 64 || (int64_t)rows * Bg * R[p] > emax));
        int wide_rows = ((cplx && (pow2 || (f64 ? p == np - 1 : p < np - 1))) || bpass) && rows && blk_fast_memory(info) && B < rows * Bg;
        if (cplx && ch->rows > 0) /* the measured choice (kfft_tune, wisdom rows=): every pass */
            while (B < ch->rows * Bg && (int64_t)2 * B * R[p] <= emax) B *= 2;
        else if (wide_rows)
            while (B < rows * Bg && (int64_t)2 * B * R[p] <= emax) B *= 2;
        else if (plain && !f64)
            while (B < 2 * Bg && (int64_t)2 * B * R[p] <= SMALL_PASS_ELEMS) B *= 2;
        /* An fp32 last pass writing rows off sector alignment (a half spectrum's n/2+1 elements:
         * 2-D R2C's columns, C2R's in place) leaves a partial sector at each end of every row
         * piece: twice the columns (128 -> 256 bytes) halve them. H200, same run (bench/results/
         * h200-2026-11-29l-calls.txt calls 1-2): R2C 16384^2 0.76 -> 0.84 of cuFFT, C2R 16384^2
         * 0.67 -> 0.73, R2C 16384x4096 0.76 -> 0.84, C2R 0.69 -> 0.755; 8192-row columns (64-point
         * last pass, already 256-byte rows) unchanged. The pass's DRAM bytes stay the same (ncu:
         * 281 MB read, 253 written a chunk of R2C 16384^2); its time 224 -> 174 us. fp64 lost
         * (R2C 8192^2 1.16 -> 1.11, C2R 0.945 -> 0.92). A first pass reading such rows gained
         * nothing more (call 1). */
        if (plain && !f64 && ch->rows <= 0 && !wide_rows && p == np - 1 && user_out && blk_fast_memory(info) &&
            base->ostride % (ROW_BYTES / blk_elem_bytes(f64)) && (int64_t)2 * B * R[p] <= emax)
            B *= 2;
        /* A real user side (the first pass's load, the last pass's store) moves half an
         * element's bytes per column: twice the columns keep its rows whole sectors (C2R
         * 2^20's last pass wrote 16-byte halves of sectors, 969 GB/s against its first pass's
         * 1789; with them whole, C2R 2^20 0.57 -> 1.07 of cuFFT, 2^18 0.58 -> 0.97). */
        if (real_side)
            while (B < 2 * Bg && (int64_t)2 * B * R[p] <= emax) B *= 2;
        /* The packed R2C's first pass reads each element as two reals: rows of up to 128 bytes
         * in blocks of up to 64 KB measured faster there (H100, bench/results/
         * h100-2026-11-26-pairslots.txt part 5: R2C 2^16 0.81 -> 0.84 of cuFFT, 2^18 1.23 -> 1.27,
         * 2^24 0.85 -> 0.87; 128 KB blocks lost: 2^20 1.09 -> 1.04, 2^22 0.94 -> 0.89). The packed
         * C2R's first pass gained nothing either way (within 0.03). */
        if (p == 0 && base->nreal && base->ld == KS_LD_PAIR && !cm)
            while (B < 4 * Bg && (int64_t)2 * B * R[p] <= emax && (int64_t)2 * B * R[p] * blk_elem_bytes(f64) <= PAIR_BLOCK_BYTES) B *= 2;
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
            int64_t ep = ks_smem_capacity((int64_t)pb, f64), eb2 = blk_elem_bytes(f64);
            while (B < 8 * Bg && (int64_t)2 * B * R[p] <= ep && ((int64_t)2 * B * R[p] * eb2 <= PAIR_BLOCK_BYTES || B < 4 * Bg)) B *= 2;
        }
        if (k->bfp) {
            /* Bluestein on the factor: columns of q elements, each a convolution of m points
             * (room for m + 2). 64 threads a block in both precisions: in fp32, 128 (Rader's rule
             * for small primes) lost, H200 same run, two reps (bench/results/h200-2026-11-30k-
             * calls.txt): C2R 19539 (p = 167) 2.65 -> 2.85 of cuFFT at 64, 17034 (167) 2.72 ->
             * 2.84, 20750 (83) 1.63 -> 1.67. */
            int64_t m = kfft_bluestein_length(q);
            kfft_status st = prime_columns(k, (int)m, m + 2, Bg, emax, 64, radix >= 0 ? radix : kfft_radix_auto(m, f64), info);
            if (st) return st;
            B = k->B;
            k->pad = pad >= 0 ? pad : blk_odd_part(m) <= 3;
            k->ops = KS_PRE_CHIRP | KS_MID_BLUESTEIN | KS_POST_CHIRP;
            k->chirp = tab_chirp(t, q);
            k->bhat = k->chirp < 0 ? -1 : tab_bluestein_spectrum(t, q, m, k->chirp);
        } else if (qr) {
            /* Rader: the convolution (R-1 long) and 2*B slots must fit. 32-byte rows, then twice
             * the columns while a block has under 64 threads (fp32 primes up to 256: under 128): a
             * small prime's convolution is a few butterflies a column (47: 46 = 23x2, two threads),
             * and blocks of 16-40 threads starved the SMs. H200, same run, two reps
             * (bench/results/h200-2026-11-30j-calls.txt): fp64 17110 (p = 59) 0.68 -> 1.04 of
             * cuFFT, 24064 0.40 -> 0.74 (call 2), fp32 27057 (p = 311) 1.57 -> 1.85 (calls 3, 4);
             * 128 threads against 64 (call 4), fp32: 25531 (p = 211) 2.43 -> 2.93, 21816 1.41 ->
             * 1.52, but 15024 (p = 313) 3.11 -> 2.94, C2R 19935 2.72 -> 2.44, fp64 R2C 18658 3.31
             * -> 2.82. */
            int64_t odd = blk_odd_part(R[p] - 1);
            int tmin = !f64 && R[p] <= 256 ? 128 : 64, rr = radix >= 0 ? radix : kfft_radix_auto(R[p] - 1, f64);
            kfft_status st = prime_columns(k, (int)R[p] - 1, R[p] + 1, Bg, emax, tmin, rr, info);
            if (st) return st;
            B = k->B;
            /* As one-kernel Rader blocks of 12288 points or more (build_stage): as many threads
             * as a block may have. 52329's 17442 points (19x18x17x3: 918, 969, 1026 and 5814
             * butterflies) took 1, 2, 2 and 7 rounds of 918 threads, 1, 1, 2 and 6 of 1024
             * (H100, bench/results/h100-2026-11-25k-rader.txt: 52329 1.54 -> 1.68 of cuFFT,
             * 34886 1.56 -> 1.73, 104658 1.45 -> 1.58; 512 threads lost, 1.37). */
            if (!f64 && B == 1 && R[p] - 1 >= RADER_ALL_THREADS) k->T = blk_block_cap(info);
            k->pad = pad >= 0 ? pad : odd <= 3;
            rader_spec(k, R[p], t);
        } else {
            kfft_status st = blk_shape(k, (int)R[p], B, radix >= 0 ? radix : kfft_radix_auto(R[p], f64), info);
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
                if ((st = blk_shape(k, (int)R[p], B, radix >= 0 ? radix : kfft_radix_auto(R[p], f64), info))) return st;
            }
            k->pad = pad >= 0 ? pad : 1;
            k->regs = blk_two_per_sm(k, f64, info);
            if (cm && clu_column_regs(k)) k->regs = clu_column_regs(k);
            if (f64 && !k->regs && k->ld != KS_LD_C2R_PACK && k->st != KS_ST_R2C_PACK) k->regs = blk_f64_wide_regs(k);
            if ((int64_t)B * R[p] * blk_elem_bytes(f64) > PASS_SMEM_MAX) { /* one block per SM: every thread busy, no bound */
                k->T = blk_widest_pass_threads(k, info);
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
        if (!((p == 0 || p == np - 1) && !qr && !ks_pair_pass(k) && k->tgrp && k->B % k->tgrp == 0)) k->tgrp = 0;
        if (Ns > 1 && q) {
            /* A second prime pass: W_{Ns q}^(e j') from one table of q rows (kernel.c
             * gen_load_elem), applied as each element loads, before Rader's permutation. */
            k->tw_pa = tab_twiddles_grid(t, 0, q, Ns, Ns * q, 0);
            k->twst = 0;
        } else if (Ns > 1) { /* see kspec.h: tw_pa, tw_pb */
            int r0 = k->rad[0], RB = k->R / r0;
            k->tw_pa = tab_twiddles_grid(t, 0, RB, Ns, Ns * k->R, 0);
            k->tw_pb = tab_twiddles_grid(t, 1, r0 - 1, Ns, Ns * r0, 0);
            /* Staged in shared memory where they fit (the column padding chosen later stays
             * within the same limit). */
            k->twst = 1;
            if (ks_kernel_smem(k) * blk_elem_bytes(f64) > (int64_t)info->smem_optin) k->twst = 0;
        }
        conv_pfa(k, t, ch->pfa);
        blk_local_tables(k, t, info, split);
        Ns *= R[p];
    }
    return KFFT_SUCCESS;
}

/* A prime p's pass: Rader's where p-1 is smooth and its convolution fits a block (1), else
 * Bluestein's on the factor where its m >= 2p-1 points fit (2), else none (0). */
static int prime_pass_kind(int64_t p, int64_t emax)
{
    if (kfft_primitive_root(p) && kfft_is_smooth(p - 1) && p - 1 + 64 <= emax) return 1;
    return kfft_bluestein_length(p) + 64 <= emax ? 2 : 0;
}

/* The prime passes of a length n too long for one block (build_stage): its largest prime
 * factor past the codelets, then a second one where n has two (23532 = 12 x 37 x 53), with a
 * smooth remainder, of at least 2 unless last_ok: the second prime pass may be the last only
 * where that pass stores each element alone (C2C, C2R, a single R2C; not R2C's two-for-one pairs).
 * Neither, if any has no pass. The larger prime first: the smaller first won 1 of 31 cases by
 * more than 0.02 of cuFFT (fp32 27141 = 3 x 83 x 109, 1.39 -> 1.50) and lost 14 (fp32 20758
 * 1.63 -> 1.47, 16683 1.37 -> 1.24, 21338 1.68 -> 1.53; bench/results/h200-2026-11-30l-calls.txt
 * call 2). */
static void prime_factor_passes(int64_t n, int64_t emax, int last_ok, int f64, prime_passes *pp)
{
    int64_t p1 = kfft_max_prime_factor(n), r1 = n / p1;
    /* fp32: a lone 53, 59 or 61 left over takes Rader's pass, not its codelet's, which holds the p
     * values a thread, and so rader_passes_over_block leaves 11041 = 181 x 61 to Bluestein's one
     * block. H200 (bench/results/h200-2026-12-01b-calls.txt calls 1 and 3): 18391 = 347 x 53 1.84 ->
     * 2.08 of cuFFT, 11041 2.62 -> 3.79, 23797 2.57 -> 2.92, C2R 28991 2.21 -> 2.60, 23423 -1%; 41..47
     * gained as codelets (23641 2.45 -> 2.62). Not where Rader's pass may not come last (R2C's
     * pairs: no pass there, Bluestein's; R2C 22007 1.90 -> 1.75, 26137 1.38 -> 1.31). */
    int lone_wide = !f64 && last_ok && r1 >= 53 && kfft_max_prime_factor(r1) == r1;
    int64_t p2 = kfft_is_smooth_prec(r1, f64) && !lone_wide ? 0 : kfft_max_prime_factor(r1);
    if (p2 && (!kfft_is_smooth_prec(r1 / p2, f64) || (r1 / p2 < 2 && !last_ok))) return;
    int k1 = prime_pass_kind(p1, emax), k2 = p2 ? prime_pass_kind(p2, emax) : 1;
    if (!k1 || !k2) return;
    pp->p[0] = p1;
    pp->rader[0] = k1 == 1;
    pp->p[1] = p2;
    pp->rader[1] = p2 && k2 == 1;
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

static int64_t conv_length(int64_t n, int f64) { return kfft_is_smooth_prec(n, f64) ? n : kfft_bluestein_length(n); }

/* A composite length whose Bluestein convolution fits one block (n = 13239 = 9 x 1471, m =
 * 27000) runs Rader's passes for its prime factors past the codelets, then the rest's, where
 * measured faster (H200, one-kernel Bluestein against the rule in one run, seeded lengths it moves;
 * bench/results/h200-2026-11-30m-calls.txt calls 2-4, h200-2026-11-30n-calls.txt calls 2-5):
 * - fp64, n (the real length for R2C/C2R) >= 1800, every such factor by Rader: 19 of 21 faster
 *   on the lengths that set it and the fresh ones (4779 0.39 -> 0.72 of cuFFT, R2C 12360 0.74 ->
 *   1.76, C2R 12780 0.95 -> 1.52); 3370 = 10 x 337 2.01 -> 1.83, 2674 even. Below 1800 it lost
 *   (1569 0.80 -> 0.36, 398 1.48 -> 1.10), so did Bluestein on the factor (4894 0.90x). C2C with
 *   a lone prime 23..31 as the rest (2117 = 29 x 73) keeps the passes: the one kernel there was
 *   slower in 5 of 11 (6119 0.69x, geomean 0.91x), faster only in 2117 (1.24x).
 * - fp64 strided columns (the first axis of N x 256) with one distinct such prime: 9 of 10 faster,
 *   geomean 1.53x (5475 0.39 -> 1.12, 3108 0.74 -> 1.21; 3453 = 3 x 1151 0.62x); with two
 *   (3127 = 53 x 59 0.84x, 5781 = 3 x 41 x 47 0.80x) they keep the one kernel.
 * - fp64 odd real lengths (two-for-one passes against the one kernel): 11 of 11 faster, geomean
 *   1.39x (R2C 5105 1.21 -> 2.42, C2R 3311 0.94 -> 1.59), but where the rest is a lone prime
 *   past 19 (R2C 4247 = 31 x 137 0.83x, 2117 0.62x), which keep the one kernel.
 * - fp32, one such factor, by Rader, p <= 2048; C2C n >= 10000, R2C n >= 8000: on fresh lengths
 *   (call 4) C2C 7 of 8 faster or even (13216 0.79 -> 0.95, 10062 1.30 -> 1.66; 11231 0.88x),
 *   R2C 4 of 4 (26478 1.95 -> 2.63); strided columns 12 of 14 faster, geomean 1.37x (12225
 *   1.76 -> 2.95, 10720 0.70 -> 0.98; 10845 0.99x and 11030 1.02x even). It lost below those
 *   lengths (2302 0.65x, 4083 0.79x), with two factors (11139 0.62x, R2C 22718 0.51x), with
 *   p = 4159 (12477 0.81x), and for C2R (9824 3.42 -> 1.83; 9 lengths geomean 1.02x), which keep
 *   the one kernel; odd R2C lengths were even (8547 0.97x, 11237 1.10x, 11425 0.99x) and keep it.
 * Not the sparse rows' mirrored stores (not timed). */
static int rader_passes_over_block(int64_t n, const stage_req *r, const kfft_problem *p, int64_t emax)
{
    int f64 = p->f64, strided = r->is != 1;
    if (p->mirror.on || kfft_is_smooth_prec(n, f64) || kfft_max_prime_factor(n) == n) return 0;
    if ((!f64 && r->type == KFFT_C2R) || (!f64 && r->type != KFFT_C2C && r->n % 2)) return 0;
    if (r->n < (f64 ? 1800 : r->type == KFFT_R2C ? 8000 : 10000)) return 0;
    prime_passes pp = {{0, 0}, {0, 0}};
    prime_factor_passes(n, emax, 1, f64, &pp);
    if (!pp.p[0] || !pp.rader[0] || (pp.p[1] && !pp.rader[1])) return 0;
    if (!f64 && (pp.p[1] || pp.p[0] > 2048)) return 0;
    if (f64 && strided && pp.p[1] && pp.p[1] != pp.p[0]) return 0;
    int64_t rest = n / pp.p[0]; /* a real length whose rest is a lone prime 23..31 (its own pass): one kernel */
    return r->type == KFFT_C2C || pp.p[1] || rest <= 19 || kfft_max_prime_factor(rest) != rest;
}

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
    int64_t eb = blk_elem_bytes(f64);
    /* A whole transform in one block may use opt-in shared memory (one launch instead of
     * two passes); multi-pass blocks stay within the default so several fit per SM. */
    int64_t emax = block_elems(info, f64);
    if (s->nsteps >= KFFT_MAX_STEPS)
        return kfft_fail(KFFT_ERROR_UNSUPPORTED, "the transform needs more than %d kernels", KFFT_MAX_STEPS);
    kfft_stage *sg = &s->stage[s->nstages++];
    sg->first = s->nsteps;
    sg->ntrans = 1;
    sg->type = r->type;
    int tuned = 0; /* a knob or wisdom chose the stage's blocks */
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
    int pack = r->type != KFFT_C2C && n % 2 == 0 && conv_length(n / 2, f64) <= emax &&
               !rader_passes_over_block(n / 2, r, p, emax);
    int pack_passes = !pack && r->type != KFFT_C2C && n % 2 == 0 && !p->mirror.on && kfft_is_smooth_prec(n / 2, f64);
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
    int smooth = kfft_is_smooth_prec(n, f64);
    int64_t N = conv_length(n, f64);
    /* Rader for a prime whose n-1 is smooth and fits one block with its 2*B slots: a
     * convolution of length n-1 instead of Bluestein's >= 2n-1. Not on the packed routes,
     * whose pre/post steps pair elements in natural order. Where Bluestein also fits one
     * block, Rader's permutations through shared memory and dlog gathers cost more than the
     * shorter length saves unless n > 256 (H100, Rader/Bluestein speed: 257 1.35, 7681 1.05,
     * 8191 1.73, 12289 1.24; but 127 0.90; bench/results/h100-2026-11-23-rader.txt) and, in
     * fp64, n-1 has no prime factor above 13 (H100 1021 0.82, 4093 0.96). fp32 dropped that
     * second gate on the H200 (same binary, two reps, ratios kfft/cuFFT; h200-2026-12-02c-calls.txt
     * call 4, then held out in h200-2026-12-02d-calls.txt call 1): n-1 with a factor of 17..31,
     * 18 of 21 faster, 3061 0.80 -> 1.33, 6917 3.01 -> 4.74, 12541 1.90 -> 2.92, 457 0.99 -> 1.46,
     * C2R 6917 3.29 -> 5.63; 3469 0.92x, 4651 0.95x, 5209 0.94x. fp64 went both ways (12 of 20
     * faster: 3911 1.46 -> 2.40, 571 0.77 -> 1.23; 2089 3.75 -> 2.63, 5953 1.98 -> 1.56), and so did
     * both precisions at n <= 256 (fp32 22 of 27 faster, 193 0.85 -> 1.68, but 127 4.26 -> 3.35,
     * 233 0.97 -> 0.68, 127 x 4096 0.76x, 97^3 0.82x; fp64 16 of 20): they keep the gates. */
    int64_t g = !smooth && !pack ? kfft_primitive_root(n) : 0;
    int rader = g && kfft_is_smooth(n - 1) && n - 1 + 64 <= emax;
    if (rader && N <= emax) rader = n > 256 && (!f64 || kfft_max_prime_factor(n - 1) <= 13);
    if (rader) N = n - 1;
    /* Too long for one block, with one prime factor p past the codelets (the rest smooth), or
     * two (prime_factor_passes): mixed-radix passes whose first (and second) transforms p's
     * columns, instead of Bluestein's three passes over m >= 2n-1.
     * - By Rader where p-1 is smooth and fits a block (52329 = 3 * 17443, 21816 = 216 * 101);
     *   for every such p since session 75, not only p > 256 as for one-kernel Rader. H200, same
     *   run, two reps (bench/results/h200-2026-11-30j-calls.txt calls 1 and 3): fp32 21816 0.78
     *   -> 1.53 of cuFFT, 28380 0.78 -> 1.55, 103424 0.61 -> 1.26, 21816 x 2048 0.62 -> 1.05, R2C
     *   20033 1.03 -> 2.11; fp64 21816 0.40 -> 1.65, C2R 21816 0.43 -> 1.70, 25216 1.31 -> 2.96;
     *   37888 = 1024 x 37 0.48 -> 0.96 (calls 1, 2).
     * - Else by Bluestein on the factor (20750 = 250 x 83: a convolution of m >= 2p-1 points
     *   per column). H200, same run, two reps (bench/results/h200-2026-11-30k-calls.txt): fp32
     *   20750 0.74 -> 1.67 of cuFFT, 41500 0.72 -> 1.34, 25888 = 32 x 809 1.53 -> 2.58, 2-D
     *   20750 x 2048 0.64 -> 1.19, R2C 26809 1.16 -> 1.96, C2R 200002 1.49 -> 1.90; fp64 20750
     *   0.64 -> 1.01, 13141 1.20 -> 2.24, C2R 23807 1.38 -> 2.49. Of 22 cases one lost: 20134 =
     *   2 x 10067, 1.70 -> 1.68.
     * - Two primes (23532 = 12 x 37 x 53, 26047 = 7 x 61 x 61): a pass for each, the larger
     *   first (prime_factor_passes). H200, same run, two reps (bench/results/
     *   h200-2026-11-30l-calls.txt call 1): 30 of 31 cases faster (geomean 1.38x fp32, 1.44x
     *   fp64), fp32 23532 0.79 -> 1.30 of cuFFT, 26047 0.80 -> 1.32, 97088 = 64 x 37 x 41 0.71
     *   -> 1.30, 23532 x 2048 0.62 -> 1.17, R2C 16465 0.98 -> 1.59, C2R 22509 0.96 -> 1.57;
     *   fp64 26047 0.44 -> 0.97, 25069 0.60 -> 0.93, 23532 0.69 -> 1.09, 18146 1.28 -> 2.05;
     *   one even, fp64 7954 1.00 -> 0.99. A C2C with no rest (20413 = 137 x 149) runs the two
     *   prime passes alone, since session 77 (h200-2026-11-30l-calls.txt call 6, one rep): fp32
     *   9 of 9 faster, 20413 1.74 -> 2.13, 21289 1.24 -> 1.97, 130499 = 37 x 3527 0.98 -> 1.09;
     *   fp64 6 of 7, 22829 1.27 -> 2.33, 130499 even (0.86); a C2R or single R2C since
     *   session 78 (h200-2026-11-30m-calls.txt call 1, two reps): fp32 C2R 9 of 10 faster,
     *   16129 = 127 x 127 1.28 -> 2.36, 14017 1.52 -> 2.63, 130499 even (1.16 -> 1.15); fp64
     *   7 of 7, 20221 1.08 -> 1.98. */
    prime_passes pp = {{0, 0}, {0, 0}};
    /* The second prime pass may store the output where each element goes alone: not R2C's
     * two-for-one pairs (below), nor the sparse rows' mirrored stores. */
    int pairs = r->type == KFFT_R2C && !pack && sg->ntrans >= 2;
    if (!smooth && !rader && !g && (N > emax || rader_passes_over_block(n, r, p, emax)))
        prime_factor_passes(n, emax, !pairs && !p->mirror.on, f64, &pp);
    int64_t pf = pp.p[0], rp = pf && pp.rader[0] ? pf : 0; /* a prime-factor pass first; Rader's */
    if (pf) N = n;
    else if (!smooth && !rader) N = conv_choice(p, s->nstages - 1, n, r->is, r->type, info);
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
    if (N <= emax && !pf && !tfast) {
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
        /* On 4 TB/s devices, half the columns for most fp32 packed C2R blocks (blocks.c). */
        if (!strided) B = blk_packed_c2r_columns(k, B, info);
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
            while (!smooth && B > 2 && blk_rounds_spill(N, B, f64, info)) B /= 2;
        }
        /* A measured number of columns (kfft tune's cols=, fewer than the rules' only; mixed-radix
         * blocks, whose key is known here): the rules below shape the block for it, and the key
         * keeps the rules' B (kspec.bkey). */
        int Bkey = B;
        kfft_wisdom_entry ck = {.f64 = f64, .R = N, .is = r->is, .B = B, .ops = k->ops, .io = kfft_wisdom_io(k->ld, k->st), .split = -1};
        if (smooth && !rader && measured_choice(p, s->nstages - 1, info, &ck) && ck.cols > 0 && ck.cols < B) {
            B = ck.cols;
            k->bkey = Bkey;
        }
        if ((st = blk_shape(k, (int)N, B, kfft_radix_auto(N, f64), info))) return st;
        /* Padding pays for power-of-two-heavy lengths; measured on the H100 it costs one-kernel
         * lengths with a large odd part (16464, 17496, 1000, 243), whose strides already spread. */
        int64_t odd = blk_odd_part(N);
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
             * 32x32x8, 256 threads (0.488 -> 0.443 ms, bench/results/h100-2026-11-25g-tune.txt).
             * On 4 TB/s devices (H200, bench/results/h200-2026-11-28c-calls.txt, two reps), also
             * - every block of 3 x 2^k points, with a thread per butterfly of the narrowest pass
             *   where it newly takes the widest (C2C 12288 as 32x24x16 at 768 threads, R2C 49152's
             *   24576 points at 1024; C2R keeps blk_shape's). Call 1, every case it moves gained:
             *   12288 0.73 -> 1.00 of cuFFT, 64x12288 0.88 -> 1.08, 12288^2 0.92 -> 1.04, 3072 x
             *   12288 0.89 -> 1.01, R2C 24576 1.15 -> 1.30, R2C 49152 0.98 -> 1.05, C2R 49152 0.84
             *   -> 0.90, R2C 24576^2 0.92 -> 0.96; C2C 24576 (already widest, 512) lost at 1024
             *   threads (0.91 -> 0.69);
             * - the packed R2C's power-of-two blocks, a thread per butterfly of the widest pass
             *   (split_wins adds split twiddles to the 8192-point one). Call 4, all eight
             *   cases: R2C 16384 0.76 -> 0.85, 64x16384 0.84 -> 0.90, 16384^2 0.72 -> 0.75, 8192 x
             *   16384 0.80 -> 0.84, 16x16x16384 0.92 -> 0.96, R2C 32768 0.90 -> 0.98, 4096 x 32768
             *   0.97 -> 1.01; and the packed C2R's, where not already widest (its 16384 points as
             *   32x32x16 at 512 threads, kfft tune's pick: 0.607 -> 0.463 ms). Session 50 calls 1
             *   and 3 (bench/results/h200-2026-11-28d-calls.txt): C2R 32768 0.76 -> 1.00, 64 x
             *   32768 0.82 -> 0.99, 1024x32768 0.82 -> 0.93, 16x16x32768 0.90 -> 1.02. */
            int fast = blk_fast_memory(info), fast3 = fast && odd == 3;
            int real = fast && odd == 1 && (k->st == KS_ST_R2C_PACK || k->ld == KS_LD_C2R_PACK);
            int widest = (N >= 16384 && !k->nreal) || (k->ld == KS_LD_C2R_PACK && (int64_t)N * eb < 131072);
            if (B == 1 && (widest || fast3 || real)) {
                if ((st = blk_shape(k, (int)N, B, KFFT_RADIX_WIDEST, info))) return st;
                if (real && !widest) k->T = blk_widest_pass_threads(k, info);
                else if (!widest && k->ld != KS_LD_C2R_PACK) k->T = blk_narrowest_pass_threads(k, info);
            } else {
                k->pad = 0;
            }
            if (!k->pad && (int64_t)B * N * eb >= 131072) {
                int T = blk_widest_pass_threads(k, info);
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
        int srb = !f64 && B == 1 && smooth && !rader && k->nreal == 0 && N > 4096 && odd > 3 ? blk_small_radix_block(k, info) : -1;
        if (srb > 0) return (kfft_status)srb;
        if (!f64 && B == 1 && rader && N >= RADER_ALL_THREADS) {
            k->T = blk_block_cap(info);
        } else if (srb == 0) {
            k->regs = blk_two_per_sm(k, f64, info);
        } else if (!f64 && (int64_t)B * N * 8 > 49152 && odd > 3) {
            k->T = blk_odd_block_threads(k, info);
            k->T = blk_odd_block_few(k, info); /* fewer on 4 TB/s devices where a pass allows (blocks.c) */
            int bound = blk_odd_block_regs(k, info);
            if (bound) k->regs = bound;
            /* A complex strided axis's block of several columns and over 256 threads (1000^3's
             * 8 columns at 800, 2000^2's 4 at 416) compiles to 50-84 registers: one block per
             * SM. Bound for two (H100, bench/results/h100-2026-11-26f-strided.txt parts 3 and 7;
             * 800 threads then take 32 registers, 60-76 bytes spilled, 416 take 72): 1000^3
             * 0.80 -> 0.87 of cuFFT, 900^3 0.78 -> 0.94, 500^3 0.85 -> 0.90, 972^3 1.05 -> 1.11,
             * 1000^2 0.77 -> 0.87, 900^2 0.75 -> 0.91, 2000^2 1.06 -> 1.20, 400^3 1.09 -> 1.12.
             * The same blocks in real transforms' plans lost (R2C 1000^3 0.86 -> 0.84, R2C 1000^2
             * 0.87 -> 0.84; R2C 500^3 1.07 -> 1.11), so there they keep no bound; on 4 TB/s
             * devices both differ (blocks.c blk_columns_bound). Convolution blocks keep none
             * (3345^2's Bluestein columns would spill 1.1 KB). On 4 TB/s devices blk_bank_pad
             * pads some of these blocks and drops the bound where it spills (wide_column_pad). */
            if (strided && B > 1 && blk_columns_bound(k, p->type != KFFT_C2C, info) && k->T > 256 &&
                !(k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)))
                k->regs = blk_two_blocks_regs(k->T);
        } else if (f64) {
            if ((st = blk_f64_block(k, odd, info))) return st;
            if (!k->regs) k->regs = blk_f64_wide_regs(k);
        } else if (smooth && !rader && k->ld != KS_LD_C2R_PACK) {
            k->regs = blk_two_per_sm(k, f64, info);
            k->T = blk_complex_threads(k, info);
        } else if ((rader || !smooth) && (N & (N - 1)) && (int64_t)B * N * 8 <= 49152) {
            k->T = blk_every_pass_threads(k, info);
        }
        /* fp32 packed real blocks of up to 48 KB: C2R's radices and register bound, R2C's threads (blocks.c). */
        if (smooth && !rader && (st = blk_packed_real(k, info))) return st;
        /* The packed R2C's 32 and 64 KB blocks, the packed C2R's 32 KB one: swizzled (blocks.c). */
        if (smooth && !rader) blk_packed_swizzle(k, info);
        /* Padding against bank conflicts (blocks.c). */
        if (smooth && !rader) blk_bank_pad(k, info);
        /* Rader blocks of up to 48 KB: whole warps (blocks.c). */
        if (rader && (int64_t)B * N * eb <= 49152) k->T = blk_rader_threads(k, info);
        /* Bluestein blocks: every pass in as few rounds as pays; padded where the first pass is
         * radix 16 (blocks.c). */
        if (k->ops & KS_MID_BLUESTEIN) {
            k->T = blk_conv_threads(k, info);
            k->pad |= blk_conv_pad(k);
        }
        /* On 4 TB/s devices, one-column Bluestein blocks and fp32 mixed-radix ones over
         * ODD_BLOCK_TWO_MAX points take the widest radices where they save a pass, a thread per
         * butterfly of the narrowest (fp64 convolutions 512), unpadded and unbound (blocks.c;
         * Bluestein's bound comes next);
         * blocks of 8193..ODD_BLOCK_TWO_MAX points the same bound to two blocks per SM, a spill bet
         * (two: its radix mode, WIDEST or WIDEST_FLAT). */
        int two = 0;
        if (blk_conv_widest(k, info) || blk_smooth_widest(k, info) || (two = blk_smooth_widest_two(k, info))) {
            if ((st = blk_shape(k, (int)N, B, two ? two : KFFT_RADIX_WIDEST, info))) return st;
            k->T = blk_widest_threads(k, info);
            k->pad = 0;
            k->regs = two ? blk_two_blocks_regs(k->T) : 0;
            k->spill_bet = two ? KS_SPILL_BET_BYTES : 0;
        }
        if ((k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) && !k->regs) k->regs = blk_conv_regs(k, f64, info);
        blk_wide_prime_block(k, info);
        int wide_regs = blk_rader_wide_regs(k); /* fp32 Rader blocks with a 17..31 codelet (blocks.c) */
        if (wide_regs) k->regs = wide_regs;
        /* Measured choices: the tuner's candidate, else the device's wisdom. A candidate's T 0
         * (kfft_tune's convolution lengths on other radices) keeps the rules' threads and
         * register bound for its radix mode. */
        kfft_wisdom_entry key = {.f64 = f64, .R = N, .is = r->is, .B = Bkey, .ops = k->ops, .io = kfft_wisdom_io(k->ld, k->st), .split = -1};
        if ((tuned = measured_choice(p, s->nstages - 1, info, &key))) {
            if ((st = blk_shape(k, (int)N, B, key.radix, info))) return st;
            if (key.T) k->T = key.T < info->max_threads ? key.T : info->max_threads;
            else if (k->ops & KS_MID_BLUESTEIN) k->T = blk_conv_threads(k, info);
            k->pad = key.pad;
            k->regs = key.T || !(k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) ? key.regs : blk_conv_regs(k, f64, info);
            k->spill_bet = 0;
        }
        if (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) blk_conv_order(k);
        conv_pfa(k, t, key.pfa);
        if (!tuned) blk_rader_f64_bound(k, info); /* after PFA: its floor reads the final radices */
        blk_c2r_rtw1(k, info);
        blk_local_tables(k, t, info, key.split);
        s->src[sg->first] = r->src;
        s->dst[sg->first] = r->dst;
    } else {
        /* Measured choices for the passes (-1: the defaults). */
        kfft_wisdom_entry key = {.passes = 1, .f64 = f64, .R = N, .is = r->is, .ops = rp ? KS_MID_RADER : smooth ? 0 : KS_MID_BLUESTEIN,
                                 .io = kfft_wisdom_io(base.ld, base.st), .pad = -1, .radix = -1, .split = -1};
        tuned = measured_choice(p, s->nstages - 1, info, &key);
        if ((st = gpasses(s, &base, N, &pp, &key, 0, info, t))) return st;
        int np = s->nsteps - sg->first;
        kspec *sp = &s->spec[sg->first];
        if (!smooth && !pf) {
            /* Second FFT of the convolution: the same passes in reverse order, so its first
             * pass can be the first's last (bluestein_middle). */
            if ((st = gpasses(s, &base, N, &pp, &key, 1, info, t))) return st;
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
        /* A complex stage's conjugations pair up within it (kspec.h: swap), in a real plan too:
         * a C2R's column stages. Their cconj at the load, inside the column guard, made each load
         * wait for its data before the next went out (SASS: an FADD after every LDG in the
         * branch): C2R 8192^2's first column pass ran at 50% of DRAM peak against the same R2C
         * pass's 73%. H200, same run (bench/results/h200-2026-11-30b-calls.txt calls 2-3): C2R
         * 8192^2 0.73 -> 0.84 of cuFFT, 16384^2 0.74 -> 0.84; fp64 0.95 -> 1.08, 0.93 -> 1.04. */
        k->swap = r->type == KFFT_C2C;
        if (k->pad == KS_PAD_SWZ && !ks_swz_ok(k)) k->pad = 0; /* a knob or wisdom's, where rows would cross columns */
        /* Swizzled shared memory (blocks.c), but not against a measured choice: a knob or wisdom's pad. */
        if (!tuned) blk_swizzle(k, info);
        /* A swizzled block takes its XOR once a thread where the strides allow (passes.c
         * sp_index_swz): a spill bet, left out where it spilled (plan.c). */
        if (k->pad == KS_PAD_SWZ && !info->no_spill_bets) {
            k->swzfold = 1;
            k->spill_bet = KS_SPILL_BET_BYTES; /* the tightest limit, where the block had another bet */
        }
        k->cpad = gen_column_pad(k, (int64_t)info->smem_optin / eb);
        k->minb = blk_min_blocks(k, info);
        k->cfetch = blk_chirp_fetch(k);
        k->rpair = blk_real_pairs(k, info);
        k->idx64 = ispan > IDX32_LIMIT || ospan > IDX32_LIMIT || nuser > IDX32_LIMIT || sg->chunk * N > IDX32_LIMIT ||
                   k->chirp + N > IDX32_LIMIT || k->bhat + N > IDX32_LIMIT || k->dlog + r->n > IDX32_LIMIT || k->lay + N > IDX32_LIMIT || k->rtw + r->n > IDX32_LIMIT;
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

/* Axes r-2 and r-1 of a complex transform (r = rank) as one stage of one plane kernel
 * (kspec.h: plane; planes.c: plane_blocks), reading the input and writing the output, where the
 * rows' axis is the fastest in memory on both sides (outer[0] of the n1 axis's transforms, and
 * a smaller stride than n1's: the columns' walk across it and the rows' store along it stay
 * coalesced). Real transforms too, where the real rows (even, contiguous) packed as M = n/2
 * complex columns fit one block or (planes.c) a cluster of four (kspec.h: the R2C and C2R
 * planes): an R2C's first stage, a C2R's last. Against the R2C row kernel and a kernel per
 * complex axis, kfft/cuFFT in one run (H100, bench/results/h100-2026-11-27d-planes-real.txt):
 * 128^3 0.98 -> 1.21, 64^3 1.01 -> 1.57, 96^3 1.38 -> 1.97, 100^3 1.00 -> 1.42, 2-D 128^2 0.98 -> 1.45, 64^2 0.99 -> 2.10; fp64 128^3
 * 0.98 -> 1.10, 96^3 1.30 -> 1.76, 64^2 1.06 -> 2.07. C2R (part 3): 64^3 1.02 -> 1.45, 96^3 1.37
 * -> 1.65, 100^3 0.97 -> 1.30, 2-D 96^2 1.51 -> 2.03, 64^2 1.01 -> 1.80; fp64 128^3 0.93 -> 1.03,
 * 64^3 0.97 -> 1.44, 64^2 0.97 -> 1.83; fp32 128 x 64 planes neither won nor lost (128^3 0.97,
 * 2-D 128^2 0.96 -> 0.95, 256x128x128 1.02). Returns 1 when it built the stage (*st: its status). */
static int plane_stage(kfft_schedule *s, const kfft_problem *p, const kfft_device_info *info, kfft_table *t, kfft_status *st)
{
    int r = p->rank, r2c = p->type == KFFT_R2C, c2r = p->type == KFFT_C2R, real = r2c || c2r;
    if (r < 2 || p->mirror.on || (s->nsteps && !c2r)) return 0;
    stage_req q = stage_for(p, KFFT_C2C, r - 2, BUF_IN, BUF_OUT);
    const kfft_dim *d2 = &p->dims[r - 1];
    int64_t planes = 1, n2 = real ? d2->n / 2 : d2->n;
    for (int d = 1; d < q.nouter; d++) planes *= q.outer[d].n;
    if (!q.nouter || q.outer[0].n != kfft_problem_len(p, r - 1, 0) || q.outer[0].is != d2->is || q.outer[0].os != d2->os ||
        d2->is >= q.is || d2->os >= q.os || (real && (d2->n % 2 || (r2c ? d2->is : d2->os) != 1)))
        return 0;
    int ld = r2c ? KS_LD_ROWPAIR : c2r ? KS_LD_C2R_PLANE : KS_LD_CPLX, sto = r2c ? KS_ST_R2C_PACK : c2r ? KS_ST_PAIR : KS_ST_CPLX;
    /* Measured: the tuner's candidate (no plane, its blocks, its threads: noplane, plane_clu,
     * knob), else the device's wisdom (kfft_tune): the plane or not, its blocks and threads (0:
     * the planner's); else the rule. */
    kfft_wisdom_entry key = {.passes = 2, .f64 = p->f64, .R = q.n, .B = (int)n2, .io = kfft_wisdom_io(ld, sto)};
    int g = s->nstages, T = p->knob[g].on ? p->knob[g].T : 0, found = !p->noplane && kfft_wisdom_lookup(info->wisdom, &key);
    if (p->noplane > 0 || (found && key.noplane)) return 0;
    int want = p->plane_clu ? p->plane_clu : found ? key.clu : 0; /* blocks that cannot hold it: the rule's */
    int P = want && plane_blocks_fit(p->f64, q.n, n2, want, p->type, info) ? want : plane_blocks(p->f64, q.n, n2, planes, p->type, info);
    if (!P) return 0;
    if (found && !p->knob[g].on && key.T) T = key.T;
    /* A real transform's sides as its last-axis stage sees them: spans and in-place safety (each
     * real row's bytes hold its half-spectrum row, and a block reads its plane before writing it). */
    stage_req side = real ? stage_for(p, p->type, r - 1, BUF_IN, BUF_OUT) : q;
    if (r2c) q.outer[0] = (ks_dim){n2, 2, d2->os}; /* the packed columns: real pairs in, the half spectrum's columns out */
    if (c2r) q.outer[0] = (ks_dim){n2, d2->is, d2->os};
    kfft_stage *sg = &s->stage[s->nstages++];
    sg->first = s->nsteps;
    sg->nsteps = 1;
    sg->ntrans = 1;
    sg->type = p->type;
    for (int d = 0; d < q.nouter; d++) sg->ntrans *= q.outer[d].n;
    kspec *k = &s->spec[s->nsteps++];
    memset(k, 0, sizeof *k);
    k->kind = KS_SINGLE;
    k->f64 = p->f64;
    k->n = k->N = q.n;
    k->istride = q.is;
    k->ostride = q.os;
    k->nouter = q.nouter;
    memcpy(k->outer, q.outer, sizeof q.outer);
    k->src = k->dst = KS_IO_USER;
    k->conj_in = k->conj_out = !r2c;
    k->swap = !real; /* a complex plane's conjugations pair up within it (kspec.h: swap) */
    k->ld = ld;
    k->st = sto;
    if (real) {
        k->nreal = d2->n;
        k->rtw = tab_twiddles_range(t, r2c ? n2 / 2 + 1 : n2, 1, d2->n);
    }
    s->src[sg->first] = BUF_IN;
    s->dst[sg->first] = BUF_OUT;
    if ((*st = plane_shape(k, q.n, n2, P, info, t))) return 1;
    if (T >= 32 && T <= info->max_threads && T <= 1024) k->T = T;
    /* launches of whole planes (ks_cols_per_transform: P columns per transform of the n1 axis) */
    int64_t cap = ((int64_t)1 << 30) / P * n2;
    sg->chunk = sg->ntrans < cap ? sg->ntrans : cap;
    k->idx64 = side_span(&side, 0) > IDX32_LIMIT || side_span(&side, 1) > IDX32_LIMIT || sg->ntrans * q.n > IDX32_LIMIT ||
               k->rtw + n2 > IDX32_LIMIT;
    check_inplace(s, &side, p->f64);
    return 1;
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
        o += snprintf(s->describe + o, cap - (size_t)o, " || axis len %lld%s%s%s", (long long)(k0->nreal && !k0->plane ? k0->nreal : k0->n),
                      k0->nreal ? " packed" : "", k0->ntr ? " two-for-one" : "", k0->ops & (KS_PRE_CHIRP | KS_MID_BLUESTEIN) ? " bluestein" : k0->ops & KS_MID_RADER ? " rader" : "");
        if (k0->bfp) o += snprintf(s->describe + o, cap - (size_t)o, " p=%lld m=%d", (long long)k0->bfp, k0->R);
        else if (k0->ops & (KS_PRE_CHIRP | KS_MID_BLUESTEIN)) o += snprintf(s->describe + o, cap - (size_t)o, " m=%lld", (long long)k0->N);
        for (int q = 0; q < sg->nsteps && o < (int)cap - 100; q++) {
            const kspec *k = &s->spec[sg->first + q];
            o += snprintf(s->describe + o, cap - (size_t)o, " | k%d %s R=%d(", sg->first + q, k->kind == KS_SINGLE ? "single" : "pass",
                          k->R);
            for (int i = 0; i < k->nrad; i++) o += snprintf(s->describe + o, cap - (size_t)o, "%s%d", i ? "x" : "", k->rad[i]);
            o += snprintf(s->describe + o, cap - (size_t)o, ") B=%d T=%d", k->B, k->T);
            if (k->tgrp) o += snprintf(s->describe + o, cap - (size_t)o, " G=%d", k->tgrp);
            if (q && ks_prime_pass(k)) /* a second prime pass */
                o += snprintf(s->describe + o, cap - (size_t)o, " %s p=%d", k->bfp ? "bluestein" : "rader", k->bfp ? (int)k->bfp : k->R + 1);
            if (k->plane) { /* and the rows' FFT: plane=n2(radices) */
                o += snprintf(s->describe + o, cap - (size_t)o, " plane=%d(", k->plane);
                for (int i = 0; i < k->nprad; i++) o += snprintf(s->describe + o, cap - (size_t)o, "%s%d", i ? "x" : "", k->prad[i]);
                o += snprintf(s->describe + o, cap - (size_t)o, ")");
            }
            if (k->clu) o += snprintf(s->describe + o, cap - (size_t)o, " C=%d", k->clu);
            if (k->pfa) o += snprintf(s->describe + o, cap - (size_t)o, " pfa"); /* coprime radices, no twiddles */
            if (ks_bluestein_middle(k)) o += snprintf(s->describe + o, cap - (size_t)o, " mid");
            if (k->twsplit) o += snprintf(s->describe + o, cap - (size_t)o, " L=%d", k->twsplit);
            o = describe_passes(s->describe, o, cap, " D=", k->twdirect, k->nrad); /* passes with direct tables */
            o = describe_passes(s->describe, o, cap, " W=", k->twpow, k->nrad);    /* split passes taking powers of W^kk */
            o = describe_passes(s->describe, o, cap, " S=", k->keep, k->nrad);     /* passes staging rounds in shared memory */
            if (k->pad) o += snprintf(s->describe + o, cap - (size_t)o, k->pad == KS_PAD_SWZ ? " swz" : " pad"); /* against bank conflicts */
            if (k->regs) o += snprintf(s->describe + o, cap - (size_t)o, " regs=%d", k->regs); /* the register bound asked for */
            if (k->rpair) o += snprintf(s->describe + o, cap - (size_t)o, " rp"); /* packed real pairs in registers */
            if (k->cfetch) o += snprintf(s->describe + o, cap - (size_t)o, " cf"); /* output chirp fetched before the stores */
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
        int planed = 0;
        for (int a = 0; a < r - 1 && !st; a++) {
            if (a == r - 2 && (planed = plane_stage(s, p, info, &t, &st))) break; /* the last two axes in one kernel */
            stage_req q = stage_for(p, KFFT_C2C, a, BUF_IN, BUF_IN);
            st = build_stage(s, &q, p, info, &t);
        }
        if (!st && !planed) {
            stage_req q = stage_for(p, KFFT_C2R, r - 1, BUF_IN, BUF_OUT);
            st = build_stage(s, &q, p, info, &t);
        }
    } else {
        int a = plane_stage(s, p, info, &t, &st) ? r - 3 : r - 1; /* the last two axes in one kernel */
        for (; a >= 0 && !st; a--) {
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
    /* Each kernel is generated for one direction: a real plan runs one way (plan.c:
     * kfft_execute); a C2C plan's inverse kernels are made from these on its first inverse run. */
    for (int i = 0; i < s->nsteps; i++) s->spec[i].dir = p->type == KFFT_C2R ? KS_DIR_INV : KS_DIR_FWD;

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
