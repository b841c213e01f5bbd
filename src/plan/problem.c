/* Plan descriptions -> canonical problem, with every check on sizes and layouts done here
 * so the planner can trust what it gets. */
#include <math.h>
#include <string.h>

#include "core/error.h"
#include "plan/problem.h"

#define MAX_LEN ((int64_t)1 << 34) /* per axis: tables are indexed with 64-bit integers */
#define MAX_BYTES (INT64_MAX / 4)  /* spans in bytes stay far from overflowing */

static const char *side_name(int out) { return out ? "output" : "input"; }

/* a*b into *r unless it exceeds lim. */
static int mul_ok(int64_t a, int64_t b, int64_t lim, int64_t *r)
{
    if (a < 0 || b < 0) return 0;
    if (a && b > lim / a) return 0;
    *r = a * b;
    return 1;
}

/* Length of axis a (of rank) with logical length n on a side of a transform of type t. */
static int64_t axis_len(kfft_type t, int rank, int a, int64_t n, int out)
{
    if (a != rank - 1 || t == KFFT_C2C) return n;
    int complex_side = t == KFFT_R2C ? out : !out;
    return complex_side ? n / 2 + 1 : n;
}

int64_t kfft_problem_len(const kfft_problem *p, int a, int out) { return axis_len(p->type, p->rank, a, p->dims[a].n, out); }

int64_t kfft_problem_elem_bytes(const kfft_problem *p, int out)
{
    int real = (p->type == KFFT_R2C && !out) || (p->type == KFFT_C2R && out);
    return (p->f64 ? 8 : 4) * (real ? 1 : 2);
}

static int64_t stride_of(const kfft_dim *d, int out) { return out ? d->os : d->is; }

/* Elements spanned by a side (last offset + 1), or -1 past MAX_BYTES. */
static int64_t span_elems(const kfft_problem *p, int out)
{
    int64_t span = 1, eb = kfft_problem_elem_bytes(p, out), t;
    for (int i = 0; i < p->rank + p->hrank; i++) {
        const kfft_dim *d = i < p->rank ? &p->dims[i] : &p->hm[i - p->rank];
        int64_t n = i < p->rank ? kfft_problem_len(p, i, out) : d->n;
        if (!mul_ok(n - 1, stride_of(d, out), MAX_BYTES / eb, &t) || t > MAX_BYTES / eb - span) return -1;
        span += t;
    }
    return span;
}

int64_t kfft_problem_span_bytes(const kfft_problem *p, int out) { return span_elems(p, out) * kfft_problem_elem_bytes(p, out); }

double kfft_problem_size(const kfft_problem *p)
{
    double s = 1;
    for (int a = 0; a < p->rank; a++) s *= (double)p->dims[a].n;
    return s;
}

/* Can two different (transform, element) indices land on the same element of a side?
 * Sufficient test: sorted by stride, each axis steps over everything the faster axes
 * span. Returns 1 when provably free of overlaps. */
static int no_overlap(const kfft_problem *p, int out, int64_t *bad_stride, int64_t *bad_span)
{
    int64_t n[2 * KFFT_MAX_DIMS], s[2 * KFFT_MAX_DIMS];
    int m = 0;
    for (int i = 0; i < p->rank + p->hrank; i++) {
        const kfft_dim *d = i < p->rank ? &p->dims[i] : &p->hm[i - p->rank];
        int64_t len = i < p->rank ? kfft_problem_len(p, i, out) : d->n;
        if (len <= 1) continue;
        int j = m++;
        while (j > 0 && s[j - 1] > stride_of(d, out)) {
            n[j] = n[j - 1];
            s[j] = s[j - 1];
            j--;
        }
        n[j] = len;
        s[j] = stride_of(d, out);
    }
    int64_t ext = 1;
    for (int j = 0; j < m; j++) {
        if (s[j] < ext) {
            *bad_stride = s[j];
            *bad_span = ext;
            return 0;
        }
        ext += s[j] * (n[j] - 1); /* bounded by span_elems, checked before */
    }
    return 1;
}

static kfft_status validate(kfft_problem *p)
{
    if (p->type != KFFT_C2C && p->type != KFFT_R2C && p->type != KFFT_C2R)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "type: must be KFFT_C2C, KFFT_R2C or KFFT_C2R (got %d)", (int)p->type);
    if (p->norm < KFFT_NORM_NONE || p->norm > KFFT_NORM_FORWARD)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "norm: must be a kfft_norm value (got %d)", (int)p->norm);
    if (p->flags & ~(unsigned)(KFFT_PLAN_INPLACE | KFFT_PLAN_USER_WORKSPACE))
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "flags: unknown bits 0x%x", p->flags);
    if (p->rank < 1 || p->rank > KFFT_MAX_DIMS)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "rank must be 1..%d (got %d)", KFFT_MAX_DIMS, p->rank);
    if (p->hrank < 0 || p->hrank > KFFT_MAX_DIMS - p->rank)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "howmany_rank must be 0..%d with rank %d (got %d)",
                         KFFT_MAX_DIMS - p->rank, p->rank, p->hrank);
    for (int i = 0; i < p->rank + p->hrank; i++) {
        const kfft_dim *d = i < p->rank ? &p->dims[i] : &p->hm[i - p->rank];
        const char *what = i < p->rank ? "n" : "batch";
        int ix = i < p->rank ? i : i - p->rank;
        if (d->n < 1) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s[%d] must be >= 1 (got %lld)", what, ix, (long long)d->n);
        if (i < p->rank && d->n > MAX_LEN)
            return kfft_fail(KFFT_ERROR_UNSUPPORTED, "n[%d] = %lld is above the supported 2^34", ix, (long long)d->n);
        if (d->is < 0 || d->os < 0)
            return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s[%d]: strides must be positive (got %lld, %lld)", what, ix,
                             (long long)d->is, (long long)d->os);
        if (d->n > 1 && (d->is == 0 || d->os == 0))
            return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT,
                             "%s[%d] = %lld: a stride or distance of 0 would put several %s on the same elements", what, ix,
                             (long long)d->n, i < p->rank ? "elements" : "transforms");
    }
    for (int out = 0; out < 2; out++)
        if (span_elems(p, out) < 0)
            return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s layout: sizes times strides overflow 64-bit byte offsets",
                             side_name(out));
    /* Outputs must not collide; C2R of rank >= 2 also works in its input. */
    for (int out = 1; out >= 0; out--) {
        if (!out && !(p->type == KFFT_C2R && p->rank >= 2)) break;
        int64_t bs, bx;
        if (!no_overlap(p, out, &bs, &bx))
            return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT,
                             "%s layout overlaps itself: a stride of %lld is below the %lld elements its faster axes span",
                             side_name(out), (long long)bs, (long long)bx);
    }
    return KFFT_SUCCESS;
}

