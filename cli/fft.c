/* kfft fft IN.npy OUT.npy: batched 1-D transform of the last axis of a .npy array. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/npy.h"

typedef enum { NORM_BACKWARD, NORM_ORTHO, NORM_FORWARD } norm_mode;

typedef struct {
    const char *in, *out;
    int inverse, verbose, device, have_prec;
    norm_mode norm;
    kfft_precision prec;
    kfft_backend backend;
} fft_opts;

static const char *dtype_name(npy_dtype t)
{
    switch (t) {
    case NPY_F32: return "float32";
    case NPY_F64: return "float64";
    case NPY_C64: return "complex64";
    case NPY_C128: return "complex128";
    }
    return "?";
}

/* Returns -1 to continue, else the exit code (help printed or usage error). */
static int parse(int argc, char **argv, fft_opts *o)
{
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg;
    int help = 0, npos = 0;
    int64_t dev = 0;
    while (cli_args_next(&a, &arg)) {
        if (cli_help_flag(&a, arg)) help = 1;
        else if (cli_flag(&a, arg, "--inverse")) o->inverse = 1;
        else if (cli_flag(&a, arg, "--verbose") || cli_flag(&a, arg, "-v")) o->verbose = 1;
        else if (cli_opt(&a, arg, "--precision")) o->have_prec = !cli_parse_precision(&a, a.value, &o->prec);
        else if (cli_opt(&a, arg, "--backend")) cli_parse_backend(&a, a.value, &o->backend);
        else if (cli_opt(&a, arg, "--device")) cli_parse_int(&a, "--device", a.value, 0, 1 << 20, &dev);
        else if (cli_opt(&a, arg, "--norm")) {
            static const char *const norms[] = {"backward", "ortho", "forward", NULL};
            int i;
            if (!cli_parse_choice(&a, "--norm", a.value, norms, &i)) o->norm = (norm_mode)i;
        } else if (cli_is_option(&a, arg)) {
            return cli_unexpected(&a, arg);
        } else if (npos == 0) {
            o->in = arg;
            npos++;
        } else if (npos == 1) {
            o->out = arg;
            npos++;
        } else {
            return cli_usage_error("fft", "unexpected argument '%s' (expected IN.npy OUT.npy)", arg);
        }
    }
    if (a.error) return EXIT_USAGE;
    if (help) {
        cli_help("fft", 0);
        return EXIT_OK;
    }
    if (npos < 2) return cli_usage_error("fft", "missing %s", npos ? "OUT.npy" : "IN.npy and OUT.npy");
    o->device = (int)dev;
    return -1;
}

/* The input as interleaved complex values in precision p: a->data itself when it already
 * is, else a new buffer. NULL when out of memory. */
static void *to_complex(npy_array *a, int64_t count, kfft_precision p)
{
    npy_dtype want = p == KFFT_F64 ? NPY_C128 : NPY_C64;
    if (a->dtype == want) return a->data;
    size_t es = p == KFFT_F64 ? 16 : 8;
    if ((uint64_t)count > SIZE_MAX / es) return NULL;
    void *buf = malloc(count ? (size_t)count * es : 1);
    if (!buf) return NULL;
    int cplx = a->dtype == NPY_C64 || a->dtype == NPY_C128;
    size_t m = (size_t)count * (cplx ? 2 : 1);
    for (size_t i = 0; i < m; i++) {
        double v = a->dtype == NPY_F32 || a->dtype == NPY_C64 ? (double)((const float *)a->data)[i]
                                                              : ((const double *)a->data)[i];
        size_t j = cplx ? i : 2 * i; /* real input: value goes to the real part, imag = 0 */
        if (p == KFFT_F64) {
            ((double *)buf)[j] = v;
            if (!cplx) ((double *)buf)[j + 1] = 0;
        } else {
            ((float *)buf)[j] = (float)v;
            if (!cplx) ((float *)buf)[j + 1] = 0;
        }
    }
    return buf;
}

static void scale(void *buf, int64_t count, kfft_precision p, double s)
{
    size_t m = (size_t)count * 2;
    if (p == KFFT_F64)
        for (size_t i = 0; i < m; i++) ((double *)buf)[i] *= s;
    else
        for (size_t i = 0; i < m; i++) ((float *)buf)[i] = (float)((double)((float *)buf)[i] * s);
}

