/* The sparse-input 2-D FFT (kfft_sparse.h): a plan is the matrix on the device in its
 * narrowest form, the direct-sum kernel (src/gen/sparse.c), and a batched length-C FFT plan
 * whose store writes each spectrum row u and its mirror R-u (KS_ST_MIRROR). Execution walks
 * the rows u <= R/2 that the requested spectrum rows need, in tiles sized to the budget:
 * per tile one direct-sum launch into G, then the row FFTs from G to the output (the
 * caller's device buffer, or a staging area copied to the host).
 * The whole spectrum into a device buffer needs no G: G's row u lies in the spectrum rows
 * its transform writes (u and R-u; kspec.h: KS_LD_FOLD, or row u of the full spectrum), so
 * one direct-sum launch fills the output with G and the row FFTs overwrite it in place
 * (each block, or the first pass, reads its rows whole before any of them is written). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "gen/gen.h"
#include "kfft_sparse.h"
#include "plan/plan.h"
#include "plan/tables.h"
#include "sparse/spfft.h"

#define DEFAULT_BUDGET ((size_t)1 << 30)

typedef struct {
    int64_t a, b; /* rows u in [a, b) */
} urange;

struct kfft_spfft_plan_s {
    kfft_context ctx;
    int f64, full, to_host, inplace; /* inplace: G in the caller's output (see the top) */
    int64_t R, C, width, row_a, row_b;
    urange ur[2];
    int nur;
    int64_t U, nu; /* rows u per tile; rows u in all */
    ks_sparse ks;
    kfft_module_entry *mod;
    void *kern;
    kfft_buffer mat, tw, G, stage;
    kfft_plan fft;
    void *pipe, *host[2]; /* to_host: the output pipeline and its two host buffers */
    kfft_spfft_info info;
};

void kfft_spfft_plan_destroy(kfft_spfft_plan p)
{
    if (!p) return;
    kfft_context ctx = p->ctx;
    if (p->kern) ctx->ops->put_kernel(ctx->st, p->kern);
    if (p->mod) kfft_module_release(ctx, p->mod);
    kfft_buffer bufs[4] = {p->mat, p->tw, p->G, p->stage};
    for (int i = 0; i < 4; i++)
        if (bufs[i]) kfft_dev_release(ctx, bufs[i]);
    kfft_plan_destroy(p->fft);
    if (p->pipe) ctx->ops->pipe_close(ctx->st, p->pipe);
    free(p);
}

static size_t align16(size_t x) { return (x + 15) & ~(size_t)15; }

/* The matrix as one device blob: colptr (uint32 when nnz < 2^32), rows (the matrix's own
 * uint16/uint32), values in the plan's precision (weighted only). */
static size_t matrix_layout(ks_sparse *k, const kfft_sparse *m)
{
    k->colptr64 = m->nnz >= ((int64_t)1 << 32);
    k->row32 = m->index == KFFT_SPARSE_U32;
    k->weighted = m->mode == KFFT_SPARSE_WEIGHTED && m->values;
    size_t cpb = (size_t)(m->cols + 1) * (k->colptr64 ? 8 : 4), rb = (size_t)m->nnz * (size_t)m->index;
    size_t vb = k->weighted ? (size_t)m->nnz * (k->f64 ? 8 : 4) : 0;
    k->off_colptr = 0;
    k->off_rows = (int64_t)align16(cpb);
    k->off_vals = k->off_rows + (int64_t)align16(rb);
    return (size_t)k->off_vals + align16(vb);
}

static kfft_status upload_matrix(kfft_spfft_plan p, const kfft_sparse *m)
{
    ks_sparse *k = &p->ks;
    size_t bytes = matrix_layout(k, m), rb = (size_t)m->nnz * (size_t)m->index;
    unsigned char *h = calloc(1, bytes);
    if (!h) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory to stage the matrix (%zu bytes)", bytes);
    for (int64_t c = 0; c <= m->cols; c++) {
        if (k->colptr64) ((int64_t *)h)[c] = m->colptr[c];
        else ((uint32_t *)h)[c] = (uint32_t)m->colptr[c];
    }
    if (rb) memcpy(h + k->off_rows, k->row32 ? (const void *)m->row32 : (const void *)m->row16, rb);
    for (int64_t q = 0; k->weighted && q < m->nnz; q++) {
        if (p->f64) ((double *)(h + k->off_vals))[q] = m->values[q];
        else ((float *)(h + k->off_vals))[q] = (float)m->values[q];
    }
    kfft_status st = kfft_dev_alloc(p->ctx, bytes, &p->mat);
    if (!st) st = p->ctx->ops->h2d(p->ctx->st, p->mat, 0, h, bytes);
    free(h);
    p->info.matrix_bytes = bytes;
    return st;
}

