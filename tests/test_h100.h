/* The device the CUDA-dialect compile checks plan for: an H100 (sm_90), described without
 * a GPU. Shared by test_nvrtc and test_dense --nvrtc. */
#ifndef KFFT_TEST_H100_H
#define KFFT_TEST_H100_H
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "gen/kspec.h"

static inline kfft_device_info test_h100_info(const char *arch)
{
    kfft_device_info info;
    memset(&info, 0, sizeof info);
    snprintf(info.name, sizeof info.name, "nvrtc-check");
    snprintf(info.arch, sizeof info.arch, "%s", arch);
    info.dialect = KS_DIALECT_CUDA;
    info.smem_per_block = 49152;
    info.smem_optin = 232448; /* H100: 227 KB per block with opt-in */
    info.max_threads = 1024;
    info.cluster_max = 8;
    info.fp64 = 1;
    info.mem_gbs = 3352; /* H100 SXM: 2619 MHz x 5120 bits, double data rate */
    return info;
}

/* An H200: the H100's chip with faster memory, as the CUDA backend reads it (4814 GB/s). */
static inline kfft_device_info test_h200_info(const char *arch)
{
    kfft_device_info info = test_h100_info(arch);
    info.mem_gbs = 4814;
    return info;
}

#endif
