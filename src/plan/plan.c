/* Public plan API: build the schedule, compile (or fetch) its kernels, upload tables,
 * allocate workspace; execute stage by stage in chunks of transforms. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfft.h"
#include "plan/plan.h"

struct kfft_plan_s {
    kfft_context ctx;
    kfft_problem prob;
    kfft_schedule s;
    kfft_module_entry *mod[KFFT_MAX_STEPS]; /* one program per kernel */
    kfft_module_entry *tabmod;              /* the table kernel's program, where the device makes tables */
    void *kern[KFFT_MAX_STEPS];
    /* A C2C plan's kernels are generated forward (kspec.dir); the inverse's, where they differ
     * (a conjugation or a scale), on its first inverse run: imod NULL where ikern is kern. */
    kfft_module_entry *imod[KFFT_MAX_STEPS];
    void *ikern[KFFT_MAX_STEPS];
    atomic_int inv_ready; /* set (release) once ikern is complete: later runs skip the lock */
    pthread_mutex_t inv_lock;
    kfft_buffer tables;
    kfft_buffer work;     /* kfft's own or the caller's; two halves when two are needed */
    int own_work;
    size_t work_bytes;    /* needed */
};

void kfft_plan_destroy(kfft_plan p)
{
    if (!p) return;
    kfft_context ctx = p->ctx;
    for (int i = 0; i < p->s.nsteps; i++) {
        if (p->imod[i]) {
            if (p->ikern[i]) ctx->ops->put_kernel(ctx->st, p->ikern[i]);
            kfft_module_release(ctx, p->imod[i]);
        }
        if (p->kern[i]) ctx->ops->put_kernel(ctx->st, p->kern[i]);
        if (p->mod[i]) kfft_module_release(ctx, p->mod[i]);
    }
    pthread_mutex_destroy(&p->inv_lock);
    if (p->tabmod) kfft_module_release(ctx, p->tabmod);
    if (p->tables) kfft_dev_release(ctx, p->tables);
    if (p->work && p->own_work) kfft_dev_release(ctx, p->work);
    kfft_schedule_free(&p->s);
    free(p);
}

static size_t work_bytes(const kfft_schedule *s, int f64) { return (size_t)s->nwork * (size_t)s->work_elems * (f64 ? 16 : 8); }

/* The verbose log's line for a kernel: what the device's compiler made of it. Its registers
 * decide the blocks per SM that blocks.c's register bounds are chosen for, and only the
 * device's compiler knows them (bench/results/h100-2026-11-26f-strided.txt part 10). */
void kfft_log_kernel(kfft_context ctx, const char *name, void *kernel, int threads, size_t smem, int bound)
{
    kfft_kernel_info ki;
    if (!ctx->verbose || !ctx->ops->kernel_info || ctx->ops->kernel_info(ctx->st, kernel, threads, smem, 0, &ki)) return;
    kfft_log(ctx, "%s: %d threads, %zu bytes of shared memory, %d registers, %d bytes local (spills), %d blocks per SM%s", name, threads,
             smem, ki.regs, ki.local_bytes, ki.blocks_per_sm, bound ? " (register bound)" : "");
}

kfft_status kfft_plan_from_problem(kfft_context ctx, const kfft_problem *prob, kfft_plan *out)
{
    return kfft_plan_from_problem_with(ctx, prob, NULL, NULL, out);
}

/* Can the device run every cluster kernel of p (kspec.h: clu)? A cluster's P blocks must be
 * resident at once on one GPC; where not even one cluster fits (a small MIG slice, blocks too
 * large for its SMs), the launch would fail, so the plan is made again without clusters. Where
 * the driver cannot say (before CUDA 11.8), the clusters stay. */
static int clusters_fit(kfft_plan p)
{
    kfft_context ctx = p->ctx;
    for (int i = 0; i < p->s.nsteps; i++) {
        const kspec *k = &p->s.spec[i];
        kfft_kernel_info ki;
        if (!k->clu || !ctx->ops->kernel_info || ctx->ops->kernel_info(ctx->st, p->kern[i], k->T, ks_kernel_smem_bytes(k), k->clu, &ki))
            continue;
        if (ki.clusters >= 0) kfft_log(ctx, "k%d: %d clusters of %d blocks fit at once", i, ki.clusters, k->clu);
        if (ki.clusters == 0) return 0;
    }
    return 1;
}

