/* kfft vs cuFFT on one CUDA GPU, same process, same buffers.
 *
 *   kfft_bench [--prec f32|f64] [--elems LOG2] [--runs N] [--no-plan-time] [--verbose] [--csv F] [--json F] [--svg F] [CASE ...]
 *
 * CASE is [c2c:|r2c:|c2r:|inv:]N[xN[xN]] (e.g. 8219, r2c:16384, c2c:1024x1024, r2c:243x243x243,
 * c2r:8219, c2r:128x128x128, inv:1024): forward (C2R and inv:, a C2C's inverse: unnormalized as
 * cuFFT's; a C2R's input a spectrum of real data: 1-D along the axis, multi-D kfft's R2C of
 * random reals; an inv: case's first inverse run compiles its kernels, untimed), out of place, batched to 2^LOG2 elements (default 27: 1 GiB of complex64, far
 * beyond the 50 MB L2, so every run streams from DRAM). CUDA events around each execution,
 * 3 warm-ups, median/min/max of --runs (default 20). GB/s = (input + output bytes, each
 * once) / time; GFLOP/s = 5 N log2 N per transform (half for R2C and C2R). The device-to-device copy
 * of the same buffers is timed first: the ceiling. Plan time: cold (a fresh, empty kernel
 * cache: generation + NVRTC) and warm (a new context on that cache: a disk hit; the median of five). Every case
 * is checked once: kfft against cuFFT, and kfft's first transform against the double
 * precision host DFT (1-D whole, 2-D one row; 3-D against cuFFT only; a multi-D C2R against
 * N times the reals its input was made from, a round trip through kfft's R2C). A case larger than the
 * shared buffers (16384^2, 1000^3, 52329^2) runs alone in buffers of its own. libcufft is
 * loaded at run time; without it (or where cuFFT cannot plan) only kfft is timed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "io/casespec.h"
#include "core/refdft.h"
#include "core/trig.h"
#include "cuda_rt.h"
#include "kfft.h"
#include "report.h"

static const char *default_cases[] = {
    "64", "256", "1024", "4096", "16384", "1000", "1536", "6720", "17496", "16464", "110592", "127", "4093", "8219",
    "17443", "52329", "100003", "1000003", "65536", "262144", "1048576", "4194304", "16777216", "r2c:1024", "r2c:16384",
    "r2c:1048576", "r2c:8219", "c2r:1024", "c2r:16384", "c2r:1048576", "c2r:8219", "1024x1024", "4096x4096", "8192x8192", "16384x16384", "3345x3345", "8219x8219",
    "r2c:1024x1024", "r2c:4096x4096", "r2c:8192x8192", "r2c:3345x3345", "r2c:8219x8219", "128x128x128", "256x256x256",
    "512x512x512", "243x243x243", "r2c:128x128x128", "r2c:256x256x256", "r2c:512x512x512", "r2c:16384x16384",
    "1000x1000x1000", "r2c:1000x1000x1000", "r2c:52329x52329"};

typedef void (*runner)(void *arg);
static int cmp_double(const void *a, const void *b) { return *(const double *)a < *(const double *)b ? -1 : *(const double *)a > *(const double *)b; }
static int cmpf(const void *a, const void *b) { return *(const float *)a < *(const float *)b ? -1 : *(const float *)a > *(const float *)b; }

/* median, min, max in ms of runs executions after 3 warm-ups */
static void timeit(runner fn, void *arg, int runs, double out[3])
{
    CUevent a, b;
    cu.EventCreate(&a, 0);
    cu.EventCreate(&b, 0);
    float *t = malloc(sizeof(float) * (size_t)runs);
    for (int i = 0; i < 3; i++) fn(arg);
    for (int i = 0; i < runs; i++) {
        cu.EventRecord(a, NULL);
        fn(arg);
        cu.EventRecord(b, NULL);
        cu.EventSynchronize(b);
        cu.EventElapsedTime(&t[i], a, b);
    }
    qsort(t, (size_t)runs, sizeof *t, cmpf);
    out[0] = t[runs / 2];
    out[1] = t[0];
    out[2] = t[runs - 1];
    free(t);
}

typedef struct {
    kfft_plan kp;
    int cp, f64, type, inv;
    kfft_buffer in, out;
    size_t bytes;
} job;

