/* Periodic (DFT-even) windows as scipy.signal.get_window builds them for spectral analysis:
 * the symmetric window of length M+1 with its last point dropped. */
#include <stddef.h>

#include "core/error.h"
#include "core/trig.h"
#include "signal/signal.h"

const char *kfft_window_name(kfft_window w)
{
    switch (w) {
    case KFFT_WINDOW_HANN: return "hann";
    case KFFT_WINDOW_HAMMING: return "hamming";
    case KFFT_WINDOW_BLACKMAN: return "blackman";
    case KFFT_WINDOW_NONE: return "none";
    }
    return NULL;
}

kfft_status kfft_window_fill(kfft_window w, int64_t n, double *out)
{
    if (!kfft_window_name(w)) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "window: unknown window %d", (int)w);
    if (n < 1) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "window: length must be >= 1 (got %lld)", (long long)n);
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "window: output array is NULL");
    /* scipy's general_cosine: sum_k a_k cos(k (2 pi j/M - pi)) = sum_k (-1)^k a_k cos(2 pi kj/M).
     * cos comes from the exact residue kj mod M (kfft_expi), so w is accurate for any M. */
    static const double coef[3][3] = {{0.5, 0.5, 0}, {0.54, 0.46, 0}, {0.42, 0.5, 0.08}};
    if (w == KFFT_WINDOW_NONE || n == 1) { /* scipy returns ones(1) for any window of length 1 */
        for (int64_t j = 0; j < n; j++) out[j] = 1.0;
        return KFFT_SUCCESS;
    }
    const double *a = coef[w];
    for (int64_t j = 0; j < n; j++) {
        double c1, c2, s;
        kfft_expi(j, n, &c1, &s);
        kfft_expi((2 * j) % n, n, &c2, &s);
        out[j] = a[0] - a[1] * c1 + a[2] * c2;
    }
    return KFFT_SUCCESS;
}
