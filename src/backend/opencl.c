/* OpenCL backend (1.2+): programs built from source, cached as device binaries. libOpenCL
 * (the ICD loader) is loaded at run time; the declarations needed are below. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "core/error.h"
#include "gen/kspec.h"

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef uint64_t cl_ulong;
typedef cl_ulong cl_bitfield;
typedef struct _cl_platform_id *cl_platform_id;
typedef struct _cl_device_id *cl_device_id;
typedef struct _cl_context *cl_context;
typedef struct _cl_command_queue *cl_command_queue;
typedef struct _cl_mem *cl_mem;
typedef struct _cl_program *cl_program;
typedef struct _cl_kernel *cl_kernel;
typedef struct _cl_event *cl_event;

#define CL_DEVICE_TYPE_ALL 0xFFFFFFFF
#define CL_DEVICE_MAX_WORK_GROUP_SIZE 0x1004
#define CL_DEVICE_GLOBAL_MEM_SIZE 0x101F
#define CL_DEVICE_LOCAL_MEM_SIZE 0x1023
#define CL_DEVICE_NAME 0x102B
#define CL_DRIVER_VERSION 0x102D
#define CL_DEVICE_VERSION 0x102F
#define CL_DEVICE_DOUBLE_FP_CONFIG 0x1032
#define CL_PLATFORM_VERSION 0x0901
#define CL_PLATFORM_NAME 0x0902
#define CL_MEM_READ_WRITE 1
#define CL_PROGRAM_BUILD_LOG 0x1183
#define CL_PROGRAM_BINARY_SIZES 0x1165
#define CL_PROGRAM_BINARIES 0x1166
#define CL_QUEUE_CONTEXT 0x1090
#define CL_QUEUE_DEVICE 0x1091
#define CL_MEM_OBJECT_ALLOCATION_FAILURE (-4)
#define CL_OUT_OF_RESOURCES (-5)
#define CL_OUT_OF_HOST_MEMORY (-6)
#define CL_INVALID_BUFFER_SIZE (-61)

static struct {
    pthread_once_t once;
    int ok;
    char why[256];
    cl_int (*GetPlatformIDs)(cl_uint, cl_platform_id *, cl_uint *);
    cl_int (*GetPlatformInfo)(cl_platform_id, cl_uint, size_t, void *, size_t *);
    cl_int (*GetDeviceIDs)(cl_platform_id, cl_bitfield, cl_uint, cl_device_id *, cl_uint *);
    cl_int (*GetDeviceInfo)(cl_device_id, cl_uint, size_t, void *, size_t *);
    cl_context (*CreateContext)(const intptr_t *, cl_uint, const cl_device_id *, void *, void *, cl_int *);
    cl_int (*RetainContext)(cl_context);
    cl_int (*ReleaseContext)(cl_context);
    cl_command_queue (*CreateCommandQueue)(cl_context, cl_device_id, cl_bitfield, cl_int *);
    cl_int (*RetainCommandQueue)(cl_command_queue);
    cl_int (*ReleaseCommandQueue)(cl_command_queue);
    cl_int (*GetCommandQueueInfo)(cl_command_queue, cl_uint, size_t, void *, size_t *);
    cl_mem (*CreateBuffer)(cl_context, cl_bitfield, size_t, void *, cl_int *);
    cl_int (*ReleaseMemObject)(cl_mem);
    cl_int (*EnqueueWriteBuffer)(cl_command_queue, cl_mem, cl_uint, size_t, size_t, const void *, cl_uint, const cl_event *,
                                 cl_event *);
    cl_int (*EnqueueReadBuffer)(cl_command_queue, cl_mem, cl_uint, size_t, size_t, void *, cl_uint, const cl_event *,
                                cl_event *);
    cl_int (*Finish)(cl_command_queue);
    cl_program (*CreateProgramWithSource)(cl_context, cl_uint, const char **, const size_t *, cl_int *);
    cl_program (*CreateProgramWithBinary)(cl_context, cl_uint, const cl_device_id *, const size_t *,
                                          const unsigned char **, cl_int *, cl_int *);
    cl_int (*BuildProgram)(cl_program, cl_uint, const cl_device_id *, const char *, void *, void *);
    cl_int (*GetProgramBuildInfo)(cl_program, cl_device_id, cl_uint, size_t, void *, size_t *);
    cl_int (*GetProgramInfo)(cl_program, cl_uint, size_t, void *, size_t *);
    cl_int (*ReleaseProgram)(cl_program);
    cl_kernel (*CreateKernel)(cl_program, const char *, cl_int *);
    cl_int (*ReleaseKernel)(cl_kernel);
    cl_int (*SetKernelArg)(cl_kernel, cl_uint, size_t, const void *);
    cl_int (*EnqueueNDRangeKernel)(cl_command_queue, cl_kernel, cl_uint, const size_t *, const size_t *, const size_t *,
                                   cl_uint, const cl_event *, cl_event *);
} cl = {.once = PTHREAD_ONCE_INIT};

static const char *const CL_LIBS[] = {"libOpenCL.so.1", "libOpenCL.so", NULL};

#define SYM(h, f)                                                                                                \
    do {                                                                                                         \
        *(void **)&cl.f = dlsym(h, "cl" #f);                                                                     \
        if (!cl.f) {                                                                                             \
            snprintf(cl.why, sizeof cl.why, "symbol cl%s missing from libOpenCL", #f);                            \
            return;                                                                                              \
        }                                                                                                        \
    } while (0)

static void load(void)
{
    void *h = kfft_dlopen_first(CL_LIBS, cl.why, sizeof cl.why);
    if (!h) return;
    SYM(h, GetPlatformIDs);
    SYM(h, GetPlatformInfo);
    SYM(h, GetDeviceIDs);
    SYM(h, GetDeviceInfo);
    SYM(h, CreateContext);
    SYM(h, RetainContext);
    SYM(h, ReleaseContext);
    SYM(h, CreateCommandQueue);
    SYM(h, RetainCommandQueue);
    SYM(h, ReleaseCommandQueue);
    SYM(h, GetCommandQueueInfo);
    SYM(h, CreateBuffer);
    SYM(h, ReleaseMemObject);
    SYM(h, EnqueueWriteBuffer);
    SYM(h, EnqueueReadBuffer);
    SYM(h, Finish);
    SYM(h, CreateProgramWithSource);
    SYM(h, CreateProgramWithBinary);
    SYM(h, BuildProgram);
    SYM(h, GetProgramBuildInfo);
    SYM(h, GetProgramInfo);
    SYM(h, ReleaseProgram);
    SYM(h, CreateKernel);
    SYM(h, ReleaseKernel);
    SYM(h, SetKernelArg);
    SYM(h, EnqueueNDRangeKernel);
    cl_uint np = 0;
    if (cl.GetPlatformIDs(0, NULL, &np) || np == 0) {
        snprintf(cl.why, sizeof cl.why, "libOpenCL loaded but no OpenCL platform is installed (e.g. pocl-opencl-icd)");
        return;
    }
    cl.ok = 1;
}

static kfft_status clfail(cl_int r, const char *what)
{
    kfft_status s = (r == CL_MEM_OBJECT_ALLOCATION_FAILURE || r == CL_OUT_OF_HOST_MEMORY || r == CL_INVALID_BUFFER_SIZE)
                        ? KFFT_ERROR_OUT_OF_MEMORY
                        : KFFT_ERROR_BACKEND;
    return kfft_fail(s, "OpenCL: %s failed with error %d", what, r);
}

static int cl_probe(char *why, size_t len)
{
    pthread_once(&cl.once, load);
    if (!cl.ok && why && len) snprintf(why, len, "%s", cl.why);
    return cl.ok;
}

/* Devices are numbered across all platforms, in platform order. */
static int list_devices(cl_device_id *out, cl_platform_id *plat, int max)
{
    cl_platform_id p[16];
    cl_uint np = 0;
    int n = 0;
    if (!cl_probe(NULL, 0) || cl.GetPlatformIDs(16, p, &np)) return 0;
    for (cl_uint i = 0; i < np && i < 16; i++) {
        cl_device_id d[64];
        cl_uint nd = 0;
        if (cl.GetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, 64, d, &nd)) continue;
        for (cl_uint j = 0; j < nd && j < 64 && n < max; j++) {
            if (out) out[n] = d[j];
            if (plat) plat[n] = p[i];
            n++;
        }
    }
    return n;
}

