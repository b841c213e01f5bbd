/* The sparse-input 2-D FFT against FFTW (double): the matrix scattered densely on the host,
 * fftw_plan_dft_r2c_2d, the full spectrum from its Hermitian half. Fresh random matrices
 * each run, outputs poisoned with NaN, relative L2 error at most 3e-6 (f32) / 1e-13 (f64).
 *
 *   test_spfft gen        generated matrices: rectangular, prime and power-of-two sizes,
 *                         empty rows/columns, one entry, a full row and column, no entries;
 *                         binary and weighted; half and full spectrum; row ranges; tiny
 *                         budgets that force many tiles; device and host outputs; f32, f64
 *   test_spfft large      sizes whose row FFT is multi-pass or Bluestein (C = 7000, 8219)
 *   test_spfft shared     the real matrices in ../shared/data/mtx up to 2000 x 2000 (77
 *                         when absent); every file with a size argument: test_spfft file F
 *   test_spfft errors     bad arguments and budgets get the right status and message
 *   test_spfft --nvrtc    compile every generated kernel of the cases above for sm_90 */
#include <dirent.h>
#include <fftw3.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kfft.h"
#include "backend/backend.h"
#include "kfft_sparse.h"
#include "sparse/spfft.h"
#include "test_h100.h"
#include "test_check.h"

static kfft_context ctx;
static int nvrtc_mode; /* --nvrtc: compile each case's CUDA programs instead of running */

/* --nvrtc compiles each distinct program once (many cases share one). */
static int seen_before(const char *src)
{
    static uint64_t seen[4096];
    static int nseen;
    uint64_t h = 1469598103934665603ull;
    for (const unsigned char *c = (const unsigned char *)src; *c; c++) h = (h ^ *c) * 1099511628211ull;
    for (int i = 0; i < nseen; i++)
        if (seen[i] == h) return 1;
    if (nseen < 4096) seen[nseen++] = h;
    return 0;
}
static double worst[2];
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static int64_t urand(int64_t n) { return (int64_t)(next() % (uint64_t)n); }

/* Dense double reference: the full R x C spectrum, interleaved complex. */
static double *reference(const kfft_sparse *m)
{
    if (nvrtc_mode) return NULL;
    int64_t R = m->rows, C = m->cols, H = C / 2 + 1;
    double *d = fftw_malloc(sizeof(double) * (size_t)(R * C));
    fftw_complex *h = fftw_malloc(sizeof(fftw_complex) * (size_t)(R * H));
    double *full = malloc(sizeof(double) * 2 * (size_t)(R * C));
    memset(d, 0, sizeof(double) * (size_t)(R * C));
    for (int64_t c = 0; c < C; c++)
        for (int64_t q = m->colptr[c]; q < m->colptr[c + 1]; q++)
            d[kfft_sparse_row(m, q) * C + c] = m->values ? m->values[q] : 1.0;
    fftw_plan pl = fftw_plan_dft_r2c_2d((int)R, (int)C, d, h, FFTW_ESTIMATE);
    fftw_execute(pl);
    fftw_destroy_plan(pl);
    for (int64_t u = 0; u < R; u++)
        for (int64_t v = 0; v < C; v++) {
            double re, im;
            if (v < H) {
                re = h[u * H + v][0];
                im = h[u * H + v][1];
            } else {
                int64_t uu = (R - u) % R, vv = C - v;
                re = h[uu * H + vv][0];
                im = -h[uu * H + vv][1];
            }
            full[2 * (u * C + v)] = re;
            full[2 * (u * C + v) + 1] = im;
        }
    fftw_free(d);
    fftw_free(h);
    return full;
}

typedef struct {
    int f64, full, to_host; /* to_host: 1 into malloc'ed memory, 2 into kfft_malloc_host's (the direct copies) */
    int64_t a, b;
    size_t budget;
} variant;

