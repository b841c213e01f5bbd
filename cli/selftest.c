/* kfft selftest: random transforms of many sizes against the double-precision host
 * reference (kfft_refdft), which shares no code with the generated kernels. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/refdft.h"

#define MAX_SIZES 32

typedef struct {
    const char *name;
    int64_t n[MAX_SIZES]; /* 0-terminated */
} size_class;

/* Single-kernel powers of two; then sizes the planner splits into several passes; the
 * primes go through Bluestein (8219 and up also multi-pass). */
static const size_class full_classes[] = {
    {"powers of 2", {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}},
    {"7-smooth", {3, 5, 6, 7, 9, 10, 12, 14, 15, 21, 25, 49, 60, 100, 210, 243, 343, 360, 625, 1000, 2187, 2401, 3125}},
    {"primes", {11, 13, 17, 31, 61, 101, 257, 1009, 4099, 8219, 17443, 100003}},
    {"multi-pass", {6144, 8192, 10000, 16384, 16807, 32768, 65536, 100000, 131072, 262144, 524288, 1048576}},
};

/* About 30 s on a 2-core CPU OpenCL device with a cold kernel cache: each new kernel
 * costs PoCL roughly a second to compile. */
static const size_class quick_classes[] = {
    {"powers of 2", {1, 16, 4096}},
    {"7-smooth", {3, 60, 2187}},
    {"primes", {13, 8219}},
    {"multi-pass", {8192, 65536}},
};

/* Real and multi-dimensional transforms: "r2c:N" (R2C and C2R of length N) or "AxB[xC]"
 * (C2C, R2C and C2R of that shape), each with batch 2. */
typedef struct {
    const char *name;
    const char *shapes[MAX_SIZES]; /* NULL-terminated */
} shape_class;

static const shape_class full_shapes[] = {
    {"real", {"r2c:1", "r2c:2", "r2c:3", "r2c:16", "r2c:17", "r2c:100", "r2c:1000", "r2c:1024", "r2c:4096", "r2c:8219",
              "r2c:65536", "r2c:100003"}},
    {"2-D/3-D", {"64x64", "17x31", "256x256", "1000x3", "3x1000", "8x8x8", "31x5x7", "128x128x16"}},
};
static const shape_class quick_shapes[] = {
    {"real", {"r2c:16", "r2c:17", "r2c:8219"}},
    {"2-D/3-D", {"64x64", "17x31", "8x8x8"}},
};

/* Several transforms per execution exercise the batch indexing, fewer for large n. */
static int64_t batch_for(int64_t n) { return n <= 64 ? 5 : n <= 4096 ? 3 : n <= 200000 ? 2 : 1; }

typedef struct {
    double worst_ratio, err, bound;
    int64_t n;
    int inverse, count, failed;
} class_result;

/* Records one transform's error in its class (and prints a failure). */
static void note_result(class_result *r, double err, double bound, int64_t n, int inverse, const char *what)
{
    double ratio = isnan(err) ? INFINITY : err / bound;
    r->count++;
    if (!(err <= bound)) {
        r->failed++;
        printf("  FAIL %s: relative L2 error %.3g > bound %.3g%s\n", what, err, bound,
               isnan(err) ? " (NaN/Inf in the output: elements not written?)" : "");
    }
    if (r->count == 1 || ratio > r->worst_ratio) {
        r->worst_ratio = ratio;
        r->err = err;
        r->bound = bound;
        r->n = n;
        r->inverse = inverse;
    }
}

/* One plan, forward and inverse, each on fresh random data; updates r. Returns 0, or the
 * status of a failed kfft call (reported here). */
