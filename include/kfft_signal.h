/* kfft signal tools: windows, power spectral density (periodogram and Welch) of real
 * signals with the FFTs on a kfft device, and spectral peak finding.
 *
 * Definitions match scipy.signal: windows are the periodic ("sym=False") forms that
 * scipy.signal.get_window returns and welch uses; kfft_psd is scipy.signal.welch (and, with
 * segment = 0 and no overlap, scipy.signal.periodogram) with return_onesided=True and
 * average='mean'. Every call returns a kfft_status and, on failure, sets the calling
 * thread's kfft_error_message(). Nothing prints, nothing aborts. Host arrays are doubles. */
#ifndef KFFT_SIGNAL_H
#define KFFT_SIGNAL_H

#include "kfft.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Periodic windows of length M, w[j] for j = 0..M-1 (scipy names in brackets):
 * HANN     0.5 - 0.5 cos(2 pi j/M)                        ['hann']
 * HAMMING  0.54 - 0.46 cos(2 pi j/M)                      ['hamming']
 * BLACKMAN 0.42 - 0.5 cos(2 pi j/M) + 0.08 cos(4 pi j/M)  ['blackman']
 * NONE     1                                              ['boxcar']
 * HANN is 0, the default of a zeroed kfft_psd_desc, as in scipy.signal.welch. */
typedef enum { KFFT_WINDOW_HANN = 0, KFFT_WINDOW_HAMMING = 1, KFFT_WINDOW_BLACKMAN = 2, KFFT_WINDOW_NONE = 3 } kfft_window;

/* Per-segment detrending before the window: CONSTANT subtracts the segment mean (scipy's
 * default detrend='constant'); NONE leaves it (detrend=False). */
typedef enum { KFFT_DETREND_CONSTANT = 0, KFFT_DETREND_NONE = 1 } kfft_detrend;

/* DENSITY: power spectral density, unit^2/Hz, |X|^2 / (rate * sum(w^2)) ('density').
 * SPECTRUM: power spectrum, unit^2, |X|^2 / sum(w)^2 ('spectrum'); a sine of amplitude A on
 * a bin shows as A^2/2 in that bin (spread over a few bins by the window). */
typedef enum { KFFT_SCALING_DENSITY = 0, KFFT_SCALING_SPECTRUM = 1 } kfft_scaling;

/* Precision of the device FFTs (the accumulation is always double). AUTO: f64 when the
 * device has double precision, else f32. */
typedef enum { KFFT_SIGNAL_AUTO = 0, KFFT_SIGNAL_F32 = 1, KFFT_SIGNAL_F64 = 2 } kfft_signal_precision;

/* Fills out[0..n-1] with window w of length n >= 1. */
KFFT_API kfft_status kfft_window_fill(kfft_window w, int64_t n, double *out);
/* "hann", "hamming", "blackman", "none"; NULL for an unknown value. */
KFFT_API const char *kfft_window_name(kfft_window w);

/* Welch's method, as scipy.signal.welch(x, fs=rate, window, nperseg=segment,
 * noverlap=overlap, nfft, detrend, scaling): each row is cut into segments of `segment`
 * samples starting every segment-overlap samples (a tail shorter than a segment is left out),
 * each segment is detrended, windowed, zero-padded to nfft and transformed; |X|^2 is scaled,
 * averaged (mean) over the segments, and every bin except DC and (nfft even) Nyquist is
 * doubled for the one-sided result. A zeroed desc is a Hann-windowed periodogram of
 * the whole row at rate 1, in unit^2/Hz. */
typedef struct {
    double rate;            /* sampling frequency in Hz (> 0); 0 means 1 */
    kfft_window window;     /* 0: HANN */
    int64_t segment;        /* samples per segment, 1..n; 0: the whole row (a periodogram) */
    int64_t overlap;        /* samples shared by consecutive segments, 0..segment-1
                               (scipy's welch default is segment/2) */
    int64_t nfft;           /* FFT length >= segment (zero padding); 0: segment */
    kfft_detrend detrend;   /* 0: CONSTANT */
    kfft_scaling scaling;   /* 0: DENSITY */
    kfft_signal_precision precision; /* 0: AUTO */
} kfft_psd_desc;

/* Checks desc against rows of n samples and gives the output size: *bins = nfft/2 + 1
 * values per row, from *segments segments per row. Either pointer may be NULL. */
KFFT_API kfft_status kfft_psd_shape(const kfft_psd_desc *desc, int64_t n, int64_t *bins, int64_t *segments);

/* One-sided PSD of rows x n real samples x (row-major). psd receives rows x bins values and
 * freq (may be NULL) the bins frequencies k*rate/nfft. All segments of all rows go through
 * one batched R2C transform on ctx's device (in chunks of at most 2^24 samples). Every
 * sample must be finite. */
KFFT_API kfft_status kfft_psd(kfft_context ctx, const kfft_psd_desc *desc, const double *x, int64_t rows, int64_t n,
                              double *psd, double *freq);

/* A spectral peak: a bin strictly above both neighbours, refined by fitting a parabola
 * through it and its neighbours. */
typedef struct {
    double freq;    /* interpolated frequency (units of the freq array; bins if it is NULL) */
    double power;   /* interpolated height, units of the spectrum */
    int64_t bin;    /* index of the local maximum */
} kfft_peak;

typedef struct {
    /* Keep peaks whose height is at most this many dB below the strongest peak
     * (power >= strongest * 10^(-threshold_db/10)); 0: no relative threshold. */
    double threshold_db;
    /* Keep peaks whose height is at least this, in the spectrum's units; 0: no limit. */
    double min_power;
    /* 0: interpolate on 10 log10(power) (dB), the usual choice for windowed spectra: exact
     * for a Gaussian-shaped peak; for a tone under a Hann window the frequency is within
     * 0.02 bin and the height reads up to 0.33 dB high (tone midway between bins). 1: on the
     * linear power (coarser). A neighbour of zero power falls back to linear. */
    int linear;
} kfft_peaks_desc;

/* Finds the peaks of power[0..bins-1] (a non-negative spectrum such as kfft_psd's output;
 * freq, if not NULL, the uniformly spaced frequency of each bin) and writes the strongest
 * max_peaks of them to peaks, strongest first (ties: lower frequency first); *found is the
 * number written. desc may be NULL (no thresholds, dB interpolation). The first and last bin
 * are peaks when strictly above their one neighbour and are not interpolated: for a one-sided
 * spectrum they are DC and (even nfft) Nyquist, where the spectrum is mirror-symmetric so the
 * parabola's vertex is the bin itself. */
KFFT_API kfft_status kfft_peaks(const double *power, const double *freq, int64_t bins, const kfft_peaks_desc *desc,
                                kfft_peak *peaks, int64_t max_peaks, int64_t *found);

#ifdef __cplusplus
}
#endif
#endif
