/* kfft demo: find three known tones in a batch of noisy complex signals, and show what
 * the device does: the plan, the warm execution time, the accuracy. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/refdft.h"

#define PI 3.14159265358979323846
#define SAMPLE_RATE 48000.0
#define NOISE_SIGMA 0.05 /* per real component, against tone amplitudes 1 .. 0.25 */
#define MAX_POINTS ((int64_t)1 << 25) /* n * batch: 256 MiB of f32 signal, 512 MiB reference */
#define TIMED_RUNS 15
#define TIMING_BUDGET_S 3.0 /* stop timing early on slow devices (at least 3 runs) */

/* Tones in Hz (negative: below DC, which a complex signal can hold), strongest first.
 * Each is moved onto its nearest bin so its amplitude shows undiluted in one bin. */
static const double tone_hz[3] = {1000.0, 2500.0, -6000.0};
static const double tone_amp[3] = {1.0, 0.5, 0.25};

static double bin_hz(int64_t k, int64_t n) { return (double)(k < (n + 1) / 2 ? k : k - n) * SAMPLE_RATE / (double)n; }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct {
    kfft_context ctx;
    kfft_plan plan;
    kfft_buffer din, dout;
    float *x, *y;   /* signal, spectrum (f32, interleaved) */
    double *ref;    /* reference spectrum */
    double *mag;    /* mean |X[k]| / n over the batch */
} demo_state;

static int run(demo_state *s, int64_t n, int64_t batch, uint64_t seed)
{
    const char *cmd = "demo";
    size_t count = (size_t)(n * batch), bytes = count * 8;
    kfft_status st;
    printf("device    %s: %s\n", cli_backend_name(kfft_context_backend(s->ctx)), kfft_context_device_name(s->ctx));

    /* The signal: three tones with random phases per row, plus complex Gaussian noise. */
    int64_t kt[3];
    for (int t = 0; t < 3; t++) kt[t] = ((int64_t)llround(tone_hz[t] * (double)n / SAMPLE_RATE) % n + n) % n;
    cli_rng rng;
    cli_rng_seed(&rng, seed);
    s->x = malloc(bytes);
    s->y = malloc(bytes);
    s->ref = malloc(count * 16);
    s->mag = calloc((size_t)n, sizeof *s->mag);
    if (!s->x || !s->y || !s->ref || !s->mag) {
        fprintf(stderr, "kfft demo: out of host memory for n=%lld batch=%lld\n", (long long)n, (long long)batch);
        return EXIT_FAIL;
    }
    for (int64_t b = 0; b < batch; b++) {
        double ph[3];
        for (int t = 0; t < 3; t++) ph[t] = PI * cli_rng_uniform(&rng);
        for (int64_t j = 0; j < n; j++) {
            double re = NOISE_SIGMA * cli_rng_normal(&rng), im = NOISE_SIGMA * cli_rng_normal(&rng);
            for (int t = 0; t < 3; t++) {
                /* (kt*j) mod n keeps the angle exact for large n */
                double w = 2 * PI * (double)((kt[t] * j) % n) / (double)n + ph[t];
                re += tone_amp[t] * cos(w);
                im += tone_amp[t] * sin(w);
            }
            size_t i = (size_t)(b * n + j);
            s->x[2 * i] = (float)re;
            s->x[2 * i + 1] = (float)im;
        }
    }
    printf("signal    %lld x %lld complex f32 at %.0f Hz: tones %.0f, %.0f, %.0f Hz (amplitudes %.2f, %.2f, %.2f) "
           "+ noise sigma %.2f\n", (long long)batch, (long long)n, SAMPLE_RATE, bin_hz(kt[0], n), bin_hz(kt[1], n),
           bin_hz(kt[2], n), tone_amp[0], tone_amp[1], tone_amp[2], NOISE_SIGMA);

    double t0 = cli_now();
    if ((st = kfft_plan_1d(s->ctx, n, batch, KFFT_F32, &s->plan))) return cli_kfft_error(cmd, "plan", st);
    double t1 = cli_now();
    printf("plan      %s\n          %d kernel%s, %zu bytes workspace, created in %.0f ms (compile or cache load)\n",
           kfft_plan_describe(s->plan), kfft_plan_kernel_count(s->plan),
           kfft_plan_kernel_count(s->plan) == 1 ? "" : "s", kfft_plan_workspace_size(s->plan), 1e3 * (t1 - t0));

    if ((st = kfft_malloc(s->ctx, bytes, &s->din)) || (st = kfft_malloc(s->ctx, bytes, &s->dout)))
        return cli_kfft_error(cmd, "device memory", st);
    if ((st = kfft_memcpy_h2d(s->ctx, s->din, s->x, bytes))) return cli_kfft_error(cmd, "copy to device", st);
    /* The first execution pays one-time costs (some drivers finish compiling at first launch). */
    t0 = cli_now();
    if ((st = kfft_execute(s->plan, s->din, s->dout, KFFT_FORWARD)) || (st = kfft_context_synchronize(s->ctx)))
        return cli_kfft_error(cmd, "execute", st);
    double first = cli_now() - t0;
    double times[TIMED_RUNS];
    int runs = 0;
    for (double start = cli_now(); runs < TIMED_RUNS && (runs < 3 || cli_now() - start < TIMING_BUDGET_S); runs++) {
        if ((st = kfft_context_synchronize(s->ctx))) return cli_kfft_error(cmd, "synchronize", st);
        t0 = cli_now();
        if ((st = kfft_execute(s->plan, s->din, s->dout, KFFT_FORWARD)) || (st = kfft_context_synchronize(s->ctx)))
            return cli_kfft_error(cmd, "execute", st);
        times[runs] = cli_now() - t0;
    }
    qsort(times, (size_t)runs, sizeof *times, cmp_double);
    double med = runs % 2 ? times[runs / 2] : 0.5 * (times[runs / 2 - 1] + times[runs / 2]);
    double flops = 5.0 * (double)n * log2((double)n) * (double)batch; /* the usual FFT flop convention */
    printf("time      %.3f ms per execute, median of %d warm runs, host-timed (clock_gettime around execute and\n"
           "          synchronize); %.2f GFLOP/s at 5 n log2 n; first run %.0f ms\n",
           1e3 * med, runs, flops / med * 1e-9, 1e3 * first);

    if ((st = kfft_memcpy_d2h(s->ctx, s->y, s->dout, bytes)) || (st = kfft_context_synchronize(s->ctx)))
        return cli_kfft_error(cmd, "copy from device", st);
    for (size_t i = 0; i < 2 * count; i++) s->ref[i] = s->x[i];
    for (int64_t b = 0; b < batch; b++)
        if (kfft_refdft(s->ref + 2 * b * n, n, -1)) {
            fprintf(stderr, "kfft demo: out of host memory in the reference DFT\n");
            return EXIT_FAIL;
        }
    double err = cli_rel_l2(s->y, KFFT_F32, s->ref, count), bound = cli_error_bound(KFFT_F32, n);
    printf("error     %.2e relative L2 vs the double-precision host DFT (selftest bound %.2e)\n", err, bound);

    /* Round trip: inverse of the spectrum, in place on the device, divided by n. */
    if ((st = kfft_execute(s->plan, s->dout, s->dout, KFFT_INVERSE)) ||
        (st = kfft_memcpy_d2h(s->ctx, s->ref, s->dout, bytes)) || (st = kfft_context_synchronize(s->ctx)))
        return cli_kfft_error(cmd, "inverse", st);
    const float *rt = (const float *)s->ref; /* reuses the reference's memory */
    double num = 0, den = 0;
    for (size_t i = 0; i < 2 * count; i++) {
        double d = (double)rt[i] / (double)n - (double)s->x[i];
        num += d * d;
        den += (double)s->x[i] * s->x[i];
    }
    double rterr = isfinite(num) ? sqrt(num / den) : NAN;
    printf("roundtrip %.2e relative L2 of inverse(forward(x))/n vs x\n", rterr);

    /* The three strongest bins of the batch-averaged magnitude spectrum. */
    for (int64_t b = 0; b < batch; b++)
        for (int64_t k = 0; k < n; k++) {
            size_t i = (size_t)(b * n + k);
            s->mag[k] += hypot(s->y[2 * i], s->y[2 * i + 1]) / (double)n / (double)batch;
        }
    int64_t top[3] = {-1, -1, -1};
    for (int64_t k = 0; k < n; k++)
        for (int t = 0; t < 3; t++)
            if (top[t] < 0 || s->mag[k] > s->mag[top[t]]) {
                memmove(top + t + 1, top + t, (size_t)(2 - t) * sizeof *top);
                top[t] = k;
                break;
            }
    int found = 0;
    printf("tones     true: bin  frequency   amplitude | found: bin  frequency   amplitude\n");
    for (int t = 0; t < 3; t++) {
        int hit = top[t] == kt[t];
        found += hit;
        printf("          %9lld %9.1f Hz %9.3f | %10lld %9.1f Hz %9.3f  %s\n", (long long)kt[t], bin_hz(kt[t], n),
               tone_amp[t], (long long)top[t], bin_hz(top[t], n), s->mag[top[t]], hit ? "match" : "MISMATCH");
    }
    /* The signal tools on the same device: real multi-tone signals, Welch PSD, peaks. */
    int psd_ok = demo_signal_section(s->ctx, seed) != 0; /* -1: skipped (no R2C on this build) */
    int ok = found == 3 && err <= bound && rterr <= 2 * bound && psd_ok;
    printf("%s\n", ok ? "OK: all three tones found; errors within bounds"
                      : "FAILED: a tone was missed or an error is above its bound");
    return ok ? EXIT_OK : EXIT_FAIL;
}

