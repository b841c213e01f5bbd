/* Status + message for the last failure on the calling thread. */
#ifndef KFFT_ERROR_H
#define KFFT_ERROR_H
#include "kfft.h"

#if defined(__GNUC__)
#define KFFT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define KFFT_PRINTF(a, b)
#endif

/* Records the message (printf-style) and returns s, so callers write
 * `return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "n must be >= 1 (got %lld)", n);` */
kfft_status kfft_fail(kfft_status s, const char *fmt, ...) KFFT_PRINTF(2, 3);
void kfft_clear_error(void);

#endif
