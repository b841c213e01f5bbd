/* kfft vs cuFFT on one CUDA GPU, same process, same buffers.
 *
 *   kfft_bench [--prec f32|f64] [--elems LOG2] [--runs N] [--csv FILE] [CASE ...]
 *
 * CASE is [c2c:|r2c:]N[xN[xN]] (e.g. 8219, r2c:16384, c2c:1024x1024, r2c:243x243x243):
 * forward, out of place, batched to 2^LOG2 elements (default 27: 1 GiB of complex64, far
 * beyond the 50 MB L2). CUDA events around each execution, 3 warm-ups, median/min/max of
 * --runs (default 20). GB/s = (input + output bytes, each once) / time. The device-to-device
 * copy bandwidth of the same buffers is measured first: the ceiling. libcufft is loaded at
 * run time; without it only kfft is timed. Each case is checked once (kfft vs cuFFT, rel L2). */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kfft.h"

typedef int CUresult;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
static struct {
    CUresult (*EventCreate)(CUevent *, unsigned);
    CUresult (*EventRecord)(CUevent, void *);
    CUresult (*EventSynchronize)(CUevent);
    CUresult (*EventElapsedTime)(float *, CUevent, CUevent);
    CUresult (*MemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, void *);
    CUresult (*CtxSynchronize)(void);
} cu;
static struct {
    int ok;
    int (*PlanMany)(int *, int, int *, int *, int, int, int *, int, int, int, int);
    int (*ExecC2C)(int, void *, void *, int);
    int (*ExecZ2Z)(int, void *, void *, int);
    int (*ExecR2C)(int, void *, void *);
    int (*ExecD2Z)(int, void *, void *);
    int (*GetSize)(int, size_t *);
    int (*Destroy)(int);
    int (*GetVersion)(int *);
} cf;

static void *sym(void *h, const char *a, const char *b)
{
    void *p = dlsym(h, a);
    return p || !b ? p : dlsym(h, b);
}

static int load(void)
{
    void *h = dlopen("libcuda.so.1", RTLD_NOW);
    if (!h) return 0;
    *(void **)&cu.EventCreate = sym(h, "cuEventCreate", NULL);
    *(void **)&cu.EventRecord = sym(h, "cuEventRecord", NULL);
    *(void **)&cu.EventSynchronize = sym(h, "cuEventSynchronize", NULL);
    *(void **)&cu.EventElapsedTime = sym(h, "cuEventElapsedTime_v2", "cuEventElapsedTime");
    *(void **)&cu.MemcpyDtoDAsync = sym(h, "cuMemcpyDtoDAsync_v2", NULL);
    *(void **)&cu.CtxSynchronize = sym(h, "cuCtxSynchronize", NULL);
    const char *libs[] = {"libcufft.so.12", "libcufft.so.11", "libcufft.so", "/usr/local/cuda/lib64/libcufft.so", NULL};
    void *f = NULL;
    for (int i = 0; libs[i] && !f; i++) f = dlopen(libs[i], RTLD_NOW);
    if (f) {
        *(void **)&cf.PlanMany = sym(f, "cufftPlanMany", NULL);
        *(void **)&cf.ExecC2C = sym(f, "cufftExecC2C", NULL);
        *(void **)&cf.ExecZ2Z = sym(f, "cufftExecZ2Z", NULL);
        *(void **)&cf.ExecR2C = sym(f, "cufftExecR2C", NULL);
        *(void **)&cf.ExecD2Z = sym(f, "cufftExecD2Z", NULL);
        *(void **)&cf.GetSize = sym(f, "cufftGetSize", NULL);
        *(void **)&cf.Destroy = sym(f, "cufftDestroy", NULL);
        *(void **)&cf.GetVersion = sym(f, "cufftGetVersion", NULL);
        cf.ok = cf.PlanMany && cf.ExecC2C && cf.ExecZ2Z && cf.ExecR2C && cf.ExecD2Z && cf.GetSize && cf.Destroy;
    }
    return cu.EventCreate && cu.EventElapsedTime && cu.MemcpyDtoDAsync;
}

typedef void (*runner)(void *arg);
static int cmpf(const void *a, const void *b) { return *(const float *)a < *(const float *)b ? -1 : *(const float *)a > *(const float *)b; }

/* median, min, max in ms of runs executions */
static void timeit(runner fn, void *arg, int runs, float out[3])
{
    CUevent a, b;
    cu.EventCreate(&a, 0);
    cu.EventCreate(&b, 0);
    float *t = malloc(sizeof(float) * (size_t)runs);
    for (int i = 0; i < 3; i++) fn(arg);
    for (int i = 0; i < runs; i++) {
        cu.EventRecord(a, NULL);
        fn(arg);
        cu.EventRecord(b, NULL);
        cu.EventSynchronize(b);
        cu.EventElapsedTime(&t[i], a, b);
    }
    qsort(t, (size_t)runs, sizeof *t, cmpf);
    out[0] = t[runs / 2];
    out[1] = t[0];
    out[2] = t[runs - 1];
    free(t);
}

