/* kfft_tune: the measuring planner. For each stage of a transform it builds the plan with
 * every candidate, times whole executions on the device, keeps the fastest (the stages after
 * it see that choice) and records the winners in the context's wisdom. Candidates: for a
 * one-kernel stage, threads per block (block_threads) x shared memory plain, padded or (fp32)
 * swizzled x radices (narrow, balanced, widest), then on CUDA the winner with registers
 * bounded to 96 and 64 per thread and to the planner's own bound (more blocks per SM); for a
 * multi-pass stage, the radices and padding of all its passes; for either, last, the winner with split twiddle
 * tables the other way from the planner's rule (blocks.c: split_wins), for Rader's and
 * one-kernel Bluestein's convolutions the winner with and without coprime radices (schedule.c:
 * conv_pfa), and for passes the planner ran in clusters, the winner without them. Before the
 * stages, the last two axes (a
 * plane kernel, planes.c): where the planner took one, a kernel per axis instead, and a plane
 * kernel in every other number of blocks that can hold it (1, or a cluster of 2, 4 or 8), where
 * it took one or not; the stages are then the winner's, and a plane kept gets its threads per
 * block tuned. Then, for each stage that takes Bluestein, its convolution length (the rule's
 * and the next 7-smooth ones: tune_conv); the stages are then the winner's. A stage left at its
 * default records the planner's choices, its register bound too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/factor.h"
#include "plan/plan.h"
#include "plan/wisdom.h"

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
        double t = kfft_now_ms();
        for (int i = 0; i < reps && !st; i++) st = kfft_execute(p, in, out, dir);
        if (!st) st = kfft_context_synchronize(ctx);
        double per = (kfft_now_ms() - t) / 1e3 / reps;
        if (per < best) best = per;
        if (r == 0 && per < 2e-3) reps = (int)(2e-2 / (per > 1e-6 ? per : 1e-6)) + 1; /* ~20 ms per round */
        if (reps > 1000) reps = 1000;
    }
    kfft_plan_destroy(p);
    *ms = best * 1e3;
    return st;
}

/* A candidate: {T, pad, radix, regs, split, noclu, rows, cols, pfa} (kfft_problem.knob). */
enum { NK = 9 };

static void set_knob(kfft_problem *q, int g, const int *c)
{
    q->knob[g].on = 1;
    q->knob[g].T = c[0];
    q->knob[g].pad = c[1];
    q->knob[g].radix = c[2];
    q->knob[g].regs = c[3];
    q->knob[g].split = c[4];
    q->knob[g].noclu = c[5];
    q->knob[g].rows = c[6];
    q->knob[g].cols = c[7];
    q->knob[g].pfa = c[8];
}

/* Compiling the candidates was most of a tuning run (one compile each, in series). A stage's
 * candidates' kernel programs (one per kernel, as plans compile them) are compiled first, all
 * at once (kfft_module_acquire_many: parallel threads, duplicates once); timing then finds
 * each in the context's module cache. Returns the entries to release after timing (NULL on
 * failure: time_plan reports any error). */
static kfft_module_entry **prefetch_problems(kfft_context ctx, const kfft_problem *qs, int nq, int *count)
{
    size_t cap = (size_t)nq * KFFT_MAX_STEPS;
    strbuf *src = calloc(cap, sizeof *src);
    const char **text = calloc(cap, sizeof *text);
    kfft_module_entry **mod = calloc(cap, sizeof *mod);
    int n = 0;
    for (int c = 0; c < nq && src && text && mod; c++) {
        kfft_schedule sc;
        if (kfft_schedule_build(&qs[c], &ctx->info, &sc)) continue;
        for (int i = 0; i < sc.nsteps; i++)
            if (!kfft_schedule_kernel_source(&sc, i, ctx->info.dialect, &src[n])) text[n] = src[n].s, n++;
        kfft_schedule_free(&sc);
    }
    int ok = n && kfft_module_acquire_many(ctx, text, n, mod) == KFFT_SUCCESS;
    for (int i = 0; i < n; i++) sb_free(&src[i]);
    free(src);
    free(text);
    *count = ok ? n : 0;
    if (!ok) {
        free(mod);
        return NULL;
    }
    return mod;
}

/* The same for stage g's knob candidates. */
static kfft_module_entry **prefetch(kfft_context ctx, const kfft_problem *q, int g, int (*cand)[NK], int ncand, int *count)
{
    kfft_problem *qs = malloc(sizeof *qs * (size_t)(ncand ? ncand : 1));
    if (!qs) return NULL;
    for (int c = 0; c < ncand; c++) {
        qs[c] = *q;
        set_knob(&qs[c], g, cand[c]);
    }
    kfft_module_entry **mod = prefetch_problems(ctx, qs, ncand, count);
    free(qs);
    return mod;
}

static void release_all(kfft_context ctx, kfft_module_entry **held, int n)
{
    for (int i = 0; i < n; i++) kfft_module_release(ctx, held[i]);
    free(held);
}

