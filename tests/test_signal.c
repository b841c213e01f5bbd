/* Tests of the signal tools: usage: test_signal psd|peaks|wav|csv|png|svg|numfmt|device
 *
 *   psd     the Welch/periodogram engine against an independent naive-DFT implementation of
 *           scipy.signal.welch written here, white-noise level, sine power, windows, errors
 *   peaks   multi-tone signals with noise, interpolation accuracy, thresholds, edges, errors
 *   wav     every PCM/float format written here and read back; malformed and fuzzed files
 *   csv     good files (header, comments, CRLF, BOM) and malformed ones (line numbers)
 *   png     signature, every chunk's CRC, zlib header and Adler-32, stored blocks decoded
 *           back and compared with the painted pixels
 *   svg     well-formed XML, peak labels present, escaping, locale independence
 *   numfmt  locale-independent number printing and parsing; the bench's case syntax
 *   device  kfft_psd on a kfft device (f32 and f64) against the host engine; exit 77 (skip)
 *           when no backend or no R2C transform is available
 * Exit status: 0 pass, 1 fail, 77 skip. */
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/refdft.h"
#include "io/csv.h"
#include "io/casespec.h"
#include "io/numfmt.h"
#include "io/plot.h"
#include "io/wav.h"
#include "kfft_signal.h"
#include "signal/signal.h"

#define PI 3.14159265358979323846

#include "test_check.h"

/* ---- random numbers (xorshift64*, Box-Muller) ---------------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12, rng_state ^= rng_state << 25, rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}
static double uniform(void) { return (double)(rnd() >> 11) * 0x1p-53; }
static double gauss(void) { return sqrt(-2 * log(uniform() + 0x1p-60)) * cos(2 * PI * uniform()); }

/* ---- host FFT callback (kfft's double reference DFT, not the device path) ------------- */

static kfft_status host_rfft(void *user, const double *in, int64_t n, int64_t batch, double *out)
{
    int *calls = user;
    if (calls) ++*calls;
    double *t = malloc((size_t)n * 16);
    if (!t) return KFFT_ERROR_OUT_OF_MEMORY;
    for (int64_t b = 0; b < batch; b++) {
        for (int64_t j = 0; j < n; j++) t[2 * j] = in[b * n + j], t[2 * j + 1] = 0;
        if (kfft_refdft(t, n, -1)) {
            free(t);
            return KFFT_ERROR_OUT_OF_MEMORY;
        }
        memcpy(out + b * (n / 2 + 1) * 2, t, (size_t)(n / 2 + 1) * 16);
    }
    free(t);
    return KFFT_SUCCESS;
}

/* ---- an independent scipy.signal.welch: naive DFT, windows from their textbook formulas */

static double naive_window(kfft_window w, int64_t j, int64_t m)
{
    if (m == 1) return 1;
    double x = 2 * PI * (double)j / (double)m;
    switch (w) {
    case KFFT_WINDOW_HANN: return 0.5 - 0.5 * cos(x);
    case KFFT_WINDOW_HAMMING: return 0.54 - 0.46 * cos(x);
    case KFFT_WINDOW_BLACKMAN: return 0.42 - 0.5 * cos(x) + 0.08 * cos(2 * x);
    case KFFT_WINDOW_NONE: return 1;
    }
    return NAN;
}

static void naive_welch(const kfft_psd_desc *d, const double *x, int64_t n, double *psd)
{
    double fs = d->rate ? d->rate : 1;
    int64_t seg = d->segment ? d->segment : n, nfft = d->nfft ? d->nfft : seg, step = seg - d->overlap;
    int64_t nseg = (n - seg) / step + 1, bins = nfft / 2 + 1;
    double s1 = 0, s2 = 0;
    for (int64_t j = 0; j < seg; j++) {
        double w = naive_window(d->window, j, seg);
        s1 += w, s2 += w * w;
    }
    double scale = d->scaling == KFFT_SCALING_DENSITY ? 1 / (fs * s2) : 1 / (s1 * s1);
    for (int64_t k = 0; k < bins; k++) psd[k] = 0;
    for (int64_t s = 0; s < nseg; s++) {
        const double *p = x + s * step;
        double mean = 0;
        if (d->detrend == KFFT_DETREND_CONSTANT) {
            for (int64_t j = 0; j < seg; j++) mean += p[j];
            mean /= (double)seg;
        }
        for (int64_t k = 0; k < bins; k++) {
            double re = 0, im = 0;
            for (int64_t j = 0; j < seg; j++) {
                double v = (p[j] - mean) * naive_window(d->window, j, seg), a = 2 * PI * (double)((j * k) % nfft) / (double)nfft;
                re += v * cos(a), im -= v * sin(a);
            }
            double one_sided = k == 0 || (nfft % 2 == 0 && k == nfft / 2) ? 1 : 2;
            psd[k] += (re * re + im * im) * scale * one_sided / (double)nseg;
        }
    }
}

static double max_rel_diff(const double *a, const double *b, int64_t n)
{
    double m = 0, big = 0;
    for (int64_t i = 0; i < n; i++) big = fmax(big, fabs(b[i]));
    for (int64_t i = 0; i < n; i++) m = fmax(m, fabs(a[i] - b[i]));
    return big > 0 ? m / big : m;
}

