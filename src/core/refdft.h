/* Host double-precision DFT of any length: kfft's built-in reference (selftest) and the
 * source of Bluestein's convolution kernel spectrum. Independent of the GPU code path. */
#ifndef KFFT_REFDFT_H
#define KFFT_REFDFT_H
#include <stdint.h>

/* In-place transform of n complex doubles (interleaved re,im), sign -1 forward, +1 inverse,
 * unnormalized. Returns 0, or -1 when memory runs out. O(n log n) for every n. */
int kfft_refdft(double *data, int64_t n, int sign);

#endif