/* One plan and execution; compares the output rows with the reference. */
static void run(const char *name, const kfft_sparse *m, const double *ref, variant v)
{
    kfft_spfft_desc d = {v.f64 ? KFFT_F64 : KFFT_F32, v.full, v.a, v.b, v.budget, v.to_host != 0};
    kfft_spfft_plan p;
    char what[256];
    if (nvrtc_mode) {
        kfft_device_info info = test_h100_info("sm_90");
        strbuf sp, fft;
        kfft_status st = kfft_spfft_sources(m, &d, &info, &sp, &fft);
        if (!st) {
            if (!seen_before(sp.s)) st = kfft_nvrtc_check(sp.s, "sm_90");
            if (!st && !seen_before(fft.s)) st = kfft_nvrtc_check(fft.s, "sm_90");
            sb_free(&sp);
            sb_free(&fft);
        }
        check(!st, "%s %lldx%lld: nvrtc: %s", name, (long long)m->rows, (long long)m->cols, kfft_error_message());
        return;
    }
    snprintf(what, sizeof what, "%s %lldx%lld %s %s rows %lld:%lld budget %zu %s", name, (long long)m->rows, (long long)m->cols,
             v.f64 ? "f64" : "f32", v.full ? "full" : "half", (long long)v.a, (long long)v.b, v.budget,
             v.to_host == 2 ? "page-locked host" : v.to_host ? "host" : "device");
    if (kfft_spfft_plan_create(ctx, m, &d, &p)) {
        check(0, "%s: plan: %s", what, kfft_error_message());
        return;
    }
    kfft_spfft_info in;
    kfft_spfft_plan_info(p, &in);
    size_t eb = v.f64 ? 16 : 8, bytes = (size_t)(in.rows * in.cols) * eb;
    void *out = NULL;
    if (v.to_host == 2 ? kfft_malloc_host(ctx, bytes, &out) != KFFT_SUCCESS : !(out = malloc(bytes))) {
        check(0, "%s: host memory: %s", what, kfft_error_message());
        kfft_spfft_plan_destroy(p);
        return;
    }
    memset(out, 0xff, bytes); /* poison: all-ones bytes are NaN in either precision */
    kfft_status st;
    if (v.to_host) {
        st = kfft_spfft_execute_host(p, out);
    } else {
        kfft_buffer dev = NULL;
        st = kfft_malloc(ctx, bytes, &dev);
        if (!st) st = kfft_memcpy_h2d(ctx, dev, out, bytes);
        if (!st) st = kfft_spfft_execute(p, dev);
        if (!st) st = kfft_memcpy_d2h(ctx, out, dev, bytes);
        if (dev) kfft_free(ctx, dev);
    }
    if (st) {
        check(0, "%s: execute: %s", what, kfft_error_message());
    } else {
        int64_t a = v.a, b = v.b ? v.b : m->rows, C = m->cols;
        double num = 0, den = 0, maxabs = 0;
        int bad = 0;
        for (int64_t r = a; r < b; r++)
            for (int64_t c = 0; c < in.cols; c++) {
                size_t o = (size_t)((r - a) * in.cols + c);
                double x = v.f64 ? ((double *)out)[2 * o] : ((float *)out)[2 * o];
                double y = v.f64 ? ((double *)out)[2 * o + 1] : ((float *)out)[2 * o + 1];
                double rx = ref[2 * (r * C + c)], ry = ref[2 * (r * C + c) + 1];
                if (!isfinite(x) || !isfinite(y)) bad++;
                double e = (x - rx) * (x - rx) + (y - ry) * (y - ry);
                num += e;
                den += rx * rx + ry * ry;
                if (sqrt(e) > maxabs) maxabs = sqrt(e);
            }
        double rel = den > 0 ? sqrt(num / den) : sqrt(num);
        double bound = v.f64 ? 1e-13 : 3e-6;
        if (rel > worst[v.f64]) worst[v.f64] = rel;
        check(!bad && rel <= bound, "%s: %d unwritten/non-finite, rel L2 %.3e (bound %.0e), max abs %.3e", what, bad, rel, bound,
              maxabs);
        if (bad || rel > bound) printf("   (%lld tiles of %lld rows)\n", (long long)in.tiles, (long long)in.tile_rows);
    }
    if (v.to_host == 2) kfft_free_host(ctx, out);
    else free(out);
    kfft_spfft_plan_destroy(p);
}

