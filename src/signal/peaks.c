/* Spectral peaks: strict local maxima, parabolic refinement of frequency and height,
 * thresholds, strongest first. */
#include <math.h>
#include <stdlib.h>

#include "core/error.h"
#include "signal/signal.h"

#define BAD(...) kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, __VA_ARGS__)

/* Vertex of the parabola through (-1, a), (0, b), (1, c) with b > a, b > c: offset in
 * (-1/2, 1/2) and height. */
static void vertex(double a, double b, double c, double *off, double *top)
{
    double den = a - 2 * b + c; /* < 0 for a strict maximum */
    *off = den < 0 ? 0.5 * (a - c) / den : 0;
    *top = b - 0.25 * (a - c) * *off;
}

static int cmp_peak(const void *pa, const void *pb)
{
    const kfft_peak *a = pa, *b = pb;
    if (a->power != b->power) return a->power < b->power ? 1 : -1;
    return (a->freq > b->freq) - (a->freq < b->freq);
}

kfft_status kfft_peaks(const double *power, const double *freq, int64_t bins, const kfft_peaks_desc *desc,
                       kfft_peak *peaks, int64_t max_peaks, int64_t *found)
{
    static const kfft_peaks_desc defaults = {0};
    const kfft_peaks_desc *d = desc ? desc : &defaults;
    if (!found) return BAD("peaks: found is NULL");
    *found = 0;
    if (!power) return BAD("peaks: power is NULL");
    if (bins < 1) return BAD("peaks: bins must be >= 1 (got %lld)", (long long)bins);
    if (max_peaks < 0 || (max_peaks > 0 && !peaks))
        return BAD("peaks: need an array for max_peaks = %lld peaks", (long long)max_peaks);
    if (!(d->threshold_db >= 0) || !(d->min_power >= 0) || isinf(d->min_power))
        return BAD("peaks: threshold_db and min_power must be finite and >= 0 (got %g, %g)", d->threshold_db,
                   d->min_power);
    for (int64_t k = 0; k < bins; k++)
        if (!(power[k] >= 0) || isinf(power[k]))
            return BAD("peaks: power[%lld] = %g is not a finite non-negative value", (long long)k, power[k]);
    if (freq)
        for (int64_t k = 1; k < bins; k++)
            if (!(freq[k] > freq[k - 1]) || isinf(freq[k]))
                return BAD("peaks: freq must be finite and increasing (freq[%lld] = %g after %g)", (long long)k,
                           freq[k], freq[k - 1]);

    /* All strict local maxima, refined; collected first so the relative threshold can use
     * the strongest. At most (bins + 1) / 2 of them. */
    int64_t cap = (bins + 1) / 2, count = 0;
    kfft_peak *all = malloc((size_t)cap * sizeof *all);
    if (!all) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "peaks: out of host memory for %lld peaks", (long long)cap);
    double strongest = 0;
    for (int64_t k = 0; k < bins; k++) {
        double b = power[k];
        int left = k > 0, right = k + 1 < bins;
        if ((left && !(b > power[k - 1])) || (right && !(b > power[k + 1])) || (!left && !right) || b <= 0) continue;
        kfft_peak pk = {.freq = (double)k, .power = b, .bin = k};
        double off = 0;
        if (left && right) {
            double a = power[k - 1], c = power[k + 1], top;
            if (!d->linear && a > 0 && c > 0) {
                vertex(10 * log10(a), 10 * log10(b), 10 * log10(c), &off, &top);
                pk.power = pow(10, top / 10);
            } else {
                vertex(a, b, c, &off, &pk.power);
            }
        }
        /* The offset in bins maps through the width of the bin on its side (uniform for
         * kfft_psd, and this stays sensible for a slightly non-uniform axis). */
        if (!freq) pk.freq = (double)k + off;
        else if (off == 0) pk.freq = freq[k];
        else pk.freq = freq[k] + off * (off > 0 ? freq[k + 1] - freq[k] : freq[k] - freq[k - 1]);
        if (pk.power > strongest) strongest = pk.power;
        all[count++] = pk;
    }
    double floor = d->threshold_db > 0 ? strongest * pow(10, -d->threshold_db / 10) : 0;
    if (d->min_power > floor) floor = d->min_power;
    int64_t kept = 0;
    for (int64_t i = 0; i < count; i++)
        if (all[i].power >= floor) all[kept++] = all[i];
    qsort(all, (size_t)kept, sizeof *all, cmp_peak);
    if (kept > max_peaks) kept = max_peaks;
    for (int64_t i = 0; i < kept; i++) peaks[i] = all[i];
    *found = kept;
    free(all);
    return KFFT_SUCCESS;
}