int cmd_demo(int argc, char **argv)
{
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg;
    int help = 0;
    int64_t dev = 0, n = 16384, batch = 64;
    kfft_backend backend = KFFT_BACKEND_AUTO;
    while (cli_args_next(&a, &arg)) {
        if (cli_help_flag(&a, arg)) help = 1;
        else if (cli_opt(&a, arg, "--backend")) cli_parse_backend(&a, a.value, &backend);
        else if (cli_opt(&a, arg, "--device")) cli_parse_int(&a, "--device", a.value, 0, 1 << 20, &dev);
        else if (cli_opt(&a, arg, "--n")) cli_parse_int(&a, "--n", a.value, 64, 1 << 24, &n);
        else if (cli_opt(&a, arg, "--batch")) cli_parse_int(&a, "--batch", a.value, 1, 65536, &batch);
        else return cli_unexpected(&a, arg);
    }
    if (a.error) return EXIT_USAGE;
    if (help) {
        cli_help("demo", 0);
        return EXIT_OK;
    }
    if (n * batch > MAX_POINTS)
        return cli_usage_error("demo", "--n %lld times --batch %lld is over the demo's limit of %lld points",
                               (long long)n, (long long)batch, (long long)MAX_POINTS);

    demo_state s = {0};
    if (cli_open("demo", backend, (int)dev, 0, &s.ctx)) return EXIT_FAIL;
    int rc = run(&s, n, batch, cli_time_seed());
    kfft_free(s.ctx, s.din);
    kfft_free(s.ctx, s.dout);
    kfft_plan_destroy(s.plan);
    kfft_context_destroy(s.ctx);
    free(s.x);
    free(s.y);
    free(s.ref);
    free(s.mag);
    return rc;
}
