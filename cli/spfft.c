/* kfft spfft MATRIX.mtx: the sparse-input 2-D FFT of a Matrix Market matrix, to a device
 * buffer (timed) or streamed into a .npy file through host memory; --check compares rows
 * with a double-precision reference computed here, independently of the device path. */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "io/numfmt.h"
#include "core/refdft.h"
#include "core/trig.h"
#include "cuda_rt.h"
#include "io/file.h"
#include "io/npy.h"
#include "kfft_sparse.h"

typedef struct {
    const char *in, *out;
    int weighted, full, check, dense, verbose, device, host, pageable;
    kfft_precision prec;
    kfft_backend backend;
    int64_t a, b, repeat;
    size_t budget;
} sp_opts;

/* "2G", "512M", "64K", "1000000" (bytes). */
static int parse_bytes(cli_args *ca, const char *s, size_t *out)
{
    double v;
    if (num_parse_bytes(s, &v) || !(v >= 1)) {
        cli_usage_error("spfft", "--budget: '%s' is not a size in bytes (like 2G, 512M, 65536)", s);
        ca->error = 1;
        return -1;
    }
    *out = (size_t)v;
    return 0;
}

/* "a:b", "a:" (to the end), ":b", or "r" (one row). */
static int parse_rows(cli_args *ca, const char *s, int64_t *a, int64_t *b)
{
    char *end;
    const char *colon = strchr(s, ':');
    *a = 0;
    *b = -1;
    if (!colon) {
        *a = strtoll(s, &end, 10);
        *b = *a + 1;
        if (end != s && !*end && *a >= 0) return 0;
    } else {
        int ok = 1;
        if (colon != s) {
            *a = strtoll(s, &end, 10);
            ok = end == colon && *a >= 0;
        }
        if (ok && colon[1]) {
            *b = strtoll(colon + 1, &end, 10);
            ok = !*end && *b > *a;
        }
        if (ok) return 0;
    }
    cli_usage_error("spfft", "--rows: '%s' is not a row range a:b (0 <= a < b)", s);
    ca->error = 1;
    return -1;
}

static int parse(int argc, char **argv, sp_opts *o)
{
    memset(o, 0, sizeof *o);
    o->prec = KFFT_F32;
    o->backend = KFFT_BACKEND_AUTO;
    o->repeat = 5;
    o->b = -1;
    cli_args ca;
    cli_args_init(&ca, argc, argv);
    const char *arg;
    while (cli_args_next(&ca, &arg)) {
        if (cli_help_flag(&ca, arg)) return cli_help("spfft", 0) ? EXIT_FAIL : -1;
        if (!cli_is_option(&ca, arg)) {
            if (o->in) return cli_unexpected(&ca, arg);
            o->in = arg;
        } else if (cli_flag(&ca, arg, "--binary")) {
            o->weighted = 0;
        } else if (cli_flag(&ca, arg, "--weighted")) {
            o->weighted = 1;
        } else if (cli_flag(&ca, arg, "--full")) {
            o->full = 1;
        } else if (cli_flag(&ca, arg, "--check")) {
            o->check = 1;
        } else if (cli_flag(&ca, arg, "--dense-baseline")) {
            o->dense = 1;
        } else if (cli_flag(&ca, arg, "--host")) {
            o->host = 1;
        } else if (cli_flag(&ca, arg, "--pageable")) {
            o->host = o->pageable = 1;
        } else if (cli_flag(&ca, arg, "--verbose")) {
            o->verbose = 1;
        } else if (cli_opt(&ca, arg, "--out")) {
            if (!io_has_ext(ca.value, ".npy")) return cli_usage_error("spfft", "--out: '%s' must be a .npy file", ca.value);
            o->out = ca.value;
        } else if (cli_opt(&ca, arg, "--rows")) {
            if (parse_rows(&ca, ca.value, &o->a, &o->b)) return EXIT_USAGE;
        } else if (cli_opt(&ca, arg, "--budget")) {
            if (parse_bytes(&ca, ca.value, &o->budget)) return EXIT_USAGE;
        } else if (cli_opt(&ca, arg, "--repeat")) {
            if (cli_parse_int(&ca, "--repeat", ca.value, 1, 100000, &o->repeat)) return EXIT_USAGE;
        } else if (cli_opt(&ca, arg, "--precision")) {
            if (cli_parse_precision(&ca, ca.value, &o->prec)) return EXIT_USAGE;
        } else if (cli_opt(&ca, arg, "--backend")) {
            if (cli_parse_backend(&ca, ca.value, &o->backend)) return EXIT_USAGE;
        } else if (cli_opt(&ca, arg, "--device")) {
            int64_t d;
            if (cli_parse_int(&ca, "--device", ca.value, 0, 1 << 20, &d)) return EXIT_USAGE;
            o->device = (int)d;
        } else {
            return cli_unexpected(&ca, arg);
        }
        if (ca.error) return EXIT_USAGE;
    }
    if (ca.error) return EXIT_USAGE;
    if (!o->in) return cli_usage_error("spfft", "missing MATRIX.mtx");
    if (o->host && o->out) return cli_usage_error("spfft", "--host and --out: choose one output");
    return 0;
}

