/* Two axes of a multi-dimensional transform in one kernel (kspec.h: plane): a block holds a
 * whole plane of the two last axes (a real transform's: its rows packed as complex columns), so
 * the transform makes one round trip through global memory fewer. schedule.c asks plane_blocks
 * and has plane_shape fill the kernel. */
#ifndef KFFT_PLAN_PLANES_H
#define KFFT_PLAN_PLANES_H
#include <stdint.h>

#include "backend/backend.h"
#include "gen/kspec.h"
#include "plan/tables.h"

/* Blocks per plane where `planes` n1 x n2 planes (n2: the rows' length; for a real transform,
 * type R2C or C2R, the packed columns M) run as plane kernels on this device: 1, or P > 1 for a
 * cluster of P blocks each holding n1/P rows; 0: not at all. */
int plane_blocks(int f64, int64_t n1, int64_t n2, int64_t planes, kfft_type type, const kfft_device_info *info);
/* Can P blocks (1, or a cluster of P) hold such a plane's kernel, whatever the rule above says?
 * (The measuring planner's candidates and wisdom: kfft_problem.plane_clu, wisdom C=.) */
int plane_blocks_fit(int f64, int64_t n1, int64_t n2, int P, kfft_type type, const kfft_device_info *info);
/* Fills k (its sides set: a one-kernel spec along the n1 axis, outer[0] the n2 axis) as a
 * plane kernel of P blocks a plane: both FFTs' radices and tables, threads, padding. */
kfft_status plane_shape(kspec *k, int64_t n1, int64_t n2, int P, const kfft_device_info *info, kfft_table *t);

#endif
