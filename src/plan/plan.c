/* Public plan API: build the schedule, compile (or fetch) its kernels, upload tables,
 * allocate workspace; execute in batch chunks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfft.h"
#include "plan/plan.h"

struct kfft_plan_s {
    kfft_context ctx;
    kfft_plan_desc desc;
    kfft_schedule s;
    kfft_module_entry *mod;
    void *kern[KFFT_MAX_STEPS];
    kfft_buffer tables, work[2];
    size_t work_bytes;
};

void kfft_plan_destroy(kfft_plan p)
{
    if (!p) return;
    kfft_context ctx = p->ctx;
    for (int i = 0; i < p->s.nsteps; i++)
        if (p->kern[i]) ctx->ops->put_kernel(ctx->st, p->kern[i]);
    if (p->mod) kfft_module_release(ctx, p->mod);
    if (p->tables) kfft_dev_release(ctx, p->tables);
    for (int i = 0; i < 2; i++)
        if (p->work[i]) kfft_dev_release(ctx, p->work[i]);
    kfft_schedule_free(&p->s);
    free(p);
}

static kfft_status upload_tables(kfft_plan p)
{
    kfft_context ctx = p->ctx;
    int f64 = p->desc.precision == KFFT_F64;
    size_t count = (size_t)p->s.table_len * 2, bytes = count * (f64 ? 8 : 4);
    void *host = malloc(bytes);
    if (!host) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for tables (%zu bytes)", bytes);
    if (f64)
        memcpy(host, p->s.tables, bytes);
    else
        for (size_t i = 0; i < count; i++) ((float *)host)[i] = (float)p->s.tables[i]; /* round once */
    kfft_status st = kfft_dev_alloc(ctx, bytes, &p->tables);
    if (!st) st = ctx->ops->h2d(ctx->st, p->tables, host, bytes);
    free(host);
    return st;
}

kfft_status kfft_plan_create(kfft_context ctx, const kfft_plan_desc *desc, kfft_plan *out)
{
    kfft_clear_error();
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan: output pointer is NULL");
    *out = NULL;
    if (!ctx) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "ctx is NULL");
    if (!desc) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "desc is NULL");
    if (desc->precision == KFFT_F64 && !ctx->info.fp64)
        return kfft_fail(KFFT_ERROR_UNSUPPORTED, "precision: device '%s' has no double precision", ctx->info.name);
    kfft_plan p = calloc(1, sizeof *p);
    if (!p) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a plan");
    p->ctx = ctx;
    p->desc = *desc;
    kfft_status st = kfft_schedule_build(desc, &ctx->info, &p->s);
    if (st) {
        free(p);
        return st;
    }
    strbuf src;
    if ((st = kfft_schedule_source(&p->s, ctx->info.dialect, &src))) goto fail;
    st = kfft_module_acquire(ctx, src.s, &p->mod);
    sb_free(&src);
    if (st) goto fail;
    for (int i = 0; i < p->s.nsteps; i++) {
        char name[32];
        snprintf(name, sizeof name, "kfft_k%d", i);
        if ((st = ctx->ops->get_kernel(ctx->st, p->mod->module, name, &p->kern[i]))) goto fail;
    }
    if ((st = upload_tables(p))) goto fail;
    if (p->s.nwork) {
        p->work_bytes = (size_t)p->s.work_elems * (desc->precision == KFFT_F64 ? 16 : 8);
        for (int i = 0; i < p->s.nwork; i++)
            if ((st = kfft_dev_alloc(ctx, p->work_bytes, &p->work[i]))) goto fail;
    }
    kfft_log(ctx, "plan %s", p->s.describe);
    *out = p;
    return KFFT_SUCCESS;
fail:
    kfft_plan_destroy(p);
    return st;
}

kfft_status kfft_plan_1d(kfft_context ctx, int64_t n, int64_t batch, kfft_precision prec, kfft_plan *plan)
{
    kfft_plan_desc d;
    memset(&d, 0, sizeof d);
    d.type = KFFT_C2C;
    d.precision = prec;
    d.rank = 1;
    d.n[0] = n;
    d.batch = batch;
    return kfft_plan_create(ctx, &d, plan);
}