static int t_psd(void)
{
    /* Windows: periodic definitions, spot values (scipy.signal.get_window('hann', 8) etc.). */
    double w[8];
    kfft_window_fill(KFFT_WINDOW_HANN, 8, w);
    check(w[0] == 0 && fabs(w[2] - 0.5) < 1e-16 && w[4] == 1 && fabs(w[1] - 0.14644660940672624) < 1e-16,
          "hann(8) = %g %g %g %g", w[0], w[1], w[2], w[4]);
    kfft_window_fill(KFFT_WINDOW_HAMMING, 8, w);
    check(fabs(w[0] - 0.08) < 1e-16 && fabs(w[4] - 1) < 1e-16, "hamming(8) ends: %g %g", w[0], w[4]);
    kfft_window_fill(KFFT_WINDOW_BLACKMAN, 8, w);
    check(fabs(w[0]) < 1e-16 && fabs(w[4] - 1) < 1e-15 && fabs(w[2] - 0.34) < 1e-15, "blackman(8): %g %g %g", w[0],
          w[2], w[4]);
    kfft_window_fill(KFFT_WINDOW_HANN, 1, w);
    check(w[0] == 1, "hann(1) = %g (scipy: ones(1))", w[0]);
    check(kfft_window_fill(KFFT_WINDOW_HANN, 0, w) == KFFT_ERROR_INVALID_ARGUMENT, "window length 0 refused");
    check(kfft_window_fill((kfft_window)9, 4, w) == KFFT_ERROR_INVALID_ARGUMENT, "unknown window refused");
    for (int64_t m = 2; m < 40; m++) {
        double *a = malloc((size_t)m * sizeof *a);
        for (int wi = 0; wi < 4; wi++) {
            kfft_window_fill((kfft_window)wi, m, a);
            for (int64_t j = 0; j < m; j++)
                check(fabs(a[j] - naive_window((kfft_window)wi, j, m)) < 1e-15, "window %d m=%lld j=%lld", wi, (long long)m,
                      (long long)j);
        }
        free(a);
    }

    /* Welch against the naive implementation on deterministic inputs, many configurations,
     * several rows (each row compared separately), chunked and unchunked. */
    const struct { int64_t n, seg, ovl, nfft; kfft_window w; kfft_detrend dt; kfft_scaling sc; double rate; } cfg[] = {
        {256, 0, 0, 0, KFFT_WINDOW_HANN, KFFT_DETREND_CONSTANT, KFFT_SCALING_DENSITY, 0},
        {255, 0, 0, 0, KFFT_WINDOW_NONE, KFFT_DETREND_NONE, KFFT_SCALING_SPECTRUM, 10},
        {1000, 128, 64, 0, KFFT_WINDOW_HANN, KFFT_DETREND_CONSTANT, KFFT_SCALING_DENSITY, 48000},
        {1000, 100, 33, 0, KFFT_WINDOW_HAMMING, KFFT_DETREND_NONE, KFFT_SCALING_SPECTRUM, 2.5},
        {777, 63, 0, 0, KFFT_WINDOW_BLACKMAN, KFFT_DETREND_CONSTANT, KFFT_SCALING_DENSITY, 1},
        {500, 64, 48, 100, KFFT_WINDOW_HANN, KFFT_DETREND_CONSTANT, KFFT_SCALING_SPECTRUM, 8000},
        {500, 65, 10, 131, KFFT_WINDOW_NONE, KFFT_DETREND_CONSTANT, KFFT_SCALING_DENSITY, 3},
        {17, 17, 0, 0, KFFT_WINDOW_HANN, KFFT_DETREND_NONE, KFFT_SCALING_DENSITY, 1},
        {3, 2, 1, 0, KFFT_WINDOW_NONE, KFFT_DETREND_NONE, KFFT_SCALING_DENSITY, 1},
        {1, 0, 0, 0, KFFT_WINDOW_HANN, KFFT_DETREND_NONE, KFFT_SCALING_SPECTRUM, 1},
    };
    for (size_t c = 0; c < sizeof cfg / sizeof *cfg; c++) {
        kfft_psd_desc d = {cfg[c].rate, cfg[c].w, cfg[c].seg, cfg[c].ovl, cfg[c].nfft, cfg[c].dt, cfg[c].sc, 0};
        int64_t rows = 3, n = cfg[c].n, bins, nseg;
        check(kfft_psd_shape(&d, n, &bins, &nseg) == KFFT_SUCCESS, "shape of config %zu: %s", c, kfft_error_message());
        double *x = malloc(sizeof(double) * (size_t)(rows * n)), *p = malloc(sizeof(double) * (size_t)(rows * bins));
        double *p2 = malloc(sizeof(double) * (size_t)(rows * bins)), *ref = malloc(sizeof(double) * (size_t)bins);
        double *f = malloc(sizeof(double) * (size_t)bins);
        for (int64_t i = 0; i < rows * n; i++) x[i] = sin(0.37 * (double)i + 0.001 * (double)(i * i % 1013)) + 0.25 * (double)(i % n % 7) + 1.5;
        int calls = 0;
        kfft_status st = sig_psd_run(&d, x, rows, n, p, f, host_rfft, &calls, 0);
        check(st == KFFT_SUCCESS && calls == 1, "config %zu: status %d, %d calls (one batch expected): %s", c, st, calls,
              kfft_error_message());
        /* Chunked: at most 3 segments' worth of samples per call. */
        int64_t nfft = cfg[c].nfft ? cfg[c].nfft : cfg[c].seg ? cfg[c].seg : n;
        calls = 0;
        st = sig_psd_run(&d, x, rows, n, p2, NULL, host_rfft, &calls, 3 * nfft);
        check(st == KFFT_SUCCESS && calls == (int)((rows * nseg + 2) / 3), "config %zu chunked: %d calls", c, calls);
        check(max_rel_diff(p2, p, rows * bins) < 1e-15, "config %zu: chunked result differs", c);
        for (int64_t r = 0; r < rows; r++) {
            naive_welch(&d, x + r * n, n, ref);
            double e = max_rel_diff(p + r * bins, ref, bins);
            check(e < 1e-12, "config %zu (n=%lld seg=%lld ovl=%lld nfft=%lld) row %lld: rel diff %.3g vs naive Welch",
                  c, (long long)n, (long long)cfg[c].seg, (long long)cfg[c].ovl, (long long)cfg[c].nfft, (long long)r, e);
        }
        double fs = cfg[c].rate ? cfg[c].rate : 1;
        for (int64_t k = 0; k < bins; k++)
            check(fabs(f[k] - (double)k * fs / (double)nfft) <= 1e-15 * fs, "config %zu freq[%lld]", c, (long long)k);
        free(x), free(p), free(p2), free(ref), free(f);
    }

    /* White noise of variance s^2: one-sided density 2 s^2 / rate in every bin (on average);
     * its integral over frequency (sum * df) is the variance (Parseval). */
    {
        const int64_t n = 1 << 18;
        const double s = 0.7, rate = 1000;
        double *x = malloc(sizeof(double) * n);
        for (int64_t i = 0; i < n; i++) x[i] = s * gauss();
        kfft_psd_desc d = {.rate = rate, .segment = 1024, .overlap = 512};
        int64_t bins = 513;
        double p[513], f[513];
        check(sig_psd_run(&d, x, 1, n, p, f, host_rfft, NULL, 0) == KFFT_SUCCESS, "noise psd");
        double mean = 0, total = 0;
        for (int64_t k = 1; k < bins - 1; k++) mean += p[k];
        mean /= (double)(bins - 2);
        for (int64_t k = 0; k < bins; k++) total += p[k] * rate / 1024;
        double want = 2 * s * s / rate;
        /* 511 segments of 511 bins: the mean's relative standard error is well below 1%. */
        check(fabs(mean / want - 1) < 0.02, "white noise density %.4g, expected 2 s^2/rate = %.4g", mean, want);
        check(fabs(total / (s * s) - 1) < 0.02, "integral of the density %.4g, expected the variance %.4g", total, s * s);
        /* Spectrum scaling: the same noise reads density * ENBW (rate * sum(w^2) / sum(w)^2). */
        double q[513];
        d.scaling = KFFT_SCALING_SPECTRUM;
        sig_psd_run(&d, x, 1, n, q, NULL, host_rfft, NULL, 0);
        double enbw = rate * 1.5 / 1024; /* Hann: sum(w^2) / sum(w)^2 = 1.5 / M */
        for (int64_t k = 0; k < bins; k++)
            check(fabs(q[k] / (p[k] * enbw) - 1) < 1e-12, "spectrum = density * ENBW at bin %lld", (long long)k);
        free(x);
    }

    /* A sine of amplitude A: power A^2/2, read as the density's integral around the tone and
     * as the peak of the spectrum scaling when the tone sits on a bin. */
    {
        const int64_t n = 4096;
        const double A = 1.7, rate = 8192, f0 = 1000.37;
        double x[4096], p[2049], q[2049];
        for (int64_t i = 0; i < n; i++) x[i] = A * sin(2 * PI * f0 * (double)i / rate + 0.3);
        kfft_psd_desc d = {.rate = rate, .window = KFFT_WINDOW_BLACKMAN};
        sig_psd_run(&d, x, 1, n, p, NULL, host_rfft, NULL, 0);
        double pw = 0;
        for (int64_t k = 500 - 20; k <= 500 + 20; k++) pw += p[k] * rate / (double)n; /* df = 2 Hz */
        check(fabs(pw / (A * A / 2) - 1) < 1e-6, "sine power from the density %.8g, expected A^2/2 = %.8g", pw, A * A / 2);
        for (int64_t i = 0; i < n; i++) x[i] = A * cos(2 * PI * 1000 * (double)i / rate + 0.3);
        d.scaling = KFFT_SCALING_SPECTRUM;
        d.window = KFFT_WINDOW_HANN;
        sig_psd_run(&d, x, 1, n, q, NULL, host_rfft, NULL, 0);
        check(fabs(q[500] / (A * A / 2) - 1) < 1e-12, "on-bin sine in spectrum scaling %.10g, expected %.10g", q[500],
              A * A / 2);
        /* DC of amplitude c without detrending: c^2 at bin 0 (not doubled); detrended: ~0. */
        for (int64_t i = 0; i < n; i++) x[i] = 0.5;
        d.detrend = KFFT_DETREND_NONE;
        sig_psd_run(&d, x, 1, n, q, NULL, host_rfft, NULL, 0);
        check(fabs(q[0] - 0.25) < 1e-14, "DC 0.5 reads %.17g, expected 0.25", q[0]);
        d.detrend = KFFT_DETREND_CONSTANT;
        sig_psd_run(&d, x, 1, n, q, NULL, host_rfft, NULL, 0);
        check(fabs(q[0]) < 1e-28, "detrended DC reads %g", q[0]);
        /* Nyquist (even nfft) is not doubled: (-1)^j of amplitude 1 reads 1 with no window. */
        for (int64_t i = 0; i < n; i++) x[i] = i % 2 ? -1 : 1;
        d.window = KFFT_WINDOW_NONE;
        sig_psd_run(&d, x, 1, n, q, NULL, host_rfft, NULL, 0);
        check(fabs(q[n / 2] - 1) < 1e-12, "Nyquist tone of amplitude 1 reads %.17g, expected 1", q[n / 2]);
    }

    /* Arguments: each bad field is refused with a message naming it. */
    {
        double x[64] = {0}, p[64];
        struct { kfft_psd_desc d; int64_t rows, n; const char *word; } bad[] = {
            {{.rate = -1}, 1, 64, "rate"},
            {{.rate = NAN}, 1, 64, "rate"},
            {{.window = (kfft_window)7}, 1, 64, "window"},
            {{.segment = 65}, 1, 64, "segment"},
            {{.segment = -2}, 1, 64, "segment"},
            {{.segment = 16, .overlap = 16}, 1, 64, "overlap"},
            {{.segment = 16, .overlap = -1}, 1, 64, "overlap"},
            {{.segment = 16, .nfft = 15}, 1, 64, "nfft"},
            {{.detrend = (kfft_detrend)5}, 1, 64, "detrend"},
            {{.scaling = (kfft_scaling)5}, 1, 64, "scaling"},
            {{.precision = (kfft_signal_precision)5}, 1, 64, "precision"},
            {{.rate = 0}, 0, 64, "rows"},
            {{.rate = 0}, 1, 0, "sample"},
        };
        for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
            kfft_status st = sig_psd_run(&bad[i].d, x, bad[i].rows, bad[i].n, p, NULL, host_rfft, NULL, 0);
            check(st == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), bad[i].word),
                  "bad argument %zu: status %d, message '%s' should name %s", i, st, kfft_error_message(), bad[i].word);
        }
        kfft_psd_desc d = {0};
        x[17] = NAN;
        kfft_status st = sig_psd_run(&d, x, 1, 64, p, NULL, host_rfft, NULL, 0);
        check(st == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "sample 17"), "NaN input: '%s'",
              kfft_error_message());
        check(sig_psd_run(&d, NULL, 1, 64, p, NULL, host_rfft, NULL, 0) == KFFT_ERROR_INVALID_ARGUMENT, "NULL x");
        check(kfft_psd(NULL, &d, x, 1, 64, p, NULL) == KFFT_ERROR_INVALID_ARGUMENT, "NULL context");
        int64_t bins = 0, segs = 0;
        kfft_psd_desc w = {.segment = 256, .overlap = 128};
        check(kfft_psd_shape(&w, 1000, &bins, &segs) == KFFT_SUCCESS && bins == 129 && segs == 6,
              "shape: %lld bins, %lld segments (expected 129, 6 as scipy)", (long long)bins, (long long)segs);
    }
    return 0;
}

