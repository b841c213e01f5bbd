/* How a plan's tables reach the device. fp32 plans with large tables have the device make
 * their twiddles, chirps and Rader index tables (the table kernel, gen/tabfill.c: exact
 * integer angles, double precision, rounded once), and only the Bluestein and Rader spectra,
 * which need an FFT of their own, come from the host: computed in (long) double, or read from
 * the disk cache. Other plans get every table from the host, rounded once to their precision
 * and cached on disk when large.
 *
 * Why: a warm plan of 2^24 points read 16 MB of twiddles from the disk cache, checked them and
 * copied them from pageable memory (6.3 ms of its plan time on the H100 host; 1.3 ms with the
 * device making them); 1000003 read 27 MB (now half its 16 MB spectrum alone, mapped from the
 * cache file: kfft_cache_open; the device mirrors the other half, tab_mirrored). fp64 tables
 * stay on the host, where they are correctly rounded: double sincospi on the device is within
 * a few ulps, which an fp32 rounding hides and fp64 results would not. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "plan/plan.h"

/* Host-made tables of at least this many bytes go through the disk cache (smaller ones are
 * made faster than a file is read). */
#define TABLE_BIG ((size_t)64 << 10)
/* The device makes fp32 tables where its part is at least this large: below, loading the
 * table program costs about what it saves (H100, warm plans, the median of five:
 * 8219's 88 KB 0.6-0.8 -> 0.9-1.2 ms, 2^20's 650 KB 1.5-2.8 -> 1.2-1.8 ms; 2^22's 2.4 MB
 * 1.9-4.2 -> 1.0-1.5 ms; bench/results/h100-2026-11-25j-tables.txt). */
#define DEVICE_MIN ((size_t)1 << 20)

int kfft_tables_device_made(kfft_context ctx, const kfft_table *t, int f64)
{
    return !f64 && ctx->info.fp64 && (size_t)tab_device_elems(t) * 8 >= DEVICE_MIN;
}

void kfft_tables_program(strbuf *src, int dialect) { gen_table_program(src, dialect); }

/* The device's part: one launch of the table kernel kern per table it makes, or (mirror,
 * after the host's part has arrived) per even table whose second half it copies. */
static kfft_status fill(kfft_context ctx, const kfft_table *t, void *kern, kfft_buffer buf, int mirror)
{
    kfft_status st = KFFT_SUCCESS;
    for (int i = 0; i < t->nops && !st; i++) {
        const kfft_table_op *o = &t->ops[i];
        int64_t p1 = 0, p2 = 0, N = 0, count = o->count;
        int kind = mirror ? (count = tab_mirrored(o, &N)) ? KT_MIRROR : 0 : tab_device_kind(o, &p1, &p2, &N);
        if (!kind || count == 0) continue;
        kfft_launch_args a = {.in = buf, .out = buf, .tw = buf, .in_off = p2, .out_off = o->off, .ncols = count, .tbase = p1,
                              .inv = kind, .aux = N}; /* as gen.h's table kernel reads them */
        st = ctx->ops->launch(ctx->st, kern, (size_t)gen_table_groups(count), gen_table_threads(), 0, &a);
    }
    return st;
}

/* The pieces of the table the host sends, in complex elements: (dev) the spectra, else the
 * whole table (at least one element, so kernels always have a table). */
typedef struct {
    int64_t off, n;
} piece;

static int host_pieces(const kfft_table *t, int dev, piece *p)
{
    if (!dev) {
        p[0] = (piece){0, t->len ? t->len : 1};
        return 1;
    }
    int np = 0;
    for (int i = 0; i < t->nops; i++) {
        int64_t N, n = t->ops[i].count - tab_mirrored(&t->ops[i], &N); /* an even table's first half */
        if (!tab_on_device(&t->ops[i]) && n) p[np++] = (piece){t->ops[i].off, n};
    }
    return np;
}

struct kfft_tables_job {
    kfft_context ctx;
    kfft_table *t;
    int f64, dev, np, threaded;
    piece *pc;
    size_t bytes; /* of the host's pieces, packed one after the other in `host` */
    void *host;   /* malloc'ed, or view's payload (a cache hit, mapped) */
    kfft_cache_view view;
    kfft_status st;
    char err[512];
    pthread_t th;
};

/* The host's part, packed in the plan's precision: from the disk cache, or computed in (long)
 * double, rounded once and stored there when large. */
