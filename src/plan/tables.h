/* Twiddle and chirp tables, computed on the host in (long) double from exact integer
 * angle indices and rounded once to the plan's precision. */
#ifndef KFFT_TABLES_H
#define KFFT_TABLES_H
#include <stdint.h>

typedef struct {
    double *v;  /* interleaved re, im */
    int64_t len, cap; /* complex elements */
    int oom;
} kfft_table;

/* Appends; returns the offset of the first appended element (-1 after an allocation failure). */
int64_t tab_twiddles_local(kfft_table *t, int64_t Ns, int r);
int64_t tab_twiddles_range(kfft_table *t, int64_t count, int64_t step, int64_t N); /* exp(-2 pi i k step / N), k<count */
int64_t tab_chirp(kfft_table *t, int64_t n);
int64_t tab_bluestein_spectrum(kfft_table *t, int64_t n, int64_t m, int64_t chirp);
/* Rader for prime n with primitive root g: entry e of the first table holds dlog_g(e) (the q
 * with g^q = e mod n, e >= 1) as an exact integer; the second is the spectrum of
 * b[q] = exp(-2 pi i g^-q / n), q < n-1, divided by n-1. */
int64_t tab_rader_dlog(kfft_table *t, int64_t n, int64_t g);
int64_t tab_rader_spectrum(kfft_table *t, int64_t n, int64_t g);
void tab_free(kfft_table *t);

#endif