/* ---- peaks ------------------------------------------------------------------------------ */

static int t_peaks(void)
{
    /* Tones off the bin grid under Hann, plus noise: frequency within 0.05 bin after the dB
     * parabola, height within 0.4 dB of A^2/2, order by strength, the threshold drops noise. */
    const int64_t n = 8192;
    const double rate = 44100, df = rate / (double)n;
    const double hz[4] = {523.25, 1975.53, 7040.0 + 0.37 * df, 15000.5}, amp[4] = {1.0, 0.25, 0.5, 0.05};
    double *x = malloc(sizeof(double) * n), *p = malloc(sizeof(double) * (n / 2 + 1)), *f = malloc(sizeof(double) * (n / 2 + 1));
    for (int64_t i = 0; i < n; i++) {
        x[i] = 0.001 * gauss();
        for (int t = 0; t < 4; t++) x[i] += amp[t] * sin(2 * PI * hz[t] * (double)i / rate + t);
    }
    kfft_psd_desc d = {.rate = rate, .scaling = KFFT_SCALING_SPECTRUM};
    check(sig_psd_run(&d, x, 1, n, p, f, host_rfft, NULL, 0) == KFFT_SUCCESS, "peaks: psd");
    kfft_peak pk[8];
    int64_t found = 0;
    kfft_peaks_desc pd = {.threshold_db = 40};
    check(kfft_peaks(p, f, n / 2 + 1, &pd, pk, 8, &found) == KFFT_SUCCESS, "peaks: %s", kfft_error_message());
    check(found == 4, "found %lld peaks within 40 dB, expected the 4 tones", (long long)found);
    const int order[4] = {0, 2, 1, 3}; /* by amplitude */
    for (int i = 0; i < 4 && i < found; i++) {
        int t = order[i];
        double eb = fabs(pk[i].freq - hz[t]) / df, edb = 10 * log10(pk[i].power / (amp[t] * amp[t] / 2));
        check(eb < 0.05, "tone %.2f Hz found at %.4f Hz: %.3f bins off", hz[t], pk[i].freq, eb);
        check(fabs(edb) < 0.4, "tone %.2f Hz: height %.3f dB from A^2/2", hz[t], edb);
        check(pk[i].bin == (int64_t)floor(hz[t] / df + 0.5), "tone %.2f Hz: bin %lld", hz[t], (long long)pk[i].bin);
    }
    /* Without a threshold the noise's local maxima come too; max_peaks cuts the list. */
    check(kfft_peaks(p, f, n / 2 + 1, NULL, pk, 8, &found) == KFFT_SUCCESS && found == 8, "no threshold: %lld",
          (long long)found);
    for (int i = 1; i < 8; i++) check(pk[i].power <= pk[i - 1].power, "sorted by strength at %d", i);
    pd.threshold_db = 0;
    pd.min_power = 0.1;
    check(kfft_peaks(p, f, n / 2 + 1, &pd, pk, 8, &found) == KFFT_SUCCESS && found == 2, "min_power 0.1: %lld peaks",
          (long long)found);
    check(kfft_peaks(p, NULL, n / 2 + 1, &pd, pk, 8, &found) == KFFT_SUCCESS && found == 2 &&
              fabs(pk[0].freq - hz[0] / df) < 0.05, "freq NULL: bins, %g", pk[0].freq);

    /* A Gaussian peak is a parabola in dB: exact vertex and height. */
    double g[64], gf[64];
    for (int k = 0; k < 64; k++) gf[k] = 100 + 2.0 * k, g[k] = 3 * exp(-0.5 * pow((k - 20.3) / 1.7, 2)) + 1e-30;
    pd = (kfft_peaks_desc){0};
    check(kfft_peaks(g, gf, 64, &pd, pk, 1, &found) == KFFT_SUCCESS && found == 1, "gaussian peak");
    check(fabs(pk[0].freq - (100 + 2 * 20.3)) < 1e-9 && fabs(pk[0].power / 3 - 1) < 1e-9, "gaussian: %.12g Hz %.12g",
          pk[0].freq, pk[0].power);
    pd.linear = 1;
    kfft_peaks(g, gf, 64, &pd, pk, 1, &found);
    check(found == 1 && fabs(pk[0].freq - 140.6) < 0.1 && fabs(pk[0].freq - 140.6) > 1e-9, "linear interpolation %.6g",
          pk[0].freq);

    /* Edges: DC and the last bin are peaks when above their one neighbour, not interpolated;
     * plateaus are not peaks (strictly above); zeros next to a peak fall back to linear. */
    double e[8] = {5, 1, 2, 2, 1, 0, 3, 4}, ef[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    pd = (kfft_peaks_desc){0};
    check(kfft_peaks(e, ef, 8, &pd, pk, 8, &found) == KFFT_SUCCESS && found == 2, "edges: %lld peaks", (long long)found);
    check(found == 2 && pk[0].bin == 0 && pk[0].freq == 0 && pk[0].power == 5 && pk[1].bin == 7 && pk[1].freq == 7,
          "edge peaks at DC and the last bin");
    double z[5] = {0, 0, 4, 1, 0};
    kfft_peaks(z, NULL, 5, &pd, pk, 8, &found);
    check(found == 1 && pk[0].bin == 2 && fabs(pk[0].freq - (2 + 1.0 / 14)) < 1e-15 && fabs(pk[0].power - (4 + 1.0 / 56)) < 1e-14,
          "zero neighbour: linear vertex %.17g, height %.17g", pk[0].freq, pk[0].power);
    double flat[6] = {1, 1, 1, 1, 1, 1};
    check(kfft_peaks(flat, NULL, 6, &pd, pk, 8, &found) == KFFT_SUCCESS && found == 0, "flat spectrum: no peaks");
    check(kfft_peaks(flat, NULL, 1, &pd, pk, 8, &found) == KFFT_SUCCESS && found == 0, "one bin: no peaks");

    /* Errors. */
    double neg[3] = {1, -1, 1}, nan3[3] = {1, NAN, 1}, badf[3] = {0, 2, 1};
    check(kfft_peaks(neg, NULL, 3, NULL, pk, 8, &found) == KFFT_ERROR_INVALID_ARGUMENT &&
              strstr(kfft_error_message(), "power[1]"), "negative power: %s", kfft_error_message());
    check(kfft_peaks(nan3, NULL, 3, NULL, pk, 8, &found) == KFFT_ERROR_INVALID_ARGUMENT, "NaN power");
    check(kfft_peaks(flat, badf, 3, NULL, pk, 8, &found) == KFFT_ERROR_INVALID_ARGUMENT, "decreasing freq");
    check(kfft_peaks(flat, NULL, 0, NULL, pk, 8, &found) == KFFT_ERROR_INVALID_ARGUMENT, "0 bins");
    check(kfft_peaks(flat, NULL, 3, NULL, NULL, 8, &found) == KFFT_ERROR_INVALID_ARGUMENT, "NULL peaks");
    pd.threshold_db = -3;
    check(kfft_peaks(flat, NULL, 3, &pd, pk, 8, &found) == KFFT_ERROR_INVALID_ARGUMENT, "negative threshold");
    check(kfft_peaks(flat, NULL, 3, NULL, pk, 8, NULL) == KFFT_ERROR_INVALID_ARGUMENT, "NULL found");
    free(x), free(p), free(f);
    return 0;
}

/* ---- wav ---------------------------------------------------------------------------------- */

typedef struct {
    unsigned char *b;
    size_t len, cap;
} bytes;

static void put(bytes *o, const void *p, size_t n)
{
    if (o->len + n > o->cap) {
        o->cap = (o->len + n) * 2 + 64;
        o->b = realloc(o->b, o->cap);
    }
    memcpy(o->b + o->len, p, n);
    o->len += n;
}
static void put16(bytes *o, uint32_t v) { unsigned char b[2] = {(unsigned char)v, (unsigned char)(v >> 8)}; put(o, b, 2); }
static void put32(bytes *o, uint32_t v) { put16(o, v & 0xffff), put16(o, v >> 16); }

/* A WAVE file of frames x channels samples (interleaved, each k / 2^(bits-1) so the integer
 * encodings are exact), with optional extensible header and extra chunks (one of odd
 * length, padded) before and after fmt. */
static bytes make_wav(int tag, int channels, uint32_t rate, int bits, int extensible, int extra, const double *s,
                      int64_t frames)
{
    bytes o = {0};
    put(&o, "RIFF\0\0\0\0WAVE", 12);
    if (extra) put(&o, "JUNK\3\0\0\0abc\0", 12); /* odd size 3 + pad byte */
    int bytes_per = bits / 8;
    put(&o, "fmt ", 4);
    put32(&o, extensible ? 40 : 16);
    put16(&o, extensible ? 0xFFFE : (uint32_t)tag);
    put16(&o, (uint32_t)channels);
    put32(&o, rate);
    put32(&o, rate * (uint32_t)(channels * bytes_per));
    put16(&o, (uint32_t)(channels * bytes_per));
    put16(&o, (uint32_t)bits);
    if (extensible) {
        put16(&o, 22), put16(&o, (uint32_t)bits), put32(&o, 3);
        put16(&o, (uint32_t)tag);
        put(&o, "\x00\x00\x00\x00\x10\x00\x80\x00\x00\xAA\x00\x38\x9B\x71", 14);
    }
    if (extra) put(&o, "LIST\4\0\0\0INFO", 12);
    size_t n = (size_t)(frames * channels);
    put(&o, "data", 4);
    put32(&o, (uint32_t)(n * (size_t)bytes_per));
    for (size_t i = 0; i < n; i++) {
        if (tag == 3 && bits == 32) {
            float v = (float)s[i];
            uint32_t u;
            memcpy(&u, &v, 4);
            put32(&o, u);
        } else if (tag == 3) {
            uint64_t u;
            memcpy(&u, &s[i], 8);
            put32(&o, (uint32_t)u), put32(&o, (uint32_t)(u >> 32));
        } else {
            int64_t q = (int64_t)llround(s[i] * (double)(1LL << (bits - 1)));
            if (bits == 8) q += 128;
            for (int k = 0; k < bytes_per; k++) {
                unsigned char c = (unsigned char)((uint64_t)q >> (8 * k));
                put(&o, &c, 1);
            }
        }
    }
    if (n * (size_t)bytes_per % 2) put(&o, "\0", 1);
    if (extra) put(&o, "id3 \1\0\0\0x\0", 10); /* after data: ignored */
    uint32_t riff = (uint32_t)(o.len - 8);
    o.b[4] = (unsigned char)riff, o.b[5] = (unsigned char)(riff >> 8), o.b[6] = (unsigned char)(riff >> 16);
    o.b[7] = (unsigned char)(riff >> 24);
    return o;
}

/* Parses a copy of exactly len bytes (so a sanitizer sees any over-read). */
static int parse_exact(const unsigned char *b, size_t len, wav_audio *a, char *err, size_t errlen)
{
    unsigned char *c = malloc(len ? len : 1);
    memcpy(c, b, len);
    int rc = wav_parse(c, len, a, err, errlen);
    free(c);
    return rc;
}

static void expect_wav_error(const unsigned char *b, size_t len, const char *word, const char *what)
{
    wav_audio a;
    char err[256] = "";
    int rc = parse_exact(b, len, &a, err, sizeof err);
    check(rc == -1 && strstr(err, word), "%s: expected an error with '%s', got rc %d '%s'", what, word, rc, err);
    if (!rc) wav_free(&a);
}

static int t_wav(void)
{
    const struct { int tag, bits, ext, extra; } fmts[] = {{1, 8, 0, 0},  {1, 16, 0, 1}, {1, 24, 0, 0}, {1, 32, 0, 1},
                                                          {3, 32, 0, 0}, {3, 64, 0, 1}, {1, 16, 1, 0}, {1, 24, 1, 1},
                                                          {3, 32, 1, 0}, {3, 64, 1, 1}};
    for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++)
        for (int ch = 1; ch <= 3; ch++) {
            int64_t frames = 37;
            double s[3 * 37];
            int bits = fmts[f].bits;
            double q = fmts[f].tag == 1 ? ldexp(1, bits - 1) : 4096;
            for (int64_t i = 0; i < frames * ch; i++) {
                double v = (double)((int64_t)((i * 7919) % 201) - 100) / 100.0 * (q - 1);
                s[i] = floor(v) / q; /* exactly representable in the format */
            }
            s[0] = -1; /* full scale negative is representable too */
            bytes o = make_wav(fmts[f].tag, ch, 22050, bits, fmts[f].ext, fmts[f].extra, s, frames);
            wav_audio a;
            char err[256] = "";
            int rc = parse_exact(o.b, o.len, &a, err, sizeof err);
            check(rc == 0, "wav tag %d %d-bit ext %d, %d channels: %s", fmts[f].tag, bits, fmts[f].ext, ch, err);
            if (rc == 0) {
                check(a.channels == ch && a.frames == frames && a.rate == 22050 && a.bits == bits &&
                          a.is_float == (fmts[f].tag == 3), "wav %d-bit: header fields", bits);
                int same = 1;
                for (int64_t t = 0; t < frames; t++)
                    for (int c = 0; c < ch; c++) same &= a.data[c * frames + t] == s[t * ch + c];
                check(same, "wav tag %d %d-bit ext %d %d channels: samples differ", fmts[f].tag, bits, fmts[f].ext, ch);
                wav_free(&a);
            }
            free(o.b);
        }

    /* Malformed files: each names its problem. */
    double s[8] = {0, 0.5, -0.5, 0.25, 0, 0, 0, 0};
    bytes good = make_wav(1, 2, 8000, 16, 0, 0, s, 4);
    unsigned char *m = malloc(good.len + 64);
#define MUT(...) (memcpy(m, good.b, good.len), __VA_ARGS__)
    expect_wav_error(good.b, 0, "truncated", "empty file");
    expect_wav_error(good.b, 10, "truncated", "10 bytes");
    expect_wav_error((const unsigned char *)"PK\3\4 zip file, not wave", 24, "not a RIFF", "zip");
    MUT(memcpy(m, "RIFX", 4));
    expect_wav_error(m, good.len, "unsupported", "RIFX");
    MUT(memcpy(m + 8, "AVI ", 4));
    expect_wav_error(m, good.len, "not WAVE", "AVI");
    expect_wav_error(good.b, good.len - 1, "truncated", "one byte short");
    expect_wav_error(good.b, 30, "truncated", "cut inside fmt");
    MUT(m[4] = 0, m[5] = 0, m[6] = 0, m[7] = 0);
    expect_wav_error(m, good.len, "RIFF size", "RIFF size 0");
    MUT(m[20] = 2); /* format tag ADPCM */
    expect_wav_error(m, good.len, "ADPCM", "ADPCM");
    MUT(m[20] = 0x55);
    expect_wav_error(m, good.len, "unsupported format", "mp3");
    MUT(m[22] = 0); /* 0 channels */
    expect_wav_error(m, good.len, "0 channels", "0 channels");
    MUT(m[24] = m[25] = m[26] = m[27] = 0);
    expect_wav_error(m, good.len, "sample rate 0", "rate 0");
    MUT(m[32] = 3); /* block align */
    expect_wav_error(m, good.len, "block align", "block align");
    MUT(m[34] = 40); /* 40-bit PCM */
    expect_wav_error(m, good.len, "40-bit", "40-bit");
    MUT((m[20] = 3, m[34] = 16));
    expect_wav_error(m, good.len, "16-bit float", "16-bit float");
    MUT(memcpy(m + 12, "fmx ", 4));
    expect_wav_error(m, good.len, "before the fmt", "no fmt chunk");
    MUT(memcpy(m + 36, "dat?", 4));
    expect_wav_error(m, good.len, "no data", "no data chunk");
    MUT(m[40] = 0xff, m[41] = 0xff, m[42] = 0xff, m[43] = 0x7f);
    expect_wav_error(m, good.len, "truncated", "data size huge");
    MUT(m[40] = 15); /* data of 15 bytes: not whole frames (padding byte present) */
    expect_wav_error(m, good.len, "frames", "partial frame");
    MUT(m[16] = 12);
    expect_wav_error(m, good.len, "fmt chunk of 12", "short fmt");
    bytes ext = make_wav(1, 1, 8000, 16, 1, 0, s, 4);
    memcpy(m, ext.b, ext.len);
    m[44 + 6] ^= 0xff; /* GUID tail byte */
    expect_wav_error(m, ext.len, "GUID", "extensible GUID");
    memcpy(m, ext.b, ext.len);
    m[38] = 32; /* valid bits > container */
    expect_wav_error(m, ext.len, "valid bits", "valid bits");
    free(ext.b);

    /* Empty data chunk: a valid file of 0 frames. */
    bytes empty = make_wav(1, 1, 8000, 16, 0, 0, s, 0);
    wav_audio a;
    char err[256];
    check(parse_exact(empty.b, empty.len, &a, err, sizeof err) == 0 && a.frames == 0, "0 frames: %s", err);
    wav_free(&a);
    free(empty.b);

    /* Fuzz: random byte changes, truncations and length fields around the file size. Every
     * outcome must be a clean success or a message; run under ASan/UBSan to catch over-reads. */
    bytes big = make_wav(1, 2, 44100, 24, 1, 1, s, 4);
    int ok = 0, errs = 0;
    for (int it = 0; it < 30000; it++) {
        size_t len = big.len;
        unsigned char *c = malloc(len + 16);
        memcpy(c, big.b, len);
        int nmut = 1 + (int)(rnd() % 4);
        for (int k = 0; k < nmut; k++) {
            size_t at = (size_t)(rnd() % len);
            switch (rnd() % 4) {
            case 0: c[at] = (unsigned char)rnd(); break;
            case 1: c[at] ^= (unsigned char)(1u << (rnd() % 8)); break;
            case 2: /* a 32-bit length near the remaining size */
                if (at + 4 <= len) {
                    uint32_t v = (uint32_t)(len - at) + (uint32_t)(rnd() % 16) - 8;
                    c[at] = (unsigned char)v, c[at + 1] = (unsigned char)(v >> 8);
                    c[at + 2] = (unsigned char)(v >> 16), c[at + 3] = (unsigned char)(v >> 24);
                }
                break;
            default: len = (size_t)(rnd() % (len + 1)); break;
            }
            if (len == 0) break;
        }
        char e[256] = "";
        wav_audio w;
        int rc = parse_exact(c, len, &w, e, sizeof e);
        if (rc == 0) {
            ok++;
            check(w.channels >= 1 && w.frames >= 0 && (uint64_t)(w.frames * w.channels) * (uint64_t)(w.bits / 8) <= len,
                  "fuzz: accepted file claims more data than it has");
            wav_free(&w);
        } else {
            errs++;
            check(e[0] != 0 && strncmp(e, "wav: ", 5) == 0, "fuzz: error without a message");
        }
        free(c);
    }
    printf("wav fuzz: 30000 mutated files, %d read, %d refused with a message\n", ok, errs);
    free(big.b);
    free(good.b);
    free(m);
    return 0;
}