size_t kfft_plan_workspace_size(kfft_plan p) { return p ? p->work_bytes * (size_t)p->s.nwork : 0; }
int kfft_plan_kernel_count(kfft_plan p) { return p ? p->s.nsteps : 0; }
const char *kfft_plan_describe(kfft_plan p) { return p ? p->s.describe : ""; }

kfft_status kfft_execute(kfft_plan p, kfft_buffer in, kfft_buffer out, kfft_direction dir)
{
    kfft_clear_error();
    if (!p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan is NULL");
    if (!in) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "in: NULL buffer");
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "out: NULL buffer");
    if (dir != KFFT_FORWARD && dir != KFFT_INVERSE)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "dir must be KFFT_FORWARD or KFFT_INVERSE (got %d)", (int)dir);
    const kfft_schedule *s = &p->s;
    const kspec *k0 = &s->spec[0], *kl = &s->spec[s->nsteps - 1];
    if (in == out && (k0->istride != kl->ostride || k0->idist != kl->odist))
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "in-place execution needs istride == ostride and idist == odist");
    kfft_context ctx = p->ctx;
    kfft_buffer bufs[4] = {in, out, p->work[0], p->work[1]};
    for (int64_t b0 = 0; b0 < p->desc.batch; b0 += s->chunk) {
        int64_t nb = p->desc.batch - b0 < s->chunk ? p->desc.batch - b0 : s->chunk;
        for (int i = 0; i < s->nsteps; i++) {
            const kspec *k = &s->spec[i];
            kfft_buffer b3[3] = {bufs[s->src[i]], bufs[s->dst[i]], p->tables};
            int64_t offs[2] = {s->src[i] == BUF_IN ? b0 * k->idist : 0, s->dst[i] == BUF_OUT ? b0 * k->odist : 0};
            int64_t ncols = k->kind == KS_SINGLE ? nb : nb * (k->N / k->R);
            size_t groups = (size_t)((ncols + k->B - 1) / k->B);
            size_t smem = (size_t)k->B * k->R * (k->f64 ? 16 : 8);
            kfft_status st = ctx->ops->launch(ctx->st, p->kern[i], groups, k->T, smem, b3, offs, ncols, dir == KFFT_INVERSE);
            if (st) return st;
        }
    }
    return KFFT_SUCCESS;
}

static int64_t extent(int64_t batch, int64_t n, int64_t stride, int64_t dist)
{
    return (batch - 1) * dist + (n - 1) * stride + 1;
}

kfft_status kfft_execute_host(kfft_plan p, const void *in, void *out, kfft_direction dir)
{
    kfft_clear_error();
    if (!p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan is NULL");
    if (!in || !out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: NULL host pointer", in ? "out" : "in");
    kfft_context ctx = p->ctx;
    const kspec *k0 = &p->s.spec[0];
    size_t eb = p->desc.precision == KFFT_F64 ? 16 : 8;
    size_t ib = (size_t)extent(p->desc.batch, k0->n, k0->istride, k0->idist) * eb;
    size_t ob = (size_t)extent(p->desc.batch, k0->n, k0->ostride, k0->odist) * eb;
    kfft_buffer din = NULL, dout = NULL;
    kfft_status st = kfft_dev_alloc(ctx, ib, &din);
    if (!st) st = kfft_dev_alloc(ctx, ob, &dout);
    if (!st) st = ctx->ops->h2d(ctx->st, din, in, ib);
    /* Strided outputs leave gaps: start from the caller's array so gaps keep their values. */
    if (!st && (k0->ostride != 1 || k0->odist != k0->n)) st = ctx->ops->h2d(ctx->st, dout, out, ob);
    if (!st) st = kfft_execute(p, din, dout, dir);
    if (!st) st = ctx->ops->d2h(ctx->st, out, dout, ob);
    if (!st) st = ctx->ops->sync(ctx->st);
    if (din) kfft_dev_release(ctx, din);
    if (dout) kfft_dev_release(ctx, dout);
    return st;
}
