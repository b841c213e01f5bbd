/* kfft_tune: the measuring planner. For each one-kernel stage of a transform it builds the
 * plan with every candidate (threads per block, shared-memory padding, narrow, balanced or
 * widest radices), times whole
 * executions on the device, keeps the fastest (the stages after it see that choice), and
 * records the winners in the context's wisdom. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "plan/factor.h"
#include "plan/plan.h"
#include "plan/wisdom.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Milliseconds per execution: best of 3 rounds of `reps` executions after two warm-ups. */
static kfft_status time_plan(kfft_context ctx, const kfft_problem *q, kfft_buffer in, kfft_buffer out, double *ms)
{
    kfft_plan p;
    kfft_status st = kfft_plan_from_problem(ctx, q, &p);
    if (st) return st;
    kfft_direction dir = q->type == KFFT_C2R ? KFFT_INVERSE : KFFT_FORWARD;
    double best = 1e30;
    int reps = 5;
    for (int i = 0; i < 2 && !st; i++) st = kfft_execute(p, in, out, dir);
    if (!st) st = kfft_context_synchronize(ctx);
    for (int r = 0; r < 3 && !st; r++) {
        double t = now();
        for (int i = 0; i < reps && !st; i++) st = kfft_execute(p, in, out, dir);
        if (!st) st = kfft_context_synchronize(ctx);
        double per = (now() - t) / reps;
        if (per < best) best = per;
        if (r == 0 && per < 2e-3) reps = (int)(2e-2 / (per > 1e-6 ? per : 1e-6)) + 1; /* ~20 ms per round */
        if (reps > 1000) reps = 1000;
    }
    kfft_plan_destroy(p);
    *ms = best * 1e3;
    return st;
}

/* Is radix mode m's decomposition of R the same as mode m2's? (The same kernel: timed once.) */
static int same_radices(int R, int m, int m2)
{
    int a[KS_MAX_RADICES], b[KS_MAX_RADICES];
    int na = R > 1 ? kfft_codelet_radices(R, a, KS_MAX_RADICES, m) : 0, nb = R > 1 ? kfft_codelet_radices(R, b, KS_MAX_RADICES, m2) : 0;
    return na == nb && (na <= 0 || !memcmp(a, b, sizeof(int) * (size_t)na));
}

static void set_knob(kfft_problem *q, int g, int T, int pad, int radix)
{
    q->knob[g].on = 1;
    q->knob[g].T = T;
    q->knob[g].pad = pad;
    q->knob[g].radix = radix;
}

kfft_status kfft_tune(kfft_context ctx, const kfft_plan_desc *desc, kfft_tune_report *rep)
{
    kfft_clear_error();
    if (!ctx || !desc || !rep) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", !ctx ? "ctx" : !desc ? "desc" : "report");
    memset(rep, 0, sizeof *rep);
    kfft_problem q;
    kfft_schedule s;
    kfft_status st = kfft_problem_from_desc(desc, &q);
    if (!st) st = kfft_schedule_build(&q, &ctx->info, &s);
    if (st) return st;
    int nst = s.nstages, single[KFFT_MAX_DIMS] = {0}, sR[KFFT_MAX_DIMS] = {0}, sB[KFFT_MAX_DIMS] = {0}, sops[KFFT_MAX_DIMS] = {0};
    int dT[KFFT_MAX_DIMS] = {0}, dpad[KFFT_MAX_DIMS] = {0}, dradix[KFFT_MAX_DIMS] = {0}; /* the untuned plan's choices */
    for (int g = 0; g < nst; g++) {
        const kspec *k = &s.spec[s.stage[g].first];
        single[g] = k->kind == KS_SINGLE;
        sR[g] = k->R;
        sB[g] = k->B;
        sops[g] = k->ops;
        dT[g] = k->T;
        dpad[g] = k->pad;
        dradix[g] = kfft_radix_auto(k->R, k->f64);
    }
    kfft_schedule_free(&s);
    size_t ib = (size_t)kfft_problem_span_bytes(&q, 0), ob = (size_t)kfft_problem_span_bytes(&q, 1);
    kfft_buffer in = NULL, out = NULL;
    int inplace = (q.flags & KFFT_PLAN_INPLACE) != 0;
    st = kfft_dev_alloc(ctx, inplace && ob > ib ? ob : ib, &in);
    if (!st && !inplace) st = kfft_dev_alloc(ctx, ob, &out);
    if (!st) out = inplace ? in : out;
    /* The input's contents do not change the time; zeros keep it finite. */
    double best_total = 0;
    if (!st) st = time_plan(ctx, &q, in, out, &rep->default_ms);
    best_total = rep->default_ms;
    static const int threads[] = {128, 256, 512, 1024};
    for (int g = 0; g < nst && !st; g++) {
        if (!single[g]) continue;
        int bestT = 0, bestpad = 0, bestradix = 0;
        double stage_best = 1e30;
        for (size_t ti = 0; ti < sizeof threads / sizeof threads[0] && !st; ti++) {
            if (threads[ti] > ctx->info.max_threads) continue;
            for (int c = 0; c < 6 && !st; c++) {
                int pad = c & 1, radix = c >> 1;
                if (radix && (same_radices(sR[g], radix, 0) || (radix == 2 && same_radices(sR[g], 2, 1)))) continue;
                set_knob(&q, g, threads[ti], pad, radix);
                double ms;
                st = time_plan(ctx, &q, in, out, &ms);
                if (!st && ms < stage_best) {
                    stage_best = ms;
                    bestT = threads[ti];
                    bestpad = pad;
                    bestradix = radix;
                }
            }
        }
        if (st) break;
        set_knob(&q, g, bestT, bestpad, bestradix);
        rep->stages++;
    }
    /* The tuned plan, timed as a whole against the default; a win within the noise (2%)
     * keeps the default choices, so wisdom never records a slowdown. */
    if (!st && rep->stages) st = time_plan(ctx, &q, in, out, &best_total);
    int keep = !st && rep->stages && best_total < 0.98 * rep->default_ms;
    for (int g = 0; g < nst && !st; g++) {
        if (!single[g]) continue;
        int T = keep ? q.knob[g].T : dT[g], pad = keep ? q.knob[g].pad : dpad[g], radix = keep ? q.knob[g].radix : dradix[g];
        kfft_wisdom_entry e = {q.f64, sR[g], sB[g], sops[g], T, pad, radix, keep ? best_total : rep->default_ms, rep->default_ms};
        kfft_wisdom_put(ctx->wisdom, &e);
        size_t o = strlen(rep->choice);
        snprintf(rep->choice + o, sizeof rep->choice - o, "%sR=%d B=%d T=%d pad=%d radix=%d%s", o ? "; " : "", sR[g], sB[g], T, pad, radix,
                 keep ? "" : " (default)");
    }
    rep->tuned_ms = keep ? best_total : rep->default_ms;
    if (in) kfft_dev_release(ctx, in);
    if (out && out != in) kfft_dev_release(ctx, out);
    kfft_log(ctx, "tune: %.4f ms -> %.4f ms (%s)", rep->default_ms, rep->tuned_ms, rep->choice[0] ? rep->choice : "nothing to tune");
    return st;
}
