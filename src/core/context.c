/* Context: a backend, a device, a stream/queue, the kernel cache settings. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/context.h"

#include "io/numfmt.h"
#include "plan/wisdom.h"

const kfft_backend_ops *kfft_backend_get(kfft_backend b)
{
    if (b == KFFT_BACKEND_CUDA) return &kfft_cuda_ops;
    if (b == KFFT_BACKEND_OPENCL) return &kfft_opencl_ops;
    return NULL;
}

int kfft_backend_probe(kfft_backend b, char *why, size_t len)
{
    const kfft_backend_ops *ops = kfft_backend_get(b);
    if (!ops) {
        if (why && len) snprintf(why, len, "unknown backend %d", (int)b);
        return 0;
    }
    return ops->probe(why, len);
}

int kfft_backend_device_count(kfft_backend b)
{
    const kfft_backend_ops *ops = kfft_backend_get(b);
    return ops && ops->probe(NULL, 0) ? ops->device_count() : 0;
}

kfft_status kfft_backend_device_name(kfft_backend b, int device, char *name, size_t len)
{
    const kfft_backend_ops *ops = kfft_backend_get(b);
    if (!ops) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "backend: unknown value %d", (int)b);
    if (!name || !len) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "name: NULL or empty buffer");
    char why[256];
    if (!ops->probe(why, sizeof why)) return kfft_fail(KFFT_ERROR_NO_BACKEND, "%s: %s", ops->name, why);
    return ops->device_name(device, name, len);
}

double kfft_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void kfft_log(kfft_context ctx, const char *fmt, ...)
{
    if (!ctx || !ctx->verbose) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "kfft: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* Default bound of the disk cache: a few thousand kernels, or a few large Bluestein tables. */
#define CACHE_MAX_DEFAULT (4.0 * 1073741824.0)

static void pick_cache_dir(kfft_context ctx, const kfft_context_desc *d)
{
    const char *max = getenv("KFFT_CACHE_MAX");
    ctx->cache_max = CACHE_MAX_DEFAULT;
    if (max && max[0] && num_parse_bytes(max, &ctx->cache_max)) {
        ctx->cache_max = CACHE_MAX_DEFAULT;
        kfft_log(ctx, "KFFT_CACHE_MAX='%s' is not a size in bytes (like 4G, 512M, 0 for no limit); using 4G", max);
    }
    const char *env = getenv("KFFT_CACHE_DIR");
    ctx->cache_dir[0] = 0;
    if (d->disable_cache || (env && !strcmp(env, "off"))) return;
    if (d->cache_dir && d->cache_dir[0])
        snprintf(ctx->cache_dir, sizeof ctx->cache_dir, "%s", d->cache_dir);
    else if (env && env[0])
        snprintf(ctx->cache_dir, sizeof ctx->cache_dir, "%s", env);
    else if ((env = getenv("XDG_CACHE_HOME")) && env[0])
        snprintf(ctx->cache_dir, sizeof ctx->cache_dir, "%s/kfft", env);
    else if ((env = getenv("HOME")) && env[0])
        snprintf(ctx->cache_dir, sizeof ctx->cache_dir, "%s/.cache/kfft", env);
}

/* $KFFT_WISDOM (a file, or "off"), else wisdom.txt in the kernel cache directory. A file
 * that cannot be used is ignored: the reason goes to the verbose log and kfft_wisdom_note. */
static void load_default_wisdom(kfft_context ctx)
{
    const char *env = getenv("KFFT_WISDOM");
    if (env && !strcmp(env, "off")) return;
    if (env && env[0]) snprintf(ctx->wisdom_path, sizeof ctx->wisdom_path, "%s", env);
    else if (ctx->cache_dir[0]) snprintf(ctx->wisdom_path, sizeof ctx->wisdom_path, "%s/wisdom.txt", ctx->cache_dir);
    if (!ctx->wisdom_path[0]) return;
    FILE *f = fopen(ctx->wisdom_path, "r");
    if (!f) return; /* none yet */
    fclose(f);
    if (kfft_wisdom_load(ctx->wisdom, ctx->wisdom_path)) {
        snprintf(ctx->wisdom_note, sizeof ctx->wisdom_note, "%s", kfft_error_message());
        kfft_log(ctx, "warning: %s", ctx->wisdom_note);
    }
    kfft_clear_error();
}