/* ---- csv ---------------------------------------------------------------------------------- */

static void csv_ok(const char *text, const double *want, int64_t n, const char *what)
{
    double *v;
    int64_t count;
    char err[256] = "";
    int rc = csv_parse(text, strlen(text), &v, &count, err, sizeof err);
    check(rc == 0 && count == n, "csv %s: rc %d, %lld values (expected %lld): %s", what, rc, (long long)count, (long long)n, err);
    for (int64_t i = 0; rc == 0 && i < n && i < count; i++)
        check(v[i] == want[i], "csv %s: value %lld is %.17g, expected %.17g", what, (long long)i, v[i], want[i]);
    if (rc == 0) free(v);
}

static void csv_bad(const char *text, size_t len, const char *word, const char *what)
{
    double *v;
    int64_t count;
    char err[256] = "";
    int rc = csv_parse(text, len, &v, &count, err, sizeof err);
    check(rc == -1 && strstr(err, word), "csv %s: expected an error with '%s', got rc %d '%s'", what, word, rc, err);
    if (rc == 0) free(v);
}

static int t_csv(void)
{
    const double a[] = {1, -2.5, 0.001, 3e10, -4.25e-3, 0.5};
    csv_ok("1\n-2.5\n0.001\n3e10\n-4.25E-3\n.5\n", a, 6, "plain");
    csv_ok("value\n1\n-2.5\n0.001\n3e10\n-4.25e-3\n0.5", a, 6, "header, no final newline");
    csv_ok("\xEF\xBB\xBF\"signal\"\r\n# comment\r\n1\r\n\r\n  -2.5  \r\n0.001 # inline\r\n3e+10\r\n-0.00425\r\n\"0.5\"\r\n", a, 6,
           "BOM, quotes, CRLF, comments, blanks");
    csv_ok("1\r-2.5\r0.001\r3e10\r-4.25e-3\r0.5\r", a, 6, "CR line ends");
    const double b[] = {0.1, 123456789.123456789, 1e-310};
    csv_ok("0.1\n123456789.123456789\n1e-310\n", b, 3, "correct rounding, subnormal");
    csv_bad("1\n2\nabc\n", 8, "line 3", "text in line 3");
    csv_bad("1\n2,3\n", 6, "line 2 has 2 fields", "two columns");
    csv_bad("time;value\n", 11, "line 1 has 2 fields", "two-column header");
    csv_bad("1.5x\n2\n", 7, "line 1", "mistyped first value is not a header");
    csv_bad("h\nnan\n", 6, "line 2", "nan");
    csv_bad("inf\n1\n", 6, "line 1", "inf first");
    csv_bad("1\n1e999\n", 8, "range", "overflow");
    csv_bad("# only a comment\n\n", 18, "no numbers", "no data");
    csv_bad("", 0, "no numbers", "empty");
    csv_bad("header\n", 7, "no numbers", "header only");
    csv_bad("1\n2\0\n", 5, "line 2", "NUL byte");
    csv_bad("1\n\n\n# c\n1,\n", 11, "line 5", "line numbers count blank and comment lines");
    /* Numbers do not depend on the locale's decimal separator. */
    if (setlocale(LC_ALL, "de_DE.UTF-8") || setlocale(LC_ALL, "de_DE.utf8")) {
        csv_ok("1\n-2.5\n0.001\n3e10\n-4.25E-3\n.5\n", a, 6, "under de_DE");
        csv_bad("1,5\n", 4, "fields", "comma decimal is two fields");
        setlocale(LC_ALL, "C");
    } else {
        printf("note: no de_DE locale; the comma-locale csv check did not run\n");
    }
    return 0;
}