/* ---- .npy streaming --------------------------------------------------------------------- */

typedef struct {
    int fd;
    size_t hdr, row_bytes;
    int64_t row_a, done, total;
    double t0, last;
    int progress;
} npy_sink;

static int sink_rows(void *user, int64_t row0, int64_t nrows, const void *data)
{
    npy_sink *s = user;
    const char *p = data;
    size_t left = (size_t)nrows * s->row_bytes;
    off_t off = (off_t)(s->hdr + (size_t)(row0 - s->row_a) * s->row_bytes);
    while (left) {
        ssize_t w = pwrite(s->fd, p, left, off);
        if (w <= 0) return -1;
        p += w;
        off += w;
        left -= (size_t)w;
    }
    s->done += nrows;
    double now = cli_now();
    if (s->progress && now - s->last > 0.25 && now - s->t0 > 1.0) {
        s->last = now;
        int pct = (int)(100.0 * (double)s->done / (double)s->total), bar = pct / 4;
        fprintf(stderr, "\r  [%.*s%*s] %3d%%  %.1f s", bar, "#########################", 25 - bar, "", pct, now - s->t0);
        fflush(stderr);
    }
    return 0;
}

/* ---- the double-precision reference of one spectrum row ----------------------------------- */

/* F[r, 0..C-1] = DFT_c( sum over entries (i, c) of a_ic W_R^(i r) ), in double. */
static int ref_row(const kfft_sparse *m, int64_t r, double *row)
{
    int64_t C = m->cols;
    memset(row, 0, sizeof(double) * 2 * (size_t)C);
    for (int64_t c = 0; c < C; c++)
        for (int64_t q = m->colptr[c]; q < m->colptr[c + 1]; q++) {
            int64_t i = kfft_sparse_row(m, q);
            double re, im, w = m->values ? m->values[q] : 1;
            kfft_expi((int64_t)(((__int128)i * r) % m->rows), m->rows, &re, &im);
            row[2 * c] += w * re;
            row[2 * c + 1] += w * im;
        }
    return kfft_refdft(row, C, -1);
}

/* Rows to check: every row of small outputs, else the ends, the middle and 20 random ones. */
static int64_t pick_rows(int64_t a, int64_t b, int64_t R, int64_t *rows, int64_t cap)
{
    int64_t n = 0;
    if (b - a <= cap) {
        for (int64_t r = a; r < b; r++) rows[n++] = r;
        return n;
    }
    int64_t fixed[] = {a, b - 1, R / 2, R / 2 + 1, R - 1, 0, 1};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (fixed[i] >= a && fixed[i] < b) rows[n++] = fixed[i];
    cli_rng g;
    cli_rng_seed(&g, cli_time_seed());
    while (n < cap) rows[n++] = a + (int64_t)((cli_rng_uniform(&g) + 1) / 2 * (double)(b - a)) % (b - a);
    return n;
}

typedef struct {
    double num, den, maxabs, maxrel;
    int nonfinite;
} errs;