static kfft_status host_part(kfft_tables_job *j)
{
    kfft_table *t = j->t;
    if (!j->bytes) return KFFT_SUCCESS;
    int cached = j->bytes >= TABLE_BIG;
    kfft_hash key = tab_key(t, j->f64, j->dev);
    double t0 = kfft_now_ms();
    if (cached && kfft_cache_open(j->ctx, &key, "ktab", &j->view)) {
        if (j->view.len == j->bytes) {
            j->host = (void *)j->view.data; /* read only: sent to the device as it is */
            kfft_log(j->ctx, "tables: cache hit (%zu bytes, mapped and checked in %.2f ms)", j->bytes, kfft_now_ms() - t0);
            return KFFT_SUCCESS;
        }
        kfft_cache_close(&j->view);
    }
    if (tab_compute(t, j->dev) || !(j->host = malloc(j->bytes)))
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for tables (%zu bytes)", (size_t)t->len * 16 + j->bytes);
    size_t k = 0; /* reals packed so far */
    for (int i = 0; i < j->np; i++) {
        const double *v = t->v + 2 * j->pc[i].off;
        size_t n = 2 * (size_t)j->pc[i].n;
        if (j->f64)
            memcpy((double *)j->host + k, v, n * sizeof(double));
        else
            for (size_t q = 0; q < n; q++) ((float *)j->host)[k + q] = (float)v[q]; /* round once */
        k += n;
    }
    free(t->v); /* the plan keeps only the device copy */
    t->v = NULL;
    if (cached) kfft_cache_put(j->ctx, &key, "ktab", j->host, j->bytes);
    return KFFT_SUCCESS;
}

static void *host_run(void *arg)
{
    kfft_tables_job *j = arg;
    if ((j->st = host_part(j))) snprintf(j->err, sizeof j->err, "%s", kfft_error_message());
    return NULL;
}

static void job_free(kfft_tables_job *j)
{
    if (!j) return;
    if (j->view.map)
        kfft_cache_close(&j->view);
    else
        free(j->host);
    free(j->pc);
    free(j);
}

kfft_status kfft_tables_begin(kfft_context ctx, kfft_table *t, int f64, int dev, kfft_tables_job **out)
{
    *out = NULL;
    kfft_tables_job *j = calloc(1, sizeof *j);
    if (!j || !(j->pc = malloc(sizeof *j->pc * (size_t)(t->nops + 1)))) {
        free(j);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a plan");
    }
    j->ctx = ctx;
    j->t = t;
    j->f64 = f64;
    j->dev = dev;
    j->np = host_pieces(t, dev, j->pc);
    for (int i = 0; i < j->np; i++) j->bytes += (size_t)j->pc[i].n * 2 * (size_t)(f64 ? 8 : 4);
    /* A large part (a spectrum to compute or read) runs beside the kernels' compile or load. */
    j->threaded = j->bytes >= TABLE_BIG && !pthread_create(&j->th, NULL, host_run, j);
    *out = j;
    return KFFT_SUCCESS;
}

kfft_status kfft_tables_end(kfft_tables_job *j, void *module, kfft_buffer *out)
{
    *out = NULL;
    if (!j) return kfft_fail(KFFT_ERROR_INTERNAL, "tables: no job");
    kfft_context ctx = j->ctx;
    kfft_status st;
    double t0 = kfft_now_ms();
    if (j->threaded) {
        pthread_join(j->th, NULL);
        st = j->st ? kfft_fail(j->st, "%s", j->err) : KFFT_SUCCESS;
    } else {
        st = host_part(j);
    }
    if (!st && j->dev != (module != NULL)) st = kfft_fail(KFFT_ERROR_INTERNAL, "tables: begun for %s, ended %s the table program",
                                                          j->dev ? "the device" : "the host", module ? "with" : "without");
    size_t eb = 2 * (size_t)(j->f64 ? 8 : 4);
    if (!st) st = kfft_dev_alloc(ctx, (size_t)(j->t->len ? j->t->len : 1) * eb, out);
    void *kern = NULL; /* the table kernel, looked up once for both of fill's calls */
    if (!st && j->dev) st = ctx->ops->get_kernel(ctx->st, module, "kfft_tab", &kern);
    if (!st && j->dev) st = fill(ctx, j->t, kern, *out, 0);
    double t1 = kfft_now_ms();
    for (size_t i = 0, k = 0; !st && i < (size_t)j->np; k += (size_t)j->pc[i].n * eb, i++)
        st = ctx->ops->h2d(ctx->st, *out, (size_t)j->pc[i].off * eb, (char *)j->host + k, (size_t)j->pc[i].n * eb);
    if (!st && j->dev) st = fill(ctx, j->t, kern, *out, 1);
    if (kern) ctx->ops->put_kernel(ctx->st, kern);
    /* where a warm plan's time goes after its kernels: the host's part (if not done beside
     * them) and the device's, then the copy of the host's */
    if (!st)
        kfft_log(ctx, "tables: %lld bytes, %zu of them from the host%s; %.2f ms to finish the parts, %.2f ms to send the host's%s",
                 (long long)(j->t->len ? j->t->len : 1) * (long long)eb, j->bytes, j->dev ? ", the rest made on the device" : "", t1 - t0,
                 kfft_now_ms() - t1, j->dev ? " (the copy waits for the table kernel)" : "");
    job_free(j);
    if (st && *out) {
        kfft_dev_release(ctx, *out);
        *out = NULL;
    }
    return st;
}

void kfft_tables_cancel(kfft_tables_job *j)
{
    if (j && j->threaded) pthread_join(j->th, NULL);
    job_free(j);
}

kfft_status kfft_tables_load(kfft_context ctx, kfft_table *t, int f64, void *module, kfft_buffer *out)
{
    kfft_tables_job *j;
    kfft_status st = kfft_tables_begin(ctx, t, f64, module != NULL, &j);
    return st ? st : kfft_tables_end(j, module, out);
}