/* The sums kernel's block: 32 lanes over rows u, upl rows per lane (the later ones by a
 * multiplication each), cols columns (cols/8 per warp), with cols * upl fixed by the
 * registers. More rows per lane spread each entry's index and table work over more rows; more
 * columns per block keep the per-block work (the transposed stores) small beside few entries.
 * Over 10 matrices of 3..96 entries per column (bench/results/h100-2026-11-26b-spfft-sums.txt)
 * the best shape went with the entries per column: below 12, 32 x 8 (delaunay_n14, 6: 1.81 ms,
 * 16 x 16 1.89); below 40, 16 x 16 (benzene, 30: 1.43 -> 1.37 ms); else 8 x 32 (the 52329^2
 * stencil, 50: 75.6 -> 65.7 ms; 96 per column: 6.67 -> 5.61 ms). A block's rows stay within
 * the nu rows u there are. */
static void sums_shape(ks_sparse *k, const kfft_sparse *m, int64_t nu)
{
    int64_t per_col = m->nnz / (m->cols > 0 ? m->cols : 1);
    k->cols = per_col < 12 ? 32 : per_col < 40 ? 16 : 8;
    while (k->cols < 32 && 32 * 256 / k->cols > nu) k->cols *= 2;
    k->upl = 256 / k->cols;
}

/* W_R^m = lo[m mod 2^s] * hi[m >> s], both from double with exact indices. */
static void angle_layout(ks_sparse *k)
{
    int s = tab_split_shift(k->R);
    k->tw_shift = s;
    k->n_lo = (int64_t)1 << s;
    k->n_hi = ((k->R - 1) >> s) + 1;
    k->tw_lo = 0; /* the two tables, one after the other */
    k->tw_hi = k->n_lo;
    k->tw_smem = (k->n_lo + k->n_hi) * (k->f64 ? 16 : 8) <= 16384;
}

static kfft_status upload_angles(kfft_spfft_plan p)
{
    ks_sparse *k = &p->ks;
    angle_layout(k);
    kfft_table t = {0};
    tab_split(&t, p->R, k->tw_shift); /* at 0 and n_lo, as angle_layout says */
    size_t bytes = (size_t)t.len * (p->f64 ? 16 : 8);
    kfft_status st = t.oom ? kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for the angle tables")
                           : kfft_tables_load(p->ctx, &t, p->f64, NULL, &p->tw); /* host-made, rounded once */
    tab_free(&t);
    p->info.fft_bytes += bytes;
    return st;
}

/* The row FFTs: length C over rows u (stride C in G), writing spectrum rows of width
 * elements through the mirror store. work_cap 0 asks only for the schedule's shape. */
static void fft_problem(const kfft_spfft_plan p, int64_t work_cap, kfft_problem *q)
{
    memset(q, 0, sizeof *q);
    q->type = KFFT_C2C;
    q->f64 = p->f64;
    q->rank = 1;
    q->dims[0] = (kfft_dim){p->C, 1, 1};
    q->hrank = 1;
    q->hm[0] = (kfft_dim){p->R / 2 + 1, p->C, p->width};
    q->norm = KFFT_NORM_NONE;
    q->mirror.on = 1;
    q->mirror.full = p->full;
    q->mirror.R = p->R;
    q->mirror.a = p->row_a;
    q->mirror.b = p->row_b;
    q->mirror.ld = p->width;
    q->mirror.fold = p->inplace && !p->full; /* the full spectrum's row u holds G's row u as it is */
    q->work_cap = work_cap;
}

/* Rows u <= R/2 needed for spectrum rows [a, b): u itself (u <= R/2) and u = R - r for
 * rows r > R/2 (then 1 <= u and 2u < R). */
