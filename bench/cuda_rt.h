/* The CUDA driver calls and cuFFT entry points that kfft_bench and the CLI's dense baseline
 * (kfft spfft --dense-baseline, cli/spfft.c) need, loaded at run time so both build without
 * CUDA and run without cuFFT (then they time kfft alone). One copy, compiled into both. */
#ifndef KFFT_BENCH_CUDA_RT_H
#define KFFT_BENCH_CUDA_RT_H
#include <stddef.h>

typedef int CUresult;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;

typedef struct {
    CUresult (*EventCreate)(CUevent *, unsigned);
    CUresult (*EventDestroy)(CUevent);
    CUresult (*EventRecord)(CUevent, void *);
    CUresult (*EventSynchronize)(CUevent);
    CUresult (*EventElapsedTime)(float *, CUevent, CUevent);
    CUresult (*MemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, void *);
} bench_cu;

typedef struct {
    int ok, version;
    int (*PlanMany)(int *, int, int *, int *, int, int, int *, int, int, int, int);
    int (*ExecC2C)(int, void *, void *, int);
    int (*ExecZ2Z)(int, void *, void *, int);
    int (*ExecR2C)(int, void *, void *);
    int (*ExecD2Z)(int, void *, void *);
    int (*ExecC2R)(int, void *, void *);
    int (*ExecZ2D)(int, void *, void *);
    int (*GetSize)(int, size_t *);
    int (*Destroy)(int);
} bench_cufft;

extern bench_cu cu;
extern bench_cufft cf;

/* Loads libcuda (required: returns 0 without it) and libcufft (optional: cf.ok). */
int bench_load_cuda(void);

#endif
