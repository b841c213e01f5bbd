/* Context and plan internals shared by the plan and backend layers. */
#ifndef KFFT_CONTEXT_H
#define KFFT_CONTEXT_H
#include <pthread.h>

#include "backend/backend.h"
#include "core/error.h"
#include "core/hash.h"

typedef struct kfft_module_entry {
    kfft_hash key;
    void *module;
    int refs;
    struct kfft_module_entry *next;
} kfft_module_entry;

struct kfft_context_s {
    const kfft_backend_ops *ops;
    void *st;
    kfft_device_info info;
    char cache_dir[1024]; /* "" when the disk cache is off */
    double cache_max;     /* bytes its entries may take ($KFFT_CACHE_MAX; 0: no limit) */
    int verbose;
    pthread_mutex_t lock;      /* guards modules */
    kfft_module_entry *modules; /* in-memory cache: plans of the same kernels share one */
    long live_buffers;          /* device buffers allocated and not yet released (leak checks) */
    struct kfft_wisdom *wisdom; /* measured kernel choices (plan/wisdom.h); info.wisdom points here */
    char wisdom_path[1100];     /* the default wisdom file ("" when none) */
    char wisdom_note[512];      /* why the default file was not used, if it was not */
};

/* Device allocations of kfft itself and the user's kfft_malloc go through these. */
kfft_status kfft_dev_alloc(kfft_context ctx, size_t bytes, kfft_buffer *buf);
kfft_status kfft_dev_release(kfft_context ctx, kfft_buffer buf);

void kfft_log(kfft_context ctx, const char *fmt, ...) KFFT_PRINTF(2, 3);
/* A monotonic clock in milliseconds, for the log's timings and the tuner. */
double kfft_now_ms(void);

/* Compiled program for `src`: from memory, the disk cache, or a fresh compile. The
 * returned entry is released with kfft_module_release. */
kfft_status kfft_module_acquire(kfft_context ctx, const char *src, kfft_module_entry **out);
void kfft_module_release(kfft_context ctx, kfft_module_entry *e);
/* out[i] for src[i], i < n: duplicates acquired once, compiles in parallel threads; on failure
 * nothing stays acquired (out[] NULL) and the first error is returned. */
kfft_status kfft_module_acquire_many(kfft_context ctx, const char *const *src, int n, kfft_module_entry **out);
/* Other disk-cache payloads (a file <key>.<ext> in the cache directory, checked like the
 * kernels' entries): open maps an intact entry read-only, without copying its payload (a
 * 1000003-point plan's 16 MB spectrum: the copy was a quarter of its warm plan), and returns 1,
 * or 0 (absent, foreign, corrupt, cache off); close unmaps it. put stores one (failures
 * ignored: the cache is only a shortcut). */
typedef struct {
    const void *data; /* the payload: len bytes */
    size_t len;
    void *map; /* the whole file's mapping */
    size_t maplen;
} kfft_cache_view;
int kfft_cache_open(kfft_context ctx, const kfft_hash *key, const char *ext, kfft_cache_view *v);
void kfft_cache_close(kfft_cache_view *v);
void kfft_cache_put(kfft_context ctx, const kfft_hash *key, const char *ext, const void *data, size_t len);

#endif
