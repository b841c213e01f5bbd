/* How a plan's tables reach the device. fp32 plans with large tables have the device make
 * their twiddles, chirps and Rader index tables (the table kernel, gen/tabfill.c: exact
 * integer angles, double precision, rounded once), and only the Bluestein and Rader spectra,
 * which need an FFT of their own, come from the host: computed in (long) double, or read from
 * the disk cache. Other plans get every table from the host, rounded once to their precision
 * and cached on disk when large.
 *
 * Why: a warm plan of 2^24 points read 16 MB of twiddles from the disk cache, checked them and
 * copied them from pageable memory (6.3 ms of its plan time on the H100 host); 1000003 read
 * 27 MB. fp64 tables stay on the host, where they are correctly rounded: double sincospi on
 * the device is within a few ulps, which an fp32 rounding hides and fp64 results would not. */
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

/* The device's part: one launch of the table kernel per table it makes. */
static kfft_status fill(kfft_context ctx, const kfft_table *t, void *module, kfft_buffer buf)
{
    void *kern = NULL;
    kfft_status st = ctx->ops->get_kernel(ctx->st, module, "kfft_tab", &kern);
    for (int i = 0; i < t->nops && !st; i++) {
        const kfft_table_op *o = &t->ops[i];
        int64_t p1, p2, N;
        int kind = tab_device_kind(o, &p1, &p2, &N);
        if (!kind || o->count == 0) continue;
        kfft_launch_args a = {buf, buf, buf, p2, o->off, o->count, p1, kind, N};
        st = ctx->ops->launch(ctx->st, kern, (size_t)gen_table_groups(o->count), gen_table_threads(), 0, &a);
    }
    if (kern) ctx->ops->put_kernel(ctx->st, kern);
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
        int64_t p1, p2, N;
        if (!tab_device_kind(&t->ops[i], &p1, &p2, &N) && t->ops[i].count) p[np++] = (piece){t->ops[i].off, t->ops[i].count};
    }
    return np;
}

kfft_status kfft_tables_load(kfft_context ctx, kfft_table *t, int f64, void *module, kfft_buffer *out)
{
    int dev = module != NULL;
    size_t eb = 2 * (size_t)(f64 ? 8 : 4), bytes = 0, got = 0; /* per complex element */
    piece *pc = malloc(sizeof *pc * (size_t)(t->nops + 1));
    if (!pc) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a plan");
    int np = host_pieces(t, dev, pc);
    for (int i = 0; i < np; i++) bytes += (size_t)pc[i].n * eb;
    void *host = NULL;
    int cached = bytes >= TABLE_BIG;
    kfft_hash key = tab_key(t, f64, dev);
    if (cached && (host = kfft_cache_get(ctx, &key, "ktab", &got)) && got != bytes) {
        free(host);
        host = NULL;
    }
    if (host) kfft_log(ctx, "tables: cache hit (%zu bytes)", bytes);
    if (!host && bytes) {
        if (tab_compute(t, dev) || !(host = malloc(bytes))) {
            free(pc);
            return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for tables (%zu bytes)", (size_t)t->len * 16 + bytes);
        }
        size_t k = 0; /* reals packed so far */
        for (int i = 0; i < np; i++) {
            const double *v = t->v + 2 * pc[i].off;
            size_t n = 2 * (size_t)pc[i].n;
            if (f64)
                memcpy((double *)host + k, v, n * sizeof(double));
            else
                for (size_t j = 0; j < n; j++) ((float *)host)[k + j] = (float)v[j]; /* round once */
            k += n;
        }
        free(t->v); /* the plan keeps only the device copy */
        t->v = NULL;
        if (cached) kfft_cache_put(ctx, &key, "ktab", host, bytes);
    }
    kfft_status st = kfft_dev_alloc(ctx, (size_t)(t->len ? t->len : 1) * eb, out);
    if (!st && dev) st = fill(ctx, t, module, *out);
    for (size_t i = 0, k = 0; !st && i < (size_t)np; k += (size_t)pc[i].n * eb, i++)
        st = ctx->ops->h2d(ctx->st, *out, (size_t)pc[i].off * eb, (char *)host + k, (size_t)pc[i].n * eb);
    free(host);
    free(pc);
    if (st && *out) {
        kfft_dev_release(ctx, *out);
        *out = NULL;
    }
    return st;
}