static int transform(const fft_opts *o, void *buf, int64_t n, int64_t batch)
{
    kfft_context ctx;
    if (cli_open("fft", o->backend, o->device, o->verbose, &ctx)) return EXIT_FAIL;
    int rc = EXIT_OK;
    kfft_plan plan = NULL;
    double t0 = cli_now();
    kfft_status st = kfft_plan_1d(ctx, n, batch, o->prec, &plan);
    double t1 = cli_now();
    if (st) {
        char what[128];
        snprintf(what, sizeof what, "cannot plan a %s transform of n=%lld batch=%lld", cli_precision_name(o->prec),
                 (long long)n, (long long)batch);
        rc = cli_kfft_error("fft", what, st);
        goto done;
    }
    if (o->verbose)
        fprintf(stderr, "kfft fft: %s device: %s\nkfft fft: plan: %s (%d kernel%s, %zu bytes workspace), %.1f ms\n",
                cli_backend_name(kfft_context_backend(ctx)), kfft_context_device_name(ctx), kfft_plan_describe(plan),
                kfft_plan_kernel_count(plan), kfft_plan_kernel_count(plan) == 1 ? "" : "s",
                kfft_plan_workspace_size(plan), 1e3 * (t1 - t0));
    st = kfft_execute_host(plan, buf, buf, o->inverse ? KFFT_INVERSE : KFFT_FORWARD);
    double t2 = cli_now();
    if (st) {
        rc = cli_kfft_error("fft", "transform failed", st);
        goto done;
    }
    if (o->verbose)
        fprintf(stderr, "kfft fft: execute: %.3f ms (host-timed, includes copies to and from the device)\n",
                1e3 * (t2 - t1));
done:
    kfft_plan_destroy(plan);
    kfft_context_destroy(ctx);
    return rc;
}

int cmd_fft(int argc, char **argv)
{
    fft_opts o = {0};
    o.backend = KFFT_BACKEND_AUTO;
    o.norm = NORM_BACKWARD;
    int rc = parse(argc, argv, &o);
    if (rc >= 0) return rc;

    char err[512];
    npy_array a;
    if (npy_read(o.in, &a, err, sizeof err)) {
        fprintf(stderr, "kfft fft: cannot read input '%s': %s\n", o.in, err);
        return EXIT_FAIL;
    }
    int64_t count = npy_count(&a);
    if (a.ndim == 0) {
        fprintf(stderr, "kfft fft: input '%s' is a 0-d array (a scalar): nothing to transform\n", o.in);
        npy_free(&a);
        return EXIT_FAIL;
    }
    int64_t n = a.shape[a.ndim - 1];
    if (n == 0) {
        fprintf(stderr, "kfft fft: input '%s': the last axis has length 0: nothing to transform\n", o.in);
        npy_free(&a);
        return EXIT_FAIL;
    }
    int64_t batch = count / n;
    if (!o.have_prec) o.prec = a.dtype == NPY_F64 || a.dtype == NPY_C128 ? KFFT_F64 : KFFT_F32;
    if (o.verbose) {
        fprintf(stderr, "kfft fft: input '%s': %s, shape (", o.in, dtype_name(a.dtype));
        for (int i = 0; i < a.ndim; i++) fprintf(stderr, i ? ", %lld" : "%lld", (long long)a.shape[i]);
        fprintf(stderr, "%s): %lld transform%s of n=%lld, %s, %s\n", a.ndim == 1 ? "," : "", (long long)batch,
                batch == 1 ? "" : "s", (long long)n, cli_precision_name(o.prec), o.inverse ? "inverse" : "forward");
        if (a.dtype == NPY_F32 || a.dtype == NPY_F64)
            fprintf(stderr, "kfft fft: input is real (%s): converted to complex with zero imaginary parts\n",
                    dtype_name(a.dtype));
    }
    void *buf = to_complex(&a, count, o.prec);
    if (!buf) {
        fprintf(stderr, "kfft fft: out of host memory converting '%s' (%lld elements) to complex %s\n", o.in,
                (long long)count, cli_precision_name(o.prec));
        npy_free(&a);
        return EXIT_FAIL;
    }
    /* An empty batch (a leading axis of length 0) is a valid, empty result, as in numpy. */
    rc = batch > 0 ? transform(&o, buf, n, batch) : EXIT_OK;
    if (rc == EXIT_OK) {
        int fwd = !o.inverse;
        double s = o.norm == NORM_ORTHO ? 1.0 / sqrt((double)n)
                 : (o.norm == NORM_BACKWARD && !fwd) || (o.norm == NORM_FORWARD && fwd) ? 1.0 / (double)n : 1.0;
        if (s != 1.0) scale(buf, count, o.prec, s);
        npy_array out = a;
        out.dtype = o.prec == KFFT_F64 ? NPY_C128 : NPY_C64;
        out.data = buf;
        if (npy_write(o.out, &out, err, sizeof err)) {
            fprintf(stderr, "kfft fft: cannot write output '%s': %s\n", o.out, err);
            rc = EXIT_FAIL;
        } else if (o.verbose) {
            fprintf(stderr, "kfft fft: wrote '%s' (%s)\n", o.out, dtype_name(out.dtype));
        }
    }
    if (buf != a.data) free(buf);
    npy_free(&a);
    return rc;
}