/* Random matrix: nnz draws (duplicates allowed), optional full row / column / empties. */
static kfft_sparse *random_matrix(int64_t R, int64_t C, int64_t draws, kfft_sparse_mode mode, int extras)
{
    int64_t cap = draws + R + C + 2;
    int64_t *r = malloc(sizeof(int64_t) * (size_t)cap), *c = malloc(sizeof(int64_t) * (size_t)cap);
    double *v = malloc(sizeof(double) * (size_t)cap);
    int64_t n = 0;
    int64_t er = R > 2 ? urand(R) : -1, ec = C > 2 ? urand(C) : -1; /* kept empty */
    for (int64_t i = 0; i < draws; i++) {
        int64_t rr = urand(R), cc = urand(C);
        if (rr == er || cc == ec) continue;
        r[n] = rr;
        c[n] = cc;
        v[n++] = (double)(next() % 2000001) / 1e6 - 1.0;
    }
    if (extras) { /* a full row and a full column */
        int64_t fr = urand(R), fc = urand(C);
        for (int64_t j = 0; j < C; j++) r[n] = fr, c[n] = j, v[n++] = 0.5;
        for (int64_t i = 0; i < R; i++) r[n] = i, c[n] = fc, v[n++] = -0.25;
    }
    kfft_sparse *m = NULL;
    if (kfft_sparse_from_coo(R, C, n, r, c, v, 1, mode, &m)) printf("from_coo: %s\n", kfft_error_message());
    free(r);
    free(c);
    free(v);
    return m;
}

/* The smallest budget (doubling from 16 KB) a plan accepts: it forces the most tiles. */
static size_t tight_budget(const kfft_sparse *m, variant v)
{
    for (size_t b = 16384;; b *= 2) {
        kfft_spfft_desc d = {v.f64 ? KFFT_F64 : KFFT_F32, v.full, v.a, v.b, b, v.to_host != 0};
        kfft_spfft_plan p;
        if (kfft_spfft_plan_create(ctx, m, &d, &p) == KFFT_SUCCESS) {
            kfft_spfft_info in;
            kfft_spfft_plan_info(p, &in);
            check(in.device_bytes <= b, "budget %zu exceeded: %zu device bytes", b, in.device_bytes);
            kfft_spfft_plan_destroy(p);
            return b;
        }
        check(kfft_error_message()[0] != 0, "budget refusal without a message");
        if (b > ((size_t)1 << 34)) return 0;
    }
}

/* many: 0 = the whole spectrum, half and full; 1 = also row ranges and tight budgets in
 * both precisions; 2 = those in f32 only. */
static void matrix_cases(const char *name, kfft_sparse *m, int many)
{
    if (!m) {
        check(0, "%s: no matrix", name);
        return;
    }
    double *ref = reference(m);
    int64_t R = m->rows;
    for (int f64 = 0; f64 < 2; f64++) {
        /* The whole spectrum to the device (G folded into it; in place for the full one),
         * and to the host (G in tiles). */
        run(name, m, ref, (variant){f64, 0, 0, 0, 0, 0});
        run(name, m, ref, (variant){f64, 1, 0, 0, 0, 0});
        run(name, m, ref, (variant){f64, !f64, 1, 0, 0, 0});
        if (!many || (many == 2 && f64)) continue;
        /* Row ranges: the first, the mirrored half, the last, a random one; tight budgets. */
        run(name, m, ref, (variant){f64, 0, 1, 0, 1, 0});
        run(name, m, ref, (variant){f64, 1, 0, R / 2, R, 0});
        run(name, m, ref, (variant){f64, 0, 2, R - 1, R, 0});
        int64_t a = urand(R), b = a + 1 + urand(R - a);
        run(name, m, ref, (variant){f64, f64, !f64, a, b, 0});
        variant t1 = {f64, 0, 1 + !f64, 0, 0, 0}, t2 = {f64, 1, 0, 0, 0, 0};
        if (!nvrtc_mode) {
            t1.budget = tight_budget(m, t1);
            t2.budget = tight_budget(m, t2);
        }
        run(name, m, ref, t1);
        run(name, m, ref, t2);
    }
    free(ref);
    kfft_sparse_free(m);
}