/* Radix mode m's decomposition of R (-1: the planner's default, kfft_radix_auto). */
static int radices_of(int64_t R, int f64, int m, int *rad)
{
    return R > 1 ? kfft_codelet_radices(R, rad, KS_MAX_RADICES, m >= 0 ? m : kfft_radix_auto(R, f64)) : 0;
}

/* Do modes m and m2 give every kernel of the stage the same radices (the same kernels: timed once)? */
static int same_radices(const kfft_schedule *s, int g, int m, int m2)
{
    const kfft_stage *sg = &s->stage[g];
    for (int i = sg->first; i < sg->first + sg->nsteps; i++) {
        int a[KS_MAX_RADICES], b[KS_MAX_RADICES];
        int na = radices_of(s->spec[i].R, s->spec[i].f64, m, a), nb = radices_of(s->spec[i].R, s->spec[i].f64, m2, b);
        if (na != nb || (na > 0 && memcmp(a, b, sizeof(int) * (size_t)na))) return 0;
    }
    return 1;
}

/* Thread counts to try for a one-kernel stage in radix mode m: powers of two from 128, and
 * the counts that give every butterfly of the narrowest pass (the most butterflies) and of
 * the widest pass a thread of its own, rounded up to whole warps. */
static int block_threads(const kfft_wisdom_entry *key, int m, int max_threads, int *t)
{
    int n = 0, rad[KS_MAX_RADICES], nr = radices_of(key->R, key->f64, m, rad);
    int64_t minr = 0, maxr = 1;
    for (int i = 0; i < nr; i++) {
        if (!minr || rad[i] < minr) minr = rad[i];
        if (rad[i] > maxr) maxr = rad[i];
    }
    int64_t want[6] = {128, 256, 512, 1024, minr ? ((int64_t)key->B * key->R / minr + 31) / 32 * 32 : 0,
                       ((int64_t)key->B * key->R / maxr + 31) / 32 * 32};
    for (int i = 0; i < 6; i++) {
        int seen = 0;
        for (int j = 0; j < n; j++) seen |= t[j] == want[i];
        if (!seen && want[i] >= 32 && want[i] <= max_threads && want[i] <= 1024) t[n++] = (int)want[i];
    }
    return n;
}

/* The columns per block of stage g's passes under candidate c, into cols (at most max); the
 * number of passes, 0 where the stage has none or no plan. */
static int pass_columns(const kfft_context ctx, const kfft_problem *q, int g, const int *c, int *cols, int max)
{
    kfft_problem qc = *q;
    kfft_schedule sc;
    set_knob(&qc, g, c);
    if (kfft_schedule_build(&qc, &ctx->info, &sc)) {
        kfft_clear_error();
        return 0;
    }
    int n = 0;
    for (int i = sc.stage[g].first; i < sc.stage[g].first + sc.stage[g].nsteps && n < max; i++)
        if (sc.spec[i].kind == KS_GPASS) cols[n++] = sc.spec[i].B;
    kfft_schedule_free(&sc);
    return n;
}

/* The radices of stage g's kernel on coprime radices (kspec.pfa) in schedule s; 0 where it takes none. */
static int schedule_pfa(const kfft_schedule *s, int g)
{
    int pfa = 0;
    for (int i = s->stage[g].first; i < s->stage[g].first + s->stage[g].nsteps && !pfa; i++) pfa = s->spec[i].pfa ? s->spec[i].nrad : 0;
    return pfa;
}

/* schedule_pfa of q's plan under candidate c; -1 where there is no plan. */
static int stage_pfa(const kfft_context ctx, const kfft_problem *q, int g, const int *c)
{
    kfft_problem qc = *q;
    kfft_schedule sc;
    set_knob(&qc, g, c);
    if (kfft_schedule_build(&qc, &ctx->info, &sc)) {
        kfft_clear_error();
        return -1;
    }
    int pfa = schedule_pfa(&sc, g);
    kfft_schedule_free(&sc);
    return pfa;
}

/* Times stage g's candidates (compiled together first); *best and *best_ms get the fastest
 * where it beats *best_ms. */
static kfft_status time_candidates(kfft_context ctx, kfft_problem *q, int g, int (*cand)[NK], int ncand, kfft_buffer in,
                                   kfft_buffer out, int *best, double *best_ms)
{
    int nmod = 0;
    kfft_status st = KFFT_SUCCESS;
    kfft_module_entry **held = prefetch(ctx, q, g, cand, ncand, &nmod);
    for (int c = 0; c < ncand && !st; c++) {
        set_knob(q, g, cand[c]);
        double ms;
        st = time_plan(ctx, q, in, out, &ms);
        if (!st)
            kfft_log(ctx, "tune: stage %d: T=%d pad=%d radix=%d regs=%d split=%d noclu=%d rows=%d cols=%d pfa=%d: %.4f ms", g,
                     cand[c][0], cand[c][1], cand[c][2], cand[c][3], cand[c][4], cand[c][5], cand[c][6], cand[c][7], cand[c][8], ms);
        if (!st && ms < *best_ms) {
            *best_ms = ms;
            *best = c;
        }
    }
    release_all(ctx, held, nmod);
    return st;
}

