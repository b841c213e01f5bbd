/* Compiles, with NVRTC for sm_90 and no GPU, the CUDA-dialect source of every plan the
 * transform tests make, so a CUDA-only syntax error fails CI on a machine without a GPU.
 *   test_nvrtc [--sizes LIST] [--set ci-small|ci-sample|full] [--case SPEC]... [--arch sm_90] [--h200] [--dump DIR] [--time]
 * --case takes the harness's syntax ([c2c:|r2c:|c2r:]N[xN[xN]], batch 1, or SPEC/BATCH), so the
 * source of any transform can be dumped (with its schedule's description in a comment) and given to nvcc -Xptxas -v to read its registers and spills.
 * --time also compiles each plan the way plans do (one program per kernel, in parallel
 * threads) and prints both wall times: the NVRTC share of a cold plan, measured without a GPU.
 * --h200 plans for the described H200 (4 TB/s: the rules gated on fast memory) instead of the H100.
 * Exits 77 (skipped, loudly) when libnvrtc is not installed. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "backend/backend.h"
#include "io/casespec.h"
#include "plan/plan.h"
#include "test_h100.h"
#include "test_sizes.h"

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

typedef struct {
    const kfft_schedule *s;
    const char *arch;
    int next, n, fails;
    pthread_mutex_t lock;
} split_job;

static void *split_worker(void *arg)
{
    split_job *j = arg;
    for (;;) {
        pthread_mutex_lock(&j->lock);
        int i = j->next++;
        pthread_mutex_unlock(&j->lock);
        if (i >= j->n) return NULL;
        strbuf src;
        int bad = kfft_schedule_kernel_source(j->s, i, KS_DIALECT_CUDA, &src) != KFFT_SUCCESS;
        if (!bad) {
            bad = kfft_nvrtc_check(src.s, j->arch) != KFFT_SUCCESS;
            sb_free(&src);
        }
        pthread_mutex_lock(&j->lock);
        j->fails += bad;
        pthread_mutex_unlock(&j->lock);
    }
}

/* The plan's way: one program per kernel, as many threads as kernels (at most the CPUs). */
static int compile_split(const kfft_schedule *s, const char *arch, double *ms)
{
    split_job j = {s, arch, 0, s->nsteps, 0, PTHREAD_MUTEX_INITIALIZER};
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int nt = s->nsteps < cpus ? s->nsteps : (int)cpus;
    pthread_t t[KFFT_MAX_STEPS];
    int started = 0;
    double t0 = now_ms();
    for (; started < nt - 1; started++)
        if (pthread_create(&t[started], NULL, split_worker, &j)) break;
    split_worker(&j);
    for (int i = 0; i < started; i++) pthread_join(t[i], NULL);
    *ms = now_ms() - t0;
    return j.fails;
}

