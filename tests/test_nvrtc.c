/* Compiles, with NVRTC for sm_90 and no GPU, the CUDA-dialect source of every plan the
 * transform tests make, so a CUDA-only syntax error fails CI on a machine without a GPU.
 *   test_nvrtc [--sizes LIST] [--set ci-small|ci-sample|full] [--case SPEC]... [--arch sm_90] [--dump DIR]
 * --case takes the harness's syntax ([c2c:|r2c:|c2r:]N[xN[xN]], batch 1), so the source of any
 * transform can be dumped and given to nvcc -Xptxas -v to read its registers and spills.  * Exits 77 (skipped, loudly) when libnvrtc is not installed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "io/casespec.h"
#include "plan/plan.h"
#include "test_h100.h"
#include "test_sizes.h"

int main(int argc, char **argv)
{
    static long long sizes[8192];
    static kfft_plan_desc cases[64];
    int ns = 0, nc = 0;
    const char *arch = "sm_90", *dump = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--arch") && i + 1 < argc) arch = argv[++i];
        else if (!strcmp(argv[i], "--dump") && i + 1 < argc) dump = argv[++i];
        else if (!strcmp(argv[i], "--case") && i + 1 < argc && nc < 64) {
            kfft_plan_desc *d = &cases[nc++];
            int type;
            memset(d, 0, sizeof *d);
            if (io_parse_case(argv[++i], &type, &d->rank, d->n)) {
                fprintf(stderr, "bad case '%s'\n", argv[i]);
                return 2;
            }
            d->type = (kfft_type)type;
            d->batch = 1;
        }
        else if ((ns = test_sizes_arg(argc, argv, &i, sizes, ns, 8192)) < 0) {
            fprintf(stderr, "usage: %s [--sizes LIST] [--set NAME] [--case SPEC]... [--arch sm_90] [--dump DIR]\n", argv[0]);
            return 2;
        }
    }
    if (!ns && !nc) ns = test_sizes_parse("1-64", sizes, 0, 8192);
    kfft_status st = kfft_nvrtc_check("extern \"C\" __global__ void k(float2 *p) { p[0] = make_float2(1, 2); }", arch);
    if (st == KFFT_ERROR_NO_BACKEND) {
        printf("SKIP: *** NVRTC not available, CUDA kernels NOT compile-checked: %s ***\n", kfft_error_message());
        return 77;
    }
    kfft_device_info info = test_h100_info(arch);
    int failures = 0, programs = 0;
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
                    fputs(src.s, f);
                    fclose(f);
                }
            }
            programs++;
            if ((st = kfft_nvrtc_check(src.s, arch))) {
                printf("FAIL %s %s: %s\n", name, prec ? "f64" : "f32", kfft_error_message());
                failures++;
            }
            sb_free(&src);
            kfft_schedule_free(&s);
        }
    printf("NVRTC %s: %d programs compiled, %d failed\n", arch, programs, failures);
    printf("%d passed, %d failed\n", programs - failures, failures);
    return failures ? 1 : 0;
}