static kfft_status run_size(kfft_context ctx, kfft_precision p, int64_t n, cli_rng *rng, class_result *r)
{
    int64_t batch = batch_for(n);
    size_t count = (size_t)(n * batch), es = p == KFFT_F64 ? 16 : 8;
    kfft_plan plan = NULL;
    kfft_status st = kfft_plan_1d(ctx, n, batch, p, &plan);
    if (st) return st;
    void *in = malloc(count * es), *out = malloc(count * es);
    double *ref = malloc(count * 16);
    if (!in || !out || !ref) {
        fprintf(stderr, "kfft selftest: out of host memory for n=%lld\n", (long long)n);
        st = KFFT_ERROR_OUT_OF_MEMORY;
        goto done;
    }
    for (int inverse = 0; inverse < 2; inverse++) {
        /* The reference transforms the values the device sees, so input rounding to f32 is
         * not counted as error. */
        for (size_t i = 0; i < 2 * count; i++) {
            double v = cli_rng_uniform(rng);
            if (p == KFFT_F64) ((double *)in)[i] = v;
            else v = ((float *)in)[i] = (float)v;
            ref[i] = v;
        }
        for (size_t i = 0; i < 2 * count; i++) { /* a kernel that skips an element shows up as NaN */
            if (p == KFFT_F64) ((double *)out)[i] = NAN;
            else ((float *)out)[i] = NAN;
        }
        for (int64_t b = 0; b < batch; b++)
            if (kfft_refdft(ref + 2 * b * n, n, inverse ? 1 : -1)) {
                fprintf(stderr, "kfft selftest: out of host memory in the reference DFT (n=%lld)\n", (long long)n);
                st = KFFT_ERROR_OUT_OF_MEMORY;
                goto done;
            }
        st = kfft_execute_host(plan, in, out, inverse ? KFFT_INVERSE : KFFT_FORWARD);
        if (st) goto done;
        char what[96];
        snprintf(what, sizeof what, "%s n=%lld batch=%lld %s", cli_precision_name(p), (long long)n, (long long)batch,
                 inverse ? "inverse" : "forward");
        note_result(r, cli_rel_l2(out, p, ref, count), cli_error_bound(p, n), n, inverse, what);
    }
done:
    free(in);
    free(out);
    free(ref);
    kfft_plan_destroy(plan);
    return st;
}

/* Double reference of an n-d C2C over rows of `count` elements each (batch of them). */
static int ref_nd(double *x, int rank, const int64_t *n, int64_t batch, int sign)
{
    int64_t total = 1;
    for (int a = 0; a < rank; a++) total *= n[a];
    double *line = malloc((size_t)n[0] * 16 > (size_t)total * 16 ? (size_t)n[0] * 16 : (size_t)total * 16);
    if (!line) return -1;
    for (int64_t b = 0; b < batch; b++)
        for (int a = 0; a < rank; a++) {
            int64_t stride = 1;
            for (int c = a + 1; c < rank; c++) stride *= n[c];
            for (int64_t base = 0; base < total; base++) {
                if ((base / stride) % n[a]) continue;
                double *row = x + 2 * (b * total + base);
                for (int64_t j = 0; j < n[a]; j++) {
                    line[2 * j] = row[2 * j * stride];
                    line[2 * j + 1] = row[2 * j * stride + 1];
                }
                if (kfft_refdft(line, n[a], sign)) {
                    free(line);
                    return -1;
                }
                for (int64_t j = 0; j < n[a]; j++) {
                    row[2 * j * stride] = line[2 * j];
                    row[2 * j * stride + 1] = line[2 * j + 1];
                }
            }
        }
    free(line);
    return 0;
}

