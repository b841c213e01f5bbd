/* Size lists shared by the transform tests (header-only; tests are separate programs).
 * Sets: "ci-small" = 1..256; "ci-sample" = a fixed sample of 257..2048 plus LARGE;
 * "full" = 1..2048 plus LARGE (the GPU check); "large" = LARGE alone. */
#ifndef KFFT_TEST_SIZES_H
#define KFFT_TEST_SIZES_H
#include <stdio.h>
#include <string.h>

/* Primes with smooth n-1 (2311, 4801, 7681, 12289, 17443; 257, 641, 1009 in the sample) take
 * Rader's route where it fits one block, the others Bluestein's; 6933 = 3*2311, 14403 = 3*4801
 * and 52329 = 3*17443 take mixed-radix passes with a Rader pass where the prime fits a block;
 * on the H100, 52329, 34886 = 2*17443 and 87215 = 5*17443 (fp32) and 24578 = 2*12289 (fp64) take
 * the second pass in clusters (kspec.h: clu), as do 32768 and 65536 (fp32), 16384 and 32768 (fp64),
 * and so do Bluestein's two FFTs where m is such a power of two (16211 = 13*29*43: m = 32768) and
 * the packed real routes of twice those lengths (R2C and C2R 65536 and 131072 in fp32, 32768 in fp64;
 * fp64 R2C 65536); fp32 36000 (five 7200-point columns, bound to two blocks per SM) and 55296 (eight
 * of 6912) are smooth lengths in clusters. 1627 and 3067 take the Bluestein blocks of the
 * small-convolution rules (3360 = 16x15x14 padded; fp32 6174, fp64 6400 in place of 6144's four
 * passes); 2917 and 4621 Rader blocks in whole warps (192) and a thread per butterfly of the
 * narrowest pass (448); 2803 fp32 Bluestein's 5670 in place of 5625 = 25x25x9 (no radix 9);
 * 25000 = 25x25x8x5 fp32 at 512 threads where a thread per butterfly (1000) would spill; fp32
 * 443 (442 = 2x13x17) and 1277 (1276 = 4x11x29) take one-kernel Rader since session 90, 1277's
 * block bound to 64 registers (blocks.c blk_rader_wide_regs), as is fp32 5581's (5580 = 31x20x9, a
 * block of 3000+ points, since session 91). */
static const long long TEST_LARGE[] = {1627, 2187, 2311, 2803, 2917, 3067, 3125, 4096, 4099, 4621, 4801, 5400, 5581, 6144, 6151, 6933, 7681, 8192, 8219, 10000, 12289,
                                       14403, 16211, 16384, 17443, 24578, 25000, 32768, 34886, 36000, 52329, 55296, 65536, 87215, 100003,
                                       131072, 1000003, 1048576};
static const long long TEST_SAMPLE[] = {257, 289, 300, 331, 361, 384, 443, 480, 509, 512, 529, 607, 625, 641, 643, 729, 768, 841,
                                        961, 1000, 1009, 1024, 1031, 1089, 1155, 1229, 1277, 1331, 1369, 1536, 1681, 1849, 1999,
                                        2000, 2025, 2039, 2047, 2048};

/* Comma-separated sizes and ranges a-b; returns the new count. */
static inline int test_sizes_parse(const char *spec, long long *v, int k, int max)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok && k < max; tok = strtok_r(NULL, ",", &save)) {
        long long a, b;
        if (sscanf(tok, "%lld-%lld", &a, &b) == 2)
            for (long long i = a; i <= b && k < max; i++) v[k++] = i;
        else if (sscanf(tok, "%lld", &a) == 1)
            v[k++] = a;
    }
    return k;
}

static inline int test_sizes_set(const char *name, long long *v, int k, int max)
{
    if (!strcmp(name, "ci-small")) return test_sizes_parse("1-256", v, k, max);
    if (!strcmp(name, "full")) k = test_sizes_parse("1-2048", v, k, max);
    else if (!strcmp(name, "large")) {}
    else if (!strcmp(name, "ci-sample"))
        for (size_t j = 0; j < sizeof TEST_SAMPLE / sizeof *TEST_SAMPLE && k < max; j++) v[k++] = TEST_SAMPLE[j];
    else return -1;
    for (size_t j = 0; j < sizeof TEST_LARGE / sizeof *TEST_LARGE && k < max; j++) v[k++] = TEST_LARGE[j];
    return k;
}

/* Handles --sizes LIST and --set NAME at argv[*i]; returns the new count, -1 if argv[*i]
 * is not one of them. */
static inline int test_sizes_arg(int argc, char **argv, int *i, long long *v, int k, int max)
{
    if (!strcmp(argv[*i], "--sizes") && *i + 1 < argc) return test_sizes_parse(argv[++*i], v, k, max);
    if (!strcmp(argv[*i], "--set") && *i + 1 < argc) return test_sizes_set(argv[++*i], v, k, max);
    return -1;
}

/* Batch per size in the tests: > 1 everywhere except the largest sizes. */
static inline long long test_batch(long long n) { return n <= 64 ? 5 : n <= 4096 ? 3 : n <= 200000 ? 2 : 1; }

#endif