/* ---- numfmt ------------------------------------------------------------------------------- */

static int t_numfmt(void)
{
    char a[NUM_BUF], b[64];
    int bad = 0;
    for (int i = 0; i < 200000; i++) {
        uint64_t r = rnd();
        double v;
        if (i % 3 == 0) memcpy(&v, &r, 8);
        else v = (double)(int64_t)(r >> 20) * pow(10, (double)(int)(rnd() % 60) - 30);
        if (isnan(v)) continue;
        int sig = 1 + (int)(rnd() % 17);
        num_g(a, v, sig);
        snprintf(b, sizeof b, "%.*g", sig, v);
        if (strcmp(a, b) && bad++ < 5) printf("num_g(%.17g, %d) = %s, printf %s\n", v, sig, a, b);
        if (isfinite(v)) {
            double w;
            num_g(a, v, 17);
            if ((num_parse(a, a + strlen(a), &w) || w != v) && bad++ < 5) printf("round trip of %s\n", a);
        }
    }
    check(bad == 0, "num_g / num_parse: %d mismatches with printf/strtod in the C locale", bad);
    check(!strcmp(num_fixed(a, -2.5, 2), "-2.50") && !strcmp(num_fixed(b, 0.004, 2), "0.00") &&
              !strcmp(num_fixed(a, 1234.5678, 1), "1234.6"), "num_fixed");
    /* Sizes in bytes (--budget, KFFT_CACHE_MAX). */
    static const struct { const char *s; double v; } sizes[] = {{"65536", 65536}, {"2G", 2147483648.0}, {"512m", 536870912.0},
                                                                 {"1.5GB", 1610612736.0}, {"4k", 4096}, {"0", 0}, {"1T", 1099511627776.0},
                                                                 {"2.5e3", 2500}, {"7b", 7}};
    static const char *bad_sizes[] = {"", "G", "-1", "2X", "2GG", "1e30", "abc", "2 G", "nan", "0x10"};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        double w = -1;
        check(num_parse_bytes(sizes[i].s, &w) == 0 && w == sizes[i].v, "num_parse_bytes(%s) = %.0f", sizes[i].s, w);
    }
    for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
        double w;
        check(num_parse_bytes(bad_sizes[i], &w) == -1, "num_parse_bytes accepted '%s'", bad_sizes[i]);
    }
    /* The bench's and kfft tune's case syntax: [c2c:|r2c:|c2r:]N[xN[xN]]. */
    static const struct { const char *s; int type, rank; int64_t n0, n2; } cases[] = {
        {"8219", 0, 1, 8219, 0}, {"c2c:5", 0, 1, 5, 0}, {"r2c:3x4", 1, 2, 3, 0}, {"c2r:1048576", 2, 1, 1048576, 0},
        {"r2c:1000x1000x1000", 1, 3, 1000, 1000}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int type = -1, rank = -1;
        int64_t n[3] = {0};
        check(io_parse_case(cases[i].s, &type, &rank, n) == 0 && type == cases[i].type && rank == cases[i].rank && n[0] == cases[i].n0 &&
                  (rank < 3 || n[2] == cases[i].n2),
              "io_parse_case(%s): type %d rank %d n0 %lld", cases[i].s, type, rank, (long long)n[0]);
    }
    static const char *bad_cases[] = {"", "c2r:", "8219x", "x4", "0", "r2c:3x-4", "4x4x4x4", "c3c:8", "12 "};
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        int type, rank;
        int64_t n[3];
        check(io_parse_case(bad_cases[i], &type, &rank, n) == -1, "io_parse_case accepted '%s'", bad_cases[i]);
    }
    if (setlocale(LC_ALL, "de_DE.UTF-8") || setlocale(LC_ALL, "de_DE.utf8")) {
        double w = 0;
        check(!strcmp(num_g(a, 1.5, 6), "1.5") && !strcmp(num_fixed(b, 2.25, 2), "2.25"), "under de_DE: %s %s", a, b);
        check(num_parse("2.75", "2.75" + 4, &w) == 0 && w == 2.75, "parse under de_DE: %g", w);
        setlocale(LC_ALL, "C");
    }
    return 0;
}