static void needed_u(kfft_spfft_plan p)
{
    int64_t R = p->R, a = p->row_a, b = p->row_b;
    urange d = {a, b < R / 2 + 1 ? b : R / 2 + 1};
    urange m = {R - b + 1 > 1 ? R - b + 1 : 1, (R - a < (R - 1) / 2 ? R - a : (R - 1) / 2) + 1};
    p->nur = 0;
    if (d.a < d.b) p->ur[p->nur++] = d;
    if (m.a < m.b) {
        if (p->nur && m.a <= p->ur[0].b && m.b >= p->ur[0].a) { /* overlapping: merge */
            p->ur[0].a = m.a < p->ur[0].a ? m.a : p->ur[0].a;
            p->ur[0].b = m.b > p->ur[0].b ? m.b : p->ur[0].b;
        } else {
            p->ur[p->nur++] = m;
        }
    }
    if (p->nur == 2 && p->ur[1].a < p->ur[0].a) {
        urange t = p->ur[0];
        p->ur[0] = p->ur[1];
        p->ur[1] = t;
    }
    p->nu = 0;
    for (int i = 0; i < p->nur; i++) p->nu += p->ur[i].b - p->ur[i].a;
}

/* Where the direct sums write G: U rows per tile, or folded into the output (in place). */
static void sums_layout(kfft_spfft_plan p, int64_t U)
{
    p->ks.idx64 = (p->inplace ? 2 * p->R * p->width : U * p->C) > ((int64_t)1 << 30);
    p->ks.fold = p->inplace && !p->full ? p->width : 0;
}

static kfft_status plan_tiles(kfft_spfft_plan p, size_t budget)
{
    kfft_context ctx = p->ctx;
    int64_t eb = p->f64 ? 16 : 8;
    kfft_problem q;
    fft_problem(p, 0, &q);
    kfft_schedule s;
    kfft_status st = kfft_schedule_build(&q, &ctx->info, &s);
    if (st) return st;
    /* Work area per row u: the multi-pass FFT's buffers (0 for one-kernel rows). */
    int64_t ws_per_u = 0;
    if (s.nwork) ws_per_u = (int64_t)s.nwork * (s.work_elems / s.stage[0].chunk) * eb;
    size_t tables = (size_t)s.table_len * (size_t)eb;
    int multipass = s.nsteps > 1, clu = s.spec[0].clu, bluestein = (s.spec[0].ops & (KS_PRE_CHIRP | KS_MID_BLUESTEIN)) != 0,
        rader = (s.spec[0].ops & KS_MID_RADER) != 0;
    int64_t N = s.spec[0].N;
    kfft_schedule_free(&s);
    /* G's row (none in place), and to_host: two staging slots of two spectrum rows per u (the
     * row and its mirror). */
    int64_t per_u = (p->inplace ? 0 : p->C * eb) + ws_per_u + (p->to_host ? 4 * p->width * eb : 0);
    size_t fixed = p->info.matrix_bytes + p->info.fft_bytes + tables + 4096;
    int64_t U = budget <= fixed ? 0 : per_u ? (int64_t)((budget - fixed) / (size_t)per_u) : p->nu;
    if (U < 1)
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY,
                         "budget: %zu bytes cannot hold the matrix and tables (%zu bytes) and one tile row (%lld bytes): "
                         "at least %zu bytes are needed",
                         budget, fixed, (long long)per_u, fixed + (size_t)per_u);
    /* In place the sums run in one launch and only the work area is per row: a tile is a
     * chunk of the row FFT, as large as the budget allows (chunks of 256 MB at most cost fp64
     * benzene 4.14 -> 4.47 ms and the fp64 52329^2 stencil 252 -> 280 ms on the H100:
     * bench/results/h100-2026-11-26b-spfft-sums.txt part 5). */
    if (U >= p->nu) U = p->nu;
    else if (U > 64) U -= U % 32; /* whole blocks of the direct-sum kernel */
    p->U = U;
    p->info.tile_rows = U;
    p->info.tiles = 0;
    for (int i = 0; i < p->nur; i++) p->info.tiles += (p->ur[i].b - p->ur[i].a + U - 1) / U;
    p->info.tile_bytes = p->inplace ? 0 : (size_t)(U * p->C * eb);
    fft_problem(p, ws_per_u ? U * ws_per_u : 0, &q);
    /* The direct-sum kernel compiles with the row FFT's kernels, in parallel: a cold plan
     * waits for the slowest program, not for the sum (NVRTC, benzene: 0.37-0.46 s and
     * 0.67-0.69 s, bench/results/local-2026-11-25f-spfft-compile.txt; cold plan on the H100
     * 1.6-2.3 s -> 0.8-1.2 s, h100-2026-11-25g-spfft-cold.txt). */
    sums_layout(p, U);
    strbuf src;
    sb_init(&src);
    gen_sparse_program(&src, ctx->info.dialect, &p->ks);
    if (src.oom) {
        sb_free(&src);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for kernel source");
    }
    st = kfft_plan_from_problem_with(ctx, &q, src.s, &p->mod, &p->fft);
    sb_free(&src);
    if (st) return st;
    p->info.fft_bytes += kfft_plan_device_bytes(p->fft);
    if (!p->inplace && (st = kfft_dev_alloc(ctx, p->info.tile_bytes, &p->G))) return st;
    if (p->to_host) {
        p->info.staging_bytes = (size_t)(4 * U * p->width * eb);
        if ((st = kfft_dev_alloc(ctx, p->info.staging_bytes, &p->stage))) return st;
        if ((st = ctx->ops->pipe_open(ctx->st, p->info.staging_bytes / 2, &p->pipe, p->host))) return st;
    }
    p->info.device_bytes = p->info.matrix_bytes + p->info.fft_bytes + p->info.tile_bytes + p->info.staging_bytes;
    snprintf(p->info.route, sizeof p->info.route,
             "rows (R=%lld): direct sums over the stored entries for %lld of %lld frequencies (the rest by conjugate "
             "symmetry); columns (C=%lld): %s FFT%s",
             (long long)p->R, (long long)p->nu, (long long)p->R, (long long)p->C, bluestein ? "Bluestein" : rader ? "Rader" : "mixed-radix",
             multipass ? ", multi-pass" : ", one kernel");
    size_t o = strlen(p->info.route);
    if (clu) o += (size_t)snprintf(p->info.route + o, sizeof p->info.route - o, " (two passes, in clusters of %d blocks)", clu);
    if (bluestein) o += (size_t)snprintf(p->info.route + o, sizeof p->info.route - o, " (m=%lld)", (long long)N);
    if (p->inplace && o < sizeof p->info.route) snprintf(p->info.route + o, sizeof p->info.route - o, "; G in the output");
    return KFFT_SUCCESS;
}

