/* kfft fft IN.npy OUT.npy: transform chosen axes of a .npy array (numpy.fft semantics:
 * fftn/ifftn, rfftn/irfftn with --real, the same norm names). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/npy.h"

typedef struct {
    const char *in, *out, *axes;
    int inverse, real, verbose, device, have_prec;
    int64_t n_out; /* --real --inverse: length of the real axis (0: 2*(m-1)) */
    kfft_norm norm;
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

static int is_complex(npy_dtype t) { return t == NPY_C64 || t == NPY_C128; }

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
        else if (cli_flag(&a, arg, "--real")) o->real = 1;
        else if (cli_flag(&a, arg, "--verbose") || cli_flag(&a, arg, "-v")) o->verbose = 1;
        else if (cli_opt(&a, arg, "--precision")) o->have_prec = !cli_parse_precision(&a, a.value, &o->prec);
        else if (cli_opt(&a, arg, "--backend")) cli_parse_backend(&a, a.value, &o->backend);
        else if (cli_opt(&a, arg, "--device")) cli_parse_int(&a, "--device", a.value, 0, 1 << 20, &dev);
        else if (cli_opt(&a, arg, "--axes")) o->axes = a.value;
        else if (cli_opt(&a, arg, "--n")) cli_parse_int(&a, "--n", a.value, 1, (int64_t)1 << 34, &o->n_out);
        else if (cli_opt(&a, arg, "--norm")) {
            static const char *const norms[] = {"backward", "ortho", "forward", "none", NULL};
            static const kfft_norm map[] = {KFFT_NORM_BACKWARD, KFFT_NORM_ORTHO, KFFT_NORM_FORWARD, KFFT_NORM_NONE};
            int i;
            if (!cli_parse_choice(&a, "--norm", a.value, norms, &i)) o->norm = map[i];
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
    if (o->n_out && !(o->real && o->inverse)) return cli_usage_error("fft", "--n applies to --real --inverse only");
    o->device = (int)dev;
    return -1;
}

/* --axes: "all", or comma-separated axis numbers (negative counts from the end). Returns
 * the count, or -1 after a usage error. Default: the last axis. */
static int parse_axes(const char *spec, int ndim, int *ax)
{
    if (!spec) {
        ax[0] = ndim - 1;
        return 1;
    }
    if (!strcmp(spec, "all")) {
        for (int i = 0; i < ndim; i++) ax[i] = i;
        return ndim;
    }
    int k = 0, seen[8] = {0};
    const char *p = spec;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || (*end && *end != ',')) {
            cli_usage_error("fft", "--axes '%s': expected comma-separated axis numbers or 'all'", spec);
            return -1;
        }
        if (v < -ndim || v >= ndim) {
            cli_usage_error("fft", "--axes: axis %ld is out of range for a %d-d array", v, ndim);
            return -1;
        }
        int a = (int)(v < 0 ? v + ndim : v);
        if (seen[a]) {
            cli_usage_error("fft", "--axes: axis %d given twice", a);
            return -1;
        }
        seen[a] = 1;
        ax[k++] = a;
        p = *end ? end + 1 : end;
    }
    if (!k) {
        cli_usage_error("fft", "--axes is empty");
        return -1;
    }
    return k;
}

/* The input converted to the element type the plan reads: complex or real in precision p.
 * NULL when out of memory. */
static void *convert(const npy_array *a, int64_t count, kfft_precision p, int want_complex)
{
    int cplx = is_complex(a->dtype), f64 = p == KFFT_F64;
    size_t comps = want_complex ? 2 : 1, es = comps * (f64 ? 8 : 4);
    if ((uint64_t)count > SIZE_MAX / es) return NULL;
    void *buf = malloc(count ? (size_t)count * es : 1);
    if (!buf) return NULL;
    int src_f32 = a->dtype == NPY_F32 || a->dtype == NPY_C64;
    for (size_t i = 0; i < (size_t)count; i++)
        for (size_t c = 0; c < comps; c++) {
            double v = 0;
            if (c < (cplx ? 2u : 1u)) {
                size_t j = i * (cplx ? 2 : 1) + c;
                v = src_f32 ? (double)((const float *)a->data)[j] : ((const double *)a->data)[j];
            }
            if (f64) ((double *)buf)[i * comps + c] = v;
            else ((float *)buf)[i * comps + c] = (float)v;
        }
    return buf;
}

static void c_strides(const int64_t *shape, int ndim, int64_t *st)
{
    int64_t acc = 1;
    for (int i = ndim - 1; i >= 0; i--) {
        st[i] = acc;
        acc *= shape[i];
    }
}

