/* Planner decisions on a described H100 (no device needed): the routes and radices chosen
 * from measurements (src/plan/schedule.c, blocks.c, factor.c) stay what the measurements chose, the
 * radix decompositions are sound, and the number theory under Rader is right. A change to a rule should change this test with new numbers. */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/context.h"
#include "plan/blocks.h"
#include "plan/factor.h"
#include "gen/gen.h"
#include "plan/plan.h"
#include "plan/tables.h"
#include "plan/wisdom.h"
#include "test_h100.h"

static int fails;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            printf("FAIL: " __VA_ARGS__);                                                                              \
            printf("\n");                                                                                              \
            fails++;                                                                                                   \
        }                                                                                                              \
    } while (0)

/* The schedule of a plan on a described device (0), or -1 with the error in kfft_error_message. */
static int schedule_on(const kfft_device_info *info, kfft_type type, kfft_precision prec, int rank, const int64_t *n, int64_t batch,
                       kfft_schedule *s)
{
    kfft_plan_desc d;
    memset(&d, 0, sizeof d);
    d.type = type;
    d.precision = prec;
    d.rank = rank;
    for (int i = 0; i < rank; i++) d.n[i] = n[i];
    d.batch = batch;
    kfft_problem p;
    return kfft_problem_from_desc(&d, &p) || kfft_schedule_build(&p, info, s) ? -1 : 0;
}

/* ... on a described H100. */
static int schedule_prec(kfft_type type, kfft_precision prec, int rank, const int64_t *n, int64_t batch, kfft_schedule *s)
{
    kfft_device_info info = test_h100_info("sm_90");
    return schedule_on(&info, type, prec, rank, n, batch, s);
}

/* ... on the described H200 (h100 = 0) or H100 (1); a plan that fails is a failed check of case
 * i of `what` (1: nothing to free). */
static int schedule_dev(int h100, kfft_type type, kfft_precision prec, int rank, const int64_t *n, int64_t batch, kfft_schedule *s,
                        const char *what, size_t i)
{
    kfft_device_info info = h100 ? test_h100_info("sm_90") : test_h200_info("sm_90");
    if (!schedule_on(&info, type, prec, rank, n, batch, s)) return 0;
    CHECK(0, "%s %zu: plan failed: %s", what, i, kfft_error_message());
    return 1;
}

/* Plans C2C n (batch 4) on info and checks its description holds `want`, or, with want NULL,
 * not `tag`: 0 with the schedule (the caller frees it), -1 if planning failed (reported). */
static int tagged_schedule(const kfft_device_info *info, const char *what, int prec, int64_t n, const char *want, const char *tag,
                           kfft_schedule *s)
{
    if (schedule_on(info, KFFT_C2C, prec, 1, &n, 4, s)) {
        CHECK(0, "%s %lld: plan failed: %s", what, (long long)n, kfft_error_message());
        return -1;
    }
    int ok = want ? strstr(s->describe, want) != NULL : strstr(s->describe, tag) == NULL;
    CHECK(ok, "%s %lld (%s): expected %s%s in: %s", what, (long long)n, prec == KFFT_F64 ? "f64" : "f32", want ? "" : "no", want ? want : tag,
          s->describe);
    return 0;
}

static int schedule_of(kfft_type type, int rank, const int64_t *n, int64_t batch, kfft_schedule *s)
{
    return schedule_prec(type, KFFT_F32, rank, n, batch, s);
}

/* The schedule of a 1-D plan of length n: its description and kernel count. */
static int plan1d_prec(kfft_type type, kfft_precision prec, int64_t n, int64_t batch, char *desc, size_t len)
{
    kfft_schedule s;
    if (schedule_prec(type, prec, 1, &n, batch, &s)) {
        snprintf(desc, len, "plan failed: %s", kfft_error_message());
        return -1;
    }
    snprintf(desc, len, "%s", s.describe);
    int k = s.nsteps;
    kfft_schedule_free(&s);
    return k;
}

static int plan1d_of(kfft_type type, int64_t n, int64_t batch, char *desc, size_t len)
{
    return plan1d_prec(type, KFFT_F32, n, batch, desc, len);
}

/* Shared-memory banks (src/gen/banks.c): in every kernel of the plan of `shape` (f32 C2C,
 * batch 8), the column padding chosen needs the fewest of the model's sampled wavefronts over
 * all paddings (with `exact`, the fewest any layout could need); for the kernels named in
 * `conflicted`, no padding needs more (the 16-way conflicts Nsight Compute measured on
 * 2^16's passes). */
static void banks(int rank, const int64_t *n, const char *conflicted, int exact)
{
    kfft_schedule s;
    if (schedule_of(KFFT_C2C, rank, n, 8, &s)) {
        CHECK(0, "banks: plan failed: %s", kfft_error_message());
        return;
    }
    for (int i = 0; i < s.nsteps; i++) {
        kspec k = s.spec[i];
        if (k.plane) continue; /* element-major columns, no column padding (kspec.h: plane) */
        int64_t ideal, cost = gen_smem_cost(&k, &ideal), other;
        CHECK(!exact || cost == ideal, "banks %lld: k%d (R=%d B=%d cpad=%d) %lld wavefronts, fewest %lld", (long long)n[0], i, k.R, k.B,
              k.cpad, (long long)cost, (long long)ideal);
        char name[16];
        snprintf(name, sizeof name, "k%d", i);
        for (k.cpad = 0; k.cpad < 16; k.cpad++) {
            other = gen_smem_cost(&k, &ideal);
            CHECK(other >= cost, "banks %lld: k%d: cpad %d needs %lld wavefronts, the chosen %d %lld", (long long)n[0], i, k.cpad,
                  (long long)other, s.spec[i].cpad, (long long)cost);
            if (k.cpad == 0 && strstr(conflicted, name))
                CHECK(other > cost, "banks %lld: k%d unpadded needs no more wavefronts (%lld)", (long long)n[0], i, (long long)other);
        }
    }
    kfft_schedule_free(&s);
}

/* One-kernel convolutions (Bluestein, Rader): where the largest even radix repeats, the
 * radices start and end with it so the middle stays in registers (kernel.c: emit_mid_fused);
 * an odd one is not moved (8219's 7). Rader's on pairwise coprime radices (8191: 13x10x9x7, kspec.h
 * pfa) fuse whatever the radices. With a register bound (kfft_tune's knob) the CUDA
 * source carries the blocks per SM that shared memory and threads allow. */
static void conv_and_bounds(void)
{
    static const struct {
        int64_t n;
        int fused;
    } conv[] = {{127, 1}, {257, 1}, {1019, 1}, {4091, 1}, {7681, 1}, {12289, 1}, {8219, 0}, {4481, 0}, {8191, 1}};
    kfft_device_info info = test_h100_info("sm_90");
    for (size_t i = 0; i < sizeof conv / sizeof conv[0]; i++) {
        kfft_schedule s;
        if (schedule_of(KFFT_C2C, 1, &conv[i].n, 4, &s)) {
            CHECK(0, "conv %lld: plan failed: %s", (long long)conv[i].n, kfft_error_message());
            continue;
        }
        const kspec *k = &s.spec[0];
        CHECK(s.nsteps == 1 && (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) && ks_conv_fused(k) == conv[i].fused,
              "conv %lld: %d kernels, fused %d (want %d): %s", (long long)conv[i].n, s.nsteps, ks_conv_fused(k), conv[i].fused, s.describe);
        kfft_schedule_free(&s);
    }
    static const struct {
        int64_t n;
        int regs, minb;
    } bound[] = {{4091, 64, 2}, {4091, 96, 0}, {4091, 0, 0}, {127, 96, 10}}; /* 127: T = 64 (B = 4 columns), 64K / (64 * 96) */
    for (size_t i = 0; i < sizeof bound / sizeof bound[0]; i++) {
        kfft_plan_desc d;
        memset(&d, 0, sizeof d);
        d.precision = KFFT_F32;
        d.rank = 1;
        d.n[0] = bound[i].n;
        d.batch = 4;
        kfft_problem p;
        kfft_schedule s;
        strbuf src;
        char want[64];
        if (kfft_problem_from_desc(&d, &p) || kfft_schedule_build(&p, &info, &s)) continue;
        kspec k0 = s.spec[0]; /* the default choices, with a register bound added */
        kfft_schedule_free(&s);
        p.knob[0].on = 1;
        p.knob[0].T = k0.T;
        p.knob[0].pad = k0.pad;
        p.knob[0].radix = kfft_radix_auto(k0.R, 0);
        p.knob[0].regs = bound[i].regs;
        p.knob[0].split = -1;
        if (kfft_schedule_build(&p, &info, &s) || kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
            CHECK(0, "bound %lld: %s", (long long)bound[i].n, kfft_error_message());
            continue;
        }
        snprintf(want, sizeof want, "__launch_bounds__(%d, %d)", s.spec[0].T, bound[i].minb);
        CHECK(s.spec[0].minb == bound[i].minb && (strstr(src.s, want) != NULL) == (bound[i].minb > 1),
              "bound %lld regs %d: minb %d (want %d)", (long long)bound[i].n, bound[i].regs, s.spec[0].minb, bound[i].minb);
        sb_free(&src);
        kfft_schedule_free(&s);
    }
    /* The tuner records a stage's radix mode from its kernel (kfft_tune_stage_entry), whose
     * convolution radices are reordered (8219 widest: 28,21,28): each mode must read back as
     * itself, or a re-tune rewrites a wisdom entry as another kernel. Rader's on coprime radices
     * (17443, kspec.h: pfa) compare the modes' radices regrouped, as the planner regroups them. */
    static const int64_t modes_n[] = {8219, 4093, 12289, 17443};
    for (size_t i = 0; i < sizeof modes_n / sizeof modes_n[0]; i++)
        for (int m = KFFT_RADIX_NARROW; m <= KFFT_RADIX_WIDEST; m++) {
            kfft_plan_desc d = {.precision = KFFT_F32, .rank = 1, .batch = 4};
            d.n[0] = modes_n[i];
            kfft_problem p;
            kfft_schedule s, s0;
            kfft_wisdom_entry e;
            if (kfft_problem_from_desc(&d, &p) || kfft_schedule_build(&p, &info, &s0)) continue;
            p.knob[0].on = 1;
            p.knob[0].T = s0.spec[0].T;
            p.knob[0].pad = s0.spec[0].pad;
            p.knob[0].radix = m;
            p.knob[0].split = -1;
            kfft_schedule_free(&s0);
            if (kfft_schedule_build(&p, &info, &s)) {
                CHECK(0, "radix mode %d of %lld: %s", m, (long long)modes_n[i], kfft_error_message());
                continue;
            }
            /* a mode with the same radices as the planner's own (auto), or an earlier one, reads back as that */
            int R = (int)s.spec[0].R, rad[KS_MAX_RADICES], n = kfft_codelet_radices(R, rad, KS_MAX_RADICES, m), want = -1, pfa = s.spec[0].pfa;
            if (pfa) n = kfft_coprime_radices(R, rad, n, 0);
            for (int o = -1; o <= m && want < 0; o++) {
                int mo = o < 0 ? kfft_radix_auto(R, 0) : o, r2[KS_MAX_RADICES], n2 = kfft_codelet_radices(R, r2, KS_MAX_RADICES, mo);
                if (pfa) n2 = kfft_coprime_radices(R, r2, n2, 0);
                if (n2 == n && !memcmp(r2, rad, sizeof(int) * (size_t)n)) want = mo;
            }
            CHECK(kfft_tune_stage_entry(&s, 0, &e) && e.radix == want, "radix mode %d of %lld (%s) read back as %d, want %d", m,
                  (long long)modes_n[i], s.describe, e.radix, want);
            kfft_schedule_free(&s);
        }
    /* Unfused convolutions multiply by the spectrum in the forward FFT's last store (kernel.c
     * MID_STORE; fused ones in registers); fp32 ones of 257..512 threads are bound to two blocks
     * per SM (blocks.c conv_regs, session 18: 3345 0.73 -> 0.88 of cuFFT, 8191 1.77 -> 2.75). */
    static const struct {
        int64_t n;
        kfft_precision prec;
        int T, minb;
    } store[] = {{3345, KFFT_F32, 320, 2}, {4397, KFFT_F32, 448, 2}, {12101, KFFT_F32, 512, 2}, {1499, KFFT_F32, 160, 0},
                 {15391, KFFT_F32, 1024, 0}, {4481, KFFT_F64, 0, 0}, /* 8191 and 17443 before Rader's pfa */
                 /* 4000..6144 points, balanced radices: a thread per butterfly of the narrowest pass
                  * (blocks.c every_pass_threads; 20x18x15: 384, 21x16x14: 352); Bluestein's blocks of
                  * 257..352 threads up to 48 KB bound to three blocks per SM (blk_conv_regs), 3345's
                  * 6720 points keep two */
                 {2699, KFFT_F32, 384, 2}, {2351, KFFT_F32, 352, 3}, {2347, KFFT_F64, 0, 0}};
    for (size_t i = 0; i < sizeof store / sizeof store[0]; i++) {
        kfft_schedule s;
        strbuf src;
        if (schedule_prec(KFFT_C2C, store[i].prec, 1, &store[i].n, 1000, &s)) {
            CHECK(0, "store %lld: plan failed: %s", (long long)store[i].n, kfft_error_message());
            continue;
        }
        const kspec *k = &s.spec[0];
        if (kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
            CHECK(0, "store %lld: no source", (long long)store[i].n);
            kfft_schedule_free(&s);
            continue;
        }
        CHECK(s.nsteps == 1 && !ks_conv_fused(k) && strstr(src.s, "kfft_cplx v = rv[it *") != NULL,
              "store %lld: unfused, multiply in the store expected: %s", (long long)store[i].n, s.describe);
        CHECK((!store[i].T || k->T == store[i].T) && k->minb == store[i].minb, "store %lld %s: T %d minb %d (want %d, %d)",
              (long long)store[i].n, store[i].prec == KFFT_F64 ? "f64" : "f32", k->T, k->minb, store[i].T, store[i].minb);
        sb_free(&src);
        kfft_schedule_free(&s);
    }
}

/* Does src call a pruned codelet (kfft_dft<r>_<live>, codelet.c)? */
static int calls_pruned(const char *src)
{
    for (const char *p = strstr(src, "kfft_dft"); p; p = strstr(p + 1, "kfft_dft")) {
        const char *q = p + 8;
        while (*q >= '0' && *q <= '9') q++;
        if (*q == '_') return 1;
    }
    return 0;
}

/* Bluestein's input is zero past n and its outputs past n are dropped: the first pass calls a
 * codelet that takes the butterfly's elements j + i*RB*S >= n as zero, and the last pass stores
 * only those below n (kernel.c gen_live_elems). Expected counts worked by hand: 8219 (m = 16464
 * = 21x16x7x7 in one block) reads 11 of 21 elements 784 apart and stores 4 of 7 2352 apart;
 * in fp64 its passes (columns of 98 at a stride of 168) read 7 of 14 at 7 x 168 and store 4 of 7
 * at 14 x 168; 100003's passes (m = 200704, columns of 448 at a stride of 448) read 4 of 8 at
 * 56 x 448 and store 4 of 7 at 64 x 448; Rader (17443) and smooth lengths prune nothing. */
static void bluestein_pruned(void)
{
    static const struct {
        int64_t n;
        kfft_precision prec;
        const char *first, *last;
    } c[] = {{8219, KFFT_F32, "kfft_dft21_11(&rv[it * 21]);", "i < 4; i++) {\n        int c = bc, e = bj + i * 2352;"},
             {8219, KFFT_F64, "kfft_dft14_7(&rv[it * 14]);", "i < 4; i++) {\n        int c = bc, e = bj + i * 14;"},
             {1019, KFFT_F32, "kfft_dft16_8(&rv[it * 16]);", "i < 8; i++) {\n        int c = bc, e = bj + i * 128;"},
             {100003, KFFT_F32, "kfft_dft8_4(&rv[it * 8]);", "i < 4; i++) {\n        int c = bc, e = bj + i * 64;"},
             {17443, KFFT_F32, NULL, NULL},
             {16464, KFFT_F32, NULL, NULL}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        strbuf src;
        if (schedule_prec(KFFT_C2C, c[i].prec, 1, &c[i].n, 4, &s) || kfft_schedule_source(&s, KS_DIALECT_OPENCL, &src)) {
            CHECK(0, "pruned %lld: %s", (long long)c[i].n, kfft_error_message());
            continue;
        }
        if (c[i].first)
            CHECK(strstr(src.s, c[i].first) && strstr(src.s, c[i].last), "pruned %lld: expected \"%s\" and \"%s\": %s",
                  (long long)c[i].n, c[i].first, c[i].last, s.describe);
        else
            CHECK(!calls_pruned(src.s), "pruned %lld: nothing to prune: %s", (long long)c[i].n, s.describe);
        sb_free(&src);
        kfft_schedule_free(&s);
    }
}

/* A lone radix along contiguous columns (lengths 4..31) loads and stores through shared memory,
 * coalesced; 2 and 3, several radices (32 = 8x4) and strided axes read and write global memory
 * from the pass (kernel.c gen_kernel_io; bench/results/h100-2026-11-27zb-tiny.txt). */
/* Threads and padding of fp32 Bluestein blocks of one convolution, 1600..8192 points (blocks.c
 * conv_threads, conv_pad): three passes take one round each where that is at most 4/3 of a
 * thread per butterfly of the widest pass, else that in whole warps; four or more passes only
 * round up to whole warps; never fewer than the rules before; padded where the first pass is
 * radix 16 (three passes); nothing else moves. */
static void conv_blocks(void)
{
    static const struct {
        int64_t n, m; /* m: a Bluestein length forced as the tuner or wisdom would (0: the planner's) */
        kfft_precision prec;
        int T, pad;
    } c[] = {{3217, 0, KFFT_F32, 384, 0},    /* 6480 = 18x20x18: 360 butterflies in its radix-18 passes (352 before) */
             {1627, 0, KFFT_F32, 256, 1},    /* 3360 = 16x15x14: 240 (210 before); radix 16 first */
             {2953, 0, KFFT_F32, 416, 0},    /* 6000 = 20x15x20: 400, over the 256 of blocks under 48 KB */
             {1721, 0, KFFT_F32, 192, 0},    /* 3456 = 18x16x12: 288 is more than 4/3 of 192 */
             {1847, 3750, KFFT_F32, 256, 0}, /* 3750 = 15x10x5x5: whole warps of 250 */
             {1709, 3430, KFFT_F32, 256, 0}, /* 3430 = 10x7x7x7: four passes keep 256 (352 lost) */
             {557, 0, KFFT_F32, 80, 0},      /* 1120: under 1600 points, unchanged */
             {2351, 0, KFFT_F32, 352, 0},    /* 4704: every_pass_threads' 352, not lowered to 224 */
             {1129, 2304, KFFT_F32, 160, 1}, /* 2304 = 16x9x16 (the planner takes 2352: no radix 9) */
             {1559, 0, KFFT_F32, 224, 0},    /* 3136 = 14x16x14: radix 16 in the middle */
             {3533, 7168, KFFT_F32, 512, 0}, /* 7168 = 8x14x8x8: four passes */
             /* fp64: three passes as fp32 (1627: 210 before, unpadded); four keep theirs; under 1600
              * points or several columns a block, whole warps */
             {1627, 0, KFFT_F64, 256, 1},    {3217, 0, KFFT_F64, 256, 0}, {3607, 7290, KFFT_F64, 729, 0},
             {691, 0, KFFT_F64, 128, 0},
             /* under 1600 points: padded where radix 16 comes first (109: 224 = 16x14) */
             {109, 0, KFFT_F32, 112, 1},     {109, 0, KFFT_F64, 128, 1}};
    /* ... and their lengths: four passes give way to three up to 6% longer, up to 8192, along
     * contiguous axes (schedule.c kfft_conv_default); fp32 lengths of 128..6000 with a radix 9,
     * or two 25s beside a radix of at most 5, give way to the next without a 9 (three passes at
     * most; under 1600, the widest radix at most four times the narrowest), contiguous axes only */
    static const struct {
        int64_t n, is, m;
        kfft_precision prec;
    } len[] = {{3067, 1, 6174, KFFT_F32}, {3607, 1, 7560, KFFT_F32}, {853, 1, 1728, KFFT_F32}, {4073, 1, 8192, KFFT_F32},
               {3067, 1, 6400, KFFT_F64}, {1289, 1, 2625, KFFT_F64}, {1627, 1, 3360, KFFT_F32}, {3067, 3067, 6144, KFFT_F32},
               {607, 1, 1225, KFFT_F32},  /* 1215 = 15x9x9 */
               {431, 1, 896, KFFT_F32},   /* 864 = 12x9x8; 875 = 25x7x5 is too wide */
               {643, 1, 1344, KFFT_F32},  /* 1296 = 12x9x12; 1323 = 21x21x3 is too wide */
               {2803, 1, 5670, KFFT_F32}, /* 5625 = 25x25x9 */
               {41, 1, 81, KFFT_F32},     /* under 128 */
               {3037, 1, 6075, KFFT_F32}, /* over 6000 (6075 -> 6174 lost) */
               {607, 1, 1215, KFFT_F64},  {467, 467, 945, KFFT_F32},
               {1229, 1, 2520, KFFT_F32}, /* 2500 = 25x25x4 */
               {1549, 1, 3136, KFFT_F32}, /* 3125 = 25x25x5 */
               {619, 1, 1280, KFFT_F32},  /* 1250 = 25x25x2; 1260 has a 9, 1280 = 16x5x16 (padded) */
               {1087, 1, 2187, KFFT_F32}}; /* 27x27x3 kept */
    kfft_device_info info = test_h100_info("sm_90");
    for (size_t i = 0; i < sizeof len / sizeof len[0]; i++) {
        int64_t m = kfft_conv_default(len[i].n, len[i].is, len[i].prec == KFFT_F64, 0, &info);
        CHECK(m == len[i].m, "conv length of %lld (stride %lld) %s: %lld, want %lld", (long long)len[i].n, (long long)len[i].is,
              len[i].prec == KFFT_F64 ? "f64" : "f32", (long long)m, (long long)len[i].m);
    }
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_plan_desc d = {.precision = c[i].prec, .rank = 1, .batch = 1000};
        d.n[0] = c[i].n;
        kfft_problem p;
        kfft_schedule s;
        if (kfft_problem_from_desc(&d, &p)) continue;
        p.conv[0] = c[i].m;
        if (kfft_schedule_build(&p, &info, &s)) {
            CHECK(0, "conv threads %lld: %s", (long long)c[i].n, kfft_error_message());
            continue;
        }
        CHECK(s.nsteps == 1 && (s.spec[0].ops & KS_MID_BLUESTEIN) && s.spec[0].T == c[i].T && s.spec[0].pad == c[i].pad &&
                  (!c[i].m || s.spec[0].R == c[i].m),
              "conv threads %lld %s: T %d pad %d, want %d, %d: %s", (long long)c[i].n, c[i].prec == KFFT_F64 ? "f64" : "f32",
              s.spec[0].T, s.spec[0].pad, c[i].T, c[i].pad, s.describe);
        kfft_schedule_free(&s);
    }
    /* ... and strided columns of several a block, padded the same (1627^2's 3360 x 4: 1.15x) */
    for (int f64 = 0; f64 < 2; f64++) {
        kfft_plan_desc d = {.precision = f64 ? KFFT_F64 : KFFT_F32, .rank = 2, .n = {1627, 1627}, .batch = 1};
        kfft_problem p;
        kfft_schedule s;
        if (kfft_problem_from_desc(&d, &p) || kfft_schedule_build(&p, &info, &s)) {
            CHECK(0, "1627^2: %s", kfft_error_message());
            continue;
        }
        int cols = 0;
        for (int i = 0; i < s.nsteps; i++)
            if (s.spec[i].B > 1 && (s.spec[i].ops & KS_MID_BLUESTEIN)) cols += s.spec[i].pad ? 1 : -100;
        CHECK(cols == 1, "1627^2 %s: one padded Bluestein block of several columns expected: %s", f64 ? "f64" : "f32", s.describe);
        kfft_schedule_free(&s);
    }
}

/* fp32 packed real blocks up to 48 KB (blocks.c packed_real): C2R's of up to 128 threads are
 * bound to the blocks per SM that 96 registers a thread allow in whole warps, and C2R powers of
 * two from 64 points take the narrow radices; R2C's of 128 threads take 256; fp64, larger
 * blocks and C2R blocks of 256 threads keep theirs. */
static void packed_real_blocks(void)
{
    static const struct {
        kfft_type type;
        kfft_precision prec;
        int64_t n;
        int T, minb; /* minb: blk_min_blocks (0: no bound; -1: not checked) */
    } c[] = {{KFFT_C2R, KFFT_F32, 256, 128, 5},  {KFFT_C2R, KFFT_F32, 4000, 100, 5}, {KFFT_C2R, KFFT_F32, 2560, 80, 7},
             {KFFT_C2R, KFFT_F32, 8192, 256, 0}, {KFFT_R2C, KFFT_F32, 256, 256, 0},  {KFFT_R2C, KFFT_F32, 4096, 256, 0},
             {KFFT_R2C, KFFT_F32, 1024, 256, 0}, {KFFT_R2C, KFFT_F64, 256, 128, 0},  {KFFT_C2R, KFFT_F64, 256, 128, -1},
             /* powers of two from 64 points in the narrow radices: 1024's 512 as 16x16x2 (8x8x8 at 256 before) */
             {KFFT_C2R, KFFT_F32, 1024, 128, 5}, {KFFT_C2R, KFFT_F32, 64, 256, 0}};
    kfft_device_info info = test_h100_info("sm_90");
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(c[i].type, c[i].prec, 1, &c[i].n, 64, &s)) {
            CHECK(0, "packed real %lld: %s", (long long)c[i].n, kfft_error_message());
            continue;
        }
        const kspec *k = &s.spec[0];
        int minb = blk_min_blocks(k, &info);
        CHECK(s.nsteps == 1 && k->T == c[i].T && (c[i].minb < 0 || minb == c[i].minb), "packed real %s %lld %s: T %d, %d blocks per SM, want %d, %d: %s",
              c[i].type == KFFT_R2C ? "r2c" : "c2r", (long long)c[i].n, c[i].prec == KFFT_F64 ? "f64" : "f32", k->T, minb, c[i].T,
              c[i].minb, s.describe);
        kfft_schedule_free(&s);
    }
}

/* Threads and padding of one-kernel blocks: fp32 blocks alone on their SM take 512 threads
 * where a thread per widest butterfly would hold rounds past the register bound (blocks.c
 * odd_block_threads: 25000 = 25x25x8x5 at 1000, 20480 at 1024), a thread per butterfly where
 * not (20000 = 20x20x10x5, 17496, 22500); fp64 one-column blocks up to 48 KB are padded, in
 * whole warps, where the bank model has padding cut their wavefronts to 60% or less (blk_bank_pad:
 * a radix 16 or 12 first), not 2500 = 25x25x4, 1176 = 14x14x6 (the model: 0.82);
 * fp32 8750 and 12960 take 512 threads with 4375 and 6480 butterflies in their narrowest pass (two
 * blocks to an SM), 15750 and 17500 (alone on their SM) not; fp32 blocks of up to 11200 points at 512
 * threads whose rounds hold 50 or more registers of data are bound to two per SM (8232, 8750, 11200;
 * not 10080's 48, nor 11250); fp64 blocks of 48-64 KB whose widest
 * pass has at most 256 butterflies take a thread per butterfly of it, bound to two blocks per SM
 * (3200, 3600, 4050), not 3430 (352 butterflies); over 64 KB 4320 = 18x16x15 (69 KB) takes a thread per
 * butterfly of its narrowest pass, 288, bound alike. The two-blocks bounds and the
 * padding hold for radices 11 and 13 and Rader's blocks too (fp64 1408 = 16x11x8, 3120 =
 * 16x15x13, Rader 4001's 4000; fp32 10400 = 13x10x10x8, Rader 9857's 9856, and Rader's blocks up to
 * RADER_ALL_THREADS: 11701's 11700), the narrowest-pass
 * bound for 7-smooth lengths alone (13750 = 25x25x11x2 keeps 576 threads). */