static int t_gen(void)
{
    /* rows, cols, entries drawn, which variants */
    static const int64_t shapes[][4] = {{1, 1, 1, 0},      {1, 17, 5, 0},     {13, 1, 6, 0},      {7, 5, 12, 2},
                                        {2, 2, 3, 0},      {97, 128, 900, 1}, {128, 97, 40, 2},   {300, 257, 2000, 2},
                                        {256, 256, 5000, 0}, {1000, 31, 3000, 0}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int mode = (int)(i % 2);
        char name[64];
        snprintf(name, sizeof name, "random-%s", mode ? "weighted" : "binary");
        matrix_cases(name, random_matrix(shapes[i][0], shapes[i][1], shapes[i][2], mode, 0), (int)shapes[i][3]);
        if (i % 3 == 0) matrix_cases("full-row-col", random_matrix(shapes[i][0], shapes[i][1], shapes[i][2] / 4, !mode, 1), 0);
    }
    /* No entries at all: the spectrum is zero. */
    kfft_sparse *z = NULL;
    if (kfft_sparse_from_coo(40, 30, 0, NULL, NULL, NULL, 1, KFFT_SPARSE_BINARY, &z)) printf("%s\n", kfft_error_message());
    matrix_cases("empty", z, 0);
    /* One entry: a pure plane wave. */
    int64_t r1 = 3, c1 = 4;
    kfft_sparse *one = NULL;
    kfft_sparse_from_coo(11, 9, 1, &r1, &c1, NULL, 1, KFFT_SPARSE_BINARY, &one);
    matrix_cases("one-entry", one, 1);
    return 0;
}

static int t_large(void)
{
    matrix_cases("multipass-7000", random_matrix(12, 7000, 20000, KFFT_SPARSE_WEIGHTED, 0), 2);
    matrix_cases("bluestein-8219", random_matrix(9, 8219, 15000, KFFT_SPARSE_BINARY, 0), 0);
    matrix_cases("tall-8219", random_matrix(8219, 6, 9000, KFFT_SPARSE_WEIGHTED, 0), 0);
    /* The sums kernel's block shapes (spfft.c: sums_shape): the cases above take 32 x 8 and,
     * tall-8219, 8 x 32; this one, about 20 entries per column over 1001 rows u, 16 x 16. */
    matrix_cases("sums-16x16", random_matrix(2000, 600, 12000, KFFT_SPARSE_BINARY, 0), 0);
    return 0;
}

static int file_case(const char *path, int64_t maxdim)
{
    for (int mode = 0; mode < 2; mode++) {
        kfft_sparse *m = NULL;
        if (kfft_sparse_read_mtx(path, mode, &m)) {
            check(0, "%s: %s", path, kfft_error_message());
            return 1;
        }
        if (m->rows > maxdim || m->cols > maxdim) {
            printf("skip %s (%lld x %lld)\n", path, (long long)m->rows, (long long)m->cols);
            kfft_sparse_free(m);
            return 0;
        }
        printf("%s %s: %lld x %lld, %lld entries\n", path, mode ? "weighted" : "binary", (long long)m->rows, (long long)m->cols,
               (long long)m->nnz);
        matrix_cases(path, m, 0);
    }
    return 0;
}

static int t_shared(void)
{
    const char *env = getenv("KFFT_SHARED_DIR");
    char dir[700];
    if (env && env[0]) snprintf(dir, sizeof dir, "%s/data/mtx", env);
    else snprintf(dir, sizeof dir, "%s/../shared/data/mtx", KFFT_SOURCE_DIR);
    DIR *d = opendir(dir);
    if (!d) {
        printf("SKIP: no shared matrices in %s (set KFFT_SHARED_DIR)\n", dir);
        return 77;
    }
    int files = 0;
    for (struct dirent *de; (de = readdir(d));) {
        size_t l = strlen(de->d_name);
        if (l < 5 || strcmp(de->d_name + l - 4, ".mtx")) continue;
        char path[1000];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        file_case(path, 2000);
        files++;
    }
    closedir(d);
    return files ? 0 : 77;
}

