/* Every dense transform type, rank, layout and normalization against FFTW's guru64
 * interface in double precision, on exactly the same layout.
 *
 *   test_dense [--backend cuda|opencl|auto] [--prec f32|f64|both] --set NAME [--sizes LIST]
 *
 * Sets: real-small (R2C and C2R, 1-D, n = 1..64), real-sample (a fixed sample to 100003),
 * real-full (1..1024 plus the large sizes: the GPU check), nd (2-D and 3-D shapes mixing
 * prime, odd, even and power-of-two axes), nd-large (the GPU check's big shapes), layout
 * (strided, batched, embedded and guru layouts; numpy-style axes), norm (each normalization),
 * errors (bad layouts get clear errors). --sizes LIST|large replaces the size list of the
 * real sets (large: the large sizes of test_sizes.h).
 * --nvrtc: instead of running, compile every case's CUDA-dialect kernels with NVRTC for
 * sm_90 (no GPU needed), so CI catches CUDA-only errors in kernels it runs on OpenCL.
 *
 * Each case: fresh random input (C2R input is the spectrum of random real data, so it is
 * Hermitian in every axis), output poisoned with NaN, relative L2 error over the elements
 * the transform defines, bound 2e-7*log2(N) (f32) / 2e-16*log2(N) (f64), N the product of
 * the transformed lengths. */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kfft.h"
#include "plan/plan.h"
#include "test_h100.h"
#include "test_sizes.h"

typedef struct {
    kfft_context ctx;
    int nvrtc; /* compile-check mode */
    int full;  /* real-full: in place and out of place for every size */
    int prec;
    double worst_l2[2];
    int failures, checks;
    unsigned long long rng;
} T;

static double urand(T *t)
{
    t->rng = t->rng * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(t->rng >> 11) / 9007199254740992.0 * 2 - 1;
}

/* One case: a guru description (strides in elements of each side's type), in place or not. */
typedef struct {
    kfft_guru_desc g;
    int inplace;
    int via_desc;        /* build the plan from this plan-many description instead */
    kfft_plan_desc d;
    char name[160];
} tcase;

static int is_real_in(const tcase *c) { return c->g.type == KFFT_R2C; }
static int is_real_out(const tcase *c) { return c->g.type == KFFT_C2R; }

static int64_t side_len(const tcase *c, int i, int out)
{
    const kfft_guru_desc *g = &c->g;
    if (i >= g->rank) return g->howmany[i - g->rank].n;
    int64_t n = g->dims[i].n;
    if (i != g->rank - 1 || g->type == KFFT_C2C) return n;
    int complex_side = g->type == KFFT_R2C ? out : !out;
    return complex_side ? n / 2 + 1 : n;
}

static int64_t side_stride(const tcase *c, int i, int out)
{
    const kfft_dim *d = i < c->g.rank ? &c->g.dims[i] : &c->g.howmany[i - c->g.rank];
    return out ? d->os : d->is;
}

/* Calls f(offset, user) for every element of a side, in index order. */
static void each_elem(const tcase *c, int out, void (*f)(int64_t, void *), void *user)
{
    int nd = c->g.rank + c->g.howmany_rank;
    int64_t idx[16] = {0};
    for (;;) {
        int64_t off = 0;
        for (int i = 0; i < nd; i++) off += idx[i] * side_stride(c, i, out);
        f(off, user);
        int i = nd - 1;
        while (i >= 0 && ++idx[i] == side_len(c, i, out)) idx[i--] = 0;
        if (i < 0) break;
    }
}

static int64_t span(const tcase *c, int out)
{
    int64_t s = 1;
    for (int i = 0; i < c->g.rank + c->g.howmany_rank; i++) s += (side_len(c, i, out) - 1) * side_stride(c, i, out);
    return s;
}

static double bound(const tcase *c, int f64)
{
    double n = 1;
    for (int a = 0; a < c->g.rank; a++) n *= (double)c->g.dims[a].n;
    double l = n >= 2 ? log2(n) : 1;
    return (f64 ? 2e-16 : 2e-7) * (l < 1 ? 1 : l);
}

typedef struct {
    const double *ref;
    const void *got;
    int prec, comps; /* 1 real, 2 complex */
    double num, den;
    int nan;
} cmp_acc;

static void cmp_one(int64_t off, void *u)
{
    cmp_acc *a = u;
    for (int k = 0; k < a->comps; k++) {
        size_t i = (size_t)off * (size_t)a->comps + (size_t)k;
        double g = a->prec ? ((const double *)a->got)[i] : ((const float *)a->got)[i];
        if (g != g) a->nan = 1;
        double d = g - a->ref[i];
        a->num += d * d;
        a->den += a->ref[i] * a->ref[i];
    }
}