static void block_threads_pad(void)
{
    static const struct {
        kfft_precision prec;
        int64_t n;
        int T, pad, regs; /* pad: -1 not checked */
    } c[] = {{KFFT_F32, 25000, 512, -1, 0},  {KFFT_F32, 20480, 512, -1, 0}, {KFFT_F32, 21952, 512, -1, 0}, {KFFT_F32, 27216, 512, -1, 0},
             {KFFT_F32, 20000, 1000, -1, 0}, {KFFT_F32, 17496, 992, -1, 0}, {KFFT_F32, 22500, 928, -1, 0}, {KFFT_F64, 2400, 160, 1, 0},
             {KFFT_F64, 1280, 96, 1, 0},     {KFFT_F64, 1728, 160, 1, 0},   {KFFT_F64, 2500, 100, 0, 0},   {KFFT_F64, 1176, 84, 0, 0},
             {KFFT_F64, 1408, 96, 1, 0},     {KFFT_F32, 8750, 512, -1, 64}, {KFFT_F32, 12960, 512, -1, 0}, {KFFT_F32, 15750, 640, -1, 0},
             {KFFT_F32, 17500, 704, -1, 0},  {KFFT_F32, 8232, 512, -1, 64}, {KFFT_F32, 11200, 512, -1, 64}, {KFFT_F32, 10080, 512, -1, 0},
             {KFFT_F32, 11250, 512, -1, 0},  {KFFT_F64, 3200, 160, 0, 204}, {KFFT_F64, 3600, 256, 0, 128}, {KFFT_F64, 4050, 256, 0, 128},
             {KFFT_F64, 3430, 512, 0, 0},    {KFFT_F64, 4320, 288, 0, 113}, {KFFT_F64, 3120, 224, 0, 146}, {KFFT_F32, 10400, 512, -1, 64},
             {KFFT_F64, 4001, 224, 0, 146},  {KFFT_F32, 9857, 512, -1, 64}, {KFFT_F32, 13750, 576, -1, 0},
             {KFFT_F32, 11701, 512, -1, 64}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        const char *pr = c[i].prec == KFFT_F64 ? "f64" : "f32";
        kfft_schedule s;
        if (schedule_prec(KFFT_C2C, c[i].prec, 1, &c[i].n, 64, &s)) {
            CHECK(0, "block threads %s %lld: %s", pr, (long long)c[i].n, kfft_error_message());
            continue;
        }
        CHECK(s.nsteps == 1 && s.spec[0].T == c[i].T && (c[i].pad < 0 || s.spec[0].pad == c[i].pad) && s.spec[0].regs == c[i].regs,
              "block threads %s %lld: T %d pad %d regs %d, want %d, %d, %d: %s", pr, (long long)c[i].n, s.spec[0].T, s.spec[0].pad,
              s.spec[0].regs, c[i].T, c[i].pad, c[i].regs, s.describe);
        kfft_schedule_free(&s);
    }
}

/* On 4 TB/s or more (an H200) fp32 blocks of up to 48 KB, complex or packed real, one column or
 * several, are padded in whole warps where the bank model has padding cut their wavefronts to
 * 60% or less (under 50% for blocks under 128 threads: C2R 640's 320 x 4 and 200's 200 x 8 keep
 * theirs; blocks under 32 points never: C2R 40's 20 x 64); on the H100 they keep their threads,
 * unpadded (blocks.c: blk_bank_pad). Complex blocks left unpadded take whole warps on an H200
 * (blk_complex_threads: 200 x 8 at 96, 1323 at 64). */
static void fast_memory_pad(void)
{
    static const struct {
        kfft_type type;
        int64_t n;
        int T, pad, T_h100, pad_h100; /* the H200's threads and padding, the H100's */
    } c[] = {{KFFT_C2C, 2400, 160, 1, 150, 0}, {KFFT_C2C, 1280, 96, 1, 80, 0}, {KFFT_C2C, 3600, 256, 1, 225, 0},
             {KFFT_C2C, 160, 96, 1, 80, 0},    {KFFT_R2C, 2560, 96, 1, 80, 0}, {KFFT_C2R, 4608, 160, 1, 144, 0},
             {KFFT_C2R, 40, 64, 0, 64, 0},     {KFFT_C2C, 200, 96, 0, 80, 0},  {KFFT_C2R, 640, 64, 0, 64, 0},
             {KFFT_C2C, 1323, 64, 0, 63, 0},   {KFFT_C2C, 1024, 128, 1, 128, 1},
             /* 3 x 2^k blocks of 64 KB or more (schedule.c build_stage): the widest radices padded,
              * a thread per butterfly of the narrowest pass (C2R keeps 512, C2C 24576 its 512) */
             {KFFT_C2C, 12288, 768, 1, 512, 0}, {KFFT_R2C, 24576, 768, 1, 512, 0}, {KFFT_R2C, 49152, 1024, 1, 1024, 0},
             {KFFT_C2R, 49152, 512, 1, 1024, 0}, {KFFT_C2C, 24576, 512, 1, 512, 1},
             /* the packed R2C's and C2R's power-of-two blocks of 64 KB or more: the widest radices
              * padded, a thread per butterfly of the widest pass (C2R 16384's 8192 points were already);
              * R2C 8192's and 16384's and C2R 8192's swizzled instead (blocks.c blk_packed_swizzle) */
             {KFFT_R2C, 8192, 256, KS_PAD_SWZ, 256, 1}, {KFFT_C2R, 8192, 256, KS_PAD_SWZ, 256, 1},
             {KFFT_R2C, 16384, 256, KS_PAD_SWZ, 512, 0}, {KFFT_R2C, 32768, 512, 1, 1024, 0}, {KFFT_C2R, 32768, 512, 1, 1024, 0},
             {KFFT_C2R, 16384, 256, 1, 256, 1},
             /* packed real blocks of 4096..6144 points in three balanced passes (blocks.c
              * blk_packed_real): a thread per butterfly of the narrowest pass; not 9800's four passes */
             {KFFT_C2R, 12000, 416, 0, 256, 0}, {KFFT_R2C, 11520, 384, 0, 256, 0}, {KFFT_R2C, 9800, 256, 0, 256, 0},
             {KFFT_C2R, 8000, 200, 0, 200, 0},
             /* the packed C2R's 512-point blocks of several columns (C2R 1024): 8x8x8, swizzled, unbound
              * on the H200 (blocks.c blk_packed_real), two columns there (blk_packed_c2r_columns) */
             {KFFT_C2R, 1024, 64, KS_PAD_SWZ, 128, 1}};
    for (int dev = 0; dev < 2; dev++) {
        kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
        for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
            kfft_schedule s;
            if (schedule_on(&info, c[i].type, KFFT_F32, 1, &c[i].n, 64, &s)) {
                CHECK(0, "fast memory pad %lld: plan failed: %s", (long long)c[i].n, kfft_error_message());
                continue;
            }
            int T = dev ? c[i].T : c[i].T_h100, pad = dev ? c[i].pad : c[i].pad_h100;
            CHECK(s.nsteps == 1 && s.spec[0].T == T && s.spec[0].pad == pad, "fast memory pad %lld on %s: T %d pad %d, want %d, %d: %s",
                  (long long)c[i].n, dev ? "an H200" : "an H100", s.spec[0].T, s.spec[0].pad, T, pad, s.describe);
            /* split twiddle tables for R2C 16384's 8192 points on the H200 only (blocks.c split_wins) */
            if (c[i].type == KFFT_R2C && (c[i].n == 16384 || c[i].n == 32768))
                CHECK((s.spec[0].twsplit != 0) == (dev && c[i].n == 16384), "fast memory pad R2C %lld on %s: split tables %d: %s",
                      (long long)c[i].n, dev ? "an H200" : "an H100", s.spec[0].twsplit, s.describe);
            kfft_schedule_free(&s);
        }
    }
    /* 2-D: 336 x 336's columns (16 of 336 points a block) padded on the H200, not the H100; 28 x 28's blocks (under 32 points) not */
    static const int64_t sq[2][2] = {{336, 336}, {28, 28}};
    for (int i = 0; i < 2; i++) {
        kfft_schedule s[2];
        for (int dev = 0; dev < 2; dev++) {
            kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
            if (schedule_on(&info, KFFT_C2C, KFFT_F32, 2, sq[i], 4, &s[dev])) {
                CHECK(0, "fast memory pad %lldx%lld: plan failed: %s", (long long)sq[i][0], (long long)sq[i][1], kfft_error_message());
                if (dev) kfft_schedule_free(&s[0]);
                goto next;
            }
        }
        int padded[2] = {0, 0}, same = s[0].nsteps == s[1].nsteps;
        for (int dev = 0; dev < 2; dev++)
            for (int j = 0; j < s[dev].nsteps; j++) padded[dev] += s[dev].spec[j].pad;
        for (int j = 0; same && j < s[0].nsteps; j++) same = s[0].spec[j].pad == s[1].spec[j].pad && s[0].spec[j].T == s[1].spec[j].T;
        if (i == 0)
            CHECK(padded[1] > padded[0], "fast memory pad 336x336: %d of %d kernels padded on an H200, %d of %d on an H100: %s",
                  padded[1], s[1].nsteps, padded[0], s[0].nsteps, s[1].describe);
        else
            CHECK(same, "fast memory pad 28x28: the H200's blocks differ from the H100's: %s", s[1].describe);
        kfft_schedule_free(&s[0]);
        kfft_schedule_free(&s[1]);
    next:;
    }
}

/* fp32 complex column blocks of several columns over 48 KB, odd part over 3, on the H200: padded
 * where the bank model says 70% of the wavefronts or less (3600 x 4: 0.29, 1008 x 8: 0.66; not
 * 2000 x 4: 0.72, nor the power-of-two 2048 x 4), their two-blocks register bound dropped where
 * the rounds exceed it by more than 16 registers (3600 x 4; 960 x 8 and 1008 x 8 keep it; R2C
 * columns have none); the H100's unchanged (blocks.c: wide_column_pad). */
static void wide_column_pad(void)
{
    static const struct {
        kfft_type type;
        int rank;
        int64_t n[3];
        int pad, bound; /* on the H200: padded, register bound kept */
        int T;          /* on the H200: threads (0: not checked) */
    } c[] = {{KFFT_C2C, 2, {3600, 3600}, 1, 0, 0}, {KFFT_C2C, 2, {960, 960}, 1, 1, 0},     {KFFT_C2C, 2, {1008, 1008}, 1, 1, 0},
             {KFFT_C2C, 2, {2000, 2000}, 0, 1, 0}, {KFFT_C2C, 2, {2048, 2048}, 0, 1, 0},   {KFFT_R2C, 2, {3136, 3136}, 1, 0, 0},
             {KFFT_C2C, 3, {480, 480, 480}, 1, 1, 0},
             /* 0.7-0.8 at 1024 threads: padded at 768, unbound; under 1024 threads: as planned */
             {KFFT_C2C, 2, {5184, 5184}, 1, 0, 768}, {KFFT_R2C, 2, {5760, 5760}, 1, 0, 768}, {KFFT_C2C, 2, {4000, 4000}, 0, 1, 800}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int dev = 0; dev < 2; dev++) {
            kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
            kfft_schedule s;
            if (schedule_on(&info, c[i].type, KFFT_F32, c[i].rank, c[i].n, 1, &s)) {
                CHECK(0, "wide column pad %lldx%lld: plan failed: %s", (long long)c[i].n[0], (long long)c[i].n[1], kfft_error_message());
                continue;
            }
            const kspec *k = NULL; /* the slow axis's columns */
            for (int j = 0; j < s.nsteps; j++)
                if (s.spec[j].R == c[i].n[0] && s.spec[j].B > 1 && (int64_t)s.spec[j].B * s.spec[j].R * 8 > 49152) k = &s.spec[j];
            int pad = dev && c[i].pad, bound = c[i].type == KFFT_C2C && (!dev || c[i].bound);
            CHECK(k && k->pad == pad && k->regs == (bound ? 65536 / (2 * k->T) : 0) && (!dev || !c[i].T || k->T == c[i].T),
                  "wide column pad %lldx%lld on %s: pad %d regs %d, want pad %d, %s: %s", (long long)c[i].n[0], (long long)c[i].n[1],
                  dev ? "an H200" : "an H100", k ? k->pad : -1, k ? k->regs : -1, pad, bound ? "the two-blocks bound" : "no bound", s.describe);
            kfft_schedule_free(&s);
        }
}

/* fp32 one-column blocks whose default radices make four passes or more take the widest radices
 * on the H200 where those make three of at most 28, a thread per butterfly of the narrowest pass,
 * unpadded and (mixed radix) unbound: Bluestein's of more than 8192 points (blocks.c:
 * blk_conv_widest), mixed-radix ones of more than 11200 (blk_smooth_widest), complex, a real
 * transform's two-for-one or the packed R2C's; not on the H100, in fp64 (but below), nor where the widest
 * need radix 30 or 32 (8237: 17280 = 24x30x24), the default makes three passes already (5381:
 * 10800), the convolution is a power of two (4073), the mixed-radix block is bound to two per SM
 * (11200, 9216) or is the packed C2R's (C2R 28000's 14000 points). fp64 Bluestein blocks of
 * more than 4096 points on the H200: the same at 512 threads (4099's 8232, C2R 4729's 9600, 5519's
 * 11200; not 5381's three passes). Planned without spill bets (the widest bound to two per SM at
 * 11200 points or fewer is one: spill_bets below). */
static void widest_blocks(void)
{
    static const struct {
        kfft_type type;
        int64_t n;
        int R, T, R64; /* on the H200, fp32: the block's length and threads (T 0: not moved); fp64: its length (0: not moved) */
    } c[] = {{KFFT_C2C, 8219, 16464, 800, 0},   {KFFT_R2C, 8219, 16464, 800, 0},  {KFFT_C2C, 4099, 8232, 608, 8232},
             {KFFT_C2C, 7307, 14700, 704, 0},   {KFFT_C2C, 8237, 17280, 0, 0},    {KFFT_C2C, 5381, 10800, 0, 0},
             {KFFT_C2C, 4073, 8192, 0, 0},      {KFFT_C2C, 14000, 14000, 704, 0}, {KFFT_C2C, 17248, 17248, 800, 0},
             {KFFT_R2C, 13125, 13125, 640, 0},  {KFFT_C2C, 11200, 11200, 0, 0},   {KFFT_C2C, 9216, 9216, 0, 0},
             {KFFT_R2C, 28000, 14000, 704, 0},  {KFFT_C2R, 28000, 14000, 0, 0},   {KFFT_C2R, 4729, 9600, 480, 9600},
             {KFFT_C2C, 5519, 11200, 704, 11200}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int dev = 0; dev < 2; dev++)
            for (int f64 = 0; f64 < 2; f64++) {
                kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
                info.no_spill_bets = 1;
                kfft_schedule s;
                if (schedule_on(&info, c[i].type, f64 ? KFFT_F64 : KFFT_F32, 1, &c[i].n, 1, &s)) {
                    CHECK(0, "widest %lld: plan failed: %s", (long long)c[i].n, kfft_error_message());
                    continue;
                }
                /* The block in the widest radices (as a set: blk_conv_order reorders them)? */
                const kspec *k = &s.spec[0];
                int R = f64 && c[i].R64 ? c[i].R64 : c[i].R;
                int w[KS_MAX_RADICES], nw = kfft_codelet_radices(R, w, KS_MAX_RADICES, KFFT_RADIX_WIDEST);
                int got = k->kind == KS_SINGLE && k->R == R && k->nrad == nw, used[KS_MAX_RADICES] = {0};
                for (int j = 0; got && j < nw; j++) {
                    int hit = 0;
                    for (int q = 0; q < nw && !hit; q++)
                        if (!used[q] && w[q] == k->rad[j]) used[q] = hit = 1;
                    got = hit;
                }
                int want = dev && (f64 ? c[i].R64 : c[i].T), T = f64 ? 512 : c[i].T;
                if (f64 && !c[i].T && !c[i].R64) got = 0; /* fp64's own rule takes the widest for powers of two (4073) */
                int unbound = (k->ops & KS_MID_BLUESTEIN) || !k->regs; /* conv_regs bounds Bluestein's */
                CHECK(got == want && (!want || (k->T == T && !k->pad && unbound)), "widest %lld on %s %s: %s (T %d, pad %d, regs %d), want %s: %s",
                      (long long)c[i].n, dev ? "an H200" : "an H100", f64 ? "f64" : "f32", got ? "widest" : "not widest", k->T, k->pad,
                      k->regs, want ? "widest" : "not widest", s.describe);
                kfft_schedule_free(&s);
            }
    /* fp64 lengths over 4096 on the H200 (schedule.c kfft_conv_default): four passes whose widest
     * make three keep them rather than give way to 16 x r x 16 (3067: 6144, not 6400; 2557: 5120,
     * not 5376); not on the H100, nor where the widest make four (3041: 6125 -> 6400) or the next is
     * another (2063: 4200 -> 4375 = 25x25x7). */
    static const struct {
        int64_t n, h200, h100;
    } len[] = {{3067, 6144, 6400}, {2557, 5120, 5376}, {3041, 6400, 6400}, {2063, 4375, 4375}};
    for (size_t i = 0; i < sizeof len / sizeof len[0]; i++)
        for (int dev = 0; dev < 2; dev++) {
            kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
            int64_t m = kfft_conv_default(len[i].n, 1, 1, 0, &info), want = dev ? len[i].h200 : len[i].h100;
            CHECK(m == want, "fp64 conv length of %lld on %s: %lld, want %lld", (long long)len[i].n, dev ? "an H200" : "an H100",
                  (long long)m, (long long)want);
        }
}

/* The packed C2R's one-kernel blocks take their first pass's twiddles as a load per butterfly
 * times constants on the H200 in fp32 (blocks.c: blk_c2r_rtw1), one column or several (c2r:1024
 * in 64: four a block), in 1-D
 * and as 2-D rows; not on the H100, in fp64, or in the R2C; and the source says so. */
static void c2r_rtw1(void)
{
    static const struct {
        kfft_type type;
        int rank;
        int64_t n[2], batch;
    } c[] = {{KFFT_C2R, 1, {16384, 0}, 1}, {KFFT_C2R, 1, {1024, 0}, 64}, {KFFT_C2R, 2, {256, 4096}, 1}, {KFFT_R2C, 1, {16384, 0}, 1}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int dev = 0; dev < 2; dev++)
            for (int f64 = 0; f64 < 2; f64++) {
                kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
                kfft_schedule s;
                strbuf src = {0};
                if (schedule_on(&info, c[i].type, f64 ? KFFT_F64 : KFFT_F32, c[i].rank, c[i].n, c[i].batch, &s)) {
                    CHECK(0, "c2r rtw1 %lld: plan failed: %s", (long long)c[i].n[c[i].rank - 1], kfft_error_message());
                    continue;
                }
                int want = dev && !f64 && c[i].type == KFFT_C2R, got = 0;
                for (int j = 0; j < s.nsteps; j++) got |= s.spec[j].rtw1;
                int wb = !kfft_schedule_source(&s, KS_DIALECT_CUDA, &src) && strstr(src.s, "kfft_cplx wb = tw[") != NULL;
                sb_free(&src);
                CHECK(got == want && wb == want, "c2r rtw1 %s %lld on %s %s: rtw1 %d, source %d, want %d: %s", c[i].type == KFFT_C2R ? "C2R" : "R2C",
                      (long long)c[i].n[c[i].rank - 1], dev ? "an H200" : "an H100", f64 ? "f64" : "f32", got, wb, want, s.describe);
                kfft_schedule_free(&s);
            }
}

static void lone_radix_io(void)
{
    static const struct {
        int rank;
        int64_t n[2];
        int direct;
    } c[] = {{1, {7, 0}, 0}, {1, {16, 0}, 0}, {1, {31, 0}, 0}, {1, {3, 0}, 1}, {1, {32, 0}, 1}, {2, {7, 65536}, 1}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        strbuf src;
        if (schedule_prec(KFFT_C2C, KFFT_F32, c[i].rank, c[i].n, 4, &s) || kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
            CHECK(0, "lone radix %lld: %s", (long long)c[i].n[0], kfft_error_message());
            continue;
        }
        /* the last kernel: 7 x 65536's is its column axis (stride 65536), a lone radix 7 */
        char name[32];
        snprintf(name, sizeof name, "kfft_k%d(", s.nsteps - 1);
        const char *k = strstr(src.s, name);
        CHECK(k && !strstr(k, "from global") == !c[i].direct, "lone radix %lldx%lld: %s global access from the pass expected: %s",
              (long long)c[i].n[0], (long long)c[i].n[1], c[i].direct ? "a" : "no", s.describe);
        sb_free(&src);
        kfft_schedule_free(&s);
    }
}

/* Kernels carry their direction as a constant (kspec.dir), never a select on the launch's
 * inv: a C2R's conjugations are plain, an R2C's and a C2C's (forward) none; a C2C's inverse
 * (plan.c: inverse_kernels, the same specs with KS_DIR_INV) swaps re and im in its first and
 * last kernels (kspec.swap), never negates. Multi-kernel plans included (1-D four-step, 2-D and 3-D column stages), f32 and f64. */
static void fixed_direction(void)
{
    static const struct {
        kfft_type type;
        int rank;
        int64_t n[3];
    } c[] = {{KFFT_C2R, 1, {1024}},        {KFFT_C2R, 1, {1048576}},   {KFFT_C2R, 2, {1024, 1024}}, {KFFT_C2R, 3, {64, 64, 64}},
             {KFFT_C2R, 1, {8219}},        {KFFT_R2C, 1, {1024}},      {KFFT_R2C, 1, {1048576}},    {KFFT_R2C, 2, {3345, 3345}},
             {KFFT_R2C, 3, {128, 128, 128}}, {KFFT_C2C, 1, {1024}},    {KFFT_C2C, 2, {1024, 1024}}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int f64 = 0; f64 < 2; f64++) {
            kfft_schedule s;
            strbuf src = {0};
            if (schedule_prec(c[i].type, f64 ? KFFT_F64 : KFFT_F32, c[i].rank, c[i].n, 2, &s) ||
                kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
                CHECK(0, "fixed direction %lld: %s", (long long)c[i].n[0], kfft_error_message());
                continue;
            }
            int sel = strstr(src.s, "inv ?") != NULL || strstr(src.s, "(v, inv)") != NULL;
            int conj = strstr(src.s, "v = cconj(v);") != NULL || strstr(src.s, "v = KFFT_MK(v.y, v.x);") != NULL;
            int dirs = 1;
            for (int j = 0; j < s.nsteps; j++) dirs &= s.spec[j].dir == (c[i].type == KFFT_C2R ? KS_DIR_INV : KS_DIR_FWD);
            if (c[i].type == KFFT_C2C) { /* its inverse: the first kernel swaps re and im at its load, the last at its store */
                kfft_schedule inv = s;
                for (int j = 0; j < inv.nsteps; j++) inv.spec[j].dir = KS_DIR_INV;
                strbuf first = {0}, last = {0};
                const char *swap = "v = KFFT_MK(v.y, v.x);";
                int ok = !kfft_schedule_kernel_source(&inv, 0, KS_DIALECT_CUDA, &first) &&
                         !kfft_schedule_kernel_source(&inv, inv.nsteps - 1, KS_DIALECT_CUDA, &last) && strstr(first.s, swap) &&
                         strstr(last.s, swap) && !strstr(first.s, "v = cconj(v);") && !strstr(last.s, "v = cconj(v);");
                CHECK(ok, "fixed direction C2C rank %d: the inverse's kernels do not swap re and im: %s", c[i].rank, s.describe);
                sb_free(&first);
                sb_free(&last);
            }
            CHECK(dirs && !sel && conj == (c[i].type == KFFT_C2R),
                  "fixed direction %s rank %d n0 %lld %s: dir %d, select on inv %d, plain conjugation %d: %s",
                  c[i].type == KFFT_C2R ? "C2R" : c[i].type == KFFT_R2C ? "R2C" : "C2C", c[i].rank, (long long)c[i].n[0],
                  f64 ? "f64" : "f32", dirs, sel, conj, s.describe);
            sb_free(&src);
            kfft_schedule_free(&s);
        }
}

/* Padded columns (kspec.cpad) in the shared-memory index: complex kernels shift by log2 R
 * (2^22's passes, 4096^2's columns), the packed real passes keep the division by R, which
 * measured faster there (kernel.c, bench/results/h100-2026-11-27r-spshift.txt). */
/* Swizzled shared memory (blocks.c: blk_swizzle): on 4 TB/s devices, fp32 unpadded blocks of one
 * or two columns whose first radix is a power of two, no Bluestein, where the bank model says it
 * pays; the kernels index through the XOR. Not on the H100, not in fp64, not a 2-D array's blocks
 * of eight columns, Bluestein's (4293), a first radix 24 (12672) or blocks over 16384 points
 * (26400); padded blocks (1024) stay so. Strides a multiple of 256 take the XOR once a thread
 * (passes.c: sp_index_swz).
 * A knob's swizzle where bank rows would cross columns (R = 1000) falls back to plain. */
static void swizzled_blocks(void)
{
    static const struct {
        kfft_type type;
        int rank;
        int64_t n[2];
        int want; /* on the H200, fp32: a swizzled kernel */
    } c[] = {{KFFT_C2C, 1, {8192}, 1},        {KFFT_C2C, 1, {7681}, 1},  {KFFT_C2C, 1, {2704}, 1},
             {KFFT_R2C, 1, {4160}, 1},        {KFFT_C2R, 1, {6240}, 1},  {KFFT_C2C, 1, {15360}, 1},
             {KFFT_C2C, 2, {8192, 8192}, 1},  {KFFT_C2C, 1, {4293}, 0},  {KFFT_C2C, 1, {12672}, 0},
             {KFFT_C2C, 2, {1024, 1024}, 0},  {KFFT_C2C, 1, {1024}, 0},  {KFFT_C2C, 1, {26400}, 0}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int dev = 0; dev < 2; dev++)
            for (int f64 = 0; f64 < 2; f64++) {
                kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
                kfft_schedule s;
                strbuf src;
                if (schedule_on(&info, c[i].type, f64 ? KFFT_F64 : KFFT_F32, c[i].rank, c[i].n, 1, &s) ||
                    kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
                    CHECK(0, "swizzle %lld: plan failed: %s", (long long)c[i].n[0], kfft_error_message());
                    continue;
                }
                int got = 0, want = dev && !f64 && c[i].want;
                for (int j = 0; j < s.nsteps; j++) got |= s.spec[j].pad == KS_PAD_SWZ;
                CHECK(got == want && !strstr(src.s, "#define KFFT_SP(x) (((x) ^ (((x) >> 4) & 15))") == !want,
                      "swizzle %lld on %s %s: %s, want %s: %s", (long long)c[i].n[0], dev ? "an H200" : "an H100", f64 ? "f64" : "f32",
                      got ? "swizzled" : "not", want ? "swizzled" : "not", s.describe);
                /* 8192's last passes, strides of 512 (a multiple of 16 * 16): one XOR a thread (passes.c sp_index_swz) */
                if (want && c[i].rank == 1 && c[i].n[0] == 8192)
                    CHECK(strstr(src.s, "int sl = ((bj) ^ (((bj) >> 4) & 15));") && strstr(src.s, "= s[sl + i * 512];"),
                          "swizzle 8192: the index is not folded a thread: %s", s.describe);
                sb_free(&src);
                kfft_schedule_free(&s);
            }
    kfft_problem p;
    kfft_plan_desc d;
    memset(&d, 0, sizeof d);
    d.type = KFFT_C2C, d.precision = KFFT_F32, d.rank = 1, d.n[0] = 1000, d.batch = 1;
    kfft_device_info info = test_h200_info("sm_90");
    kfft_schedule s;
    if (kfft_problem_from_desc(&d, &p) == KFFT_SUCCESS) {
        p.knob[0].on = 1, p.knob[0].T = 200, p.knob[0].pad = KS_PAD_SWZ, p.knob[0].radix = p.knob[0].split = -1;
        if (kfft_schedule_build(&p, &info, &s) == KFFT_SUCCESS) {
            CHECK(s.spec[0].pad == 0, "swizzle knob on R = 1000: pad %d, want 0: %s", s.spec[0].pad, s.describe);
            kfft_schedule_free(&s);
        } else {
            CHECK(0, "swizzle knob on R = 1000: %s", kfft_error_message());
        }
    }
}

/* Spill bets (kspec.spill_bet; plan.c plans again without them where the compiled kernel
 * spills): on an H200 in fp32, 8192's swizzled index folded a thread and the widest radices at
 * two blocks per SM for complex 7-smooth blocks of 8193..11200 points (blocks.c
 * blk_smooth_widest_two: complex blocks and the packed R2C's) where the narrowest pass takes 544
 * threads or fewer, and the packed R2C's 64 KB block (R2C 16384) swizzled, folded, at three
 * blocks per SM (blocks.c blk_packed_swizzle); none with the device's no_spill_bets, on the H100, in
 * fp64 or for the packed C2R's blocks. */