/* Did a kernel whose choices are spill bets (kspec.spill_bet: the swizzled index folded a
 * thread, the widest radices bound to two blocks per SM, fp64 Rader's bound by shared memory)
 * spill more local bytes a thread than its bet allows? Most bets allow KS_SPILL_BET_BYTES: they
 * won where they compiled to 8 bytes of spills or none and lost where they spilled 40 bytes or
 * more (H200: R2C 28672's fold spilled 76 and lost 19%, 8505's bound 40
 * and lost 15%, bench/results/h200-2026-11-29e-calls.txt calls 3-4; the kept bounds gained 4-51%,
 * h200-2026-11-29f-calls.txt calls 1 and 3). Only the device's compiler knows, so the plan is
 * made again without them: a second compile, once per machine (disk cache; cold plan of R2C
 * 28672 about 0.3 -> 0.8 s, 9600 0.4 -> 0.6 s, call 2). CUDA alone says (kernel_info's local
 * bytes). */
static int bets_spilled(kfft_plan p)
{
    kfft_context ctx = p->ctx;
    if (ctx->info.dialect != KS_DIALECT_CUDA || !ctx->ops->kernel_info) return 0;
    for (int i = 0; i < p->s.nsteps; i++) {
        const kspec *k = &p->s.spec[i];
        kfft_kernel_info ki;
        if (!k->spill_bet || ctx->ops->kernel_info(ctx->st, p->kern[i], k->T, ks_kernel_smem_bytes(k), k->clu, &ki)) continue;
        if (ki.local_bytes > k->spill_bet) {
            kfft_log(ctx, "k%d: %d bytes spilled a thread: its spill bets are left out", i, ki.local_bytes);
            return 1;
        }
    }
    return 0;
}

enum { REFIT_CLUSTERS = 1, REFIT_SPILLS = 2 };

/* The plan on a device described by info; *refit gets REFIT_CLUSTERS where its clusters do not
 * fit, REFIT_SPILLS where a spill bet spilled. */