/* ---- png ---------------------------------------------------------------------------------- */

static uint32_t be(const unsigned char *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static uint32_t crc_bitwise(const unsigned char *p, size_t n) /* independent of png.c's table */
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return ~c;
}

/* Decodes a PNG of stored deflate blocks back to RGB, checking everything on the way. */
static unsigned char *png_decode(const unsigned char *png, size_t len, int *w, int *h)
{
    check(len > 8 && !memcmp(png, "\x89PNG\r\n\x1a\n", 8), "png signature");
    size_t pos = 8, zlen = 0;
    unsigned char *z = malloc(len);
    int seen_ihdr = 0, seen_iend = 0, idats = 0;
    while (pos + 12 <= len && !seen_iend) {
        uint32_t n = be(png + pos);
        if (pos + 12 + n > len) {
            check(0, "png chunk overruns the file");
            break;
        }
        const unsigned char *type = png + pos + 4, *data = png + pos + 8;
        check(be(data + n) == crc_bitwise(type, n + 4), "CRC of chunk %.4s", (const char *)type);
        if (!memcmp(type, "IHDR", 4)) {
            check(!seen_ihdr && pos == 8 && n == 13, "IHDR first, 13 bytes");
            *w = (int)be(data), *h = (int)be(data + 4);
            check(data[8] == 8 && data[9] == 2 && data[10] == 0 && data[11] == 0 && data[12] == 0, "IHDR: 8-bit RGB");
            seen_ihdr = 1;
        } else if (!memcmp(type, "IDAT", 4)) {
            memcpy(z + zlen, data, n), zlen += n, idats++;
        } else if (!memcmp(type, "IEND", 4)) {
            check(n == 0, "IEND empty");
            seen_iend = 1;
        }
        pos += 12 + n;
    }
    check(seen_ihdr && seen_iend && idats > 0 && pos == len, "chunks: IHDR, IDAT, IEND, nothing after");
    size_t row = 1 + (size_t)*w * 3, raw_len = row * (size_t)*h, got = 0;
    unsigned char *raw = malloc(raw_len + 1);
    check(zlen >= 6 && (z[0] * 256 + z[1]) % 31 == 0 && (z[0] & 15) == 8 && !(z[1] & 0x20), "zlib header");
    size_t q = 2;
    for (int final = 0; !final && q + 5 <= zlen;) {
        final = z[q] & 1;
        check((z[q] >> 1 & 3) == 0, "stored block type");
        unsigned n = z[q + 1] | z[q + 2] << 8, nn = z[q + 3] | z[q + 4] << 8;
        check((n ^ nn) == 0xffff, "LEN/NLEN");
        q += 5;
        if (q + n > zlen || got + n > raw_len) {
            check(0, "stored block overruns");
            break;
        }
        memcpy(raw + got, z + q, n), got += n, q += n;
    }
    check(got == raw_len, "decompressed %zu bytes, expected %zu", got, raw_len);
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < got; i++) a = (a + raw[i]) % 65521, b = (b + a) % 65521;
    check(q + 4 == zlen && be(z + q) == (b << 16 | a), "Adler-32 and end of the zlib stream");
    unsigned char *rgb = malloc((size_t)*w * (size_t)*h * 3);
    for (int y = 0; y < *h && got == raw_len; y++) {
        check(raw[(size_t)y * row] == 0, "filter byte of row %d", y);
        memcpy(rgb + (size_t)y * (size_t)*w * 3, raw + (size_t)y * row + 1, (size_t)*w * 3);
    }
    free(z), free(raw);
    return rgb;
}