/* A stage's wisdom entry as the untuned plan has it (its key, and the planner's choices; split:
 * whether its kernels took split twiddle tables; clu: whether its passes ran in clusters). */
typedef struct {
    kfft_wisdom_entry dflt;
    int split, clu, plane; /* plane: a plane kernel's stage (its entry is the plane's, T its knob) */
    int pfa;               /* a stage with a convolution that may take coprime radices (schedule.c: conv_pfa) */
    int64_t blue_n;        /* a stage that takes Bluestein: its axis length (conv_choice's key, with dflt.is); else 0 */
    int blue_io;           /* ... its conv entry's axis (kfft_conv_io; kfft_conv_default's rules differ for C2R) */
} stage_info;

static int cmp_int(const void *a, const void *b) { return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b); }

/* The radix mode (KFFT_RADIX_*) whose decomposition of R is k's: rules take modes other than
 * kfft_radix_auto's (blocks.c: small_radix_block, f64_block; the widest for 16384). Compared as
 * sets: a convolution kernel's radices are reordered (blk_conv_order), and an ordered compare
 * recorded 8219's widest 28,21,28 as the rule's mode, so tuning 8219 after 8209 (one kernel
 * shape) rewrote 8209's winner as a slower kernel (H100: 2.57 -> 2.79 ms). */
static int radix_mode(const kspec *k)
{
    int dflt = kfft_radix_auto(k->R, k->f64), have[KS_MAX_RADICES];
    memcpy(have, k->rad, sizeof have);
    qsort(have, (size_t)k->nrad, sizeof *have, cmp_int);
    for (int m = -1; m <= KFFT_RADIX_WIDEST_FLAT; m++) { /* FLAT: a rule's (blk_smooth_widest_two) */
        int rad[KS_MAX_RADICES], n = radices_of(k->R, k->f64, m, rad);
        if (k->pfa && n > 0) n = kfft_coprime_radices(k->R, rad, n, k->f64); /* the mode's count, regrouped (schedule.c conv_pfa) */
        if (n > 0) qsort(rad, (size_t)n, sizeof *rad, cmp_int);
        if (n == k->nrad && (n <= 0 || !memcmp(rad, have, sizeof(int) * (size_t)n))) return m >= 0 ? m : dflt;
    }
    return dflt;
}

int kfft_tune_stage_entry(const kfft_schedule *s, int g, kfft_wisdom_entry *e)
{
    const kspec *k = &s->spec[s->stage[g].first], *last = &s->spec[s->stage[g].first + s->stage[g].nsteps - 1];
    memset(e, 0, sizeof *e);
    e->split = -1;
    e->f64 = k->f64;
    e->io = kfft_wisdom_io(k->ld, last->st);
    if (k->plane) return 0;
    e->is = k->istride; /* as build_stage keys it: the axis's stride in the stage's source */
    if (k->kind == KS_SINGLE) {
        e->R = k->R;
        e->B = k->bkey ? k->bkey : k->B; /* the key: the rules' columns, a measured cols= aside */
        e->cols = k->bkey ? k->B : 0;
        e->ops = k->ops;
        e->T = k->T;
        e->pad = k->pad;
        e->radix = radix_mode(k);
        e->regs = k->regs;
    } else {
        /* As build_stage keys it: the length the passes transform, and the route. */
        e->passes = 1;
        e->R = k->N;
        e->ops = k->ops & KS_MID_RADER ? KS_MID_RADER : k->ops & KS_PRE_CHIRP ? KS_MID_BLUESTEIN : 0;
        e->pad = e->radix = -1;
    }
    return 1;
}

static void describe_stage(const kfft_schedule *s, int g, stage_info *si)
{
    memset(si, 0, sizeof *si);
    for (int i = s->stage[g].first; i < s->stage[g].first + s->stage[g].nsteps; i++) {
        si->split |= s->spec[i].twsplit != 0;
        si->clu |= s->spec[i].clu != 0;
        si->pfa |= (s->spec[i].ops & KS_MID_RADER) != 0;
        /* Bluestein's: where its length has a grouping in some radix mode (a Rader convolution is tried regardless) */
        for (int m = 0; m <= KFFT_RADIX_WIDEST_FLAT && !si->pfa && ks_blue_pfa_fits(&s->spec[i]); m++) {
            int rad[KS_MAX_RADICES], n = radices_of(s->spec[i].R, s->spec[i].f64, m, rad);
            si->pfa = n >= 2 && kfft_coprime_radices(s->spec[i].R, rad, n, s->spec[i].f64) >= 2;
        }
    }
    const kspec *k = &s->spec[s->stage[g].first];
    if (!k->plane && (k->kind == KS_SINGLE ? (k->ops & KS_MID_BLUESTEIN) : (k->ops & KS_PRE_CHIRP))) {
        si->blue_n = k->n;
        si->blue_io = kfft_conv_io(s->stage[g].type);
    }
    kfft_tune_stage_entry(s, g, &si->dflt);
}