/* The plan's sizes from the matrix and the description (rows already validated). */
static void plan_shape(kfft_spfft_plan p, const kfft_sparse *m, const kfft_spfft_desc *d, int64_t a, int64_t b)
{
    p->f64 = d->precision == KFFT_F64;
    p->full = d->full != 0;
    p->to_host = d->to_host != 0;
    p->inplace = !p->to_host && a == 0 && b == m->rows;
    p->R = m->rows;
    p->C = m->cols;
    p->width = p->full ? p->C : p->C / 2 + 1;
    p->row_a = a;
    p->row_b = b;
    p->ks.f64 = p->f64;
    p->ks.R = p->R;
    p->ks.C = p->C;
}

kfft_status kfft_spfft_plan_create(kfft_context ctx, const kfft_sparse *m, const kfft_spfft_desc *d, kfft_spfft_plan *out)
{
    kfft_clear_error();
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan: output pointer is NULL");
    *out = NULL;
    if (!ctx || !m || !d) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", !ctx ? "ctx" : !m ? "matrix" : "desc");
    if (d->precision != KFFT_F32 && d->precision != KFFT_F64)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "precision must be KFFT_F32 or KFFT_F64 (got %d)", (int)d->precision);
    if (d->precision == KFFT_F64 && !ctx->info.fp64)
        return kfft_fail(KFFT_ERROR_UNSUPPORTED, "precision: device '%s' has no double precision", ctx->info.name);
    if (m->rows < 1 || m->cols < 1 || m->rows > KFFT_SPARSE_MAX_DIM || m->cols > KFFT_SPARSE_MAX_DIM || !m->colptr)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "matrix: not a built kfft_sparse (%lld x %lld)", (long long)m->rows,
                         (long long)m->cols);
    int64_t a = d->row_begin, b = d->row_end;
    if (a == 0 && b == 0) b = m->rows;
    if (a < 0 || b > m->rows || a >= b)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "rows: [%lld, %lld) is not a non-empty range within 0..%lld", (long long)a,
                         (long long)b, (long long)m->rows);
    kfft_spfft_plan p = calloc(1, sizeof *p);
    if (!p) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a plan");
    p->ctx = ctx;
    plan_shape(p, m, d, a, b);
    p->info.rows = b - a;
    p->info.cols = p->width;
    needed_u(p);
    sums_shape(&p->ks, m, p->nu);
    kfft_status st = upload_matrix(p, m);
    if (!st) st = upload_angles(p);
    if (!st) st = plan_tiles(p, d->budget ? d->budget : DEFAULT_BUDGET);
    if (!st) st = ctx->ops->get_kernel(ctx->st, p->mod->module, "kfft_sp", &p->kern);
    if (st) goto fail;
    kfft_log(ctx, "spfft %lld x %lld nnz %lld: %s; %lld tiles of %lld rows u, %zu device bytes", (long long)p->R, (long long)p->C,
             (long long)m->nnz, p->info.route, (long long)p->info.tiles, (long long)p->U, p->info.device_bytes);
    kfft_log_kernel(ctx, "sums", p->kern, gen_sparse_threads(), gen_sparse_smem(&p->ks), 0); /* the FFT plan logged its own */
    *out = p;
    return KFFT_SUCCESS;