static void spill_bets(void)
{
    static const struct {
        kfft_type type;
        int64_t n;
        const char *want; /* in the description on the H200, fp32 */
    } c[] = {{KFFT_C2C, 8192, "swz"},
             {KFFT_C2C, 10500, "R=10500(25x21x20) B=1 T=544 L=128 regs=60"},
             {KFFT_C2C, 9450, "R=9450(25x21x18) B=1 T=544 regs=60"},
             {KFFT_C2C, 9600, "R=9600(24x20x20) B=1 T=480 regs=68"},
             {KFFT_C2C, 9216, NULL}, /* its narrowest pass's 576 threads leave 56 registers: spilled */
             {KFFT_C2C, 9000, "R=9000(25x20x18) B=1 T=512 L=128 regs=64"}, /* flat: 25x24x15 needs 608 */
             {KFFT_R2C, 21000, "R=10500(25x21x20) B=1 T=544 L=128 regs=60"},
             {KFFT_C2R, 21000, NULL},
             {KFFT_R2C, 16384, "R=8192(32x32x8) B=1 T=256 L=128 swz regs=85"}, /* blk_packed_swizzle */
             {KFFT_C2R, 16384, NULL}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int v = 0; v < 4; v++) { /* the H200; with no_spill_bets; the H100; fp64 */
            kfft_device_info info = v == 2 ? test_h100_info("sm_90") : test_h200_info("sm_90");
            info.no_spill_bets = v == 1;
            kfft_schedule s;
            strbuf src;
            if (schedule_on(&info, c[i].type, v == 3 ? KFFT_F64 : KFFT_F32, 1, &c[i].n, 1, &s) ||
                kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
                CHECK(0, "spill bets %lld: plan failed: %s", (long long)c[i].n, kfft_error_message());
                continue;
            }
            int bet = 0, want = v == 0 && c[i].want;
            for (int j = 0; j < s.nsteps; j++) {
                bet |= s.spec[j].spill_bet != 0;
                CHECK(!s.spec[j].spill_bet || s.spec[j].spill_bet == KS_SPILL_BET_BYTES, "spill bets %lld: k%d allows %d bytes", (long long)c[i].n,
                      j, s.spec[j].spill_bet);
            }
            int folded = strstr(src.s, "int sl = ((bj) ^ (((bj) >> 4) & 15));") != NULL, swz = strstr(s.describe, "swz") != NULL;
            CHECK(bet == want && (!want || strstr(s.describe, c[i].want)) && folded == (want && (c[i].n == 8192 || swz)),
                  "spill bets %lld (variant %d): bet %d folded %d, want %d: %s", (long long)c[i].n, v, bet, folded, want, s.describe);
            /* Without the bets the swizzle stays (a layout, not a bet) and 10500 takes its default radices. */
            if (v == 1 && c[i].n == 8192) CHECK(strstr(s.describe, "swz") != NULL, "spill bets 8192: not swizzled without bets: %s", s.describe);
            if (v == 1 && c[i].n == 10500) CHECK(strstr(s.describe, "25x21x20") == NULL, "spill bets 10500: widest without bets: %s", s.describe);
            sb_free(&src);
            kfft_schedule_free(&s);
        }
}

/* On the H200 the fp32 packed C2R along a contiguous axis takes half the H100's columns a block
 * where its length is 7-smooth and a power of two from 32 points or 384 points or more (blocks.c
 * blk_packed_c2r_columns):
 * C2R 2048's 1024 points one column, not two; 64 (32 points) 32 columns; not 300 (150 points),
 * 32 (16), 818 (409: Bluestein's), 1026 (513 = 27 x 19: not 7-smooth), fp64, or a strided axis
 * (C2R 2048 x 2048's columns). The row kernel of C2R 2048 x 2048 takes one column too. */
static void packed_c2r_columns(void)
{
    static const struct {
        int rank;
        int64_t n[2];
        int f64, B_h200, B_h100; /* the last kernel's columns a block */
    } c[] = {{1, {2048}, 0, 1, 2}, {1, {1024}, 0, 2, 4}, {1, {64}, 0, 32, 64}, {1, {1536}, 0, 1, 2}, {1, {300}, 0, 8, 8},
             {1, {32}, 0, 128, 128}, {1, {818}, 0, 2, 2}, {1, {1026}, 0, 2, 2}, {1, {2048}, 1, 2, 2}, {2, {2048, 2048}, 0, 1, 2}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int dev = 0; dev < 2; dev++) {
            kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
            kfft_schedule s;
            if (schedule_on(&info, KFFT_C2R, c[i].f64 ? KFFT_F64 : KFFT_F32, c[i].rank, c[i].n, 1 << 10, &s)) {
                CHECK(0, "packed c2r columns %lld: plan failed: %s", (long long)c[i].n[0], kfft_error_message());
                continue;
            }
            int B = s.spec[s.nsteps - 1].B, want = dev ? c[i].B_h200 : c[i].B_h100;
            CHECK(B == want, "packed c2r columns %lld (rank %d, %s) on %s: B %d, want %d: %s", (long long)c[i].n[0], c[i].rank,
                  c[i].f64 ? "f64" : "f32", dev ? "an H200" : "an H100", B, want, s.describe);
            if (c[i].rank == 2 && s.nsteps == 2)
                CHECK(s.spec[0].B == 4, "packed c2r columns 2048x2048: the strided axis takes %d columns, want 4: %s", s.spec[0].B, s.describe);
            kfft_schedule_free(&s);
        }
}

/* On the H200 fp32 7-smooth complex one-column blocks of up to ODD_BLOCK_FEW_MAX points whose
 * narrowest pass has fewer than 512 butterflies run a thread per such butterfly, unbound, where
 * the H100 runs 512 (blocks.c blk_odd_block_few): 6480 (20x18x18) at 384, 6720 at 448; not 7560 (past the line),
 * Rader's 6481 (its convolution is 6480's block) or 6498 (19x19x18: not 7-smooth). */
static void odd_block_few(void)
{
    static const struct {
        int64_t n;
        int T_h200, T_h100;
    } c[] = {{6480, 384, 512}, {6720, 448, 512}, {7560, 512, 512}, {6481, 512, 512}, {6498, 512, 512}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int dev = 0; dev < 2; dev++) {
            kfft_device_info info = dev ? test_h200_info("sm_90") : test_h100_info("sm_90");
            kfft_schedule s;
            if (schedule_on(&info, KFFT_C2C, KFFT_F32, 1, &c[i].n, 4, &s)) {
                CHECK(0, "odd block few %lld: plan failed: %s", (long long)c[i].n, kfft_error_message());
                continue;
            }
            const kspec *k = &s.spec[s.nsteps - 1];
            int want = dev ? c[i].T_h200 : c[i].T_h100;
            CHECK(k->T == want && (want == 512 || k->regs == 0), "odd block few %lld on %s: T %d regs %d, want %d: %s", (long long)c[i].n,
                  dev ? "an H200" : "an H100", k->T, k->regs, want, s.describe);
            kfft_schedule_free(&s);
        }
}

/* The last column pass over a half spectrum's rows (n/2+1 elements, off sector alignment) takes
 * twice the columns in fp32 on an H200 (schedule.c gpasses): R2C and C2R 16384 x 10 (rows of 6)
 * against the H100's plan; 16384 x 30 (rows of 16, aligned) and fp64 as the H100's. */
static void wide_last_pass(void)
{
    static const struct { kfft_type type; int64_t n1; kfft_precision prec; int wide; } c[] = {
        {KFFT_R2C, 10, KFFT_F32, 1}, {KFFT_C2R, 10, KFFT_F32, 1}, {KFFT_R2C, 30, KFFT_F32, 0}, {KFFT_R2C, 10, KFFT_F64, 0}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        int64_t n[2] = {16384, c[i].n1};
        kfft_device_info h200 = test_h200_info("sm_90"), h100 = test_h100_info("sm_90");
        kfft_schedule a, b;
        if (schedule_on(&h200, c[i].type, c[i].prec, 2, n, 1, &a)) {
            CHECK(0, "wide last pass %zu: plan failed: %s", i, kfft_error_message());
            continue;
        }
        if (!schedule_on(&h100, c[i].type, c[i].prec, 2, n, 1, &b)) {
            /* the column passes: the last of the two kernels along the 16384 axis */
            int la = c[i].type == KFFT_R2C ? a.nsteps - 1 : 1, lb = c[i].type == KFFT_R2C ? b.nsteps - 1 : 1;
            CHECK(a.nsteps == 3 && b.nsteps == 3 && a.spec[la].kind == KS_GPASS && b.spec[lb].kind == KS_GPASS &&
                      a.spec[la].B == (c[i].wide ? 2 : 1) * b.spec[lb].B && a.spec[la - 1].B == b.spec[lb - 1].B,
                  "wide last pass %zu: %s on the H200, %s on the H100", i, a.describe, b.describe);
            kfft_schedule_free(&b);
        }
        kfft_schedule_free(&a);
    }
}

/* Split twiddle tables (kspec.twsplit, blocks.c split_wins) on packed real blocks of two columns
 * or more: the C2R's leave them on an H200 in fp32 (global tables) and keep them on the H100; the
 * packed R2C's of the same length keep them; fp64 keeps the H100's tables, and on the H200 pairs
 * the pre-step in registers (blocks.c blk_real_pairs). */
static void c2r_split(void)
{
    static const int64_t n[] = {1000, 800, 400};
    for (size_t i = 0; i < sizeof n / sizeof n[0]; i++) {
        for (int v = 0; v < 3; v++) { /* C2R on an H200, C2R on an H100, R2C on an H200 */
            kfft_device_info info = v == 1 ? test_h100_info("sm_90") : test_h200_info("sm_90");
            kfft_schedule s;
            if (schedule_on(&info, v == 2 ? KFFT_R2C : KFFT_C2R, KFFT_F32, 1, &n[i], 1 << 10, &s)) {
                CHECK(0, "c2r split %lld: plan failed: %s", (long long)n[i], kfft_error_message());
                continue;
            }
            int want = v != 0;
            CHECK(s.nsteps == 1 && s.spec[0].B >= 2 && (s.spec[0].twsplit != 0) == want, "c2r split %lld (variant %d): split %d, want %d: %s",
                  (long long)n[i], v, s.spec[0].twsplit, want, s.describe);
            kfft_schedule_free(&s);
        }
        kfft_device_info h200 = test_h200_info("sm_90"), h100 = test_h100_info("sm_90");
        kfft_schedule a, b;
        if (!schedule_on(&h200, KFFT_C2R, KFFT_F64, 1, &n[i], 1 << 10, &a)) {
            if (!schedule_on(&h100, KFFT_C2R, KFFT_F64, 1, &n[i], 1 << 10, &b)) {
                CHECK(a.nsteps == 1 && b.nsteps == 1 && a.spec[0].twsplit == b.spec[0].twsplit && a.spec[0].rpair && !b.spec[0].rpair,
                      "c2r split %lld, fp64: %s on the H200, %s on the H100", (long long)n[i], a.describe, b.describe);
                kfft_schedule_free(&b);
            }
            kfft_schedule_free(&a);
        }
    }
}

static void padded_index_shift(void)
{
    struct {
        kfft_type type;
        int rank;
        int64_t n[2];
        const char *want, *not;
    } c[] = {{KFFT_C2C, 1, {1 << 22}, "#define KFFT_SP(x) ((x) + ((x) >> 4) + ((x) >> 11) * 4)", "/ 2048 *"},
             {KFFT_C2C, 2, {4096, 4096}, "#define KFFT_SP(x) ((x) + ((x) >> 12) * 4)", "/ 4096 *"},
             {KFFT_R2C, 1, {1 << 20}, "#define KFFT_SP(x) ((x) + ((x) >> 4) + (x) / 1024 * 2)", ">> 10) *"},
             {KFFT_C2R, 1, {1 << 20}, "#define KFFT_SP(x) ((x) + ((x) >> 4) + (x) / 512 * 4)", ">> 9) *"}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        strbuf src;
        if (schedule_prec(c[i].type, KFFT_F32, c[i].rank, c[i].n, 1, &s) || kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
            CHECK(0, "padded index %zu: %s", i, kfft_error_message());
            continue;
        }
        CHECK(strstr(src.s, c[i].want) && !strstr(src.s, c[i].not), "padded index %zu: expected \"%s\", not \"%s\": %s", i, c[i].want,
              c[i].not, s.describe);
        sb_free(&src);
        kfft_schedule_free(&s);
    }
}

/* The radix passes' shared-memory index as a part per thread plus a constant (gen/passes.c:
 * sp_index) in fp32 kernels holding several columns or passes; fp64 and one-column whole
 * transforms keep the padding macro per access (both lost with it on the H100). */
static void affine_index(void)
{
    struct {
        kfft_precision prec;
        int64_t n;
        int affine;
    } c[] = {{KFFT_F32, 1 << 22, 1}, {KFFT_F32, 1 << 20, 1}, {KFFT_F32, 1024, 1},
             {KFFT_F64, 1 << 20, 0}, {KFFT_F32, 16384, 0}, {KFFT_F32, 8219, 0}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        strbuf src;
        if (schedule_prec(KFFT_C2C, c[i].prec, 1, &c[i].n, 4096, &s) || kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
            CHECK(0, "affine index %zu: %s", i, kfft_error_message());
            continue;
        }
        int affine = strstr(src.s, "int sl = ") && strstr(src.s, "int sb = ");
        int macro = strstr(src.s, "s[KFFT_SP(bc * ") != NULL;
        CHECK(affine == c[i].affine && macro == !c[i].affine, "affine index %zu (n=%lld): per-thread parts %d, macro loads %d, expected %d: %s",
              i, (long long)c[i].n, affine, macro, c[i].affine, s.describe);
        sb_free(&src);
        kfft_schedule_free(&s);
    }
}

/* Batch-4 C2C. */
static int plan1d(int64_t n, char *desc, size_t len) { return plan1d_of(KFFT_C2C, n, 4, desc, len); }

/* Real transforms: the full complex route (0), two-for-one (1: two real transforms as one
 * complex one) or packed (2: the n/2 transform, in one block or in passes). */
static void real_route(kfft_type type, int64_t n, int64_t batch, int two, int kernels)
{
    char d[1024];
    int k = plan1d_of(type, n, batch, d, sizeof d);
    CHECK((strstr(d, "two-for-one") != NULL) == (two == 1) && (strstr(d, " packed") != NULL) == (two == 2),
          "%s %lld batch %lld: route %d expected: %s", type == KFFT_R2C ? "r2c" : "c2r", (long long)n, (long long)batch, two, d);
    CHECK(k == kernels, "%s %lld batch %lld: %d kernels, expected %d: %s", type == KFFT_R2C ? "r2c" : "c2r", (long long)n,
          (long long)batch, k, kernels, d);
}

static void route(int64_t n, const char *want, int kernels)
{
    char d[1024];
    int k = plan1d(n, d, sizeof d);
    CHECK(strstr(d, want) != NULL, "n=%lld: expected \"%s\" in: %s", (long long)n, want, d);
    CHECK(k == kernels, "n=%lld: %d kernels, expected %d: %s", (long long)n, k, kernels, d);
}

/* Long strided axes (bench/results/h100-2026-11-25c-tfast.txt): the column stage of an f32 2-D
 * plan on the H100 is one kernel while a block can hold 32 bytes of neighbouring columns
 * (4096: four), transform-fastest passes beyond (8192, 16384), and rows never are. */
static void strided_axes(void)
{
    int64_t shapes[][2] = {{4096, 4096}, {8192, 8192}, {16384, 16384}, {16384, 3}};
    int want[] = {0, 1, 1, 0}; /* 16384 x 3: three columns fill no sector either way */
    for (int i = 0; i < 4; i++) {
        kfft_schedule s;
        if (schedule_of(KFFT_C2C, 2, shapes[i], 1, &s)) {
            CHECK(0, "%lldx%lld: %s", (long long)shapes[i][0], (long long)shapes[i][1], kfft_error_message());
            continue;
        }
        int tf = 0, rows_tf = 0;
        for (int k = 0; k < s.nsteps; k++) {
            const kspec *sp = &s.spec[k];
            if (!sp->tfast) continue;
            tf = 1;
            rows_tf |= sp->istride == 1;
            CHECK(sp->kind == KS_GPASS && sp->B * 8 >= 32, "%lldx%lld k%d: tfast pass with %d columns", (long long)shapes[i][0],
                  (long long)shapes[i][1], k, sp->B);
        }
        CHECK(tf == want[i] && !rows_tf, "%lldx%lld: transform-fastest passes %d (want %d), on rows %d", (long long)shapes[i][0],
              (long long)shapes[i][1], tf, want[i], rows_tf);
        kfft_schedule_free(&s);
    }
}

/* Split twiddle tables in shared memory (kspec.h: twsplit; blocks.c: split_wins), where
 * measured faster on the H100 (bench/results/h100-2026-11-25l-split.txt): fp32 blocks of
 * non-power-of-two length (odd radices, Rader), Bluestein blocks, power-of-two blocks of
 * 1024..4096, in both precisions; not passes of 256, Rader's 256, blocks of 8192 and more, C2R's
 * packed blocks. */
static void split_twiddles(void)
{
    struct { kfft_type type; int prec; int64_t n; int on; } c[] = {
        {KFFT_C2C, KFFT_F32, 15391, 1}, {KFFT_C2C, KFFT_F32, 46173, 1}, {KFFT_C2C, KFFT_F32, 6720, 1}, {KFFT_C2C, KFFT_F32, 1019, 1},
        {KFFT_C2C, KFFT_F32, 4091, 1},  {KFFT_C2C, KFFT_F32, 1048576, 1}, {KFFT_C2C, KFFT_F32, 2048, 1}, {KFFT_C2C, KFFT_F32, 65536, 0},
        {KFFT_C2C, KFFT_F32, 257, 0},   {KFFT_C2C, KFFT_F32, 8192, 0},  {KFFT_C2R, KFFT_F32, 2048, 0},  {KFFT_C2C, KFFT_F64, 9000, 1},
        {KFFT_C2C, KFFT_F64, 4093, 1},  {KFFT_C2C, KFFT_F64, 65536, 0}, {KFFT_C2C, KFFT_F32, 256, 1}, {KFFT_C2C, KFFT_F32, 32, 0},
        {KFFT_C2C, KFFT_F32, 17443, 0}, /* Rader on coprime radices (kspec.h: pfa): no twiddles */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char d[1024];
        plan1d_prec(c[i].type, c[i].prec, c[i].n, 4, d, sizeof d);
        CHECK((strstr(d, " L=") != NULL) == c[i].on, "n=%lld: split twiddles expected %s: %s", (long long)c[i].n, c[i].on ? "on" : "off", d);
    }
    char d[1024];
    plan1d(15391, d, sizeof d);
    CHECK(strstr(d, "R=15390(19x18x15x3) B=1 T=1024 L=128") != NULL, "15391: L=128 expected: %s", d);
    /* kfft_tune's knob (and wisdom's split=) overrides the rule either way: 15391's one
     * kernel without, 2^16's passes of 256 with. */
    kfft_device_info info = test_h100_info("sm_90");
    int64_t n[2] = {15391, 65536};
    for (int i = 0; i < 2; i++) {
        kfft_plan_desc pd;
        memset(&pd, 0, sizeof pd);
        pd.precision = KFFT_F32;
        pd.rank = 1;
        pd.n[0] = n[i];
        pd.batch = 4;
        kfft_problem p;
        kfft_schedule s;
        if (kfft_problem_from_desc(&pd, &p)) continue;
        p.knob[0].on = 1;
        p.knob[0].T = 1024; /* the one kernel's: threads, padding, radices as the defaults */
        p.knob[0].pad = i ? -1 : 1;
        p.knob[0].radix = i ? -1 : kfft_radix_auto(15390, 0);
        p.knob[0].regs = 0;
        p.knob[0].split = i;
        int bad = kfft_schedule_build(&p, &info, &s);
        CHECK(!bad && (strstr(s.describe, " L=") != NULL) == i, "n=%lld with split=%d: %s", (long long)n[i], i,
              bad ? kfft_error_message() : s.describe);
        if (!bad) kfft_schedule_free(&s);
    }
}

/* Direct twiddle tables (blocks.c: direct_passes): fp32 one-column blocks alone on their SM
 * take whole per-pass tables, passes in order while they fit; blocks of several columns, blocks
 * that share their SM and fp64 keep what they had (bench/results/h100-2026-11-26c-direct.txt). */
static void direct_twiddles(void)
{
    struct { int prec, rank; int64_t n[2]; const char *want; } c[] = {
        {KFFT_F32, 1, {8219}, "R=16464(21x16x7x7) B=1 T=800 L=256 D=1,2"},
        {KFFT_F32, 1, {15391}, "R=15390(19x18x15x3) B=1 T=1024 L=128 D=1,2 W=3 S=2"}, /* 17443, 52329 before pfa */
        {KFFT_F32, 1, {46173}, "R=15390(19x18x15x3) B=1 T=1024 C=3 L=128 D=1,2 W=3 S=2"},
        {KFFT_F32, 1, {16384}, "R=16384(32x32x16) B=1 T=512 D=1"},
        {KFFT_F32, 1, {4096}, NULL},           /* 32 KB: several blocks per SM */
        {KFFT_F32, 1, {1 << 24}, NULL},        /* passes of 4 columns of 4096 */
        {KFFT_F32, 2, {4096, 4096}, NULL},     /* columns: 4 per block */
        {KFFT_F64, 1, {9000}, NULL},           /* fp64: left out */
        {KFFT_F64, 1, {12289}, NULL},
    };
    kfft_device_info info = test_h100_info("sm_90");
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(KFFT_C2C, c[i].prec, c[i].rank, c[i].n, 4, &s)) {
            CHECK(0, "direct %lld: plan failed: %s", (long long)c[i].n[0], kfft_error_message());
            continue;
        }
        int ok = c[i].want ? strstr(s.describe, c[i].want) != NULL : strstr(s.describe, " D=") == NULL;
        CHECK(ok, "direct %lld (%s): expected %s in: %s", (long long)c[i].n[0], c[i].prec == KFFT_F64 ? "f64" : "f32",
              c[i].want ? c[i].want : "no D=", s.describe);
        for (int k = 0; k < s.nsteps; k++) { /* with direct tables, within the block's limit, a bank row to spare */
            const kspec *sp = &s.spec[k];
            int any = 0;
            for (int q = 0; q < sp->nrad; q++) any |= sp->twdirect[q];
            CHECK(!any || (ks_kernel_smem(sp) + 16) * (sp->f64 ? 16 : 8) <= (int64_t)info.smem_optin,
                  "direct %lld: kernel %d uses %lld elements", (long long)c[i].n[0], k, (long long)ks_kernel_smem(sp));
        }
        kfft_schedule_free(&s);
    }
}

/* Powers of W^kk (kspec.h: twpow): split passes of radix 3..8 of fp32 one-column blocks alone
 * on their SM only, never a pass with a direct table, and the schedule says which
 * (bench/results/h100-2026-11-26d-twpow.txt). */
static void power_twiddles(void)
{
    struct { int prec; int64_t n; const char *want; } c[] = {
        {KFFT_F32, 8219, "D=1,2 W=3"},     /* the last radix-7 pass of both FFTs */
        {KFFT_F32, 17496, "D=1,2 W=3"},    /* radix 3 of 18x18x18x3 */
        {KFFT_F32, 1 << 20, NULL},         /* blocks of 4 columns */
        {KFFT_F32, 100003, NULL},          /* 448-point passes, several blocks per SM */
        {KFFT_F32, 6144, NULL},
        {KFFT_F32, 16384, NULL},           /* 32x32x16: every pass direct */
        {KFFT_F32, 7207, NULL},            /* Bluestein 15x12x9x9: radix 9 left split, keeps its table */
        {KFFT_F32, 4093, NULL},            /* Bluestein 16x16x2x16: radix 16 likewise (4096^2's error; was 7661's 16x15x4x16) */
        {KFFT_F64, 8219, NULL},            /* fp64: untimed, left out */
        {KFFT_F64, 17496, NULL},
    };
    kfft_device_info info = test_h100_info("sm_90");
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (tagged_schedule(&info, "powers", c[i].prec, c[i].n, c[i].want, " W=", &s)) continue;
        for (int k = 0; k < s.nsteps; k++) {
            const kspec *sp = &s.spec[k];
            for (int q = 0; q < sp->nrad; q++)
                CHECK(!sp->twpow[q] || (sp->twsplit && !sp->twdirect[q] && !sp->f64 && sp->B == 1 && sp->rad[q] >= 3 && sp->rad[q] <= 8 && q > 0),
                      "powers %lld: kernel %d pass %d (radix %d) takes powers", (long long)c[i].n, k, q, sp->rad[q]);
        }
        kfft_schedule_free(&s);
    }
}

/* Rounds staged in shared memory (kspec.h: keep; blocks.c: stage_rounds): the tail of a pass
 * whose rounds would pass the register bound, at most an eighth of its butterflies, never in
 * a pass reading global memory, never on OpenCL. */
static void staged_rounds(void)
{
    struct { int prec; int64_t n; const char *want; } c[] = {
        {KFFT_F32, 17443, "S=2"},  /* radix 17: 1026 butterflies, 1024 threads */
        {KFFT_F32, 52329, "S=2"},  /* the same convolution as a Rader pass */
        {KFFT_F32, 10243, "S=2"},  /* Bluestein m = 21000: 33 of radix 8's 2625 (12421's 25000 before conv_slow) */
        {KFFT_F64, 3931, "S="},
        {KFFT_F32, 8219, NULL},    /* 229 of 1029: over an eighth (measured slower) */
        {KFFT_F64, 8929, NULL},    /* radix 31 in fp64 nearly fills the bound alone */
        {KFFT_F64, 3345, NULL},    /* the area would cost the split tables' two blocks per SM */
        {KFFT_F32, 16384, NULL},
        {KFFT_F32, 1 << 20, NULL},
    };
    kfft_device_info info = test_h100_info("sm_90");
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (tagged_schedule(&info, "staged", c[i].prec, c[i].n, c[i].want, " S=", &s)) continue;
        for (int k = 0; k < s.nsteps; k++) {
            const kspec *sp = &s.spec[k];
            int fg, tg;
            gen_kernel_io(sp, &fg, &tg);
            for (int q = 0; q < sp->nrad; q++) {
                int64_t nb = (int64_t)sp->B * (sp->R / sp->rad[q]), st = ks_staged(sp, q);
                CHECK(!sp->keep[q] || (st > 0 && st * 8 <= nb && sp->keep[q] < ks_rounds(sp, q)),
                      "staged %lld: kernel %d pass %d stages %lld of %lld butterflies", (long long)c[i].n, k, q, (long long)st, (long long)nb);
                CHECK(!sp->keep[q] || q > 0 || !fg || ((sp->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) && !ks_conv_fused(sp)),
                      "staged %lld: kernel %d stages its pass from global memory", (long long)c[i].n, k);
            }
        }
        kfft_schedule_free(&s);
    }
    /* The register bound is CUDA's: an OpenCL device with the same memory stages nothing. */
    info.dialect = KS_DIALECT_OPENCL;
    kfft_schedule s;
    if (!tagged_schedule(&info, "staged on OpenCL", KFFT_F32, 17443, NULL, " S=", &s)) kfft_schedule_free(&s);
}

/* Strided axes' one-kernel blocks (schedule.c, build_stage):
 * - a convolution axis takes as many columns per block as make whole sectors, but not so many
 *   that a full block's passes hold rounds past the register bound (rounds_spill): 3345^2's
 *   columns 4 -> 2; 2447^2 (radices 10, 7) and 2203^2 (a thread per butterfly fits) keep 4;
 * - mixed-radix axes of several columns a block keep a thread per butterfly (odd_block_threads'
 *   512 is for one transform a block): 1000^3, 800^3, 4000^2;
 * - complex plans' mixed-radix blocks of several columns and over 512 threads are bound to two
 *   blocks per SM (minb; 0: no bound); on the H100 real transforms' strided axes and
 *   convolution columns are not. */
