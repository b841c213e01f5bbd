/* kfft_psd: the PSD engine with its transforms as batched R2C plans on a kfft device. */
#include <stdlib.h>

#include "core/error.h"
#include "signal/signal.h"

void sig_device_rfft_release(sig_device_rfft *d)
{
    kfft_plan_destroy(d->plan);
    d->plan = NULL;
    free(d->stage);
    d->stage = NULL;
}

/* Plans n x batch in the wanted precision; AUTO takes f64 and falls back to f32 when the
 * device has no double precision (the plan call says so with KFFT_ERROR_UNSUPPORTED). */
static kfft_status make_plan(sig_device_rfft *d, int64_t n, int64_t batch)
{
    sig_device_rfft_release(d);
    kfft_status st;
    if (d->want != KFFT_SIGNAL_F32) {
        st = kfft_plan_dft(d->ctx, KFFT_R2C, 1, &n, batch, KFFT_F64, &d->plan);
        if (st == KFFT_SUCCESS) d->prec = KFFT_F64;
        if (st != KFFT_ERROR_UNSUPPORTED || d->want == KFFT_SIGNAL_F64) goto planned;
    }
    st = kfft_plan_dft(d->ctx, KFFT_R2C, 1, &n, batch, KFFT_F32, &d->plan);
    d->prec = KFFT_F32;
planned:
    if (st) {
        d->plan = NULL;
        return st;
    }
    if (d->prec == KFFT_F32) {
        /* Staging for the float input (n per row) and output (n/2+1 complex per row). */
        size_t count = (size_t)(batch * n) + (size_t)(batch * (n / 2 + 1)) * 2;
        d->stage = malloc(count * sizeof *d->stage);
        if (!d->stage) {
            sig_device_rfft_release(d);
            return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "psd: out of host memory for %zu floats of staging", count);
        }
    }
    d->n = n;
    d->batch = batch;
    return KFFT_SUCCESS;
}

kfft_status sig_device_rfft_call(void *user, const double *in, int64_t n, int64_t batch, double *out)
{
    sig_device_rfft *d = user;
    kfft_status st;
    if ((!d->plan || d->n != n || d->batch != batch) && (st = make_plan(d, n, batch))) return st;
    if (d->prec == KFFT_F64) return kfft_execute_host(d->plan, in, out, KFFT_FORWARD);
    size_t nin = (size_t)(n * batch), nout = (size_t)(batch * (n / 2 + 1)) * 2;
    float *fin = d->stage, *fout = d->stage + nin;
    for (size_t i = 0; i < nin; i++) fin[i] = (float)in[i];
    if ((st = kfft_execute_host(d->plan, fin, fout, KFFT_FORWARD))) return st;
    for (size_t i = 0; i < nout; i++) out[i] = (double)fout[i];
    return KFFT_SUCCESS;
}

kfft_status kfft_psd(kfft_context ctx, const kfft_psd_desc *desc, const double *x, int64_t rows, int64_t n,
                     double *psd, double *freq)
{
    if (!ctx) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "psd: context is NULL");
    sig_device_rfft d = {0};
    d.ctx = ctx;
    d.want = desc ? desc->precision : KFFT_SIGNAL_AUTO;
    kfft_status st = sig_psd_run(desc, x, rows, n, psd, freq, sig_device_rfft_call, &d, SIG_CHUNK_SAMPLES);
    sig_device_rfft_release(&d);
    return st;
}