/* One type of one shape on fresh random data (batch 2) against ref_nd. */
static kfft_status run_shape_type(kfft_context ctx, kfft_precision p, kfft_type type, int rank, const int64_t *n,
                                  cli_rng *rng, class_result *r, const char *spec)
{
    const int64_t batch = 2;
    int64_t total = 1;
    for (int a = 0; a < rank; a++) total *= n[a];
    int64_t half = total / n[rank - 1] * (n[rank - 1] / 2 + 1), rs = p == KFFT_F64 ? 8 : 4;
    size_t cnt = (size_t)(total * batch);
    kfft_plan plan = NULL;
    kfft_status st = kfft_plan_dft(ctx, type, rank, n, batch, p, &plan);
    if (st) return st;
    void *in = malloc(cnt * 2 * (size_t)rs), *out = malloc(cnt * 2 * (size_t)rs);
    double *ref = malloc(cnt * 16), *y = malloc(cnt * 16);
    if (!in || !out || !ref || !y) {
        st = KFFT_ERROR_OUT_OF_MEMORY;
        goto done;
    }
#define PUT(buf, i, v) (p == KFFT_F64 ? (((double *)(buf))[i] = (v)) : (double)(((float *)(buf))[i] = (float)(v)))
#define GET(buf, i) (p == KFFT_F64 ? ((const double *)(buf))[i] : (double)((const float *)(buf))[i])
    for (size_t i = 0; i < cnt * 2; i++) PUT(out, i, NAN);
    size_t outn; /* reals compared */
    int sign = type == KFFT_C2C && r->count % 2 ? 1 : -1;
    if (type == KFFT_C2C) {
        for (size_t i = 0; i < 2 * cnt; i++) ref[i] = PUT(in, i, cli_rng_uniform(rng));
        if (ref_nd(ref, rank, n, batch, sign)) goto oom;
        outn = 2 * cnt;
    } else {
        /* y: random reals (as complex); its spectrum, halved, is the R2C answer and the C2R input */
        for (size_t i = 0; i < cnt; i++) {
            y[2 * i] = cli_rng_uniform(rng);
            if (p != KFFT_F64) y[2 * i] = (float)y[2 * i];
            y[2 * i + 1] = 0;
        }
        memcpy(ref, y, cnt * 16);
        if (ref_nd(ref, rank, n, batch, -1)) goto oom;
        int64_t nl = n[rank - 1], ml = nl / 2 + 1;
        size_t k = 0;
        for (size_t i = 0; i < cnt; i++)
            if ((int64_t)(i % (size_t)nl) < ml) {
                ref[2 * k] = ref[2 * i];
                ref[2 * k + 1] = ref[2 * i + 1];
                k++;
            }
        if (type == KFFT_R2C) {
            for (size_t i = 0; i < cnt; i++) PUT(in, i, y[2 * i]);
            outn = 2 * (size_t)(half * batch);
        } else {
            /* input: the rounded half spectrum; reference: its Hermitian extension, inverted */
            for (size_t i = 0; i < 2 * (size_t)(half * batch); i++) ref[i] = PUT(in, i, ref[i]);
            int64_t rows = total / nl;
            for (int64_t b = batch - 1; b >= 0; b--)
                for (int64_t row = rows - 1; row >= 0; row--)
                    for (int64_t j = nl - 1; j >= 0; j--) {
                        double *d = y + 2 * ((b * rows + row) * nl + j);
                        if (j < ml) {
                            const double *s0 = ref + 2 * ((b * rows + row) * ml + j);
                            d[0] = s0[0];
                            d[1] = s0[1];
                        } else { /* X[k0.., j] = conj(X[-k0.., n-j]) */
                            int64_t mirror = 0, rem = row, mul = 1;
                            for (int a = rank - 2; a >= 0; a--) {
                                int64_t ka = rem % n[a];
                                rem /= n[a];
                                mirror += ((n[a] - ka) % n[a]) * mul;
                                mul *= n[a];
                            }
                            const double *s0 = ref + 2 * ((b * rows + mirror) * ml + (nl - j));
                            d[0] = s0[0];
                            d[1] = -s0[1];
                        }
                    }
            /* imaginary parts of DC and Nyquist are ignored: take the real part of the result */
            if (ref_nd(y, rank, n, batch, 1)) goto oom;
            for (size_t i = 0; i < cnt; i++) ref[i] = y[2 * i];
            outn = cnt;
        }
    }
    st = kfft_execute_host(plan, in, out, type == KFFT_C2R || sign > 0 ? KFFT_INVERSE : KFFT_FORWARD);
    if (!st) {
        double num = 0, den = 0;
        int bad = 0;
        for (size_t i = 0; i < outn; i++) {
            double v = GET(out, i);
            if (!isfinite(v)) bad = 1;
            num += (v - ref[i]) * (v - ref[i]);
            den += ref[i] * ref[i];
        }
        double err = bad ? NAN : den > 0 ? sqrt(num / den) : sqrt(num);
        static const char *tn[] = {"C2C", "R2C", "C2R"};
        char what[96];
        snprintf(what, sizeof what, "%s %s %s batch=2%s", cli_precision_name(p), tn[type], spec, sign > 0 ? " inverse" : "");
        note_result(r, err, cli_error_bound(p, total), total, type == KFFT_C2R || sign > 0, what);
    }
    goto done;
oom:
    fprintf(stderr, "kfft selftest: out of host memory in the reference (%s)\n", spec);
    st = KFFT_ERROR_OUT_OF_MEMORY;
done:
#undef PUT
#undef GET
    free(in);
    free(out);
    free(ref);
    free(y);
    kfft_plan_destroy(plan);
    return st;
}

