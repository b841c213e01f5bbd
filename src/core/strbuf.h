/* Growable string for kernel source: no fixed-size buffers, so long kernels cannot
 * overflow, and numbers are printed without the C locale's help (see sb_double). */
#ifndef KFFT_STRBUF_H
#define KFFT_STRBUF_H
#include <stddef.h>
#include <stdint.h>
#include "core/error.h"

typedef struct {
    char *s;
    size_t len, cap;
    int oom; /* sticky: set when an append failed; checked once at the end */
} strbuf;

void sb_init(strbuf *b);
void sb_free(strbuf *b);
void sb_puts(strbuf *b, const char *s);
/* printf-style; only integer and string conversions are allowed (locale-independent). */
void sb_printf(strbuf *b, const char *fmt, ...) KFFT_PRINTF(2, 3);
/* Exact C99 hexadecimal floating literal of v, e.g. "0x1.921fb54442d18p+1"; as a float
 * literal (rounded once to float, 'f' suffix) when as_float. Independent of the locale. */
void sb_real(strbuf *b, double v, int as_float);

#endif