static void strided_blocks(void)
{
    struct { kfft_type type; int rank; int64_t n; const char *want; int k, minb; } c[] = {
        {KFFT_C2C, 2, 3345, "k1 single R=6720(21x20x16) B=2 ", 1, 0},
        {KFFT_C2C, 2, 3011, "k1 single R=6048(21x18x16) B=2 ", -1, 0},
        {KFFT_C2C, 2, 2447, "k1 single R=4900(10x7x7x10) B=4 ", -1, 0},
        {KFFT_C2C, 2, 2203, "k1 single R=4410(21x21x10) B=4 ", -1, 0},
        {KFFT_C2C, 3, 1000, "k2 single R=1000(10x10x10) B=8 T=800 ", 2, 2},
        {KFFT_C2C, 3, 800, "k2 single R=800(10x10x8) B=8 T=640 ", -1, 0},
        {KFFT_C2C, 2, 4000, "k1 single R=4000(20x20x10) B=4 T=800 ", -1, 0},
        {KFFT_C2C, 2, 900, NULL, 1, 2},
        {KFFT_C2C, 2, 2000, "k1 single R=2000(20x20x5) B=4 T=416 ", 1, 2},
        {KFFT_R2C, 3, 1000, NULL, 2, 0},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        int64_t n[3] = {c[i].n, c[i].n, c[i].n};
        const char *type = c[i].type == KFFT_R2C ? "r2c" : "c2c";
        if (schedule_of(c[i].type, c[i].rank, n, 1, &s)) {
            CHECK(0, "strided %s %lld^%d: plan failed: %s", type, (long long)c[i].n, c[i].rank, kfft_error_message());
            continue;
        }
        CHECK(!c[i].want || strstr(s.describe, c[i].want) != NULL, "strided %s %lld^%d: expected %s in: %s", type, (long long)c[i].n,
              c[i].rank, c[i].want, s.describe);
        int k = c[i].k;
        CHECK(k < 0 || (s.nsteps > k && s.spec[k].minb == c[i].minb), "strided %s %lld^%d k%d: %d blocks per SM, want %d: %s", type,
              (long long)c[i].n, c[i].rank, k, k >= 0 && s.nsteps > k ? s.spec[k].minb : -1, c[i].minb, s.describe);
        kfft_schedule_free(&s);
    }
}

/* Strided column blocks' two-blocks bound (blocks.c blk_columns_bound). On an H200: complex
 * plans' where shared memory holds three blocks or more (C2C 2352^2, 1000^3, 400^3), not where
 * it holds two (3375^2, 3087^2, 2520^2); real plans' where no radix is wider than 16 and the bound
 * leaves four registers a point of the widest (R2C and C2R 1000^3, R2C 1920^2), not 2744^2 (14 at
 * 40), 3456^2 (radix 18) or 400^3 (radix 20). On the H100 complex plans' always, real plans'
 * never. */
static void column_bounds(void)
{
    struct { kfft_type type; int rank; int64_t n; int k, h200, h100; } c[] = {
        {KFFT_R2C, 3, 1000, 2, 2, 0}, {KFFT_C2R, 3, 1000, 0, 2, 0}, {KFFT_R2C, 2, 1920, 1, 2, 0}, {KFFT_R2C, 2, 2744, 1, 0, 0},
        {KFFT_R2C, 2, 3456, 1, 0, 0}, {KFFT_R2C, 3, 400, 2, 0, 0},   {KFFT_C2C, 2, 2352, 1, 2, 2}, {KFFT_C2C, 3, 1000, 2, 2, 2},
        {KFFT_C2C, 3, 400, 2, 2, 2},  {KFFT_C2C, 2, 3375, 1, 0, 2},  {KFFT_C2C, 2, 3087, 1, 0, 2}, {KFFT_C2C, 2, 2520, 1, 0, 2}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        int64_t n[3] = {c[i].n, c[i].n, c[i].n};
        for (int v = 0; v < 2; v++) { /* the H200, then the H100 */
            kfft_schedule s;
            if (schedule_dev(v, c[i].type, KFFT_F32, c[i].rank, n, 1, &s, "column bound", i)) continue;
            int k = c[i].k, want = v ? c[i].h100 : c[i].h200;
            CHECK(s.nsteps > k && s.spec[k].kind == KS_SINGLE && s.spec[k].B > 1 && s.spec[k].minb == want,
                  "column bound %zu (%s): k%d %d blocks per SM, want %d: %s", i, v ? "H100" : "H200", k, s.nsteps > k ? s.spec[k].minb : -1,
                  want, s.describe);
            kfft_schedule_free(&s);
        }
    }
}

/* fp32 complex unbound one-kernel blocks take whole warps on an H200 (blocks.c
 * blk_complex_threads): 1000 x 2 columns at 224 threads (not 200), 2025 at 160 (not 135); not on
 * the H100, not in fp64 (1000 x 2 at 200), not two-for-one real blocks (r2c:1575's 105). */
static void complex_warps(void)
{
    struct { kfft_type type; kfft_precision prec; int64_t n; int h200, h100; } c[] = {
        {KFFT_C2C, KFFT_F32, 1000, 224, 200}, {KFFT_C2C, KFFT_F32, 2025, 160, 135}, {KFFT_C2C, KFFT_F64, 1000, 200, 200},
        {KFFT_R2C, KFFT_F32, 1575, 105, 105}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        for (int v = 0; v < 2; v++) {
            kfft_schedule s;
            if (schedule_dev(v, c[i].type, c[i].prec, 1, &c[i].n, 64, &s, "complex warps", i)) continue;
            int want = v ? c[i].h100 : c[i].h200;
            CHECK(s.nsteps == 1 && s.spec[0].T == want, "complex warps %lld (%s): %d threads, want %d: %s", (long long)c[i].n,
                  v ? "H100" : "H200", s.nsteps ? s.spec[0].T : -1, want, s.describe);
            kfft_schedule_free(&s);
        }
    }
}

/* Plain power-of-two passes under 1024 points take rows of four sectors on 4 TB/s devices
 * (schedule.c gpasses: wide_rows), 16 fp32 or 8 fp64 columns a block, and fp64 passes of 1024
 * points rows of two (4 columns); the H100 keeps its own (65536 in clusters there); a C2R
 * plan's column passes too. The last column pass of R2C 8192^2, already that wide,
 * keeps the off-sector doubling on the H200 only. */
static void pass_rows(void)
{
    struct { kfft_type type; kfft_precision prec; int rank; int64_t n[2]; int h200[4], h100[4]; } c[] = {
        {KFFT_C2C, KFFT_F32, 1, {65536}, {16, 16}, {1}},
        {KFFT_C2C, KFFT_F32, 2, {65536, 32}, {64, 16, 16}, {64, 8, 8}},
        {KFFT_C2C, KFFT_F64, 1, {262144}, {8, 8}, {4, 4}},
        {KFFT_C2C, KFFT_F64, 1, {1048576}, {4, 4}, {2, 2}},
        {KFFT_R2C, KFFT_F32, 2, {8192, 8192}, {1, 16, 64}, {1, 16, 32}},
        {KFFT_C2R, KFFT_F64, 2, {131072, 32}, {8, 8, 128}, {4, 8, 128}},
        /* lengths that are not powers of two: fp32 all but the last pass, fp64 the last pass */
        {KFFT_C2C, KFFT_F32, 1, {110592}, {16, 4}, {4, 4}},
        {KFFT_C2C, KFFT_F64, 1, {300000}, {4, 4}, {4, 2}},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        for (int v = 0; v < 2; v++) {
            kfft_schedule s;
            if (schedule_dev(v, c[i].type, c[i].prec, c[i].rank, c[i].n, 2, &s, "pass rows", i)) continue;
            const int *want = v ? c[i].h100 : c[i].h200;
            int n = 0;
            while (n < 4 && want[n]) n++;
            CHECK(s.nsteps == n, "pass rows %zu (%s): %d kernels, want %d: %s", i, v ? "H100" : "H200", s.nsteps, n, s.describe);
            for (int k = 0; k < s.nsteps && k < n; k++) {
                CHECK(s.spec[k].B == want[k], "pass rows %zu (%s) k%d: %d columns, want %d: %s", i, v ? "H100" : "H200", k, s.spec[k].B,
                      want[k], s.describe);
                /* re and im swapped for the inverse's conjugations in every complex stage, a C2R's
                 * columns too, never in its real rows (schedule.c build_stage) */
                int complex_stage = c[i].type == KFFT_C2C || (c[i].type == KFFT_C2R ? k < s.nsteps - 1 : k > 0);
                CHECK(s.spec[k].swap == complex_stage, "pass rows %zu (%s) k%d: swap %d, want %d", i, v ? "H100" : "H200", k, s.spec[k].swap,
                      complex_stage);
            }
            kfft_schedule_free(&s);
        }
    }
}

/* A 1-D plan (batch 64) whose description should hold want, on the H200 and the H100. */
typedef struct {
    kfft_type type;
    int prec;
    int64_t n;
    const char *want;
} describe_case;

static void expect_describes(const char *what, const describe_case *c, size_t nc)
{
    for (int h100 = 0; h100 < 2; h100++)
        for (size_t i = 0; i < nc; i++) {
            kfft_schedule s;
            if (schedule_dev(h100, c[i].type, c[i].prec, 1, &c[i].n, 64, &s, what, i)) continue;
            CHECK(strstr(s.describe, c[i].want) != NULL, "%s %lld (%s): expected \"%s\" in: %s", what, (long long)c[i].n,
                  h100 ? "H100" : "H200", c[i].want, s.describe);
            kfft_schedule_free(&s);
        }
}

/* Rader passes for every prime factor past the codelets whose p-1 is smooth (schedule.c:
 * build_stage rp), not only p > 256; their columns from 32-byte rows doubled while a block has
 * under 64 threads, fp32 primes up to 256 under 128 (gpasses). The same on the H100 and the
 * H200. Fails with the p > 256 gate (21816, 24064, 17152 and fp64 17110 in Bluestein), without
 * the doubling (24064: 4 columns, 8 threads), with 128 threads for all (27057: 16 columns; fp64
 * 17110: 64) or 64 for all (fp32 21816: 8 columns, 80 threads). 20750 = 250 x 83 (82 = 2 x 41)
 * is not Rader's (factor_bluestein); R2C 20413 = 137 x 149 (two primes past 31, no smooth rest:
 * C2C's are two prime passes, two_prime_passes) stays in Bluestein over the whole length. */
static void rader_passes(void)
{
    static const describe_case c[] = {
        {KFFT_C2C, KFFT_F32, 21816, "rader | k0 pass R=100(10x10) B=16 T=160"},
        {KFFT_C2C, KFFT_F32, 34304, "rader | k0 pass R=66(11x6) B=32 T=192"}, /* 24064 = 512 x 47 before fp32's prime codelets */
        {KFFT_C2C, KFFT_F32, 17152, "rader | k0 pass R=66(11x6) B=32 T=192"},
        {KFFT_C2C, KFFT_F32, 27057, "rader | k0 pass R=310(31x10) B=8 T=80 "},
        {KFFT_C2C, KFFT_F32, 15024, "rader | k0 pass R=312(13x8x3) B=4 T=96 "},
        {KFFT_C2C, KFFT_F64, 17110, "rader | k0 pass R=58(29x2) B=32 T=64 "},
        {KFFT_C2C, KFFT_F64, 21816, "rader | k0 pass R=100(10x10) B=8 T=80 "},
        {KFFT_R2C, KFFT_F64, 18658, "two-for-one rader | k0 pass R=490(10x7x7) B=2 T=98 "},
        {KFFT_C2R, KFFT_F64, 21816, "two-for-one rader | k0 pass R=100(10x10) B=8 T=80 "},
        {KFFT_R2C, KFFT_F32, 20413, "two-for-one bluestein m=40960"},
    };
    expect_describes("rader pass", c, sizeof c / sizeof *c);
}

/* Bluestein on a length's one prime factor past 31 whose p-1 is not smooth (schedule.c: build_stage
 * bp): a first pass of m-point convolutions, columns of p elements, from 32-byte rows doubled while
 * a block has under 64 threads in both precisions (gpasses: prime_columns), then mixed-radix passes
 * over n. The same on the H100 and the H200. Fails without the rule (Bluestein over the whole
 * length: "bluestein m=41500" and so on) and with fp32 small primes at 128 threads (20750: 16
 * columns; 17034: 8). */
static void factor_bluestein(void)
{
    static const describe_case c[] = {
        {KFFT_C2C, KFFT_F32, 20750, "bluestein p=83 m=168 | k0 pass R=168(14x12) B=8 T=96 "},
        {KFFT_C2C, KFFT_F32, 17034, "bluestein p=167 m=336 | k0 pass R=336(21x16) B=4 T=64 "},
        {KFFT_C2C, KFFT_F32, 13918, "bluestein p=6959 m=14000 | k0 pass R=14000(14x10x10x10) B=1 T=1000 "},
        {KFFT_R2C, KFFT_F32, 26809, "two-for-one bluestein p=83 m=168 | k0 pass R=168(14x12) B=8 T=96 "},
        {KFFT_C2R, KFFT_F32, 19539, "two-for-one bluestein p=167 m=336 | k0 pass R=336(21x16) B=4 T=64 "},
        {KFFT_C2C, KFFT_F64, 20750, "bluestein p=83 m=168 | k0 pass R=168(14x12) B=8 T=96 "},
        {KFFT_C2C, KFFT_F64, 13141, "bluestein p=773 m=1568 | k0 pass R=1568(14x14x8) B=1 T=112 "},
        {KFFT_C2R, KFFT_F64, 23807, "two-for-one bluestein p=179 m=360 | k0 pass R=360(9x8x5) B=2 T=80 "},
    };
    expect_describes("factor bluestein", c, sizeof c / sizeof *c);
}

/* Two prime factors past 31 with a smooth rest of at least 2 (schedule.c: prime_factor_passes):
 * a pass for each, the larger first, Rader's where p-1 is smooth, else Bluestein's on the factor,
 * the second's twiddles W_{Ns p}^(e j') as its elements load (kernel.c gen_load_elem), then the
 * rest's passes. The same on the H100 and the H200. Fails without the second prime (whole-length
 * Bluestein: "bluestein m=47250" and so on). A C2C or C2R with no rest (20413 = 137 x 149, 130499
 * = 37 x 3527) runs the two prime passes alone, the second storing the output; fails with the rest
 * held to 2 or more ("bluestein m=40960"); two-for-one R2C 20413 keeps whole-length Bluestein
 * (rader_passes: its last pass pairs elements). */
static void two_prime_passes(void)
{
    static const describe_case c[] = {
        {KFFT_C2C, KFFT_F32, 57084, "rader | k0 pass R=70(10x7) B=32 T=224 pfa | k1 pass R=66(11x6) B=32 T=192 rader p=67 pfa | k2 pass R=12(12) "},
        {KFFT_C2C, KFFT_F32, 31423, "rader | k0 pass R=66(11x6) B=32 T=192 pfa | k1 pass R=66(11x6) B=32 T=192 rader p=67 pfa | k2 pass R=7(7) "},
        /* fp32 23532 = 12 x 37 x 53 with its prime codelets (one past 31 a length): Rader's pass for the 53, then 37x12 */
        {KFFT_C2C, KFFT_F32, 23532, "rader | k0 pass R=52(13x4) B=32 T=128 pfa | k1 pass R=444(37x12) B=4 T=48 pad"},
        {KFFT_C2C, KFFT_F32, 20758, "bluestein p=107 m=216 | k0 pass R=216(18x12) B=8 T=96 L=16 cf | k1 pass R=96(12x8) B=16 T=128 rader p=97 "},
        {KFFT_C2C, KFFT_F32, 17762, "bluestein p=107 m=216 | k0 pass R=216(18x12) B=8 T=96 L=16 cf | k1 pass R=168(14x12) B=8 T=96 bluestein p=83 L=16 cf | k2 pass R=2(2) "},
        {KFFT_R2C, KFFT_F32, 16465, "two-for-one rader | k0 pass R=88(11x8) "},
        {KFFT_C2C, KFFT_F64, 23532, "rader | k0 pass R=52(13x4) B=16 T=64 pfa | k1 pass R=36(6x6) B=16 T=96 rader p=37 L=8 | k2 pass R=12(12) "},
        {KFFT_C2R, KFFT_F64, 14457, "two-for-one rader | k0 pass R=78(13x6) "},
        {KFFT_C2C, KFFT_F32, 20413, "bluestein p=149 m=300 | k0 pass R=300(20x15) B=8 T=120 L=32 cf | k1 pass R=136(17x8) B=16 T=128 rader p=137 pfa"},
        {KFFT_C2C, KFFT_F64, 130499, "bluestein p=3527 m=7056 | k0 pass R=7056(16x9x7x7) B=1 T=441 cf | k1 pass R=36(6x6) B=16 T=96 rader p=37 L=8"},
        {KFFT_C2R, KFFT_F32, 20413, "two-for-one bluestein p=149 m=300 | k0 pass R=300(20x15) B=8 T=120 L=32 cf | k1 pass R=136(17x8) B=16 T=128 rader p=137 pfa"},
    };
    expect_describes("two prime passes", c, sizeof c / sizeof *c);
}

/* Rader's convolutions on pairwise coprime radices (kspec.h: pfa; schedule.c conv_pfa): as many
 * radices as the planner chose, regrouped from p-1's prime powers with the largest as small as can
 * be (factor.c kfft_coprime_radices), none where a prime power has no codelet (12288 = 2^12 x 3,
 * 1470's 49) or the count cannot hold them (2520 = 8 x 9 x 5 x 7 in three), nor where a thread would
 * take more than 1.3x the points. Fails without the rule, without that bound, or with a grouping that
 * is not balanced (first fit: 2310 as 22x21x5). */
static void rader_pfa_rule(void)
{
    static const struct { int64_t R; int n, f64; const char *want; } g[] = {
        {17442, 4, 0, "27x19x17x2"}, {2310, 3, 0, "15x14x11"}, {8190, 4, 0, "13x10x9x7"}, {660, 3, 1, "12x11x5"},
        {100, 2, 0, "25x4"},         {12288, 4, 0, NULL},      {1470, 3, 0, NULL},       {2520, 3, 0, NULL},
        {2520, 4, 0, "9x8x7x5"},     {3540, 3, 0, "59x12x5"},  {3540, 3, 1, NULL}, /* 59: fp32's codelet only */
    };
    for (size_t i = 0; i < sizeof g / sizeof *g; i++) {
        int rad[KS_MAX_RADICES], n = kfft_coprime_radices(g[i].R, rad, g[i].n, g[i].f64);
        char got[64] = "";
        for (int j = 0, o = 0; j < n; j++) o += snprintf(got + o, sizeof got - (size_t)o, "%s%d", j ? "x" : "", rad[j]);
        CHECK(g[i].want ? n == g[i].n && !strcmp(got, g[i].want) : n < 0, "coprime radices of %lld in %d: %s (want %s)",
              (long long)g[i].R, g[i].n, n < 0 ? "none" : got, g[i].want ? g[i].want : "none");
    }
    static const describe_case c[] = {
        {KFFT_C2C, KFFT_F32, 17443, "rader | k0 single R=17442(27x19x17x2) B=1 T=1024 pfa"},
        {KFFT_C2C, KFFT_F32, 15391, "rader | k0 single R=15390(19x18x15x3) B=1 T=1024 L=128"}, /* 81 | 15390 */
        {KFFT_C2C, KFFT_F32, 52329, "rader | k0 pass R=17442(27x19x17x2) B=1 T=1024 C=3 pfa"},
        {KFFT_R2C, KFFT_F32, 2311, "two-for-one rader | k0 single R=2310(15x14x11) "},
        /* none where a thread's points would grow past 1.3x (schedule.c thread_points): 401's 25x16
         * at 96 threads takes 57 against 20x20's 40 (rader_passes: 21816's 25x4, 37 against 20);
         * 1009 at 1.26 keeps it */
        {KFFT_C2C, KFFT_F32, 401, "rader | k0 single R=400(20x20) B=4 T=96 L=32"},
        {KFFT_C2C, KFFT_F32, 1009, "rader | k0 single R=1008(16x9x7) B=2 T=192 pfa"},
    };
    expect_describes("rader pfa", c, sizeof c / sizeof *c);
}

/* fp32 codelets for the primes 37..61 (factor.h KFFT_MAX_CODELET_PRIME_F32): one kernel where main
 * ran Bluestein (3663 = 37x11x9; fp64 keeps Rader's passes); a block a rule measured on radices up
 * to 31 would bind (4300 at 512 threads to 64 registers, the packed C2R 5900's 2950 at 50 to 123)
 * takes a thread per butterfly of the prime's pass, unbound (blocks.c blk_wide_prime_block); a lone
 * 53..61 left over takes Rader's pass (18391 = 347 x 53; 11041 = 181 x 61 so stays in Bluestein's
 * one block), but not in R2C's pairs, where that pass may not come last (R2C 22007 = 373 x 59 keeps
 * the codelet's). Fails without the codelets, the unbinding, either side of the lone-prime rule, or
 * either bound of wide_alone. */
static void wide_prime_codelets(void)
{
    static const describe_case c[] = {
        {KFFT_C2C, KFFT_F32, 3663, "axis len 3663 | k0 single R=3663(37x11x9) B=1 T="},
        {KFFT_C2C, KFFT_F64, 3663, "axis len 3663 rader | k0 pass R=36(6x6)"},
        {KFFT_C2C, KFFT_F32, 4300, "axis len 4300 | k0 single R=4300(43x25x4) B=1 T=128 L=128"},
        {KFFT_C2R, KFFT_F32, 5900, "axis len 5900 packed | k0 single R=2950(59x50) B=1 T=64 L=64"},
        {KFFT_C2C, KFFT_F32, 18391, "| k1 pass R=52(13x4) B=32 T=128 rader p=53"},
        {KFFT_C2C, KFFT_F32, 11041, "axis len 11041 bluestein m=22400 | k0 single"},
        {KFFT_R2C, KFFT_F32, 22007, "two-for-one rader | k0 pass R=372(31x12) B=8 T=96 pfa | k1 pass R=59(59) B=32 T=32"},
        /* the rest of a wide prime packs under the mode's cap (61x45x2 before), up to 12800 points and
         * where that takes no more radices (factor.c wide_alone) */
        {KFFT_C2C, KFFT_F32, 5490, "axis len 5490 | k0 single R=5490(61x10x9) B=1"},
        {KFFT_C2C, KFFT_F32, 16520, "axis len 16520 | k0 single R=16520(59x35x8) B=1"},
        {KFFT_C2C, KFFT_F32, 19470, "axis len 19470 | k0 single R=19470(59x55x6) B=1"},
        {KFFT_C2C, KFFT_F32, 2135, "axis len 2135 | k0 single R=2135(61x35) B=1"},
    };
    expect_describes("wide prime codelets", c, sizeof c / sizeof *c);
    /* the unbound blocks hold no register bound */
    static const int64_t unbound[] = {4300, 5133};
    for (size_t i = 0; i < sizeof unbound / sizeof *unbound; i++) {
        kfft_schedule s;
        if (schedule_dev(0, KFFT_C2C, KFFT_F32, 1, &unbound[i], 64, &s, "wide prime unbound", i)) continue;
        CHECK(!strstr(s.describe, "regs="), "wide prime %lld: a register bound in %s", (long long)unbound[i], s.describe);
        kfft_schedule_free(&s);
    }
}

/* Composite lengths whose Bluestein convolution fits one block, with Rader's prime passes where
 * measured faster (schedule.c: rader_passes_over_block): fp64 from 1800, fp32 C2C from 10000 and
 * R2C from 8000 with one prime factor p <= 2048; the rest keep one-kernel Bluestein (fp32 C2R, fp32
 * 12477 = 3 x 4159, two factors 11139 = 3 x 47 x 79, fp32 9831 and fp64 1569 below the bounds,
 * Bluestein's factors as fp64 4894 = 2 x 2447, fp32 odd real lengths as R2C 9423 = 27 x 349).
 * Session 79: fp64 odd real lengths (R2C 5105, C2R 5679) but not with a lone prime rest past 19
 * (R2C 4247 = 31 x 137), strided columns (fp32 12225 x 256, fp64 5475 x 256) but not fp64 with two
 * primes (3127 = 53 x 59). Fails with the rule off (the moved ones in Bluestein) or without any of
 * its bounds (session 78's rule: 8 failures). */
static void rader_passes_over_block(void)
{
    static const describe_case c[] = {
        {KFFT_C2C, KFFT_F32, 13239, "axis len 13239 rader | k0 pass R=1470(15x14x7) "},
        {KFFT_R2C, KFFT_F32, 9422, "axis len 9422 two-for-one rader | k0 pass R=672(12x8x7) "},
        {KFFT_C2C, KFFT_F64, 4779, "axis len 4779 rader | k0 pass R=58(29x2) "},
        {KFFT_C2C, KFFT_F64, 3922, "axis len 3922 rader | k0 pass R=52(13x4) B=16 T=64 pfa | k1 pass R=36(6x6) B=16 T=96 rader p=37 "},
        {KFFT_C2R, KFFT_F64, 12780, "axis len 12780 two-for-one rader | k0 pass R=70(10x7) "},
        {KFFT_C2R, KFFT_F32, 9824, "axis len 9824 packed bluestein m=10000 | k0 single "},
        {KFFT_C2C, KFFT_F32, 12477, "axis len 12477 bluestein m=25200 | k0 single "},
        {KFFT_C2C, KFFT_F32, 10586, "axis len 10586 bluestein m=21600 | k0 single "}, /* 11139 = 3 x 47 x 79 before */
        {KFFT_C2C, KFFT_F32, 9831, "axis len 9831 bluestein m=19683 | k0 single "},
        {KFFT_C2C, KFFT_F64, 1569, "axis len 1569 bluestein m=3150 | k0 single "},
        {KFFT_C2C, KFFT_F64, 4894, "axis len 4894 bluestein m=9800 | k0 single "},
        {KFFT_R2C, KFFT_F32, 9423, "axis len 9423 two-for-one bluestein m=18900 | k0 single "},
        {KFFT_R2C, KFFT_F64, 5105, "axis len 5105 two-for-one rader | k0 pass R=1020(17x12x5) "},
        {KFFT_C2R, KFFT_F64, 5679, "axis len 5679 two-for-one rader | k0 pass R=630(10x9x7) "},
        {KFFT_R2C, KFFT_F64, 4247, "axis len 4247 two-for-one bluestein m=8505 | k0 single "},
    };
    expect_describes("rader passes over a block", c, sizeof c / sizeof *c);
    /* Strided columns (the first axis of N x 256). */
    static const struct { int prec; int64_t n[2]; const char *want; } col[] = {
        {KFFT_F32, {12225, 256}, "axis len 12225 rader | k1 pass R=162(18x9) "},
        {KFFT_F64, {5475, 256}, "axis len 5475 rader | k1 pass R=72(9x8) "},
        {KFFT_F64, {3127, 256}, "axis len 3127 bluestein m=6272 | k1 single "},
    };
    for (int h100 = 0; h100 < 2; h100++)
        for (size_t i = 0; i < sizeof col / sizeof *col; i++) {
            kfft_schedule s;
            if (schedule_dev(h100, KFFT_C2C, col[i].prec, 2, col[i].n, 4, &s, "rader passes over a block, columns", i)) continue;
            CHECK(strstr(s.describe, col[i].want) != NULL, "rader passes over a block %lldx%lld (%s): expected \"%s\" in: %s",
                  (long long)col[i].n[0], (long long)col[i].n[1], h100 ? "H100" : "H200", col[i].want, s.describe);
            kfft_schedule_free(&s);
        }
}

/* On 4 TB/s devices the four-pass Bluestein rule takes 8192 too, in fp32 and not for C2R
 * (schedule.c kfft_conv_default; H200, bench/results/h200-2026-12-01-calls.txt calls 1-2): fp32
 * 4013's 8064 gives way to it on the H200, not on the H100 (4049's 8100 did until fp32 Rader took
 * 4049); fp32 3989's three-pass 8000 stays on both, and so do fp64 3853's 7776 and C2R 4039's
 * 8100. Fails without the rule (the H200's lengths), ungated (the H100's) or for every precision
 * and type (the last two). */
