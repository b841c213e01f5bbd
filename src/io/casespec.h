/* The transform-case syntax of kfft_bench and kfft tune: "[c2c:|r2c:|c2r:]N[xN[xN]]". */
#ifndef KFFT_CASESPEC_H
#define KFFT_CASESPEC_H
#include <stdint.h>

/* 0 and *type (kfft_type: 0 c2c, 1 r2c, 2 c2r), *rank (1..3), n[0..rank-1] (each >= 1) set;
 * -1 on a malformed case. */
int io_parse_case(const char *spec, int *type, int *rank, int64_t n[3]);

#endif
