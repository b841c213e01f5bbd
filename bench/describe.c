/* kfft_describe: the plan kfft makes for a case on a described H100 (sm_90), without a GPU:
 * its schedule, and with --source the CUDA program the generator writes for it. For reading
 * the generated code and counting its compiled instructions offline (scripts/sass_count.py).
 *   kfft_describe [--f64] [--inverse] [--source] [--keys] [--conv M] [--knob T,pad,radix,regs[,cols[,pfa]]] [--mem-gbs G] CASE...
 * (CASE as kfft_bench's, batched to 2^27 elements as the benchmark's; "@B" after a case sets
 * the batch; --knob forces the first stage's one-kernel choices as a kfft tune candidate does,
 * T 0 the rules' threads (and a convolution's register bound), pad 0 plain, 1 padded, 2 swizzled, cols fewer columns a block than the rules' (0: theirs), pfa 1
 * coprime radices for the convolution where it has a grouping, -1 none (0: the rule's);
 * --inverse: a C2C plan's kernels as its first inverse run makes them (the steps with a
 * conjugation or a scale generated for KS_DIR_INV);
 * --mem-gbs sets the device's peak DRAM bandwidth, 3352 for the H100, 4814 for an H200; --keys
 * prints each kernel's wisdom key fields, for writing a wisdom file by hand on a device) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "io/casespec.h"
#include "plan/plan.h"
#include "test_h100.h"

static int describe(const char *c, int f64, int inverse, int source, int keys, long long conv, const int *knob, const kfft_device_info *info)
{
    char spec[64];
    snprintf(spec, sizeof spec, "%s", c);
    char *at = strchr(spec, '@');
    if (at) *at = '\0';
    kfft_plan_desc d;
    memset(&d, 0, sizeof d);
    int type, rank;
    int64_t n[3], total = 1;
    if (io_parse_case(spec, &type, &rank, n)) {
        fprintf(stderr, "kfft_describe: malformed case '%s'\n", c);
        return 1;
    }
    d.type = (kfft_type)type;
    d.rank = rank;
    d.precision = f64 ? KFFT_F64 : KFFT_F32;
    for (int i = 0; i < rank; i++) total *= (d.n[i] = n[i]);
    d.batch = at ? atoll(at + 1) : ((int64_t)1 << 27) / total;
    if (d.batch < 1) d.batch = 1;
    kfft_problem p;
    kfft_schedule s;
    if (kfft_problem_from_desc(&d, &p)) {
        fprintf(stderr, "kfft_describe: %s: %s\n", c, kfft_error_message());
        return 1;
    }
    if (conv) p.conv[0] = conv;
    if (knob[0] >= 0) {
        p.knob[0].on = 1;
        p.knob[0].T = knob[0], p.knob[0].pad = knob[1], p.knob[0].radix = knob[2], p.knob[0].regs = knob[3], p.knob[0].cols = knob[4];
        p.knob[0].pfa = knob[5];
        p.knob[0].split = -1;
    }
    if (kfft_schedule_build(&p, info, &s)) {
        fprintf(stderr, "kfft_describe: %s: %s\n", c, kfft_error_message());
        return 1;
    }
    for (int i = 0; inverse && i < s.nsteps; i++)
        if (ks_inverse_differs(&s.spec[i])) s.spec[i].dir = KS_DIR_INV;
    printf("%s (batch %lld): %s\n", c, (long long)d.batch, s.describe);
    for (int i = 0; keys && i < s.nsteps; i++) /* wisdom.h: a one-kernel stage's key; is= is the axis's input stride */
        printf("k%d key: R=%lld B=%d ops=%d io=%d\n", i, (long long)s.spec[i].R, s.spec[i].bkey ? s.spec[i].bkey : s.spec[i].B,
               s.spec[i].ops, kfft_wisdom_io(s.spec[i].ld, s.spec[i].st));
    strbuf b;
    kfft_status st = source ? kfft_schedule_source(&s, KS_DIALECT_CUDA, &b) : KFFT_SUCCESS;
    if (st) fprintf(stderr, "kfft_describe: %s: %s\n", c, kfft_error_message());
    else if (source) {
        fputs(b.s, stdout);
        sb_free(&b);
    }
    kfft_schedule_free(&s);
    return st != KFFT_SUCCESS;
}

int main(int argc, char **argv)
{
    kfft_device_info info = test_h100_info("sm_90");
    int f64 = 0, inverse = 0, source = 0, keys = 0, bad = 0;
    long long conv = 0;
    int knob[6] = {-1, -1, -1, 0, 0, 0}; /* T -1: no --knob */
    for (int a = 1; a < argc; a++) { /* options first, wherever they stand */
        if (!strcmp(argv[a], "--f64")) f64 = 1;
        else if (!strcmp(argv[a], "--inverse")) inverse = 1;
        else if (!strcmp(argv[a], "--source")) source = 1;
        else if (!strcmp(argv[a], "--keys")) keys = 1;
        else if (!strcmp(argv[a], "--conv") && a + 1 < argc) conv = atoll(argv[++a]);
        else if (!strcmp(argv[a], "--mem-gbs") && a + 1 < argc) info.mem_gbs = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--knob") && a + 1 < argc &&
                 sscanf(argv[a + 1], "%d,%d,%d,%d,%d,%d", &knob[0], &knob[1], &knob[2], &knob[3], &knob[4], &knob[5]) >= 3 && knob[0] >= 0)
            a++;
        else if (argv[a][0] == '-') {
            fprintf(stderr, "usage: kfft_describe [--f64] [--inverse] [--source] [--keys] [--conv M] [--knob T,pad,radix,regs[,cols[,pfa]]] [--mem-gbs G] CASE...\n");
            return 2;
        }
    }
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--conv") || !strcmp(argv[a], "--knob") || !strcmp(argv[a], "--mem-gbs")) a++;
        else if (argv[a][0] != '-') bad |= describe(argv[a], f64, inverse, source, keys, conv, knob, &info);
    }
    return bad;
}