static int cl_device_count(void) { return list_devices(NULL, NULL, 1 << 20); }

static kfft_status cl_device_name(int device, char *name, size_t len)
{
    cl_device_id d[256];
    int n = list_devices(d, NULL, 256);
    if (device < 0 || device >= n) return kfft_fail(KFFT_ERROR_NO_DEVICE, "OpenCL: no device %d (%d found)", device, n);
    cl_int r = cl.GetDeviceInfo(d[device], CL_DEVICE_NAME, len, name, NULL);
    return r ? clfail(r, "clGetDeviceInfo") : KFFT_SUCCESS;
}

typedef struct {
    cl_device_id dev;
    cl_context ctx;
    cl_command_queue q;
    /* A cl_kernel's arguments are state of the object (clSetKernelArg is not thread-safe on
     * one kernel): a plan run from several threads sets and enqueues under this lock. */
    pthread_mutex_t launch_lock;
} cl_state;

static kfft_status cl_open(const kfft_context_desc *desc, void **state, kfft_device_info *info)
{
    cl_state *s = calloc(1, sizeof *s);
    if (!s) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory");
    cl_int r = 0;
    cl_platform_id plat = NULL;
    if (desc->stream) { /* adopt the caller's queue, its context and device */
        s->q = (cl_command_queue)desc->stream;
        if ((r = cl.GetCommandQueueInfo(s->q, CL_QUEUE_CONTEXT, sizeof s->ctx, &s->ctx, NULL)) ||
            (r = cl.GetCommandQueueInfo(s->q, CL_QUEUE_DEVICE, sizeof s->dev, &s->dev, NULL))) {
            free(s);
            return clfail(r, "clGetCommandQueueInfo (is stream a cl_command_queue?)");
        }
        cl.RetainCommandQueue(s->q);
        cl.RetainContext(s->ctx);
    } else {
        cl_device_id d[256];
        cl_platform_id p[256];
        int n = list_devices(d, p, 256);
        if (desc->device >= n) {
            free(s);
            return kfft_fail(KFFT_ERROR_NO_DEVICE, "OpenCL: no device %d (%d found)", desc->device, n);
        }
        s->dev = d[desc->device];
        plat = p[desc->device];
        s->ctx = cl.CreateContext(NULL, 1, &s->dev, NULL, NULL, &r);
        if (!s->ctx) {
            free(s);
            return clfail(r, "clCreateContext");
        }
        s->q = cl.CreateCommandQueue(s->ctx, s->dev, 0, &r);
        if (!s->q) {
            cl.ReleaseContext(s->ctx);
            free(s);
            return clfail(r, "clCreateCommandQueue");
        }
    }
    char dv[128] = "", drv[128] = "", pv[128] = "";
    size_t wg = 0;
    cl_ulong lmem = 0, gmem = 0, fp64 = 0;
    cl.GetDeviceInfo(s->dev, CL_DEVICE_NAME, sizeof info->name, info->name, NULL);
    cl.GetDeviceInfo(s->dev, CL_DEVICE_VERSION, sizeof dv, dv, NULL);
    cl.GetDeviceInfo(s->dev, CL_DRIVER_VERSION, sizeof drv, drv, NULL);
    cl.GetDeviceInfo(s->dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    cl.GetDeviceInfo(s->dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
    cl.GetDeviceInfo(s->dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof gmem, &gmem, NULL);
    cl.GetDeviceInfo(s->dev, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL);
    if (plat) cl.GetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof pv, pv, NULL);
    snprintf(info->version, sizeof info->version, "%.90s; %.90s; driver %.60s", pv, dv, drv); /* bounded: fits */
    snprintf(info->arch, sizeof info->arch, "opencl");
    info->dialect = KS_DIALECT_OPENCL;
    /* Plans sized like on a GPU (48 KB blocks) so CPU runs exercise the same kernels. */
    info->smem_per_block = lmem < 49152 ? (size_t)lmem : 49152;
    info->smem_optin = info->smem_per_block;
    info->max_threads = (int)(wg < 1024 ? wg : 1024);
    info->cluster_max = 0; /* no blocks sharing shared memory in OpenCL */
    info->fp64 = fp64 != 0;
    info->global_mem = (size_t)gmem;
    pthread_mutex_init(&s->launch_lock, NULL);
    *state = s;
    return KFFT_SUCCESS;
}

static void cl_close(void *st)
{
    cl_state *s = st;
    cl.ReleaseCommandQueue(s->q);
    cl.ReleaseContext(s->ctx);
    pthread_mutex_destroy(&s->launch_lock);
    free(s);
}

static kfft_status cl_alloc(void *st, size_t bytes, kfft_buffer *buf)
{
    cl_state *s = st;
    cl_int r = 0;
    cl_mem m = cl.CreateBuffer(s->ctx, CL_MEM_READ_WRITE, bytes, NULL, &r);
    if (!m) {
        if (r == CL_MEM_OBJECT_ALLOCATION_FAILURE || r == CL_OUT_OF_HOST_MEMORY || r == CL_INVALID_BUFFER_SIZE ||
            r == CL_OUT_OF_RESOURCES)
            return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "OpenCL: out of device memory allocating %zu bytes (%.1f MiB), error %d",
                             bytes, bytes / 1048576.0, r);
        return clfail(r, "clCreateBuffer");
    }
    *buf = m;
    return KFFT_SUCCESS;
}

