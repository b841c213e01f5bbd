/* Decimal numbers in text without the C library's locale: under a locale with a comma
 * decimal separator printf("%g") writes "1,5" and strtod stops at "1.5"; files kfft writes
 * and reads always use '.', whatever setlocale() the host program made. */
#ifndef KFFT_NUMFMT_H
#define KFFT_NUMFMT_H
#include <stddef.h>

/* Largest text num_g / num_fixed write, with the terminating zero. */
#define NUM_BUF 40

/* v as printf's "%.{sig}g" prints it in the C locale (sig 1..17): "0.25", "1e+06",
 * "-3.5e-07", "nan", "inf". Returns buf. */
char *num_g(char *buf, double v, int sig);
/* v rounded to `decimals` (0..6) places, fixed notation, trailing zeros kept ("12.50");
 * values of 1e18/10^decimals and beyond fall back to num_g. Returns buf. */
char *num_fixed(char *buf, double v, int decimals);

/* Parses a decimal number: [+-]digits[.digits][(e|E)[+-]digits], at least one digit
 * before the exponent, then the end of [s, end). 0 with *v set (correctly rounded, as
 * strtod), -1 for bad syntax, -2 for a value beyond the range of double. Does not accept
 * inf, nan or hexadecimal. */
int num_parse(const char *s, const char *end, double *v);

/* A size in bytes: a decimal number (num_parse) and an optional binary suffix K, M, G or T
 * (either case), then an optional B: "2G", "512m", "1.5GB", "65536". 0 with *bytes set
 * (rounded down), -1 for anything else (negative, above 2^60, no digits, trailing text). */
int num_parse_bytes(const char *s, double *bytes);

#endif
