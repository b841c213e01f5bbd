/* The transform-case syntax of kfft_bench and kfft tune: "[c2c:|r2c:]N[xN[xN]]". */
#ifndef KFFT_CASESPEC_H
#define KFFT_CASESPEC_H
#include <stdint.h>

/* 0 and *real (r2c:), *rank (1..3), n[0..rank-1] (each >= 1) set; -1 on a malformed case. */
int io_parse_case(const char *spec, int *real, int *rank, int64_t n[3]);

#endif
