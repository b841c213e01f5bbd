/* kfft: GPU Fourier transforms from run-time generated kernels (CUDA and OpenCL).
 *
 * Conventions follow FFTW and cuFFT: transforms are unnormalized, the forward transform
 * uses exp(-2*pi*i*j*k/n), complex data is interleaved (re, im) in the plan's precision.
 * Every call returns a kfft_status; kfft_error_message() gives the cause of the last
 * failure on the calling thread. The library never prints unless a context asks it to
 * (kfft_context_desc.verbose) and never aborts. */
#ifndef KFFT_H
#define KFFT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define KFFT_API __attribute__((visibility("default")))
#else
#define KFFT_API
#endif

#define KFFT_VERSION_MAJOR 0
#define KFFT_VERSION_MINOR 1
#define KFFT_VERSION_PATCH 0
#define KFFT_VERSION_STRING "0.1.0"

typedef enum {
    KFFT_SUCCESS = 0,
    KFFT_ERROR_INVALID_ARGUMENT, /* a bad argument; the message names it */
    KFFT_ERROR_UNSUPPORTED,      /* valid request this build cannot do (yet) */
    KFFT_ERROR_NO_BACKEND,       /* the requested backend library could not be loaded */
    KFFT_ERROR_NO_DEVICE,        /* backend loaded but no usable device */
    KFFT_ERROR_OUT_OF_MEMORY,    /* host or device allocation failed; the message says how much */
    KFFT_ERROR_COMPILE,          /* generated kernel failed to compile (a kfft bug: please report) */
    KFFT_ERROR_BACKEND,          /* a driver call failed; the message names it and its code */
    KFFT_ERROR_IO,               /* file or cache I/O */
    KFFT_ERROR_INTERNAL
} kfft_status;

typedef enum { KFFT_BACKEND_AUTO = 0, KFFT_BACKEND_CUDA = 1, KFFT_BACKEND_OPENCL = 2 } kfft_backend;
typedef enum { KFFT_F32 = 0, KFFT_F64 = 1 } kfft_precision;
typedef enum { KFFT_FORWARD = -1, KFFT_INVERSE = 1 } kfft_direction;
/* R2C: real input of n reals per row -> n/2+1 complex (the rest is Hermitian), always
 * forward. C2R: n/2+1 complex -> n reals, always inverse (imaginary parts of the DC and,
 * for even n, Nyquist terms are ignored, as in FFTW). For rank >= 2 the last axis is the
 * real one. */
typedef enum { KFFT_C2C = 0, KFFT_R2C = 1, KFFT_C2R = 2 } kfft_type;
/* Scaling, fused into the kernels, named as numpy.fft names it. BACKWARD (the default):
 * forward unscaled, inverse by 1/N; ORTHO: 1/sqrt(N) both ways; FORWARD: forward by 1/N,
 * inverse unscaled; NONE: neither (FFTW/cuFFT convention, inverse(forward(x)) = N x).
 * N is the product of the transformed lengths. */
typedef enum { KFFT_NORM_NONE = 0, KFFT_NORM_BACKWARD = 1, KFFT_NORM_ORTHO = 2, KFFT_NORM_FORWARD = 3 } kfft_norm;

/* Plan flags. */
enum {
    /* The plan will run in place (in == out). For R2C/C2R the default real layout is then
     * padded to 2*(n/2+1) reals per row, as FFTW and cuFFT do. */
    KFFT_PLAN_INPLACE = 1,
    /* Do not allocate workspace: the caller gives one with kfft_plan_set_workspace. */
    KFFT_PLAN_USER_WORKSPACE = 2
};

typedef struct kfft_context_s *kfft_context;
typedef struct kfft_plan_s *kfft_plan;

/* Device buffers: on CUDA a CUdeviceptr cast to void*, on OpenCL a cl_mem. */
typedef void *kfft_buffer;

typedef struct {
    kfft_backend backend; /* AUTO: CUDA if a CUDA device is found, else OpenCL */
    int device;           /* device index within the backend (OpenCL: across all platforms) */
    void *stream;         /* caller's CUstream or cl_command_queue; NULL: kfft makes its own */
    const char *cache_dir;/* NULL: $KFFT_CACHE_DIR, else $XDG_CACHE_HOME/kfft, else ~/.cache/kfft */
    int disable_cache;    /* 1: never read or write the disk cache ($KFFT_CACHE_DIR=off does too) */
    int verbose;          /* 1: log plans, compiles and cache hits to stderr */
} kfft_context_desc;

/* desc may be NULL for defaults. */
KFFT_API kfft_status kfft_context_create(const kfft_context_desc *desc, kfft_context *ctx);
KFFT_API void kfft_context_destroy(kfft_context ctx);
KFFT_API kfft_backend kfft_context_backend(kfft_context ctx);
/* Device name, e.g. "NVIDIA H100 80GB HBM3"; valid while ctx lives. */
KFFT_API const char *kfft_context_device_name(kfft_context ctx);
/* Wait for all work kfft queued on the context's stream/queue. */
KFFT_API kfft_status kfft_context_synchronize(kfft_context ctx);