static int t_png(void)
{
    const int sizes[][2] = {{1, 1}, {7, 3}, {800, 480}, {700, 600}}; /* the last needs 2 IDATs */
    for (size_t t = 0; t < sizeof sizes / sizeof *sizes; t++) {
        int w = sizes[t][0], h = sizes[t][1];
        scene s;
        scene_init(&s, w, h, 0x102030);
        scene_rect(&s, 0, 0, w / 2.0, h / 2.0, 0xff0000, 0);
        scene_line(&s, 0, h - 0.5, w, 0, 0x00ff00, 2);
        scene_circle(&s, w * 0.75, h * 0.25, 3, 0x0000ff);
        scene_text(&s, 2, h - 2.0, "Hz 0.5", 11, ANCHOR_START, 0, 0xffffff);
        scene_text(&s, w - 2.0, h - 2.0, "dB", 11, ANCHOR_START, 1, 0xffff00);
        unsigned char *rgb, *png;
        size_t len;
        char err[256];
        check(raster_paint(&s, &rgb, err, sizeof err) == 0, "raster %dx%d", w, h);
        check(png_encode(rgb, w, h, &png, &len, err, sizeof err) == 0, "encode %dx%d", w, h);
        int dw = 0, dh = 0;
        unsigned char *back = png_decode(png, len, &dw, &dh);
        check(dw == w && dh == h && !memcmp(back, rgb, (size_t)w * (size_t)h * 3), "%dx%d: decoded pixels differ", w, h);
        if (w == 800) {
            const unsigned char *p = rgb + ((size_t)(h / 4) * (size_t)w + (size_t)(w / 4)) * 3, *bg = rgb + ((size_t)(h - 1) * (size_t)w + (size_t)(w / 2) + 40) * 3;
            check(p[0] == 0xff && p[1] == 0 && p[2] == 0, "filled rect painted");
            check(bg[0] == 0x10 && bg[1] == 0x20 && bg[2] == 0x30, "background kept");
            int text = 0;
            for (int y = h - 12; y < h; y++)
                for (int x = 2; x < 40; x++) text += rgb[((size_t)y * (size_t)w + (size_t)x) * 3] == 0xff && rgb[((size_t)y * (size_t)w + (size_t)x) * 3 + 2] == 0xff;
            check(text > 20, "text painted (%d pixels)", text);
        }
        free(rgb), free(png), free(back);
        scene_free(&s);
    }
    check(png_encode((const unsigned char *)"", 0, 5, &(unsigned char *){0}, &(size_t){0}, (char[64]){0}, 64) == -1,
          "0-width image refused");
    return 0;
}

/* ---- svg ---------------------------------------------------------------------------------- */

