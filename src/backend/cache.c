/* Compiled-kernel cache: in memory per context (plans of the same kernels share a module)
 * and on disk across processes. A disk entry is keyed by the source and everything that
 * changes the binary (kfft version, backend, device, driver and compiler versions), and
 * carries its key, length and checksum: a corrupt, truncated or foreign entry is detected,
 * compiled again and overwritten. Writes go to a temporary file and are renamed into place,
 * so concurrent processes never see half an entry. The same entry format holds other
 * payloads that are slow to make (a plan's rounded tables: kfft_cache_open/put). The
 * directory is kept under a size ($KFFT_CACHE_MAX, 4 GB by default): a hit refreshes an
 * entry's modification time, and a write that takes the total over the bound removes the
 * least recently used entries. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/context.h"

/* 3: kfft_checksum's four lanes (entries of 2 are foreign, made again) */
static const char MAGIC[8] = {'K', 'F', 'F', 'T', 'B', 'I', 'N', '3'};

typedef struct {
    char magic[8];
    char key[32];
    uint64_t len;
    uint64_t sum_a, sum_b;
} entry_header;

#define MAX_ENTRY ((uint64_t)1 << 31) /* larger payloads are not cached */

static kfft_hash module_key(kfft_context ctx, const char *src)
{
    kfft_hash h;
    kfft_hash_init(&h);
    kfft_hash_str(&h, KFFT_VERSION_STRING);
    kfft_hash_str(&h, ctx->ops->name);
    kfft_hash_str(&h, ctx->info.name);
    kfft_hash_str(&h, ctx->info.version);
    kfft_hash_str(&h, ctx->info.arch);
    kfft_hash_str(&h, src);
    return h;
}

static int mkdirs(const char *path)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(tmp, 0755) && errno != EEXIST) return -1;
            *p = '/';
        }
    return mkdir(tmp, 0755) && errno != EEXIST ? -1 : 0;
}

/* An entry's time of last use, from the fine-grained clock: the file system's own stamps
 * can be coarser than the time between two plans, which would make the order a guess. */
static void touch(const char *path)
{
    struct timespec ts[2];
    clock_gettime(CLOCK_REALTIME, &ts[0]);
    ts[1] = ts[0];
    utimensat(AT_FDCWD, path, ts, 0);
}

/* Maps the entry at path if it is intact and has this key: 1 and v filled, else 0. Entries
 * are only ever replaced by rename and removed by unlink, so a mapping stays valid while
 * other processes write or trim the cache. */
static int disk_open(const char *path, const char *hex, kfft_cache_view *v)
{
    memset(v, 0, sizeof *v);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    struct stat sb;
    void *m = MAP_FAILED;
    if (!fstat(fd, &sb) && sb.st_size > (off_t)sizeof(entry_header) && (uint64_t)sb.st_size < MAX_ENTRY) {
#ifdef MAP_POPULATE
        int flags = MAP_PRIVATE | MAP_POPULATE; /* one call maps every page, not a fault per 4 KB */
#else
        int flags = MAP_PRIVATE;
#endif
        m = mmap(NULL, (size_t)sb.st_size, PROT_READ, flags, fd, 0);
    }
    close(fd);
    if (m == MAP_FAILED) return 0;
    entry_header h;
    memcpy(&h, m, sizeof h);
    const unsigned char *payload = (const unsigned char *)m + sizeof h;
    if (!memcmp(h.magic, MAGIC, 8) && !memcmp(h.key, hex, 32) && h.len == (uint64_t)sb.st_size - sizeof h) {
        kfft_hash s = kfft_checksum(payload, h.len);
        if (s.a == h.sum_a && s.b == h.sum_b) {
            touch(path); /* recently used: the last to be trimmed */
            *v = (kfft_cache_view){payload, h.len, m, (size_t)sb.st_size};
            return 1;
        }
    }
    munmap(m, (size_t)sb.st_size);
    return 0;
}

void kfft_cache_close(kfft_cache_view *v)
{
    if (v->map) munmap(v->map, v->maplen);
    memset(v, 0, sizeof *v);
}

typedef struct {
    char name[80];
    double bytes;
    struct timespec used;
} cache_file;

static int older(const void *a, const void *b)
{
    const struct timespec *x = &((const cache_file *)a)->used, *y = &((const cache_file *)b)->used;
    return x->tv_sec != y->tv_sec ? (x->tv_sec < y->tv_sec ? -1 : 1) : (x->tv_nsec < y->tv_nsec ? -1 : x->tv_nsec > y->tv_nsec);
}

/* Entries (.kbin, .ktab) beyond ctx->cache_max bytes in all: the least recently used go,
 * down to 90% of the bound, never `keep` (the entry just written). Errors are ignored:
 * another process may be trimming too. */