kfft_status kfft_wisdom_export(kfft_context ctx, const char *path)
{
    kfft_clear_error();
    if (!ctx) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "ctx is NULL");
    if (!path || !path[0]) path = ctx->wisdom_path;
    if (!path[0]) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "path: none given and no default (the kernel cache is off)");
    return kfft_wisdom_save(ctx->wisdom, path);
}

kfft_status kfft_wisdom_import(kfft_context ctx, const char *path)
{
    kfft_clear_error();
    if (!ctx || !path) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", ctx ? "path" : "ctx");
    return kfft_wisdom_load(ctx->wisdom, path);
}

int kfft_wisdom_count(kfft_context ctx) { return ctx ? ctx->wisdom->n : 0; }
const char *kfft_wisdom_path(kfft_context ctx) { return ctx ? ctx->wisdom_path : ""; }
const char *kfft_wisdom_note(kfft_context ctx) { return ctx ? ctx->wisdom_note : ""; }

kfft_status kfft_context_create(const kfft_context_desc *desc, kfft_context *out)
{
    kfft_clear_error();
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "ctx: output pointer is NULL");
    *out = NULL;
    kfft_context_desc d;
    memset(&d, 0, sizeof d);
    if (desc) d = *desc;
    if (d.backend != KFFT_BACKEND_AUTO && d.backend != KFFT_BACKEND_CUDA && d.backend != KFFT_BACKEND_OPENCL)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "backend: unknown value %d", (int)d.backend);
    if (d.device < 0) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "device: must be >= 0 (got %d)", d.device);
    if (d.backend == KFFT_BACKEND_AUTO) {
        if (d.stream) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "stream: name the backend when passing a stream");
        char why_cuda[256] = "", why_cl[256] = "";
        if (kfft_cuda_ops.probe(why_cuda, sizeof why_cuda) && kfft_cuda_ops.device_count() > d.device)
            d.backend = KFFT_BACKEND_CUDA;
        else if (kfft_opencl_ops.probe(why_cl, sizeof why_cl) && kfft_opencl_ops.device_count() > d.device)
            d.backend = KFFT_BACKEND_OPENCL;
        else
            return kfft_fail(KFFT_ERROR_NO_DEVICE, "no device %d found: CUDA: %s; OpenCL: %s", d.device,
                             why_cuda[0] ? why_cuda : "no such device", why_cl[0] ? why_cl : "no such device");
    }
    const kfft_backend_ops *ops = kfft_backend_get(d.backend);
    char why[256];
    if (!ops->probe(why, sizeof why)) return kfft_fail(KFFT_ERROR_NO_BACKEND, "%s: %s", ops->name, why);
    kfft_context ctx = calloc(1, sizeof *ctx);
    if (!ctx) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a context");
    ctx->ops = ops;
    ctx->verbose = d.verbose;
    pick_cache_dir(ctx, &d);
    kfft_status st = ops->open(&d, &ctx->st, &ctx->info);
    if (st) {
        free(ctx);
        return st;
    }
    pthread_mutex_init(&ctx->lock, NULL);
    if (!(ctx->wisdom = kfft_wisdom_new(ctx->info.name, ctx->info.version))) {
        ops->close(ctx->st);
        pthread_mutex_destroy(&ctx->lock);
        free(ctx);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a context");
    }
    ctx->info.wisdom = ctx->wisdom;
    /* KFFT_MEM_GBS plans as for a device of that peak memory bandwidth (the plan rules gated on
     * it: blocks.h blk_fast_memory), so CI can run the H200's plans on the CPU's OpenCL device. */
    const char *mg = getenv("KFFT_MEM_GBS");
    if (mg && mg[0]) {
        char *end;
        long v = strtol(mg, &end, 10);
        if (*end || v < 1 || v > 1000000) kfft_log(ctx, "warning: KFFT_MEM_GBS='%s' ignored (want GB/s, 1..1000000)", mg);
        else ctx->info.mem_gbs = (int)v;
    }
    load_default_wisdom(ctx);
    kfft_log(ctx, "%s device %d: %s [%s], %d GB/s peak memory bandwidth (0: unknown); kernel cache %s", ops->name, d.device, ctx->info.name,
             ctx->info.version, ctx->info.mem_gbs, ctx->cache_dir[0] ? ctx->cache_dir : "off");
    *out = ctx;
    return KFFT_SUCCESS;
}