int main(int argc, char **argv)
{
    static long long sizes[8192];
    static kfft_plan_desc cases[64];
    int ns = 0, nc = 0;
    const char *arch = "sm_90", *dump = NULL;
    int timing = 0, h200 = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--arch") && i + 1 < argc) arch = argv[++i];
        else if (!strcmp(argv[i], "--time")) timing = 1;
        else if (!strcmp(argv[i], "--h200")) h200 = 1;
        else if (!strcmp(argv[i], "--dump") && i + 1 < argc) dump = argv[++i];
        else if (!strcmp(argv[i], "--case") && i + 1 < argc && nc < 64) {
            kfft_plan_desc *d = &cases[nc++];
            int type;
            char spec[128];
            memset(d, 0, sizeof *d);
            snprintf(spec, sizeof spec, "%s", argv[++i]);
            char *slash = strchr(spec, '/');
            d->batch = slash ? atoll(slash + 1) : 1;
            if (slash) *slash = 0;
            if (d->batch < 1 || io_parse_case(spec, &type, &d->rank, d->n)) {
                fprintf(stderr, "bad case '%s'\n", argv[i]);
                return 2;
            }
            d->type = (kfft_type)type;
        }
        else if ((ns = test_sizes_arg(argc, argv, &i, sizes, ns, 8192)) < 0) {
            fprintf(stderr, "usage: %s [--sizes LIST] [--set NAME] [--case SPEC]... [--arch sm_90] [--h200] [--dump DIR] [--time]\n", argv[0]);
            return 2;
        }
    }
    if (!ns && !nc) ns = test_sizes_parse("1-64", sizes, 0, 8192);
    kfft_status st = kfft_nvrtc_check("extern \"C\" __global__ void k(float2 *p) { p[0] = make_float2(1, 2); }", arch);
    if (st == KFFT_ERROR_NO_BACKEND) {
        printf("SKIP: *** NVRTC not available, CUDA kernels NOT compile-checked: %s ***\n", kfft_error_message());
        return 77;
    }
    kfft_device_info info = h200 ? test_h200_info(arch) : test_h100_info(arch);
    int failures = 0, programs = 1;
    /* The table kernel (plans of large fp32 tables compile it with their own). */
    strbuf tsrc = {0};
    kfft_tables_program(&tsrc, KS_DIALECT_CUDA);
    if ((st = kfft_nvrtc_check(tsrc.s, arch))) {
        printf("FAIL table kernel: %s\n", kfft_error_message());
        failures++;
    }
    sb_free(&tsrc);
    for (int prec = 0; prec < 2; prec++)
        for (int i = 0; i < ns + nc; i++) {
            kfft_plan_desc d;
            memset(&d, 0, sizeof d);
            if (i < ns) {
                d.rank = 1;
                d.n[0] = sizes[i];
                d.batch = test_batch(sizes[i]);
            } else
                d = cases[i - ns];
            d.precision = prec ? KFFT_F64 : KFFT_F32;
            char name[96];
            snprintf(name, sizeof name, "%s%lld", d.type == KFFT_R2C ? "r2c_" : d.type == KFFT_C2R ? "c2r_" : "", (long long)d.n[0]);
            for (int a = 1; a < d.rank; a++) snprintf(name + strlen(name), sizeof name - strlen(name), "x%lld", (long long)d.n[a]);
            kfft_schedule s;
            kfft_problem pr;
            strbuf src;
            if ((st = kfft_problem_from_desc(&d, &pr)) || (st = kfft_schedule_build(&pr, &info, &s)) ||
                (st = kfft_schedule_source(&s, KS_DIALECT_CUDA, &src))) {
                printf("FAIL %s %s: %s\n", name, prec ? "f64" : "f32", kfft_error_message());
                failures++;
                continue;
            }
            if (dump) {
                char path[1024];
                snprintf(path, sizeof path, "%s/n%s_%s.cu", dump, name, prec ? "f64" : "f32");
                FILE *f = fopen(path, "w");
                if (f) {
                    fprintf(f, "/* %s, batch %lld: %s */\n", name, (long long)d.batch, s.describe);
                    fputs(src.s, f);
                    fclose(f);
                }
            }
            programs++;
            double t0 = now_ms();
            if ((st = kfft_nvrtc_check(src.s, arch))) {
                printf("FAIL %s %s: %s\n", name, prec ? "f64" : "f32", kfft_error_message());
                failures++;
            }
            double whole = now_ms() - t0, split = 0;
            /* A C2C plan's inverse kernels (plan.c: inverse_kernels) differ by their swaps of re
             * and im (kspec.swap) and scale: a sample of them (the shapes, every 16th length)
             * compiles too. */
            if (d.type == KFFT_C2C && (i >= ns || i % 16 == 0)) {
                static kfft_schedule inv;
                strbuf isrc;
                inv = s;
                for (int k = 0; k < inv.nsteps; k++) inv.spec[k].dir = KS_DIR_INV;
                programs++;
                int made = !(st = kfft_schedule_source(&inv, KS_DIALECT_CUDA, &isrc));
                if (!made || (st = kfft_nvrtc_check(isrc.s, arch))) {
                    printf("FAIL %s %s inverse: %s\n", name, prec ? "f64" : "f32", kfft_error_message());
                    failures++;
                }
                if (made) sb_free(&isrc);
            }
            if (timing) {
                if (compile_split(&s, arch, &split)) {
                    printf("FAIL %s %s: a kernel's own program: %s\n", name, prec ? "f64" : "f32", kfft_error_message());
                    failures++;
                }
                printf("time %-16s %s  %d kernels: one program %7.0f ms, one per kernel in parallel %7.0f ms\n", name,
                       prec ? "f64" : "f32", s.nsteps, whole, split);
            }
            sb_free(&src);
            kfft_schedule_free(&s);
        }
    printf("NVRTC %s: %d programs compiled, %d failed\n", arch, programs, failures);
    printf("%d passed, %d failed\n", programs - failures, failures);
    return failures ? 1 : 0;
}