/* FFTW guru64 reference on the same layout, in double; in is consumed. */
static void reference(const tcase *c, int dir, double *in, double *out)
{
    fftw_iodim64 dims[KFFT_MAX_DIMS], hm[KFFT_MAX_DIMS];
    for (int a = 0; a < c->g.rank; a++) dims[a] = (fftw_iodim64){c->g.dims[a].n, c->g.dims[a].is, c->g.dims[a].os};
    for (int a = 0; a < c->g.howmany_rank; a++)
        hm[a] = (fftw_iodim64){c->g.howmany[a].n, c->g.howmany[a].is, c->g.howmany[a].os};
    fftw_plan p;
    if (c->g.type == KFFT_R2C)
        p = fftw_plan_guru64_dft_r2c(c->g.rank, dims, c->g.howmany_rank, hm, in, (fftw_complex *)out, FFTW_ESTIMATE);
    else if (c->g.type == KFFT_C2R)
        p = fftw_plan_guru64_dft_c2r(c->g.rank, dims, c->g.howmany_rank, hm, (fftw_complex *)in, out, FFTW_ESTIMATE);
    else
        p = fftw_plan_guru64_dft(c->g.rank, dims, c->g.howmany_rank, hm, (fftw_complex *)in, (fftw_complex *)out,
                                 dir == KFFT_INVERSE ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
    fftw_execute(p);
    fftw_destroy_plan(p);
}

typedef struct {
    T *t;
    double *x;
    int comps;
} fill_acc;

static void fill_one(int64_t off, void *u)
{
    fill_acc *a = u;
    for (int k = 0; k < a->comps; k++) a->x[(size_t)off * (size_t)a->comps + (size_t)k] = urand(a->t);
}

static void round_to(int prec, double *x, size_t count)
{
    if (!prec)
        for (size_t i = 0; i < count; i++) x[i] = (float)x[i];
}

/* C2R input: the R2C spectrum of random reals laid out as the case's input. */
static void hermitian_input(T *t, const tcase *c, double *x)
{
    tcase r = *c;
    r.g.type = KFFT_R2C;
    /* real data contiguous; the spectrum in the case's input layout */
    int nd = c->g.rank + c->g.howmany_rank;
    int64_t acc = 1;
    for (int i = nd - 1; i >= 0; i--) {
        kfft_dim *d = i < r.g.rank ? &r.g.dims[i] : &r.g.howmany[i - r.g.rank];
        d->os = i < c->g.rank ? c->g.dims[i].is : c->g.howmany[i - c->g.rank].is;
        d->is = acc;
        acc *= i < r.g.rank ? r.g.dims[i].n : d->n;
    }
    double *real = malloc((size_t)acc * sizeof(double));
    for (int64_t i = 0; i < acc; i++) real[i] = urand(t);
    reference(&r, KFFT_FORWARD, real, x);
    free(real);
}

static void scale_all(double *x, size_t count, double s)
{
    for (size_t i = 0; i < count; i++) x[i] *= s;
}

/* --nvrtc: the case's CUDA source, planned for an H100, through NVRTC. */
static void nvrtc_case(T *t, tcase *c)
{
    kfft_device_info info = test_h100_info("sm_90");
    kfft_problem pr;
    kfft_schedule s;
    strbuf src;
    kfft_status st = c->via_desc ? kfft_problem_from_desc(&c->d, &pr) : kfft_problem_from_guru(&c->g, &pr);
    if (!st) st = kfft_schedule_build(&pr, &info, &s);
    if (!st) {
        st = kfft_schedule_source(&s, KS_DIALECT_CUDA, &src);
        kfft_schedule_free(&s);
    }
    if (!st) {
        st = kfft_nvrtc_check(src.s, "sm_90");
        sb_free(&src);
    }
    t->checks++;
    if (st) {
        printf("FAIL %s %s: %s\n", c->name, t->prec ? "f64" : "f32", kfft_error_message());
        t->failures++;
    }
}

static void run_case(T *t, tcase *c, int dir)
{
    int prec = t->prec;
    c->g.precision = prec ? KFFT_F64 : KFFT_F32;
    c->d.precision = c->g.precision;
    if (t->nvrtc) {
        if (dir != KFFT_INVERSE || c->g.type != KFFT_C2C) nvrtc_case(t, c); /* one program per case */
        return;
    }
    kfft_plan plan;
    kfft_status st = c->via_desc ? kfft_plan_create(t->ctx, &c->d, &plan) : kfft_plan_create_guru(t->ctx, &c->g, &plan);
    t->checks++;
    if (st) {
        printf("FAIL %s %s: plan: %s\n", c->name, prec ? "f64" : "f32", kfft_error_message());
        t->failures++;
        return;
    }
    int ci = is_real_in(c) ? 1 : 2, co = is_real_out(c) ? 1 : 2;
    int64_t si = span(c, 0), so = span(c, 1);
    size_t rb = prec ? 8 : 4;
    size_t ib = (size_t)si * ci * rb, ob = (size_t)so * co * rb;
    size_t pi, po;
    kfft_plan_buffer_sizes(plan, &pi, &po);
    if (pi != ib || po != ob) {
        printf("FAIL %s: buffer sizes %zu/%zu, expected %zu/%zu\n", c->name, pi, po, ib, ob);
        t->failures++;
    }
    size_t bufb = c->inplace ? (ib > ob ? ib : ob) : ib;
    double *x = calloc((size_t)(c->inplace && so * co > si * ci ? so * co : si * ci), sizeof(double));
    double *ref = calloc((size_t)(so * co), sizeof(double));
    void *hin = calloc(1, bufb), *hout = malloc(c->inplace ? bufb : ob);
    if (c->g.type == KFFT_C2R)
        hermitian_input(t, c, x);
    else {
        fill_acc fa = {t, x, ci};
        each_elem(c, 0, fill_one, &fa);
    }
    round_to(prec, x, (size_t)(si * ci));
    for (size_t i = 0; i < (size_t)(si * ci); i++)
        if (prec) ((double *)hin)[i] = x[i];
        else ((float *)hin)[i] = (float)x[i];
    /* reference (FFTW may overwrite its input) */
    reference(c, dir, x, ref);
    double n = 1;
    for (int a = 0; a < c->g.rank; a++) n *= (double)c->g.dims[a].n;
    kfft_norm nm = c->via_desc ? c->d.norm : c->g.norm;
    int inv = dir == KFFT_INVERSE;
    double s = nm == KFFT_NORM_ORTHO ? 1 / sqrt(n) : (nm == KFFT_NORM_BACKWARD && inv) || (nm == KFFT_NORM_FORWARD && !inv) ? 1 / n : 1;
    scale_all(ref, (size_t)(so * co), s);

    kfft_buffer din = NULL, dout = NULL;
    st = kfft_malloc(t->ctx, bufb, &din);
    if (!st && !c->inplace) st = kfft_malloc(t->ctx, ob, &dout);
    for (size_t i = 0; i < (c->inplace ? bufb : ob) / rb; i++)
        if (prec) ((double *)hout)[i] = NAN;
        else ((float *)hout)[i] = NAN;
    if (c->inplace) {
        /* poison the bytes the input does not cover */
        memcpy(hout, hin, ib);
        if (!st) st = kfft_memcpy_h2d(t->ctx, din, hout, bufb);
    } else {
        if (!st) st = kfft_memcpy_h2d(t->ctx, din, hin, ib);
        if (!st) st = kfft_memcpy_h2d(t->ctx, dout, hout, ob);
    }
    if (!st) st = kfft_execute(plan, din, c->inplace ? din : dout, dir);
    if (!st) st = kfft_memcpy_d2h(t->ctx, hout, c->inplace ? din : dout, ob);
    if (!st) st = kfft_context_synchronize(t->ctx);
    if (st) {
        printf("FAIL %s %s: execute: %s\n", c->name, prec ? "f64" : "f32", kfft_error_message());
        t->failures++;
    } else {
        cmp_acc a = {ref, hout, prec, co, 0, 0, 0};
        each_elem(c, 1, cmp_one, &a);
        double l2 = a.den > 0 ? sqrt(a.num / a.den) : sqrt(a.num);
        if (!a.nan && l2 > t->worst_l2[prec]) t->worst_l2[prec] = l2;
        if (a.nan || !(l2 <= bound(c, prec))) {
            t->failures++;
            printf("FAIL %s %s %s: rel L2 %.3e (bound %.3e)%s [%s]\n", c->name, prec ? "f64" : "f32", inv ? "inverse" : "forward",
                   l2, bound(c, prec), a.nan ? " NaN/unwritten output" : "", kfft_plan_describe(plan));
        }
    }
    fflush(stdout);
    if (din) kfft_free(t->ctx, din);
    if (dout) kfft_free(t->ctx, dout);
    kfft_plan_destroy(plan);
    free(x);
    free(ref);
    free(hin);
    free(hout);
}

static void run(T *t, tcase *c)
{
    if (c->g.type == KFFT_C2C) {
        run_case(t, c, KFFT_FORWARD);
        run_case(t, c, KFFT_INVERSE);
    } else {
        run_case(t, c, c->g.type == KFFT_R2C ? KFFT_FORWARD : KFFT_INVERSE);
    }
}

/* Contiguous batch of rank-r transforms through the plan-many description (defaults). */
static tcase simple(kfft_type type, int rank, const int64_t *n, int64_t batch, int inplace)
{
    tcase c;
    memset(&c, 0, sizeof c);
    c.via_desc = 1;
    c.inplace = inplace;
    c.d.type = type;
    c.d.rank = rank;
    c.d.batch = batch;
    c.d.flags = inplace ? KFFT_PLAN_INPLACE : 0;
    for (int a = 0; a < rank; a++) c.d.n[a] = n[a];
    /* the same layout in guru form, for the reference */
    c.g.type = type;
    c.g.rank = rank;
    c.g.howmany_rank = 1;
    int64_t ai = 1, ao = 1;
    for (int a = rank - 1; a >= 0; a--) {
        int64_t li = n[a], lo = n[a];
        if (a == rank - 1 && type == KFFT_R2C) {
            li = inplace ? 2 * (n[a] / 2 + 1) : n[a];
            lo = n[a] / 2 + 1;
        } else if (a == rank - 1 && type == KFFT_C2R) {
            li = n[a] / 2 + 1;
            lo = inplace ? 2 * (n[a] / 2 + 1) : n[a];
        }
        c.g.dims[a] = (kfft_dim){n[a], ai, ao};
        ai *= li;
        ao *= lo;
    }
    c.g.howmany[0] = (kfft_dim){batch, ai, ao};
    static const char *tn[] = {"c2c", "r2c", "c2r"};
    int o = snprintf(c.name, sizeof c.name, "%s ", tn[type]);
    for (int a = 0; a < rank; a++) o += snprintf(c.name + o, sizeof c.name - (size_t)o, "%s%lld", a ? "x" : "", (long long)n[a]);
    snprintf(c.name + o, sizeof c.name - (size_t)o, " batch=%lld%s", (long long)batch, inplace ? " in-place" : "");
    return c;
}

static void real_sizes(T *t, const long long *sizes, int ns)
{
    for (int i = 0; i < ns; i++) {
        int64_t n = sizes[i], b = test_batch(n);
        /* in place on every third size keeps CI time down; real-full (the GPU check) does both */
        for (int ty = KFFT_R2C; ty <= KFFT_C2R; ty++)
            for (int ip = 0; ip < 2; ip++) {
                if (!t->full && ip != (i % 3 == 0)) continue;
                tcase c = simple((kfft_type)ty, 1, &n, b, ip);
                run(t, &c);
            }
    }
}

/* R2C through Bluestein's passes, two-for-one: the last pass pairs column j with (n - j) mod Ns
 * (kspec.h: ks_pairs), here with no fixed column (4099 on 48 KB blocks, 100003), one (32771:
 * odd Ns) and two (16438), odd batches (the last column's second transform absent) and in
 * place. */
static void bluestein_pairs(T *t)
{
    static const int64_t n[] = {4099, 16438, 32771, 100003};
    for (size_t i = 0; i < sizeof n / sizeof *n; i++)
        for (int b = 3; b <= 5; b += 2) {
            tcase c = simple(KFFT_R2C, 1, &n[i], b, b == 5);
            run(t, &c);
        }
}

static void nd_shapes(T *t, int large)
{
    static const int64_t small[][4] = { /* rank, n0, n1, n2 */
        {2, 4, 4},    {2, 8, 6},     {2, 5, 7},     {2, 17, 32},  {2, 64, 64},  {2, 31, 12},  {2, 128, 97},
        {2, 1, 16},   {2, 16, 1},    {2, 243, 10}, {2, 2, 1031}, {2, 1031, 3}, {3, 4, 4, 4}, {3, 3, 5, 7},
        {3, 8, 17, 6}, {3, 16, 16, 16}, {3, 2, 3, 2}, {3, 1, 9, 8},  {3, 27, 1, 5}, {3, 11, 13, 2},
        /* long strided axes: transform-fastest passes (kspec.h: tfast) where a block holds too few columns */
        {2, 2048, 12}, {2, 1536, 5}, {3, 1600, 2, 9}, {3, 3, 2000, 8},
        /* strided axes in passes with grouped columns (kspec.h: tgrp) on OpenCL's 48 KB blocks: a
         * Rader pass (6051 = 3 * 2017), Bluestein passes; whole groups and a partial one */
        {2, 6051, 6}, {2, 7001, 4}, {3, 6700, 3, 3},
        /* ... and a small prime's Rader pass (6464 = 64 x 101, 16 columns a block) */
        {2, 6464, 3},
        /* ... and Bluestein on a prime factor (5312 = 64 x 83, 82 = 2 x 41: a pass of 168-point convolutions) */
        {2, 5312, 3}, {3, 2, 5312, 2},
        /* ... and two prime passes (6142 = 2 x 37 x 83: Bluestein on 83, Rader on 37 with twiddles) */
        {2, 6142, 3},
        /* ... and with no rest, the second storing the output (3233 = 53 x 61: Rader, Rader; 8051 =
         * 97 x 83: Bluestein on 83 last, in grouped columns), also a single R2C's half spectrum
         * (1 x 3233: batch 1 at an even index) */
        {2, 3233, 3}, {2, 1, 3233}, {2, 8051, 3},
        /* a padded Bluestein block of several columns (887: 1792 = 16x7x16, four a block) */
        {2, 887, 24},
        /* the last two axes in one kernel (kspec.h: plane): planes of power-of-two, odd and mixed rows */
        {3, 6, 32, 48}, {2, 40, 100}, {3, 3, 128, 128}, {2, 36, 30}, {3, 128, 96, 96}};
    static const int64_t big[][4] = {{2, 1024, 1024}, {2, 8219, 64}, {2, 64, 8219}, {2, 3345, 3345}, {3, 243, 243, 243},
                                     {3, 128, 128, 128}, {2, 4096, 4096}, {2, 17, 100003},
                                     {2, 16384, 256}, {2, 8192, 600}, {3, 9000, 4, 8},
                                     /* grouped columns on the H100 (tgrp): a Rader pass + radix 3, Bluestein passes */
                                     {2, 52329, 6}, {2, 100003, 5},
                                     /* planes in clusters of blocks on the H100 (kspec.h: plane, clu): fp32 256^2 in four (C2R's packed
                                      * 256 x 128 too: in place here, out of place in the next), fp64 128^2 in eight; real
                                      * planes of 512 x 64 and 128 x 256 packed in four */
                                     {3, 130, 256, 256}, {3, 129, 256, 256}, {3, 130, 128, 128}, {3, 130, 512, 128}, {3, 129, 128, 512},
                                     /* real columns bound to two blocks per SM on 4 TB/s devices, complex columns of two blocks
                                      * per SM by shared memory unbound there, whole warps (blocks.c blk_columns_bound,
                                      * blk_complex_threads) */
                                     {2, 1000, 1000}, {3, 480, 48, 64}, {2, 1920, 200}, {2, 2520, 48}, {2, 40, 2025},
                                     /* a strided 65536 axis in passes of 128-byte rows on 4 TB/s devices (schedule.c: wide_rows) */
                                     {2, 65536, 16},
                                     /* strided axes that are not powers of two in such passes: fp32 all but the last pass
                                      * (24576 = 192 x 128), fp64 the last (300000 = 500 x 600) */
                                     {2, 24576, 16}, {2, 300000, 2},
                                     /* rows of 8192 and 16384: the packed R2C's 32 and 64 KB blocks and the C2R's 32 KB one
                                      * swizzled on 4 TB/s devices, the R2C's 64 KB one three blocks per SM (blocks.c
                                      * blk_packed_swizzle) */
                                     {2, 24, 16384}, {2, 40, 8192},
                                     /* Rader's passes over a one-block Bluestein (schedule.c: rader_passes_over_block) on
                                      * strided columns (fp32 12225 = 75 x 163, fp64 5475 = 75 x 73) and an fp64 odd real
                                      * length (5105 = 5 x 1021, its rows) */
                                     {2, 12225, 16}, {2, 5475, 16}, {2, 16, 5105}};
    int count = large ? (int)(sizeof big / sizeof *big) : (int)(sizeof small / sizeof *small);
    for (int i = 0; i < count; i++) {
        const int64_t *s = large ? big[i] : small[i];
        int rank = (int)s[0];
        int64_t b = large ? 1 : (i % 2 ? 2 : 1);
        for (int ty = 0; ty < 3; ty++) {
            tcase c = simple((kfft_type)ty, rank, s + 1, b, (i + ty) % 2);
            run(t, &c);
        }
    }
}

static tcase guru(kfft_type type, int rank, const kfft_dim *dims, int hr, const kfft_dim *hm, const char *name)
{
    tcase c;
    memset(&c, 0, sizeof c);
    c.g.type = type;
    c.g.rank = rank;
    c.g.howmany_rank = hr;
    for (int a = 0; a < rank; a++) c.g.dims[a] = dims[a];
    for (int a = 0; a < hr; a++) c.g.howmany[a] = hm[a];
    snprintf(c.name, sizeof c.name, "%s", name);
    return c;
}

/* An R2C and a C2R of batch n1 x n2 planes with padded rows (the real ones rrow apart, the
 * complex ones crow) and padded batches (6 and 3 elements more than the planes). */
static void padded_real_planes(T *t, int64_t n1, int64_t n2, int64_t batch, int64_t rrow, int64_t crow)
{
    char name[160];
    for (int c2r = 0; c2r < 2; c2r++) {
        int64_t is = c2r ? crow : rrow, os = c2r ? rrow : crow, id = n1 * is + (c2r ? 3 : 6), od = n1 * os + (c2r ? 6 : 3);
        kfft_dim d[2] = {{n1, is, os}, {n2, 1, 1}}, h = {batch, id, od};
        snprintf(name, sizeof name, "%s %lldx%lld batch=%lld is=%lld,1 os=%lld,1 idist=%lld odist=%lld", c2r ? "c2r" : "r2c", (long long)n1,
                 (long long)n2, (long long)batch, (long long)is, (long long)os, (long long)id, (long long)od);
        tcase c = guru(c2r ? KFFT_C2R : KFFT_R2C, 2, d, 1, &h, name);
        run(t, &c);
    }
}

static void layouts(T *t)
{
    /* plan-many: strided input (istride 2), interleaved output (idist < n) */
    {
        tcase c = simple(KFFT_C2C, 1, (int64_t[]){12}, 4, 0);
        c.d.istride = 2;
        c.d.idist = 30;
        c.d.ostride = 4;
        c.d.odist = 1;
        c.g.dims[0] = (kfft_dim){12, 2, 4};
        c.g.howmany[0] = (kfft_dim){4, 30, 1};
        snprintf(c.name, sizeof c.name, "c2c 12 batch=4 istride=2 idist=30 ostride=4 odist=1");
        run(t, &c);
    }
    /* embedded 2-D: rows padded on both sides */
    for (int ty = 0; ty < 3; ty++) {
        tcase c = simple((kfft_type)ty, 2, (int64_t[]){6, 10}, 3, 0);
        c.d.inembed[1] = 13;
        c.d.onembed[1] = 14;
        c.d.istride = 1;
        c.g.dims[0] = (kfft_dim){6, 13, 14};
        c.g.dims[1] = (kfft_dim){10, 1, 1};
        c.g.howmany[0] = (kfft_dim){3, 6 * 13, 6 * 14};
        snprintf(c.name, sizeof c.name, "%s 6x10 batch=3 inembed=13 onembed=14", ty == 0 ? "c2c" : ty == 1 ? "r2c" : "c2r");
        run(t, &c);
    }
    /* two axes in one kernel (kspec.h: plane) from padded planes on both sides, and from
     * interleaved batches (no plane: the batch axis is the fastest) */
    {
        kfft_dim d[2] = {{48, 40, 41}, {40, 1, 1}}, h = {3, 48 * 40 + 7, 48 * 41 + 5};
        tcase c = guru(KFFT_C2C, 2, d, 1, &h, "c2c 48x40 batch=3 is=40,1 os=41,1 idist=1927 odist=1973");
        run(t, &c);
        kfft_dim e[2] = {{48, 120, 120}, {40, 3, 3}}, h2 = {3, 1, 1};
        tcase c2 = guru(KFFT_C2C, 2, e, 1, &h2, "c2c 48x40 batch=3 interleaved");
        run(t, &c2);
        /* real planes (R2C's first stage, C2R's last) from padded rows and batches: one block;
         * on the H100 (fp32) 256 x 256 in clusters of four blocks (planes.c), each block storing
         * rows u and -u of the R2C from the plane's row 0, elsewhere a kernel per axis */
        padded_real_planes(t, 48, 64, 3, 70, 37);
        padded_real_planes(t, 256, 256, 128, 262, 131);
        /* real rows strided by two (no plane) */
        kfft_dim rs[2] = {{48, 140, 33}, {64, 2, 1}}, hs = {2, 48 * 140, 48 * 33};
        tcase c5 = guru(KFFT_R2C, 2, rs, 1, &hs, "r2c 48x64 batch=2 is=140,2 os=33,1");
        run(t, &c5);
    }
    /* R2C with a non-unit real stride and idist < n (interleaved batch) */
    {
        kfft_dim d = {15, 3, 1}, h = {3, 1, 8};
        tcase c = guru(KFFT_R2C, 1, &d, 1, &h, "r2c 15 is=3 idist=1 (interleaved) os=1 odist=8");
        run(t, &c);
        kfft_dim d2 = {16, 1, 3}, h2 = {3, 9, 1};
        tcase c2 = guru(KFFT_C2R, 1, &d2, 1, &h2, "c2r 16 is=1 idist=9 os=3 odist=1 (interleaved)");
        run(t, &c2);
    }
    /* numpy axes: a C-order 4x6x10 complex array, each subset of axes */
    static const int subsets[][4] = {{1, 0}, {1, 1}, {1, 2}, {2, 0, 1}, {2, 0, 2}, {2, 1, 2}, {3, 0, 1, 2}};
    int64_t shp[3] = {4, 6, 10}, str[3] = {60, 10, 1};
    for (size_t i = 0; i < sizeof subsets / sizeof *subsets; i++) {
        kfft_dim dims[3], hm[3];
        int r = subsets[i][0], h = 0, in[3] = {0};
        char name[64];
        int o = snprintf(name, sizeof name, "c2c 4x6x10 axes=(");
        for (int k = 0; k < r; k++) {
            int ax = subsets[i][k + 1];
            in[ax] = 1;
            dims[k] = (kfft_dim){shp[ax], str[ax], str[ax]};
            o += snprintf(name + o, sizeof name - (size_t)o, "%s%d", k ? "," : "", ax);
        }
        snprintf(name + o, sizeof name - (size_t)o, ")");
        for (int ax = 0; ax < 3; ax++)
            if (!in[ax]) hm[h++] = (kfft_dim){shp[ax], str[ax], str[ax]};
        tcase c = guru(KFFT_C2C, r, dims, h, hm, name);
        run(t, &c);
        c.inplace = 1;
        snprintf(c.name + strlen(c.name), sizeof c.name - strlen(c.name), " in-place");
        run(t, &c);
    }
    /* real transform along axis 1 of a 5x12x3 real array (numpy rfft(x, axis=1)) */
    {
        kfft_dim d = {12, 3, 3};
        kfft_dim hm[2] = {{5, 36, 21}, {3, 1, 1}};
        tcase c = guru(KFFT_R2C, 1, &d, 2, hm, "r2c 5x12x3 axis=1");
        run(t, &c);
        kfft_dim dc = {12, 3, 3};
        kfft_dim hmc[2] = {{5, 21, 36}, {3, 1, 1}};
        tcase c2 = guru(KFFT_C2R, 1, &dc, 2, hmc, "c2r 5x7x3 -> 5x12x3 axis=1");
        run(t, &c2);
        /* odd length: two-for-one pairs transforms across the two outer digits (15 of them) */
        kfft_dim d3 = {13, 3, 3};
        kfft_dim hm3[2] = {{5, 39, 21}, {3, 1, 1}};
        tcase c3 = guru(KFFT_R2C, 1, &d3, 2, hm3, "r2c 5x13x3 axis=1");
        run(t, &c3);
        kfft_dim hmc3[2] = {{5, 21, 39}, {3, 1, 1}};
        tcase c4 = guru(KFFT_C2R, 1, &d3, 2, hmc3, "c2r 5x7x3 -> 5x13x3 axis=1");
        run(t, &c4);
    }
    /* a large multi-pass axis that is strided */
    {
        kfft_dim d = {65536, 2, 2}, h = {2, 1, 1};
        tcase c = guru(KFFT_C2C, 1, &d, 1, &h, "c2c 65536 stride 2 interleaved batch 2");
        run(t, &c);
    }
    /* Real transforms over pseudo-random layouts (the choices fixed, the data fresh): strides,
     * padded distances and batches 1..7, so two-for-one pairs (and leaves one alone) whatever
     * the layout. */
    unsigned long long L = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 12; i++) {
        L = L * 6364136223846793005ull + 1442695040888963407ull;
        unsigned r = (unsigned)(L >> 33);
        kfft_type ty = r & 1 ? KFFT_C2R : KFFT_R2C;
        int64_t n = 2 + (r >> 1) % 300, b = 1 + (r >> 10) % 7, is = 1 + (r >> 14) % 2, os = 1 + (r >> 15) % 2;
        int64_t ni = ty == KFFT_R2C ? n : n / 2 + 1, no = ty == KFFT_R2C ? n / 2 + 1 : n;
        kfft_dim d = {n, is, os}, h = {b, ni * is + (r >> 16) % 3, no * os + (r >> 18) % 3};
        char name[120];
        snprintf(name, sizeof name, "%s %lld batch=%lld is=%lld os=%lld idist=%lld odist=%lld", ty == KFFT_R2C ? "r2c" : "c2r",
                 (long long)n, (long long)b, (long long)is, (long long)os, (long long)h.is, (long long)h.os);
        tcase c = guru(ty, 1, &d, 1, &h, name);
        run(t, &c);
    }
    /* two-for-one in passes with a lone last transform (odd batch): R2C's pairing last pass
     * (59049 = 3^10: mixed-radix passes; 6933 = 3 * 2311: a Rader pass first), C2R's paired load */
    for (int ty = KFFT_R2C; ty <= KFFT_C2R; ty++) {
        int64_t n1 = 59049, n2 = 6933;
        tcase c = simple((kfft_type)ty, 1, &n1, 3, ty == KFFT_C2R);
        run(t, &c);
        tcase c2 = simple((kfft_type)ty, 1, &n2, 3, ty == KFFT_R2C);
        run(t, &c2);
    }
    /* The packed route in passes (2^18) with strided real and complex sides and padded
     * distances: the paired loads and stores of reals at stride 2, the R2C pairing last pass
     * writing at stride 3. */
    for (int ty = KFFT_R2C; ty <= KFFT_C2R; ty++) {
        int64_t n = 262144, nh = n / 2 + 1;
        kfft_dim d = ty == KFFT_R2C ? (kfft_dim){n, 2, 3} : (kfft_dim){n, 3, 2};
        kfft_dim h = ty == KFFT_R2C ? (kfft_dim){3, 2 * n + 5, 3 * nh + 1} : (kfft_dim){3, 3 * nh + 1, 2 * n + 5};
        char name[120];
        snprintf(name, sizeof name, "%s %lld batch=3 strided, padded distances (packed passes)", ty == KFFT_R2C ? "r2c" : "c2r",
                 (long long)n);
        tcase c = guru((kfft_type)ty, 1, &d, 1, &h, name);
        run(t, &c);
    }
}

