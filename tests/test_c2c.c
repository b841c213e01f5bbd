/* 1-D C2C against FFTW in double precision.
 *
 *   test_c2c [--backend cuda|opencl|auto] [--prec f32|f64|both] [--sizes LIST] [--set NAME]
 *
 * LIST is comma-separated sizes or ranges (a-b). Sets: "ci-small" (1..256), "ci-sample"
 * (a fixed sample of 257..2048 plus the named large sizes), "full" (1..2048 and the large
 * sizes: the GPU check). For every size: fresh random input, output poisoned with NaN,
 * out-of-place and in-place, forward and inverse, batch > 1, round trip; relative L2 error
 * bound 2e-7*log2(n) (f32) / 2e-16*log2(n) (f64), with max(log2 n, 1). */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kfft.h"
#include "test_sizes.h"

typedef struct {
    kfft_context ctx;
    int prec; /* 0 f32, 1 f64 */
    double worst_l2[2], worst_max[2];
    int failures, checks;
    unsigned long long rng;
} T;

static double urand(T *t)
{
    t->rng = t->rng * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(t->rng >> 11) / 9007199254740992.0 * 2 - 1;
}

static double bound(long long n, int f64)
{
    double l = n >= 2 ? log2((double)n) : 1;
    if (l < 1) l = 1;
    return (f64 ? 2e-16 : 2e-7) * l;
}

/* A round trip is two transforms, each held to bound(); their errors add. */
enum { ONE_TRANSFORM = 1, TWO_TRANSFORMS = 2 };

/* Compares device output (in prec) with the double reference; NaN anywhere fails. */
static void compare(T *t, const char *what, long long n, const void *got, const double *ref, size_t count, int transforms)
{
    double num = 0, den = 0, mx = 0, refmax = 0;
    int nan = 0;
    for (size_t i = 0; i < 2 * count; i++) {
        double g = t->prec ? ((const double *)got)[i] : ((const float *)got)[i];
        if (g != g) nan = 1;
        double d = g - ref[i];
        num += d * d;
        den += ref[i] * ref[i];
        if (fabs(d) > mx) mx = fabs(d);
        if (fabs(ref[i]) > refmax) refmax = fabs(ref[i]);
    }
    double l2 = den > 0 ? sqrt(num / den) : sqrt(num);
    double rmax = refmax > 0 ? mx / refmax : mx;
    t->checks++;
    if (!nan && l2 > t->worst_l2[t->prec]) t->worst_l2[t->prec] = l2;
    if (!nan && rmax > t->worst_max[t->prec]) t->worst_max[t->prec] = rmax;
    if (nan || !(l2 <= transforms * bound(n, t->prec))) {
        t->failures++;
        printf("FAIL n=%lld %s %s: rel L2 %.3e (bound %.3e)%s\n", n, t->prec ? "f64" : "f32", what, l2, transforms * bound(n, t->prec),
               nan ? " NaN/unwritten output" : "");
        fflush(stdout);
    }
}

static void to_prec(T *t, const double *src, void *dst, size_t count)
{
    for (size_t i = 0; i < 2 * count; i++)
        if (t->prec) ((double *)dst)[i] = src[i];
        else ((float *)dst)[i] = (float)src[i];
}

static void poison(T *t, void *p, size_t count)
{
    for (size_t i = 0; i < 2 * count; i++)
        if (t->prec) ((double *)p)[i] = NAN;
        else ((float *)p)[i] = NAN;
}