static void trim(kfft_context ctx, const char *keep)
{
    if (!(ctx->cache_max > 0)) return;
    DIR *d = opendir(ctx->cache_dir);
    if (!d) return;
    cache_file *f = NULL;
    size_t n = 0, cap = 0;
    double total = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 6 || l >= sizeof f->name || (strcmp(e->d_name + l - 5, ".kbin") && strcmp(e->d_name + l - 5, ".ktab"))) continue;
        char path[1200];
        struct stat sb;
        if (snprintf(path, sizeof path, "%s/%s", ctx->cache_dir, e->d_name) >= (int)sizeof path || stat(path, &sb)) continue;
        if (n == cap) {
            cache_file *g = realloc(f, (cap = cap ? 2 * cap : 256) * sizeof *f);
            if (!g) break;
            f = g;
        }
        memcpy(f[n].name, e->d_name, l + 1); /* l < sizeof name (above) */
        f[n].bytes = (double)sb.st_size;
        f[n].used = sb.st_mtim;
        total += f[n++].bytes;
    }
    closedir(d);
    if (total > ctx->cache_max) {
        qsort(f, n, sizeof *f, older);
        const char *kb = strrchr(keep, '/');
        kb = kb ? kb + 1 : keep;
        for (size_t i = 0; i < n && total > 0.9 * ctx->cache_max; i++) {
            if (!strcmp(f[i].name, kb)) continue;
            char path[1200];
            if (snprintf(path, sizeof path, "%s/%s", ctx->cache_dir, f[i].name) < (int)sizeof path && !remove(path)) {
                total -= f[i].bytes;
                kfft_log(ctx, "cache: removed %s (least recently used; the cache is bounded at %.0f MB)", f[i].name, ctx->cache_max / 1e6);
            }
        }
    }
    free(f);
}

static void disk_write(kfft_context ctx, const char *path, const char *hex, const void *bin, size_t len)
{
    if (len == 0 || len >= MAX_ENTRY) return;
    if (mkdirs(ctx->cache_dir)) {
        kfft_log(ctx, "cache: cannot create %s; continuing without it", ctx->cache_dir);
        return;
    }
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.%ld.%p.tmp", path, (long)getpid(), (void *)&tmp);
    FILE *f = fopen(tmp, "wb");
    if (!f) return;
    entry_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, MAGIC, 8);
    memcpy(h.key, hex, 32);
    h.len = len;
    kfft_hash s = kfft_checksum(bin, len);
    h.sum_a = s.a;
    h.sum_b = s.b;
    int ok = fwrite(&h, sizeof h, 1, f) == 1 && fwrite(bin, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path)) {
        remove(tmp);
    } else {
        touch(path);
        trim(ctx, path);
    }
}

static void entry_path(kfft_context ctx, const kfft_hash *key, const char *ext, char hex[33], char *path, size_t cap)
{
    kfft_hash_hex(key, hex);
    snprintf(path, cap, "%s/%s.%s", ctx->cache_dir, hex, ext);
}

int kfft_cache_open(kfft_context ctx, const kfft_hash *key, const char *ext, kfft_cache_view *v)
{
    memset(v, 0, sizeof *v);
    if (!ctx->cache_dir[0]) return 0;
    char hex[33], path[1100];
    entry_path(ctx, key, ext, hex, path, sizeof path);
    return disk_open(path, hex, v);
}

void kfft_cache_put(kfft_context ctx, const kfft_hash *key, const char *ext, const void *data, size_t len)
{
    if (!ctx->cache_dir[0]) return;
    char hex[33], path[1100];
    entry_path(ctx, key, ext, hex, path, sizeof path);
    disk_write(ctx, path, hex, data, len);
}

static kfft_status compile_and_store(kfft_context ctx, const char *src, const char *path, const char *hex, void **module)
{
    void *bin = NULL;
    size_t len = 0;
    double t0 = kfft_now_ms();
    kfft_status st = ctx->ops->compile(ctx->st, src, &bin, &len, module);
    if (st) return st;
    kfft_log(ctx, "compiled %s (%zu bytes of source) in %.0f ms", hex, strlen(src), kfft_now_ms() - t0);
    if (path) disk_write(ctx, path, hex, bin, len);
    free(bin);
    return KFFT_SUCCESS;
}