static void norms(T *t)
{
    static const char *nn[] = {"none", "backward", "ortho", "forward"};
    for (int nm = 0; nm < 4; nm++)
        for (int ty = 0; ty < 3; ty++) {
            int64_t n2[2] = {12, 30}, n1 = 65536 + 0 * ty;
            tcase c = ty == 0 ? simple(KFFT_C2C, 1, &n1, 1, 0) : simple((kfft_type)ty, 2, n2, 2, nm % 2);
            c.d.norm = (kfft_norm)nm;
            c.g.norm = (kfft_norm)nm;
            snprintf(c.name + strlen(c.name), sizeof c.name - strlen(c.name), " norm=%s", nn[nm]);
            run(t, &c);
            if (ty == 0) { /* and a single-kernel size */
                int64_t n = 1000;
                tcase s = simple(KFFT_C2C, 1, &n, 3, 1);
                s.d.norm = (kfft_norm)nm;
                s.g.norm = (kfft_norm)nm;
                snprintf(s.name + strlen(s.name), sizeof s.name - strlen(s.name), " norm=%s", nn[nm]);
                run(t, &s);
            }
        }
}

static void expect_error(T *t, const char *what, kfft_status want, kfft_status got, const char *must_mention)
{
    t->checks++;
    const char *m = kfft_error_message();
    if (got != want || (must_mention && !strstr(m, must_mention))) {
        printf("FAIL errors: %s: got %s '%s', want %s mentioning '%s'\n", what, kfft_status_string(got), m,
               kfft_status_string(want), must_mention ? must_mention : "");
        t->failures++;
    } else {
        printf("ok   errors: %s: %s\n", what, m);
    }
}