kfft_status kfft_problem_from_guru(const kfft_guru_desc *g, kfft_problem *p)
{
    memset(p, 0, sizeof *p);
    if (!g) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "desc is NULL");
    if (g->precision != KFFT_F32 && g->precision != KFFT_F64)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "precision: must be KFFT_F32 or KFFT_F64 (got %d)", (int)g->precision);
    p->type = g->type;
    p->f64 = g->precision == KFFT_F64;
    p->rank = g->rank;
    p->hrank = g->howmany_rank;
    p->norm = g->norm;
    p->flags = g->flags;
    if (p->rank >= 1 && p->rank <= KFFT_MAX_DIMS) memcpy(p->dims, g->dims, sizeof(kfft_dim) * (size_t)p->rank);
    if (p->hrank >= 1 && p->hrank <= KFFT_MAX_DIMS) memcpy(p->hm, g->howmany, sizeof(kfft_dim) * (size_t)p->hrank);
    return validate(p);
}

/* Default embed of axis a on a side: the logical length there, padded for the real side
 * of an in-place real transform. */
static int64_t default_embed(const kfft_plan_desc *d, int a, int out)
{
    int64_t n = d->n[a];
    int real_side = a == d->rank - 1 && (d->type == KFFT_R2C ? !out : d->type == KFFT_C2R ? out : 0);
    if (real_side && (d->flags & KFFT_PLAN_INPLACE)) return 2 * (n / 2 + 1);
    return axis_len(d->type, d->rank, a, n, out);
}

kfft_status kfft_problem_from_desc(const kfft_plan_desc *d, kfft_problem *p)
{
    memset(p, 0, sizeof *p);
    if (!d) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "desc is NULL");
    if (d->rank < 1 || d->rank > KFFT_MAX_RANK)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "rank must be 1..%d (got %d)", KFFT_MAX_RANK, d->rank);
    if (d->batch < 1) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "batch must be >= 1 (got %lld)", (long long)d->batch);
    for (int a = 0; a < d->rank; a++)
        if (d->n[a] < 1) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "n[%d] must be >= 1 (got %lld)", a, (long long)d->n[a]);
    if (d->istride < 0 || d->idist < 0 || d->ostride < 0 || d->odist < 0)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "strides and distances must be >= 0 (0 = contiguous)");
    kfft_guru_desc g;
    memset(&g, 0, sizeof g);
    g.type = d->type;
    g.precision = d->precision;
    g.rank = d->rank;
    g.norm = d->norm;
    g.flags = d->flags;
    for (int out = 0; out < 2; out++) {
        const int64_t *emb = out ? d->onembed : d->inembed;
        int64_t stride = (out ? d->ostride : d->istride) ? (out ? d->ostride : d->istride) : 1;
        int64_t e[KFFT_MAX_RANK];
        for (int a = 0; a < d->rank; a++) {
            e[a] = emb[a] ? emb[a] : default_embed(d, a, out);
            if (emb[a] < 0) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%cnembed[%d] must be >= 0", out ? 'o' : 'i', a);
            int64_t len = axis_len(d->type, d->rank, a, d->n[a], out);
            if (a > 0 && e[a] < len)
                return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%cnembed[%d] = %lld is below the %s length %lld along axis %d",
                                 out ? 'o' : 'i', a, (long long)e[a], side_name(out), (long long)len, a);
        }
        int64_t acc = stride;
        for (int a = d->rank - 1; a >= 0; a--) {
            if (out) g.dims[a].os = acc;
            else g.dims[a].is = acc;
            if (!mul_ok(acc, e[a], MAX_BYTES, &acc))
                return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s layout: sizes times strides overflow 64-bit byte offsets",
                                 side_name(out));
        }
        int64_t dist = (out ? d->odist : d->idist) ? (out ? d->odist : d->idist) : acc;
        if (out) g.howmany[0].os = dist;
        else g.howmany[0].is = dist;
    }
    for (int a = 0; a < d->rank; a++) g.dims[a].n = d->n[a];
    g.howmany_rank = 1;
    g.howmany[0].n = d->batch;
    return kfft_problem_from_guru(&g, p);
}