static kfft_status plan_on(kfft_context ctx, const kfft_device_info *info, const kfft_problem *prob, const char *extra_src,
                           kfft_module_entry **extra_mod, kfft_plan *out, int *refit)
{
    if (extra_mod) *extra_mod = NULL;
    if (prob->f64 && !ctx->info.fp64)
        return kfft_fail(KFFT_ERROR_UNSUPPORTED, "precision: device '%s' has no double precision", ctx->info.name);
    kfft_plan p = calloc(1, sizeof *p);
    if (!p) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for a plan");
    p->ctx = ctx;
    p->prob = *prob;
    if (pthread_mutex_init(&p->inv_lock, NULL)) {
        free(p);
        return kfft_fail(KFFT_ERROR_INTERNAL, "plan: cannot make a mutex");
    }
    kfft_status st = kfft_schedule_build(prob, info, &p->s);
    if (st) {
        pthread_mutex_destroy(&p->inv_lock);
        free(p);
        return st;
    }
    if ((prob->flags & KFFT_PLAN_INPLACE) && !p->s.inplace_ok) {
        st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "KFFT_PLAN_INPLACE: %s", p->s.inplace_why);
        goto fail;
    }
    /* One program per kernel, compiled in parallel with the table kernel's (where the device
     * makes the tables) and the caller's extra program: a cold plan waits for its slowest
     * kernel, not for the sum, and plans sharing a kernel share its program. */
    strbuf tabsrc = {0};
    const char *extra[2];
    kfft_module_entry *xmod[2] = {0};
    kfft_tables_job *job = NULL;
    int nx = 0, tabs = kfft_tables_device_made(ctx, &p->s.tab, prob->f64);
    if (tabs) {
        kfft_tables_program(&tabsrc, ctx->info.dialect);
        extra[nx++] = tabsrc.s;
    }
    if (extra_src) extra[nx++] = extra_src;
    /* The host's tables (a spectrum to compute or read) beside the compile. */
    if ((st = kfft_tables_begin(ctx, &p->s.tab, prob->f64, tabs, &job))) {
        sb_free(&tabsrc);
        goto fail;
    }
    double t0 = kfft_now_ms();
    st = kfft_schedule_acquire(ctx, &p->s, extra, nx, p->mod, xmod);
    kfft_log(ctx, "plan: %d kernel programs compiled or loaded in %.2f ms", p->s.nsteps + nx, kfft_now_ms() - t0);
    if (st && tabs) { /* a device whose compiler rejects the table kernel: the host makes them */
        tabs = 0;
        kfft_tables_cancel(job);
        job = NULL;
        if (!(st = kfft_tables_begin(ctx, &p->s.tab, prob->f64, 0, &job)))
            st = kfft_schedule_acquire(ctx, &p->s, extra + 1, nx - 1, p->mod, xmod + 1);
    }
    sb_free(&tabsrc);
    if (st) {
        kfft_tables_cancel(job);
        goto fail;
    }
    p->tabmod = tabs ? xmod[0] : NULL;
    if (extra_mod && extra_src) *extra_mod = xmod[nx - 1];
    for (int i = 0; i < p->s.nsteps && !st; i++) st = ctx->ops->get_kernel(ctx->st, p->mod[i]->module, "kfft_k0", &p->kern[i]);
    if (!st && !clusters_fit(p)) {
        *refit = REFIT_CLUSTERS;
        st = kfft_fail(KFFT_ERROR_UNSUPPORTED, "no cluster of the plan's blocks fits on device '%s'", ctx->info.name);
    } else if (!st && bets_spilled(p)) {
        *refit = REFIT_SPILLS;
        st = kfft_fail(KFFT_ERROR_UNSUPPORTED, "a kernel spilled the choices made for it on device '%s'", ctx->info.name);
    }
    if (st) {
        kfft_tables_cancel(job);
        goto fail;
    }
    if ((st = kfft_tables_end(job, p->tabmod ? p->tabmod->module : NULL, &p->tables))) goto fail;
    p->work_bytes = work_bytes(&p->s, prob->f64);
    if (p->work_bytes && !(prob->flags & KFFT_PLAN_USER_WORKSPACE)) {
        if ((st = kfft_dev_alloc(ctx, p->work_bytes, &p->work))) goto fail;
        p->own_work = 1;
    }
    kfft_log(ctx, "plan %s", p->s.describe);
    for (int i = 0; i < p->s.nsteps; i++) {
        char name[16];
        snprintf(name, sizeof name, "k%d", i);
        kfft_log_kernel(ctx, name, p->kern[i], p->s.spec[i].T, ks_kernel_smem_bytes(&p->s.spec[i]), p->s.spec[i].regs);
    }
    *out = p;
    return KFFT_SUCCESS;
fail:
    if (extra_mod && *extra_mod) {
        kfft_module_release(ctx, *extra_mod);
        *extra_mod = NULL;
    }
    kfft_plan_destroy(p);
    return st;
}

kfft_status kfft_plan_from_problem_with(kfft_context ctx, const kfft_problem *prob, const char *extra_src, kfft_module_entry **extra_mod,
                                        kfft_plan *out)
{
    int refit = 0;
    kfft_device_info info = ctx->info;
    kfft_status st = plan_on(ctx, &info, prob, extra_src, extra_mod, out, &refit);
    for (int again = 0; refit && again < 2; again++) { /* each at most once: clusters, then spills */
        if (refit == REFIT_CLUSTERS) info.cluster_max = 0;
        if (refit == REFIT_SPILLS) info.no_spill_bets = 1;
        kfft_log(ctx, "planning again without %s", refit == REFIT_CLUSTERS ? "clusters" : "spill bets");
        kfft_clear_error();
        refit = 0;
        st = plan_on(ctx, &info, prob, extra_src, extra_mod, out, &refit);
    }
    return st;
}

