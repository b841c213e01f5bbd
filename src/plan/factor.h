/* Size arithmetic for planning: factorizations, pass splits, Bluestein lengths. */
#ifndef KFFT_FACTOR_H
#define KFFT_FACTOR_H
#include <stdint.h>

/* Largest prime that has a codelet (gen/codelet.c); larger prime factors go to Bluestein. */
#define KFFT_MAX_CODELET_PRIME 31
/* Largest odd composite radix (a product of small primes, one codelet). */
#define KFFT_MAX_ODD_RADIX 27

/* 1 if every prime factor of n is <= KFFT_MAX_CODELET_PRIME. */
int kfft_is_smooth(int64_t n);
/* Codelet radices whose product is R (R smooth), largest first; returns the count or -1. */
int kfft_codelet_radices(int64_t R, int *rad, int max);
/* Splits smooth N into the fewest factors each <= rmax, balanced; returns the count
 * (0 if impossible: a prime factor above rmax). */
int kfft_split_passes(int64_t N, int64_t rmax, int64_t *R, int max);
/* Smallest 7-smooth length >= 2n-1: Bluestein's convolution length for n. */
int64_t kfft_bluestein_length(int64_t n);
/* Smallest primitive root of p if p is an odd prime below 2^31, else 0 (Rader's generator). */
int64_t kfft_primitive_root(int64_t p);
/* Largest prime factor of n (1 for n <= 1). */
int64_t kfft_max_prime_factor(int64_t n);

#endif