static int t_errors(void)
{
    int64_t r = 0, c = 0;
    kfft_sparse *m = NULL;
    kfft_sparse_from_coo(10, 10, 1, &r, &c, NULL, 1, KFFT_SPARSE_BINARY, &m);
    kfft_spfft_plan p = NULL;
    kfft_spfft_desc d = {KFFT_F32, 0, 0, 0, 0, 0};
    check(kfft_spfft_plan_create(ctx, NULL, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT && !p, "NULL matrix");
    d.row_begin = 5, d.row_end = 3;
    check(kfft_spfft_plan_create(ctx, m, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "rows"),
          "reversed rows: %s", kfft_error_message());
    d.row_begin = 0, d.row_end = 11;
    check(kfft_spfft_plan_create(ctx, m, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "rows past the end");
    d.row_end = 0;
    d.precision = (kfft_precision)7;
    check(kfft_spfft_plan_create(ctx, m, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "precision"),
          "bad precision");
    d.precision = KFFT_F32;
    d.budget = 100;
    check(kfft_spfft_plan_create(ctx, m, &d, &p) == KFFT_ERROR_OUT_OF_MEMORY && strstr(kfft_error_message(), "at least"),
          "tiny budget: %s", kfft_error_message());
    d.budget = 0;
    check(kfft_spfft_plan_create(ctx, m, &d, &p) == KFFT_SUCCESS, "good plan: %s", kfft_error_message());
    check(kfft_spfft_execute_host(p, (void *)&r) == KFFT_ERROR_INVALID_ARGUMENT, "host output from a device plan");
    check(kfft_spfft_execute(p, NULL) == KFFT_ERROR_INVALID_ARGUMENT, "NULL output buffer");
    kfft_spfft_plan_destroy(p);
    kfft_sparse_free(m);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--nvrtc")) {
        nvrtc_mode = 1;
        argv++;
        argc--;
        kfft_status st = kfft_nvrtc_check("extern \"C\" __global__ void k() {}", "sm_90");
        if (st == KFFT_ERROR_NO_BACKEND) {
            printf("SKIP: *** NVRTC not found: the CUDA kernels are NOT compile-checked *** (%s)\n", kfft_error_message());
            return 77;
        }
    }
    if (argc < 2) {
        fprintf(stderr, "usage: %s [--nvrtc] gen|large|shared|errors | file F.mtx\n", argv[0]);
        return 2;
    }
    if (nvrtc_mode) {
        int rc = !strcmp(argv[1], "gen") ? t_gen() : !strcmp(argv[1], "large") ? t_large() : 2;
        printf("%d cases, each distinct CUDA program compiled once for sm_90: %d failures\n", checks, failures);
        return rc ? rc : failures ? 1 : 0;
    }
    kfft_context_desc cd = {0};
    cd.backend = KFFT_BACKEND_AUTO;
    if (kfft_context_create(&cd, &ctx)) {
        printf("SKIP: no device: %s\n", kfft_error_message());
        return 77;
    }
    printf("device: %s\n", kfft_context_device_name(ctx));
    rng ^= (uint64_t)time(NULL) * 0x2545F4914F6CDD1Dull;
    int rc = 0;
    if (!strcmp(argv[1], "gen")) rc = t_gen();
    else if (!strcmp(argv[1], "large")) rc = t_large();
    else if (!strcmp(argv[1], "shared")) rc = t_shared();
    else if (!strcmp(argv[1], "errors")) rc = t_errors();
    else if (!strcmp(argv[1], "file") && argc > 2) rc = file_case(argv[2], INT64_MAX);
    else {
        fprintf(stderr, "unknown test '%s'\n", argv[1]);
        rc = 2;
    }
    kfft_context_destroy(ctx);
    if (rc) return rc;
    printf("%d checks, %d failures; worst relative L2: f32 %.3e, f64 %.3e\n", checks, failures, worst[0], worst[1]);
    return failures ? 1 : 0;
}