static void conv_8192(void)
{
    static const struct { kfft_type type; kfft_precision prec; int64_t n; const char *h200, *h100; } c[] = {
        {KFFT_C2C, KFFT_F32, 4013, "bluestein m=8192 ", "bluestein m=8064 "},
        {KFFT_R2C, KFFT_F32, 4039, "bluestein m=8192 ", "bluestein m=8100 "},
        {KFFT_C2C, KFFT_F32, 3989, "bluestein m=8000 ", "bluestein m=8000 "},
        {KFFT_C2C, KFFT_F64, 3853, "bluestein m=7776 ", "bluestein m=7776 "},
        {KFFT_C2R, KFFT_F32, 4039, "bluestein m=8100 ", "bluestein m=8100 "},
    };
    for (int h100 = 0; h100 < 2; h100++)
        for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
            kfft_schedule s;
            if (schedule_dev(h100, c[i].type, c[i].prec, 1, &c[i].n, 64, &s, "conv 8192", i)) continue;
            const char *want = h100 ? c[i].h100 : c[i].h200;
            CHECK(strstr(s.describe, want) != NULL, "conv 8192 case %zu, %lld (%s): expected \"%s\" in: %s", i, (long long)c[i].n,
                  h100 ? "H100" : "H200", want, s.describe);
            kfft_schedule_free(&s);
        }
}

/* Bluestein's passes take 128-byte rows on 4 TB/s devices where its length m is not a power of two
 * (schedule.c: gpasses, bpass): every pass's columns on the H200, none moved on the H100, none for
 * m = 2^18 (131071); fp32 R2C's and C2R's too, all but a pass whose user side is real (R2C 14461's
 * first; its pairing last pass keeps its own rule), fp64's none; no fp32 pass of 192, 256 or 320
 * points (20431's middle, 25523's first and last) while 25523's 160-point pass does. Fails with
 * bpass off: 100003, 14461 and fp64 20759 keep 4, 8 and 4 columns; with session 73's C2C-only
 * bpass, C2R 32771 keeps 4 and 8, R2C 14461 8; with 16 columns for multiples of 64, 20431 and
 * 25523 take 16 (24544 and 25531, the lengths that showed it, are Rader's since session 75:
 * rader_passes; 14457, 20758, 25521 and 20413, its lengths before session 77, take two prime
 * passes: two_prime_passes). */
static void bluestein_rows(void)
{
    struct { kfft_type type; kfft_precision prec; int64_t n; int h200[3], h100[3]; } c[] = {
        {KFFT_C2C, KFFT_F32, 100003, {8, 8, 8}, {4, 4, 4}},
        {KFFT_C2C, KFFT_F32, 14461, {16, 16, 16}, {8, 8, 8}},
        {KFFT_C2C, KFFT_F64, 20759, {8, 8, 8}, {4, 8, 4}},
        {KFFT_C2C, KFFT_F32, 131071, {4, 4, 4}, {4, 4, 4}},
        {KFFT_R2C, KFFT_F64, 100003, {4, 4, 8}, {4, 4, 8}},
        {KFFT_C2R, KFFT_F32, 32771, {16, 16, 8}, {4, 8, 8}},
        {KFFT_R2C, KFFT_F32, 14461, {8, 16, 32}, {8, 8, 32}},
        {KFFT_C2R, KFFT_F64, 32771, {4, 8, 4}, {4, 8, 4}},
        {KFFT_C2C, KFFT_F32, 20431, {16, 8, 16}, {8, 8, 8}},
        {KFFT_C2C, KFFT_F32, 25523, {4, 16, 4}, {4, 8, 4}},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        for (int v = 0; v < 2; v++) {
            kfft_schedule s;
            if (schedule_dev(v, c[i].type, c[i].prec, 1, &c[i].n, 2, &s, "bluestein rows", i)) continue;
            const int *want = v ? c[i].h100 : c[i].h200;
            CHECK(s.nsteps == 3 && strstr(s.describe, "bluestein"), "bluestein rows %zu (%s): %d kernels, want 3 Bluestein passes: %s", i,
                  v ? "H100" : "H200", s.nsteps, s.describe);
            for (int k = 0; k < s.nsteps && k < 3; k++)
                CHECK(s.spec[k].B == want[k], "bluestein rows %zu (%s) k%d: %d columns, want %d: %s", i, v ? "H100" : "H200", k,
                      s.spec[k].B, want[k], s.describe);
            kfft_schedule_free(&s);
        }
    }
}

/* A C2R's real-stage loads clamp the column index instead of branching on it where a block holds
 * several columns (kernel.c: clamp_loads): c2r:1024 (4 a block), 128^3's plane (64), 2^20's first
 * pass (4); not one column a block (16384: R 8192), nor a column stage (it swaps instead), nor an R2C. */
static void c2r_clamp(void)
{
    struct { kfft_type type; int rank; int64_t n[3]; int want; } c[] = {
        {KFFT_C2R, 1, {1024}, 1}, {KFFT_C2R, 3, {128, 128, 128}, 1}, {KFFT_C2R, 1, {1048576}, 1},
        {KFFT_C2R, 1, {16384}, 0}, {KFFT_C2R, 2, {8192, 8192}, 0}, {KFFT_R2C, 1, {1024}, 0},
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
        kfft_schedule s;
        strbuf src;
        if (schedule_prec(c[i].type, KFFT_F32, c[i].rank, c[i].n, 4, &s)) {
            CHECK(0, "clamp %zu: plan failed: %s", i, kfft_error_message());
            continue;
        }
        if (!kfft_schedule_source(&s, KS_DIALECT_CUDA, &src)) {
            int got = strstr(src.s, "gq = g < ncols ? g : ") != NULL;
            CHECK(got == c[i].want, "clamp %zu: clamped loads %d, want %d: %s", i, got, c[i].want, s.describe);
            sb_free(&src);
        } else {
            CHECK(0, "clamp %zu: no source", i);
        }
        kfft_schedule_free(&s);
    }
}

/* Strided axes in transform-major passes (kspec.h: not tfast) take grouped columns on their user
 * sides only (kspec.h: tgrp): R2C 52329^2's column stage (a Rader pass of one column per block,
 * then radix 3) groups its last pass; Bluestein's inner passes (workspace both sides) never;
 * rows (unit stride) never. */
static void grouped_columns(void)
{
    struct { kfft_type type; int prec; int64_t n[2]; int want[8]; } c[] = {
        {KFFT_R2C, KFFT_F32, {52329, 52329}, {0, 0, 0, 4}},
        {KFFT_C2C, KFFT_F64, {100003, 5}, {0, 2, 0, 2}},
        {KFFT_C2C, KFFT_F32, {5, 100003}, {0, 0, 0, 0}},
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
        kfft_schedule s;
        if (schedule_prec(c[i].type, c[i].prec, 2, c[i].n, 1, &s)) {
            CHECK(0, "%lldx%lld: %s", (long long)c[i].n[0], (long long)c[i].n[1], kfft_error_message());
            continue;
        }
        for (int k = 0; k < s.nsteps && k < 8; k++)
            CHECK(s.spec[k].tgrp == c[i].want[k], "%lldx%lld k%d: tgrp %d, want %d: %s", (long long)c[i].n[0], (long long)c[i].n[1], k,
                  s.spec[k].tgrp, c[i].want[k], s.describe);
        kfft_schedule_free(&s);
    }
}

/* Pass shapes measured on the H100 (bench/results/h100-2026-11-25d-ab.txt): real user sides in
 * whole sectors, fp32 complex passes of 512 points in 64-byte rows (-27p-passes.txt), the
 * two-for-one R2C last pass in 128-byte rows, fp32 512-thread passes bounded
 * to two blocks per SM, pass twiddles staged in shared memory wherever Ns > 1. */
static void pass_shapes(void)
{
    struct {
        kfft_type type;
        kfft_precision prec;
        int64_t n, batch;
        int B0, B1, regs, regs256; /* first and last pass columns; register bound of 512-thread passes, of 256..511-thread ones */
    } c[] = {
        {KFFT_C2R, KFFT_F32, 1 << 20, 128, 4, 4, 64, 0},  /* packed: last pass stores pairs of reals */
        {KFFT_R2C, KFFT_F32, 1 << 20, 128, 8, 16, 64, 0}, /* packed: first pass loads pairs in 64-byte rows; pair pass 64 KB */
        {KFFT_C2R, KFFT_F32, 390625, 32, 4, 8, 0, 0},     /* odd: two-for-one, the last pass stores reals */
        {KFFT_R2C, KFFT_F32, 1 << 18, 512, 16, 32, 64, 0}, /* first pass 128-byte rows; pair pass: 16 + 16 columns of 128 (2^16: clusters) */
        {KFFT_C2C, KFFT_F32, 1 << 22, 32, 4, 4, 64, 0},
        {KFFT_C2C, KFFT_F32, 1 << 18, 512, 8, 8, 0, 0},   /* complex passes of 512 points: 64-byte rows (SMALL_PASS_ELEMS) */
        {KFFT_C2C, KFFT_F32, 1 << 19, 256, 4, 8, 0, 0},   /* 1024 then 512 */
        {KFFT_C2C, KFFT_F32, 1 << 20, 128, 4, 4, 0, 0},   /* 1024: 32-byte rows */
        {KFFT_C2C, KFFT_F64, 1 << 18, 512, 4, 4, 0, 0},   /* fp64: 4 columns (TARGET_ELEMS) */
        {KFFT_C2C, KFFT_F64, 1 << 22, 32, 2, 2, 0, 128},  /* fp64 radix-16 passes of 256 threads: 128 (f64_wide_regs) */
        {KFFT_C2R, KFFT_F64, 1 << 20, 128, 2, 4, 0, 0},   /* packed passes: none */
        {KFFT_R2C, KFFT_F64, 1 << 20, 128, 4, 8, 0, 0},   /* packed too, though its first pass has 256 threads of 16 elements */
        {KFFT_C2C, KFFT_F64, 1 << 20, 128, 2, 2, 0, 0},   /* 128 threads: none */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(c[i].type, c[i].prec, 1, &c[i].n, c[i].batch, &s)) {
            CHECK(0, "pass shapes %zu: %s", i, kfft_error_message());
            continue;
        }
        const kspec *f = &s.spec[0], *l = &s.spec[s.nsteps - 1];
        CHECK(s.nsteps >= 2 && f->kind == KS_GPASS && f->B == c[i].B0 && l->B == c[i].B1, "pass shapes %zu: B %d, %d (want %d, %d): %s", i,
              f->B, l->B, c[i].B0, c[i].B1, s.describe);
        for (int k = 0; k < s.nsteps; k++) {
            const kspec *sp = &s.spec[k];
            int want = sp->T >= 512 ? c[i].regs : sp->T >= 256 ? c[i].regs256 : 0;
            CHECK(sp->regs == want, "pass shapes %zu k%d: T %d regs %d, want %d: %s", i, k, sp->T, sp->regs, want, s.describe);
            CHECK(sp->twst == (sp->Ns > 1), "pass shapes %zu k%d: Ns %lld, twiddles staged %d", i, k, (long long)sp->Ns, sp->twst);
        }
        kfft_schedule_free(&s);
    }
    /* Pairing passes over 64 KB while their half-rows stay under 64 bytes (session 19): R2C
     * 2^22's 1024-point pass 8 -> 16 columns, 2^23's 2048-point one 4 -> 8, one block per SM at a
     * thread per butterfly; 2^20's 512-point pass stays at 16 (64 KB). */
    struct {
        int64_t n;
        int B, T;
    } pair[] = {{1 << 22, 16, 1024}, {1 << 23, 8, 1024}, {1 << 20, 16, 512}};
    for (size_t i = 0; i < sizeof pair / sizeof pair[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(KFFT_R2C, KFFT_F32, 1, &pair[i].n, 8, &s)) {
            CHECK(0, "pair pass %lld: %s", (long long)pair[i].n, kfft_error_message());
            continue;
        }
        const kspec *l = &s.spec[s.nsteps - 1];
        CHECK(ks_pair_pass(l) && l->B == pair[i].B && l->T == pair[i].T && (l->T < 1024 || l->regs == 0), "pair pass %lld: B %d T %d regs %d: %s",
              (long long)pair[i].n, l->B, l->T, l->regs, s.describe);
        kfft_schedule_free(&s);
    }
    /* Bluestein's pairing pass: halved while over 256 threads and over 2 Bg columns (100003:
     * 16 columns of 448 at 896 threads -> 8 at 256; 200003's 896: 8 at 512; fp64 200003: 4 at
     * 256); 150001's 8 of 1225 stay, and 40009's 16 of 336 already had 256
     * (bench/results/h100-2026-11-26j-pairshape.txt). */
    struct {
        int prec;
        int64_t n;
        int B, T;
    } bp[] = {{KFFT_F32, 100003, 8, 256},  {KFFT_F32, 200003, 8, 512}, {KFFT_F32, 150001, 8, 392},
              {KFFT_F32, 40009, 16, 256}, {KFFT_F64, 200003, 4, 256}};
    for (size_t i = 0; i < sizeof bp / sizeof bp[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(KFFT_R2C, (kfft_precision)bp[i].prec, 1, &bp[i].n, 8, &s)) {
            CHECK(0, "bluestein pair pass %lld: %s", (long long)bp[i].n, kfft_error_message());
            continue;
        }
        const kspec *l = &s.spec[s.nsteps - 1];
        CHECK(ks_pair_pass(l) && l->N != l->n && l->B == bp[i].B && l->T == bp[i].T, "bluestein pair pass %lld: B %d T %d: %s",
              (long long)bp[i].n, l->B, l->T, s.describe);
        kfft_schedule_free(&s);
    }
}

/* fp32 one-kernel Rader blocks are bound to 64 registers (blocks.c blk_rader_wide_regs) under
 * 3000 points at up to 128 threads where n-1 has a prime factor of 23..31 (2089, 311), and from
 * 3000 points where it has one of 17..31 and no other rule bound them (3191 = 29x11x10 + 1, 5581,
 * 3877 = 19x17x12 + 1, C2R 3079). Not: a factor of 17 alone under 3000 (1021), under 3000 at more
 * than 128 threads (1151's 256), a block another rule bound (4049's 85), Bluestein (2969) (fp64's
 * one-kernel Rader takes no such factor where Bluestein fits a block). */
static void rader_wide_regs(void)
{
    static const struct { kfft_type type; int64_t n; int bound; const char *route; } c[] = {
        {KFFT_C2C, 2089, 1, "rader"}, {KFFT_C2C, 311, 1, "rader"},  {KFFT_C2R, 1277, 1, "rader"},  {KFFT_R2C, 2729, 1, "rader"},
        {KFFT_C2C, 3191, 1, "rader"}, {KFFT_C2C, 5581, 1, "rader"}, {KFFT_C2C, 3877, 1, "rader"},  {KFFT_C2R, 3079, 1, "rader"},
        {KFFT_C2C, 1021, 0, "rader"}, {KFFT_C2C, 1151, 0, "rader"}, {KFFT_C2C, 4049, 0, "rader"},  {KFFT_C2C, 2969, 0, "bluestein"},
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
        char d[1024];
        plan1d_prec(c[i].type, KFFT_F32, c[i].n, 4, d, sizeof d);
        CHECK(strstr(d, c[i].route) && (strstr(d, "regs=64") != NULL) == c[i].bound,
              "rader bound %lld: %s expected: %s", (long long)c[i].n, c[i].bound ? "regs=64" : "none", d);
    }
}

/* fp64 one-kernel Rader blocks no other rule bound take the register bound of the blocks an SM
 * their shared memory allows (blocks.c blk_rader_f64_bound), not below 64 where every radix is at
 * most 15 (3389's 11x11x7x4, R2C 2003) and not below 96 where one is wider (757's 27x7x4 after
 * PFA, 1601's 16); 401's four transforms a block get 128. Not fp32's own rule (3389 in fp32:
 * none), nor fp64 Bluestein (263). */
static void rader_f64_regs(void)
{
    static const struct { kfft_type type; kfft_precision prec; int64_t n; const char *want; } c[] = {
        {KFFT_C2C, KFFT_F64, 3389, "rader | k0 single R=3388(11x11x7x4) B=1 T=512 L=64 regs=64"},
        {KFFT_R2C, KFFT_F64, 2003, "regs=64"},
        {KFFT_C2C, KFFT_F64, 757, "R=756(27x7x4) B=2 T=128 pfa regs=96"},
        {KFFT_C2C, KFFT_F64, 1601, "regs=96"},
        {KFFT_C2C, KFFT_F64, 401, "regs=128"},
        {KFFT_C2C, KFFT_F32, 3389, NULL},
        {KFFT_C2C, KFFT_F64, 263, NULL},
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++)
        for (int nobets = 0; nobets < 2; nobets++) { /* a spill bet of 512 bytes: none without bets */
            kfft_device_info info = test_h200_info("sm_90");
            info.no_spill_bets = nobets;
            kfft_schedule s;
            if (schedule_on(&info, c[i].type, c[i].prec, 1, &c[i].n, 4, &s)) {
                CHECK(0, "rader f64 bound %lld: plan failed: %s", (long long)c[i].n, kfft_error_message());
                continue;
            }
            int want = c[i].want && !nobets;
            CHECK((want ? strstr(s.describe, c[i].want) != NULL : strstr(s.describe, "regs=") == NULL) &&
                      s.spec[0].spill_bet == (want && c[i].prec == KFFT_F64 ? 512 : 0),
                  "rader f64 bound %lld (no bets %d): expected %s, bet %d: %s", (long long)c[i].n, nobets, want ? c[i].want : "no bound",
                  s.spec[0].spill_bet, s.describe);
            kfft_schedule_free(&s);
        }
}

/* One-kernel fp32 blocks of 512 threads carry a 64-register bound, except the packed C2R
 * (bench/results/h100-2026-11-25d-final.txt); fp64 blocks of 15 to 20 elements a thread carry
 * 128 where they have 256..511 threads (4096) or are packed, of one transform, radices <= 16
 * and 128 threads or more (R2C 4096, 8192, C2R 6272); smaller ones none (1024), nor packed
 * pairs (C2R 2048), radix 25 (R2C 6000) or packed blocks under 128 threads (C2R 3150)
 * (-26f-strided.txt parts 7, 8 and 11). */
static void single_bounds(void)
{
    struct {
        kfft_type type;
        kfft_precision prec;
        int64_t n, batch;
        int regs;
    } c[] = {{KFFT_C2C, KFFT_F32, 8192, 64, 64}, {KFFT_R2C, KFFT_F32, 16384, 64, 64}, {KFFT_C2R, KFFT_F32, 16384, 64, 0},
             {KFFT_C2C, KFFT_F64, 8192, 64, 0}, {KFFT_C2C, KFFT_F32, 1021, 64, 0}, {KFFT_C2C, KFFT_F64, 4096, 64, 128},
             {KFFT_C2R, KFFT_F64, 1024, 64, 0}, {KFFT_R2C, KFFT_F64, 1024, 64, 0}, {KFFT_C2C, KFFT_F64, 1024, 64, 0},
             {KFFT_R2C, KFFT_F64, 8192, 64, 128}, {KFFT_R2C, KFFT_F64, 4096, 64, 128}, {KFFT_C2R, KFFT_F64, 2048, 64, 0},
             {KFFT_R2C, KFFT_F64, 6000, 64, 0}, {KFFT_C2R, KFFT_F64, 6272, 64, 128}, {KFFT_C2R, KFFT_F64, 3150, 64, 0}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(c[i].type, c[i].prec, 1, &c[i].n, c[i].batch, &s)) {
            CHECK(0, "single bounds %zu: %s", i, kfft_error_message());
            continue;
        }
        CHECK(s.nsteps == 1 && s.spec[0].kind == KS_SINGLE && s.spec[0].regs == c[i].regs, "single bounds %zu: T %d regs %d (want %d): %s", i,
              s.spec[0].T, s.spec[0].regs, c[i].regs, s.describe);
        kfft_schedule_free(&s);
    }
}

/* fp64 strided axes (one-kernel blocks of several columns) take 128 registers at 15 to 20
 * elements a thread: 2048^2's and 1000^2's 256 threads; not 3072^2's 24 (spilled) or
 * 4000^2's radix 25 (-26f-strided.txt part 11). */
static void f64_column_bounds(void)
{
    struct { int64_t n; int regs; } c[] = {{2048, 128}, {1000, 128}, {3072, 0}, {4000, 0}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        int64_t n[2] = {c[i].n, c[i].n};
        if (schedule_prec(KFFT_C2C, KFFT_F64, 2, n, 1, &s)) {
            CHECK(0, "f64 columns %lld^2: %s", (long long)c[i].n, kfft_error_message());
            continue;
        }
        CHECK(s.nsteps == 2 && s.spec[1].B > 1 && s.spec[1].regs == c[i].regs, "f64 columns %lld^2: k1 regs %d, want %d: %s",
              (long long)c[i].n, s.nsteps > 1 ? s.spec[1].regs : -1, c[i].regs, s.describe);
        kfft_schedule_free(&s);
    }
}

/* On 4 TB/s devices (an H200) fp32 C2C and C2R planes take no cluster, a kernel per axis (planes.c:
 * plane_blocks); the R2C's, fp64's and one-block planes are the H100's. */
