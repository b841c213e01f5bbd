/* Internals of the signal tools: the PSD engine takes its real FFT as a callback, so the
 * same code runs on a kfft device (kfft_psd) and on a host reference (the tests). */
#ifndef KFFT_SIGNAL_INTERNAL_H
#define KFFT_SIGNAL_INTERNAL_H
#include "kfft_signal.h"

/* Forward real FFT of `batch` rows of n reals (in, row-major) into batch rows of n/2+1
 * interleaved complex doubles (out), unnormalized, exp(-2 pi i jk/n). */
typedef kfft_status (*sig_rfft_fn)(void *user, const double *in, int64_t n, int64_t batch, double *out);

/* Largest number of real samples handed to one rfft call (the batch is chunked to fit). */
#define SIG_CHUNK_SAMPLES ((int64_t)1 << 24)

/* Resolved parameters of a PSD request (zero fields replaced by their defaults). */
typedef struct {
    double rate;
    int64_t segment, overlap, nfft, step, segments, bins;
    kfft_window window;
    kfft_detrend detrend;
    kfft_scaling scaling;
} sig_psd_params;

kfft_status sig_psd_resolve(const kfft_psd_desc *desc, int64_t n, sig_psd_params *p);

/* kfft_psd with the transform supplied by the caller: every call to fn has the same n and
 * batch (the last chunk is padded with zero rows), at most max_samples reals per call
 * (<= 0: SIG_CHUNK_SAMPLES). */
kfft_status sig_psd_run(const kfft_psd_desc *desc, const double *x, int64_t rows, int64_t n, double *psd,
                        double *freq, sig_rfft_fn fn, void *user, int64_t max_samples);

/* The device transform: one R2C plan on ctx, made at the first call and reused. */
typedef struct {
    kfft_context ctx;
    kfft_signal_precision want;
    kfft_precision prec;      /* the precision in use once planned */
    kfft_plan plan;
    int64_t n, batch;         /* the plan's */
    float *stage;             /* f32: converted input and output */
} sig_device_rfft;

kfft_status sig_device_rfft_call(void *user, const double *in, int64_t n, int64_t batch, double *out);
void sig_device_rfft_release(sig_device_rfft *d);

#endif