/* Bluestein's convolution length for stage g (axis length n): the planner's (kfft_conv_default),
 * then the smallest 7-smooth m >= 2n-1 and the next ones, CONV_CANDIDATES in all, up to 6% longer,
 * each timed with the rest of q's plan as it is (H100: 1000003 1.30 -> 1.44 of cuFFT with the
 * next length, 8219's next ones 0.62-1.01x of the rule's; bench/results/h100-2026-11-27t-
 * bluelen.txt), and a one-kernel convolution's also on coprime radices where its length has a
 * grouping (kspec.h: pfa): those won only at some lengths, and rarely at the rule's (H200, fp32
 * 12203 at the nearest length with one; bench/results/h200-2026-12-01e-calls.txt), so a length
 * chosen without them would miss them. q->conv[g] gets the fastest, the rule's unless another
 * beats it by 2%; *pfa whether the fastest took coprime radices. */
enum { CONV_CANDIDATES = 8 };
static kfft_status tune_conv(kfft_context ctx, kfft_problem *q, int g, int64_t n, int64_t is, int c2r, kfft_buffer in, kfft_buffer out,
                             int *pfa)
{
    kfft_problem *qs = malloc(sizeof *qs * CONV_CANDIDATES * 2);
    if (!qs) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "tune: host memory");
    int64_t first = kfft_bluestein_length(n), rule = kfft_conv_default(n, is, q->f64, c2r, &ctx->info);
    int nq = 0, np = 0;
    qs[nq] = *q; /* the planner's choice first: the one to beat */
    qs[nq++].conv[g] = rule;
    for (int64_t m = first; nq < CONV_CANDIDATES && m <= first + first * 6 / 100; m = kfft_bluestein_next(m + 1))
        if (m != rule) {
            qs[nq] = *q;
            qs[nq++].conv[g] = m;
        }
    /* The same lengths on coprime radices where a radix mode gives a grouping: the fewest radices
     * (the fewest passes), the planner's mode first on a tie, with its padding and the rules'
     * threads for that mode (T 0). */
    for (int c = 0, nl = nq; c < nl; c++) {
        kfft_schedule sc;
        if (kfft_schedule_build(&qs[c], &ctx->info, &sc)) {
            kfft_clear_error();
            continue;
        }
        stage_info si;
        describe_stage(&sc, g, &si);
        int has = schedule_pfa(&sc, g);
        kfft_schedule_free(&sc);
        if (si.dflt.passes || !si.pfa || has) continue;
        int k[NK] = {0, si.dflt.pad, si.dflt.radix, 0, -1, 0, 0, si.dflt.cols, 1}, fewest = 0;
        for (int m = -1; m <= KFFT_RADIX_WIDEST_FLAT; m++) {
            if (m >= 0 && m == si.dflt.radix) continue; /* tried first, as m = -1 */
            int km[NK];
            memcpy(km, k, sizeof km);
            km[2] = m < 0 ? si.dflt.radix : m;
            int nr = stage_pfa(ctx, &qs[c], g, km);
            if (nr > 0 && (!fewest || nr < fewest)) fewest = nr, k[2] = km[2];
        }
        if (!fewest) continue;
        qs[nq] = qs[c];
        set_knob(&qs[nq++], g, k);
        np++;
    }
    int nmod = 0, best = 0;
    double best_ms = 1e30, rule_ms = 1e30;
    kfft_module_entry **held = prefetch_problems(ctx, qs, nq, &nmod);
    kfft_status st = KFFT_SUCCESS;
    for (int c = 0; c < nq && !st; c++) {
        double ms;
        st = time_plan(ctx, &qs[c], in, out, &ms);
        if (st && c > 0) { /* a length the plan cannot take (none known): not a candidate */
            kfft_clear_error();
            st = KFFT_SUCCESS;
            continue;
        }
        if (st) break;
        kfft_log(ctx, "tune: stage %d: Bluestein length %lld%s: %.4f ms", g, (long long)qs[c].conv[g], c >= nq - np ? " pfa" : "", ms);
        if (c == 0) rule_ms = ms;
        if (ms < best_ms) best_ms = ms, best = c;
    }
    release_all(ctx, held, nmod);
    if (!st) {
        int won = best_ms < 0.98 * rule_ms;
        q->conv[g] = won ? qs[best].conv[g] : rule;
        *pfa = won && best >= nq - np;
    }
    free(qs);
    return st;
}

/* Stage candidates of q's plan (NK knobs); passes take T = 0 (unused); regs, split, pfa, noclu
 * and rows are tried after the others, on their winner. A plane stage
 * gets threads per block only (powers of two from 128 and the planner's count; the plane or
 * not is tried first: kfft_tune); *plane is its wisdom key then (.passes = 2), else .passes = 0. */
