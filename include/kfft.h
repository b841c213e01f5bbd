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
typedef enum { KFFT_C2C = 0 } kfft_type; /* R2C/C2R come with the dense-transforms work */

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

/* A transform. Strides and distances are in elements; 0 means contiguous (stride 1,
 * distance n). Rank 1 only in this version. */
typedef struct {
    kfft_type type;
    kfft_precision precision;
    int rank;
    int64_t n[3];
    int64_t batch;      /* >= 1 */
    int64_t istride, idist, ostride, odist;
} kfft_plan_desc;

KFFT_API kfft_status kfft_plan_create(kfft_context ctx, const kfft_plan_desc *desc, kfft_plan *plan);
/* Shorthand: contiguous batched 1-D complex-to-complex. */
KFFT_API kfft_status kfft_plan_1d(kfft_context ctx, int64_t n, int64_t batch, kfft_precision prec, kfft_plan *plan);
KFFT_API void kfft_plan_destroy(kfft_plan plan);

/* Device bytes the plan holds for intermediates (0 for single-kernel transforms). */
KFFT_API size_t kfft_plan_workspace_size(kfft_plan plan);
/* Number of kernel launches one execution makes. */
KFFT_API int kfft_plan_kernel_count(kfft_plan plan);
/* Human-readable decomposition, e.g. "n=8219 bluestein m=16464 passes=[...]". */
KFFT_API const char *kfft_plan_describe(kfft_plan plan);

/* Queue the transform on the context's stream. in == out is an in-place transform
 * (then istride==ostride and idist==odist are required). Asynchronous. */
KFFT_API kfft_status kfft_execute(kfft_plan plan, kfft_buffer in, kfft_buffer out, kfft_direction dir);
/* Host arrays: copies in, transforms, copies out, waits. in may equal out. */
KFFT_API kfft_status kfft_execute_host(kfft_plan plan, const void *in, void *out, kfft_direction dir);

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