static kfft_status cl_host_alloc(void *st, size_t bytes, void **p)
{
    (void)st;
    *p = malloc(bytes);
    return *p ? KFFT_SUCCESS : kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "out of host memory allocating %zu bytes", bytes);
}

static void cl_host_free(void *st, void *p)
{
    (void)st;
    free(p);
}

static int cl_host_locked(void *st, const void *p)
{
    (void)st;
    (void)p;
    return 0;
}

static kfft_status cl_release(void *st, kfft_buffer buf)
{
    (void)st;
    cl_int r = cl.ReleaseMemObject((cl_mem)buf);
    return r ? clfail(r, "clReleaseMemObject") : KFFT_SUCCESS;
}

static kfft_status cl_h2d(void *st, kfft_buffer dst, size_t off, const void *src, size_t bytes)
{
    cl_state *s = st;
    cl_int r = cl.EnqueueWriteBuffer(s->q, (cl_mem)dst, 1, off, bytes, src, 0, NULL, NULL);
    return r ? clfail(r, "clEnqueueWriteBuffer") : KFFT_SUCCESS;
}

static kfft_status cl_d2h(void *st, void *dst, kfft_buffer src, size_t off, size_t bytes)
{
    cl_state *s = st;
    cl_int r = cl.EnqueueReadBuffer(s->q, (cl_mem)src, 1, off, bytes, dst, 0, NULL, NULL);
    return r ? clfail(r, "clEnqueueReadBuffer") : KFFT_SUCCESS;
}

