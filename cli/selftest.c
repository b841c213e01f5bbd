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

/* Several transforms per execution exercise the batch indexing, fewer for large n. */
static int64_t batch_for(int64_t n) { return n <= 64 ? 5 : n <= 4096 ? 3 : n <= 200000 ? 2 : 1; }

typedef struct {
    double worst_ratio, err, bound;
    int64_t n;
    int inverse, count, failed;
} class_result;

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
        double err = cli_rel_l2(out, p, ref, count), bound = cli_error_bound(p, n);
        double ratio = isnan(err) ? INFINITY : err / bound;
        r->count++;
        if (!(err <= bound)) {
            r->failed++;
            printf("  FAIL %s n=%lld batch=%lld %s: relative L2 error %.3g > bound %.3g%s\n", cli_precision_name(p),
                   (long long)n, (long long)batch, inverse ? "inverse" : "forward", err, bound,
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
done:
    free(in);
    free(out);
    free(ref);
    kfft_plan_destroy(plan);
    return st;
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
    }
    kfft_context_destroy(ctx);
    int ok = failed == 0 && errors == 0 && total > 0;
    printf("%s: %d of %d transforms within bounds", ok ? "PASS" : "FAIL", total - failed, total);
    if (errors) printf(", %d size%s could not run", errors, errors == 1 ? "" : "s");
    printf(" (%.1f s)\n", cli_now() - t0);
    return ok ? EXIT_OK : EXIT_FAIL;
}