static void fast_memory_planes(void)
{
    static const struct { kfft_type type; kfft_precision prec; int rank; int64_t n[3], batch; int clu_h200, clu_h100; } c[] = {
        {KFFT_C2C, KFFT_F32, 3, {256, 256, 256}, 1, 0, 4}, {KFFT_C2C, KFFT_F32, 2, {256, 256}, 2048, 0, 4},
        {KFFT_C2C, KFFT_F32, 3, {64, 512, 256}, 16, 0, 8}, {KFFT_C2R, KFFT_F32, 3, {256, 256, 256}, 1, 0, 8},
        {KFFT_R2C, KFFT_F32, 3, {256, 256, 256}, 1, 8, 8}, {KFFT_C2C, KFFT_F64, 3, {128, 128, 128}, 1, 8, 8},
        {KFFT_C2C, KFFT_F32, 3, {128, 128, 128}, 1, 1, 1}, {KFFT_C2R, KFFT_F32, 3, {128, 128, 128}, 1, 1, 1},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        for (int dev = 0; dev < 2; dev++) { /* the H200, then the H100 */
            kfft_schedule s;
            if (schedule_dev(dev, c[i].type, c[i].prec, c[i].rank, c[i].n, c[i].batch, &s, "fast memory planes", i)) continue;
            const kspec *k = &s.spec[c[i].type == KFFT_C2R ? s.nsteps - 1 : 0];
            int want = dev ? c[i].clu_h100 : c[i].clu_h200, got = k->plane ? (k->clu ? k->clu : 1) : 0;
            CHECK(got == want && s.nstages == c[i].rank - (want > 0), "fast memory planes %zu on %s: %d blocks a plane (want %d): %s", i,
                  dev ? "an H100" : "an H200", got, want, s.describe);
            kfft_schedule_free(&s);
        }
}

/* Plane kernels (kspec.h: plane; plan/planes.c): the last two axes of a complex transform in one
 * kernel where a plane of at least 1024 elements fits a block's shared memory (planes of over
 * 8192 elements 128 or more at a time), so 128^3 runs in two kernels, a batch of 128 128^2 in
 * one; larger power-of-two planes in a cluster of P blocks (fp32 the fewest that fit, 4 or 8:
 * 256^2 in four; fp64 eight of at most 64 KB: 128^2), not 243^2 or 192^2 planes, fp64 256^2
 * (eight blocks of 128 KB), 512^2, planes under 1024 elements, real transforms, or where another
 * axis is the fastest (an interleaved batch). Both FFTs' tables hold W_{Ns r}^(i kk) by
 * butterfly; a cluster's radix-P pass W_n1^(q kk) at (q-1)*M1 + kk. */
static void plane_kernels(void)
{
    struct { kfft_precision prec; int rank; int64_t n[3], batch; int stages, plane, clu; } c[] = {
        {KFFT_F32, 3, {128, 128, 128}, 1, 2, 128, 0}, {KFFT_F32, 2, {128, 128}, 128, 1, 128, 0}, {KFFT_F32, 3, {64, 64, 64}, 1, 2, 64, 0},
        {KFFT_F32, 3, {100, 100, 100}, 2, 2, 100, 0}, {KFFT_F32, 2, {243, 10}, 2, 1, 10, 0},     {KFFT_F64, 3, {64, 64, 64}, 1, 2, 64, 0},
        {KFFT_F32, 2, {64, 64}, 1, 1, 64, 0}, /* one small plane: a block does it faster than two kernels */
        {KFFT_F32, 2, {128, 128}, 127, 2, 0, 0}, {KFFT_F32, 3, {100, 100, 100}, 1, 3, 0, 0}, /* large planes: fewer than 128 */
        {KFFT_F32, 2, {128, 64}, 127, 2, 0, 0}, {KFFT_F32, 2, {128, 64}, 128, 1, 64, 0}, /* 8192 elements: 128 or more too */
        {KFFT_F32, 3, {16, 16, 16}, 1, 3, 0, 0}, {KFFT_F32, 2, {8219, 64}, 1, 2, 0, 0}, /* 256-element planes; a Bluestein axis */
        /* in clusters */
        {KFFT_F32, 3, {256, 256, 256}, 1, 2, 256, 4}, {KFFT_F32, 2, {256, 256}, 2048, 1, 256, 4},
        {KFFT_F32, 3, {64, 512, 256}, 16, 2, 256, 8}, {KFFT_F64, 3, {128, 128, 128}, 1, 2, 128, 8},
        {KFFT_F32, 3, {243, 243, 243}, 1, 3, 0, 0}, {KFFT_F32, 3, {192, 192, 192}, 1, 3, 0, 0}, {KFFT_F32, 3, {512, 512, 512}, 1, 3, 0, 0},
        {KFFT_F64, 3, {256, 256, 256}, 1, 3, 0, 0}, {KFFT_F32, 2, {256, 128}, 256, 2, 0, 0}, /* 256 KB: two blocks */
        {KFFT_F32, 2, {256, 250}, 2048, 2, 0, 0}, /* rows not a power of two: not measured in clusters */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(KFFT_C2C, c[i].prec, c[i].rank, c[i].n, c[i].batch, &s)) {
            CHECK(0, "plane %zu: plan failed: %s", i, kfft_error_message());
            continue;
        }
        const kspec *k = &s.spec[0];
        CHECK(s.nstages == c[i].stages && k->plane == c[i].plane && k->clu == c[i].clu, "plane %zu: %d stages, plane %d, clu %d (want %d, %d, %d): %s",
              i, s.nstages, k->plane, k->clu, c[i].stages, c[i].plane, c[i].clu, s.describe);
        int P = k->clu ? k->clu : 1;
        if (k->plane && !tab_compute(&s.tab, 0)) {
            CHECK(k->B == k->plane && k->R * P == c[i].n[c[i].rank - 2] && k->outer[0].n == k->plane && k->outer[0].is == 1,
                  "plane %zu: B %d R %d outer[0] %lld/%lld", i, k->B, k->R, (long long)k->outer[0].n, (long long)k->outer[0].is);
            for (int ax = 0; ax < 2; ax++) {
                const int *rad = ax ? k->prad : k->rad;
                const int64_t *tw = ax ? k->ptw : k->tw_local;
                int64_t Ns = rad[0], bad = 0;
                for (int p = 1; p < (ax ? k->nprad : k->nrad) && !bad; Ns *= rad[p], p++)
                    for (int64_t kk = 0; kk < Ns && !bad; kk++)
                        for (int q = 1; q < rad[p] && !bad; q++) {
                            long double a = -2 * 3.14159265358979323846264338327950288L * (long double)(q * kk) / (long double)(Ns * rad[p]);
                            const double *w = s.tab.v + 2 * (tw[p] + kk * (rad[p] - 1) + q - 1);
                            bad = fabs(w[0] - (double)cosl(a)) > 1e-15 || fabs(w[1] - (double)sinl(a)) > 1e-15;
                            CHECK(!bad, "plane %zu: axis %d pass %d twiddle (%d, %lld) is (%g, %g)", i, ax, p, q, (long long)kk, w[0], w[1]);
                        }
            }
            for (int q = 1, bad = 0; q < P && !bad; q++) /* the radix-P pass across the cluster */
                for (int64_t kk = 0; kk < k->R && !bad; kk++) {
                    long double a = -2 * 3.14159265358979323846264338327950288L * (long double)(q * kk) / (long double)(k->R * P);
                    const double *w = s.tab.v + 2 * (k->tw_pb + (q - 1) * k->R + kk);
                    bad = fabs(w[0] - (double)cosl(a)) > 1e-15 || fabs(w[1] - (double)sinl(a)) > 1e-15;
                    CHECK(!bad, "plane %zu: cluster twiddle (%d, %lld) is (%g, %g)", i, q, (long long)kk, w[0], w[1]);
                }
            CHECK(!k->clu || k->istride == (int64_t)P * c[i].n[c[i].rank - 1], "plane %zu: cluster rows' stride %lld", i, (long long)k->istride);
        }
        kfft_schedule_free(&s);
    }
    /* R2C and C2R planes (kspec.h): real rows packed as M complex columns, one block */
    struct { kfft_type type; kfft_precision prec; int rank; int64_t n[3], batch; int stages, plane, clu; } rc[] = {
        {KFFT_R2C, KFFT_F32, 3, {128, 128, 128}, 1, 2, 64, 0}, {KFFT_R2C, KFFT_F32, 2, {128, 128}, 128, 1, 64, 0},
        {KFFT_R2C, KFFT_F32, 2, {128, 128}, 32, 2, 0, 0}, /* 8192-element planes: 128 or more */
        {KFFT_R2C, KFFT_F64, 3, {128, 128, 128}, 1, 2, 64, 0}, {KFFT_R2C, KFFT_F32, 2, {243, 10}, 2, 1, 5, 0}, /* odd M */
        /* clusters: fp32 planes of <= 256 KB, in eight blocks where the rows split so, else four */
        {KFFT_R2C, KFFT_F32, 3, {256, 256, 256}, 1, 2, 128, 8}, {KFFT_R2C, KFFT_F64, 3, {256, 256, 256}, 1, 3, 0, 0},
        {KFFT_R2C, KFFT_F32, 2, {256, 256}, 128, 1, 128, 8}, {KFFT_R2C, KFFT_F32, 3, {512, 512, 512}, 1, 3, 0, 0},
        {KFFT_R2C, KFFT_F32, 3, {128, 64, 1024}, 1, 2, 512, 4}, /* 64 rows: 64 / 8 / 8 is odd */
        {KFFT_R2C, KFFT_F32, 3, {128, 128, 1024}, 1, 3, 0, 0},  /* 512 KB */
        {KFFT_R2C, KFFT_F32, 2, {128, 127}, 4, 2, 0, 0},      /* odd rows: two-for-one, not packed */
        {KFFT_R2C, KFFT_F32, 2, {512, 64}, 4, 2, 0, 0},       /* 16384-element planes, four of them */
        /* C2R: the plane is the last stage */
        {KFFT_C2R, KFFT_F32, 3, {128, 128, 128}, 1, 2, 64, 0}, {KFFT_C2R, KFFT_F32, 2, {40, 100}, 1, 1, 50, 0},
        {KFFT_C2R, KFFT_F32, 3, {256, 256, 256}, 1, 2, 128, 8}, {KFFT_C2R, KFFT_F32, 2, {256, 256}, 128, 1, 128, 8},
        {KFFT_C2R, KFFT_F32, 3, {128, 64, 1024}, 1, 2, 512, 4},
        {KFFT_C2R, KFFT_F32, 2, {256, 256}, 32, 2, 0, 0}, {KFFT_C2R, KFFT_F64, 3, {256, 256, 256}, 1, 3, 0, 0},
        {KFFT_C2R, KFFT_F32, 3, {512, 512, 512}, 1, 3, 0, 0}, {KFFT_C2R, KFFT_F64, 3, {128, 128, 128}, 1, 2, 64, 0},
        {KFFT_R2C, KFFT_F64, 3, {96, 96, 96}, 1, 2, 48, 0}, /* 72 KB: 512 threads too */
    };
    kfft_schedule s;
    for (size_t i = 0; i < sizeof rc / sizeof rc[0]; i++) {
        if (schedule_prec(rc[i].type, rc[i].prec, rc[i].rank, rc[i].n, rc[i].batch, &s)) {
            CHECK(0, "real plane %zu: plan failed: %s", i, kfft_error_message());
            continue;
        }
        int c2r = rc[i].type == KFFT_C2R;
        const kspec *k = &s.spec[c2r ? s.nsteps - 1 : 0];
        int64_t n2 = rc[i].n[rc[i].rank - 1], M = n2 / 2;
        CHECK(s.nstages == rc[i].stages && k->plane == rc[i].plane, "real plane %zu: %d stages, plane %d (want %d, %d): %s", i, s.nstages,
              k->plane, rc[i].stages, rc[i].plane, s.describe);
        if (k->plane && !tab_compute(&s.tab, 0)) {
            int P = k->clu ? k->clu : 1;
            int sides = c2r ? k->ld == KS_LD_C2R_PLANE && k->st == KS_ST_PAIR && k->outer[0].is == 1 && k->istride == (M + 1) * P && k->ostride == n2
                            : k->ld == KS_LD_ROWPAIR && k->st == KS_ST_R2C_PACK && k->outer[0].is == 2 && k->istride == n2 * P && k->ostride == M + 1;
            /* real planes of 64 KB or more: 512 threads in both precisions (planes.c: plane_shape) */
            CHECK(k->R * k->plane * (rc[i].prec == KFFT_F64 ? 16 : 8) < 65536 || k->T == 512, "real plane %zu: %d threads", i, k->T);
            CHECK(sides && k->nreal == n2 && k->outer[0].n == M && k->outer[0].os == 1 && k->conj_in == c2r && k->clu == rc[i].clu &&
                      k->R * P == rc[i].n[rc[i].rank - 2],
                  "real plane %zu: ld %d st %d nreal %lld outer[0] %lld/%lld/%lld strides %lld/%lld", i, k->ld, k->st, (long long)k->nreal,
                  (long long)k->outer[0].n, (long long)k->outer[0].is, (long long)k->outer[0].os, (long long)k->istride,
                  (long long)k->ostride);
            for (int64_t e = 0, bad = 0; e <= (c2r ? M - 1 : M / 2) && !bad; e++) { /* the pre- or post-step's W_n2^e */
                long double a = -2 * 3.14159265358979323846264338327950288L * (long double)e / (long double)n2;
                const double *w = s.tab.v + 2 * (k->rtw + e);
                bad = fabs(w[0] - (double)cosl(a)) > 1e-15 || fabs(w[1] - (double)sinl(a)) > 1e-15;
                CHECK(!bad, "real plane %zu: post-step twiddle %lld is (%g, %g)", i, (long long)e, w[0], w[1]);
            }
        }
        kfft_schedule_free(&s);
    }
    /* an R2C whose real rows are strided (every other real): no plane */
    kfft_guru_desc g;
    memset(&g, 0, sizeof g);
    g.type = KFFT_R2C;
    g.rank = 2;
    g.dims[0] = (kfft_dim){128, 256, 65};
    g.dims[1] = (kfft_dim){128, 2, 1};
    kfft_problem pr;
    kfft_device_info info = test_h100_info("sm_90");
    if (!kfft_problem_from_guru(&g, &pr) && !kfft_schedule_build(&pr, &info, &s)) {
        CHECK(s.nstages == 2 && !s.spec[0].plane, "plane: R2C with strided real rows in %d stages: %s", s.nstages, s.describe);
        kfft_schedule_free(&s);
    }
    g.type = KFFT_C2R; /* the same for C2R's real rows */
    g.dims[0] = (kfft_dim){128, 65, 256};
    g.dims[1] = (kfft_dim){128, 1, 2};
    if (!kfft_problem_from_guru(&g, &pr) && !kfft_schedule_build(&pr, &info, &s)) {
        CHECK(s.nstages == 2 && !s.spec[1].plane, "plane: C2R with strided real rows in %d stages: %s", s.nstages, s.describe);
        kfft_schedule_free(&s);
    }
    /* a 48 KB device (OpenCL's usual blocks: a 128^2 plane does not fit) below */
    int64_t n3[3] = {128, 128, 128};
    /* a column-major (Fortran) 64 x 64 array, 200 of them: the rows' axis is the slower one */
    memset(&g, 0, sizeof g);
    g.type = KFFT_C2C;
    g.rank = 2;
    g.dims[0] = (kfft_dim){64, 1, 1};
    g.dims[1] = (kfft_dim){64, 64, 64};
    g.howmany_rank = 1;
    g.howmany[0] = (kfft_dim){200, 4096, 4096};
    if (!kfft_problem_from_guru(&g, &pr) && !kfft_schedule_build(&pr, &info, &s)) {
        CHECK(s.nstages == 2 && !s.spec[0].plane, "plane: column-major 64^2 in %d stages: %s", s.nstages, s.describe);
        kfft_schedule_free(&s);
    }
    g.dims[0] = (kfft_dim){64, 64, 64}; /* the same in row-major order: a plane */
    g.dims[1] = (kfft_dim){64, 1, 1};
    if (!kfft_problem_from_guru(&g, &pr) && !kfft_schedule_build(&pr, &info, &s)) {
        CHECK(s.nstages == 1 && s.spec[0].plane == 64, "plane: row-major 64^2 in %d stages: %s", s.nstages, s.describe);
        kfft_schedule_free(&s);
    }
    int64_t n256[3] = {256, 256, 256};
    info.cluster_max = 0; /* no clusters (OpenCL, before Hopper): 256^2 planes do not fit */
    if (!schedule_on(&info, KFFT_C2C, KFFT_F32, 3, n256, 1, &s)) {
        CHECK(s.nstages == 3, "plane: 256^3 without clusters in %d stages: %s", s.nstages, s.describe);
        kfft_schedule_free(&s);
    }
    info.smem_optin = info.smem_per_block;
    if (!schedule_on(&info, KFFT_C2C, KFFT_F32, 3, n3, 1, &s)) {
        CHECK(s.nstages == 3, "plane: 128^3 on 48 KB blocks in %d stages: %s", s.nstages, s.describe);
        kfft_schedule_free(&s);
    }
}

/* Clusters (kspec.h: clu; clusters.c: clu_rader_pass, clu_columns): the second of two passes
 * run by clusters of that pass's radix P, where measured to win: after a Rader pass of one
 * column per block, fp32 blocks alone on their SM with P <= 5, fp64 P = 2; for a complex
 * power of two, columns of 64 KB (8192 points, fp64 4096) with P = 4 (fp64 also 8), fp32 65536
 * in four of 16384, and the packed real routes of twice those lengths (R2C's store by output
 * pairs, with its own twiddle tables), on 4 TB/s or more only the 64 KB columns in fours;
 * plain columns; none without clusters (OpenCL). The fused kernel needs no workspace. */
static void cluster_passes(void)
{
    struct { kfft_type type; int prec; int64_t n, batch; int clu, kernels; } c[] = {
        {KFFT_C2C, KFFT_F32, 52329, 4, 3, 1},  {KFFT_C2C, KFFT_F32, 34886, 4, 2, 1}, {KFFT_C2C, KFFT_F32, 87215, 4, 5, 1},
        {KFFT_C2C, KFFT_F32, 104658, 4, 0, 2}, /* P = 6 lost */
        {KFFT_C2C, KFFT_F32, 36867, 4, 0, 2},  /* 106 KB blocks: not alone on their SM */
        {KFFT_C2C, KFFT_F32, 14403, 4, 0, 2},  {KFFT_C2C, KFFT_F64, 24578, 4, 2, 1},   {KFFT_C2C, KFFT_F64, 36867, 4, 0, 2},
        {KFFT_R2C, KFFT_F32, 52329, 2, 0, 2},  /* two-for-one R2C: its last pass pairs columns */
        {KFFT_C2R, KFFT_F32, 52329, 2, 3, 1},  {KFFT_R2C, KFFT_F32, 52329, 1, 3, 1}, /* one transform: the half store */
        {KFFT_C2C, KFFT_F32, 32768, 4, 4, 1},  {KFFT_C2C, KFFT_F32, 65536, 4, 4, 1},   {KFFT_C2C, KFFT_F32, 131072, 4, 0, 2},
        {KFFT_C2C, KFFT_F64, 16384, 4, 4, 1},  {KFFT_C2C, KFFT_F64, 32768, 4, 8, 1},   {KFFT_C2C, KFFT_F64, 65536, 4, 0, 2},
        /* the packed real routes: C2R's pre-step in the loads, R2C's post-step by output pairs */
        {KFFT_R2C, KFFT_F32, 65536, 4, 4, 1},  {KFFT_C2R, KFFT_F32, 65536, 4, 4, 1},   {KFFT_R2C, KFFT_F32, 131072, 2, 4, 1},
        {KFFT_R2C, KFFT_F64, 32768, 4, 4, 1},  {KFFT_R2C, KFFT_F64, 65536, 4, 8, 1},   {KFFT_C2R, KFFT_F64, 65536, 4, 0, 2}, /* P = 8 lost */
        {KFFT_R2C, KFFT_F32, 262144, 2, 0, 2},
        /* smooth lengths: columns of <= 64 KB at <= 512 threads (clusters.c: clu_columns) */
        {KFFT_C2C, KFFT_F32, 27648, 4, 4, 1},  {KFFT_C2C, KFFT_F32, 55296, 4, 8, 1},   {KFFT_C2C, KFFT_F32, 36864, 4, 6, 1},
        {KFFT_C2C, KFFT_F32, 36000, 4, 5, 1},  {KFFT_C2C, KFFT_F32, 56000, 4, 7, 1},   {KFFT_C2C, KFFT_F32, 28672, 4, 4, 1},
        {KFFT_C2C, KFFT_F32, 46656, 4, 0, 2},  /* 7776-point columns take 648 threads */
        {KFFT_C2C, KFFT_F32, 110592, 2, 0, 2}, /* columns of 13824: 108 KB */
        {KFFT_C2C, KFFT_F32, 33792, 4, 0, 2},  /* 2^10 3 11 (six columns of 5632 = 11x8x8x8 otherwise): radix 11 not measured */
        {KFFT_C2C, KFFT_F64, 55296, 4, 0, 2},  {KFFT_R2C, KFFT_F32, 110592, 2, 0, 2}, /* fp32 complex only */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(c[i].type, c[i].prec, 1, &c[i].n, c[i].batch, &s)) {
            CHECK(0, "cluster %lld: plan failed: %s", (long long)c[i].n, kfft_error_message());
            continue;
        }
        CHECK(s.spec[0].clu == c[i].clu && s.nsteps == c[i].kernels && (!c[i].clu || s.nwork == 0),
              "cluster %lld: clu %d, %d kernels, %d work areas (want %d, %d): %s", (long long)c[i].n, s.spec[0].clu, s.nsteps,
              s.nwork, c[i].clu, c[i].kernels, s.describe);
        /* the second pass's twiddles as the kernel reads them: entry (q-1)*M + kk = W_N^(q kk) */
        const kspec *k = &s.spec[0];
        /* smooth columns of over 256 threads: bound to two blocks per SM (36000's 7200 points at
         * 360 threads compiled to 100 registers unbound, one block per SM) */
        if (k->clu && (k->N & (k->N - 1)) && !(k->ops & KS_MID_RADER))
            CHECK(k->T <= 512 && (k->T <= 256 || (k->regs > 0 && k->regs * k->T * 2 <= 65536)),
                  "cluster %lld: %d threads, register bound %d", (long long)c[i].n, k->T, k->regs);
        if (k->clu && !tab_compute(&s.tab, 0)) {
            int64_t M = k->N / k->clu, bad = 0;
            CHECK(k->tw_pb >= 0 && k->tw_pb + (k->clu - 1) * M <= s.tab.len, "cluster %lld: table past its end", (long long)c[i].n);
            for (int q = 1; q < k->clu && !bad; q++)
                for (int64_t kk = 0; kk < M && !bad; kk += kk < 8 || kk > M - 8 ? 1 : 997) {
                    long double a = -2 * 3.14159265358979323846264338327950288L * (long double)((q * kk) % k->N) / (long double)k->N;
                    const double *w = s.tab.v + 2 * (k->tw_pb + (q - 1) * M + kk);
                    bad = fabs(w[0] - (double)cosl(a)) > 1e-15 || fabs(w[1] - (double)sinl(a)) > 1e-15;
                    CHECK(!bad, "cluster %lld: twiddle q %d kk %lld is (%g, %g)", (long long)c[i].n, q, (long long)kk, w[0], w[1]);
                }
            /* the R2C post-step's W_nreal^kk (kk <= M/2), then W_nreal^(m M) (m < P) */
            for (int64_t x = 0; k->st == KS_ST_R2C_PACK && x <= M / 2 + k->clu && !bad; x += x < 8 || x > M / 2 - 8 ? 1 : 331) {
                int64_t e = x <= M / 2 ? x : (x - M / 2 - 1) * M;
                long double a = -2 * 3.14159265358979323846264338327950288L * (long double)e / (long double)k->nreal;
                const double *w = s.tab.v + 2 * (k->rtw + x);
                bad = k->rtw < 0 || fabs(w[0] - (double)cosl(a)) > 1e-15 || fabs(w[1] - (double)sinl(a)) > 1e-15;
                CHECK(!bad, "cluster r2c %lld: post-step twiddle %lld is (%g, %g)", (long long)c[i].n, (long long)x, w[0], w[1]);
            }
        }
        kfft_schedule_free(&s);
    }
    kfft_device_info info = test_h100_info("sm_90");
    info.cluster_max = 0;
    kfft_schedule s;
    for (int64_t n = 52329; n; n = n == 52329 ? 65536 : 0)
        if (!tagged_schedule(&info, "no clusters", KFFT_F32, n, NULL, " C=", &s)) {
            CHECK(s.nsteps == 2, "no clusters: %lld in %d kernels: %s", (long long)n, s.nsteps, s.describe);
            kfft_schedule_free(&s);
        }
    /* On 4 TB/s or more (an H200) the columns that hold an SM (fp32 65536's 16384 points) or
     * span eight blocks (fp64 P = 8), and fp64 C2R's, take the two passes; the 64 KB columns in
     * fours keep their clusters (clusters.c: clu_columns) */
    struct { kfft_type type; int prec; int64_t n; int clu; } fm[] = {
        {KFFT_C2C, KFFT_F32, 65536, 0}, {KFFT_R2C, KFFT_F32, 131072, 0}, {KFFT_C2R, KFFT_F32, 131072, 0}, {KFFT_C2C, KFFT_F64, 32768, 0},
        {KFFT_R2C, KFFT_F64, 65536, 0}, {KFFT_C2R, KFFT_F64, 32768, 0},  {KFFT_C2C, KFFT_F32, 32768, 4},  {KFFT_R2C, KFFT_F32, 65536, 4},
        {KFFT_C2R, KFFT_F32, 65536, 4}, {KFFT_C2C, KFFT_F64, 16384, 4},  {KFFT_R2C, KFFT_F64, 32768, 4},
    };
    info = test_h200_info("sm_90");
    for (size_t i = 0; i < sizeof fm / sizeof fm[0]; i++) {
        if (schedule_on(&info, fm[i].type, fm[i].prec, 1, &fm[i].n, 4, &s)) {
            CHECK(0, "fast memory %lld: plan failed: %s", (long long)fm[i].n, kfft_error_message());
            continue;
        }
        CHECK(s.spec[0].clu == fm[i].clu && s.nsteps == (fm[i].clu ? 1 : 2), "fast memory %lld (%s): clu %d in %d kernels (want %d): %s",
              (long long)fm[i].n, fm[i].prec == KFFT_F64 ? "f64" : "f32", s.spec[0].clu, s.nsteps, fm[i].clu, s.describe);
        kfft_schedule_free(&s);
    }
    /* kfft_tune's noclu knob (wisdom's noclu=1): the same lengths without clusters */
    struct { kfft_type type; int64_t n; } nc[] = {{KFFT_C2C, 55296}, {KFFT_C2C, 65536}, {KFFT_C2C, 52329}, {KFFT_R2C, 65536}};
    info = test_h100_info("sm_90");
    for (size_t i = 0; i < sizeof nc / sizeof nc[0]; i++) {
        kfft_plan_desc pd;
        memset(&pd, 0, sizeof pd);
        pd.type = nc[i].type;
        pd.precision = KFFT_F32;
        pd.rank = 1;
        pd.n[0] = nc[i].n;
        pd.batch = 4;
        kfft_problem p;
        if (kfft_problem_from_desc(&pd, &p)) continue;
        p.knob[0].on = p.knob[0].noclu = 1;
        p.knob[0].pad = p.knob[0].radix = p.knob[0].split = -1; /* passes' defaults */
        int bad = kfft_schedule_build(&p, &info, &s);
        CHECK(!bad && s.nsteps == 2 && !s.spec[0].clu && !s.spec[1].clu, "%lld with noclu: %s", (long long)nc[i].n,
              bad ? kfft_error_message() : s.describe);
        if (!bad) kfft_schedule_free(&s);
    }
    /* kfft_tune's rows knob (wisdom's rows=): the plain complex passes' columns per block in rows
     * of at least that many sectors, as many as 48 KB holds; 0 the rule (2^18's 512-point passes in
     * 8, 2^20's in 4). Lengths that are not powers of two too, every pass (110592: 288 x 384). */
    struct { int64_t n; int rows, B0, B1; } rw[] = {{1 << 18, 1, 4, 4}, {1 << 18, 0, 8, 8}, {1 << 20, 2, 8, 8}, {1 << 20, 4, 16, 16},
                                                   {1 << 20, 0, 4, 4}, {1 << 19, 2, 8, 8}, {110592, 4, 16, 8}, {110592, 2, 8, 8},
                                                   {110592, 0, 4, 4}};
    for (size_t i = 0; i < sizeof rw / sizeof rw[0]; i++) {
        kfft_plan_desc pd = {.type = KFFT_C2C, .precision = KFFT_F32, .rank = 1, .n = {rw[i].n}, .batch = 4};
        kfft_problem p;
        if (kfft_problem_from_desc(&pd, &p)) continue;
        p.knob[0].on = 1;
        p.knob[0].rows = rw[i].rows;
        p.knob[0].pad = p.knob[0].radix = p.knob[0].split = -1;
        int bad = kfft_schedule_build(&p, &info, &s);
        CHECK(!bad && s.nsteps == 2 && s.spec[0].B == rw[i].B0 && s.spec[1].B == rw[i].B1, "%lld with rows=%d: B %d, %d (want %d, %d): %s",
              (long long)rw[i].n, rw[i].rows, bad ? 0 : s.spec[0].B, bad ? 0 : s.spec[1].B, rw[i].B0, rw[i].B1, bad ? kfft_error_message() : s.describe);
        if (!bad) kfft_schedule_free(&s);
    }
    /* a strided axis (grouped columns) keeps the two passes */
    int64_t n2[2] = {52329, 52329};
    if (!schedule_prec(KFFT_R2C, KFFT_F32, 2, n2, 1, &s)) {
        CHECK(strstr(s.describe, " C=") == NULL, "r2c 52329^2: no clusters expected: %s", s.describe);
        kfft_schedule_free(&s);
    }
}

/* Bluestein in passes (kspec.h: ks_bluestein_middle): the second FFT's passes are the first's in
 * reverse order, and the first's last and the second's first run as one kernel that loads with
 * Ns = N/R and stores with Ns = 1, its spectrum multiply inside (no POST_BMUL left): 2np - 1
 * kernels, the chirps on the first and the last. */
static void bluestein_middles(void)
{
    struct { kfft_type type; int prec; int64_t n; int kernels; } c[] = {
        {KFFT_C2C, KFFT_F32, 100003, 3},  {KFFT_C2C, KFFT_F32, 1000003, 5}, {KFFT_C2C, KFFT_F32, 40009, 3},
        {KFFT_C2C, KFFT_F64, 8219, 3},    {KFFT_C2C, KFFT_F64, 17443, 3},   {KFFT_R2C, KFFT_F32, 100003, 3},
        {KFFT_C2R, KFFT_F64, 8219, 3},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_schedule s;
        if (schedule_prec(c[i].type, c[i].prec, 1, &c[i].n, 4, &s)) {
            CHECK(0, "bluestein %lld: plan failed: %s", (long long)c[i].n, kfft_error_message());
            continue;
        }
        int nk = s.nsteps, np = (nk + 1) / 2, mids = 0;
        CHECK(nk == c[i].kernels, "bluestein %lld: %d kernels, want %d: %s", (long long)c[i].n, nk, c[i].kernels, s.describe);
        for (int q = 0; q < nk; q++) {
            const kspec *k = &s.spec[q], *mirror = &s.spec[nk - 1 - q];
            mids += ks_bluestein_middle(k);
            CHECK(!(k->ops & KS_POST_BMUL), "bluestein %lld k%d: a spectrum multiply in a store", (long long)c[i].n, q);
            CHECK(((k->ops & KS_PRE_CHIRP) != 0) == (q == 0) && ((k->ops & KS_POST_CHIRP) != 0) == (q == nk - 1),
                  "bluestein %lld k%d: chirps on the first and last kernels only", (long long)c[i].n, q);
            CHECK(k->R == mirror->R, "bluestein %lld: k%d R=%d against k%d R=%d (second FFT not reversed)", (long long)c[i].n, q, k->R,
                  nk - 1 - q, mirror->R);
        }
        const kspec *m = &s.spec[np - 1];
        CHECK(mids == 1 && ks_bluestein_middle(m) && m->Ns == m->N / m->R && ks_store_ns(m) == 1 && m->src == KS_IO_WORK &&
                  m->dst == KS_IO_WORK,
              "bluestein %lld: %d middle kernels, k%d Ns %lld stores with %lld: %s", (long long)c[i].n, mids, np - 1, (long long)m->Ns,
              (long long)ks_store_ns(m), s.describe);
        kfft_schedule_free(&s);
    }
}

/* The pairing last pass of R2C through Bluestein's passes (kspec.h: ks_pairs), on the H100 and on
 * a device of 48 KB blocks (PoCL's): against the involution j -> (d - j) mod Ns by brute force,
 * its fixed points, lower pairs and orbits (the slots launched: both fixed columns share one), and the partner of output k, n - k,
 * at element C - e of the partner column. The lengths cover no, one and two fixed columns. */
static void bluestein_pairs(void)
{
    static const int64_t n[] = {4099, 8219, 16438, 32771, 40009, 100003, 200006, 1000003};
    kfft_device_info dev[2] = {test_h100_info("sm_90"), test_h100_info("sm_90")};
    dev[1].smem_optin = 49152;
    dev[1].cluster_max = 0;
    int seen[3] = {0};
    for (int v = 0; v < 2; v++)
        for (int prec = 0; prec < 2; prec++)
            for (size_t i = 0; i < sizeof n / sizeof *n; i++) {
                kfft_schedule s;
                if (schedule_on(&dev[v], KFFT_R2C, (kfft_precision)prec, 1, &n[i], 3, &s)) {
                    CHECK(0, "pairs %lld: plan failed: %s", (long long)n[i], kfft_error_message());
                    continue;
                }
                const kspec *k = &s.spec[s.nsteps - 1];
                if (!ks_pair_pass(k) || k->N == k->n) { /* one block (or not Bluestein) on this device */
                    kfft_schedule_free(&s);
                    continue;
                }
                ks_pairing q = ks_pairs(k);
                int64_t Ns = k->Ns, d = n[i] % Ns, orbits = 0, lo = 0, fix[2] = {-1, -1};
                int nfix = 0, bad = 0;
                for (int64_t j = 0; j < Ns; j++) {
                    int64_t pj = ((d - j) % Ns + Ns) % Ns;
                    if (pj == j && nfix < 2) fix[nfix] = j;
                    nfix += pj == j;
                    orbits += j <= pj;
                    lo += j < pj && j <= d;
                    for (int64_t e = 0; e < k->R && j + e * Ns < n[i]; e++) { /* n - k at column pj, element C - e */
                        int64_t kk = j + e * Ns, pe = (n[i] - d) / Ns - (j > d) - e;
                        if (kk > 0 && pj + pe * Ns != n[i] - kk) bad++;
                    }
                }
                seen[nfix]++;
                CHECK(q.d == d && q.nfix == nfix && q.fa == fix[0] && q.fb == fix[1] && q.lo == lo && q.reps == orbits - (nfix == 2) && !bad,
                      "pairs %lld (%s, %s): d %lld nfix %d fa %lld fb %lld lo %lld reps %lld; brute force %d %lld %lld %lld %lld, %d "
                      "partners wrong",
                      (long long)n[i], prec ? "f64" : "f32", v ? "48 KB" : "H100", (long long)q.d, q.nfix, (long long)q.fa,
                      (long long)q.fb, (long long)q.lo, (long long)q.reps, nfix, (long long)fix[0], (long long)fix[1], (long long)lo,
                      (long long)orbits, bad);
                CHECK(ks_cols_per_transform(k) >= q.reps * 2 && ks_cols_per_transform(k) < q.reps * 2 + k->B,
                      "pairs %lld: %lld columns launched for %lld pairs", (long long)n[i], (long long)ks_cols_per_transform(k),
                      (long long)q.reps);
                kfft_schedule_free(&s);
            }
    CHECK(seen[0] && seen[1] && seen[2], "pairs: lengths with 0, 1, 2 fixed columns: %d %d %d plans", seen[0], seen[1], seen[2]);
}

