/* Twiddle and chirp tables, computed on the host in (long) double from exact integer
 * angle indices and rounded once to the plan's precision.
 *
 * Planning only records what each table is (tab_* return its offset at once); the values
 * are made by tab_compute, or read back from the disk cache under tab_key: planning stays
 * cheap where only sizes are wanted, and a warm plan skips the slow part (a Bluestein
 * spectrum of 2000376 points takes a third of a second). */
#ifndef KFFT_TABLES_H
#define KFFT_TABLES_H
#include <stdint.h>

#include "core/hash.h"

typedef struct {
    int kind;
    int64_t off, count, a, b, c, d;
} kfft_table_op;

typedef struct {
    kfft_table_op *ops;
    int nops, capops;
    int64_t len;  /* complex elements */
    double *v;    /* interleaved re, im; NULL until tab_compute */
    int oom;
} kfft_table;

/* Appends; returns the offset of the first appended element (-1 after an allocation failure). */
/* W_N^(q k) = exp(-2 pi i q k / N) for row0 <= q < row0 + rows, k < cols, at entry
 * (q - row0) * cols + k (threads on neighbouring k read neighbouring entries), or with kmajor
 * at k * rows + q - row0 (one thread's q for its k side by side). */
int64_t tab_twiddles_grid(kfft_table *t, int64_t row0, int64_t rows, int64_t cols, int64_t N, int kmajor);
int64_t tab_twiddles_range(kfft_table *t, int64_t count, int64_t step, int64_t N); /* exp(-2 pi i k step / N), k<count */
/* Split tables: W_N^m = lo[m mod L] * hi[m / L] with L = 2^shift. tab_split_shift gives the
 * smallest shift with L*L >= N (both tables about sqrt(N) entries); tab_split appends lo (L
 * entries), then hi (ceil(N / L)), and returns the offset of lo. */
int tab_split_shift(int64_t N);
int64_t tab_split(kfft_table *t, int64_t N, int shift);
int64_t tab_chirp(kfft_table *t, int64_t n);
int64_t tab_bluestein_spectrum(kfft_table *t, int64_t n, int64_t m, int64_t chirp);
/* Rader for prime n with primitive root g: entry e of the first table holds dlog_g(e) (the q
 * with g^q = e mod n, e >= 1) as an exact integer; the second is the spectrum of
 * b[q] = exp(-2 pi i g^-q / n), q < n-1, divided by n-1. */
int64_t tab_rader_dlog(kfft_table *t, int64_t n, int64_t g);
int64_t tab_rader_spectrum(kfft_table *t, int64_t n, int64_t g);
/* Both of a kernel's Rader tables (at offsets dlog and spectrum) recorded again in the
 * prime-factor layout of the radices rad (kspec.h: pfa): the same sizes, made on the host. */
void tab_rader_layout(kfft_table *t, int64_t dlog, int64_t spectrum, const int *rad, int nrad);
/* The same for a Bluestein convolution (kspec.h: lay): its spectrum at offset spectrum in the
 * CRT's order, and a new table of the layout's positions; returns that table's offset. */
int64_t tab_bluestein_layout(kfft_table *t, int64_t spectrum, const int *rad, int nrad);

/* Fills t->v (len complex doubles, at least one); 0, or -1 when host memory ran out. With
 * host_only, only the tables the device cannot make (tab_device_kind) are filled. */
int tab_compute(kfft_table *t, int host_only);
/* What the values depend on: every recorded table (or, host_only, those the host makes) and
 * how they are computed. */
kfft_hash tab_key(const kfft_table *t, int f64, int host_only);
/* The table kernel's kind for op (gen.h: KT_*) and its launch parameters; 0 where only the
 * host makes it (the Bluestein and Rader spectra, which need an FFT of their own). */
int tab_device_kind(const kfft_table_op *o, int64_t *p1, int64_t *p2, int64_t *N);
int tab_on_device(const kfft_table_op *o); /* tab_device_kind(o) != 0 */
/* A Bluestein spectrum is even (B_k = B_(m-k): its filter b is), so where the device makes
 * the other tables the host sends only its first m - (m-1)/2 entries and the device copies
 * the rest (KT_MIRROR, N = m): a warm plan of 1000003 maps, checks and sends 8 MB, not 16.
 * Returns the entries mirrored (0 for other tables). */
int64_t tab_mirrored(const kfft_table_op *o, int64_t *N);
/* Elements of the tables the device can make. */
int64_t tab_device_elems(const kfft_table *t);
void tab_free(kfft_table *t);

#endif
