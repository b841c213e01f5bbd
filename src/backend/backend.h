/* Backend interface: what the plan layer needs from a compute API. One implementation per
 * API (cuda.c, opencl.c); each loads its libraries at run time, so one kfft build runs on
 * machines that have either, both or neither. */
#ifndef KFFT_BACKEND_H
#define KFFT_BACKEND_H
#include <stddef.h>
#include <stdint.h>

#include "kfft.h"

typedef struct {
    char name[256];
    char version[256];     /* driver + compiler versions: part of the kernel cache key */
    char arch[32];         /* "sm_90" or "opencl" */
    int dialect;           /* KS_DIALECT_* */
    size_t smem_per_block; /* usable without opt-in */
    size_t smem_optin;     /* the most one block may ask for (CUDA opt-in; else = smem_per_block) */
    int max_threads;
    int cluster_max;       /* the most blocks a launch may group in a cluster that shares their
                              shared memory (CUDA cc >= 9.0: 8, the portable size); 0: none */
    int fp64;
    size_t global_mem;
    int mem_gbs;           /* peak DRAM bandwidth in GB/s (memory clock x bus width; 0: unknown):
                              where the passes' round trips cost less than a slower kernel */
    struct kfft_wisdom *wisdom; /* the context's measured choices (plan/wisdom.h); NULL: none */
    int no_spill_bets;     /* 1: leave out the choices that win only where their kernel does not
                              spill (kspec.spill_bet; plan.c plans again with this set where one did) */
} kfft_device_info;

/* What the device's compiler made of a kernel at one launch shape (the verbose log's
 * kernel lines): registers and local memory (spills) a thread, resident blocks per SM; for a
 * cluster kernel, how many clusters of its blocks the device can run at once (0: not one, so
 * its launch would fail; -1: the driver cannot say). */
typedef struct {
    int regs, local_bytes, blocks_per_sm, clusters;
} kfft_kernel_info;

/* Arguments of every generated kernel (gen/dialect.c lists them in this order). */
typedef struct {
    kfft_buffer in, out, tw;
    int64_t in_off, out_off; /* elements of the side's type */
    int64_t ncols, tbase;    /* columns in this launch; first transform of the chunk */
    int inv;                 /* the table kernel's kind (plan/tabload.c); FFT kernels, made per direction, ignore it */
    int64_t aux;             /* kernel-specific (mirror-store row offset; 0 otherwise) */
} kfft_launch_args;

typedef struct kfft_backend_ops {
    kfft_backend id;
    const char *name;
    int (*probe)(char *why, size_t len);
    int (*device_count)(void);
    kfft_status (*device_name)(int device, char *name, size_t len);
    /* Opens device desc->device, adopting desc->stream if given. */
    kfft_status (*open)(const kfft_context_desc *desc, void **state, kfft_device_info *info);
    void (*close)(void *state);
    kfft_status (*alloc)(void *st, size_t bytes, kfft_buffer *buf);
    kfft_status (*release)(void *st, kfft_buffer buf);
    /* Host to byte `off` of dst (src may be freed on return). */
    kfft_status (*h2d)(void *st, kfft_buffer dst, size_t off, const void *src, size_t bytes);
    /* Device to host from byte `off` of src (blocks until done). */
    kfft_status (*d2h)(void *st, void *dst, kfft_buffer src, size_t off, size_t bytes);
    kfft_status (*sync)(void *st);
    /* Host memory the device copies to and from fastest (CUDA: page-locked; else malloc). */
    kfft_status (*host_alloc)(void *st, size_t bytes, void **p);
    void (*host_free)(void *st, void *p);
    /* Whether host address p is page-locked (copies into it run beside the host thread). */
    int (*host_locked)(void *st, const void *p);
    /* Source -> loaded module, and its binary (malloc'ed) for the disk cache / load(). */
    kfft_status (*compile)(void *st, const char *src, void **bin, size_t *len, void **module);
    kfft_status (*load)(void *st, const void *bin, size_t len, void **module);
    void (*unload)(void *st, void *module);
    /* Kernel handles belong to one plan (OpenCL kernel arguments are per object). */
    kfft_status (*get_kernel)(void *st, void *module, const char *name, void **kernel);
    void (*put_kernel)(void *st, void *kernel);
    kfft_status (*launch)(void *st, void *kernel, size_t groups, int threads, size_t smem, const kfft_launch_args *a);
    /* Output pipeline (streamed host outputs): two slots, each a host buffer of `bytes`
     * (page-locked where the API has it) and device-to-host copies that run beside the
     * kernels queued after them. ready() marks the slot's data complete once the kernels
     * queued so far are done; copy() queues a copy behind that mark (kernels queued after
     * ready() may run beside it); reuse() makes later kernels wait until the slot's copies
     * are done (so they may overwrite what it copies from); wait() blocks the host until
     * they are done. */
    kfft_status (*pipe_open)(void *st, size_t bytes, void **pipe, void *host[2]);
    kfft_status (*pipe_ready)(void *st, void *pipe, int slot);
    kfft_status (*pipe_copy)(void *st, void *pipe, int slot, void *dst, kfft_buffer src, size_t off, size_t bytes);
    kfft_status (*pipe_reuse)(void *st, void *pipe, int slot);
    kfft_status (*pipe_wait)(void *st, void *pipe, int slot);
    void (*pipe_close)(void *st, void *pipe);
    /* Nonzero where the API cannot say (NULL: OpenCL reports no registers). */
    int (*kernel_info)(void *st, void *kernel, int threads, size_t smem, int cluster, kfft_kernel_info *ki);
} kfft_backend_ops;

extern const kfft_backend_ops kfft_cuda_ops;
extern const kfft_backend_ops kfft_opencl_ops;
const kfft_backend_ops *kfft_backend_get(kfft_backend b);

/* NVRTC only (no GPU, no driver needed): compile CUDA-dialect source for `arch`
 * (e.g. "sm_90"). Returns KFFT_SUCCESS or KFFT_ERROR_COMPILE with the log in the error
 * message; KFFT_ERROR_NO_BACKEND when libnvrtc cannot be loaded. */
kfft_status kfft_nvrtc_check(const char *src, const char *arch);

/* dlopen the first library of `names` that loads (NULL-terminated list). */
void *kfft_dlopen_first(const char *const *names, char *why, size_t len);

#endif
