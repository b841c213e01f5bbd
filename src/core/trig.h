/* Accurate unit roots: the one place kfft turns an angle index into cos/sin. */
#ifndef KFFT_TRIG_H
#define KFFT_TRIG_H
#include <stdint.h>

/* exp(-2 pi i a / N) from the exact residue a mod N, octant-reduced and evaluated in long
 * double, so the result is correctly rounded to double in practice. */
void kfft_expi(int64_t a, int64_t N, double *re, double *im);

#endif