/* A device that cannot hold one cluster of a plan's cluster kernel (kspec.h: clu; a small MIG
 * slice): plan creation asks the backend how many clusters fit (kernel_info) and, told none,
 * plans again without clusters (plan.c: clusters_fit). Checked through the plan API on a
 * described H100 whose stand-in backend compiles nothing, keeps buffers in host memory and
 * reports `fake_fits` clusters. */
static int fake_fits, fake_asked;
/* Launch costs for the tuner's checks (cluster_tune, plane_tune): a plane kernel's, another
 * cluster kernel's and any other's, in microseconds (0: free). */
static long fake_plane_us, fake_cluster_us, fake_plain_us;
static int fake_cols;       /* nonzero: other kernels of this many columns a block cost fake_cols_us (rows_tune) */
static long fake_cols_us;
static const char *fake_conv; /* non-NULL: other kernels whose source holds this text cost fake_conv_us (conv_tune) */
static long fake_conv_us;
static const char *fake_need; /* non-NULL: kernels whose source lacks this text cost 6 ms (pfa_tune: one Bluestein length) */
static int fake_plane_T;   /* nonzero: plane kernels cost fake_plane_us only at this many threads, else fake_plain_us */
static int fake_plane_clu; /* nonzero: ... and only in clusters of this many blocks */
static int fake_spin;    /* nonzero: launches wait by spinning (costs within a microsecond, where a sleep overshoots by 50-100) */
static int fake_spill;   /* the local bytes (spills) a thread every kernel reports (spill_refit) */
static kfft_status fk_alloc(void *st, size_t bytes, kfft_buffer *buf)
{
    (void)st;
    *buf = malloc(bytes ? bytes : 1);
    return *buf ? KFFT_SUCCESS : KFFT_ERROR_OUT_OF_MEMORY;
}
static kfft_status fk_release(void *st, kfft_buffer buf)
{
    (void)st;
    free(buf);
    return KFFT_SUCCESS;
}
static kfft_status fk_h2d(void *st, kfft_buffer dst, size_t off, const void *src, size_t bytes)
{
    (void)st;
    memcpy((char *)dst + off, src, bytes);
    return KFFT_SUCCESS;
}
static kfft_status fk_compile(void *st, const char *src, void **bin, size_t *len, void **module)
{
    (void)st;
    *bin = malloc(1);
    *len = 1;
    *module = malloc(5);
    if (*module) { /* read by fk_launch: 2 a plane kernel (its rows' part), 1 another cluster kernel; its cluster's blocks; its columns; fake_conv's; fake_need's lack */
        const char *cd = strstr(src, "__cluster_dims__("), *cols = strstr(src, "KFFT_GROUP * ");
        ((char *)*module)[0] = strstr(src, "kfft_i64 rt = tbase") ? 2 : cd != NULL;
        ((char *)*module)[1] = (char)(cd ? atoi(cd + 17) : 1);
        ((char *)*module)[2] = (char)(cols ? atoi(cols + 13) : 0);
        ((char *)*module)[3] = fake_conv && strstr(src, fake_conv);
        ((char *)*module)[4] = fake_need && !strstr(src, fake_need);
    }
    return *bin && *module ? KFFT_SUCCESS : KFFT_ERROR_OUT_OF_MEMORY;
}
static void fk_unload(void *st, void *module)
{
    (void)st;
    free(module);
}
static kfft_status fk_get_kernel(void *st, void *module, const char *name, void **kernel)
{
    (void)st;
    (void)name;
    *kernel = module;
    return KFFT_SUCCESS;
}
static void fk_put_kernel(void *st, void *kernel)
{
    (void)st;
    (void)kernel;
}
static kfft_status fk_launch(void *st, void *kernel, size_t groups, int threads, size_t smem, const kfft_launch_args *a)
{
    (void)st, (void)groups, (void)smem, (void)a;
    char kind = ((const char *)kernel)[0], clu = ((const char *)kernel)[1], cols = ((const char *)kernel)[2], conv = ((const char *)kernel)[3];
    int plane_slow = (fake_plane_T && threads != fake_plane_T) || (fake_plane_clu && clu != fake_plane_clu);
    long us = ((const char *)kernel)[4] ? 6000
              : kind == 2 ? (plane_slow ? fake_plain_us : fake_plane_us)
              : kind    ? fake_cluster_us
              : fake_cols && cols == fake_cols ? fake_cols_us
              : conv    ? fake_conv_us
                        : fake_plain_us;
    struct timespec ts = {0, us * 1000}, t0, t;
    if (us && fake_spin) {
        clock_gettime(CLOCK_MONOTONIC, &t0);
        do clock_gettime(CLOCK_MONOTONIC, &t);
        while ((t.tv_sec - t0.tv_sec) * 1000000L + (t.tv_nsec - t0.tv_nsec) / 1000 < us);
    } else if (us) {
        nanosleep(&ts, NULL);
    }
    return KFFT_SUCCESS;
}
static kfft_status fk_sync(void *st)
{
    (void)st;
    return KFFT_SUCCESS;
}
static void fk_close(void *st) { (void)st; }
static int fk_kernel_info(void *st, void *kernel, int threads, size_t smem, int cluster, kfft_kernel_info *ki)
{
    (void)st, (void)kernel, (void)threads, (void)smem;
    ki->regs = 32;
    ki->local_bytes = fake_spill;
    ki->blocks_per_sm = 1;
    ki->clusters = cluster > 1 ? fake_fits : -1;
    fake_asked += cluster > 1;
    return 0;
}

static const kfft_backend_ops fake_ops = {.name = "stand-in", .close = fk_close, .alloc = fk_alloc, .release = fk_release, .h2d = fk_h2d,
                                          .sync = fk_sync, .compile = fk_compile, .unload = fk_unload, .get_kernel = fk_get_kernel,
                                          .put_kernel = fk_put_kernel, .launch = fk_launch, .kernel_info = fk_kernel_info};

/* A context on the stand-in backend and a described H100, as kfft_context_create would make
 * it (cache off, empty wisdom); NULL without host memory. */
static kfft_context fake_context(void)
{
    kfft_context ctx = calloc(1, sizeof *ctx);
    if (!ctx || !(ctx->wisdom = kfft_wisdom_new("stand-in", "v"))) {
        free(ctx);
        return NULL;
    }
    ctx->ops = &fake_ops;
    ctx->info = test_h100_info("sm_90");
    ctx->info.global_mem = (size_t)80 << 30;
    ctx->info.wisdom = ctx->wisdom;
    pthread_mutex_init(&ctx->lock, NULL);
    return ctx;
}

static void cluster_refit(void)
{
    kfft_context ctx = fake_context();
    if (!ctx) {
        CHECK(0, "cluster refit: host memory");
        return;
    }
    /* 65536: one launch in clusters of four; 52329: its Rader pass and radix-3 pass in clusters of three */
    static const int64_t n[] = {65536, 52329};
    for (size_t i = 0; i < sizeof n / sizeof *n; i++)
        for (int fits = 0; fits <= 30; fits += 30) {
            kfft_plan_desc d = {.type = KFFT_C2C, .rank = 1, .n = {n[i]}, .batch = 4};
            kfft_problem p;
            kfft_plan plan = NULL;
            fake_fits = fits;
            fake_asked = 0;
            kfft_status st = kfft_problem_from_desc(&d, &p);
            if (!st) st = kfft_plan_from_problem(ctx, &p, &plan);
            const char *desc = st ? kfft_error_message() : kfft_plan_describe(plan);
            int clustered = !st && strstr(desc, " C=") != NULL;
            CHECK(!st && fake_asked >= 1 && clustered == (fits > 0), "cluster refit %lld, %d clusters fit: status %d, asked %d: %s",
                  (long long)n[i], fits, (int)st, fake_asked, desc);
            kfft_plan_destroy(plan);
        }
    CHECK(ctx->live_buffers == 0, "cluster refit: %ld buffers left", ctx->live_buffers);
    kfft_context_destroy(ctx);
}

/* A spill bet whose kernel spills (kspec.spill_bet): plan creation reads each such kernel's local
 * bytes (kernel_info) and, over 32 a thread, plans again without the bets (plan.c: bets_spilled).
 * Through the plan API on a described H200 whose stand-in backend reports fake_spill bytes for
 * every kernel: 10500's and R2C 21000's widest radices bound to two blocks per SM stay at 0 and
 * 32 bytes and go at 40; fp64 3389's Rader bound (blocks.c blk_rader_f64_bound) stays at 40 and
 * 512 and goes at 520; either way the plan is made and leaves no buffer behind. */
static void spill_refit(void)
{
    kfft_context ctx = fake_context();
    if (!ctx) {
        CHECK(0, "spill refit: host memory");
        return;
    }
    ctx->info = test_h200_info("sm_90");
    ctx->info.global_mem = (size_t)80 << 30;
    ctx->info.wisdom = ctx->wisdom;
    static const struct {
        kfft_type type;
        int64_t n;
    } c[] = {{KFFT_C2C, 10500}, {KFFT_R2C, 21000}};
    for (size_t i = 0; i < sizeof c / sizeof *c; i++)
        for (int spill = 0; spill <= 40; spill += spill ? 8 : 32) { /* 0, 32, 40 */
            kfft_plan_desc d = {.type = c[i].type, .rank = 1, .n = {c[i].n}, .batch = 4};
            kfft_problem p;
            kfft_plan plan = NULL;
            fake_spill = spill;
            kfft_status st = kfft_problem_from_desc(&d, &p);
            if (!st) st = kfft_plan_from_problem(ctx, &p, &plan);
            const char *desc = st ? kfft_error_message() : kfft_plan_describe(plan);
            int bet = !st && strstr(desc, "R=10500(25x21x20)") != NULL;
            CHECK(!st && bet == (spill <= 32), "spill refit %lld, %d bytes: status %d, bet %d: %s", (long long)c[i].n, spill, (int)st, bet, desc);
            kfft_plan_destroy(plan);
        }
    static const int rader_spill[] = {40, 512, 520};
    for (size_t i = 0; i < sizeof rader_spill / sizeof *rader_spill; i++) {
        kfft_plan_desc d = {.type = KFFT_C2C, .precision = KFFT_F64, .rank = 1, .n = {3389}, .batch = 4};
        kfft_problem p;
        kfft_plan plan = NULL;
        fake_spill = rader_spill[i];
        kfft_status st = kfft_problem_from_desc(&d, &p);
        if (!st) st = kfft_plan_from_problem(ctx, &p, &plan);
        const char *desc = st ? kfft_error_message() : kfft_plan_describe(plan);
        int bet = !st && strstr(desc, "rader | k0 single R=3388(11x11x7x4) B=1 T=512 L=64 regs=64") != NULL;
        CHECK(!st && strstr(desc, "rader") && bet == (rader_spill[i] <= 512), "spill refit fp64 3389, %d bytes: status %d, bet %d: %s",
              rader_spill[i], (int)st, bet, desc);
        kfft_plan_destroy(plan);
    }
    fake_spill = 0;
    CHECK(ctx->live_buffers == 0, "spill refit: %ld buffers left", ctx->live_buffers);
    kfft_context_destroy(ctx);
}

/* kfft_tune of d through the stand-in backend, the launches of the kind *kind_us stands for
 * costing 3 ms and all others 0.1 ms (slow), or the opposite: the context (NULL without host
 * memory; the caller destroys it), the status and report, and the wisdom entry of key's key. */
typedef struct {
    kfft_context ctx;
    kfft_status st;
    kfft_tune_report r;
    kfft_wisdom_entry e;
    int found;
} stand_in_tuned;
static stand_in_tuned stand_in_tune(const kfft_plan_desc *d, long *kind_us, int slow, kfft_wisdom_entry key)
{
    stand_in_tuned t = {.ctx = fake_context(), .e = key};
    if (!t.ctx) return t;
    *kind_us = slow ? 3000 : 100;
    fake_plain_us = slow ? 100 : 3000;
    t.st = kfft_tune(t.ctx, d, &t.r);
    t.found = kfft_wisdom_lookup(t.ctx->wisdom, &t.e);
    return t;
}

/* The description of the plan ctx makes for d (with its wisdom), copied into buf ("no plan" where none). */
static const char *plan_description(kfft_context ctx, const kfft_plan_desc *d, char *buf, size_t size)
{
    kfft_plan p = NULL;
    kfft_problem q;
    snprintf(buf, size, "%s", !kfft_problem_from_desc(d, &q) && !kfft_plan_from_problem(ctx, &q, &p) ? kfft_plan_describe(p) : "no plan");
    kfft_plan_destroy(p);
    return buf;
}

/* Does the plan of d made in ctx (with its wisdom) hold tag in its description? -1: no plan. */
static int planned_with(kfft_context ctx, const kfft_plan_desc *d, const char *tag)
{
    char pd[4096];
    plan_description(ctx, d, pd, sizeof pd);
    return strcmp(pd, "no plan") ? strstr(pd, tag) != NULL : -1;
}

/* kfft_tune on a stage the planner ran in clusters tries it without them (noclu) and keeps
 * whichever is faster: through the stand-in backend on a described H100, with cluster kernels
 * made slow (each launch 3 ms against 0.1 ms: the tuned plan and its wisdom entry take
 * noclu=1) or fast (0.1 ms against 3 ms: the clusters stay), for 55296 (smooth) and 65536. */
static void cluster_tune(void)
{
    static const int64_t n[] = {55296, 65536};
    fake_fits = 30;
    for (size_t i = 0; i < sizeof n / sizeof *n; i++)
        for (int slow = 0; slow < 2; slow++) {
            kfft_plan_desc d = {.type = KFFT_C2C, .rank = 1, .n = {n[i]}, .batch = 2};
            stand_in_tuned t = stand_in_tune(&d, &fake_cluster_us, slow, (kfft_wisdom_entry){.passes = 1, .R = n[i], .is = 1});
            if (!t.ctx) {
                CHECK(0, "cluster tune: host memory");
                return;
            }
            CHECK(!t.st && t.found && t.e.noclu == slow && (strstr(t.r.choice, "noclu=1") != NULL) == slow,
                  "cluster tune %lld, clusters %s: status %d, entry %d noclu %d, choice %s", (long long)n[i], slow ? "slow" : "fast",
                  (int)t.st, t.found, t.e.noclu, t.st ? kfft_error_message() : t.r.choice);
            CHECK(planned_with(t.ctx, &d, " C=") == !slow, "cluster tune %lld: the wisdom's plan has%s clusters", (long long)n[i], slow ? "" : " no");
            CHECK(t.ctx->live_buffers == 0, "cluster tune: %ld buffers left", t.ctx->live_buffers);
            kfft_context_destroy(t.ctx);
        }
    fake_cluster_us = fake_plain_us = 0;
}

/* kfft_tune tries the passes' columns per block in rows of one, two and four sectors and keeps
 * whichever is faster: 2^20's passes (4 columns by the rule) where only 8-column kernels are
 * fast (the entry says rows=2, plans take 8) or only 4-column ones (the rule stays, no rows=);
 * every other kernel costs 30 times more, so no candidate ties the winner. */
static void rows_tune(void)
{
    for (int slow = 0; slow < 2; slow++) {
        kfft_plan_desc d = {.type = KFFT_C2C, .rank = 1, .n = {1 << 20}, .batch = 2};
        fake_cols = slow ? 4 : 8;
        stand_in_tuned t = stand_in_tune(&d, &fake_cols_us, 0, (kfft_wisdom_entry){.passes = 1, .R = 1 << 20, .is = 1});
        if (!t.ctx) {
            CHECK(0, "rows tune: host memory");
            return;
        }
        CHECK(!t.st && t.found && t.e.rows == (slow ? 0 : 2) && (strstr(t.r.choice, "rows=2") != NULL) == !slow,
              "rows tune, 8 columns %s: status %d, entry %d rows %d, choice %s", slow ? "slow" : "fast", (int)t.st, t.found, t.e.rows,
              t.st ? kfft_error_message() : t.r.choice);
        CHECK(planned_with(t.ctx, &d, "B=8") == !slow, "rows tune: the wisdom's plan has%s 8 columns", slow ? " no" : "");
        CHECK(t.ctx->live_buffers == 0, "rows tune: %ld buffers left", t.ctx->live_buffers);
        kfft_context_destroy(t.ctx);
    }
    fake_cols = 0;
    fake_cols_us = fake_plain_us = 0;
}

/* kfft_tune tries a one-kernel stage with half and a quarter of the rules' columns a block
 * (threads scaled alike) and keeps whichever is faster: C2R 2048's block of two columns (the
 * H100's rule) where only one-column kernels are fast (the entry says cols=1 under the key's
 * B=2, plans take one column at half the threads) or only two-column ones (no cols=). */
static void cols_tune(void)
{
    for (int slow = 0; slow < 2; slow++) {
        kfft_plan_desc d = {.type = KFFT_C2R, .rank = 1, .n = {2048}, .batch = 64};
        fake_cols = slow ? 2 : 1;
        stand_in_tuned t = stand_in_tune(&d, &fake_cols_us, 0,
                                         (kfft_wisdom_entry){.R = 1024, .B = 2, .is = 1, .io = kfft_wisdom_io(KS_LD_C2R_PACK, KS_ST_PAIR)});
        if (!t.ctx) {
            CHECK(0, "cols tune: host memory");
            return;
        }
        CHECK(!t.st && t.found && t.e.cols == (slow ? 0 : 1) && (strstr(t.r.choice, "cols=1") != NULL) == !slow,
              "cols tune, one column %s: status %d, entry %d cols %d, choice %s", slow ? "slow" : "fast", (int)t.st, t.found, t.e.cols,
              t.st ? kfft_error_message() : t.r.choice);
        char want[32];
        snprintf(want, sizeof want, "B=1 T=%d", t.e.T);
        char pd[4096];
        const char *at = strstr(plan_description(t.ctx, &d, pd, sizeof pd), want);
        int took = at && (at[strlen(want)] == 0 || at[strlen(want)] == ' ');
        CHECK(took == !slow, "cols tune: the wisdom's plan has%s one column at %d threads: %s", slow ? "" : " no", t.e.T, pd);
        CHECK(t.ctx->live_buffers == 0, "cols tune: %ld buffers left", t.ctx->live_buffers);
        kfft_context_destroy(t.ctx);
    }
    fake_cols = 0;
    fake_cols_us = fake_plain_us = 0;
}

/* kfft_tune tries Bluestein's convolution lengths past the rule's (16464 for 8219: 16800, 16807,
 * 16875, 17010, 17150, 17280) and keeps the fastest: where only kernels of 17150 points are
 * fast the wisdom's conv entry says m=17150 and plans take it; where only the rule's are, the
 * entry says the rule's and plans keep it; an R2C axis's entry is its own (r2c=1: the C2C plan
 * keeps the rule's). Every other kernel costs 30 times more, so no
 * candidate ties the winner (with all but one equal, a launch's jitter could pass the 2% bar). */
static void conv_tune(void)
{
    static const char *fast[] = {"17150", "16464", "17150"};
    for (int i = 0; i < 3; i++) {
        /* the third: R2C, whose entry (r2c=1) the C2C plan of the same length does not take */
        kfft_plan_desc d = {.type = i == 2 ? KFFT_R2C : KFFT_C2C, .rank = 1, .n = {8219}, .batch = 2};
        char tag[16];
        fake_conv = fast[i];
        snprintf(tag, sizeof tag, "m=%s", fast[i]);
        stand_in_tuned t = stand_in_tune(&d, &fake_conv_us, 0, (kfft_wisdom_entry){.passes = 3, .R = 8219, .is = 1, .io = i == 2 ? 2 : 0});
        if (!t.ctx) {
            CHECK(0, "conv tune: host memory");
            return;
        }
        CHECK(!t.st && t.found && t.e.conv == atoll(fast[i]) && (strstr(t.r.choice, "m=17150") != NULL) == (i != 1),
              "conv tune, %s fast: status %d, entry %d m=%lld, choice %s", fast[i], (int)t.st, t.found, (long long)t.e.conv,
              t.st ? kfft_error_message() : t.r.choice);
        CHECK(planned_with(t.ctx, &d, tag) == 1, "conv tune: the wisdom's plan does not take %s", tag);
        d.type = KFFT_C2C;
        CHECK(i < 2 || planned_with(t.ctx, &d, tag) == 0, "conv tune: C2C 8219 takes R2C's %s", tag);
        CHECK(t.ctx->live_buffers == 0, "conv tune: %ld buffers left", t.ctx->live_buffers);
        kfft_context_destroy(t.ctx);
    }
    fake_conv = NULL;
    fake_conv_us = fake_plain_us = 0;
}

/* kfft_tune tries a Rader stage with the prime-factor convolution wherever its radices regroup
 * (pfa=1) and without it (pfa=-1), and keeps whichever is faster: through the stand-in backend
 * on a described H100, with pfa kernels (a Rader store reads the gather position from the dlog
 * table's .y, a Bluestein load the layout table's .x) fast or slow, the plans its wisdom makes
 * take them or not: 401, which the rule's bound leaves without at its default threads, 17443,
 * which the rule gives them, 101's Bluestein length 210 (15x14: coprime as they stand), which
 * only the tuner gives them, and 8219's, whose rule's length has no grouping: with pfa kernels
 * fast the tuner moves to 16800 (32x25x21 or 16x25x21x2) for them, with them slow it keeps 16464.
 * Some of those winners need the field (a radix mode or thread count the rule decides the other
 * way). Every other length costs more than either (fake_need): were it as fast as the wanted
 * one's plain kernels, a launch's jitter could choose it (CI's did, for 101's 216). */
static void pfa_tune(void)
{
    static const struct {
        int64_t n, R;
        int slow;
        const char *mark, *need;
    } c[] = {{401, 400, 0, ".y)]", NULL},     {401, 400, 1, ".y)]", NULL},     {17443, 17442, 1, ".y)]", NULL},
             {17443, 17442, 0, ".y)]", NULL}, {101, 210, 0, ".x)]", " * 210"}, {101, 210, 1, ".x)]", " * 210"},
             {8219, 16800, 0, ".x)]", "16800"},  {8219, 16464, 1, ".x)]", "16464"}};
    int used = 0;
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
        fake_conv = c[i].mark;
        fake_need = c[i].need;
        kfft_plan_desc d = {.type = KFFT_C2C, .rank = 1, .n = {c[i].n}, .batch = 2};
        stand_in_tuned t = stand_in_tune(&d, &fake_conv_us, c[i].slow, (kfft_wisdom_entry){0});
        if (!t.ctx) {
            CHECK(0, "pfa tune: host memory");
            return;
        }
        const kfft_wisdom_entry *e = NULL;
        for (int j = 0; j < t.ctx->wisdom->n; j++)
            if (t.ctx->wisdom->e[j].R == c[i].R && !t.ctx->wisdom->e[j].passes) e = &t.ctx->wisdom->e[j];
        CHECK(!t.st && e && (strstr(t.r.choice, " pfa=") != NULL) == (e->pfa != 0), "pfa tune %lld, pfa kernels %s: status %d, choice %s",
              (long long)c[i].n, c[i].slow ? "slow" : "fast", (int)t.st, t.st ? kfft_error_message() : t.r.choice);
        used += e && e->pfa;
        char pd[4096];
        CHECK((strstr(plan_description(t.ctx, &d, pd, sizeof pd), " pfa") != NULL) == !c[i].slow, "pfa tune %lld, pfa kernels %s: %s",
              (long long)c[i].n, c[i].slow ? "slow" : "fast", pd);
        CHECK(t.ctx->live_buffers == 0, "pfa tune: %ld buffers left", t.ctx->live_buffers);
        kfft_context_destroy(t.ctx);
    }
    CHECK(used >= 1, "pfa tune: no winner needed pfa=");
    fake_conv = fake_need = NULL;
    fake_conv_us = fake_plain_us = 0;
}

/* Bluestein's convolution length: the problem's (kfft_tune's candidate) where it is at least
 * 2n-1 and smooth, else the wisdom's conv entry of the axis's length and stride, else the
 * rule's (8219: 16464). */
static void conv_choice(void)
{
    kfft_device_info info = test_h100_info("sm_90");
    kfft_wisdom *w = kfft_wisdom_new("stand-in", "v");
    if (!w) {
        CHECK(0, "conv choice: host memory");
        return;
    }
    struct {
        int64_t knob, wisdom_is, want;
    } c[] = {{0, 0, 16464}, {17280, 0, 17280}, {16000, 0, 16464}, {16465, 0, 16464}, {0, 1, 17010}, {0, 2, 16464}, {17280, 1, 17280}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        kfft_plan_desc d = {.type = KFFT_C2C, .rank = 1, .n = {8219}, .batch = 4};
        kfft_problem p;
        kfft_schedule s;
        w->n = 0;
        if (c[i].wisdom_is) kfft_wisdom_put(w, &(kfft_wisdom_entry){.passes = 3, .R = 8219, .is = c[i].wisdom_is, .conv = 17010, .split = -1});
        info.wisdom = w;
        int bad = kfft_problem_from_desc(&d, &p);
        p.conv[0] = c[i].knob;
        if (bad || kfft_schedule_build(&p, &info, &s)) {
            CHECK(0, "conv choice %zu: %s", i, kfft_error_message());
            continue;
        }
        char want[32];
        snprintf(want, sizeof want, "bluestein m=%lld ", (long long)c[i].want);
        CHECK(strstr(s.describe, want) != NULL, "conv choice %zu (knob %lld, wisdom at is=%lld): expected \"%s\": %s", i,
              (long long)c[i].knob, (long long)c[i].wisdom_is, want, s.describe);
        kfft_schedule_free(&s);
    }
    kfft_wisdom_free(w);
}

/* kfft_tune tries a plane kernel's plan (kspec.h: plane) against a kernel per axis first,
 * records the winner (wisdom "plane" entry, noplane=1 when the axes won) and plans take it;
 * a later tune, the plane now the faster, tries it again despite that entry. A plane kept
 * gets its threads tuned: fast only at 512 (the planner's 256), the entry says T=512 and
 * plans take it. */
static void plane_tune(void)
{
    kfft_plan_desc d = {.type = KFFT_C2C, .rank = 2, .n = {64, 64}, .batch = 200};
    for (int slow = 0; slow < 2; slow++) {
        const kfft_wisdom_entry key = {.passes = 2, .R = 64, .B = 64};
        stand_in_tuned t = stand_in_tune(&d, &fake_plane_us, slow, key);
        if (!t.ctx) {
            CHECK(0, "plane tune: host memory");
            return;
        }
        CHECK(!t.st && t.found && t.e.noplane == slow && (strstr(t.r.choice, "noplane=1") != NULL) == slow,
              "plane tune, plane %s: status %d, entry %d noplane %d, choice %s", slow ? "slow" : "fast", (int)t.st, t.found, t.e.noplane,
              t.st ? kfft_error_message() : t.r.choice);
        CHECK(planned_with(t.ctx, &d, "plane=") == !slow, "plane tune: the wisdom's plan has%s a plane kernel", slow ? "" : " no");
        if (slow) {
            fake_plane_us = 100;
            fake_plain_us = 3000;
            t.st = kfft_tune(t.ctx, &d, &t.r);
            t.e = key;
            t.found = kfft_wisdom_lookup(t.ctx->wisdom, &t.e);
            CHECK(!t.st && t.found && t.e.noplane == 0, "plane tune again: status %d, entry %d noplane %d, choice %s", (int)t.st, t.found,
                  t.e.noplane, t.st ? kfft_error_message() : t.r.choice);
        }
        CHECK(t.ctx->live_buffers == 0, "plane tune: %ld buffers left", t.ctx->live_buffers);
        kfft_context_destroy(t.ctx);
    }
    fake_plane_T = 512;
    stand_in_tuned t = stand_in_tune(&d, &fake_plane_us, 0, (kfft_wisdom_entry){.passes = 2, .R = 64, .B = 64});
    if (t.ctx) {
        CHECK(!t.st && t.found && !t.e.noplane && t.e.T == 512 && strstr(t.r.choice, "kept, T=512") != NULL,
              "plane threads tune: status %d, entry %d noplane %d T %d, choice %s", (int)t.st, t.found, t.e.noplane, t.e.T,
              t.st ? kfft_error_message() : t.r.choice);
        CHECK(planned_with(t.ctx, &d, "T=512 plane=") == 1, "plane threads tune: the wisdom's plan has not 512 threads");
        kfft_context_destroy(t.ctx);
    }
    fake_plane_T = 0;
    fake_plane_us = fake_plain_us = 0;
}

