/* From a transform description to kernel steps: choose single-kernel or multi-pass,
 * mixed radix or Bluestein, block shapes, and build the twiddle/chirp tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "plan/factor.h"
#include "plan/plan.h"
#include "plan/tables.h"

/* Elements a block works on when it can choose (several short transforms per block). */
#define TARGET_ELEMS 2048
/* Bytes of contiguous data per row a multi-pass block reads: one 32-byte DRAM sector. */
#define GPASS_ROW_BYTES 32
/* Transforms per chunk are limited so workspace stays under this. */
#define WORKSPACE_CAP ((int64_t)256 << 20)
/* Threads per block: 256 for blocks of a few thousand elements; up to 512 for the large
 * single-kernel transforms that use opt-in shared memory (one block per SM). */
#define MAX_THREADS 256
#define MAX_THREADS_LARGE 512

static int64_t elem_bytes(int f64) { return f64 ? 16 : 8; }

/* Fills a spec's in-block shape: radices of R, B columns, T threads. */
static kfft_status shape(kspec *k, int R, int B, const kfft_device_info *info)
{
    k->R = R;
    k->B = B;
    k->nrad = R > 1 ? kfft_codelet_radices(R, k->rad, KS_MAX_RADICES) : 0;
    if (k->nrad < 0) return kfft_fail(KFFT_ERROR_INTERNAL, "no codelet decomposition for %d", R);
    int maxr = 1;
    for (int i = 0; i < k->nrad; i++)
        if (k->rad[i] > maxr) maxr = k->rad[i];
    int64_t T = (int64_t)B * R / maxr;
    int want = (int64_t)B * R * 8 > 49152 ? MAX_THREADS_LARGE : MAX_THREADS;
    int cap = info->max_threads < want ? info->max_threads : want;
    if (T > cap) T = cap;
    if (T < 1) T = 1;
    k->T = (int)T;
    return KFFT_SUCCESS;
}

static int64_t span(int64_t count, int64_t n, int64_t stride, int64_t dist)
{
    return (count - 1) * dist + (n - 1) * stride + 1;
}

/* Appends the in-block twiddle tables of spec k. */
static void local_tables(kspec *k, kfft_table *t)
{
    int64_t Ns = 1;
    for (int p = 0; p < k->nrad; p++) {
        k->tw_local[p] = Ns > 1 ? tab_twiddles_local(t, Ns, k->rad[p]) : 0;
        Ns *= k->rad[p];
    }
}

/* Global passes of a length-N transform: appends specs for Ns = 1, R1, R1*R2, ... */
static kfft_status gpasses(kfft_schedule *s, const kspec *base, int64_t N, const kfft_device_info *info, kfft_table *t)
{
    int f64 = base->f64;
    int64_t emax = (int64_t)info->smem_per_block / elem_bytes(f64);
    int Bg = GPASS_ROW_BYTES / (int)elem_bytes(f64);
    int64_t R[KFFT_MAX_STEPS];
    int np = kfft_split_passes(N, emax / Bg, R, KFFT_MAX_STEPS / 2);
    if (!np) return kfft_fail(KFFT_ERROR_UNSUPPORTED, "cannot split length %lld into passes of <= %lld", (long long)N,
                              (long long)(emax / Bg));
    int64_t Ns = 1;
    for (int p = 0; p < np; p++) {
        kspec *k = &s->spec[s->nsteps++];
        *k = *base;
        k->kind = KS_GPASS;
        k->N = N;
        k->Ns = Ns;
        int B = Bg;
        while ((int64_t)B * 2 * R[p] <= TARGET_ELEMS) B *= 2;
        kfft_status st = shape(k, (int)R[p], B, info);
        if (st) return st;
        local_tables(k, t);
        if (Ns > 1) {
            int64_t Np = Ns * R[p];
            int sh = 0;
            while ((1ll << (2 * sh)) < Np) sh++;
            k->tw_shift = sh;
            k->tw_lo = tab_twiddles_range(t, 1ll << sh, 1, Np);
            k->tw_hi = tab_twiddles_range(t, (Np + (1ll << sh) - 1) >> sh, 1ll << sh, Np);
        }
        Ns *= R[p];
    }
    return KFFT_SUCCESS;
}

