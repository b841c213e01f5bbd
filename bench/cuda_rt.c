/* Run-time loading of libcuda and libcufft for the benchmark and the CLI (see cuda_rt.h). */
#include <dlfcn.h>

#include "cuda_rt.h"

bench_cu cu;
bench_cufft cf;

static void *sym(void *h, const char *a, const char *b)
{
    void *p = dlsym(h, a);
    return p || !b ? p : dlsym(h, b);
}

int bench_load_cuda(void)
{
    void *h = dlopen("libcuda.so.1", RTLD_NOW);
    if (!h) return 0;
    *(void **)&cu.EventCreate = sym(h, "cuEventCreate", NULL);
    *(void **)&cu.EventDestroy = sym(h, "cuEventDestroy_v2", "cuEventDestroy");
    *(void **)&cu.EventRecord = sym(h, "cuEventRecord", NULL);
    *(void **)&cu.EventSynchronize = sym(h, "cuEventSynchronize", NULL);
    *(void **)&cu.EventElapsedTime = sym(h, "cuEventElapsedTime_v2", "cuEventElapsedTime");
    *(void **)&cu.MemcpyDtoDAsync = sym(h, "cuMemcpyDtoDAsync_v2", NULL);
    const char *libs[] = {"libcufft.so.12", "libcufft.so.11", "libcufft.so", "/usr/local/cuda/lib64/libcufft.so", NULL};
    void *f = NULL;
    for (int i = 0; libs[i] && !f; i++) f = dlopen(libs[i], RTLD_NOW);
    if (f) {
        int (*GetVersion)(int *);
        *(void **)&cf.PlanMany = sym(f, "cufftPlanMany", NULL);
        *(void **)&cf.ExecC2C = sym(f, "cufftExecC2C", NULL);
        *(void **)&cf.ExecZ2Z = sym(f, "cufftExecZ2Z", NULL);
        *(void **)&cf.ExecR2C = sym(f, "cufftExecR2C", NULL);
        *(void **)&cf.ExecD2Z = sym(f, "cufftExecD2Z", NULL);
        *(void **)&cf.ExecC2R = sym(f, "cufftExecC2R", NULL);
        *(void **)&cf.ExecZ2D = sym(f, "cufftExecZ2D", NULL);
        *(void **)&cf.GetSize = sym(f, "cufftGetSize", NULL);
        *(void **)&cf.Destroy = sym(f, "cufftDestroy", NULL);
        *(void **)&GetVersion = sym(f, "cufftGetVersion", NULL);
        cf.ok = cf.PlanMany && cf.ExecC2C && cf.ExecZ2Z && cf.ExecR2C && cf.ExecD2Z && cf.ExecC2R && cf.ExecZ2D && cf.GetSize && cf.Destroy;
        if (GetVersion) GetVersion(&cf.version);
    }
    return cu.EventCreate && cu.EventDestroy && cu.EventRecord && cu.EventSynchronize && cu.EventElapsedTime && cu.MemcpyDtoDAsync;
}