/* "r2c:N" -> R2C and C2R of N; "AxB[xC]" -> C2C, R2C and C2R of the shape. */
static kfft_status run_shape(kfft_context ctx, kfft_precision p, const char *spec, cli_rng *rng, class_result *r)
{
    int real_only = !strncmp(spec, "r2c:", 4);
    const char *c = real_only ? spec + 4 : spec;
    int64_t n[3];
    int rank = 0;
    for (char *e; rank < 3; c = e + 1) {
        n[rank++] = strtoll(c, &e, 10);
        if (*e != 'x') break;
    }
    for (int t = real_only ? KFFT_R2C : KFFT_C2C; t <= KFFT_C2R; t++) {
        kfft_status st = run_shape_type(ctx, p, (kfft_type)t, rank, n, rng, r, real_only ? spec + 4 : spec);
        if (st) return st;
    }
    return KFFT_SUCCESS;
}

int cmd_selftest(int argc, char **argv)
{
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg;
    int help = 0, quick = 0, have_seed = 0;
    int64_t dev = 0, seed = 0;
    kfft_backend backend = KFFT_BACKEND_AUTO;
    while (cli_args_next(&a, &arg)) {
        if (cli_help_flag(&a, arg)) help = 1;
        else if (cli_flag(&a, arg, "--quick")) quick = 1;
        else if (cli_opt(&a, arg, "--backend")) cli_parse_backend(&a, a.value, &backend);
        else if (cli_opt(&a, arg, "--device")) cli_parse_int(&a, "--device", a.value, 0, 1 << 20, &dev);
        else if (cli_opt(&a, arg, "--seed")) have_seed = !cli_parse_int(&a, "--seed", a.value, 0, INT64_MAX, &seed);
        else return cli_unexpected(&a, arg);
    }
    if (a.error) return EXIT_USAGE;
    if (help) {
        cli_help("selftest", 0);
        return EXIT_OK;
    }

    kfft_context ctx;
    if (cli_open("selftest", backend, (int)dev, 0, &ctx)) return EXIT_FAIL;
    if (!have_seed) seed = (int64_t)cli_time_seed();
    cli_rng rng;
    cli_rng_seed(&rng, (uint64_t)seed);
    const size_class *classes = quick ? quick_classes : full_classes;
    size_t nclasses = quick ? sizeof quick_classes / sizeof *quick_classes : sizeof full_classes / sizeof *full_classes;
    printf("kfft %s selftest%s on %s device %d: %s\nseed %lld (repeat with --seed %lld)\n", kfft_version(),
           quick ? " --quick" : "", cli_backend_name(kfft_context_backend(ctx)), (int)dev,
           kfft_context_device_name(ctx), (long long)seed, (long long)seed);
    fflush(stdout);

    double t0 = cli_now();
    int total = 0, failed = 0, errors = 0;
    for (int f64 = 0; f64 < 2; f64++) {
        kfft_precision p = f64 ? KFFT_F64 : KFFT_F32;
        int skip = 0;
        for (size_t c = 0; c < nclasses && !skip; c++) {
            class_result r = {0};
            int nsizes = 0;
            for (const int64_t *n = classes[c].n; *n && !skip; n++, nsizes++) {
                kfft_status st = run_size(ctx, p, *n, &rng, &r);
                if (st == KFFT_ERROR_UNSUPPORTED && p == KFFT_F64) {
                    printf("f64 skipped: %s\n", kfft_error_message());
                    skip = 1;
                } else if (st) {
                    char what[64];
                    snprintf(what, sizeof what, "%s n=%lld", cli_precision_name(p), (long long)*n);
                    cli_kfft_error("selftest", what, st);
                    printf("  FAIL %s n=%lld: %s (details on stderr)\n", cli_precision_name(p), (long long)*n,
                           kfft_status_string(st));
                    errors++;
                }
            }
            if (skip) break;
            char range[48], label[96];
            if (nsizes == 1) snprintf(range, sizeof range, "1 size, n=%lld", (long long)classes[c].n[0]);
            else snprintf(range, sizeof range, "%d sizes, n=%lld..%lld", nsizes, (long long)classes[c].n[0],
                          (long long)classes[c].n[nsizes - 1]);
            snprintf(label, sizeof label, "%s %s (%s)", cli_precision_name(p), classes[c].name, range);
            if (r.count)
                printf("%-42s worst %.2e at n=%lld %s, bound %.2e  %s\n", label, r.err, (long long)r.n,
                       r.inverse ? "inverse" : "forward", r.bound, r.failed ? "FAIL" : "ok");
            else
                printf("%-42s no transform ran  FAIL\n", label);
            fflush(stdout);
            total += r.count;
            failed += r.failed;
        }
        const shape_class *shapes = quick ? quick_shapes : full_shapes;
        size_t nshapes = quick ? sizeof quick_shapes / sizeof *quick_shapes : sizeof full_shapes / sizeof *full_shapes;
        for (size_t c = 0; c < nshapes && !skip; c++) {
            class_result r = {0};
            int nsh = 0;
            for (const char *const *sp = shapes[c].shapes; *sp; sp++, nsh++) {
                kfft_status st = run_shape(ctx, p, *sp, &rng, &r);
                if (st) {
                    char what[64];
                    snprintf(what, sizeof what, "%s %s", cli_precision_name(p), *sp);
                    cli_kfft_error("selftest", what, st);
                    printf("  FAIL %s %s: %s (details on stderr)\n", cli_precision_name(p), *sp, kfft_status_string(st));
                    errors++;
                }
            }
            char label[96];
            const char *first = nsh ? shapes[c].shapes[0] : "-", *last = nsh ? shapes[c].shapes[nsh - 1] : "-";
            snprintf(label, sizeof label, "%s %s (%d shapes, %s..%s)", cli_precision_name(p), shapes[c].name, nsh,
                     first ? first : "-", last ? last : "-");
            if (r.count)
                printf("%-42s worst %.2e at N=%lld, bound %.2e  %s\n", label, r.err, (long long)r.n, r.bound,
                       r.failed ? "FAIL" : "ok");
            else
                printf("%-42s no transform ran  FAIL\n", label);
            fflush(stdout);
            total += r.count;
            failed += r.failed;
        }
    }
    kfft_context_destroy(ctx);
    int ok = failed == 0 && errors == 0 && total > 0;
    printf("%s: %d of %d transforms within bounds", ok ? "PASS" : "FAIL", total - failed, total);
    if (errors) printf(", %d size%s could not run", errors, errors == 1 ? "" : "s");
    printf(" (%.1f s)\n", cli_now() - t0);
    return ok ? EXIT_OK : EXIT_FAIL;
}