fail:
    kfft_spfft_plan_destroy(p);
    return st;
}

kfft_status kfft_spfft_plan_info(kfft_spfft_plan p, kfft_spfft_info *info)
{
    kfft_clear_error();
    if (!p || !info) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", p ? "info" : "plan");
    *info = p->info;
    return KFFT_SUCCESS;
}

/* One tile: rows u in [u0, u1), their sums into G (the plan's tile, or the output itself in
 * place, then u0 = 0), their row FFTs into out (out_off and aux as KS_ST_MIRROR defines them). */
static kfft_status run_tile(kfft_spfft_plan p, int64_t u0, int64_t u1, kfft_buffer G, kfft_buffer out, int64_t out_off,
                            int64_t aux)
{
    kfft_context ctx = p->ctx;
    int64_t nu = u1 - u0;
    kfft_launch_args a = {p->mat, G, p->tw, 0, 0, nu, u0, 0, 0};
    size_t smem = gen_sparse_smem(&p->ks);
    kfft_status st = ctx->ops->launch(ctx->st, p->kern, (size_t)gen_sparse_groups(&p->ks, nu), gen_sparse_threads(), smem, &a);
    if (st) return st;
    return kfft_plan_run_range(p->fft, G, -u0 * p->C, out, out_off, aux, u0, u1);
}

kfft_status kfft_spfft_execute(kfft_spfft_plan p, kfft_buffer out)
{
    kfft_clear_error();
    if (!p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan is NULL");
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "out: NULL buffer");
    if (p->inplace) return run_tile(p, 0, p->nu, out, out, 0, 0); /* rows [0, nu): G in the output */
    int64_t off = -p->row_a * p->width;
    for (int i = 0; i < p->nur; i++)
        for (int64_t u0 = p->ur[i].a; u0 < p->ur[i].b; u0 += p->U) {
            int64_t u1 = u0 + p->U < p->ur[i].b ? u0 + p->U : p->ur[i].b;
            kfft_status st = run_tile(p, u0, u1, p->G, out, off, off);
            if (st) return st;
        }
    return KFFT_SUCCESS;
}

static int64_t max64(int64_t x, int64_t y) { return x > y ? x : y; }
static int64_t min64(int64_t x, int64_t y) { return x < y ? x : y; }

/* A tile's output rows, in up to two blocks of consecutive spectrum rows. */
typedef struct {
    int64_t r0[2], r1[2], srow[2]; /* rows [r0, r1) sit at row srow of the staging slot */
    int slot;
} tile_rows;

/* memcpy in up to 8 threads: one thread moves 5-10 GB/s between host buffers, under the
 * page-locked copy from the device that runs beside it. */