static void run_kfft(void *p)
{
    job *j = p;
    kfft_execute(j->kp, j->in, j->out, j->type == KFFT_C2R || j->inv ? KFFT_INVERSE : KFFT_FORWARD);
}
static void run_cufft(void *p)
{
    job *j = p;
    if (j->type == KFFT_R2C) {
        if (j->f64) cf.ExecD2Z(j->cp, j->in, j->out);
        else cf.ExecR2C(j->cp, j->in, j->out);
    } else if (j->type == KFFT_C2R) {
        if (j->f64) cf.ExecZ2D(j->cp, j->in, j->out);
        else cf.ExecC2R(j->cp, j->in, j->out);
    } else if (j->f64) {
        cf.ExecZ2Z(j->cp, j->in, j->out, j->inv ? 1 : -1);
    } else {
        cf.ExecC2C(j->cp, j->in, j->out, j->inv ? 1 : -1);
    }
}
static void run_copy(void *p)
{
    job *j = p;
    cu.MemcpyDtoDAsync((CUdeviceptr)(uintptr_t)j->out, (CUdeviceptr)(uintptr_t)j->in, j->bytes, NULL);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double rel_l2(const void *a, const void *b, size_t n, int f64)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < n; i++) {
        double x = f64 ? ((const double *)a)[i] : ((const float *)a)[i], y = f64 ? ((const double *)b)[i] : ((const float *)b)[i];
        num += (x - y) * (x - y);
        den += y * y;
    }
    return sqrt(num / (den > 0 ? den : 1));
}

/* Frees a case's own buffers (any of them may be NULL). */
static void own_free(kfft_context ctx, job *j, void *h, void *r1, void *r2)
{
    if (j->in) kfft_free(ctx, j->in);
    if (j->out) kfft_free(ctx, j->out);
    free(h);
    free(r1);
    free(r2);
}

/* [c2c:|r2c:|c2r:|inv:]N[xN[xN]] -> r; 0 or -1. */
static int parse_case(const char *spec, bench_result *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", spec);
    r->inv = !strncmp(spec, "inv:", 4);
    return io_parse_case(spec + (r->inv ? 4 : 0), &r->type, &r->rank, r->n) || (r->inv && r->type) ? -1 : 0;
}

/* Fills p with count uniform reals in [-0.5, 0.5) from seed (xorshift: rand() would take half a
 * minute for the largest buffers). */
static void fill_random(void *p, size_t count, int f64, uint64_t seed)
{
    uint64_t z = 0x9e3779b97f4a7c15ull + seed;
    for (size_t i = 0; i < count; i++) {
        z ^= z << 13, z ^= z >> 7, z ^= z << 17;
        double v = (double)(z >> 11) / 9007199254740992.0 - 0.5;
        if (f64) ((double *)p)[i] = v;
        else ((float *)p)[i] = (float)v;
    }
}

/* A multi-D C2R's input, Hermitian in every axis: kfft's R2C of fresh random reals (kept, times
 * N, in x for the check: kfft's C2R of it is N x), into h. 0, or -1 with r->note set. */
static int c2r_input(kfft_context ctx, const job *j, bench_result *r, kfft_precision p, long long prod, void *h, void *x, size_t rb,
                     size_t cb)
{
    kfft_plan fw;
    size_t nr = rb / (p == KFFT_F64 ? 8 : 4);
    /* Fresh reals, not h: h becomes this case's spectrum, and spectra of spectra overflowed fp32
     * by the twelfth C2R case of one run (session 89's survey: NaN in both errors). */
    fill_random(x, nr, p == KFFT_F64, 0x5eed + (uint64_t)prod);
    if (kfft_plan_dft(ctx, KFFT_R2C, r->rank, r->n, r->batch, p, &fw)) {
        snprintf(r->note, sizeof r->note, "R2C plan for the input failed: %.60s", kfft_error_message());
        return -1;
    }
    kfft_status st = kfft_memcpy_h2d(ctx, j->out, x, rb);
    if (!st) st = kfft_execute(fw, j->out, j->in, KFFT_FORWARD);
    if (!st) st = kfft_memcpy_d2h(ctx, h, j->in, cb);
    if (!st) st = kfft_context_synchronize(ctx);
    kfft_plan_destroy(fw);
    for (size_t i = 0; i < nr; i++) {
        if (p == KFFT_F64) ((double *)x)[i] *= (double)prod;
        else ((float *)x)[i] *= (float)prod;
    }
    if (st) snprintf(r->note, sizeof r->note, "R2C for the input failed: %.60s", kfft_error_message());
    return st ? -1 : 0;
}