/* Either description: exactly one of desc and guru is non-NULL. */
static kfft_status create(kfft_context ctx, const kfft_plan_desc *desc, const kfft_guru_desc *guru, kfft_plan *out)
{
    kfft_clear_error();
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan: output pointer is NULL");
    *out = NULL;
    if (!ctx) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "ctx is NULL");
    kfft_problem prob;
    kfft_status st = desc ? kfft_problem_from_desc(desc, &prob) : kfft_problem_from_guru(guru, &prob);
    return st ? st : kfft_plan_from_problem(ctx, &prob, out);
}

kfft_status kfft_plan_create(kfft_context ctx, const kfft_plan_desc *desc, kfft_plan *out)
{
    if (!desc) {
        if (out) *out = NULL;
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "desc is NULL");
    }
    return create(ctx, desc, NULL, out);
}

kfft_status kfft_plan_create_guru(kfft_context ctx, const kfft_guru_desc *desc, kfft_plan *out)
{
    if (!desc) {
        if (out) *out = NULL;
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "desc is NULL");
    }
    return create(ctx, NULL, desc, out);
}

kfft_status kfft_plan_dft(kfft_context ctx, kfft_type type, int rank, const int64_t *n, int64_t batch, kfft_precision prec,
                          kfft_plan *plan)
{
    kfft_clear_error();
    if (!n) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "n is NULL");
    if (rank < 1 || rank > KFFT_MAX_RANK)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "rank must be 1..%d (got %d)", KFFT_MAX_RANK, rank);
    kfft_plan_desc d;
    memset(&d, 0, sizeof d);
    d.type = type;
    d.precision = prec;
    d.rank = rank;
    for (int a = 0; a < rank; a++) d.n[a] = n[a];
    d.batch = batch;
    return kfft_plan_create(ctx, &d, plan);
}

kfft_status kfft_plan_1d(kfft_context ctx, int64_t n, int64_t batch, kfft_precision prec, kfft_plan *plan)
{
    return kfft_plan_dft(ctx, KFFT_C2C, 1, &n, batch, prec, plan);
}

size_t kfft_plan_workspace_size(kfft_plan p) { return p ? p->work_bytes : 0; }
size_t kfft_plan_device_bytes(kfft_plan p)
{
    return p ? (size_t)p->s.table_len * (p->prob.f64 ? 16 : 8) + (p->own_work ? p->work_bytes : 0) : 0;
}
int kfft_plan_kernel_count(kfft_plan p) { return p ? p->s.nsteps : 0; }
const char *kfft_plan_describe(kfft_plan p) { return p ? p->s.describe : ""; }

kfft_status kfft_workspace_estimate(kfft_context ctx, const kfft_plan_desc *desc, size_t *bytes)
{
    kfft_clear_error();
    if (!ctx || !bytes) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", ctx ? "bytes" : "ctx");
    kfft_problem prob;
    kfft_schedule s;
    kfft_status st = kfft_problem_from_desc(desc, &prob);
    if (!st) st = kfft_schedule_build(&prob, &ctx->info, &s);
    if (st) return st;
    *bytes = work_bytes(&s, prob.f64);
    kfft_schedule_free(&s);
    return KFFT_SUCCESS;
}

kfft_status kfft_plan_set_workspace(kfft_plan p, kfft_buffer work, size_t bytes)
{
    kfft_clear_error();
    if (!p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan is NULL");
    if (!(p->prob.flags & KFFT_PLAN_USER_WORKSPACE))
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "the plan manages its own workspace (create it with KFFT_PLAN_USER_WORKSPACE)");
    if (p->work_bytes && (!work || bytes < p->work_bytes))
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "work area of %zu bytes is below the %zu the plan needs", work ? bytes : 0,
                         p->work_bytes);
    p->work = work;
    return KFFT_SUCCESS;
}