enum { MAXC = 64 };
static kfft_status candidates(kfft_context ctx, const kfft_problem *q, stage_info *si, int (*cand)[MAXC][NK], int *ncand, int *nst,
                              kfft_wisdom_entry *plane)
{
    kfft_schedule s;
    kfft_status st = kfft_schedule_build(q, &ctx->info, &s);
    if (st) return st;
    *nst = s.nstages;
    memset(plane, 0, sizeof *plane);
    for (int g = 0; g < s.nstages; g++) {
        ncand[g] = 0;
        describe_stage(&s, g, &si[g]);
        const kspec *k0 = &s.spec[s.stage[g].first];
        if (k0->plane) {
            *plane = (kfft_wisdom_entry){.passes = 2, .f64 = k0->f64, .R = (int64_t)k0->R * (k0->clu ? k0->clu : 1), .B = k0->plane,
                                         .io = kfft_wisdom_io(k0->ld, k0->st), .split = -1, .clu = k0->clu ? k0->clu : 1};
            si[g].clu = 0; /* its clusters are the plane's own, not a pass rule's */
            si[g].plane = 1;
            int want[5] = {k0->T, 128, 256, 512, 1024};
            for (int i = 0; i < 5; i++) {
                int seen = 0;
                for (int j = 0; j < ncand[g]; j++) seen |= cand[g][j][0] == want[i];
                if (seen || want[i] > ctx->info.max_threads) continue;
                int *c = cand[g][ncand[g]++];
                c[0] = want[i], c[1] = -1, c[2] = -1, c[3] = 0, c[4] = -1, c[5] = 0, c[6] = 0, c[7] = 0, c[8] = 0;
            }
            continue;
        }
        int single = !si[g].dflt.passes;
        for (int m = single ? 0 : -1; m <= KFFT_RADIX_WIDEST; m++) {
            int dup = 0;
            for (int m2 = single ? 0 : -1; m2 < m && !dup; m2++) dup = same_radices(&s, g, m, m2);
            if (dup) continue;
            int threads[6], nt = single ? block_threads(&si[g].dflt, m, ctx->info.max_threads, threads) : 1;
            /* Passes: default padding (1, or Rader's own rule), or none; all padded only with Rader.
             * One-kernel fp32 blocks also swizzled, where whole bank rows make a column. */
            int padmax = single || si[g].dflt.ops == KS_MID_RADER ? KS_PAD_ROWS : 0;
            if (single && !si[g].dflt.f64 && si[g].dflt.R % 16 == 0) padmax = KS_PAD_SWZ;
            for (int pad = single ? 0 : -1; pad <= padmax; pad++)
                for (int ti = 0; ti < nt; ti++) {
                    int *c = cand[g][ncand[g]++];
                    c[0] = single ? threads[ti] : 0;
                    c[1] = pad;
                    c[2] = m;
                    c[3] = 0;
                    c[4] = -1;
                    c[5] = 0;
                    c[6] = 0;
                    c[7] = 0;
                    c[8] = 0;
                }
        }
    }
    kfft_schedule_free(&s);
    return KFFT_SUCCESS;
}