typedef struct {
    kfft_plan kp;
    int cp, f64, real;
    kfft_buffer in, out;
    size_t bytes;
} job;

static void run_kfft(void *p)
{
    job *j = p;
    kfft_execute(j->kp, j->in, j->out, KFFT_FORWARD);
}
static void run_cufft(void *p)
{
    job *j = p;
    if (j->real) {
        if (j->f64) cf.ExecD2Z(j->cp, j->in, j->out);
        else cf.ExecR2C(j->cp, j->in, j->out);
    } else if (j->f64) {
        cf.ExecZ2Z(j->cp, j->in, j->out, -1);
    } else {
        cf.ExecC2C(j->cp, j->in, j->out, -1);
    }
}
static void run_copy(void *p)
{
    job *j = p;
    cu.MemcpyDtoDAsync((CUdeviceptr)(uintptr_t)j->out, (CUdeviceptr)(uintptr_t)j->in, j->bytes, NULL);
}

static double rel_l2(const float *a, const float *b, size_t n, int f64)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < n; i++) {
        double x = f64 ? ((const double *)a)[i] : a[i], y = f64 ? ((const double *)b)[i] : b[i];
        num += (x - y) * (x - y);
        den += y * y;
    }
    return sqrt(num / (den > 0 ? den : 1));
}

