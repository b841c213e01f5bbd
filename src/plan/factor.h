/* Size arithmetic for planning: factorizations, pass splits, Bluestein lengths. */
#ifndef KFFT_FACTOR_H
#define KFFT_FACTOR_H
#include <stdint.h>

/* Largest prime that has a codelet (gen/codelet.c) in fp64; larger prime factors go to Bluestein
 * or Rader. */
#define KFFT_MAX_CODELET_PRIME 31
/* ... and in fp32: the primes 37..61 as radices of their own. A direct prime DFT of p points costs
 * about p FMAs a point, 35 at 37, where Bluestein runs two FFTs of m >= 2n-1 points and Rader's
 * passes a convolution and a second round trip. H200, against main's Bluestein and Rader routes
 * (bench/results/h200-2026-12-01b-calls.txt call 1): 38 of 44 seeded fp32 C2C, R2C, C2R and 2-D
 * cases faster, 3663 = 37x11x9 0.52 -> 1.63 of cuFFT, 2214 0.74 -> 1.46, 17138 1.53 -> 4.50,
 * 3663 x 256 0.56 -> 1.35; the losers set the narrowing in blocks.c (blk_wide_prime_block) and
 * schedule.c (prime_factor_passes). fp64 keeps 31: its 59-point codelet spilled 1.7 KB offline. */
#define KFFT_MAX_CODELET_PRIME_F32 61
/* Largest odd composite radix (a product of small primes, one codelet). */
#define KFFT_MAX_ODD_RADIX 27

/* 1 if every prime factor of n is <= KFFT_MAX_CODELET_PRIME. */
int kfft_is_smooth(int64_t n);
/* 1 if every prime factor of n has a codelet in that precision (fp32: <= KFFT_MAX_CODELET_PRIME_F32,
 * at most one of them past KFFT_MAX_CODELET_PRIME). */
int kfft_is_smooth_prec(int64_t n, int f64);
/* Longest codelet (gen/codelet.c). */
#define KFFT_MAX_CODELET_LEN 32
/* Largest radix of the balanced decomposition: on the H100 radices of 24..32 held more
 * registers than their saved passes paid for (bench/results/h100-2026-11-23c-radix.txt). */
#define KFFT_BALANCED_MAX_RADIX 21
/* How a length R splits into codelet radices (one Stockham pass each, largest first):
 *  NARROW:   powers of two as 16s, odd primes merged up to KFFT_MAX_ODD_RADIX;
 *  BALANCED: the fewest radices up to KFFT_BALANCED_MAX_RADIX, even and odd factors mixed
 *            (6720 = 21*20*16 instead of 16*15*7*4, 1000 = 10*10*10 instead of 25*8*5);
 *  WIDEST:   the fewest up to KFFT_MAX_CODELET_LEN (16384 = 32*32*16): more registers per
 *            thread, fewer passes; the tuner's third choice;
 *  WIDEST_FLAT: WIDEST's count and largest radix, then its smallest as large as they allow
 *            (9000 = 25*20*18, not 25*24*15: fewer threads for the narrowest pass; planner
 *            rules only, blocks.c blk_smooth_widest_two: the tuner does not try it, but
 *            its wisdom records it for the plans that have it). */
enum { KFFT_RADIX_NARROW = 0, KFFT_RADIX_BALANCED = 1, KFFT_RADIX_WIDEST = 2, KFFT_RADIX_WIDEST_FLAT = 3 };
/* Radices whose product is R (R smooth) in the given mode; returns the count or -1. */
int kfft_codelet_radices(int64_t R, int *rad, int max, int mode);
/* n pairwise coprime radices whose product is R (the prime-factor algorithm): R's prime powers,
 * each a codelet (<= KFFT_MAX_CODELET_LEN, or an fp32 prime codelet), grouped into n radices of
 * at most KFFT_MAX_CODELET_LEN (a wide prime alone), the largest as small as can be, then the
 * smallest as large; largest first. Returns n, or -1 where no such grouping exists. */
#define KS_COPRIME_MAX 8
int kfft_coprime_radices(int64_t R, int *rad, int n, int f64);
/* The default mode for length R: BALANCED where it has fewer passes than NARROW, or as many
 * with a smaller largest radix, and keeps the butterflies of its widest pass within 1024
 * threads (16464 = 14*14*14*6 would need 1176) and, in fp64, its radices <= 16 (twice the
 * registers per element); else NARROW. Measured on the H100 against NARROW
 * (bench/results/h100-2026-11-23c-radix.txt): 17496 +42%, 6720 +40%, 17443 +10%, 3345^2
 * +10%, 1000003 +7%; 16464 -25% and fp64 6720 -20% before the thread and fp64 limits. */
int kfft_radix_auto(int64_t R, int f64);
/* Splits smooth N into the fewest factors each <= rmax, balanced; returns the count
 * (0 if impossible: a prime factor above rmax). */
int kfft_split_passes(int64_t N, int64_t rmax, int64_t *R, int max);
/* Smallest 7-smooth length >= 2n-1: Bluestein's convolution length for n by the planner's rule
 * (schedule.c: conv_choice; kfft_tune tries the next ones). */
int64_t kfft_bluestein_length(int64_t n);
/* Smallest 7-smooth length >= m. */
int64_t kfft_bluestein_next(int64_t m);
/* Smallest primitive root of p if p is an odd prime below 2^31, else 0 (Rader's generator). */
int64_t kfft_primitive_root(int64_t p);
/* Largest prime factor of n (1 for n <= 1). */
int64_t kfft_max_prime_factor(int64_t n);

#endif