/* Plan creation in a new context on cache directory dir: generation + compile when dir is
 * empty (cold), a disk-cache hit otherwise (warm). Returns ms, or -1. verbose: the library's log
 * of the plan (each kernel's compile or cache hit, its tables), where a cold plan's time goes. */
static double plan_time(const char *dir, const bench_result *r, kfft_precision p, int verbose)
{
    kfft_context_desc cd = {0};
    cd.backend = KFFT_BACKEND_CUDA;
    cd.cache_dir = dir;
    cd.verbose = verbose;
    kfft_context c;
    kfft_plan pl;
    if (kfft_context_create(&cd, &c)) return -1;
    double t0 = now_ms();
    kfft_status st = kfft_plan_dft(c, (kfft_type)r->type, r->rank, r->n, r->batch, p, &pl);
    double t = now_ms() - t0;
    if (!st) kfft_plan_destroy(pl);
    kfft_context_destroy(c);
    return st ? -1 : t;
}

/* Sample j of the first transform as a complex double (real inputs: imaginary 0). */
static void sample(const bench_result *r, const void *hin, size_t j, double *re, double *im)
{
    int real = r->type == KFFT_R2C;
    size_t k = real ? j : 2 * j;
    *re = r->f64 ? ((const double *)hin)[k] : ((const float *)hin)[k];
    *im = real ? 0 : r->f64 ? ((const double *)hin)[k + 1] : ((const float *)hin)[k + 1];
}

/* C2R: kfft's first transform against the double inverse DFT of its Hermitian-extended input. */
static double check_c2r(const bench_result *r, const void *hin, const void *kout)
{
    int64_t n = r->n[0];
    if (n > (1 << 22)) return -1;
    double *x = malloc(sizeof(double) * 2 * (size_t)n), *got = malloc(sizeof(double) * (size_t)n),
           *want = malloc(sizeof(double) * (size_t)n);
    double e = -1;
    if (x && got && want) {
        for (int64_t k = 0; k <= n / 2; k++) {
            sample(r, hin, (size_t)k, &x[2 * k], &x[2 * k + 1]);
            if (k > 0 && 2 * k != n) x[2 * (n - k)] = x[2 * k], x[2 * (n - k) + 1] = -x[2 * k + 1];
        }
        if (!kfft_refdft(x, n, 1)) {
            for (int64_t i = 0; i < n; i++) {
                want[i] = x[2 * i];
                got[i] = r->f64 ? ((const double *)kout)[i] : ((const float *)kout)[i];
            }
            e = rel_l2(got, want, (size_t)n, 1);
        }
    }
    free(x);
    free(got);
    free(want);
    return e;
}

/* kfft's first transform against the double host DFT of the same input: 1-D whole, 2-D by
 * one output row (u = 1: the column sums y[c] = sum_r x[r,c] W_R^r in double with exact
 * indices, then the host FFT of y), so cases cuFFT cannot plan are checked too. 3-D: -1. */