typedef struct {
    char *dst;
    const char *src;
    size_t bytes;
} copy_part;

static void *copy_part_run(void *arg)
{
    copy_part *c = arg;
    memcpy(c->dst, c->src, c->bytes);
    return NULL;
}

static void par_memcpy(char *dst, const char *src, size_t bytes)
{
    enum { PARTS = 8 };
    copy_part part[PARTS];
    pthread_t th[PARTS];
    int started[PARTS] = {0}, n = bytes >= ((size_t)32 << 20) ? PARTS : 1;
    size_t step = (bytes / (size_t)n + 4095) & ~(size_t)4095;
    for (int k = 0; k < n; k++) {
        size_t a = (size_t)k * step < bytes ? (size_t)k * step : bytes, b = a + step < bytes ? a + step : bytes;
        part[k] = (copy_part){dst + a, src + a, b - a};
        /* The calling thread takes part 0, and any part no thread could be started for. */
        started[k] = k > 0 && b > a && !pthread_create(&th[k], NULL, copy_part_run, &part[k]);
    }
    for (int k = 0; k < n; k++)
        if (!started[k]) copy_part_run(&part[k]);
    for (int k = 1; k < n; k++)
        if (started[k]) pthread_join(th[k], NULL);
}

/* A tile's rows, once their copy from the device has arrived in host slot t->slot: to the
 * caller's array (dst; nothing left to do where the copy went there directly), or handed to
 * fn. */
static kfft_status deliver(kfft_spfft_plan p, const tile_rows *t, kfft_spfft_rows_fn fn, void *user, char *dst, int direct)
{
    kfft_status st = p->ctx->ops->pipe_wait(p->ctx->st, p->pipe, t->slot);
    size_t rb = (size_t)p->width * (p->f64 ? 16 : 8);
    for (int j = 0; j < 2 && !st && !direct; j++) {
        if (t->r1[j] <= t->r0[j]) continue;
        const char *from = (const char *)p->host[t->slot] + (size_t)t->srow[j] * rb;
        if (dst)
            par_memcpy(dst + (size_t)(t->r0[j] - p->row_a) * rb, from, (size_t)(t->r1[j] - t->r0[j]) * rb);
        else if (fn(user, t->r0[j], t->r1[j] - t->r0[j], from))
            st = kfft_fail(KFFT_ERROR_IO, "the output callback stopped the transform at rows %lld..%lld", (long long)t->r0[j],
                           (long long)(t->r1[j] - 1));
    }
    return st;
}

/* Queues the copy of a computed tile's rows from device staging slot t->slot to host slot
 * t->slot (page-locked on CUDA: the copy runs beside the host thread), or straight to the
 * caller's array where that is page-locked (direct). */
static kfft_status copy_out(kfft_spfft_plan p, const tile_rows *t, char *dst, int direct)
{
    kfft_context ctx = p->ctx;
    int64_t W = p->width, eb = p->f64 ? 16 : 8;
    size_t rb = (size_t)(W * eb), base = (size_t)t->slot * (size_t)(2 * p->U * W) * (size_t)eb;
    kfft_status st = KFFT_SUCCESS;
    for (int j = 0; j < 2 && !st; j++) {
        if (t->r1[j] <= t->r0[j]) continue;
        size_t bytes = (size_t)(t->r1[j] - t->r0[j]) * rb, from = base + (size_t)t->srow[j] * rb;
        char *to = direct ? dst + (size_t)(t->r0[j] - p->row_a) * rb : (char *)p->host[t->slot] + (size_t)t->srow[j] * rb;
        st = ctx->ops->pipe_copy(ctx->st, p->pipe, t->slot, to, p->stage, from, bytes);
    }
    return st;
}

/* Tiles through a three-stage pipeline, tile i in slot i%2 on the device and on the host:
 * tile i's kernels are queued, then tile i-1's copy to the host, then tile i-2 is delivered
 * (copied on to the caller's array or handed to fn) while tile i-1's copy and tile i's kernels
 * run. Slot reuse is ordered by events: tile i's kernels wait for the copy of tile i-2 out of
 * the device slot, and tile i-2's host slot is delivered before tile i's copy is queued. A
 * page-locked caller's array (direct) takes the copies itself: no host slot, no host copy. */
