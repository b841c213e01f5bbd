/* Which passes run as one launch across thread-block clusters (kspec.h: clu; CUDA, compute
 * capability 9.0 and later: kfft_device_info.cluster_max): the first of two passes holds one
 * column per block and the second, of one radix P, runs across clusters of P such blocks
 * through their shared memory, so the transform never crosses global memory in between.
 * schedule.c (gpasses) asks these rules; each rule's measurements are beside it in clusters.c. */
#ifndef KFFT_PLAN_CLUSTERS_H
#define KFFT_PLAN_CLUSTERS_H
#include <stdint.h>

#include "backend/backend.h"
#include "gen/kspec.h"

/* After a Rader pass k0 of one column per block (rp, the prime; R, the np pass radices), is the
 * second pass (radix R[1]) to run across clusters of R[1] blocks? */
int clu_rader_pass(const kspec *k0, const kspec *base, const int64_t *R, int np, int64_t rp, const kfft_device_info *info);
/* A transform of length N (no Rader pass: rp = 0) as one launch: the first pass's column
 * length M (one column per block, N/M blocks per cluster), or 0 for the passes. */
int64_t clu_columns(const kspec *base, int64_t N, int64_t rp, const kfft_device_info *info);
/* The register bound of such a shaped column kernel k where the rule asks one (0: none). */
int clu_column_regs(const kspec *k);

#endif