/* A small XML well-formedness check: nesting, quoted attributes, entities, one root. */
static int xml_ok(const char *s, char *why, size_t wl)
{
    const char *stack[64];
    size_t lens[64];
    int depth = 0, roots = 0;
    const char *p = s;
    if (!strncmp(p, "<?xml", 5)) {
        p = strstr(p, "?>");
        if (!p) return snprintf(why, wl, "unterminated declaration"), 0;
        p += 2;
    }
    while (*p) {
        if (*p != '<') {
            if (*p == '&') {
                const char *ents[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
                int known = 0;
                for (int i = 0; i < 5; i++) known |= !strncmp(p, ents[i], strlen(ents[i]));
                if (!known) return snprintf(why, wl, "bad entity at %.10s", p), 0;
            }
            if (*p == '>') return snprintf(why, wl, "stray '>'"), 0;
            if (depth == 0 && !strchr(" \t\r\n", *p)) return snprintf(why, wl, "text outside the root"), 0;
            p++;
            continue;
        }
        if (p[1] == '/') {
            const char *n = p + 2;
            size_t l = strcspn(n, "> \t\n");
            if (depth == 0 || l != lens[depth - 1] || strncmp(n, stack[depth - 1], l))
                return snprintf(why, wl, "mismatched close tag %.20s", p), 0;
            depth--;
            p = strchr(p, '>');
            if (!p) return snprintf(why, wl, "unterminated close tag"), 0;
            p++;
            continue;
        }
        const char *n = p + 1;
        size_t l = strcspn(n, " \t\n/>");
        if (l == 0) return snprintf(why, wl, "empty tag name"), 0;
        p = n + l;
        for (;;) { /* attributes */
            while (*p == ' ' || *p == '\n' || *p == '\t') p++;
            if (*p == '/' && p[1] == '>') {
                p += 2;
                if (depth == 0) roots++;
                break;
            }
            if (*p == '>') {
                p++;
                if (depth == 0) roots++;
                if (depth == 64) return snprintf(why, wl, "too deep"), 0;
                stack[depth] = n, lens[depth] = l, depth++;
                break;
            }
            size_t al = strcspn(p, "= \t\n/>");
            if (al == 0 || p[al] != '=' || p[al + 1] != '"') return snprintf(why, wl, "bad attribute at %.20s", p), 0;
            const char *v = p + al + 2, *e = strchr(v, '"');
            if (!e) return snprintf(why, wl, "unterminated attribute"), 0;
            for (const char *c = v; c < e; c++)
                if (*c == '<' || (*c == '&' && strncmp(c, "&amp;", 5))) return snprintf(why, wl, "bad char in attribute"), 0;
            p = e + 1;
        }
    }
    if (depth) return snprintf(why, wl, "%d unclosed elements", depth), 0;
    if (roots != 1) return snprintf(why, wl, "%d root elements", roots), 0;
    return 1;
}

static char *render_svg(const plot_spec *ps)
{
    scene sc;
    char err[256], *svg = NULL;
    size_t len;
    if (plot_build(ps, &sc, err, sizeof err)) {
        check(0, "plot_build: %s", err);
        return NULL;
    }
    check(svg_render(&sc, &svg, &len, err, sizeof err) == 0 && strlen(svg) == len, "svg_render");
    scene_free(&sc);
    return svg;
}

static int t_svg(void)
{
    enum { N = 2049 };
    static double f[N], p0[N], p1[N];
    for (int k = 0; k < N; k++) {
        f[k] = k * 24000.0 / (N - 1);
        p0[k] = 1e-9 * (1 + 0.3 * sin(k)) + 0.5 * exp(-0.5 * pow((f[k] - 1000) / 20, 2)) + 0.01 * exp(-0.5 * pow((f[k] - 2500.5) / 20, 2));
        p1[k] = k == 0 ? 0 : 1e-7 * (1 + 0.3 * cos(k));
    }
    const double *ys[2] = {p0, p1};
    plot_mark m0[2] = {{1000, 0.5}, {2500.5, 0.01}};
    const plot_mark *ms[2] = {m0, NULL};
    int64_t nm[2] = {2, 0};
    const char *names[2] = {"row 0", "row <1> & \"x\""};
    plot_spec ps = {.x = f, .y = ys, .npoints = N, .nseries = 2, .names = names, .marks = ms, .nmarks = nm,
                    .title = "PSD of a<b>&c \xff\xfe bad UTF-8, caf\xc3\xa9", .xlabel = "Frequency (Hz)",
                    .ylabel = "PSD (dB)", .db = 1};
    for (int variant = 0; variant < 4; variant++) {
        ps.logx = variant & 1;
        ps.db = !(variant & 2);
        char *svg = render_svg(&ps), why[128] = "";
        if (!svg) continue;
        check(xml_ok(svg, why, sizeof why), "svg variant %d not well-formed: %s", variant, why);
        check(strstr(svg, ">1000</text>") && strstr(svg, ">2500.5</text>"), "svg variant %d: peak labels", variant);
        check(strstr(svg, "a&lt;b&gt;&amp;c ?? bad UTF-8, caf\xc3\xa9") != NULL, "svg: title escaped, bad bytes as '?'");
        check(strstr(svg, "row &lt;1&gt; &amp; \"x\"") != NULL, "svg: legend escaped");
        check(strstr(svg, "<polyline") && strstr(svg, "<circle"), "svg: trace and peak dots");
        check(strlen(svg) < 200000, "svg variant %d: %zu bytes (decimated trace)", variant, strlen(svg));
        /* The same bytes under a comma-decimal locale. */
        if (setlocale(LC_ALL, "de_DE.UTF-8") || setlocale(LC_ALL, "de_DE.utf8")) {
            char *svg2 = render_svg(&ps);
            check(svg2 && !strcmp(svg, svg2), "svg variant %d differs under de_DE", variant);
            free(svg2);
            setlocale(LC_ALL, "C");
        }
        free(svg);
    }
    /* Nothing finite to draw, and a bad request, are errors; so is an unknown extension. */
    double nanv[3] = {NAN, NAN, NAN}, fx[3] = {0, 1, 2};
    const double *yn[1] = {nanv};
    plot_spec bad = {.x = fx, .y = yn, .npoints = 3, .nseries = 1};
    scene sc;
    char err[256] = "";
    check(plot_build(&bad, &sc, err, sizeof err) == -1 && strstr(err, "nothing to draw"), "all-NaN plot: %s", err);
    check(plot_write("/tmp/x.jpg", &ps, err, sizeof err) == -1 && strstr(err, ".svg or .png"), "jpg refused: %s", err);
    /* A constant spectrum and a single point still get valid axes. */
    double c1[1] = {2}, f1[1] = {5};
    const double *yc[1] = {c1};
    plot_spec one = {.x = f1, .y = yc, .npoints = 1, .nseries = 1, .db = 1};
    char *svg = render_svg(&one), why[128] = "";
    check(svg && xml_ok(svg, why, sizeof why), "one-point plot: %s", why);
    free(svg);
    return 0;
}

/* ---- device ------------------------------------------------------------------------------- */

static int t_device(void)
{
    kfft_context ctx;
    kfft_status st = kfft_context_create(NULL, &ctx);
    if (st) {
        printf("SKIP: no kfft device: %s\n", kfft_error_message());
        return 77;
    }
    printf("device: %s\n", kfft_context_device_name(ctx));
    const int64_t rows = 3, n = 5000;
    double *x = malloc(sizeof(double) * rows * n);
    for (int64_t i = 0; i < rows * n; i++) x[i] = gauss() + 2 * sin(0.3 * (double)i) + 0.5;
    const kfft_psd_desc descs[] = {{.rate = 100, .segment = 512, .overlap = 256},
                                   {.rate = 1, .window = KFFT_WINDOW_BLACKMAN, .segment = 1000, .overlap = 500, .nfft = 1031},
                                   {.rate = 7, .window = KFFT_WINDOW_NONE, .scaling = KFFT_SCALING_SPECTRUM},
                                   {.rate = 48000, .window = KFFT_WINDOW_HAMMING, .segment = 97, .overlap = 13}};
    int skipped = 0;
    for (size_t c = 0; c < sizeof descs / sizeof *descs; c++)
        for (int prec = KFFT_SIGNAL_AUTO; prec <= KFFT_SIGNAL_F64; prec++) {
            kfft_psd_desc d = descs[c];
            d.precision = (kfft_signal_precision)prec;
            int64_t bins;
            kfft_psd_shape(&d, n, &bins, NULL);
            double *p = malloc(sizeof(double) * (size_t)(rows * bins)), *ref = malloc(sizeof(double) * (size_t)(rows * bins));
            double *f = malloc(sizeof(double) * (size_t)bins);
            sig_psd_run(&d, x, rows, n, ref, NULL, host_rfft, NULL, 0);
            st = kfft_psd(ctx, &d, x, rows, n, p, f);
            if (st == KFFT_ERROR_UNSUPPORTED) {
                printf("config %zu %s: unsupported here: %s\n", c, prec == 1 ? "f32" : prec == 2 ? "f64" : "auto",
                       kfft_error_message());
                skipped++;
            } else {
                /* Each |X|^2 carries the FFT's relative error twice; relative to the largest bin. */
                double e = max_rel_diff(p, ref, rows * bins), tol = prec == KFFT_SIGNAL_F32 ? 2e-6 : 1e-12;
                check(st == KFFT_SUCCESS && e < tol, "device config %zu precision %d: status %d (%s), rel diff %.3g > %.1g",
                      c, prec, st, st ? kfft_error_message() : "", e, tol);
                printf("config %zu %-4s: %lld bins, max rel diff vs host %.2e\n", c,
                       prec == 1 ? "f32" : prec == 2 ? "f64" : "auto", (long long)bins, e);
            }
            free(p), free(ref), free(f);
        }
    /* Chunking on the device: more samples than one batch holds (2^24) in several calls. */
    if (!skipped) {
        const int64_t big_rows = 2, big_n = (int64_t)1 << 23;
        double *bx = malloc(sizeof(double) * (size_t)(big_rows * big_n));
        for (int64_t i = 0; i < big_rows * big_n; i++) bx[i] = sin(0.001 * (double)i) + 1e-3 * (double)(i % 17);
        kfft_psd_desc d = {.rate = 1, .segment = 1 << 16, .overlap = 1 << 15, .precision = KFFT_SIGNAL_F32};
        double *p = malloc(sizeof(double) * 2 * 32769), *ref = malloc(sizeof(double) * 2 * 32769);
        st = kfft_psd(ctx, &d, bx, big_rows, big_n, p, NULL);
        sig_psd_run(&d, bx, big_rows, big_n, ref, NULL, host_rfft, NULL, 0);
        double e = max_rel_diff(p, ref, 2 * 32769);
        check(st == KFFT_SUCCESS && e < 1e-5, "device chunked (510 segments of 65536): status %d, rel diff %.3g", st, e);
        free(bx), free(p), free(ref);
    }
    free(x);
    kfft_context_destroy(ctx);
    if (skipped == 12) {
        printf("SKIP: the device cannot do R2C transforms in this build\n");
        return 77;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; int (*run)(void); } tests[] = {
        {"psd", t_psd}, {"peaks", t_peaks}, {"wav", t_wav}, {"csv", t_csv},
        {"png", t_png}, {"svg", t_svg},     {"numfmt", t_numfmt}, {"device", t_device}};
    if (argc != 2) {
        fprintf(stderr, "usage: %s psd|peaks|wav|csv|png|svg|numfmt|device\n", argv[0]);
        return 2;
    }
    for (size_t i = 0; i < sizeof tests / sizeof *tests; i++)
        if (!strcmp(argv[1], tests[i].name)) {
            int rc = tests[i].run();
            if (rc == 77) return 77;
            printf("%s: %d checks, %d failed\n", argv[1], checks, failures);
            return failures || rc ? 1 : 0;
        }
    fprintf(stderr, "unknown test '%s'\n", argv[1]);
    return 2;
}