static kfft_status run_host(kfft_spfft_plan p, kfft_spfft_rows_fn fn, void *user, char *dst)
{
    kfft_context ctx = p->ctx;
    int64_t R = p->R, W = p->width, slot_rows = 2 * p->U;
    tile_rows prev = {{0, 0}, {0, 0}, {0, 0}, 0}, old = prev;
    int have = 0, i = 0; /* tiles queued and not yet delivered: 0, 1 (prev) or 2 (old, prev) */
    int direct = dst && ctx->ops->host_locked(ctx->st, dst);
    kfft_status st = KFFT_SUCCESS;
    for (int k = 0; k < p->nur && !st; k++)
        for (int64_t u0 = p->ur[k].a; u0 < p->ur[k].b && !st; u0 += p->U, i++) {
            int64_t u1 = min64(u0 + p->U, p->ur[k].b), n = u1 - u0, base = (i & 1) * slot_rows * W;
            tile_rows t = {{max64(u0, p->row_a), max64(max64(R - u1 + 1, R / 2 + 1), p->row_a)},
                           {min64(min64(u1, p->row_b), R / 2 + 1), min64(min64(R - u0 + 1, R), p->row_b)},
                           {0, 0},
                           i & 1};
            t.srow[0] = t.r0[0] - u0;
            t.srow[1] = n + t.r0[1] - (R - u1 + 1);
            /* Staging slot: rows u at (u - u0), then mirror rows R-u1+1 .. R-u0 from row n. */
            if ((st = ctx->ops->pipe_reuse(ctx->st, p->pipe, t.slot))) break;
            if ((st = run_tile(p, u0, u1, p->G, p->stage, base - u0 * W, base + (n + u1 - 1 - R) * W))) break;
            if ((st = ctx->ops->pipe_ready(ctx->st, p->pipe, t.slot))) break;
            if (have && (st = copy_out(p, &prev, dst, direct))) break;
            if (have == 2 && (st = deliver(p, &old, fn, user, dst, direct))) break;
            old = prev;
            prev = t;
            have = have < 2 ? have + 1 : 2;
        }
    if (!st && have) st = copy_out(p, &prev, dst, direct);
    if (!st && have == 2) st = deliver(p, &old, fn, user, dst, direct);
    if (!st && have) st = deliver(p, &prev, fn, user, dst, direct);
    if (st) { /* leave nothing in flight that still writes the host buffers */
        ctx->ops->pipe_wait(ctx->st, p->pipe, 0);
        ctx->ops->pipe_wait(ctx->st, p->pipe, 1);
    }
    return st;
}

kfft_status kfft_spfft_execute_rows(kfft_spfft_plan p, kfft_spfft_rows_fn fn, void *user)
{
    kfft_clear_error();
    if (!p || !fn) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", p ? "fn" : "plan");
    if (!p->to_host) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan: made without to_host (no staging area)");
    return run_host(p, fn, user, NULL);
}

kfft_status kfft_spfft_execute_host(kfft_spfft_plan p, void *out)
{
    kfft_clear_error();
    if (!p || !out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", p ? "out" : "plan");
    if (!p->to_host) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan: made without to_host (no staging area)");
    return run_host(p, NULL, NULL, out);
}

kfft_status kfft_spfft_sources(const kfft_sparse *m, const kfft_spfft_desc *d, const kfft_device_info *info, strbuf *sp,
                               strbuf *fft)
{
    struct kfft_spfft_plan_s p;
    memset(&p, 0, sizeof p);
    plan_shape(&p, m, d, d->row_begin, d->row_end ? d->row_end : m->rows);
    matrix_layout(&p.ks, m);
    needed_u(&p);
    sums_shape(&p.ks, m, p.nu);
    angle_layout(&p.ks);
    sums_layout(&p, p.nu);
    kfft_problem q;
    fft_problem(&p, 0, &q);
    kfft_schedule s;
    kfft_status st = kfft_schedule_build(&q, info, &s);
    if (st) return st;
    st = kfft_schedule_source(&s, info->dialect, fft);
    kfft_schedule_free(&s);
    if (st) return st;
    sb_init(sp);
    gen_sparse_program(sp, info->dialect, &p.ks);
    return sp->oom ? kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for kernel source") : KFFT_SUCCESS;
}