kfft_status kfft_plan_buffer_sizes(kfft_plan p, size_t *in_bytes, size_t *out_bytes)
{
    kfft_clear_error();
    if (!p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan is NULL");
    if (in_bytes) *in_bytes = (size_t)kfft_problem_span_bytes(&p->prob, 0);
    if (out_bytes) *out_bytes = (size_t)kfft_problem_span_bytes(&p->prob, 1);
    return KFFT_SUCCESS;
}

/* The inverse's kernels of a C2C plan, once: the steps whose source depends on the direction
 * (kspec.dir) compiled or loaded like the plan's (disk cache, shared modules), the others the
 * forward's. Under the plan's lock: executions may come from several threads. */
static kfft_status inverse_kernels(kfft_plan p)
{
    if (atomic_load_explicit(&p->inv_ready, memory_order_acquire)) return KFFT_SUCCESS;
    kfft_context ctx = p->ctx;
    kfft_status st = KFFT_SUCCESS;
    pthread_mutex_lock(&p->inv_lock);
    if (atomic_load_explicit(&p->inv_ready, memory_order_relaxed)) goto done;
    kfft_schedule *is = calloc(1, sizeof *is); /* the differing steps, as a schedule of their own */
    if (!is) {
        st = kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for the inverse's kernels");
        goto done;
    }
    int step[KFFT_MAX_STEPS], n = 0;
    for (int i = 0; i < p->s.nsteps; i++) {
        const kspec *k = &p->s.spec[i];
        if (!ks_inverse_differs(k)) continue;
        is->spec[n] = *k;
        is->spec[n].dir = KS_DIR_INV;
        step[n++] = i;
    }
    is->nsteps = n;
    kfft_module_entry *got[KFFT_MAX_STEPS] = {0};
    double t0 = kfft_now_ms();
    if (n) st = kfft_schedule_acquire(ctx, is, NULL, 0, got, NULL);
    free(is);
    if (st) goto done;
    kfft_log(ctx, "plan: %d inverse kernel programs compiled or loaded in %.2f ms", n, kfft_now_ms() - t0);
    void *kern[KFFT_MAX_STEPS] = {0};
    for (int j = 0; j < n && !st; j++) st = ctx->ops->get_kernel(ctx->st, got[j]->module, "kfft_k0", &kern[j]);
    if (st) {
        for (int j = 0; j < n; j++) {
            if (kern[j]) ctx->ops->put_kernel(ctx->st, kern[j]);
            kfft_module_release(ctx, got[j]);
        }
        goto done;
    }
    for (int i = 0; i < p->s.nsteps; i++) p->ikern[i] = p->kern[i];
    for (int j = 0; j < n; j++) {
        p->imod[step[j]] = got[j];
        p->ikern[step[j]] = kern[j];
    }
    atomic_store_explicit(&p->inv_ready, 1, memory_order_release);
done:
    pthread_mutex_unlock(&p->inv_lock);
    return st;
}

/* Transforms [t0, t1) of stage g, in chunks: user sides at the given offsets (elements). */
static kfft_status run_stage(kfft_plan p, int g, kfft_buffer in, int64_t in_off, kfft_buffer out, int64_t out_off,
                             int64_t aux, int64_t t0, int64_t t1, int inv)
{
    void *const *kern = inv && p->prob.type == KFFT_C2C ? p->ikern : p->kern;
    const kfft_schedule *s = &p->s;
    kfft_context ctx = p->ctx;
    kfft_buffer bufs[4] = {in, out, p->work, p->work};
    int64_t offs[4] = {in_off, out_off, 0, s->work_elems}; /* the second workspace is the second half */
    const kfft_stage *sg = &s->stage[g];
    for (int64_t c0 = t0; c0 < t1; c0 += sg->chunk) {
        int64_t nt = t1 - c0 < sg->chunk ? t1 - c0 : sg->chunk;
        for (int i = sg->first; i < sg->first + sg->nsteps; i++) {
            const kspec *k = &s->spec[i];
            kfft_launch_args a = {bufs[s->src[i]], bufs[s->dst[i]], p->tables, offs[s->src[i]], offs[s->dst[i]],
                                  nt * ks_cols_per_transform(k), c0, inv, aux};
            size_t groups = (size_t)((a.ncols + k->B - 1) / k->B);
            kfft_status st = ctx->ops->launch(ctx->st, kern[i], groups, k->T, ks_kernel_smem_bytes(k), &a);
            if (st) return st;
        }
    }
    return KFFT_SUCCESS;
}

/* dir valid for the plan's type: 0, or the failure. */
static kfft_status check_dir(kfft_plan p, kfft_direction dir)
{
    if (dir != KFFT_FORWARD && dir != KFFT_INVERSE)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "dir must be KFFT_FORWARD or KFFT_INVERSE (got %d)", (int)dir);
    if (p->prob.type == KFFT_R2C && dir != KFFT_FORWARD)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "dir: an R2C plan runs KFFT_FORWARD (use a C2R plan for the inverse)");
    if (p->prob.type == KFFT_C2R && dir != KFFT_INVERSE)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "dir: a C2R plan runs KFFT_INVERSE (use an R2C plan for the forward)");
    return KFFT_SUCCESS;
}