/* Device memory through the context's backend (convenience; any buffer of the right
 * backend works). bytes == 0 is an error. */
KFFT_API kfft_status kfft_malloc(kfft_context ctx, size_t bytes, kfft_buffer *buf);
KFFT_API kfft_status kfft_free(kfft_context ctx, kfft_buffer buf);
KFFT_API kfft_status kfft_memcpy_h2d(kfft_context ctx, kfft_buffer dst, const void *src, size_t bytes);
KFFT_API kfft_status kfft_memcpy_d2h(kfft_context ctx, void *dst, kfft_buffer src, size_t bytes);
/* The bytes of src from byte `offset` on. */
KFFT_API kfft_status kfft_memcpy_d2h_at(kfft_context ctx, void *dst, kfft_buffer src, size_t offset, size_t bytes);
/* Host memory the device copies to and from fastest (CUDA: page-locked, as cudaMallocHost;
 * OpenCL: ordinary). Free it with kfft_free_host on the same context. bytes == 0 is an error. */
KFFT_API kfft_status kfft_malloc_host(kfft_context ctx, size_t bytes, void **p);
KFFT_API void kfft_free_host(kfft_context ctx, void *p);

#define KFFT_MAX_RANK 3 /* kfft_plan_desc */
#define KFFT_MAX_DIMS 8 /* kfft_guru_desc: transformed plus batch dimensions */

/* A batch of rank-1..3 transforms in the cuFFT/FFTW "plan many" layout. Element
 * (b, i0, i1, i2) of the input is at b*idist + ((i0*inembed[1] + i1)*inembed[2] + i2)*istride
 * (fewer terms for lower ranks; inembed[0] is not used), in units of the input element
 * (complex, or real for R2C input); the output likewise with onembed, ostride, odist.
 * Any zero field takes its default: embeds = the logical sizes (for the real side of an
 * in-place R2C/C2R plan the last one is 2*(n/2+1); for the complex side n/2+1), strides 1,
 * distances the product of the embeds times the stride. All sizes are 64-bit. */
typedef struct {
    kfft_type type;
    kfft_precision precision;
    int rank;                 /* 1..3 */
    int64_t n[KFFT_MAX_RANK]; /* logical sizes, slowest axis first; R2C/C2R: real lengths */
    int64_t batch;            /* >= 1 */
    int64_t istride, idist, ostride, odist;
    int64_t inembed[KFFT_MAX_RANK], onembed[KFFT_MAX_RANK];
    kfft_norm norm;           /* 0 = KFFT_NORM_NONE */
    unsigned flags;           /* KFFT_PLAN_* */
} kfft_plan_desc;

/* One axis of an array: length and strides (elements of the input / output type). */
typedef struct {
    int64_t n, is, os;
} kfft_dim;

/* FFTW "guru" layout: any set of axes of strided arrays, e.g. numpy's fftn(x, axes=...).
 * dims are the transformed axes (slowest first; for R2C/C2R the last is the real axis, n
 * its real length, and the complex side has n/2+1 along it); howmany are the batch axes.
 * Strides may be any nonzero values (0 only for a batch axis of length 1). */
typedef struct {
    kfft_type type;
    kfft_precision precision;
    int rank;                           /* 1..KFFT_MAX_DIMS */
    kfft_dim dims[KFFT_MAX_DIMS];
    int howmany_rank;                   /* 0..KFFT_MAX_DIMS - rank */
    kfft_dim howmany[KFFT_MAX_DIMS];
    kfft_norm norm;
    unsigned flags;
} kfft_guru_desc;

KFFT_API kfft_status kfft_plan_create(kfft_context ctx, const kfft_plan_desc *desc, kfft_plan *plan);
KFFT_API kfft_status kfft_plan_create_guru(kfft_context ctx, const kfft_guru_desc *desc, kfft_plan *plan);
/* Shorthands, contiguous and unnormalized: batched 1-D C2C, and a batch of rank-1..3
 * transforms of any type (n slowest first; real lengths for R2C/C2R). */
KFFT_API kfft_status kfft_plan_1d(kfft_context ctx, int64_t n, int64_t batch, kfft_precision prec, kfft_plan *plan);
KFFT_API kfft_status kfft_plan_dft(kfft_context ctx, kfft_type type, int rank, const int64_t *n, int64_t batch,
                                   kfft_precision prec, kfft_plan *plan);
KFFT_API void kfft_plan_destroy(kfft_plan plan);