int main(int argc, char **argv)
{
    int f64 = 0, log2e = 27, runs = 20, ns = 0;
    const char *sizes[256];
    const char *csv = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--prec") && i + 1 < argc) f64 = !strcmp(argv[++i], "f64");
        else if (!strcmp(argv[i], "--elems") && i + 1 < argc) log2e = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
        else if (ns < 256) sizes[ns++] = argv[i];
    }
    if (!ns) {
        static const char *d[] = {"64", "256", "1024", "4096", "16384", "1000", "1536", "6720", "17496", "16464", "110592",
                                  "127", "4093", "8219", "17443", "52329", "100003", "1000003", "65536", "262144", "1048576",
                                  "4194304", "16777216", "r2c:1024", "r2c:16384", "r2c:1048576", "r2c:8219",
                                  "1024x1024", "4096x4096", "8192x8192", "3345x3345", "8219x8219", "r2c:1024x1024",
                                  "r2c:4096x4096", "r2c:8219x8219", "128x128x128", "256x256x256", "512x512x512",
                                  "243x243x243", "r2c:256x256x256"};
        memcpy(sizes, d, sizeof d);
        ns = (int)(sizeof d / sizeof *d);
    }
    if (runs < 1) runs = 1;
    kfft_context_desc cd = {0};
    cd.backend = KFFT_BACKEND_CUDA;
    kfft_context ctx;
    if (kfft_context_create(&cd, &ctx)) {
        printf("SKIP: no CUDA device: %s\n", kfft_error_message());
        return 77;
    }
    if (!load()) {
        printf("cannot load CUDA event functions\n");
        return 1;
    }
    int cver = 0;
    if (cf.ok && cf.GetVersion) cf.GetVersion(&cver);
    size_t eb = f64 ? 16 : 8, elems = (size_t)1 << log2e, bytes = elems * eb;
    job j = {0};
    j.f64 = f64;
    j.bytes = bytes;
    if (kfft_malloc(ctx, bytes, &j.in) || kfft_malloc(ctx, bytes, &j.out)) {
        printf("device memory: %s\n", kfft_error_message());
        return 1;
    }
    float *h = malloc(bytes), *r1 = malloc(bytes), *r2 = malloc(bytes);
    srand(1);
    for (size_t i = 0; i < elems * 2; i++)
        if (f64) ((double *)h)[i] = rand() / (double)RAND_MAX - 0.5;
        else h[i] = (float)(rand() / (double)RAND_MAX - 0.5);
    kfft_memcpy_h2d(ctx, j.in, h, bytes);
    float tc[3];
    timeit(run_copy, &j, runs, tc);
    time_t now = time(NULL);
    char date[64];
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    printf("# %s, kfft %s, cuFFT %d, %s, forward %s out of place, batched to 2^%d elements, median of %d\n",
           kfft_context_device_name(ctx), kfft_version(), cver, date, f64 ? "f64" : "f32", log2e, runs);
    printf("# D2D copy %zu MiB: %.3f ms -> %.0f GB/s (read+write)\n", bytes >> 20, tc[0], 2.0 * bytes / tc[0] / 1e6);
    printf("%-18s %-7s %9s %8s %9s %8s %7s %9s %9s %8s %s\n", "case", "batch", "kfft_ms", "kfft_GBs", "cufft_ms", "cufft_GBs",
           "ratio", "kfft_ws", "cufft_ws", "rel_l2", "plan");
    FILE *fc = csv ? fopen(csv, "w") : NULL;
    if (fc) fprintf(fc, "case,batch,prec,kfft_ms,kfft_min,kfft_max,kfft_gbs,cufft_ms,cufft_gbs,ratio,kfft_ws,cufft_ws,rel_l2,kernels\n");
    for (int s = 0; s < ns; s++) {
        /* parse [type:]N[xN[xN]] */
        const char *c = sizes[s];
        j.real = !strncmp(c, "r2c:", 4);
        if (!strncmp(c, "r2c:", 4) || !strncmp(c, "c2c:", 4)) c += 4;
        int64_t n[3];
        int rank = 0;
        long long prod = 1;
        for (char *e; rank < 3; c = e + 1) {
            n[rank] = strtoll(c, &e, 10);
            if (n[rank] < 1) break;
            prod *= n[rank++];
            if (*e != 'x') break;
        }
        if (!rank) {
            printf("%-18s bad case (expected [c2c:|r2c:]N[xN[xN]])\n", sizes[s]);
            continue;
        }
        long long batch = (long long)(elems / (size_t)prod);
        if (batch < 1) batch = 1;
        long long oprod = j.real ? prod / n[rank - 1] * (n[rank - 1] / 2 + 1) : prod;
        size_t ib = (size_t)(prod * batch) * (j.real ? eb / 2 : eb), ob = (size_t)(oprod * batch) * eb;
        if (ib > bytes || ob > bytes) {
            printf("%-18s skipped: larger than the buffers\n", sizes[s]);
            continue;
        }
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (kfft_plan_dft(ctx, j.real ? KFFT_R2C : KFFT_C2C, rank, n, batch, f64 ? KFFT_F64 : KFFT_F32, &j.kp)) {
            printf("%-18s kfft plan failed: %s\n", sizes[s], kfft_error_message());
            continue;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        float tk[3] = {0}, tf[3] = {0};
        timeit(run_kfft, &j, runs, tk);
        kfft_memcpy_d2h(ctx, r1, j.out, ob);
        size_t cws = 0;
        double err = -1;
        int have_cufft = 0;
        if (cf.ok) {
            int nn[3];
            for (int a = 0; a < rank; a++) nn[a] = (int)n[a];
            int type = j.real ? (f64 ? 0x6a : 0x2a) : (f64 ? 0x69 : 0x29);
            if (prod < (1ll << 31) && cf.PlanMany(&j.cp, rank, nn, NULL, 1, 0, NULL, 1, 0, type, (int)batch) == 0) {
                have_cufft = 1;
                cf.GetSize(j.cp, &cws);
                timeit(run_cufft, &j, runs, tf);
                kfft_memcpy_d2h(ctx, r2, j.out, ob);
                err = rel_l2(r1, r2, ob / (f64 ? 8 : 4), f64);
                cf.Destroy(j.cp);
            }
        }
        double gk = (double)(ib + ob) / tk[0] / 1e6, gf = have_cufft ? (double)(ib + ob) / tf[0] / 1e6 : 0;
        printf("%-18s %-7lld %9.4f %8.0f %9.4f %8.0f %7.2f %8.0fM %8.0fM %8.1e %d kernel(s), plan %.0f ms\n", sizes[s], batch, tk[0],
               gk, tf[0], gf, have_cufft ? tf[0] / tk[0] : 0, kfft_plan_workspace_size(j.kp) / 1e6, cws / 1e6, err,
               kfft_plan_kernel_count(j.kp), (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
        if (fc)
            fprintf(fc, "%s,%lld,%s,%.5f,%.5f,%.5f,%.1f,%.5f,%.1f,%.3f,%zu,%zu,%.3e,%d\n", sizes[s], batch, f64 ? "f64" : "f32",
                    tk[0], tk[1], tk[2], gk, tf[0], gf, have_cufft ? tf[0] / tk[0] : 0, kfft_plan_workspace_size(j.kp), cws, err,
                    kfft_plan_kernel_count(j.kp));
        fflush(stdout);
        kfft_plan_destroy(j.kp);
    }
    if (fc) fclose(fc);
    kfft_free(ctx, j.in);
    kfft_free(ctx, j.out);
    kfft_context_destroy(ctx);
    free(h);
    free(r1);
    free(r2);
    return 0;
}
