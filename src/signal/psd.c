/* Welch power spectral density with the FFT as a callback: scipy.signal.welch's definitions
 * (segmenting, detrend, window, scaling, one-sided doubling, mean over segments). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "signal/signal.h"

#define BAD(...) kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, __VA_ARGS__)

kfft_status sig_psd_resolve(const kfft_psd_desc *d, int64_t n, sig_psd_params *p)
{
    if (!d) return BAD("psd: desc is NULL");
    if (n < 1) return BAD("psd: rows must have at least 1 sample (got n=%lld)", (long long)n);
    memset(p, 0, sizeof *p);
    p->rate = d->rate == 0 ? 1.0 : d->rate;
    if (!(p->rate > 0) || !isfinite(p->rate)) return BAD("psd: rate must be a positive number of Hz (got %g)", d->rate);
    if (!kfft_window_name(d->window)) return BAD("psd: unknown window %d", (int)d->window);
    if (d->detrend != KFFT_DETREND_CONSTANT && d->detrend != KFFT_DETREND_NONE)
        return BAD("psd: unknown detrend %d", (int)d->detrend);
    if (d->scaling != KFFT_SCALING_DENSITY && d->scaling != KFFT_SCALING_SPECTRUM)
        return BAD("psd: unknown scaling %d", (int)d->scaling);
    if (d->precision != KFFT_SIGNAL_AUTO && d->precision != KFFT_SIGNAL_F32 && d->precision != KFFT_SIGNAL_F64)
        return BAD("psd: unknown precision %d", (int)d->precision);
    p->window = d->window;
    p->detrend = d->detrend;
    p->scaling = d->scaling;
    p->segment = d->segment == 0 ? n : d->segment;
    if (p->segment < 0) return BAD("psd: segment must be >= 1 (got %lld)", (long long)d->segment);
    if (p->segment > n)
        return BAD("psd: segment of %lld samples is longer than the rows (%lld samples)", (long long)p->segment,
                   (long long)n);
    p->overlap = d->overlap;
    if (p->overlap < 0 || p->overlap >= p->segment)
        return BAD("psd: overlap must be 0..segment-1 = 0..%lld samples (got %lld)", (long long)(p->segment - 1),
                   (long long)d->overlap);
    p->nfft = d->nfft == 0 ? p->segment : d->nfft;
    if (p->nfft < p->segment)
        return BAD("psd: nfft (%lld) must be >= the segment length (%lld)", (long long)p->nfft,
                   (long long)p->segment);
    if (p->nfft > ((int64_t)1 << 40)) return BAD("psd: nfft %lld is too large", (long long)p->nfft);
    p->step = p->segment - p->overlap;
    p->segments = (n - p->segment) / p->step + 1;
    p->bins = p->nfft / 2 + 1;
    return KFFT_SUCCESS;
}

kfft_status kfft_psd_shape(const kfft_psd_desc *desc, int64_t n, int64_t *bins, int64_t *segments)
{
    sig_psd_params p;
    kfft_status st = sig_psd_resolve(desc, n, &p);
    if (st) return st;
    if (bins) *bins = p.bins;
    if (segments) *segments = p.segments;
    return KFFT_SUCCESS;
}

/* Copies segment s of row r into dst (nfft values): detrended, windowed, zero-padded. */
static void load_segment(const sig_psd_params *p, const double *row, int64_t s, const double *win, double *dst)
{
    const double *src = row + s * p->step;
    double mean = 0;
    if (p->detrend == KFFT_DETREND_CONSTANT) {
        for (int64_t j = 0; j < p->segment; j++) mean += src[j];
        mean /= (double)p->segment;
    }
    for (int64_t j = 0; j < p->segment; j++) dst[j] = (src[j] - mean) * win[j];
    memset(dst + p->segment, 0, (size_t)(p->nfft - p->segment) * sizeof *dst);
}