static int transform(const fft_opts *o, const kfft_guru_desc *g, const void *in, void *out)
{
    kfft_context ctx;
    if (cli_open("fft", o->backend, o->device, o->verbose, &ctx)) return EXIT_FAIL;
    int rc = EXIT_OK;
    kfft_plan plan = NULL;
    double t0 = cli_now();
    kfft_status st = kfft_plan_create_guru(ctx, g, &plan);
    double t1 = cli_now();
    if (st) {
        rc = cli_kfft_error("fft", "cannot plan the transform", st);
        goto done;
    }
    if (o->verbose)
        fprintf(stderr, "kfft fft: %s device: %s\nkfft fft: plan: %s (%d kernel%s, %zu bytes workspace), %.1f ms\n",
                cli_backend_name(kfft_context_backend(ctx)), kfft_context_device_name(ctx), kfft_plan_describe(plan),
                kfft_plan_kernel_count(plan), kfft_plan_kernel_count(plan) == 1 ? "" : "s",
                kfft_plan_workspace_size(plan), 1e3 * (t1 - t0));
    st = kfft_execute_host(plan, in, out, o->inverse ? KFFT_INVERSE : KFFT_FORWARD);
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
    o.norm = KFFT_NORM_BACKWARD;
    int rc = parse(argc, argv, &o);
    if (rc >= 0) return rc;

    char err[512];
    npy_array a;
    if (npy_read(o.in, &a, err, sizeof err)) {
        fprintf(stderr, "kfft fft: cannot read input '%s': %s\n", o.in, err);
        return EXIT_FAIL;
    }
    rc = EXIT_FAIL;
    void *in = NULL, *out = NULL;
    int ax[8];
    int nax = a.ndim ? parse_axes(o.axes, a.ndim, ax) : 0;
    if (a.ndim == 0) {
        fprintf(stderr, "kfft fft: input '%s' is a 0-d array (a scalar): nothing to transform\n", o.in);
        goto done;
    }
    if (nax < 0) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (o.real && !o.inverse && is_complex(a.dtype)) {
        fprintf(stderr, "kfft fft: --real (R2C) needs real input (float32/float64); '%s' is %s\n", o.in, dtype_name(a.dtype));
        goto done;
    }
    for (int i = 0; i < nax; i++)
        if (a.shape[ax[i]] == 0) {
            fprintf(stderr, "kfft fft: input '%s': axis %d has length 0: nothing to transform\n", o.in, ax[i]);
            goto done;
        }
    if (!o.have_prec) o.prec = a.dtype == NPY_F64 || a.dtype == NPY_C128 ? KFFT_F64 : KFFT_F32;
    kfft_type type = !o.real ? KFFT_C2C : o.inverse ? KFFT_C2R : KFFT_R2C;
    /* Shapes: the real axis (last of --axes) has m = n/2+1 complex values. */
    int ra = ax[nax - 1];
    int64_t oshape[8], ist[8], ost[8], nreal = a.shape[ra];
    memcpy(oshape, a.shape, sizeof oshape);
    if (type == KFFT_R2C) oshape[ra] = a.shape[ra] / 2 + 1;
    if (type == KFFT_C2R) {
        nreal = o.n_out ? o.n_out : 2 * (a.shape[ra] - 1);
        if (nreal < 1 || nreal / 2 + 1 > a.shape[ra]) {
            fprintf(stderr, "kfft fft: --real --inverse: %s %lld needs at least %lld complex values along axis %d (have %lld)%s\n",
                    o.n_out ? "--n" : "an output length of", (long long)nreal, (long long)(nreal / 2 + 1), ra,
                    (long long)a.shape[ra], o.n_out ? "" : "; give the output length with --n");
            goto done;
        }
        oshape[ra] = nreal;
    }
    c_strides(a.shape, a.ndim, ist);
    c_strides(oshape, a.ndim, ost);
    kfft_guru_desc g;
    memset(&g, 0, sizeof g);
    g.type = type;
    g.precision = o.prec;
    g.norm = o.norm;
    g.rank = nax;
    int used[8] = {0};
    for (int i = 0; i < nax; i++) {
        g.dims[i] = (kfft_dim){a.ndim ? (ax[i] == ra && type != KFFT_C2C ? nreal : a.shape[ax[i]]) : 1, ist[ax[i]], ost[ax[i]]};
        used[ax[i]] = 1;
    }
    for (int i = 0; i < a.ndim; i++)
        if (!used[i]) g.howmany[g.howmany_rank++] = (kfft_dim){a.shape[i], ist[i], ost[i]};
    int64_t count = npy_count(&a);
    npy_array res = a;
    memcpy(res.shape, oshape, sizeof oshape);
    res.dtype = type == KFFT_C2R ? (o.prec == KFFT_F64 ? NPY_F64 : NPY_F32) : (o.prec == KFFT_F64 ? NPY_C128 : NPY_C64);
    int64_t ocount = npy_count(&res);
    if (o.verbose) {
        static const char *tn[] = {"C2C", "R2C", "C2R"};
        fprintf(stderr, "kfft fft: input '%s': %s, shape (", o.in, dtype_name(a.dtype));
        for (int i = 0; i < a.ndim; i++) fprintf(stderr, i ? ", %lld" : "%lld", (long long)a.shape[i]);
        fprintf(stderr, "%s): %s %s over axes", a.ndim == 1 ? "," : "", tn[type], o.inverse ? "inverse" : "forward");
        for (int i = 0; i < nax; i++) fprintf(stderr, " %d", ax[i]);
        fprintf(stderr, ", %s\n", cli_precision_name(o.prec));
        if (type == KFFT_C2C && !is_complex(a.dtype))
            fprintf(stderr, "kfft fft: input is real (%s): taken as complex with zero imaginary parts (--real for R2C)\n",
                    dtype_name(a.dtype));
    }
    in = convert(&a, count, o.prec, type != KFFT_R2C);
    out = malloc(ocount ? (size_t)ocount * npy_elem_size(res.dtype) : 1);
    if (!in || !out) {
        fprintf(stderr, "kfft fft: out of host memory for '%s' (%lld + %lld elements)\n", o.in, (long long)count,
                (long long)ocount);
        goto done;
    }
    /* An empty batch (a batch axis of length 0) is a valid, empty result, as in numpy. */
    rc = count > 0 && ocount > 0 ? transform(&o, &g, in, out) : EXIT_OK;
    if (rc == EXIT_OK) {
        res.data = out;
        if (npy_write(o.out, &res, err, sizeof err)) {
            fprintf(stderr, "kfft fft: cannot write output '%s': %s\n", o.out, err);
            rc = EXIT_FAIL;
        } else if (o.verbose) {
            fprintf(stderr, "kfft fft: wrote '%s' (%s)\n", o.out, dtype_name(res.dtype));
        }
    }
done:
    free(in);
    free(out);
    npy_free(&a);
    return rc;
}