static kfft_status validate(const kfft_plan_desc *d)
{
    if (d->type != KFFT_C2C) return kfft_fail(KFFT_ERROR_UNSUPPORTED, "type: only KFFT_C2C is implemented");
    if (d->precision != KFFT_F32 && d->precision != KFFT_F64)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "precision: must be KFFT_F32 or KFFT_F64 (got %d)", (int)d->precision);
    if (d->rank != 1)
        return kfft_fail(d->rank >= 2 && d->rank <= 3 ? KFFT_ERROR_UNSUPPORTED : KFFT_ERROR_INVALID_ARGUMENT,
                         "rank: only rank 1 is implemented (got %d)", d->rank);
    if (d->n[0] < 1) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "n[0] must be >= 1 (got %lld)", (long long)d->n[0]);
    if (d->n[0] > ((int64_t)1 << 34))
        return kfft_fail(KFFT_ERROR_UNSUPPORTED, "n[0] = %lld is above the supported 2^34", (long long)d->n[0]);
    if (d->batch < 1) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "batch must be >= 1 (got %lld)", (long long)d->batch);
    if (d->istride < 0 || d->idist < 0 || d->ostride < 0 || d->odist < 0)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "strides and distances must be >= 0 (0 = contiguous)");
    /* Every element index must fit in 63 bits, with bytes to spare. */
    int64_t lim = INT64_MAX / 32, n = d->n[0], b = d->batch;
    int64_t is = d->istride ? d->istride : 1, os = d->ostride ? d->ostride : 1;
    int64_t id = d->idist ? d->idist : n * is, od = d->odist ? d->odist : n * os;
    if (n > lim / is || n > lim / os || b > lim / (id ? id : 1) || b > lim / (od ? od : 1) || b > lim / (2 * n))
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "batch * n * stride overflows 64-bit byte offsets (n=%lld batch=%lld)",
                         (long long)n, (long long)b);
    if (b > 1 && (id == 0 || od == 0))
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "idist/odist must be nonzero when batch > 1");
    return KFFT_SUCCESS;
}