/* Device bytes of workspace the plan needs (0 for single-kernel transforms). */
KFFT_API size_t kfft_plan_workspace_size(kfft_plan plan);
/* The same before creating a plan (plans only; compiles nothing). */
KFFT_API kfft_status kfft_workspace_estimate(kfft_context ctx, const kfft_plan_desc *desc, size_t *bytes);
/* Caller's work area for a plan made with KFFT_PLAN_USER_WORKSPACE (bytes >= the size
 * above); it must stay valid while executions using it are queued. */
KFFT_API kfft_status kfft_plan_set_workspace(kfft_plan plan, kfft_buffer work, size_t bytes);
/* Bytes the input and output buffers must span (from element 0 to the last one used). */
KFFT_API kfft_status kfft_plan_buffer_sizes(kfft_plan plan, size_t *in_bytes, size_t *out_bytes);
/* Number of kernel launches one execution makes. */
KFFT_API int kfft_plan_kernel_count(kfft_plan plan);
/* Human-readable decomposition: per axis, each kernel's radices, columns (B), threads (T) and
 * choices (pad: padded shared memory, swz: swizzled, regs=N: a register bound), e.g.
 * "c2c f32 n=8219 batch=1 || axis len 8219 bluestein m=16464 | k0 single R=16464(21x16x7x7) B=1
 * T=800 L=256 D=1,2 W=3". */
KFFT_API const char *kfft_plan_describe(kfft_plan plan);

/* Queue the transform on the context's stream. in == out is an in-place transform (the
 * input and output layouts must then place each transform's data at the same bytes).
 * R2C takes KFFT_FORWARD, C2R KFFT_INVERSE. C2R of rank >= 2 overwrites its input, as in
 * FFTW and cuFFT. Asynchronous. A C2C plan compiles its forward kernels with the plan and its
 * inverse's on its first KFFT_INVERSE run (or loads them from the kernel cache): call
 * kfft_plan_prepare first where that run must not compile (a stream being captured into a
 * graph, a timed loop). */
KFFT_API kfft_status kfft_execute(kfft_plan plan, kfft_buffer in, kfft_buffer out, kfft_direction dir);
/* Make the plan's kernels for dir ready now (compiled or loaded; runs nothing). Only a C2C
 * plan's KFFT_INVERSE has any work to do; every other valid pair returns at once. Safe to call
 * from several threads and more than once. */
KFFT_API kfft_status kfft_plan_prepare(kfft_plan plan, kfft_direction dir);
/* Host arrays: copies in, transforms, copies out, waits. in may equal out. */
KFFT_API kfft_status kfft_execute_host(kfft_plan plan, const void *in, void *out, kfft_direction dir);

/* ---- Tuning and wisdom -------------------------------------------------------------------
 * kfft_tune measures, on the context's device, the candidate kernels of each stage of desc
 * (one-kernel stages: threads per block 128..1024, shared memory plain, padded or (fp32)
 * swizzled, narrow, balanced or widest radices; multi-pass stages: the radices and padding of
 * all passes),
 * keeps the fastest in the context's wisdom, and later plans of the same kernel shapes and
 * pass lengths use it. Choices change
 * speed only, never results. A context reads its wisdom at creation from $KFFT_WISDOM (a
 * file, or "off"), else wisdom.txt in the kernel cache directory; a file made on another
 * device or driver, or malformed, is ignored (kfft_wisdom_note says why; the verbose log
 * warns). kfft_wisdom_export(ctx, NULL) writes the default file. */
typedef struct {
    double default_ms, tuned_ms; /* one execution before and after */
    int stages;                  /* stages tuned (0: nothing to tune) */
    char choice[256];            /* per stage: "R=.. B=.. T=.. pad=.. radix=.." (pad=2: swizzled) or
                                    "passes of N: pad=.. radix=.." */
} kfft_tune_report;
KFFT_API kfft_status kfft_tune(kfft_context ctx, const kfft_plan_desc *desc, kfft_tune_report *report);
KFFT_API kfft_status kfft_wisdom_export(kfft_context ctx, const char *path);
KFFT_API kfft_status kfft_wisdom_import(kfft_context ctx, const char *path);
KFFT_API int kfft_wisdom_count(kfft_context ctx);
KFFT_API const char *kfft_wisdom_path(kfft_context ctx);
KFFT_API const char *kfft_wisdom_note(kfft_context ctx);

KFFT_API const char *kfft_status_string(kfft_status s);
/* Message for the last failing call on this thread ("" if none). */
KFFT_API const char *kfft_error_message(void);
KFFT_API const char *kfft_version(void);

/* Backend availability without creating a context: returns 1 if usable, else 0 and a
 * reason ("libcuda.so.1 not found", "no OpenCL platform", ...). */
KFFT_API int kfft_backend_probe(kfft_backend b, char *why, size_t why_len);
/* Number of devices on a backend (0 if none) and the name of device i. */
KFFT_API int kfft_backend_device_count(kfft_backend b);
KFFT_API kfft_status kfft_backend_device_name(kfft_backend b, int device, char *name, size_t len);

#ifdef __cplusplus
}
#endif
#endif
