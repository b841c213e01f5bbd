/* The signal part of kfft demo: Welch PSD of a batch of noisy real multi-tone signals on the
 * device, the noise floor against theory, the tones found against the true ones, and the
 * real-transform round trip C2R(R2C(x)) with numpy's scaling fused in. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "kfft_signal.h"

#define PI 3.14159265358979323846
#define RATE 48000.0
#define ROWS 4
#define SAMPLES 65536
#define SEGMENT 4096
#define SIGMA 0.01 /* white noise standard deviation */
#define NTONES 3

static const double tone_hz[NTONES] = {440.0, 3100.7, 11025.3};
static const double tone_amp[NTONES] = {1.0, 0.3, 0.05};

/* R2C then C2R ("backward" norm: the inverse divides by n) of the f32 rows; returns the
 * relative L2 error against x, or a negative value after a failed call (reported). */
static double real_round_trip(kfft_context ctx, const double *x)
{
    int64_t n = SAMPLES;
    size_t count = (size_t)ROWS * SAMPLES, half = (size_t)ROWS * (SAMPLES / 2 + 1);
    float *xf = malloc(count * sizeof(float)), *back = malloc(count * sizeof(float)), *spec = malloc(half * 8);
    kfft_plan fwd = NULL, inv = NULL;
    double err = -1;
    kfft_plan_desc d = {.type = KFFT_R2C, .precision = KFFT_F32, .rank = 1, .n = {n}, .batch = ROWS};
    kfft_status st = !xf || !back || !spec ? KFFT_ERROR_OUT_OF_MEMORY : kfft_plan_create(ctx, &d, &fwd);
    if (!st) {
        d.type = KFFT_C2R;
        d.norm = KFFT_NORM_BACKWARD;
        st = kfft_plan_create(ctx, &d, &inv);
    }
    if (!st) {
        for (size_t i = 0; i < count; i++) xf[i] = (float)x[i];
        st = kfft_execute_host(fwd, xf, spec, KFFT_FORWARD);
    }
    if (!st) st = kfft_execute_host(inv, spec, back, KFFT_INVERSE);
    if (st) {
        cli_kfft_error("demo", "real round trip", st);
    } else {
        double num = 0, den = 0;
        for (size_t i = 0; i < count; i++) {
            num += ((double)back[i] - xf[i]) * ((double)back[i] - xf[i]);
            den += (double)xf[i] * xf[i];
        }
        err = isfinite(num) ? sqrt(num / den) : INFINITY;
    }
    kfft_plan_destroy(fwd);
    kfft_plan_destroy(inv);
    free(xf);
    free(back);
    free(spec);
    return err;
}