kfft_status kfft_plan_prepare(kfft_plan p, kfft_direction dir)
{
    kfft_clear_error();
    if (!p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan is NULL");
    kfft_status st = check_dir(p, dir);
    if (st) return st;
    return dir == KFFT_INVERSE && p->prob.type == KFFT_C2C ? inverse_kernels(p) : KFFT_SUCCESS;
}

kfft_status kfft_execute(kfft_plan p, kfft_buffer in, kfft_buffer out, kfft_direction dir)
{
    kfft_clear_error();
    if (!p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan is NULL");
    if (!in) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "in: NULL buffer");
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "out: NULL buffer");
    kfft_status dst = check_dir(p, dir);
    if (dst) return dst;
    const kfft_schedule *s = &p->s;
    if (in == out && !s->inplace_ok) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s", s->inplace_why);
    if (p->work_bytes && !p->work)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "the plan needs a work area of %zu bytes: call kfft_plan_set_workspace",
                         p->work_bytes);
    if (dir == KFFT_INVERSE && p->prob.type == KFFT_C2C) {
        kfft_status st = inverse_kernels(p);
        if (st) return st;
    }
    for (int g = 0; g < s->nstages; g++) {
        kfft_status st = run_stage(p, g, in, 0, out, 0, 0, 0, s->stage[g].ntrans, dir == KFFT_INVERSE);
        if (st) return st;
    }
    return KFFT_SUCCESS;
}

kfft_status kfft_plan_run_range(kfft_plan p, kfft_buffer in, int64_t in_off, kfft_buffer out, int64_t out_off, int64_t aux,
                                int64_t t0, int64_t t1)
{
    if (p->s.nstages != 1 || t0 < 0 || t1 > p->s.stage[0].ntrans || (p->work_bytes && !p->work))
        return kfft_fail(KFFT_ERROR_INTERNAL, "kfft_plan_run_range: not a one-stage plan or a bad range");
    return run_stage(p, 0, in, in_off, out, out_off, aux, t0, t1, 0);
}

kfft_status kfft_execute_host(kfft_plan p, const void *in, void *out, kfft_direction dir)
{
    kfft_clear_error();
    if (!p) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "plan is NULL");
    if (!in || !out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: NULL host pointer", in ? "out" : "in");
    kfft_context ctx = p->ctx;
    size_t ib = (size_t)kfft_problem_span_bytes(&p->prob, 0), ob = (size_t)kfft_problem_span_bytes(&p->prob, 1);
    kfft_buffer din = NULL, dout = NULL;
    kfft_status st = kfft_dev_alloc(ctx, ib, &din);
    if (!st) st = kfft_dev_alloc(ctx, ob, &dout);
    if (!st) st = ctx->ops->h2d(ctx->st, din, 0, in, ib);
    /* Strided outputs leave gaps: start from the caller's array so gaps keep their values.
     * in == out on the host runs out of place on the device (the layouts allow both). */
    if (!st) st = ctx->ops->h2d(ctx->st, dout, 0, out, ob);
    if (!st) st = kfft_execute(p, din, dout, dir);
    if (!st) st = ctx->ops->d2h(ctx->st, out, dout, 0, ob);
    if (!st) st = ctx->ops->sync(ctx->st);
    if (din) kfft_dev_release(ctx, din);
    if (dout) kfft_dev_release(ctx, dout);
    return st;
}