static kfft_status cl_sync(void *st)
{
    cl_state *s = st;
    cl_int r = cl.Finish(s->q);
    return r ? clfail(r, "clFinish") : KFFT_SUCCESS;
}

static kfft_status build(cl_state *s, cl_program p)
{
    cl_int r = cl.BuildProgram(p, 1, &s->dev, "-cl-std=CL1.2", NULL, NULL);
    if (!r) return KFFT_SUCCESS;
    size_t ls = 0;
    cl.GetProgramBuildInfo(p, s->dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &ls);
    char *log = malloc(ls + 1);
    if (log) {
        log[0] = 0;
        cl.GetProgramBuildInfo(p, s->dev, CL_PROGRAM_BUILD_LOG, ls, log, NULL);
        log[ls] = 0;
    }
    kfft_status st = kfft_fail(KFFT_ERROR_COMPILE, "OpenCL build failed (%d): %.800s", r, log ? log : "(no log)");
    free(log);
    return st;
}

static kfft_status cl_compile(void *st, const char *src, void **bin, size_t *len, void **module)
{
    cl_state *s = st;
    cl_int r = 0;
    cl_program p = cl.CreateProgramWithSource(s->ctx, 1, &src, NULL, &r);
    if (!p) return clfail(r, "clCreateProgramWithSource");
    kfft_status res = build(s, p);
    size_t n = 0;
    if (!res && (r = cl.GetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof n, &n, NULL))) res = clfail(r, "clGetProgramInfo");
    if (!res) {
        unsigned char *b = malloc(n ? n : 1);
        if (!b) res = kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a program binary (%zu bytes)", n);
        else if ((r = cl.GetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof b, &b, NULL))) {
            free(b);
            res = clfail(r, "clGetProgramInfo(BINARIES)");
        } else {
            *bin = b;
            *len = n;
        }
    }
    if (res) cl.ReleaseProgram(p);
    else *module = p; /* the built program is the module: no second build from the binary */
    return res;
}

static kfft_status cl_load(void *st, const void *bin, size_t len, void **module)
{
    cl_state *s = st;
    cl_int r = 0, br = 0;
    const unsigned char *b = bin;
    cl_program p = cl.CreateProgramWithBinary(s->ctx, 1, &s->dev, &len, &b, &br, &r);
    if (!p) return clfail(r ? r : br, "clCreateProgramWithBinary");
    kfft_status res = build(s, p);
    if (res) {
        cl.ReleaseProgram(p);
        return res;
    }
    *module = p;
    return KFFT_SUCCESS;
}

static void cl_unload(void *st, void *module)
{
    (void)st;
    cl.ReleaseProgram((cl_program)module);
}