int demo_signal_section(kfft_context ctx, uint64_t seed)
{
    int64_t bins, segments;
    kfft_psd_desc d = {.rate = RATE, .window = KFFT_WINDOW_HANN, .segment = SEGMENT, .overlap = SEGMENT / 2};
    double *x = malloc(sizeof(double) * ROWS * SAMPLES), *psd = NULL, *freq = NULL, *win = NULL;
    int result = 0;
    if (kfft_psd_shape(&d, SAMPLES, &bins, &segments)) goto done;
    psd = malloc(sizeof(double) * ROWS * (size_t)bins);
    freq = malloc(sizeof(double) * (size_t)bins);
    win = malloc(sizeof(double) * SEGMENT);
    if (!x || !psd || !freq || !win) {
        fprintf(stderr, "kfft demo: out of host memory for the PSD section\n");
        goto done;
    }
    cli_rng rng;
    cli_rng_seed(&rng, seed ^ 0x5157u);
    for (int r = 0; r < ROWS; r++) {
        double ph[NTONES];
        for (int t = 0; t < NTONES; t++) ph[t] = PI * cli_rng_uniform(&rng);
        for (int64_t j = 0; j < SAMPLES; j++) {
            double v = SIGMA * cli_rng_normal(&rng);
            for (int t = 0; t < NTONES; t++) v += tone_amp[t] * cos(2 * PI * tone_hz[t] * (double)j / RATE + ph[t]);
            x[r * SAMPLES + j] = v;
        }
    }
    double t0 = cli_now();
    kfft_status st = kfft_psd(ctx, &d, x, ROWS, SAMPLES, psd, freq);
    double ms = 1e3 * (cli_now() - t0);
    if (st == KFFT_ERROR_UNSUPPORTED) {
        printf("psd       skipped: %s\n", kfft_error_message());
        result = -1;
        goto done;
    }
    if (st) {
        cli_kfft_error("demo", "psd", st);
        goto done;
    }
    printf("psd       %d x %d real samples at %.0f Hz + noise sigma %.2f; Welch: hann, %d-sample segments, %d\n"
           "          overlap (%lld per row, %lld R2C FFTs in one batch), %lld bins; %.1f ms incl. plan and copies\n",
           ROWS, SAMPLES, RATE, SIGMA, SEGMENT, SEGMENT / 2, (long long)segments, (long long)(ROWS * segments),
           (long long)bins, ms);

    /* White noise of variance s^2 has one-sided density 2 s^2 / rate; average the bins at
     * least 64 bins away from every tone (Hann leakage of the 0 dB tone is still above the
     * -75 dB noise floor 8 bins away). */
    double df = RATE / SEGMENT, sum = 0;
    int64_t cnt = 0;
    for (int r = 0; r < ROWS; r++)
        for (int64_t k = 1; k + 1 < bins; k++) {
            int near = 0;
            for (int t = 0; t < NTONES; t++) near |= fabs(freq[k] - tone_hz[t]) < 64 * df;
            if (!near) sum += psd[r * bins + k], cnt++;
        }
    double floor_meas = sum / (double)cnt, floor_true = 2 * SIGMA * SIGMA / RATE, ratio = floor_meas / floor_true;
    printf("          noise floor %.3e /Hz, expected 2 sigma^2/rate = %.3e (ratio %.3f)\n", floor_meas, floor_true,
           ratio);

    /* Peaks on the power spectrum (density times rate*sum(w^2)/sum(w)^2): a tone of
     * amplitude A peaks at A^2/2, so sqrt(2 P) estimates A. The dB parabola reads a Hann
     * peak up to 0.33 dB (3.8% in amplitude) high when the tone falls between two bins. */
    kfft_window_fill(d.window, SEGMENT, win);
    double s1 = 0, s2 = 0;
    for (int j = 0; j < SEGMENT; j++) s1 += win[j], s2 += win[j] * win[j];
    double to_spectrum = RATE * s2 / (s1 * s1), worst_bins = 0, worst_amp = 0;
    int missed = 0;
    printf("peaks     true: frequency  amplitude | found (row 0): frequency  amplitude  error (bins)\n");
    for (int r = 0; r < ROWS; r++) {
        for (int64_t k = 0; k < bins; k++) psd[r * bins + k] *= to_spectrum;
        kfft_peak pk[NTONES];
        kfft_peaks_desc pd = {.threshold_db = 40};
        int64_t found = 0;
        if ((st = kfft_peaks(psd + r * bins, freq, bins, &pd, pk, NTONES, &found))) {
            cli_kfft_error("demo", "peaks", st);
            goto done;
        }
        for (int t = 0; t < NTONES; t++) {
            int64_t best = -1;
            for (int64_t i = 0; i < found; i++)
                if (best < 0 || fabs(pk[i].freq - tone_hz[t]) < fabs(pk[best].freq - tone_hz[t])) best = i;
            double eb = best < 0 ? INFINITY : fabs(pk[best].freq - tone_hz[t]) / df;
            double amp = best < 0 ? 0 : sqrt(2 * pk[best].power), ea = fabs(amp / tone_amp[t] - 1);
            if (best < 0 || eb > 0.1 || ea > 0.05) missed++;
            if (eb > worst_bins) worst_bins = eb;
            if (ea > worst_amp) worst_amp = ea;
            if (r == 0)
                printf("          %9.1f Hz %9.3f | %15.2f Hz %9.3f %9.3f  %s\n", tone_hz[t], tone_amp[t],
                       best < 0 ? NAN : pk[best].freq, amp, eb, best < 0 || eb > 0.1 || ea > 0.05 ? "MISMATCH" : "match");
        }
    }
    int floor_ok = fabs(ratio - 1) < 0.05;
    printf("          all %d rows: worst frequency error %.3f bins, amplitude %.1f%%; noise floor %s\n", ROWS, worst_bins,
           100 * worst_amp, floor_ok ? "as expected" : "WRONG");
    /* Two transforms, each held to the selftest bound: their errors add. */
    double rt = real_round_trip(ctx, x), rt_bound = 2 * cli_error_bound(KFFT_F32, SAMPLES);
    if (rt < 0) goto done;
    printf("realtrip  C2R(R2C(x)) of the %d x %d signals in f32, 1/n fused into the C2R: %.2e relative L2\n"
           "          (bound %.2e)  %s\n",
           ROWS, SAMPLES, rt, rt_bound, rt <= rt_bound ? "ok" : "ABOVE BOUND");
    result = missed == 0 && floor_ok && rt <= rt_bound;
done:
    free(x);
    free(psd);
    free(freq);
    free(win);
    return result;
}