static void compare(errs *e, const void *got, int f64, const double *ref, int64_t width)
{
    double rowmax = 0;
    for (int64_t c = 0; c < width; c++) rowmax = fmax(rowmax, hypot(ref[2 * c], ref[2 * c + 1]));
    for (int64_t c = 0; c < width; c++) {
        double x = f64 ? ((const double *)got)[2 * c] : ((const float *)got)[2 * c];
        double y = f64 ? ((const double *)got)[2 * c + 1] : ((const float *)got)[2 * c + 1];
        if (!isfinite(x) || !isfinite(y)) e->nonfinite++;
        double d = hypot(x - ref[2 * c], y - ref[2 * c + 1]), mag = hypot(ref[2 * c], ref[2 * c + 1]);
        e->num += d * d;
        e->den += mag * mag;
        e->maxabs = fmax(e->maxabs, d);
        /* relative to the row's largest value: tiny entries carry only absolute error */
        if (rowmax > 0) e->maxrel = fmax(e->maxrel, d / rowmax);
    }
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* ---- --dense-baseline: dense kfft and dense cuFFT of the scattered matrix ------------------ */

/* One dense 2-D R2C, kfft's plan or cuFFT's handle, on the shared buffers. */
typedef struct {
    kfft_plan kp;
    int cp, f64;
    kfft_buffer in, out;
} dense_job;

static const char *cufft_name(int r)
{
    static const char *const names[] = {"SUCCESS", "INVALID_PLAN", "ALLOC_FAILED", "INVALID_TYPE", "INVALID_VALUE",
                                        "INTERNAL_ERROR", "EXEC_FAILED", "SETUP_FAILED", "INVALID_SIZE", "UNALIGNED_DATA",
                                        "INCOMPLETE_PARAMETER_LIST", "INVALID_DEVICE", "PARSE_ERROR", "NO_WORKSPACE",
                                        "NOT_IMPLEMENTED", "LICENSE_ERROR", "NOT_SUPPORTED"};
    return r >= 0 && r < (int)(sizeof names / sizeof *names) ? names[r] : "UNKNOWN";
}

/* Queue one transform; 0, or nonzero with why filled. */
static int exec_kfft(dense_job *j, char *why, size_t len)
{
    if (!kfft_execute(j->kp, j->in, j->out, KFFT_FORWARD)) return 0;
    snprintf(why, len, "kfft_execute: %s", kfft_error_message());
    return -1;
}
static int exec_cufft(dense_job *j, char *why, size_t len)
{
    int r = j->f64 ? cf.ExecD2Z(j->cp, j->in, j->out) : cf.ExecR2C(j->cp, j->in, j->out);
    if (r) snprintf(why, len, "cufftExec%s: cufft error %d: CUFFT_%s", j->f64 ? "D2Z" : "R2C", r, cufft_name(r));
    return r;
}

/* 2 warm-ups, then runs timed; ms = median, min, max. With events (CUDA): an event pair
 * around each run on the NULL stream, which kfft's CLI context and cuFFT's plans both use, so
 * launch gaps on the host do not count; else wall clock around each run and a synchronize. */
static int time_dense(kfft_context ctx, int events, int (*fn)(dense_job *, char *, size_t), dense_job *j, int runs,
                      double ms[3], char *why, size_t len)
{
    double *t = malloc(sizeof(double) * (size_t)runs);
    CUevent a = NULL, b = NULL;
    int err = 0;
    CUresult cr = 0;
    if (!t) snprintf(why, len, "no host memory"), err = -1;
    if (!err && events && ((cr = cu.EventCreate(&a, 0)) || (cr = cu.EventCreate(&b, 0))))
        snprintf(why, len, "cuEventCreate: CUDA error %d", cr), err = -1;
    for (int i = 0; i < 2 && !err; i++) err = fn(j, why, len);
    if (!err && kfft_context_synchronize(ctx)) snprintf(why, len, "%s", kfft_error_message()), err = -1;
    for (int i = 0; i < runs && !err; i++) {
        if (events) {
            float f = 0;
            if ((cr = cu.EventRecord(a, NULL))) break;
            if ((err = fn(j, why, len))) break;
            if ((cr = cu.EventRecord(b, NULL)) || (cr = cu.EventSynchronize(b)) || (cr = cu.EventElapsedTime(&f, a, b))) break;
            t[i] = f;
        } else {
            double t0 = cli_now();
            if ((err = fn(j, why, len))) break;
            if (kfft_context_synchronize(ctx)) {
                snprintf(why, len, "%s", kfft_error_message());
                err = -1;
                break;
            }
            t[i] = (cli_now() - t0) * 1e3;
        }
    }
    if (!err && cr) snprintf(why, len, "a CUDA event call failed: CUDA error %d (an earlier kernel may have failed)", cr), err = -1;
    if (!err) {
        qsort(t, (size_t)runs, sizeof(double), cmp_double);
        ms[0] = t[runs / 2], ms[1] = t[0], ms[2] = t[runs - 1];
    }
    if (a) cu.EventDestroy(a);
    if (b) cu.EventDestroy(b);
    free(t);
    return err;
}

static void print_dense(const char *who, const double ms[3], int runs, int events, size_t io_bytes, size_t work, double plan_ms,
                        const char *sp, double sparse_ms, size_t sparse_bytes)
{
    double x = ms[0] / sparse_ms;
    printf("dense    %s 2-D R2C (scatter not counted): %.3f ms median of %d (min %.3f, max %.3f; %s), %.1f MB on the device "
           "+ %.1f MB work area, plan %.1f ms; %s is %.2fx %s with %.3g%% of its memory\n",
           who, ms[0], runs, ms[1], ms[2], events ? "CUDA events" : "wall clock", (double)io_bytes / 1e6, (double)work / 1e6,
           plan_ms, sp, x >= 1 ? x : 1 / x, x >= 1 ? "faster" : "slower", 100.0 * (double)sparse_bytes / (double)(io_bytes + work));
}

/* Dense kfft and, on the CUDA backend where libcufft loads, dense cuFFT: one 2-D R2C of the
 * matrix scattered on the host, both on the same device input and output buffers, then
 * their outputs compared. The scatter and upload are not timed: a dense user would pay them,
 * so the sparse/dense ratios printed are lower bounds. (The sparse median is wall clock with
 * a synchronize, the dense ones on CUDA are event times: that too favours the dense side.)
 * Returns 0, or -1 when kfft and cuFFT disagree. */
static int dense_baselines(kfft_context ctx, const kfft_sparse *m, const sp_opts *o, double sparse_ms, size_t sparse_bytes)
{
    int f64 = o->prec == KFFT_F64, cuda = kfft_context_backend(ctx) == KFFT_BACKEND_CUDA, ret = 0, kfft_ok = 0;
    int events = cuda && bench_load_cuda(); /* also loads libcufft: cf.ok */
    const char *sp = o->out ? "sparse (into the file)" : o->host ? "sparse (into host memory)" : "sparse";
    int runs = o->repeat > 5 ? (int)o->repeat : 5;
    int64_t R = m->rows, C = m->cols, H = C / 2 + 1, n2[2] = {R, C};
    size_t rb = f64 ? 8 : 4, ibytes = (size_t)(R * C) * rb, obytes = (size_t)(R * H) * 2 * rb;
    dense_job j = {NULL, 0, f64, NULL, NULL};
    void *h = calloc(1, ibytes), *kout = NULL;
    char why[320];
    kfft_status st;
    if (!h) {
        printf("dense    not timed: no host memory for the scattered %lld x %lld matrix (%.1f MB)\n", (long long)R, (long long)C,
               (double)ibytes / 1e6);
        return 0;
    }
    for (int64_t c = 0; c < C; c++)
        for (int64_t q = m->colptr[c]; q < m->colptr[c + 1]; q++) {
            size_t at = (size_t)(kfft_sparse_row(m, q) * C + c);
            double v = m->values ? m->values[q] : 1;
            if (f64) ((double *)h)[at] = v;
            else ((float *)h)[at] = (float)v;
        }
    if ((st = kfft_malloc(ctx, ibytes, &j.in)) || (st = kfft_malloc(ctx, obytes, &j.out))) {
        printf("dense    not timed: the dense input and output need %.1f MB on the device (%.1f MB + %.1f MB): %s\n",
               (double)(ibytes + obytes) / 1e6, (double)ibytes / 1e6, (double)obytes / 1e6, kfft_error_message());
        goto done;
    }
    if ((st = kfft_memcpy_h2d(ctx, j.in, h, ibytes))) {
        printf("dense    not timed: the upload of the dense input failed: %s\n", kfft_error_message());
        goto done;
    }
    free(h); /* out-of-place R2C leaves its input alone, in kfft and in cuFFT: one upload serves both */
    h = NULL;

    double ms[3] = {0}, t = cli_now();
    st = kfft_plan_dft(ctx, KFFT_R2C, 2, n2, 1, o->prec, &j.kp);
    double plan_ms = (cli_now() - t) * 1e3;
    if (st) {
        printf("dense    kfft: not timed: cannot plan the %lld x %lld R2C: %s\n", (long long)R, (long long)C, kfft_error_message());
    } else if (time_dense(ctx, events, exec_kfft, &j, runs, ms, why, sizeof why)) {
        printf("dense    kfft: not timed: %s\n", why);
    } else {
        print_dense("kfft", ms, runs, events, ibytes + obytes, kfft_plan_workspace_size(j.kp), plan_ms, sp, sparse_ms,
                    sparse_bytes);
        kfft_ok = 1;
    }
    kfft_plan_destroy(j.kp); /* its work area too, before cuFFT plans */
    j.kp = NULL;

    if (!cuda) {
        printf("dense    cuFFT: not timed: the OpenCL backend (cuFFT runs on the CUDA backend: --backend cuda)\n");
        goto done;
    }
    if (!cf.ok) {
        printf("dense    cuFFT: not timed: libcufft not found (tried libcufft.so.12, .so.11, .so and /usr/local/cuda/lib64)\n");
        goto done;
    }
    if (R > 0x7fffffff || C > 0x7fffffff) {
        printf("dense    cuFFT: not timed: %lld x %lld is beyond cufftPlanMany's int sizes\n", (long long)R, (long long)C);
        goto done;
    }
    int nn[2] = {(int)R, (int)C}, r;
    t = cli_now();
    r = cf.PlanMany(&j.cp, 2, nn, NULL, 1, 0, NULL, 1, 0, f64 ? 0x6a /* CUFFT_D2Z */ : 0x2a /* CUFFT_R2C */, 1);
    plan_ms = (cli_now() - t) * 1e3; /* the first cuFFT call also starts the CUDA runtime */
    if (r) {
        printf("dense    cuFFT: not timed: cuFFT cannot create the plan (cufft error %d): CUFFT_%s for %lld x %lld %s\n", r,
               cufft_name(r), (long long)R, (long long)C, f64 ? "D2Z" : "R2C");
        goto done;
    }
    size_t work = 0;
    cf.GetSize(j.cp, &work);
    /* kfft's output is still in the buffer cuFFT will write: to the host for the comparison */
    if (kfft_ok && (kout = malloc(obytes)) && kfft_memcpy_d2h(ctx, kout, j.out, obytes)) free(kout), kout = NULL;
    if (time_dense(ctx, events, exec_cufft, &j, runs, ms, why, sizeof why)) {
        printf("dense    cuFFT: not timed: %s\n", why);
    } else {
        print_dense("cuFFT", ms, runs, events, ibytes + obytes, work, plan_ms, sp, sparse_ms, sparse_bytes);
        /* cuFFT's output against kfft's: streamed in chunks, each byte copied once, sums in double */
        size_t chunk = obytes < ((size_t)64 << 20) ? obytes : (size_t)64 << 20;
        void *c = kout ? malloc(chunk) : NULL;
        double num = 0, den = 0;
        int bad = 0;
        for (size_t at = 0; c && at < obytes; at += chunk) {
            size_t len = obytes - at < chunk ? obytes - at : chunk;
            if (kfft_memcpy_d2h_at(ctx, c, j.out, at, len)) {
                free(c), c = NULL;
                break;
            }
            for (size_t i = 0; i < len / rb; i++) {
                double x = f64 ? ((double *)kout)[at / rb + i] : ((float *)kout)[at / rb + i];
                double y = f64 ? ((double *)c)[i] : ((float *)c)[i];
                bad += !isfinite(x) || !isfinite(y);
                num += (x - y) * (x - y);
                den += y * y;
            }
        }
        if (c) {
            double rel = den > 0 ? sqrt(num / den) : sqrt(num), bound = f64 ? 1e-12 : 1e-5;
            int ok = !bad && rel <= bound;
            printf("dense    kfft vs cuFFT: rel L2 difference %.3e over the %lld x %lld half spectrum (bound %.0e)%s: %s\n", rel,
                   (long long)R, (long long)H, bound, bad ? ", NON-FINITE values" : "", ok ? "agree" : "DISAGREE");
            if (!ok) ret = -1;
        } else if (kout) {
            printf("dense    kfft vs cuFFT: not compared: %s\n", kfft_error_message());
        } else {
            printf("dense    kfft vs cuFFT: not compared (no kfft output, or no host memory for it: %.1f MB)\n",
                   (double)obytes / 1e6);
        }
        free(c);
    }
    cf.Destroy(j.cp);
done:
    free(h);
    free(kout);
    if (j.in) kfft_free(ctx, j.in);
    if (j.out) kfft_free(ctx, j.out);
    return ret;
}

/* ---- the command ------------------------------------------------------------------------- */

int cmd_spfft(int argc, char **argv)
{
    sp_opts o;
    int rc = parse(argc, argv, &o);
    if (rc) return rc < 0 ? EXIT_OK : rc;
    double t = cli_now();
    kfft_sparse *m = NULL;
    kfft_status st = kfft_sparse_read_mtx(o.in, o.weighted ? KFFT_SPARSE_WEIGHTED : KFFT_SPARSE_BINARY, &m);
    if (st) return cli_kfft_error("spfft", o.in, st);
    double t_read = cli_now() - t;
    if (o.b < 0) o.b = m->rows;
    if (o.b > m->rows) {
        int64_t R = m->rows;
        kfft_sparse_free(m);
        return cli_usage_error("spfft", "--rows: the matrix has %lld rows", (long long)R);
    }
    printf("matrix   %s: %lld x %lld, %lld entries (%.4f%% dense), %s%s; read in %.1f ms\n", o.in, (long long)m->rows,
           (long long)m->cols, (long long)m->nnz, 100.0 * (double)m->nnz / ((double)m->rows * (double)m->cols),
           o.weighted ? "weighted" : "binary", m->symmetric ? ", symmetric" : "", t_read * 1e3);
    kfft_context ctx;
    if (cli_open("spfft", o.backend, o.device, o.verbose, &ctx)) {
        kfft_sparse_free(m);
        return EXIT_FAIL;
    }
    kfft_spfft_desc d = {o.prec, o.full, o.a, o.b, o.budget, o.out || o.host};
    void *host = NULL;
    int host_plain = 0; /* host came from malloc (pageable), not kfft_malloc_host */
    kfft_spfft_plan p = NULL;
    kfft_buffer dev = NULL;
    npy_sink sink = {-1, 0, 0, 0, 0, 0, 0, 0, 0};
    char tmp[4200] = "";
    double *times = NULL;
    t = cli_now();
    if ((st = kfft_spfft_plan_create(ctx, m, &d, &p))) {
        rc = cli_kfft_error("spfft", "plan", st);
        goto done;
    }
    double t_plan = cli_now() - t;
    kfft_spfft_info in;
    kfft_spfft_plan_info(p, &in);
    int f64 = o.prec == KFFT_F64;
    size_t eb = f64 ? 16 : 8, out_bytes = (size_t)(in.rows * in.cols) * eb;
    printf("device   %s\n", kfft_context_device_name(ctx));
    printf("output   rows %lld:%lld of %lld x %lld %s spectrum, %s, %.1f MB %s\n", (long long)o.a, (long long)o.b,
           (long long)m->rows, (long long)in.cols, o.full ? "full" : "half", f64 ? "complex128" : "complex64",
           (double)out_bytes / 1e6, o.out ? o.out : o.host ? "(host memory)" : "(device buffer)");
    printf("route    %s\n", in.route);
    printf("tiles    %lld of %lld rows; plan %.1f ms\n", (long long)in.tiles, (long long)in.tile_rows, t_plan * 1e3);
    printf("memory   %.1f MB on the device (matrix %.1f, tile %.1f, FFT %.1f, staging %.1f)%s\n", (double)in.device_bytes / 1e6,
           (double)in.matrix_bytes / 1e6, (double)in.tile_bytes / 1e6, (double)in.fft_bytes / 1e6, (double)in.staging_bytes / 1e6,
           o.out || o.host ? "" : " + the output buffer");
    if (o.out) {
        npy_array hdr = {f64 ? NPY_C128 : NPY_C64, 2, {in.rows, in.cols}, 0, NULL};
        char h[512];
        size_t hl = npy_header(&hdr, h, sizeof h);
        snprintf(tmp, sizeof tmp, "%s.partial", o.out);
        sink.fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC, 0644);
        if (sink.fd < 0 || !hl || write(sink.fd, h, hl) != (ssize_t)hl) {
            fprintf(stderr, "kfft spfft: cannot write %s\n", tmp);
            rc = EXIT_FAIL;
            goto done;
        }
        sink.hdr = hl;
        sink.row_bytes = (size_t)in.cols * eb;
        sink.row_a = o.a;
        sink.total = in.rows;
        sink.progress = isatty(2);
    } else if (o.host) {
        /* Page-locked unless --pageable (or none is left): the device's copies fill it directly. */
        if (o.pageable || kfft_malloc_host(ctx, out_bytes, &host)) host = NULL, host_plain = 1;
        if (!host && !(host = malloc(out_bytes))) {
            fprintf(stderr, "kfft spfft: no host memory for the output (%zu bytes)\n", out_bytes);
            rc = EXIT_FAIL;
            goto done;
        }
        memset(host, 0, out_bytes); /* touch every page before timing */
    } else if ((st = kfft_malloc(ctx, out_bytes, &dev))) {
        rc = cli_kfft_error("spfft", "the output on the device (use --out F.npy to stream it, or --rows)", st);
        goto done;
    }
    times = malloc(sizeof(double) * (size_t)o.repeat);
    for (int64_t i = 0; i < o.repeat && times; i++) {
        sink.done = 0;
        sink.t0 = sink.last = cli_now();
        t = cli_now();
        st = o.out ? kfft_spfft_execute_rows(p, sink_rows, &sink) : o.host ? kfft_spfft_execute_host(p, host) : kfft_spfft_execute(p, dev);
        if (!st) st = kfft_context_synchronize(ctx);
        times[i] = cli_now() - t;
        if (sink.progress && times[i] > 1.0) fprintf(stderr, "\r%60s\r", "");
        if (st) {
            rc = cli_kfft_error("spfft", "execute", st);
            goto done;
        }
    }
    if (!times) {
        rc = EXIT_FAIL;
        goto done;
    }
    double t_min = times[0];
    for (int64_t i = 1; i < o.repeat; i++) t_min = fmin(t_min, times[i]);
    qsort(times, (size_t)o.repeat, sizeof(double), cmp_double);
    double med = times[o.repeat / 2];
    printf("time     %.3f ms median of %lld (min %.3f)%s; %.1f GB/s of output written\n", med * 1e3, (long long)o.repeat,
           t_min * 1e3, o.out ? " including the file writes" : !o.host ? "" : host_plain ? " into pageable host memory" : " into page-locked host memory",
           (double)out_bytes / med / 1e9);
    if (o.check) {
        int64_t cap = 24, rows[512];
        int64_t n = pick_rows(o.a, o.b, m->rows, rows, in.rows <= 512 ? 512 : cap);
        double *ref = malloc(sizeof(double) * 2 * (size_t)m->cols);
        void *got = malloc((size_t)in.cols * eb);
        errs e = {0};
        for (int64_t i = 0; i < n && ref && got; i++) {
            size_t off = (size_t)(rows[i] - o.a) * (size_t)in.cols * eb;
            if (ref_row(m, rows[i], ref)) break;
            if (o.out) {
                if (pread(sink.fd, got, (size_t)in.cols * eb, (off_t)(sink.hdr + off)) != (ssize_t)((size_t)in.cols * eb)) break;
            } else if (o.host) {
                memcpy(got, (char *)host + off, (size_t)in.cols * eb);
            } else if ((st = kfft_memcpy_d2h_at(ctx, got, dev, off, (size_t)in.cols * eb))) {
                break;
            }
            compare(&e, got, f64, ref, in.cols);
        }
        free(ref);
        free(got);
        double rel = e.den > 0 ? sqrt(e.num / e.den) : sqrt(e.num), bound = f64 ? 1e-13 : 3e-6;
        int ok = !e.nonfinite && rel <= bound;
        printf("check    %lld rows vs a double-precision reference: rel L2 %.3e (bound %.0e), max abs %.3e, max rel %.3e%s: %s\n",
               (long long)n, rel, bound, e.maxabs, e.maxrel, e.nonfinite ? ", NON-FINITE values" : "", ok ? "ok" : "FAILED");
        if (!ok) rc = EXIT_FAIL;
    }
    if (o.host) {
        /* The copy time of the output: the same bytes from a device buffer (at most 1 GiB,
         * reused) into the same host array, timed the same way. */
        size_t chunk = out_bytes < ((size_t)1 << 30) ? out_bytes : (size_t)1 << 30;
        kfft_buffer src = NULL;
        if (!kfft_malloc(ctx, chunk, &src)) {
            double best = 1e30;
            for (int k = 0; k < 3; k++) {
                t = cli_now();
                for (size_t at = 0; at < out_bytes; at += chunk)
                    kfft_memcpy_d2h(ctx, (char *)host + at, src, out_bytes - at < chunk ? out_bytes - at : chunk);
                best = fmin(best, cli_now() - t);
            }
            printf("copy     the output's bytes device -> this host array: %.3f ms (%.1f GB/s); the transform takes %.2fx that\n",
                   best * 1e3, (double)out_bytes / best / 1e9, med / best);
            /* The link's own rate, where the array is pageable: into page-locked memory (one chunk, reused). */
            void *pinned = NULL;
            if (host_plain && !kfft_malloc_host(ctx, chunk, &pinned)) {
                best = 1e30;
                for (int k = 0; k < 3; k++) {
                    t = cli_now();
                    for (size_t at = 0; at < out_bytes; at += chunk)
                        kfft_memcpy_d2h(ctx, pinned, src, out_bytes - at < chunk ? out_bytes - at : chunk);
                    best = fmin(best, cli_now() - t);
                }
                printf("copy     the same bytes into page-locked memory (kfft_malloc_host): %.3f ms (%.1f GB/s); the transform takes %.2fx that\n",
                       best * 1e3, (double)out_bytes / best / 1e9, med / best);
                kfft_free_host(ctx, pinned);
            }
            kfft_free(ctx, src);
        }
    }
    if (o.dense) {
        /* The sparse plan and output buffer go first: the dense baselines get the device. */
        size_t sparse_bytes = in.device_bytes + (o.out || o.host ? 0 : out_bytes);
        if (dev) kfft_free(ctx, dev), dev = NULL;
        kfft_spfft_plan_destroy(p), p = NULL;
        if (dense_baselines(ctx, m, &o, med * 1e3, sparse_bytes)) rc = EXIT_FAIL;
    }
    if (o.out) {
        if (close(sink.fd) || rename(tmp, o.out)) {
            fprintf(stderr, "kfft spfft: cannot finish %s\n", o.out);
            rc = EXIT_FAIL;
        }
        sink.fd = -1;
        tmp[0] = 0;
    }
done:
    free(times);
    if (host_plain) free(host);
    else kfft_free_host(ctx, host);
    if (sink.fd >= 0) close(sink.fd);
    if (tmp[0]) unlink(tmp);
    if (dev) kfft_free(ctx, dev);
    kfft_spfft_plan_destroy(p);
    kfft_context_destroy(ctx);
    kfft_sparse_free(m);
    return rc;
}
