/* CUDA backend: kernels compiled with NVRTC to cubin, loaded and launched with the driver
 * API. libcuda and libnvrtc are loaded at run time; the few declarations needed are below
 * so the build needs no CUDA headers. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "core/error.h"
#include "gen/kspec.h"

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
typedef int nvrtcResult;
typedef struct _nvrtcProgram *nvrtcProgram;

enum {
    CU_ATTR_MAX_THREADS = 1, CU_ATTR_SMEM = 8, CU_ATTR_MEM_CLOCK = 36, CU_ATTR_BUS_WIDTH = 37, CU_ATTR_CC_MAJOR = 75, CU_ATTR_CC_MINOR = 76,
    CU_ATTR_SMEM_OPTIN = 97
};
enum { CU_FUNC_ATTR_LOCAL_BYTES = 3, CU_FUNC_ATTR_NUM_REGS = 4, CU_FUNC_ATTR_MAX_DYNAMIC_SMEM = 8 };
enum { CUDA_ERROR_OUT_OF_MEMORY = 2 };

/* CUlaunchConfig: what cuOccupancyMaxActiveClusters asks about (no attributes: kfft's cluster
 * kernels declare their cluster size in their source). */
struct cu_launch_config {
    unsigned grid[3], block[3], smem;
    CUstream stream;
    void *attrs;
    unsigned nattrs;
};

static struct {
    pthread_once_t once;
    int ok, nvrtc_ok;
    char why[256], nvrtc_why[256];
    CUresult (*cuInit)(unsigned);
    CUresult (*cuDriverGetVersion)(int *);
    CUresult (*cuDeviceGetCount)(int *);
    CUresult (*cuDeviceGet)(CUdevice *, int);
    CUresult (*cuDeviceGetName)(char *, int, CUdevice);
    CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
    CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
    CUresult (*cuCtxSetCurrent)(CUcontext);
    CUresult (*cuStreamSynchronize)(CUstream);
    CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
    CUresult (*cuMemFree)(CUdeviceptr);
    CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
    CUresult (*cuMemcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
    CUresult (*cuModuleLoadData)(CUmodule *, const void *);
    CUresult (*cuModuleUnload)(CUmodule);
    CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
    CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                               void **, void **);
    CUresult (*cuGetErrorName)(CUresult, const char **);
    CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
    CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
    CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction, int, size_t);
    CUresult (*cuOccupancyMaxActiveClusters)(int *, CUfunction, const struct cu_launch_config *); /* CUDA 11.8+; may be NULL */
    CUresult (*cuStreamCreate)(CUstream *, unsigned);
    CUresult (*cuStreamDestroy)(CUstream);
    CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
    CUresult (*cuEventCreate)(CUevent *, unsigned);
    CUresult (*cuEventDestroy)(CUevent);
    CUresult (*cuEventRecord)(CUevent, CUstream);
    CUresult (*cuEventSynchronize)(CUevent);
    CUresult (*cuMemAllocHost)(void **, size_t);
    CUresult (*cuMemFreeHost)(void *);
    CUresult (*cuMemHostGetFlags)(unsigned *, void *);
    nvrtcResult (*nvrtcVersion)(int *, int *);
    nvrtcResult (*nvrtcCreateProgram)(nvrtcProgram *, const char *, const char *, int, const char *const *,
                                      const char *const *);
    nvrtcResult (*nvrtcCompileProgram)(nvrtcProgram, int, const char *const *);
    nvrtcResult (*nvrtcGetProgramLogSize)(nvrtcProgram, size_t *);
    nvrtcResult (*nvrtcGetProgramLog)(nvrtcProgram, char *);
    nvrtcResult (*nvrtcGetCUBINSize)(nvrtcProgram, size_t *);
    nvrtcResult (*nvrtcGetCUBIN)(nvrtcProgram, char *);
    nvrtcResult (*nvrtcDestroyProgram)(nvrtcProgram *);
} cu = {.once = PTHREAD_ONCE_INIT};