kfft_status kfft_schedule_build(const kfft_plan_desc *desc, const kfft_device_info *info, kfft_schedule *s)
{
    memset(s, 0, sizeof *s);
    kfft_status st = validate(desc);
    if (st) return st;
    int f64 = desc->precision == KFFT_F64;
    int64_t n = desc->n[0], batch = desc->batch, eb = elem_bytes(f64);
    /* A whole transform in one block may use opt-in shared memory (one launch instead of
     * two passes); multi-pass blocks stay within the default so several fit per SM. */
    int64_t emax = (int64_t)(info->smem_optin > info->smem_per_block ? info->smem_optin : info->smem_per_block) / eb;
    kspec base;
    memset(&base, 0, sizeof base);
    base.f64 = f64;
    base.n = n;
    base.istride = desc->istride ? desc->istride : 1;
    base.ostride = desc->ostride ? desc->ostride : 1;
    base.idist = desc->idist ? desc->idist : n * base.istride;
    base.odist = desc->odist ? desc->odist : n * base.ostride;

    kfft_table t = {0};
    int smooth = kfft_is_smooth(n);
    int64_t N = smooth ? n : kfft_bluestein_length(n);
    const char *how = smooth ? "mixed radix" : "bluestein";
    if (N <= emax) {
        /* One kernel: the whole transform (or Bluestein convolution) in one block. */
        kspec *k = &s->spec[s->nsteps++];
        *k = base;
        k->kind = KS_SINGLE;
        k->N = N;
        int B = 1;
        while ((int64_t)B * 2 * N <= TARGET_ELEMS && B * 2 <= batch) B *= 2;
        if ((st = shape(k, (int)N, B, info))) goto fail;
        k->src = k->dst = KS_IO_USER;
        k->conj_in = k->conj_out = 1;
        local_tables(k, &t);
        if (!smooth) {
            k->ops = KS_PRE_CHIRP | KS_MID_BLUESTEIN | KS_POST_CHIRP;
            k->chirp = tab_chirp(&t, n);
            k->bhat = tab_bluestein_spectrum(&t, n, N);
        }
        s->src[0] = BUF_IN;
        s->dst[0] = BUF_OUT;
    } else {
        if ((st = gpasses(s, &base, N, info, &t))) goto fail;
        int np = s->nsteps;
        if (!smooth) {
            /* Second FFT of the convolution: the same passes again. */
            for (int p = 0; p < np; p++) s->spec[np + p] = s->spec[p];
            s->nsteps = 2 * np;
            s->spec[0].ops |= KS_PRE_CHIRP;
            s->spec[np - 1].ops |= KS_POST_BMUL;
            s->spec[2 * np - 1].ops |= KS_POST_CHIRP;
            int64_t chirp = tab_chirp(&t, n), bhat = tab_bluestein_spectrum(&t, n, N);
            for (int p = 0; p < s->nsteps; p++) {
                s->spec[p].chirp = chirp;
                s->spec[p].bhat = bhat;
            }
        }
        for (int p = 0; p < s->nsteps; p++) {
            kspec *k = &s->spec[p];
            k->src = p == 0 ? KS_IO_USER : KS_IO_WORK;
            k->dst = p == s->nsteps - 1 ? KS_IO_USER : KS_IO_WORK;
            k->conj_in = p == 0;
            k->conj_out = p == s->nsteps - 1;
            s->src[p] = p == 0 ? BUF_IN : BUF_W0 + (p - 1) % 2;
            s->dst[p] = p == s->nsteps - 1 ? BUF_OUT : BUF_W0 + p % 2;
        }
        s->nwork = s->nsteps >= 3 ? 2 : 1;
    }
    if (t.oom) {
        st = kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for twiddle tables (%lld elements)", (long long)t.len);
        goto fail;
    }

    /* Chunk the batch so the workspace stays bounded, then size index types. */
    s->chunk = batch;
    if (s->nwork) {
        int64_t per = (int64_t)s->nwork * N * eb;
        int64_t c = WORKSPACE_CAP / per;
        if (c < 1) c = 1;
        if (c < s->chunk) s->chunk = c;
        s->work_elems = s->chunk * N;
    }
    for (int p = 0; p < s->nsteps; p++) {
        kspec *k = &s->spec[p];
        int64_t lim = INT32_MAX / 2;
        k->idx64 = span(s->chunk, n, k->istride, k->idist) > lim || span(s->chunk, n, k->ostride, k->odist) > lim ||
                   s->chunk * N > lim || k->chirp + N > lim || k->bhat + N > lim;
    }
    s->tables = t.v;
    s->table_len = t.len;
    if (!s->tables) { /* every plan gets a (tiny) table buffer so kernels always have one */
        s->tables = calloc(2, sizeof(double));
        s->table_len = 1;
        if (!s->tables) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory (16 bytes)");
    }

    int o = snprintf(s->describe, sizeof s->describe, "n=%lld batch=%lld %s %s", (long long)n, (long long)batch,
                     f64 ? "f64" : "f32", how);
    if (!smooth) o += snprintf(s->describe + o, sizeof s->describe - (size_t)o, " m=%lld", (long long)N);
    for (int p = 0; p < s->nsteps && o < (int)sizeof s->describe - 64; p++) {
        const kspec *k = &s->spec[p];
        o += snprintf(s->describe + o, sizeof s->describe - (size_t)o, " | k%d %s R=%d(", p,
                      k->kind == KS_SINGLE ? "single" : "pass", k->R);
        for (int i = 0; i < k->nrad; i++)
            o += snprintf(s->describe + o, sizeof s->describe - (size_t)o, "%s%d", i ? "x" : "", k->rad[i]);
        o += snprintf(s->describe + o, sizeof s->describe - (size_t)o, ") B=%d T=%d", k->B, k->T);
    }
    return KFFT_SUCCESS;
fail:
    tab_free(&t);
    return st;
}

void kfft_schedule_free(kfft_schedule *s)
{
    free(s->tables);
    s->tables = NULL;
}

kfft_status kfft_schedule_source(const kfft_schedule *s, int dialect, strbuf *src)
{
    sb_init(src);
    gen_program(src, dialect, s->spec, s->nsteps);
    if (src->oom) {
        sb_free(src);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "host memory for kernel source");
    }
    return KFFT_SUCCESS;
}