static int test_size(T *t, long long n)
{
    long long batch = test_batch(n);
    size_t count = (size_t)(n * batch), eb = t->prec ? 16 : 8;
    kfft_plan plan;
    if (kfft_plan_1d(t->ctx, n, batch, t->prec ? KFFT_F64 : KFFT_F32, &plan)) {
        printf("FAIL n=%lld: plan: %s\n", n, kfft_error_message());
        t->failures++;
        return 1;
    }
    double *x = malloc(count * 16), *ref = malloc(count * 16);
    void *xin = malloc(count * eb), *out = malloc(count * eb);
    kfft_buffer din, dout;
    kfft_malloc(t->ctx, count * eb, &din);
    kfft_malloc(t->ctx, count * eb, &dout);
    fftw_plan fp[2];
    for (int d = 0; d < 2; d++)
        fp[d] = fftw_plan_many_dft(1, (int[]){(int)n}, (int)batch, (fftw_complex *)ref, NULL, 1, (int)n, (fftw_complex *)ref,
                                   NULL, 1, (int)n, d ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
    for (int mode = 0; mode < 4; mode++) { /* {out-of-place, in-place} x {forward, inverse} */
        int inplace = mode & 1, inv = mode >> 1;
        for (size_t i = 0; i < 2 * count; i++) x[i] = urand(t);
        to_prec(t, x, xin, count);
        /* the reference sees exactly the rounded input the device sees */
        for (size_t i = 0; i < 2 * count; i++) ref[i] = t->prec ? ((double *)xin)[i] : ((float *)xin)[i];
        fftw_execute(fp[inv]);
        poison(t, out, count);
        kfft_memcpy_h2d(t->ctx, din, xin, count * eb);
        if (!inplace) kfft_memcpy_h2d(t->ctx, dout, out, count * eb);
        kfft_status st = kfft_execute(plan, din, inplace ? din : dout, inv ? KFFT_INVERSE : KFFT_FORWARD);
        if (!st) st = kfft_memcpy_d2h(t->ctx, out, inplace ? din : dout, count * eb);
        if (!st) st = kfft_context_synchronize(t->ctx);
        if (st) {
            printf("FAIL n=%lld: execute: %s\n", n, kfft_error_message());
            t->failures++;
            continue;
        }
        char what[64];
        snprintf(what, sizeof what, "%s %s batch=%lld", inplace ? "in-place" : "out-of-place", inv ? "inverse" : "forward",
                 batch);
        compare(t, what, n, out, ref, count, ONE_TRANSFORM);
        if (mode == 0) { /* round trip: inverse of the forward output, / n, against the input */
            kfft_execute(plan, dout, dout, KFFT_INVERSE);
            kfft_memcpy_d2h(t->ctx, out, dout, count * eb);
            kfft_context_synchronize(t->ctx);
            for (size_t i = 0; i < 2 * count; i++)
                if (t->prec) ((double *)out)[i] /= (double)n;
                else ((float *)out)[i] /= (float)n;
            for (size_t i = 0; i < 2 * count; i++) ref[i] = t->prec ? ((double *)xin)[i] : ((float *)xin)[i];
            compare(t, "round trip", n, out, ref, count, TWO_TRANSFORMS);
        }
    }
    for (int d = 0; d < 2; d++) fftw_destroy_plan(fp[d]);
    kfft_free(t->ctx, din);
    kfft_free(t->ctx, dout);
    kfft_plan_destroy(plan);
    free(x);
    free(ref);
    free(xin);
    free(out);
    return 0;
}

int main(int argc, char **argv)
{
    static long long sizes[8192];
    int ns = 0, precs = 3;
    kfft_context_desc cd = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
            i++;
            cd.backend = !strcmp(argv[i], "cuda") ? KFFT_BACKEND_CUDA : !strcmp(argv[i], "opencl") ? KFFT_BACKEND_OPENCL : KFFT_BACKEND_AUTO;
        } else if (!strcmp(argv[i], "--prec") && i + 1 < argc) {
            i++;
            precs = !strcmp(argv[i], "f32") ? 1 : !strcmp(argv[i], "f64") ? 2 : 3;
        } else if ((ns = test_sizes_arg(argc, argv, &i, sizes, ns, 8192)) < 0) {
            ns = 0;
            fprintf(stderr, "usage: %s [--backend cuda|opencl] [--prec f32|f64|both] [--sizes LIST] [--set ci-small|ci-sample|full]\n",
                    argv[0]);
            return 2;
        }
    }
    if (!ns) ns = test_sizes_parse("1-64", sizes, 0, 8192);
    T t;
    memset(&t, 0, sizeof t);
    t.rng = 0x2545F4914F6CDD1Dull ^ (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
    if (kfft_context_create(&cd, &t.ctx)) {
        printf("SKIP: no device: %s\n", kfft_error_message());
        return 77;
    }
    printf("device: %s (%s); %d sizes, seed %llu\n", kfft_context_device_name(t.ctx),
           kfft_context_backend(t.ctx) == KFFT_BACKEND_CUDA ? "CUDA" : "OpenCL", ns, t.rng);
    fflush(stdout);
    for (int p = 0; p < 2; p++) {
        if (!(precs & (1 << p))) continue;
        t.prec = p;
        for (int i = 0; i < ns; i++) test_size(&t, sizes[i]);
        printf("%s: worst relative L2 %.3e, worst relative max %.3e over %d sizes\n", p ? "f64" : "f32", t.worst_l2[p],
               t.worst_max[p], ns);
        fflush(stdout);
    }
    kfft_context_destroy(t.ctx);
    printf("%d checks, %d failures\n", t.checks, t.failures);
    return t.failures ? 1 : 0;
}