static double check_ref(const bench_result *r, const void *hin, const void *kout)
{
    if (r->rank > 2 || (r->rank == 1 && r->n[0] > (1 << 22))) return -1;
    if (r->type == KFFT_C2R) return check_c2r(r, hin, kout);
    int64_t R = r->rank == 2 ? r->n[0] : 1, C = r->n[r->rank - 1], m = r->type == KFFT_R2C ? C / 2 + 1 : C, u = R > 1;
    double *x = malloc(sizeof(double) * 2 * (size_t)C), *got = malloc(sizeof(double) * 2 * (size_t)m),
           *w = malloc(sizeof(double) * 2 * (size_t)R);
    double e = -1;
    if (x && got && w) {
        for (int64_t q = 0; q < R; q++) kfft_expi(q, R, &w[2 * q], &w[2 * q + 1]);
        memset(x, 0, sizeof(double) * 2 * (size_t)C);
        for (int64_t q = 0, idx = 0; q < R; q++, idx = (idx + u) % R) /* row by row: the input streams */
            for (int64_t c = 0; c < C; c++) {
                double a, b;
                sample(r, hin, (size_t)(q * C + c), &a, &b);
                if (r->inv) b = -b; /* the inverse: conj(DFT(conj x)) */
                x[2 * c] += a * w[2 * idx] - b * w[2 * idx + 1];
                x[2 * c + 1] += a * w[2 * idx + 1] + b * w[2 * idx];
            }
        if (!kfft_refdft(x, C, -1)) {
            for (int64_t i = 0; r->inv && i < m; i++) x[2 * i + 1] = -x[2 * i + 1];
            size_t row = (size_t)(u * m);
            for (int64_t i = 0; i < 2 * m; i++)
                got[i] = r->f64 ? ((const double *)kout)[2 * row + i] : ((const float *)kout)[2 * row + i];
            e = rel_l2(got, x, 2 * (size_t)m, 1);
        }
    }
    free(x);
    free(got);
    free(w);
    return e;
}