kfft_status kfft_tune(kfft_context ctx, const kfft_plan_desc *desc, kfft_tune_report *rep)
{
    kfft_clear_error();
    if (!ctx || !desc || !rep) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s is NULL", !ctx ? "ctx" : !desc ? "desc" : "report");
    memset(rep, 0, sizeof *rep);
    kfft_problem q;
    kfft_status st = kfft_problem_from_desc(desc, &q);
    if (st) return st;
    q.noplane = -1; /* a plane the wisdom turned down is tried again */
    int nst = 0;
    stage_info si[KFFT_MAX_DIMS];
    int cand[KFFT_MAX_DIMS][MAXC][NK], ncand[KFFT_MAX_DIMS] = {0};
    kfft_wisdom_entry plane;
    if ((st = candidates(ctx, &q, si, cand, ncand, &nst, &plane))) return st;
    /* The untuned plan's stages: the entries where the tuned plan is not kept (a plane or
     * Bluestein length the tuner moved changes the stages, and entries of those would leave
     * the plan actually taken without its own). */
    stage_info si0[KFFT_MAX_DIMS];
    int nst0 = nst, ncand0[KFFT_MAX_DIMS];
    memcpy(si0, si, sizeof si0);
    memcpy(ncand0, ncand, sizeof ncand0);
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
    /* First, the last two axes: where the planner took a plane kernel, a kernel each; and a plane
     * kernel in every other number of blocks that can hold one (1, or a cluster of 2, 4, 8), where
     * the planner took one or not. The rules were set from a few shapes (planes.c); the stages are
     * then those of the winner. */
    int dflt_clu = plane.passes == 2 ? plane.clu : 0, best_clu = 0;
    if (!st && dflt_clu) {
        double ms = 0;
        q.noplane = 1;
        st = time_plan(ctx, &q, in, out, &ms);
        if (!st && ms < 0.98 * best_total) best_total = ms;
        else q.noplane = -1;
    }
    int(*cp)[MAXC][NK] = malloc(sizeof(int[KFFT_MAX_DIMS][MAXC][NK])); /* a candidate's stages: only its plane's key is kept */
    for (int P = 1; P <= 8 && !st && cp; P *= 2) {
        kfft_wisdom_entry pk;
        int ns = 0, nc[KFFT_MAX_DIMS];
        stage_info sp[KFFT_MAX_DIMS];
        kfft_problem qp = q;
        qp.noplane = -1;
        qp.plane_clu = P;
        if (P == dflt_clu || candidates(ctx, &qp, sp, cp, nc, &ns, &pk) || pk.passes != 2 || pk.clu != P) {
            kfft_clear_error(); /* no plane in P blocks here */
            continue;
        }
        double ms = 0;
        st = time_plan(ctx, &qp, in, out, &ms);
        if (!st && ms < 0.98 * best_total) {
            best_total = ms;
            best_clu = P;
            q.noplane = -1;
            if (!dflt_clu) plane = pk; /* its key: the planner took no plane */
        }
    }
    free(cp);
    q.plane_clu = best_clu;
    if (!st && (q.noplane > 0 || best_clu)) {
        rep->stages++;
        st = candidates(ctx, &q, si, cand, ncand, &nst, &(kfft_wisdom_entry){0});
    }
    /* Then Bluestein's convolution length of each stage that takes it; the stages are then the winner's. */
    int conv_moved = 0, conv_pfa[KFFT_MAX_DIMS] = {0};
    for (int g = 0; g < nst && !st; g++)
        if (si[g].blue_n && !(st = tune_conv(ctx, &q, g, si[g].blue_n, si[g].dflt.is, si[g].blue_io == 1, in, out, &conv_pfa[g])))
            conv_moved |= conv_pfa[g] || q.conv[g] != kfft_conv_default(si[g].blue_n, si[g].dflt.is, q.f64, si[g].blue_io == 1, &ctx->info);
    if (!st && conv_moved) {
        rep->stages++;
        st = candidates(ctx, &q, si, cand, ncand, &nst, &(kfft_wisdom_entry){0});
        for (int g = 0; g < nst && !st; g++) /* a length won on coprime radices: its stage's candidates take them */
            for (int c = 0; c < ncand[g] && conv_pfa[g]; c++) cand[g][c][8] = 1;
    }
    best_total = rep->default_ms;
    for (int g = 0; g < nst && !st; g++) {
        if (ncand[g] < 2 && !si[g].clu) continue; /* nothing to choose */
        int best = 0;
        double stage_best = 1e30;
        st = time_candidates(ctx, &q, g, cand[g], ncand[g], in, out, &best, &stage_best);
        /* Then, with those choices, register bounds (CUDA launch bounds: more blocks per SM
         * against spills; blocks.c min_blocks). */
        if (!st && !si[g].dflt.passes && !si[g].plane && ctx->info.dialect == KS_DIALECT_CUDA) {
            int rc[3][NK], nb = 0, nr = 0, want[3] = {96, 64, si[g].dflt.regs};
            double rb = stage_best;
            for (int i = 0; i < 3; i++) {
                int dup = !want[i];
                for (int j = 0; j < nr; j++) dup |= rc[j][3] == want[i];
                if (dup) continue;
                memcpy(rc[nr], cand[g][best], sizeof rc[nr]);
                rc[nr++][3] = want[i];
            }
            st = time_candidates(ctx, &q, g, rc, nr, in, out, &nb, &rb);
            if (!st && rb < stage_best) {
                memcpy(cand[g][best], rc[nb], sizeof rc[nb]);
                stage_best = rb;
            }
        }
        /* Then split twiddle tables the other way from the rule: it was set from a few
         * measured lengths per class (blocks.c: split_wins), and near its edges either may win. */
        if (!st && !si[g].plane) {
            int sc[1][NK], nb = 0;
            double rb = stage_best;
            memcpy(sc[0], cand[g][best], sizeof sc[0]);
            sc[0][4] = !si[g].split;
            st = time_candidates(ctx, &q, g, sc, 1, in, out, &nb, &rb);
            if (!st && rb < stage_best) {
                memcpy(cand[g][best], sc[0], sizeof sc[0]);
                stage_best = rb;
            }
        }
        /* Then the convolutions the other way from the winner's: on coprime radices where its
         * kernels have a grouping and do not take it, without them where they do (the winner's
         * own are timed already). Rader's rule bound (schedule.c: conv_pfa, a thread's points)
         * was set from 27 lengths, and past it 4 of 11 still gained 2-3% (H200, bench/results/
         * h200-2026-12-01d-calls.txt). Bluestein's one-kernel convolutions take them only so:
         * they lost in most lengths and won in some (fp64 4177 1.35x; -12-01e-calls.txt). */
        if (!st && si[g].pfa) {
            int pc[1][NK], nb = 0, now = stage_pfa(ctx, &q, g, cand[g][best]) > 0; /* the winner's kernels, timed */
            double rb = stage_best;
            memcpy(pc[0], cand[g][best], sizeof pc[0]);
            pc[0][8] = now ? -1 : 1;
            if ((stage_pfa(ctx, &q, g, pc[0]) > 0) != now) st = time_candidates(ctx, &q, g, pc, 1, in, out, &nb, &rb);
            if (!st && rb < stage_best) {
                memcpy(cand[g][best], pc[nb], sizeof pc[nb]);
                stage_best = rb;
            }
        }
        /* Then, where the planner ran the stage's passes in clusters, without them: the rules
         * were set from a few lengths, and some they take lost (schedule.c:
         * clusters.c: clu_columns: 45000, 54000). */
        if (!st && si[g].clu) {
            int cc[1][NK], nb = 0;
            double rb = stage_best;
            memcpy(cc[0], cand[g][best], sizeof cc[0]);
            cc[0][5] = 1;
            st = time_candidates(ctx, &q, g, cc, 1, in, out, &nb, &rb);
            if (!st && rb < stage_best) {
                memcpy(cand[g][best], cc[0], sizeof cc[0]);
                stage_best = rb;
            }
        }
        /* Then the passes' columns per block, in rows of one, two and four sectors: the rule
         * (schedule.c: SMALL_PASS_ELEMS) was set on the H100 from the power-of-two lengths,
         * where 8 columns won only in passes of 512 points (bench/results/h100-2026-11-27o-
         * passes.txt); other devices may differ, and so do lengths that are not powers of two
         * (their rule leaves an fp32 last pass narrow: 82944 ran 1.03 of cuFFT so, 1.14 with every
         * pass wide; bench/results/h200-2026-11-30c-calls.txt call 2). Rows that leave every
         * pass's columns as they are make the same kernels and are not timed. */
        if (!st && si[g].dflt.passes) {
            int rw[3][NK], nr = 0, nb = 0, cols[4][KFFT_MAX_STEPS]; /* cols[0]: the winner's, cols[1 + i]: rw[i]'s */
            int np = pass_columns(ctx, &q, g, cand[g][best], cols[0], KFFT_MAX_STEPS);
            for (int rows = 1; rows <= 4 && np; rows *= 2) {
                memcpy(rw[nr], cand[g][best], sizeof rw[nr]);
                rw[nr][6] = rows;
                int dup = pass_columns(ctx, &q, g, rw[nr], cols[nr + 1], KFFT_MAX_STEPS) != np;
                for (int j = 0; j <= nr && !dup; j++) dup = !memcmp(cols[j], cols[nr + 1], sizeof(int) * (size_t)np);
                if (!dup) nr++;
            }
            double rb = stage_best;
            if (nr) st = time_candidates(ctx, &q, g, rw, nr, in, out, &nb, &rb);
            if (!st && nr && rb < stage_best) {
                memcpy(cand[g][best], rw[nb], sizeof rw[nb]);
                stage_best = rb;
            }
        }
        /* Then a one-kernel stage's columns a block: half and a quarter of the rules' (the
         * threads scaled alike, whole warps), for mixed-radix blocks of several columns. The
         * rules (schedule.c: TARGET_ELEMS, blocks.c: blk_packed_c2r_columns) were set from a few
         * lengths: C2R 2048's 1024 points ran 0.86 of cuFFT in two columns at 128 threads, 0.96 in
         * one at 64 on the H200 (bench/results/h200-2026-11-30e-calls.txt call 1), a shape the
         * tuner could not reach before. */
        if (!st && !si[g].dflt.passes && !si[g].plane && si[g].dflt.B >= 2 && !(si[g].dflt.ops & (KS_MID_BLUESTEIN | KS_MID_RADER))) {
            int cc[2][NK], nc = 0, nb = 0, B0 = si[g].dflt.B;
            for (int c = B0 / 2; c >= 1 && c >= B0 / 4 && nc < 2; c /= 2) {
                memcpy(cc[nc], cand[g][best], sizeof cc[nc]);
                int T = (int)(((int64_t)cc[nc][0] * c / B0 + 31) / 32 * 32);
                cc[nc][0] = T > 32 ? T : 32;
                cc[nc++][7] = c;
            }
            double rb = stage_best;
            st = time_candidates(ctx, &q, g, cc, nc, in, out, &nb, &rb);
            if (!st && rb < stage_best) {
                memcpy(cand[g][best], cc[nb], sizeof cc[nb]);
                stage_best = rb;
            }
        }
        if (st) break;
        set_knob(&q, g, cand[g][best]);
        rep->stages++;
    }
    /* The tuned plan, timed as a whole against the default; a win within the noise (2%)
     * keeps the default choices, so wisdom never records a slowdown. */
    if (!st && rep->stages) st = time_plan(ctx, &q, in, out, &best_total);
    int keep = !st && rep->stages && best_total < 0.98 * rep->default_ms;
    const stage_info *sw = keep ? si : si0; /* the stages of the plan taken */
    const int nsw = keep ? nst : nst0, *ncw = keep ? ncand : ncand0;
    for (int g = 0; g < nsw && !st; g++) {
        if (ncw[g] < 2 && !sw[g].clu) continue;
        if (sw[g].plane) { /* the plane's entry, below, holds its threads */
            plane.T = keep ? q.knob[g].T : 0;
            continue;
        }
        kfft_wisdom_entry e = sw[g].dflt;
        if (keep) {
            e.T = q.knob[g].T;
            e.pad = q.knob[g].pad;
            e.radix = q.knob[g].radix;
            e.regs = q.knob[g].regs;
            e.split = q.knob[g].split;
            e.noclu = q.knob[g].noclu;
            e.rows = q.knob[g].rows;
            e.cols = q.knob[g].cols;
            e.pfa = q.knob[g].pfa;
        }
        e.ms = keep ? best_total : rep->default_ms;
        e.default_ms = rep->default_ms;
        kfft_wisdom_put(ctx->wisdom, &e);
        size_t o = strlen(rep->choice);
        char rows[16] = "", cols[16] = "", pfa[16] = "";
        if (e.rows) snprintf(rows, sizeof rows, " rows=%d", e.rows);
        if (e.cols) snprintf(cols, sizeof cols, " cols=%d", e.cols);
        if (e.pfa) snprintf(pfa, sizeof pfa, " pfa=%d", e.pfa);
        if (e.passes)
            snprintf(rep->choice + o, sizeof rep->choice - o, "%spasses of %lld: pad=%d radix=%d split=%d%s%s%s%s", o ? "; " : "", (long long)e.R,
                     e.pad, e.radix, e.split, e.noclu ? " noclu=1" : "", rows, pfa, keep ? "" : " (default)");
        else
            snprintf(rep->choice + o, sizeof rep->choice - o, "%sR=%lld B=%d T=%d pad=%d radix=%d regs=%d split=%d%s%s%s", o ? "; " : "",
                     (long long)e.R, e.B, e.T, e.pad, e.radix, e.regs, e.split, cols, pfa, keep ? "" : " (default)");
    }
    /* Bluestein's lengths: the tuned plan's, else the rule's (an entry from an earlier tune goes) */
    for (int g = 0; g < nsw && !st; g++) {
        if (!sw[g].blue_n) continue;
        int64_t rule = kfft_conv_default(sw[g].blue_n, sw[g].dflt.is, q.f64, sw[g].blue_io == 1, &ctx->info);
        kfft_wisdom_entry e = {.passes = 3, .f64 = q.f64, .R = sw[g].blue_n, .is = sw[g].dflt.is, .io = sw[g].blue_io,
                               .conv = keep ? q.conv[g] : rule, .split = -1,
                               .ms = keep ? best_total : rep->default_ms, .default_ms = rep->default_ms};
        kfft_wisdom_put(ctx->wisdom, &e);
        size_t o = strlen(rep->choice);
        snprintf(rep->choice + o, sizeof rep->choice - o, "%sBluestein %lld: m=%lld%s", o ? "; " : "", (long long)e.R, (long long)e.conv,
                 e.conv == rule ? " (default)" : "");
    }
    /* The plane's entry: where the planner takes one, or the tuned plan does */
    if (!st && plane.passes == 2 && (dflt_clu || (keep && best_clu))) {
        plane.noplane = keep && q.noplane > 0;
        plane.clu = keep && !plane.noplane ? best_clu : 0;
        plane.ms = keep ? best_total : rep->default_ms;
        plane.default_ms = rep->default_ms;
        kfft_wisdom_put(ctx->wisdom, &plane);
        char what[96] = "noplane=1 (a kernel per axis)", t[16] = "", c[16] = "";
        if (plane.T) snprintf(t, sizeof t, ", T=%d", plane.T);
        if (plane.clu) snprintf(c, sizeof c, ", C=%d", plane.clu);
        if (!plane.noplane && (plane.T || plane.clu))
            snprintf(what, sizeof what, "%s%s%s", dflt_clu ? "kept" : "a plane kernel (the rule takes none)", t, c);
        else if (!plane.noplane) snprintf(what, sizeof what, "kept (default)");
        size_t o = strlen(rep->choice);
        snprintf(rep->choice + o, sizeof rep->choice - o, "%splane %lldx%d: %s", o ? "; " : "", (long long)plane.R, plane.B, what);
    }
    rep->tuned_ms = keep ? best_total : rep->default_ms;
    if (in) kfft_dev_release(ctx, in);
    if (out && out != in) kfft_dev_release(ctx, out);
    kfft_log(ctx, "tune: %.4f ms -> %.4f ms (%s)", rep->default_ms, rep->tuned_ms, rep->choice[0] ? rep->choice : "nothing to tune");
    return st;
}