void kfft_context_destroy(kfft_context ctx)
{
    if (!ctx) return;
    /* Modules still referenced belong to live plans: the caller destroys plans first. */
    for (kfft_module_entry *e = ctx->modules, *n; e; e = n) {
        n = e->next;
        ctx->ops->unload(ctx->st, e->module);
        free(e);
    }
    ctx->ops->close(ctx->st);
    pthread_mutex_destroy(&ctx->lock);
    kfft_wisdom_free(ctx->wisdom);
    free(ctx);
}

kfft_backend kfft_context_backend(kfft_context ctx) { return ctx ? ctx->ops->id : KFFT_BACKEND_AUTO; }
const char *kfft_context_device_name(kfft_context ctx) { return ctx ? ctx->info.name : ""; }

kfft_status kfft_context_synchronize(kfft_context ctx)
{
    if (!ctx) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "ctx is NULL");
    return ctx->ops->sync(ctx->st);
}

kfft_status kfft_dev_alloc(kfft_context ctx, size_t bytes, kfft_buffer *buf)
{
    kfft_status st = ctx->ops->alloc(ctx->st, bytes, buf);
    if (!st) __atomic_add_fetch(&ctx->live_buffers, 1, __ATOMIC_RELAXED);
    return st;
}

kfft_status kfft_dev_release(kfft_context ctx, kfft_buffer buf)
{
    __atomic_sub_fetch(&ctx->live_buffers, 1, __ATOMIC_RELAXED);
    return ctx->ops->release(ctx->st, buf);
}

kfft_status kfft_malloc(kfft_context ctx, size_t bytes, kfft_buffer *buf)
{
    if (!ctx || !buf) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", ctx ? "buf" : "ctx");
    *buf = NULL;
    if (!bytes) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "bytes must be > 0");
    return kfft_dev_alloc(ctx, bytes, buf);
}

kfft_status kfft_free(kfft_context ctx, kfft_buffer buf)
{
    if (!ctx) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "ctx is NULL");
    return buf ? kfft_dev_release(ctx, buf) : KFFT_SUCCESS;
}

kfft_status kfft_malloc_host(kfft_context ctx, size_t bytes, void **p)
{
    if (!ctx || !p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", ctx ? "p" : "ctx");
    *p = NULL;
    if (!bytes) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "bytes must be > 0");
    return ctx->ops->host_alloc(ctx->st, bytes, p);
}

void kfft_free_host(kfft_context ctx, void *p)
{
    if (ctx && p) ctx->ops->host_free(ctx->st, p);
}

kfft_status kfft_memcpy_h2d(kfft_context ctx, kfft_buffer dst, const void *src, size_t bytes)
{
    if (!ctx || !dst || !src) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "memcpy_h2d: NULL %s", !ctx ? "ctx" : !dst ? "dst" : "src");
    return bytes ? ctx->ops->h2d(ctx->st, dst, 0, src, bytes) : KFFT_SUCCESS;
}

kfft_status kfft_memcpy_d2h_at(kfft_context ctx, void *dst, kfft_buffer src, size_t offset, size_t bytes)
{
    if (!ctx || !dst || !src) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "memcpy_d2h_at: NULL %s", !ctx ? "ctx" : !dst ? "dst" : "src");
    return bytes ? ctx->ops->d2h(ctx->st, dst, src, offset, bytes) : KFFT_SUCCESS;
}

kfft_status kfft_memcpy_d2h(kfft_context ctx, void *dst, kfft_buffer src, size_t bytes)
{
    if (!ctx || !dst || !src) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "memcpy_d2h: NULL %s", !ctx ? "ctx" : !dst ? "dst" : "src");
    return bytes ? ctx->ops->d2h(ctx->st, dst, src, 0, bytes) : KFFT_SUCCESS;
}