int main(int argc, char **argv)
{
    int f64 = 0, log2e = 27, runs = 20, ns = 0, plan_times = 1, verbose = 0;
    const char *csv = NULL, *json = NULL, *svg = NULL;
    size_t ndefault = sizeof default_cases / sizeof *default_cases;
    /* every case given (a fixed array once dropped those past 256 without a word) */
    const char **cases = malloc(sizeof *cases * ((size_t)argc > ndefault ? (size_t)argc : ndefault));
    if (!cases) {
        printf("out of host memory for %d arguments\n", argc);
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--prec") && i + 1 < argc) f64 = !strcmp(argv[++i], "f64");
        else if (!strcmp(argv[i], "--elems") && i + 1 < argc) log2e = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
        else if (!strcmp(argv[i], "--svg") && i + 1 < argc) svg = argv[++i];
        else if (!strcmp(argv[i], "--no-plan-time")) plan_times = 0; /* A/B runs: one compile per case, not two */
        else if (!strcmp(argv[i], "--verbose")) verbose = 1; /* the library's log: plans, kernels' registers, the cold plan's compiles */
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [--prec f32|f64] [--elems LOG2] [--runs N] [--no-plan-time] [--verbose] [--csv F] [--json F] [--svg F] [CASE ...]\n",
                    argv[0]);
            return 2;
        } else cases[ns++] = argv[i];
    }
    if (!ns)
        for (size_t i = 0; i < ndefault; i++) cases[ns++] = default_cases[i];
    if (runs < 1) runs = 1;
    kfft_context_desc cd = {0};
    cd.backend = KFFT_BACKEND_CUDA;
    cd.verbose = verbose;
    kfft_context ctx;
    if (kfft_context_create(&cd, &ctx)) {
        printf("SKIP: no CUDA device: %s\n", kfft_error_message());
        return 77;
    }
    if (!bench_load_cuda()) {
        printf("cannot load the CUDA event functions from libcuda\n");
        return 1;
    }
    char tmpl[] = "/tmp/kfft-bench-XXXXXX";
    const char *root = mkdtemp(tmpl);
    size_t eb = f64 ? 16 : 8, elems = (size_t)1 << log2e, bytes = elems * eb;
    job j = {0};
    j.f64 = f64;
    j.bytes = bytes;
    if (!root || kfft_malloc(ctx, bytes, &j.in) || kfft_malloc(ctx, bytes, &j.out)) {
        printf("setup: %s\n", root ? kfft_error_message() : "cannot create a temporary cache directory");
        return 1;
    }
    void *h = malloc(bytes), *r1 = malloc(bytes), *r2 = malloc(bytes);
    bench_result *res = calloc((size_t)ns, sizeof *res);
    fill_random(h, elems * 2, f64, 1);
    kfft_memcpy_h2d(ctx, j.in, h, bytes);
    double tc[3];
    timeit(run_copy, &j, runs, tc);
    double copy_gbs = 2.0 * bytes / tc[0] / 1e6;
    time_t now = time(NULL);
    char date[64], meta[256];
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    snprintf(meta, sizeof meta, "kfft %s, cuFFT %d, %s, forward %s out of place, batched to 2^%d elements, median of %d",
             kfft_version(), cf.version, date, f64 ? "f64" : "f32", log2e, runs);
    printf("# %s, %s\n", kfft_context_device_name(ctx), meta);
    printf("# D2D copy %zu MiB: %.3f ms -> %.0f GB/s (read+write): the ceiling\n", bytes >> 20, tc[0], copy_gbs);
    /* Wisdom changes kernel choices: say whether the rows below ran with any. */
    if (kfft_wisdom_count(ctx))
        printf("# wisdom: %d entries from %s: kernels of matching shapes use its choices, not the defaults\n", kfft_wisdom_count(ctx),
               kfft_wisdom_path(ctx));
    else
        printf("# wisdom: none (default plans)\n");
    report_header(stdout);
    for (int s = 0; s < ns; s++) {
        bench_result *r = &res[s];
        if (parse_case(cases[s], r)) {
            snprintf(r->name, sizeof r->name, "%.39s", cases[s]);
            snprintf(r->note, sizeof r->note, "bad case (expected [c2c:|r2c:|c2r:|inv:]N[xN[xN]])");
            report_line(stdout, r);
            continue;
        }
        r->f64 = f64;
        j.type = r->type;
        j.inv = r->inv;
        int real = r->type != KFFT_C2C, c2rnd = r->type == KFFT_C2R && r->rank > 1;
        long long prod = r->n[0] * (r->rank > 1 ? r->n[1] : 1) * (r->rank > 2 ? r->n[2] : 1);
        r->batch = (long long)(elems / (size_t)prod) < 1 ? 1 : (long long)(elems / (size_t)prod);
        long long hprod = real ? prod / r->n[r->rank - 1] * (r->n[r->rank - 1] / 2 + 1) : prod; /* complex side */
        size_t rb = (size_t)(prod * r->batch) * (real ? eb / 2 : eb), cb = (size_t)(hprod * r->batch) * eb;
        size_t ib = r->type == KFFT_C2R ? cb : rb, ob = r->type == KFFT_C2R ? rb : cb;
        /* A case beyond the shared buffers (16384^2, 52329^2, 1000^3) runs alone (batch 1) in
         * buffers of its own, when the device and host have the memory. */
        job shared = j;
        void *sh = h, *s1 = r1, *s2 = r2;
        int own = ib > bytes || ob > bytes;
        if (own) {
            size_t need = ib > ob ? ib : ob;
            j.in = j.out = NULL;
            h = r1 = r2 = NULL;
            if (kfft_malloc(ctx, need, &j.in) || kfft_malloc(ctx, need, &j.out) || !(h = malloc(need)) || !(r1 = malloc(need)) ||
                !(r2 = malloc(need))) {
                snprintf(r->note, sizeof r->note, "skipped: needs 2 x %.1f GB on the device and 3 x on the host", need / 1e9);
                report_line(stdout, r);
                goto next;
            }
            fill_random(h, need / (f64 ? 8 : 4), f64, 2 + (uint64_t)s);
        }
        char dir[256];
        snprintf(dir, sizeof dir, "%s/%d", root, s);
        mkdir(dir, 0700);
        kfft_precision p = f64 ? KFFT_F64 : KFFT_F32;
        r->plan_cold_ms = plan_times ? plan_time(dir, r, p, verbose) : -1;
        /* warm: the median of five (one sample moved by a millisecond between runs) */
        double warm[5] = {-1, -1, -1, -1, -1};
        for (int w = 0; w < 5 && plan_times; w++) warm[w] = plan_time(dir, r, p, verbose && !w);
        qsort(warm, 5, sizeof warm[0], cmp_double);
        r->plan_warm_ms = warm[2];
        if (c2rnd && c2r_input(ctx, &j, r, p, prod, h, r2, rb, cb)) {
            report_line(stdout, r);
            goto next;
        }
        if (r->type == KFFT_C2R && !c2rnd) /* spectra of real data: the imaginary parts of DC and Nyquist zero */
            for (long long t = 0; t < r->batch; t++)
                for (int q = 0; q < 2; q++) {
                    size_t at = 2 * (size_t)(t * hprod + (q ? r->n[0] / 2 : 0)) + 1;
                    if (q && r->n[0] % 2) break; /* odd n: no Nyquist term */
                    if (f64) ((double *)h)[at] = 0;
                    else ((float *)h)[at] = 0;
                }
        if (kfft_plan_dft(ctx, (kfft_type)r->type, r->rank, r->n, r->batch, p, &j.kp)) {
            snprintf(r->note, sizeof r->note, "kfft plan failed: %.70s", kfft_error_message());
            report_line(stdout, r);
            goto next;
        }
        r->kernels = kfft_plan_kernel_count(j.kp);
        r->k_ws = kfft_plan_workspace_size(j.kp);
        double tk[3] = {0}, tf[3] = {0};
        kfft_memcpy_h2d(ctx, j.in, h, ib);
        run_kfft(&j); /* the run that is checked */
        kfft_memcpy_d2h(ctx, r1, j.out, ob);
        kfft_context_synchronize(ctx);
        r->err_ref = c2rnd ? rel_l2(r1, r2, ob / (f64 ? 8 : 4), f64) : check_ref(r, h, r1);
        timeit(run_kfft, &j, runs, tk);
        r->err_cufft = -1;
        if (cf.ok) {
            int nn[3];
            for (int a = 0; a < r->rank; a++) nn[a] = (int)r->n[a];
            int type = r->type == KFFT_R2C ? (f64 ? 0x6a : 0x2a) : r->type == KFFT_C2R ? (f64 ? 0x6c : 0x2c) : (f64 ? 0x69 : 0x29);
            if (prod < (1ll << 31) && cf.PlanMany(&j.cp, r->rank, nn, NULL, 1, 0, NULL, 1, 0, type, (int)r->batch) == 0) {
                r->have_cufft = 1;
                cf.GetSize(j.cp, &r->c_ws);
                kfft_memcpy_h2d(ctx, j.in, h, ib);
                run_cufft(&j);
                kfft_memcpy_d2h(ctx, r2, j.out, ob);
                kfft_context_synchronize(ctx);
                r->err_cufft = rel_l2(r1, r2, ob / (f64 ? 8 : 4), f64);
                timeit(run_cufft, &j, runs, tf);
                cf.Destroy(j.cp);
            }
        }
        double flops = 5.0 * (double)prod * log2((double)prod) * (double)r->batch * (real ? 0.5 : 1.0);
        r->k_ms = tk[0], r->k_min = tk[1], r->k_max = tk[2];
        r->c_ms = tf[0], r->c_min = tf[1], r->c_max = tf[2];
        r->k_gbs = (double)(ib + ob) / tk[0] / 1e6;
        r->c_gbs = r->have_cufft ? (double)(ib + ob) / tf[0] / 1e6 : 0;
        r->k_gflops = flops / tk[0] / 1e6;
        r->c_gflops = r->have_cufft ? flops / tf[0] / 1e6 : 0;
        report_line(stdout, r);
        kfft_plan_destroy(j.kp);
    next: /* a case's own buffers go; the shared ones come back */
        if (own) {
            own_free(ctx, &j, h, r1, r2);
            j = shared, h = sh, r1 = s1, r2 = s2;
        } else if (c2rnd) {
            fill_random(h, cb / (eb / 2), f64, 1); /* the spectrum's part of the shared input as it was (same seed) */
        }
    }
    if (csv && report_csv(csv, res, ns)) fprintf(stderr, "cannot write %s\n", csv);
    if (json && report_json(json, kfft_context_device_name(ctx), meta, copy_gbs, res, ns)) fprintf(stderr, "cannot write %s\n", json);
    char title[160];
    snprintf(title, sizeof title, "kfft vs cuFFT, 1-D C2C %s, %s", f64 ? "f64" : "f32", kfft_context_device_name(ctx));
    int src = svg ? report_svg(svg, title, res, ns) : 0;
    if (src) fprintf(stderr, src > 0 ? "no 1-D C2C case to chart: %s not written\n" : "cannot write %s\n", svg);
    kfft_free(ctx, j.in);
    kfft_free(ctx, j.out);
    kfft_context_destroy(ctx);
    free(h);
    free(r1);
    free(r2);
    free(res);
    free(cases);
    return 0;
}