/* kfft_tune tries a plane kernel in every number of blocks that can hold it (1, or clusters of
 * 2, 4, 8; planes.c: plane_blocks_fit), where the planner took a plane (64^2: one block) and
 * where its rule takes none (256^2, 8 planes: under the 128 it asks for): through the stand-in
 * backend, plane kernels fast only in clusters of 2 (resp. 4), the entry says C=2 (C=4) and
 * plans take it. */
static void plane_clu_tune(void)
{
    struct { int64_t n, batch; int clu; const char *what; } c[] = {{64, 200, 2, "kept"}, {256, 8, 4, "(the rule takes none)"}};
    fake_fits = 30;
    for (int i = 0; i < 2; i++) {
        kfft_plan_desc d = {.type = KFFT_C2C, .rank = 2, .n = {c[i].n, c[i].n}, .batch = c[i].batch};
        char tag[16];
        snprintf(tag, sizeof tag, " C=%d", c[i].clu);
        kfft_context c0 = fake_context();
        CHECK(c0 && planned_with(c0, &d, tag) == 0, "plane blocks tune %lld: the planner's own plan has%s", (long long)c[i].n, tag);
        if (c0) kfft_context_destroy(c0);
        fake_plane_clu = c[i].clu;
        stand_in_tuned t = stand_in_tune(&d, &fake_plane_us, 0, (kfft_wisdom_entry){.passes = 2, .R = c[i].n, .B = (int)c[i].n});
        if (!t.ctx) {
            CHECK(0, "plane blocks tune: host memory");
            break;
        }
        CHECK(!t.st && t.found && !t.e.noplane && t.e.clu == c[i].clu && strstr(t.r.choice, c[i].what) && strstr(t.r.choice, tag + 1),
              "plane blocks tune %lld: status %d, entry %d noplane %d C %d, choice %s", (long long)c[i].n, (int)t.st, t.found, t.e.noplane,
              t.e.clu, t.st ? kfft_error_message() : t.r.choice);
        CHECK(planned_with(t.ctx, &d, tag) == 1, "plane blocks tune %lld: the wisdom's plan has not%s", (long long)c[i].n, tag);
        CHECK(t.ctx->live_buffers == 0, "plane blocks tune: %ld buffers left", t.ctx->live_buffers);
        kfft_context_destroy(t.ctx);
    }
    fake_plane_clu = 0;
    fake_plane_us = fake_plain_us = 0;
}

/* The CUDA source and description of d's schedule on ctx's device, with or without its wisdom
 * (caller frees *src). */
static int schedule_text(kfft_context ctx, const kfft_plan_desc *d, int wisdom, char **src, char *describe, size_t len)
{
    kfft_device_info info = ctx->info;
    info.wisdom = wisdom ? ctx->wisdom : NULL;
    kfft_problem p;
    kfft_schedule s;
    strbuf b = {0};
    if (kfft_problem_from_desc(d, &p) || kfft_schedule_build(&p, &info, &s)) return -1;
    int st = kfft_schedule_source(&s, KS_DIALECT_CUDA, &b) ? -1 : 0;
    snprintf(describe, len, "%s", s.describe);
    kfft_schedule_free(&s);
    *src = b.s;
    return st;
}

/* What kfft_tune records for a stage no candidate improved (kfft_tune_stage_entry) plans that
 * stage again as it was: for every stage of 1-D lengths 2..1100 and larger ones, 2-D and 3-D
 * shapes, all types, both precisions, the wisdom of those entries gives the same kernels on a
 * described H100. (A default entry without the planner's register bound or its radix mode made
 * "tuned" plans slower: test default_tune.) */
static void stage_entries_replan(void)
{
    kfft_device_info info = test_h100_info("sm_90");
    static const int64_t big[] = {2048, 4096, 6720, 8192, 8219, 16384, 16464, 17443, 17496, 32768, 52329, 65536, 100003, 110592, 1048576};
    static const int64_t nd[][4] = {{2, 1000, 1000}, {2, 1024, 1024}, {2, 3345, 3345}, {3, 128, 128, 128}, {3, 256, 256, 256},
                                    {3, 243, 243, 243}, {3, 1000, 1000, 1000}, {2, 96, 96}, {3, 100, 100, 100}};
    int bad = 0, plans = 0, entries = 0;
    for (int i = 0; i < 1100 + 15 + 9 && bad < 5; i++)
        for (int prec = 0; prec < 2; prec++)
            for (int type = 0; type < 3; type++) {
                kfft_plan_desc d = {.type = (kfft_type)type, .precision = prec ? KFFT_F64 : KFFT_F32, .rank = 1, .batch = 3};
                if (i < 1100) d.n[0] = 2 + i;
                else if (i < 1115) d.n[0] = big[i - 1100];
                else {
                    d.rank = (int)nd[i - 1115][0];
                    memcpy(d.n, nd[i - 1115] + 1, sizeof(int64_t) * (size_t)d.rank);
                    d.batch = 1;
                }
                kfft_problem p;
                kfft_schedule s0, s1;
                info.wisdom = NULL;
                if (kfft_problem_from_desc(&d, &p) || kfft_schedule_build(&p, &info, &s0)) continue; /* (odd C2R lengths etc.) */
                kfft_wisdom *w = kfft_wisdom_new("d", "v");
                for (int g = 0; g < s0.nstages && w; g++) {
                    kfft_wisdom_entry e;
                    if (kfft_tune_stage_entry(&s0, g, &e)) kfft_wisdom_put(w, &e), entries++;
                }
                info.wisdom = w;
                strbuf a = {0}, b = {0};
                int same = w && !kfft_schedule_build(&p, &info, &s1);
                if (same) {
                    same = !kfft_schedule_source(&s0, KS_DIALECT_CUDA, &a) && !kfft_schedule_source(&s1, KS_DIALECT_CUDA, &b) && a.s && b.s &&
                           !strcmp(a.s, b.s) && !strcmp(s0.describe, s1.describe);
                    kfft_schedule_free(&s1);
                }
                bad += !same;
                CHECK(same, "stage entries replan: %s plans differently from its default entries", s0.describe);
                sb_free(&a);
                sb_free(&b);
                kfft_schedule_free(&s0);
                kfft_wisdom_free(w);
                plans++;
            }
    CHECK(plans > 5000 && entries > plans, "stage entries replan: only %d plans, %d entries", plans, entries);
}

/* The strided stages of 512^3 (axes 1 and 0: both R = 512, B = 16) keep an entry each: wisdom
 * keys hold the axis's stride (format 5). Before, the last one tuned set both (on the H100 the
 * tuner measured 512^3 2.45 -> 2.30 ms and the harness ran its file at 2.43 -> 2.50 ms,
 * bench/results/h100-2026-11-27m-tune.txt). Entries of other threads per stride: each stage
 * takes its own; and a tune through the stand-in backend (of 64x64x1024, whose axes 1 and 0 are
 * likewise R = 64, B = 32) records two entries, not one. */
static void strided_stage_keys(void)
{
    kfft_plan_desc d = {.type = KFFT_C2C, .rank = 3, .n = {512, 512, 512}, .batch = 1};
    kfft_context ctx = fake_context();
    if (!ctx) {
        CHECK(0, "strided keys: host memory");
        return;
    }
    static const struct { int64_t is; int T; } e[] = {{512, 128}, {262144, 256}};
    for (int i = 0; i < 2; i++)
        kfft_wisdom_put(ctx->wisdom, &(kfft_wisdom_entry){.R = 512, .is = e[i].is, .B = 16, .io = kfft_wisdom_io(KS_LD_CPLX, KS_ST_CPLX),
                                                          .T = e[i].T, .pad = 1, .radix = kfft_radix_auto(512, 0), .split = -1});
    kfft_problem p;
    kfft_schedule s;
    int found = 0;
    if (kfft_problem_from_desc(&d, &p) || kfft_schedule_build(&p, &ctx->info, &s)) {
        CHECK(0, "strided keys: %s", kfft_error_message());
    } else {
        for (int k = 0; k < s.nsteps; k++)
            for (int i = 0; i < 2; i++)
                if (s.spec[k].istride == e[i].is) {
                    found++;
                    CHECK(s.spec[k].B == 16 && s.spec[k].T == e[i].T, "strided keys: stride %lld: B %d T %d (want 16, %d): %s",
                          (long long)e[i].is, s.spec[k].B, s.spec[k].T, e[i].T, s.describe);
                }
        kfft_schedule_free(&s);
    }
    CHECK(found == 2, "strided keys: %d of the 2 strided kernels found", found);
    kfft_context_destroy(ctx);
    kfft_plan_desc small = {.type = KFFT_C2C, .rank = 3, .n = {64, 64, 1024}, .batch = 1}; /* R = 64, B = 32 twice */
    stand_in_tuned t = stand_in_tune(&small, &fake_plane_us, 1, (kfft_wisdom_entry){.R = 64, .is = 1024, .B = 32}); /* planes slow */
    kfft_wisdom_entry other = {.R = 64, .is = 65536, .B = 32};
    other.io = t.e.io = kfft_wisdom_io(KS_LD_CPLX, KS_ST_CPLX);
    t.found = t.ctx && kfft_wisdom_lookup(t.ctx->wisdom, &t.e);
    CHECK(!t.st && t.found && kfft_wisdom_lookup(t.ctx->wisdom, &other), "strided keys: 64x64x1024 tune %d, entries for strides 1024 %d, 65536 %d",
          (int)t.st, t.found, t.ctx && kfft_wisdom_lookup(t.ctx->wisdom, &other));
    if (t.ctx) kfft_context_destroy(t.ctx);
    fake_plain_us = fake_plane_us = 0;
}

/* A stage kfft_tune leaves at its default records the planner's choices, register bound
 * included, so the wisdom plans the same kernels: 1000^2's strided stage (8 columns at 800
 * threads, bound to two blocks per SM) lost its bound this way (1000^3 0.86 -> 0.79 of cuFFT on
 * the H100 after a tune that reported "(default)", bench/results/h100-2026-11-27g-probes.txt
 * part 3). Through the stand-in backend, every launch costing the same, so no candidate wins
 * by the tuner's 2% (were one to win by noise, the comparison is skipped, said below). */
static void default_tune(void)
{
    kfft_plan_desc d = {.type = KFFT_C2C, .rank = 2, .n = {1000, 1000}, .batch = 1};
    stand_in_tuned t = {.ctx = fake_context()};
    if (!t.ctx) {
        CHECK(0, "default tune: host memory");
        return;
    }
    fake_plain_us = 300;
    fake_spin = 1;
    t.st = kfft_tune(t.ctx, &d, &t.r);
    t.e = (kfft_wisdom_entry){.R = 1000, .is = 1000, .B = 8};
    t.found = kfft_wisdom_lookup(t.ctx->wisdom, &t.e);
    CHECK(!t.st && t.found, "default tune: status %d, entry %d", (int)t.st, t.found);
    if (!t.st && t.r.tuned_ms == t.r.default_ms) {
        CHECK(t.e.regs == 40, "default tune: entry regs %d (want the planner's 40), choice %s", t.e.regs, t.r.choice);
        char *a = NULL, *b = NULL, da[1024], db[1024];
        int sa = schedule_text(t.ctx, &d, 0, &a, da, sizeof da), sb = schedule_text(t.ctx, &d, 1, &b, db, sizeof db);
        CHECK(!sa && !sb && a && b && !strcmp(a, b) && !strcmp(da, db), "default tune: the wisdom's plan is not the default: %s | %s", da, db);
        free(a);
        free(b);
    } else if (!t.st) {
        printf("default tune: a candidate won by noise (%.3f -> %.3f ms): plans not compared\n", t.r.default_ms, t.r.tuned_ms);
    }
    kfft_context_destroy(t.ctx);
    fake_plain_us = fake_spin = 0;
}

int main(void)
{
    /* Primitive roots: g^((p-1)/q) != 1 for every prime q | p-1, checked by brute force
     * (the order of g is p-1: its powers visit every residue). */
    for (int64_t p = 3; p < 3000; p++) {
        int64_t g = kfft_primitive_root(p), f = kfft_max_prime_factor(p);
        if (f != p) {
            CHECK(g == 0, "%lld is not prime but got root %lld", (long long)p, (long long)g);
            continue;
        }
        int64_t x = 1, order = 0;
        do {
            x = x * g % p;
            order++;
        } while (x != 1 && order < p);
        CHECK(order == p - 1, "root %lld of %lld has order %lld", (long long)g, (long long)p, (long long)order);
    }
    CHECK(kfft_primitive_root(17443) > 0 && kfft_primitive_root(17442) == 0, "roots of 17443 and 17442");
    CHECK(kfft_max_prime_factor(52329) == 17443 && kfft_max_prime_factor(1) == 1 && kfft_max_prime_factor(1024) == 2,
          "largest prime factors");

    /* Real data: even lengths whose half fits a block are packed; otherwise two real
     * transforms go as one complex one (R2C's post-step pairs Z[k] with Z[n-k]: in one block,
     * or in a last pass holding both columns of a pair); never for a single transform. */
    real_route(KFFT_R2C, 1024, 4, 2, 1);
    real_route(KFFT_R2C, 8219, 4, 1, 1);   /* Bluestein in one block */
    real_route(KFFT_R2C, 8219, 1, 0, 1);
    real_route(KFFT_R2C, 8191, 3, 1, 1);   /* Rader in one block */
    real_route(KFFT_R2C, 243, 5, 1, 1);
    real_route(KFFT_R2C, 100003, 4, 1, 3); /* Bluestein passes: pairs at n - k, not m - k (ks_pairs) */
    /* Even lengths with a smooth half too long for a block: packed in passes, the last pairing
     * columns j and Ns - j (bench/results/h100-2026-11-26-packpass.txt) */
    real_route(KFFT_R2C, 1 << 20, 2, 2, 2);
    real_route(KFFT_R2C, 1 << 24, 1, 2, 3);
    real_route(KFFT_C2R, 1 << 22, 1, 2, 2);
    real_route(KFFT_R2C, 200000, 1, 2, 2);
    real_route(KFFT_R2C, 52329, 3, 1, 2);   /* a Rader pass, then the pairing radix-3 pass */
    cluster_passes();
    plane_kernels();
    fast_memory_planes();
    bluestein_middles();
    bluestein_pruned();
    padded_index_shift();
    affine_index();
    bluestein_pairs();
    cluster_refit();
    spill_refit();
    cluster_tune();
    rows_tune();
    cols_tune();
    conv_tune();
    pfa_tune();
    conv_choice();
    plane_tune();
    plane_clu_tune();
    default_tune();
    strided_stage_keys();
    stage_entries_replan();
    real_route(KFFT_C2R, 100003, 4, 1, 3);
    real_route(KFFT_C2R, 1 << 20, 2, 2, 2);
    real_route(KFFT_C2R, 200002, 2, 1, 2); /* 100001 = 11 * 9091: two-for-one, Bluestein on 9091 in a pass */
    real_route(KFFT_C2R, 8219, 2, 1, 1);
    real_route(KFFT_C2R, 4096, 2, 2, 1);

    banks(1, (int64_t[]){131072}, "k0 k1", 1); /* (2^16, where Nsight measured them, runs in clusters since session 26) */
    banks(1, (int64_t[]){1 << 20}, "k0 k1", 1);
    banks(3, (int64_t[]){256, 256, 256}, "k1", 1); /* k0: the last two axes' plane kernel */
    banks(2, (int64_t[]){4096, 4096}, "k1", 0); /* unpadded columns: conflicts within them stay */
    banks(2, (int64_t[]){1024, 1024}, "k1", 0);
    conv_and_bounds();
    strided_axes();
    grouped_columns();
    split_twiddles();
    direct_twiddles();
    power_twiddles();
    lone_radix_io();
    fixed_direction();
    conv_blocks();
    packed_real_blocks();
    block_threads_pad();
    fast_memory_pad();
    wide_column_pad();
    c2r_rtw1();
    widest_blocks();
    swizzled_blocks();
    spill_bets();
    c2r_split();
    packed_c2r_columns();
    odd_block_few();
    wide_last_pass();
    staged_rounds();
    strided_blocks();
    column_bounds();
    complex_warps();
    pass_rows();
    bluestein_rows();
    rader_passes();
    factor_bluestein();
    two_prime_passes();
    wide_prime_codelets();
    rader_pfa_rule();
    rader_passes_over_block();
    conv_8192();
    c2r_clamp();
    pass_shapes();
    single_bounds();
    rader_wide_regs();
    rader_f64_regs();
    f64_column_bounds();

    /* Routes on the H100 (bench/results/h100-2026-11-23-rader.txt, -iter.txt). */
    route(127, "bluestein m=256", 1);   /* Rader measured 0.90x of Bluestein */
    route(257, "rader", 1);             /* 1.35x */
    route(1021, "rader", 1);            /* 1020 has 17: 0.82x on the H100, fp32 Rader on the H200 */
    route(4093, "rader", 1);            /* 4092 has 11, 31: likewise (H200 1.06 -> 1.31 of cuFFT) */
    route(2969, "bluestein m=6000", 1); /* 2968 = 8*7*53: no Rader (53 > 31) */
    route(8191, "rader", 1);            /* 1.73x */
    route(8219, "bluestein m=16464", 1); /* 8218 = 2*7*587: no Rader */
    route(17443, "rader", 1);           /* Bluestein would need passes */
    route(52329, "rader", 1);           /* 3 * 17443: a Rader pass with the radix-3 pass in clusters */
    route(14403, "rader", 2);           /* 3 * 4801 */
    route(100003, "bluestein", 3);      /* 100002 = 2*3*7*2381; 2 + 2 passes, the middle two as one */
    route(17152, "rader", 2);           /* 256*67: Rader passes for every prime past the codelets */
    route(16384, "k0 single", 1);
    route(4194304, "k1 pass R=2048", 2); /* power of two: passes sized by the opt-in memory */
    /* complex chains: two passes of 4096 in 139 KB blocks, a thread per butterfly (session 19);
     * packed real chains keep blocks <= 96 KB (three passes) */
    route(16777216, "k1 pass R=4096(16x16x16) B=4 T=1024", 2);
    route(8388608, "k0 pass R=4096(16x16x16) B=4 T=1024", 2);
    route(1000003, "bluestein m=2000376", 5); /* odd-heavy: default-memory passes (4 measured slower) */
    /* Bluestein lengths under 10000 (schedule.c kfft_conv_default): in fp32 a power of two up to
     * 4096 within 6% of the smallest 7-smooth length (bench/results/h100-2026-11-27za-small.txt) */
    route(1999, "bluestein m=4096", 1); /* smallest: 4000 */
    route(251, "bluestein m=512", 1);   /* smallest: 504 */
    route(3967, "bluestein m=7938", 1); /* 8192: mixed, not taken */
    route(1019, "bluestein m=2048", 1); /* the smallest already */
    {
        char d[1024];
        plan1d_prec(KFFT_C2C, KFFT_F64, 1999, 4, d, sizeof d);
        CHECK(strstr(d, "bluestein m=4096") != NULL, "fp64 1999: the power of two expected, as in fp32: %s", d);
    }
    /* fp32 Rader blocks of any size up to 48 KB: a thread per butterfly of the narrowest pass, in
     * whole warps, up to 256, from 4000 points up to 448 (blocks.c every_pass_threads; unbalanced
     * radices too); else the default in whole warps (rader_threads; 2801: 288 measured 1.04x, 160
     * 1.25x; 3457 0.82x at 288); fp64 in whole warps up to 160 threads where one transform a block */
    const struct {
        int64_t n;
        kfft_precision prec;
        const char *want;
    } rthreads[] = {{3121, KFFT_F32, "R=3120(16x15x13) B=1 T=256"}, {1783, KFFT_F32, "R=1782(18x11x9) B=1 T=224"},
                    {433, KFFT_F32, "R=432(27x16) B=4 T=128"},      {2801, KFFT_F32, "R=2800(25x16x7) B=1 T=160"},
                    {3457, KFFT_F32, "R=3456(18x16x12) B=1 T=192"}, {2917, KFFT_F32, "R=2916(18x9x18) B=1 T=192"},
                    {331, KFFT_F32, "R=330(11x6x5) B=4 T=128"},    {4621, KFFT_F32, "R=4620(21x20x11) B=1 T=448"},
                    {1051, KFFT_F64, "R=1050(25x7x6) B=1 T=96"},   {2689, KFFT_F64, "R=2688(16x14x12) B=1 T=168"}};
    for (size_t i = 0; i < sizeof rthreads / sizeof *rthreads; i++) {
        char d[1024];
        plan1d_prec(KFFT_C2C, rthreads[i].prec, rthreads[i].n, 1000, d, sizeof d);
        CHECK(strstr(d, "rader") && strstr(d, rthreads[i].want), "rader %lld: expected \"%s\" in: %s", (long long)rthreads[i].n,
              rthreads[i].want, d);
    }
    /* Radix decompositions: every smooth length in every mode multiplies back, uses codelet
     * lengths (<= 32; balanced <= 21, or the largest prime factor if larger) and none has fewer radices
     * than balanced/widest (they are the fewest under their caps). */
    for (int64_t R = 2; R <= 40000; R++) {
        if (!kfft_is_smooth(R)) continue;
        int cnt[3];
        for (int m = 0; m < 3; m++) {
            int rad[64];
            int n = kfft_codelet_radices(R, rad, 64, m);
            int64_t prod = 1;
            int big = 0;
            for (int i = 0; i < n; i++) {
                prod *= rad[i];
                int64_t cap = m == KFFT_RADIX_BALANCED ? KFFT_BALANCED_MAX_RADIX : 32, pmax = kfft_max_prime_factor(R);
                if (rad[i] > (cap > pmax ? cap : pmax)) big = 1;
            }
            CHECK(n > 0 && prod == R && !big, "R=%lld mode %d: %d radices, product %lld", (long long)R, m, n, (long long)prod);
            cnt[m] = n;
        }
        CHECK(cnt[2] <= cnt[1] && cnt[2] <= cnt[0], "R=%lld: widest has %d radices, balanced %d, narrow %d", (long long)R, cnt[2],
              cnt[1], cnt[0]);
    }
    /* The measured default (bench/results/h100-2026-11-23c-radix.txt). */
    route(6720, "R=6720(21x20x16) B=1 T=512", 1);     /* balanced: +40%; 512 threads: two blocks per SM fit */
    route(17496, "R=17496(18x18x18x3) B=1 T=992", 1); /* +42%; whole warps (972 -> 992) */
    route(1000, "R=1000(10x10x10)", 1);
    route(8219, "R=16464(21x16x7x7) B=1 T=800", 1); /* balanced 14x14x14x6 needs 1176 threads: -25% */
    route(16384, "R=16384(32x32x16) B=1 T=512", 1); /* fp32, padded: 0.90 -> 0.95 of cuFFT (session 11) */
    route(17443, "R=17442(27x19x17x2) B=1 T=1024", 1); /* Rader of >= 12288 points: 1024 threads (session 12) */
    route(52329, "pass R=17442(27x19x17x2) B=1 T=1024", 1); /* and Rader passes (session 16: 1.54 -> 1.68) */
    /* Thread counts of session 12 (bench/results/h100-2026-11-25g-ab.txt): 512 where the widest
     * pass has 300..900 butterflies and the narrowest <= 4096, also one block per SM; whole
     * warps, not up to 1024, elsewhere; Bluestein blocks keep whole warps. */
    route(16464, "R=16464(21x16x7x7) B=1 T=512", 1);
    route(17150, "R=17150(25x7x7x7x2) B=1 T=704", 1); /* narrowest pass: 8575 butterflies */
    route(12000, "B=1 T=1000", 1);
    route(4099, "R=8232(14x14x3x14) B=1 T=608", 1); /* Bluestein: 588 butterflies in whole warps, not 512 */
    /* fp32 blocks over 4096 points with an odd part above 3 (session 14, bench/results/
     * h100-2026-11-25i-f32.txt): balanced radices of at most 10 points with 512 threads, unless
     * three are 9s; else 512 threads up to 48 KB; larger blocks keep odd_block_threads. */
    route(10000, "R=10000(10x10x10x10) B=1 T=512", 1);
    route(7000, "R=7000(10x10x10x7) B=1 T=512", 1);
    route(5400, "R=5400(20x18x15) B=1 T=512", 1);
    route(6561, "R=6561(27x27x9) B=1 T=256", 1); /* 9x9x9x9 lost */
    route(4374, "R=4374(9x9x9x6) B=1 T=256", 1); /* three 9s: defaults */
    route(11664, "R=11664(27x27x16) B=1 T=512", 1); /* 91 KB: odd_block_threads */
    {
        char d[1024];
        plan1d_of(KFFT_C2R, 16384, 4, d, sizeof d); /* the packed C2R's 8192 points */
        CHECK(strstr(d, "R=8192(32x32x8) B=1 T=256") != NULL, "c2r 16384: %s", d);
    }
    /* fp64 one-kernel blocks (session 13, bench/results/h100-2026-11-25h-f64.txt): balanced
     * radices with 512 threads over 48 KB where the odd part exceeds 3 and the balanced set
     * has at most four radices (else the narrow ones in whole warps, session 46; from 10000
     * points, 13-smooth without a convolution, the narrow ones where they have a radix of 25 or
     * more: 11700 since session 47; Rader's 12096 keeps the balanced ones); the widest
     * radices with 256 threads for Bluestein's 8192 points and the packed C2R's. */
    const struct {
        kfft_type type;
        int64_t n;
        const char *want;
    } f64r[] = {
        {KFFT_C2C, 6720, "R=6720(21x20x16) B=1 T=512"},   {KFFT_C2C, 10000, "R=10000(25x25x16) B=1 T=512"},
        {KFFT_C2C, 7681, "R=7680(8x12x10x8) B=1 T=512"},  {KFFT_C2C, 3125, "R=3125(25x25x5) B=1 T=128"}, /* 5^5: kept, whole warps */
        {KFFT_C2C, 12500, "R=12500(25x25x5x4) B=1 T=512"}, {KFFT_C2C, 3000, "R=3000(25x15x8) B=1 T=120"}, /* 47 KB */
        {KFFT_C2C, 8192, "R=8192(16x16x16x2) B=1 T=512"}, {KFFT_C2C, 4093, "m=8192 | k0 single R=8192(32x8x32) B=1 T=256"},
        {KFFT_C2C, 4049, "R=8100(10x9x9x10) B=1 T=810"},  {KFFT_C2R, 16384, "R=8192(32x32x8) B=1 T=256"},
        {KFFT_R2C, 16384, "R=8192(16x16x16x2) B=1 T=512"}, {KFFT_C2C, 10080, "R=10080(12x12x10x7) B=1 T=512"},
        {KFFT_C2C, 11700, "R=11700(25x13x9x4) B=1 T=512"}, {KFFT_C2C, 12097, "R=12096(12x12x7x12) B=1 T=512"},
        /* a widest radix of 23..31: a thread per butterfly of its pass (session 80); 17, 19, a 19 behind 21: 512 */
        {KFFT_C2C, 7406, "R=7406(23x23x14) B=1 T=352"},   {KFFT_C2C, 3627, "R=3627(31x13x9) B=1 T=128"},
        {KFFT_C2C, 5022, "R=5022(31x27x6) B=1 T=192"},    {KFFT_C2R, 8671, "R=8671(29x23x13) B=1 T=320"},
        {KFFT_C2C, 4199, "R=4199(19x17x13) B=1 T=512"},   {KFFT_C2C, 5985, "R=5985(21x19x15) B=1 T=512"},
        {KFFT_C2C, 12144, "R=12144(23x22x12x2) B=1 T=512"},
        /* over 64 KB, three radices, the widest 17, 18 or 20: a thread per butterfly of the narrowest
         * radix's pass up to 320, bound to two blocks; a widest 19, 512 */
        {KFFT_C2C, 4500, "R=4500(20x15x15) B=1 T=320 L=128 regs=102"}, {KFFT_C2C, 4608, "R=4608(18x16x16) B=1 T=288 L=128 regs=113"},
        {KFFT_C2C, 4256, "R=4256(19x16x14) B=1 T=512"},
    };
    for (size_t i = 0; i < sizeof f64r / sizeof *f64r; i++) {
        char d[1024];
        plan1d_prec(f64r[i].type, KFFT_F64, f64r[i].n, 4, d, sizeof d);
        CHECK(strstr(d, f64r[i].want) != NULL, "fp64 %lld: expected \"%s\" in: %s", (long long)f64r[i].n, f64r[i].want, d);
    }
    if (fails) {
        printf("%d failures\n", fails);
        return 1;
    }
    printf("plan routes and number theory: all checks passed\n");
    return 0;
}