static const char *const CUDA_LIBS[] = {"libcuda.so.1", "libcuda.so", NULL};
static const char *const NVRTC_LIBS[] = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so", "/usr/local/cuda/lib64/libnvrtc.so",
                                         NULL};

#include <dlfcn.h>
#define SYM(lib, field, name)                                                                                    \
    do {                                                                                                         \
        *(void **)&cu.field = dlsym(lib, name);                                                                  \
        if (!cu.field) {                                                                                         \
            snprintf(why, sizeof cu.why, "symbol %s missing", name);                                              \
            return 0;                                                                                            \
        }                                                                                                        \
    } while (0)

static int load_nvrtc(void)
{
    char *why = cu.nvrtc_why;
    void *h = kfft_dlopen_first(NVRTC_LIBS, why, sizeof cu.nvrtc_why);
    if (!h) return 0;
    SYM(h, nvrtcVersion, "nvrtcVersion");
    SYM(h, nvrtcCreateProgram, "nvrtcCreateProgram");
    SYM(h, nvrtcCompileProgram, "nvrtcCompileProgram");
    SYM(h, nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize");
    SYM(h, nvrtcGetProgramLog, "nvrtcGetProgramLog");
    SYM(h, nvrtcGetCUBINSize, "nvrtcGetCUBINSize");
    SYM(h, nvrtcGetCUBIN, "nvrtcGetCUBIN");
    SYM(h, nvrtcDestroyProgram, "nvrtcDestroyProgram");
    return 1;
}

static int load_cuda(void)
{
    char *why = cu.why;
    void *h = kfft_dlopen_first(CUDA_LIBS, why, sizeof cu.why);
    if (!h) return 0;
    SYM(h, cuInit, "cuInit");
    SYM(h, cuDriverGetVersion, "cuDriverGetVersion");
    SYM(h, cuDeviceGetCount, "cuDeviceGetCount");
    SYM(h, cuDeviceGet, "cuDeviceGet");
    SYM(h, cuDeviceGetName, "cuDeviceGetName");
    SYM(h, cuDeviceGetAttribute, "cuDeviceGetAttribute");
    SYM(h, cuDeviceTotalMem, "cuDeviceTotalMem_v2");
    SYM(h, cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    SYM(h, cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
    SYM(h, cuCtxSetCurrent, "cuCtxSetCurrent");
    SYM(h, cuStreamSynchronize, "cuStreamSynchronize");
    SYM(h, cuMemAlloc, "cuMemAlloc_v2");
    SYM(h, cuMemFree, "cuMemFree_v2");
    SYM(h, cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
    SYM(h, cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
    SYM(h, cuModuleLoadData, "cuModuleLoadData");
    SYM(h, cuModuleUnload, "cuModuleUnload");
    SYM(h, cuModuleGetFunction, "cuModuleGetFunction");
    SYM(h, cuLaunchKernel, "cuLaunchKernel");
    SYM(h, cuGetErrorName, "cuGetErrorName");
    SYM(h, cuFuncSetAttribute, "cuFuncSetAttribute");
    SYM(h, cuFuncGetAttribute, "cuFuncGetAttribute");
    SYM(h, cuOccupancyMaxActiveBlocksPerMultiprocessor, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
    *(void **)&cu.cuOccupancyMaxActiveClusters = dlsym(h, "cuOccupancyMaxActiveClusters");
    SYM(h, cuStreamCreate, "cuStreamCreate");
    SYM(h, cuStreamDestroy, "cuStreamDestroy_v2");
    SYM(h, cuStreamWaitEvent, "cuStreamWaitEvent");
    SYM(h, cuEventCreate, "cuEventCreate");
    SYM(h, cuEventDestroy, "cuEventDestroy_v2");
    SYM(h, cuEventRecord, "cuEventRecord");
    SYM(h, cuEventSynchronize, "cuEventSynchronize");
    SYM(h, cuMemAllocHost, "cuMemAllocHost_v2");
    SYM(h, cuMemFreeHost, "cuMemFreeHost");
    SYM(h, cuMemHostGetFlags, "cuMemHostGetFlags");
    CUresult r = cu.cuInit(0);
    if (r) {
        snprintf(why, sizeof cu.why, "cuInit failed (error %d: no usable driver or GPU)", r);
        return 0;
    }
    if (!cu.nvrtc_ok) {
        snprintf(why, sizeof cu.why, "driver found but NVRTC is missing: %.200s", cu.nvrtc_why);
        return 0;
    }
    return 1;
}

static void load_all(void)
{
    cu.nvrtc_ok = load_nvrtc();
    cu.ok = load_cuda();
}

static kfft_status cufail(CUresult r, const char *what)
{
    const char *name = "?";
    if (cu.cuGetErrorName) cu.cuGetErrorName(r, &name);
    return kfft_fail(r == CUDA_ERROR_OUT_OF_MEMORY ? KFFT_ERROR_OUT_OF_MEMORY : KFFT_ERROR_BACKEND, "CUDA: %s failed: %s (%d)",
                     what, name, r);
}

typedef struct {
    CUdevice dev;
    CUcontext ctx;
    CUstream stream;
    char arch[32];
} cuda_state;

static int cuda_probe(char *why, size_t len)
{
    pthread_once(&cu.once, load_all);
    if (!cu.ok && why && len) snprintf(why, len, "%s", cu.why);
    return cu.ok;
}

static int cuda_device_count(void)
{
    int n = 0;
    if (!cuda_probe(NULL, 0) || cu.cuDeviceGetCount(&n)) return 0;
    return n;
}

static kfft_status cuda_device_name(int device, char *name, size_t len)
{
    CUdevice d;
    CUresult r;
    if (device < 0 || device >= cuda_device_count())
        return kfft_fail(KFFT_ERROR_NO_DEVICE, "CUDA: no device %d (%d found)", device, cuda_device_count());
    if ((r = cu.cuDeviceGet(&d, device)) || (r = cu.cuDeviceGetName(name, (int)len, d))) return cufail(r, "cuDeviceGetName");
    return KFFT_SUCCESS;
}

static kfft_status cuda_open(const kfft_context_desc *desc, void **state, kfft_device_info *info)
{
    kfft_status st = cuda_device_name(desc->device, info->name, sizeof info->name);
    if (st) return st;
    cuda_state *s = calloc(1, sizeof *s);
    if (!s) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory");
    CUresult r;
    int drv = 0, nv_major = 0, nv_minor = 0, major = 0, minor = 0, smem = 0, optin = 0, thr = 0, mclk = 0, bus = 0;
    if ((r = cu.cuDeviceGet(&s->dev, desc->device)) || (r = cu.cuDevicePrimaryCtxRetain(&s->ctx, s->dev))) {
        free(s);
        return cufail(r, "cuDevicePrimaryCtxRetain");
    }
    s->stream = (CUstream)desc->stream;
    cu.cuDriverGetVersion(&drv);
    cu.nvrtcVersion(&nv_major, &nv_minor);
    cu.cuDeviceGetAttribute(&major, CU_ATTR_CC_MAJOR, s->dev);
    cu.cuDeviceGetAttribute(&minor, CU_ATTR_CC_MINOR, s->dev);
    cu.cuDeviceGetAttribute(&smem, CU_ATTR_SMEM, s->dev);
    cu.cuDeviceGetAttribute(&optin, CU_ATTR_SMEM_OPTIN, s->dev);
    cu.cuDeviceGetAttribute(&thr, CU_ATTR_MAX_THREADS, s->dev);
    cu.cuDeviceGetAttribute(&mclk, CU_ATTR_MEM_CLOCK, s->dev); /* kHz */
    cu.cuDeviceGetAttribute(&bus, CU_ATTR_BUS_WIDTH, s->dev);  /* bits */
    cu.cuDeviceTotalMem(&info->global_mem, s->dev);
    snprintf(info->version, sizeof info->version, "driver %d, nvrtc %d.%d, cc %d.%d", drv, nv_major, nv_minor, major, minor);
    snprintf(info->arch, sizeof info->arch, "sm_%d%d", major, minor);
    snprintf(s->arch, sizeof s->arch, "%s", info->arch);
    info->dialect = KS_DIALECT_CUDA;
    info->smem_per_block = (size_t)smem;
    info->smem_optin = (size_t)(optin > smem ? optin : smem);
    info->max_threads = thr;
    info->cluster_max = major >= 9 ? 8 : 0;
    info->fp64 = 1;
    info->mem_gbs = (int)(2.0 * mclk * 1e3 * bus / 8 / 1e9); /* double data rate: H200 4814, H100 SXM 3352 */
    *state = s;
    return KFFT_SUCCESS;
}

static void cuda_close(void *st)
{
    cuda_state *s = st;
    cu.cuDevicePrimaryCtxRelease(s->dev);
    free(s);
}

/* Driver calls need the context current on the calling thread; any thread may call. */
#define CURRENT(s)                                                                  \
    do {                                                                            \
        CUresult r_ = cu.cuCtxSetCurrent((s)->ctx);                                 \
        if (r_) return cufail(r_, "cuCtxSetCurrent");                               \
    } while (0)

static kfft_status cuda_alloc(void *st, size_t bytes, kfft_buffer *buf)
{
    cuda_state *s = st;
    CURRENT(s);
    CUdeviceptr p = 0;
    CUresult r = cu.cuMemAlloc(&p, bytes);
    if (r == CUDA_ERROR_OUT_OF_MEMORY)
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "CUDA: out of device memory allocating %zu bytes (%.1f MiB)", bytes,
                         bytes / 1048576.0);
    if (r) return cufail(r, "cuMemAlloc");
    *buf = (kfft_buffer)(uintptr_t)p;
    return KFFT_SUCCESS;
}

static kfft_status cuda_host_alloc(void *st, size_t bytes, void **p)
{
    cuda_state *s = st;
    CURRENT(s);
    CUresult r = cu.cuMemAllocHost(p, bytes);
    if (r == CUDA_ERROR_OUT_OF_MEMORY)
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "CUDA: out of page-locked host memory allocating %zu bytes (%.1f MiB)", bytes,
                         bytes / 1048576.0);
    return r ? cufail(r, "cuMemAllocHost") : KFFT_SUCCESS;
}

static void cuda_host_free(void *st, void *p)
{
    cuda_state *s = st;
    if (p && !cu.cuCtxSetCurrent(s->ctx)) cu.cuMemFreeHost(p);
}

static int cuda_host_locked(void *st, const void *p)
{
    cuda_state *s = st;
    unsigned flags;
    return p && !cu.cuCtxSetCurrent(s->ctx) && !cu.cuMemHostGetFlags(&flags, (void *)p);
}

static kfft_status cuda_release(void *st, kfft_buffer buf)
{
    cuda_state *s = st;
    CURRENT(s);
    CUresult r = cu.cuMemFree((CUdeviceptr)(uintptr_t)buf);
    return r ? cufail(r, "cuMemFree") : KFFT_SUCCESS;
}

static kfft_status cuda_sync(void *st)
{
    cuda_state *s = st;
    CURRENT(s);
    CUresult r = cu.cuStreamSynchronize(s->stream);
    return r ? cufail(r, "cuStreamSynchronize (an earlier kernel may have failed)") : KFFT_SUCCESS;
}

static kfft_status cuda_h2d(void *st, kfft_buffer dst, size_t off, const void *src, size_t bytes)
{
    cuda_state *s = st;
    CURRENT(s);
    CUresult r = cu.cuMemcpyHtoDAsync((CUdeviceptr)(uintptr_t)dst + off, src, bytes, s->stream);
    if (r) return cufail(r, "cuMemcpyHtoDAsync");
    return cuda_sync(st); /* the caller may free src on return */
}

static kfft_status cuda_d2h(void *st, void *dst, kfft_buffer src, size_t off, size_t bytes)
{
    cuda_state *s = st;
    CURRENT(s);
    CUresult r = cu.cuMemcpyDtoHAsync(dst, (CUdeviceptr)(uintptr_t)src + off, bytes, s->stream);
    if (r) return cufail(r, "cuMemcpyDtoHAsync");
    return cuda_sync(st);
}

static kfft_status nvrtc_compile(const char *src, const char *arch, void **bin, size_t *len)
{
    nvrtcProgram prog;
    if (cu.nvrtcCreateProgram(&prog, src, "kfft.cu", 0, NULL, NULL))
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "NVRTC: cannot create a program");
    char archopt[64];
    snprintf(archopt, sizeof archopt, "--gpu-architecture=%s", arch);
    /* NVRTC 12.9+ keeps its own compile cache, which made the harness's "cold" plans (a new,
     * empty kfft cache) return in 20 ms for kernels an earlier process had compiled: kfft's
     * cache is the one cache (keyed, checked, shown by kfft info), so NVRTC's is off. */
    int major = 0, minor = 0;
    cu.nvrtcVersion(&major, &minor);
    int nocache = major > 12 || (major == 12 && minor >= 9);
    const char *opts[] = {archopt, "--std=c++17", "--no-cache"};
    nvrtcResult r = cu.nvrtcCompileProgram(prog, 2 + nocache, opts);
    kfft_status st = KFFT_SUCCESS;
    if (r) {
        size_t ls = 0;
        cu.nvrtcGetProgramLogSize(prog, &ls);
        char *log = malloc(ls + 1);
        if (log) {
            cu.nvrtcGetProgramLog(prog, log);
            log[ls] = 0;
        }
        st = kfft_fail(KFFT_ERROR_COMPILE, "NVRTC (%s) rejected generated kernel: %.800s", arch, log ? log : "(no log)");
        free(log);
    } else if (bin) {
        size_t n = 0;
        cu.nvrtcGetCUBINSize(prog, &n);
        *bin = malloc(n ? n : 1);
        if (!*bin) st = kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a cubin (%zu bytes)", n);
        else {
            cu.nvrtcGetCUBIN(prog, *bin);
            *len = n;
        }
    }
    cu.nvrtcDestroyProgram(&prog);
    return st;
}

kfft_status kfft_nvrtc_check(const char *src, const char *arch)
{
    pthread_once(&cu.once, load_all);
    if (!cu.nvrtc_ok) return kfft_fail(KFFT_ERROR_NO_BACKEND, "NVRTC: %s", cu.nvrtc_why);
    return nvrtc_compile(src, arch, NULL, NULL);
}

static kfft_status cuda_load(void *st, const void *bin, size_t len, void **module);

static kfft_status cuda_compile(void *st, const char *src, void **bin, size_t *len, void **module)
{
    cuda_state *s = st;
    kfft_status r = nvrtc_compile(src, s->arch, bin, len);
    if (!r && (r = cuda_load(st, *bin, *len, module))) {
        free(*bin);
        *bin = NULL;
    }
    return r;
}

static kfft_status cuda_load(void *st, const void *bin, size_t len, void **module)
{
    (void)len;
    cuda_state *s = st;
    CURRENT(s);
    CUmodule m;
    CUresult r = cu.cuModuleLoadData(&m, bin);
    if (r) return cufail(r, "cuModuleLoadData");
    *module = m;
    return KFFT_SUCCESS;
}

static void cuda_unload(void *st, void *module)
{
    cuda_state *s = st;
    if (cu.cuCtxSetCurrent(s->ctx) == 0) cu.cuModuleUnload((CUmodule)module);
}

static kfft_status cuda_get_kernel(void *st, void *module, const char *name, void **kernel)
{
    cuda_state *s = st;
    CURRENT(s);
    CUfunction f;
    CUresult r = cu.cuModuleGetFunction(&f, (CUmodule)module, name);
    if (r) return cufail(r, "cuModuleGetFunction");
    *kernel = f;
    return KFFT_SUCCESS;
}

/* Blocks above 48 KB of shared memory must opt in (and count against the opt-in limit only
 * once they have); idempotent, so any thread may. */
static CUresult smem_optin(CUfunction f, size_t smem)
{
    return smem > 49152 ? cu.cuFuncSetAttribute(f, CU_FUNC_ATTR_MAX_DYNAMIC_SMEM, (int)smem) : 0;
}

static int cuda_kernel_info(void *st, void *kernel, int threads, size_t smem, int cluster, kfft_kernel_info *ki)
{
    cuda_state *s = st;
    CURRENT(s);
    CUfunction f = kernel;
    if (smem_optin(f, smem) || cu.cuFuncGetAttribute(&ki->regs, CU_FUNC_ATTR_NUM_REGS, f) ||
        cu.cuFuncGetAttribute(&ki->local_bytes, CU_FUNC_ATTR_LOCAL_BYTES, f) ||
        cu.cuOccupancyMaxActiveBlocksPerMultiprocessor(&ki->blocks_per_sm, f, threads, smem))
        return 1;
    ki->clusters = -1;
    if (cluster > 1 && cu.cuOccupancyMaxActiveClusters) {
        struct cu_launch_config c = {{(unsigned)cluster, 1, 1}, {(unsigned)threads, 1, 1}, (unsigned)smem, s->stream, NULL, 0};
        int n;
        if (!cu.cuOccupancyMaxActiveClusters(&n, f, &c)) ki->clusters = n;
    }
    return 0;
}

static void cuda_put_kernel(void *st, void *kernel)
{
    (void)st;
    (void)kernel; /* functions belong to their module */
}

static kfft_status cuda_launch(void *st, void *kernel, size_t groups, int threads, size_t smem, const kfft_launch_args *a)
{
    cuda_state *s = st;
    CURRENT(s);
    CUresult r = smem_optin((CUfunction)kernel, smem);
    if (r) return cufail(r, "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
    if (groups > 0x7fffffff) return kfft_fail(KFFT_ERROR_UNSUPPORTED, "CUDA: %zu blocks exceed the grid limit", groups);
    CUdeviceptr in = (CUdeviceptr)(uintptr_t)a->in, out = (CUdeviceptr)(uintptr_t)a->out,
                tw = (CUdeviceptr)(uintptr_t)a->tw;
    long long ioff = a->in_off, ooff = a->out_off, nc = a->ncols, tb = a->tbase;
    int inv = a->inv;
    long long aux = a->aux;
    void *args[] = {&in, &ioff, &out, &ooff, &tw, &nc, &tb, &inv, &aux};
    r = cu.cuLaunchKernel((CUfunction)kernel, (unsigned)groups, 1, 1, (unsigned)threads, 1, 1, (unsigned)smem, s->stream, args, NULL);
    return r ? cufail(r, "cuLaunchKernel") : KFFT_SUCCESS;
}

/* The pipeline: its own non-blocking stream for the copies; per slot an event after the
 * kernels a copy waits for and one after the slot's copies. */
typedef struct {
    CUstream cs;
    CUevent kern[2], copied[2];
    void *host[2];
} cuda_pipe;

static void cuda_pipe_close(void *st, void *pipe)
{
    cuda_state *s = st;
    cuda_pipe *p = pipe;
    if (!p || cu.cuCtxSetCurrent(s->ctx)) return;
    if (p->cs) cu.cuStreamSynchronize(p->cs);
    for (int i = 0; i < 2; i++) {
        if (p->kern[i]) cu.cuEventDestroy(p->kern[i]);
        if (p->copied[i]) cu.cuEventDestroy(p->copied[i]);
        if (p->host[i]) cu.cuMemFreeHost(p->host[i]);
    }
    if (p->cs) cu.cuStreamDestroy(p->cs);
    free(p);
}

static kfft_status cuda_pipe_open(void *st, size_t bytes, void **pipe, void *host[2])
{
    cuda_state *s = st;
    CURRENT(s);
    cuda_pipe *p = calloc(1, sizeof *p);
    if (!p) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory");
    CUresult r = cu.cuStreamCreate(&p->cs, 1 /* CU_STREAM_NON_BLOCKING */);
    for (int i = 0; i < 2 && !r; i++) {
        r = cu.cuEventCreate(&p->kern[i], 2 /* CU_EVENT_DISABLE_TIMING */);
        if (!r) r = cu.cuEventCreate(&p->copied[i], 2);
        if (!r) r = cu.cuMemAllocHost(&p->host[i], bytes ? bytes : 1);
    }
    if (r) {
        cuda_pipe_close(st, p);
        return r == CUDA_ERROR_OUT_OF_MEMORY
                   ? kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "CUDA: out of page-locked host memory (2 x %zu bytes)", bytes)
                   : cufail(r, "the output pipeline (cuStreamCreate/cuEventCreate/cuMemAllocHost)");
    }
    host[0] = p->host[0];
    host[1] = p->host[1];
    *pipe = p;
    return KFFT_SUCCESS;
}

static kfft_status cuda_pipe_ready(void *st, void *pipe, int slot)
{
    cuda_state *s = st;
    cuda_pipe *p = pipe;
    CURRENT(s);
    CUresult r = cu.cuEventRecord(p->kern[slot], s->stream);
    return r ? cufail(r, "cuEventRecord (output pipeline)") : KFFT_SUCCESS;
}

static kfft_status cuda_pipe_copy(void *st, void *pipe, int slot, void *dst, kfft_buffer src, size_t off, size_t bytes)
{
    cuda_state *s = st;
    cuda_pipe *p = pipe;
    CURRENT(s);
    CUresult r = cu.cuStreamWaitEvent(p->cs, p->kern[slot], 0);
    if (!r) r = cu.cuMemcpyDtoHAsync(dst, (CUdeviceptr)(uintptr_t)src + off, bytes, p->cs);
    if (!r) r = cu.cuEventRecord(p->copied[slot], p->cs);
    return r ? cufail(r, "the output pipeline's copy") : KFFT_SUCCESS;
}

static kfft_status cuda_pipe_reuse(void *st, void *pipe, int slot)
{
    cuda_state *s = st;
    cuda_pipe *p = pipe;
    CURRENT(s);
    CUresult r = cu.cuStreamWaitEvent(s->stream, p->copied[slot], 0);
    return r ? cufail(r, "cuStreamWaitEvent") : KFFT_SUCCESS;
}

static kfft_status cuda_pipe_wait(void *st, void *pipe, int slot)
{
    cuda_state *s = st;
    cuda_pipe *p = pipe;
    CURRENT(s);
    CUresult r = cu.cuEventSynchronize(p->copied[slot]);
    return r ? cufail(r, "cuEventSynchronize (an earlier kernel or copy may have failed)") : KFFT_SUCCESS;
}

const kfft_backend_ops kfft_cuda_ops = {
    KFFT_BACKEND_CUDA, "CUDA",        cuda_probe,    cuda_device_count, cuda_device_name, cuda_open,
    cuda_close,        cuda_alloc,    cuda_release,  cuda_h2d,          cuda_d2h,         cuda_sync,
    cuda_host_alloc,   cuda_host_free, cuda_host_locked,
    cuda_compile,      cuda_load,     cuda_unload,   cuda_get_kernel,   cuda_put_kernel,  cuda_launch,
    cuda_pipe_open,    cuda_pipe_ready, cuda_pipe_copy, cuda_pipe_reuse, cuda_pipe_wait, cuda_pipe_close,
    cuda_kernel_info,
};