static void errors(T *t)
{
    kfft_plan p = NULL;
    kfft_plan_desc d;
    memset(&d, 0, sizeof d);
    d.type = KFFT_R2C;
    d.rank = 1;
    d.n[0] = 64;
    d.batch = 4;
    d.odist = 10; /* below n/2+1 = 33: transforms overlap */
    expect_error(t, "overlapping output", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_create(t->ctx, &d, &p), "overlap");
    d.odist = 0;
    kfft_guru_desc g;
    memset(&g, 0, sizeof g);
    g.type = KFFT_C2C;
    g.rank = 1;
    g.dims[0] = (kfft_dim){64, 1, 1};
    g.howmany_rank = 1;
    g.howmany[0] = (kfft_dim){4, 0, 64};
    expect_error(t, "stride 0 with batch > 1", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_create_guru(t->ctx, &g, &p), "stride");
    g.howmany[0] = (kfft_dim){(int64_t)1 << 40, (int64_t)1 << 30, (int64_t)1 << 30};
    expect_error(t, "sizes overflowing 64-bit bytes", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_create_guru(t->ctx, &g, &p),
                 "overflow");
    g.howmany[0] = (kfft_dim){4, 64, 64};
    g.dims[0].os = -1;
    expect_error(t, "negative stride", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_create_guru(t->ctx, &g, &p), "positive");
    g.dims[0].os = 1;
    g.rank = 0;
    expect_error(t, "rank 0", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_create_guru(t->ctx, &g, &p), "rank");
    d.inembed[0] = 0;
    d.rank = 2;
    d.n[1] = 10;
    d.inembed[1] = 5;
    expect_error(t, "inembed below n", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_create(t->ctx, &d, &p), "inembed[1]");
    d.inembed[1] = 0;
    d.rank = 4;
    expect_error(t, "plan-many rank 4", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_create(t->ctx, &d, &p), "rank");
    d.rank = 1;
    d.norm = (kfft_norm)7;
    expect_error(t, "bad norm", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_create(t->ctx, &d, &p), "norm");
    d.norm = KFFT_NORM_NONE;
    /* R2C out-of-place layout run in place: unpadded rows would overlap */
    d.n[0] = 64;
    d.batch = 2;
    if (kfft_plan_create(t->ctx, &d, &p) == KFFT_SUCCESS) {
        kfft_buffer b;
        kfft_malloc(t->ctx, 4096, &b);
        expect_error(t, "R2C in place without padding", KFFT_ERROR_INVALID_ARGUMENT, kfft_execute(p, b, b, KFFT_FORWARD), "in-place");
        expect_error(t, "R2C run inverse", KFFT_ERROR_INVALID_ARGUMENT, kfft_execute(p, b, b, KFFT_INVERSE), "R2C");
        kfft_free(t->ctx, b);
        kfft_plan_destroy(p);
    }
    /* caller-supplied workspace: required, checked, used */
    memset(&d, 0, sizeof d);
    d.type = KFFT_C2C;
    d.rank = 1;
    d.n[0] = 131072; /* passes with a work area on every device (65536 runs in clusters on the H100) */
    d.batch = 2;
    d.flags = KFFT_PLAN_USER_WORKSPACE;
    size_t est = 0;
    kfft_status st = kfft_workspace_estimate(t->ctx, &d, &est);
    t->checks++;
    if (st || est == 0) {
        printf("FAIL workspace estimate: %s %zu\n", kfft_error_message(), est);
        t->failures++;
    }
    if (kfft_plan_create(t->ctx, &d, &p) == KFFT_SUCCESS) {
        t->checks++;
        if (kfft_plan_workspace_size(p) != est) {
            printf("FAIL workspace: plan says %zu, estimate %zu\n", kfft_plan_workspace_size(p), est);
            t->failures++;
        }
        kfft_buffer in, w;
        kfft_malloc(t->ctx, (size_t)d.n[0] * 2 * 8, &in);
        expect_error(t, "no work area given", KFFT_ERROR_INVALID_ARGUMENT, kfft_execute(p, in, in, KFFT_FORWARD), "work area");
        kfft_malloc(t->ctx, est, &w);
        expect_error(t, "work area too small", KFFT_ERROR_INVALID_ARGUMENT, kfft_plan_set_workspace(p, w, est - 1), "below");
        t->checks++;
        if (kfft_plan_set_workspace(p, w, est) || kfft_execute(p, in, in, KFFT_FORWARD) || kfft_context_synchronize(t->ctx)) {
            printf("FAIL user workspace execution: %s\n", kfft_error_message());
            t->failures++;
        }
        kfft_free(t->ctx, w);
        kfft_free(t->ctx, in);
        kfft_plan_destroy(p);
    }
}