kfft_status kfft_module_acquire(kfft_context ctx, const char *src, kfft_module_entry **out)
{
    kfft_hash key = module_key(ctx, src);
    pthread_mutex_lock(&ctx->lock);
    for (kfft_module_entry *e = ctx->modules; e; e = e->next)
        if (e->key.a == key.a && e->key.b == key.b) {
            e->refs++;
            pthread_mutex_unlock(&ctx->lock);
            *out = e;
            return KFFT_SUCCESS;
        }
    pthread_mutex_unlock(&ctx->lock);

    /* Compile outside the lock: other threads keep planning. Two threads racing on the
     * same source both compile; the loser's module is dropped below. */
    char hex[33], path[1100];
    entry_path(ctx, &key, "kbin", hex, path, sizeof path);
    const char *pp = ctx->cache_dir[0] ? path : NULL;
    void *module = NULL;
    kfft_status st = KFFT_ERROR_INTERNAL;
    if (pp) {
        kfft_cache_view v;
        if (disk_open(pp, hex, &v)) {
            st = ctx->ops->load(ctx->st, v.data, v.len, &module);
            kfft_cache_close(&v);
            if (!st) kfft_log(ctx, "cache hit %s", pp);
            else kfft_log(ctx, "cache entry %s does not load; recompiling", pp);
        }
    }
    if (!module && (st = compile_and_store(ctx, src, pp, hex, &module))) return st;

    kfft_module_entry *e = calloc(1, sizeof *e);
    if (!e) {
        ctx->ops->unload(ctx->st, module);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a module entry");
    }
    e->key = key;
    e->module = module;
    e->refs = 1;
    pthread_mutex_lock(&ctx->lock);
    for (kfft_module_entry *o = ctx->modules; o; o = o->next)
        if (o->key.a == key.a && o->key.b == key.b) {
            o->refs++;
            pthread_mutex_unlock(&ctx->lock);
            ctx->ops->unload(ctx->st, module);
            free(e);
            *out = o;
            return KFFT_SUCCESS;
        }
    e->next = ctx->modules;
    ctx->modules = e;
    pthread_mutex_unlock(&ctx->lock);
    *out = e;
    return KFFT_SUCCESS;
}

/* Several programs at once (the tuner's candidates): duplicates are acquired once, and those
 * to compile are compiled by parallel threads (NVRTC and OpenCL builds of different programs
 * may run concurrently), since compiling is most of a tuning run. */
typedef struct {
    kfft_context ctx;
    const char *const *src;
    const int *dup;
    kfft_module_entry **out;
    kfft_status *st;
    char (*msg)[512];
    int n, next;
    pthread_mutex_t lock;
} many_job;

static void *many_worker(void *arg)
{
    many_job *j = arg;
    for (;;) {
        pthread_mutex_lock(&j->lock);
        int i = j->next++;
        pthread_mutex_unlock(&j->lock);
        if (i >= j->n) return NULL;
        if (j->dup[i] >= 0) continue;
        j->st[i] = kfft_module_acquire(j->ctx, j->src[i], &j->out[i]);
        if (j->st[i]) snprintf(j->msg[i], sizeof j->msg[i], "%s", kfft_error_message()); /* the message is per thread */
    }
}

kfft_status kfft_module_acquire_many(kfft_context ctx, const char *const *src, int n, kfft_module_entry **out)
{
    int *dup = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    kfft_status *sts = calloc((size_t)(n > 0 ? n : 1), sizeof *sts);
    char(*msg)[512] = calloc((size_t)(n > 0 ? n : 1), sizeof *msg);
    if (!dup || !sts || !msg) {
        free(dup);
        free(sts);
        free(msg);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for %d kernel programs", n);
    }
    int unique = 0;
    for (int i = 0; i < n; i++) {
        out[i] = NULL;
        dup[i] = -1;
        for (int k = 0; k < i && dup[i] < 0; k++)
            if (dup[k] < 0 && !strcmp(src[k], src[i])) dup[i] = k;
        unique += dup[i] < 0;
    }
    many_job j = {ctx, src, dup, out, sts, msg, n, 0, PTHREAD_MUTEX_INITIALIZER};
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int nt = unique < cpus ? unique : (int)cpus;
    if (nt > 16) nt = 16;
    pthread_t t[16];
    int started = 0;
    for (; started < nt - 1; started++) /* nt workers with this thread */
        if (pthread_create(&t[started], NULL, many_worker, &j)) break;
    many_worker(&j);
    for (int i = 0; i < started; i++) pthread_join(t[i], NULL);
    kfft_status st = KFFT_SUCCESS;
    for (int i = 0; i < n && !st; i++)
        if (dup[i] < 0 && sts[i]) st = kfft_fail(sts[i], "%s", msg[i]);
    for (int i = 0; i < n && !st; i++)
        if (dup[i] >= 0) st = kfft_module_acquire(ctx, src[i], &out[i]); /* in memory now */
    if (st)
        for (int i = 0; i < n; i++)
            if (out[i]) {
                kfft_module_release(ctx, out[i]);
                out[i] = NULL;
            }
    free(dup);
    free(sts);
    free(msg);
    return st;
}

#define KEEP_UNUSED 32

void kfft_module_release(kfft_context ctx, kfft_module_entry *e)
{
    /* Unused modules stay loaded (a later plan of the same kernels reuses them at no
     * cost), up to KEEP_UNUSED; beyond that the least recently created goes. */
    void *drop = NULL;
    pthread_mutex_lock(&ctx->lock);
    e->refs--;
    int unused = 0;
    kfft_module_entry **victim = NULL;
    for (kfft_module_entry **pe = &ctx->modules; *pe; pe = &(*pe)->next)
        if ((*pe)->refs == 0) {
            unused++;
            victim = pe;
        }
    if (unused > KEEP_UNUSED && victim) {
        kfft_module_entry *v = *victim;
        *victim = v->next;
        drop = v->module;
        free(v);
    }
    pthread_mutex_unlock(&ctx->lock);
    if (drop) ctx->ops->unload(ctx->st, drop);
}