static kfft_status cl_get_kernel(void *st, void *module, const char *name, void **kernel)
{
    (void)st;
    cl_int r = 0;
    cl_kernel k = cl.CreateKernel((cl_program)module, name, &r);
    if (!k) return clfail(r, "clCreateKernel");
    *kernel = k;
    return KFFT_SUCCESS;
}

static void cl_put_kernel(void *st, void *kernel)
{
    (void)st;
    cl.ReleaseKernel((cl_kernel)kernel);
}

static kfft_status cl_launch(void *st, void *kernel, size_t groups, int threads, size_t smem, const kfft_launch_args *a)
{
    cl_state *s = st;
    cl_kernel k = kernel;
    (void)smem; /* local memory is sized in the kernel source */
    cl_mem in = a->in, out = a->out, tw = a->tw;
    cl_ulong ioff = (cl_ulong)a->in_off, ooff = (cl_ulong)a->out_off, nc = (cl_ulong)a->ncols, tb = (cl_ulong)a->tbase;
    cl_ulong aux = (cl_ulong)a->aux;
    cl_int inv = a->inv;
    pthread_mutex_lock(&s->launch_lock);
    cl_int r = cl.SetKernelArg(k, 0, sizeof in, &in);
    r |= cl.SetKernelArg(k, 1, sizeof ioff, &ioff);
    r |= cl.SetKernelArg(k, 2, sizeof out, &out);
    r |= cl.SetKernelArg(k, 3, sizeof ooff, &ooff);
    r |= cl.SetKernelArg(k, 4, sizeof tw, &tw);
    r |= cl.SetKernelArg(k, 5, sizeof nc, &nc);
    r |= cl.SetKernelArg(k, 6, sizeof tb, &tb);
    r |= cl.SetKernelArg(k, 7, sizeof inv, &inv);
    r |= cl.SetKernelArg(k, 8, sizeof aux, &aux);
    size_t global = groups * (size_t)threads, local = (size_t)threads;
    cl_int e = r ? 0 : cl.EnqueueNDRangeKernel(s->q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    pthread_mutex_unlock(&s->launch_lock); /* the enqueue took the arguments' values */
    if (r) return clfail(r, "clSetKernelArg");
    return e ? clfail(e, "clEnqueueNDRangeKernel") : KFFT_SUCCESS;
}

/* The output pipeline on OpenCL: plain host buffers and blocking reads on the in-order
 * queue (correct everywhere; no overlap of copies with kernels). */
typedef struct {
    void *host[2];
} cl_pipe;

static void cl_pipe_close(void *st, void *pipe)
{
    (void)st;
    cl_pipe *p = pipe;
    if (!p) return;
    free(p->host[0]);
    free(p->host[1]);
    free(p);
}

static kfft_status cl_pipe_open(void *st, size_t bytes, void **pipe, void *host[2])
{
    (void)st;
    cl_pipe *p = calloc(1, sizeof *p);
    if (p) p->host[0] = malloc(bytes ? bytes : 1), p->host[1] = malloc(bytes ? bytes : 1);
    if (!p || !p->host[0] || !p->host[1]) {
        cl_pipe_close(st, p);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for the output pipeline (2 x %zu bytes)", bytes);
    }
    host[0] = p->host[0];
    host[1] = p->host[1];
    *pipe = p;
    return KFFT_SUCCESS;
}

static kfft_status cl_pipe_copy(void *st, void *pipe, int slot, void *dst, kfft_buffer src, size_t off, size_t bytes)
{
    (void)pipe;
    (void)slot;
    return cl_d2h(st, dst, src, off, bytes);
}

static kfft_status cl_pipe_nop(void *st, void *pipe, int slot)
{
    (void)st;
    (void)pipe;
    (void)slot;
    return KFFT_SUCCESS;
}

const kfft_backend_ops kfft_opencl_ops = {
    KFFT_BACKEND_OPENCL, "OpenCL",   cl_probe,   cl_device_count, cl_device_name, cl_open,
    cl_close,            cl_alloc,   cl_release, cl_h2d,          cl_d2h,         cl_sync,
    cl_host_alloc,       cl_host_free, cl_host_locked,
    cl_compile,          cl_load,    cl_unload,  cl_get_kernel,   cl_put_kernel,  cl_launch,
    cl_pipe_open,        cl_pipe_nop,  cl_pipe_copy, cl_pipe_nop, cl_pipe_nop, cl_pipe_close,
    NULL, /* kernel_info: OpenCL reports no register counts */
};