int main(int argc, char **argv)
{
    static long long sizes[8192];
    int ns = 0, precs = 3, nvrtc = 0, pairs = 0;
    const char *set = NULL;
    kfft_context_desc cd = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
            i++;
            cd.backend = !strcmp(argv[i], "cuda") ? KFFT_BACKEND_CUDA : !strcmp(argv[i], "opencl") ? KFFT_BACKEND_OPENCL : KFFT_BACKEND_AUTO;
        } else if (!strcmp(argv[i], "--prec") && i + 1 < argc) {
            i++;
            precs = !strcmp(argv[i], "f32") ? 1 : !strcmp(argv[i], "f64") ? 2 : 3;
        } else if (!strcmp(argv[i], "--set") && i + 1 < argc) {
            set = argv[++i];
        } else if (!strcmp(argv[i], "--nvrtc")) {
            nvrtc = 1;
        } else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            i++;
            int large = !strcmp(argv[i], "large");
            pairs |= large;
            ns = large ? test_sizes_set("large", sizes, ns, 8192) : test_sizes_parse(argv[i], sizes, ns, 8192);
        } else {
            fprintf(stderr, "usage: %s [--backend cuda|opencl] [--prec f32|f64|both] --set NAME [--sizes LIST]\n", argv[0]);
            return 2;
        }
    }
    if (!set) set = "real-small";
    pairs |= !ns && strcmp(set, "real-small") != 0; /* with the default sizes or the large list */
    if (!ns) {
        if (!strcmp(set, "real-small")) ns = test_sizes_parse("1-64", sizes, 0, 8192);
        else if (!strcmp(set, "real-sample")) {
            /* CI: the sample of 257..2048 and a spread of large sizes (one kernel, packed and
             * full routes, Bluestein, Rader, multi-pass); real-full (the GPU check) has them all. */
            ns = test_sizes_parse("2187,4099,4801,6144,6933,8219,17443,20000,65536,100003,262144", sizes, 0, 8192);
            for (size_t j = 0; j < sizeof TEST_SAMPLE / sizeof *TEST_SAMPLE; j++) sizes[ns++] = TEST_SAMPLE[j];
        }
        else if (!strcmp(set, "real-full")) ns = test_sizes_parse("1-1024", sizes, test_sizes_set("large", sizes, 0, 8192), 8192);
    }
    T t;
    memset(&t, 0, sizeof t);
    t.rng = 0x2545F4914F6CDD1Dull ^ (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
    t.nvrtc = nvrtc;
    t.full = !strcmp(set, "real-full");
    if (nvrtc) {
        kfft_status st = kfft_nvrtc_check("extern \"C\" __global__ void k(float2 *p) { p[0] = make_float2(1, 2); }", "sm_90");
        if (st == KFFT_ERROR_NO_BACKEND) {
            printf("SKIP: *** NVRTC not available, CUDA kernels NOT compile-checked: %s ***\n", kfft_error_message());
            return 77;
        }
        for (int p = 0; p < 2; p++) {
            t.prec = p;
            if (!strncmp(set, "real", 4)) {
                real_sizes(&t, sizes, ns);
                if (pairs) bluestein_pairs(&t);
            } else if (!strncmp(set, "nd", 2)) nd_shapes(&t, !strcmp(set, "nd-large"));
            else if (!strcmp(set, "layout")) layouts(&t);
            else if (!strcmp(set, "norm")) norms(&t);
        }
        printf("NVRTC sm_90: %d programs compiled, %d failed\n", t.checks, t.failures);
        return t.failures ? 1 : 0;
    }
    if (kfft_context_create(&cd, &t.ctx)) {
        printf("SKIP: no device: %s\n", kfft_error_message());
        return 77;
    }
    printf("device: %s (%s); set %s, seed %llu\n", kfft_context_device_name(t.ctx),
           kfft_context_backend(t.ctx) == KFFT_BACKEND_CUDA ? "CUDA" : "OpenCL", set, t.rng);
    fflush(stdout);
    for (int p = 0; p < 2; p++) {
        if (!(precs & (1 << p))) continue;
        t.prec = p;
        if (!strncmp(set, "real", 4)) {
            real_sizes(&t, sizes, ns);
            if (pairs) bluestein_pairs(&t);
        } else if (!strcmp(set, "nd")) nd_shapes(&t, 0);
        else if (!strcmp(set, "nd-large")) nd_shapes(&t, 1);
        else if (!strcmp(set, "layout")) layouts(&t);
        else if (!strcmp(set, "norm")) norms(&t);
        else if (!strcmp(set, "errors")) {
            if (p == 0) errors(&t);
        } else {
            fprintf(stderr, "unknown set '%s'\n", set);
            return 2;
        }
        printf("%s: worst relative L2 %.3e\n", p ? "f64" : "f32", t.worst_l2[p]);
        fflush(stdout);
    }
    kfft_context_destroy(t.ctx);
    printf("%d checks, %d failures\n", t.checks, t.failures);
    return t.failures ? 1 : 0;
}