kfft_status sig_psd_run(const kfft_psd_desc *desc, const double *x, int64_t rows, int64_t n, double *psd,
                        double *freq, sig_rfft_fn fn, void *user, int64_t max_samples)
{
    sig_psd_params p;
    kfft_status st = sig_psd_resolve(desc, n, &p);
    if (st) return st;
    if (rows < 1) return BAD("psd: rows must be >= 1 (got %lld)", (long long)rows);
    if (!x || !psd) return BAD("psd: %s is NULL", !x ? "input x" : "output psd");
    if (rows > INT64_MAX / n || (uint64_t)(rows * n) > SIZE_MAX / sizeof(double) || rows > INT64_MAX / p.bins ||
        (uint64_t)(rows * p.bins) > SIZE_MAX / sizeof(double) || rows > INT64_MAX / p.segments)
        return BAD("psd: %lld rows of %lld samples is too large", (long long)rows, (long long)n);
    /* A NaN or Inf would silently poison every bin of its row: name it instead. */
    for (int64_t i = 0; i < rows * n; i++)
        if (!isfinite(x[i]))
            return BAD("psd: sample %lld of row %lld is not finite (%g)", (long long)(i % n), (long long)(i / n), x[i]);

    if (max_samples <= 0) max_samples = SIG_CHUNK_SAMPLES;
    int64_t total = rows * p.segments, chunk = max_samples / p.nfft;
    if (chunk < 1) chunk = 1;
    if (chunk > total) chunk = total;
    size_t nin = (size_t)(chunk * p.nfft), nout = (size_t)(chunk * p.bins) * 2;
    double *win = malloc((size_t)p.segment * sizeof *win);
    double *in = malloc(nin * sizeof *in), *out = malloc(nout * sizeof *out);
    if (!win || !in || !out) {
        st = kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "psd: out of host memory for %zu + %zu doubles of segments", nin, nout);
        goto done;
    }
    if ((st = kfft_window_fill(p.window, p.segment, win))) goto done;
    double s1 = 0, s2 = 0;
    for (int64_t j = 0; j < p.segment; j++) {
        s1 += win[j];
        s2 += win[j] * win[j];
    }
    if (!(s1 > 0) || !(s2 > 0)) {
        st = BAD("psd: the %s window of %lld samples is all zeros (use a longer segment or window none)",
                 kfft_window_name(p.window), (long long)p.segment);
        goto done;
    }
    double scale = p.scaling == KFFT_SCALING_DENSITY ? 1.0 / (p.rate * s2) : 1.0 / (s1 * s1);
    memset(psd, 0, (size_t)(rows * p.bins) * sizeof *psd);

    /* Segment g of the flattened batch is segment g % segments of row g / segments. */
    for (int64_t g0 = 0; g0 < total; g0 += chunk) {
        int64_t cnt = total - g0 < chunk ? total - g0 : chunk;
        for (int64_t i = 0; i < cnt; i++) {
            int64_t g = g0 + i;
            load_segment(&p, x + (g / p.segments) * n, g % p.segments, win, in + i * p.nfft);
        }
        if (cnt < chunk) memset(in + cnt * p.nfft, 0, (size_t)((chunk - cnt) * p.nfft) * sizeof *in);
        if ((st = fn(user, in, p.nfft, chunk, out))) goto done;
        for (int64_t i = 0; i < cnt; i++) {
            double *acc = psd + ((g0 + i) / p.segments) * p.bins;
            const double *X = out + 2 * i * p.bins;
            for (int64_t k = 0; k < p.bins; k++) acc[k] += X[2 * k] * X[2 * k] + X[2 * k + 1] * X[2 * k + 1];
        }
    }
    /* Mean over segments, scaling, then one-sided: double all but DC and (even nfft) Nyquist. */
    int64_t last = p.nfft % 2 == 0 ? p.bins - 1 : p.bins;
    for (int64_t r = 0; r < rows; r++)
        for (int64_t k = 0; k < p.bins; k++)
            psd[r * p.bins + k] *= scale / (double)p.segments * (k > 0 && k < last ? 2.0 : 1.0);
    if (freq)
        for (int64_t k = 0; k < p.bins; k++) freq[k] = (double)k * p.rate / (double)p.nfft;
done:
    free(win);
    free(in);
    free(out);
    return st;
}
