/* API behaviour beyond numerical accuracy (test_c2c covers that):
 *   test_api errors   bad arguments get the right status and a message naming the cause
 *   test_api strided  istride/idist/ostride/odist layouts against the host reference
 *   test_api locale   a comma decimal separator does not break generated kernels
 *   test_api threads  plans created and executed from several threads at once
 *   test_api churn N  N plan create/destroy cycles leak no host or device memory
 *   test_api cache    a second context (as a second process would) compiles nothing;
 *                     a corrupt cache entry is detected and rebuilt
 *   test_api wisdom   kfft_tune records choices, a new context reads them from the default
 *                     file and plans with them (results still right); malformed, foreign
 *                     and stale files are refused with the reason and change nothing
 * Exit 0 pass, 1 fail, 77 skip (no device). */
#include <dirent.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/context.h"
#include "plan/plan.h"
#include "core/refdft.h"
#include "kfft.h"

static int failures, checks;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        checks++;                                                                                                      \
        if (!(cond)) {                                                                                                 \
            failures++;                                                                                                \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                                \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
        }                                                                                                              \
    } while (0)

static kfft_context open_ctx(const char *cache_dir)
{
    kfft_context_desc d = {0};
    d.cache_dir = cache_dir;
    kfft_context c = NULL;
    if (kfft_context_create(&d, &c)) {
        printf("SKIP: no device: %s\n", kfft_error_message());
        exit(77);
    }
    return c;
}

static unsigned long long rng = 88172645463325252ull;
static double urand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0 * 2 - 1;
}

/* Runs a (possibly strided) f32 plan on host arrays and checks every transform against
 * refdft; elements outside the output layout must keep their values. */
static double run_layout(kfft_context c, long long n, long long batch, long long is, long long id, long long os, long long od)
{
    kfft_plan_desc d = {KFFT_C2C, KFFT_F32, 1, {n}, batch, is, id, os, od, {0}, {0}, 0, 0};
    kfft_plan p;
    if (kfft_plan_create(c, &d, &p)) {
        printf("FAIL plan n=%lld: %s\n", n, kfft_error_message());
        failures++;
        return 1;
    }
    long long isx = is ? is : 1, osx = os ? os : 1, idx = id ? id : n * isx, odx = od ? od : n * osx;
    size_t ilen = (size_t)((batch - 1) * idx + (n - 1) * isx + 1), olen = (size_t)((batch - 1) * odx + (n - 1) * osx + 1);
    size_t len = olen;
    float *in = malloc(ilen * 8), *out = malloc(len * 8);
    double *ref = malloc((size_t)n * 16);
    for (size_t i = 0; i < 2 * ilen; i++) in[i] = (float)urand();
    for (size_t i = 0; i < 2 * len; i++) out[i] = 12345.0f;
    float *orig = malloc(len * 8);
    memcpy(orig, out, len * 8);
    kfft_status st = kfft_execute_host(p, in, out, KFFT_FORWARD);
    double worst = 0;
    CHECK(st == KFFT_SUCCESS, "execute_host: %s", kfft_error_message());
    for (long long b = 0; b < batch && !st; b++) {
        for (long long e = 0; e < n; e++) {
            ref[2 * e] = in[2 * (b * idx + e * isx)];
            ref[2 * e + 1] = in[2 * (b * idx + e * isx) + 1];
        }
        kfft_refdft(ref, n, -1);
        double num = 0, den = 0;
        for (long long e = 0; e < n; e++) {
            size_t o = (size_t)(b * odx + e * osx);
            double dr = out[2 * o] - ref[2 * e], di = out[2 * o + 1] - ref[2 * e + 1];
            num += dr * dr + di * di;
            den += ref[2 * e] * ref[2 * e] + ref[2 * e + 1] * ref[2 * e + 1];
            out[2 * o] = orig[2 * o]; /* mark visited: restore so the gap check below sees original values */
            out[2 * o + 1] = orig[2 * o + 1];
        }
        double e = sqrt(num / (den > 0 ? den : 1));
        if (e > worst) worst = e;
    }
    int gaps_ok = !memcmp(out, orig, len * 8);
    CHECK(gaps_ok, "n=%lld layout is=%lld id=%lld os=%lld od=%lld: elements outside the output layout changed", n, is, id, os, od);
    CHECK(worst < 2e-7 * fmax(1, log2((double)n)), "n=%lld is=%lld id=%lld os=%lld od=%lld: rel L2 %.3e", n, is, id, os, od, worst);
    kfft_plan_destroy(p);
    free(in);
    free(out);
    free(orig);
    free(ref);
    return worst;
}

static int t_strided(void)
{
    kfft_context c = open_ctx(NULL);
    long long sizes[] = {16, 17, 60, 97, 4096, 8219};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        long long n = sizes[i];
        run_layout(c, n, 3, 2, 2 * n + 5, 1, n);     /* strided input, contiguous output */
        run_layout(c, n, 3, 1, n, 3, 1);             /* interleaved output: element-major batches */
        run_layout(c, n, 4, 4, 1, 4, 1);             /* both interleaved (idist < n) */
        run_layout(c, n, 2, 1, n + 7, 2, 2 * n + 1); /* padded rows */
    }
    kfft_context_destroy(c);
    return 0;
}

static int t_errors(void)
{
    kfft_context c = open_ctx(NULL);
    kfft_plan p = (kfft_plan)1;
    kfft_plan_desc d = {KFFT_C2C, KFFT_F32, 1, {0}, 1, 0, 0, 0, 0, {0}, {0}, 0, 0};
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT && p == NULL, "n=0");
    CHECK(strstr(kfft_error_message(), "n[0]") != NULL, "n=0 message names n[0]: '%s'", kfft_error_message());
    d.n[0] = -5;
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "n<0");
    d.n[0] = 64;
    d.batch = 0;
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "batch=0");
    CHECK(strstr(kfft_error_message(), "batch") != NULL, "message names batch: '%s'", kfft_error_message());
    d.batch = (int64_t)1 << 60;
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "batch overflow");
    CHECK(strstr(kfft_error_message(), "overflow") != NULL, "overflow message: '%s'", kfft_error_message());
    d.batch = 2;
    d.idist = 0;
    d.istride = -1;
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "negative stride");
    d.istride = 0;
    d.rank = 4;
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "rank 4");
    d.rank = 2; /* n[1] is still 0 */
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "rank 2 with n[1] = 0");
    CHECK(strstr(kfft_error_message(), "n[1]") != NULL, "message names n[1]: '%s'", kfft_error_message());
    d.rank = 1;
    d.precision = (kfft_precision)7;
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "precision");
    d.precision = KFFT_F32;
    CHECK(kfft_plan_create(NULL, &d, &p) == KFFT_ERROR_INVALID_ARGUMENT, "NULL ctx");
    CHECK(kfft_plan_create(c, NULL, &p) == KFFT_ERROR_INVALID_ARGUMENT, "NULL desc");
    CHECK(kfft_plan_create(c, &d, NULL) == KFFT_ERROR_INVALID_ARGUMENT, "NULL out");
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_SUCCESS, "valid plan: %s", kfft_error_message());
    kfft_buffer b;
    CHECK(kfft_malloc(c, 64 * 2 * 8, &b) == KFFT_SUCCESS, "malloc");
    CHECK(kfft_execute(p, NULL, b, KFFT_FORWARD) == KFFT_ERROR_INVALID_ARGUMENT, "NULL in");
    CHECK(strstr(kfft_error_message(), "in") != NULL, "names in");
    CHECK(kfft_execute(p, b, NULL, KFFT_FORWARD) == KFFT_ERROR_INVALID_ARGUMENT, "NULL out");
    CHECK(kfft_execute(p, b, b, (kfft_direction)0) == KFFT_ERROR_INVALID_ARGUMENT, "bad direction");
    CHECK(kfft_execute(NULL, b, b, KFFT_FORWARD) == KFFT_ERROR_INVALID_ARGUMENT, "NULL plan");
    CHECK(kfft_execute_host(p, NULL, NULL, KFFT_FORWARD) == KFFT_ERROR_INVALID_ARGUMENT, "NULL host");
    kfft_buffer b0 = b; /* a failed kfft_malloc sets its out-parameter to NULL: keep b to free it */
    CHECK(kfft_malloc(c, 0, &b0) == KFFT_ERROR_INVALID_ARGUMENT && !b0, "malloc 0");
    kfft_buffer huge = NULL;
    kfft_status st = kfft_malloc(c, (size_t)1 << 62, &huge);
    CHECK(st == KFFT_ERROR_OUT_OF_MEMORY && strstr(kfft_error_message(), "bytes"), "huge malloc: %d '%s'", st,
          kfft_error_message());
    /* Host memory for fast copies: usable, round trip through the device, clear errors. */
    void *h = NULL, *hbad = NULL;
    CHECK(kfft_malloc_host(c, 1024, &h) == KFFT_SUCCESS && h, "malloc_host: %s", kfft_error_message());
    kfft_free(c, b);
    b = NULL;
    if (h && !kfft_malloc(c, 1024, &b)) {
        for (int i = 0; i < 256; i++) ((float *)h)[i] = (float)i;
        CHECK(kfft_memcpy_h2d(c, b, h, 1024) == KFFT_SUCCESS, "h2d from host memory");
        memset(h, 0, 1024);
        CHECK(kfft_memcpy_d2h(c, h, b, 1024) == KFFT_SUCCESS && ((float *)h)[255] == 255.0f, "d2h into host memory");
    }
    kfft_free_host(c, h);
    kfft_free_host(c, NULL);
    CHECK(kfft_malloc_host(c, 0, &hbad) == KFFT_ERROR_INVALID_ARGUMENT && !hbad, "malloc_host 0");
    st = kfft_malloc_host(c, (size_t)1 << 62, &hbad);
    CHECK(st == KFFT_ERROR_OUT_OF_MEMORY && strstr(kfft_error_message(), "bytes") && !hbad, "huge malloc_host: %d '%s'", st,
          kfft_error_message());
    kfft_plan_destroy(p);
    kfft_plan_destroy(NULL);
    kfft_free(c, b);
    kfft_context_desc cd = {0};
    cd.backend = (kfft_backend)9;
    kfft_context c2;
    CHECK(kfft_context_create(&cd, &c2) == KFFT_ERROR_INVALID_ARGUMENT, "bad backend");
    cd.backend = KFFT_BACKEND_AUTO;
    cd.device = 999;
    CHECK(kfft_context_create(&cd, &c2) == KFFT_ERROR_NO_DEVICE, "device 999: '%s'", kfft_error_message());
    printf("last message example: %s\n", kfft_error_message());
    kfft_context_destroy(c);
    kfft_context_destroy(NULL);
    return 0;
}

static int t_locale(void)
{
    const char *names[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "ru_RU.UTF-8", NULL};
    const char *got = NULL;
    for (int i = 0; names[i] && !got; i++) got = setlocale(LC_ALL, names[i]);
    if (!got || localeconv()->decimal_point[0] != ',') {
        printf("SKIP: no locale with a comma decimal separator installed (locales package, de_DE.UTF-8)\n");
        return 77;
    }
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", 1.5);
    printf("locale %s: 1.5 prints as %s\n", got, buf);
    kfft_context c = open_ctx(NULL); /* cache off would be stricter: the sources differ by size */
    long long sizes[] = {7, 13, 243, 1000, 97};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) run_layout(c, sizes[i], 2, 0, 0, 0, 0);
    kfft_context_destroy(c);
    return 0;
}

/* Relative L2 distance of m floats from a double reference; 1 where not finite. */
static double rel_l2(const float *got, const double *ref, int m)
{
    double num = 0, den = 0;
    for (int e = 0; e < m; e++) num += (got[e] - ref[e]) * (got[e] - ref[e]), den += ref[e] * ref[e];
    return isfinite(num) ? sqrt(num / den) : 1;
}

typedef struct {
    kfft_context c;
    kfft_plan p; /* inv_main's shared plan */
    int id;
    double worst;
} thr_arg;

static void *thr_main(void *p)
{
    thr_arg *a = p;
    long long sizes[] = {64, 100, 127, 4096, 6000, 8192};
    for (int r = 0; r < 3; r++)
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
            double e = run_layout(a->c, sizes[(i + (size_t)a->id) % 6], 2 + a->id, 0, 0, 0, 0);
            if (e > a->worst) a->worst = e;
        }
    return NULL;
}

/* One C2C plan whose first inverse runs come from four threads at once: its inverse kernels
 * are made once, under the plan's lock (plan.c: inverse_kernels), and on OpenCL the shared
 * kernel objects take each launch's arguments under the backend's (opencl.c: launch_lock;
 * without it one or two threads of four read back an unwritten output, 5 runs of 6). */
static void *inv_main(void *q)
{
    thr_arg *a = q;
    enum { N = 1000 };
    float *in = malloc(N * 8), *out = malloc(N * 8);
    double *ref = malloc(N * 16);
    for (int e = 0; e < N; e++) {
        in[2 * e] = (float)sin(0.37 * e * (a->id + 1) + a->id);
        in[2 * e + 1] = (float)cos(1.13 * e + 0.5 * a->id);
        ref[2 * e] = in[2 * e];
        ref[2 * e + 1] = in[2 * e + 1];
        out[2 * e] = out[2 * e + 1] = NAN;
    }
    a->worst = 1;
    if (!kfft_execute_host(a->p, in, out, KFFT_INVERSE) && !kfft_refdft(ref, N, 1))
        a->worst = rel_l2(out, ref, 2 * N);
    else
        printf("shared plan, thread %d: %s\n", a->id, kfft_error_message());
    free(in);
    free(out);
    free(ref);
    return NULL;
}

static int t_threads(void)
{
    kfft_context c = open_ctx(NULL);
    pthread_t th[4];
    thr_arg a[4];
    for (int i = 0; i < 4; i++) {
        a[i] = (thr_arg){c, NULL, i, 0};
        pthread_create(&th[i], NULL, thr_main, &a[i]);
    }
    for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < 4; i++) printf("thread %d: worst rel L2 %.3e\n", i, a[i].worst);
    kfft_plan p;
    int64_t n = 1000;
    if (kfft_plan_dft(c, KFFT_C2C, 1, &n, 1, KFFT_F32, &p)) {
        CHECK(0, "shared plan: %s", kfft_error_message());
    } else {
        for (int i = 0; i < 4; i++) {
            a[i] = (thr_arg){c, p, i, 1};
            pthread_create(&th[i], NULL, inv_main, &a[i]);
        }
        for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
        for (int i = 0; i < 4; i++) {
            printf("shared plan, first inverse runs, thread %d: rel L2 %.3e\n", i, a[i].worst);
            CHECK(a[i].worst < 2e-7 * 10, "shared plan, thread %d: rel L2 %.3e", i, a[i].worst);
        }
        kfft_plan_destroy(p);
    }
    kfft_context_destroy(c);
    return 0;
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long v = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmRSS:", 6)) v = atol(line + 6);
    if (f) fclose(f);
    return v;
}

static int t_churn(int count)
{
    kfft_context c = open_ctx(NULL);
    long long sizes[] = {64, 1000, 8219, 65536};
    kfft_plan p;
    /* warm: compile every kernel once, so the loop measures plan bookkeeping only */
    for (int i = 0; i < 4; i++) {
        CHECK(kfft_plan_1d(c, sizes[i], 3, KFFT_F32, &p) == KFFT_SUCCESS, "plan %s", kfft_error_message());
        kfft_plan_destroy(p);
    }
    long before = 0;
    for (int i = 0; i < count; i++) {
        if (i == count / 10) before = rss_kb();
        kfft_status st = kfft_plan_1d(c, sizes[i % 4], 3, KFFT_F32, &p);
        if (st) {
            CHECK(0, "plan %d: %s", i, kfft_error_message());
            break;
        }
        kfft_plan_destroy(p);
    }
    long after = rss_kb();
    CHECK(c->live_buffers == 0, "%ld device buffers still allocated after destroying every plan", c->live_buffers);
    printf("%d plans: RSS %ld kB after %d, %ld kB at the end\n", count, before, count / 10, after);
    CHECK(after - before < 8192, "RSS grew by %ld kB over %d plans", after - before, count - count / 10);
    kfft_context_destroy(c);
    return 0;
}

/* Entries of a kind (".kbin": kernels, ".ktab": tables) in a cache directory; corrupt_first
 * damages the first: 1 flips a payload byte, 2 drops its last byte, 3 appends one. */
static int count_entries(const char *dir, const char *ext, int corrupt_first)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!strstr(e->d_name, ext) || strstr(e->d_name, ".tmp")) continue;
        if (corrupt_first && n == 0) {
            char path[2048];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            struct stat sb;
            if (corrupt_first == 2 && !stat(path, &sb) && truncate(path, sb.st_size - 1)) printf("note: could not truncate %s\n", path);
            FILE *f = corrupt_first == 1 ? fopen(path, "r+b") : corrupt_first == 3 ? fopen(path, "ab") : NULL;
            if (f && corrupt_first == 3) {
                fputc(0, f);
                fclose(f);
            } else if (f) { /* flip a byte in the payload */
                fseek(f, 100, SEEK_SET);
                int ch = fgetc(f);
                fseek(f, 100, SEEK_SET);
                fputc(ch ^ 0x5a, f);
                fclose(f);
            }
        }
        n++;
    }
    if (d) closedir(d);
    return n;
}

static ino_t entry_inode(const char *dir, const char *ext)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    ino_t ino = 0;
    while (d && (e = readdir(d)))
        if (strstr(e->d_name, ext) && !strstr(e->d_name, ".tmp")) {
            char path[2048];
            struct stat sb;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (!stat(path, &sb)) ino = sb.st_ino;
        }
    if (d) closedir(d);
    return ino;
}

/* Rewrites `path` from `src` with line `ln` (1-based) replaced by `text` (NULL: appended). */
static void rewrite(const char *src, const char *path, int ln, const char *text)
{
    FILE *in = fopen(src, "r"), *out = fopen(path, "w");
    char line[2048];
    int i = 0;
    while (in && out && fgets(line, sizeof line, in)) {
        if (++i == ln && text) fprintf(out, "%s\n", text);
        else fputs(line, out);
    }
    if (out && !text) fputs("single f32 R=64 B=32 is=1 ops=0 io=0 T=oops\n", out);
    if (in) fclose(in);
    if (out) fclose(out);
}

/* Keeps the three header lines of the wisdom file at path and puts `entry` after them. */
/* The text kfft_wisdom_export writes for c (through a file in dir, removed after). */
/* 1 if d's plan describes itself with tag, 0 if not, -1 if it cannot be planned; its description
 * (or the error) in desc. */
static int plan_has(kfft_context c, const kfft_plan_desc *d, const char *tag, char *desc, size_t len)
{
    kfft_plan p;
    if (kfft_plan_create(c, d, &p)) {
        snprintf(desc, len, "plan failed: %s", kfft_error_message());
        return -1;
    }
    snprintf(desc, len, "%s", kfft_plan_describe(p));
    kfft_plan_destroy(p);
    return strstr(desc, tag) != NULL;
}

static void exported(kfft_context c, const char *dir, char *got, size_t cap)
{
    char f[4200];
    snprintf(f, sizeof f, "%s/exported.txt", dir);
    got[0] = 0;
    FILE *wf = kfft_wisdom_export(c, f) == KFFT_SUCCESS ? fopen(f, "r") : NULL;
    if (wf) {
        got[fread(got, 1, cap - 1, wf)] = 0;
        fclose(wf);
    }
    remove(f);
}

static void set_wisdom_entry(const char *path, const char *entry)
{
    FILE *f = fopen(path, "r");
    char l[3][512] = {"", "", ""};
    for (int i = 0; f && i < 3; i++)
        if (!fgets(l[i], sizeof l[i], f)) l[0][0] = 0;
    if (f) fclose(f);
    f = fopen(path, "w");
    if (f) {
        fprintf(f, "%s%s%s%s\n", l[0], l[1], l[2], entry);
        fclose(f);
    }
}

/* A one-kernel entry for R = 64, B = 32 (`entry`) imported in place of the file's: taken (the
 * plan of 64 x 64 describes `want`, where given) and its results right. */
static void forced_entry(kfft_context c, const char *path, const char *entry, const char *want, const char *what)
{
    set_wisdom_entry(path, entry);
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS && kfft_wisdom_count(c) == 1, "%s entry: %s", what, kfft_error_message());
    kfft_plan p;
    if (want) {
        CHECK(kfft_plan_1d(c, 64, 64, KFFT_F32, &p) == KFFT_SUCCESS && strstr(kfft_plan_describe(p), want), "%s not taken: %s", what,
              kfft_plan_describe(p));
        kfft_plan_destroy(p);
    }
    double e = run_layout(c, 64, 64, 0, 0, 0, 0);
    CHECK(e < 1e-5, "results with %s: rel error %.2e", what, e);
}

/* Bluestein's one-kernel convolution on coprime radices, which only a measured choice takes
 * (pfa=1; schedule.c: conv_pfa): 1019 through m = 2100 (a conv entry) and a single entry for
 * that block (its B read from the plan without it). The plan takes it and its results are
 * right: the load and store through the layout's table, the spectrum in the CRT's order. */
static void bluestein_pfa_entry(kfft_context c, const char *path)
{
    kfft_plan p;
    int B = 0;
    set_wisdom_entry(path, "conv f32 R=1019 is=1 m=2100 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS, "conv entry: %s", kfft_error_message());
    if (kfft_plan_1d(c, 1019, 4, KFFT_F32, &p) == KFFT_SUCCESS) {
        const char *d = strstr(kfft_plan_describe(p), "single R=2100(");
        if (d && (d = strstr(d, " B="))) B = atoi(d + 3);
        kfft_plan_destroy(p);
    }
    CHECK(B > 0, "1019 through m = 2100: no one-kernel plan");
    if (!B) return;
    char entry[512];
    snprintf(entry, sizeof entry,
             "conv f32 R=1019 is=1 m=2100 ns=1 default_ns=2\nsingle f32 R=2100 B=%d is=1 ops=13 io=0 T=128 pad=0 radix=1 pfa=1 ns=1 default_ns=2", B);
    set_wisdom_entry(path, entry);
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS, "bluestein pfa entry: %s", kfft_error_message());
    CHECK(kfft_plan_1d(c, 1019, 4, KFFT_F32, &p) == KFFT_SUCCESS && strstr(kfft_plan_describe(p), " pfa"), "bluestein pfa not taken: %s",
          kfft_plan_describe(p));
    kfft_plan_destroy(p);
    double e = run_layout(c, 1019, 4, 0, 0, 0, 0);
    CHECK(e < 1e-5, "results with bluestein pfa: rel error %.2e", e);
}

/* A passes entry of 65536 points with the optional fields `fields`: read (the wisdom's second
 * entry), its plans' results right, exported as read; and `single` on a single kernel's entry
 * refused as malformed. */
static void passes_field(kfft_context c, const char *dir, const char *path, const char *fields, const char *single)
{
    char line[512], got[4096];
    snprintf(line, sizeof line, "passes f32 R=65536 is=1 ops=0 io=0 pad=-1 radix=-1 %s ns=1 default_ns=2", fields);
    set_wisdom_entry(path, line);
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS && kfft_wisdom_count(c) == 2, "%s entry: %s", fields, kfft_error_message());
    double e = run_layout(c, 65536, 2, 0, 0, 0, 0);
    CHECK(e < 1e-5, "results with the %s entry: rel error %.2e", fields, e);
    exported(c, dir, got, sizeof got);
    snprintf(line, sizeof line, " %s ", fields);
    CHECK(strstr(got, line) != NULL, "export lost %s: %s", fields, got);
    snprintf(line, sizeof line, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 %s ns=1 default_ns=2", single);
    set_wisdom_entry(path, line);
    CHECK(kfft_wisdom_import(c, path) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "malformed"),
          "%s on a single kernel's entry: %s", single, kfft_error_message());
}

/* A 1-D C2C fp32 description of n points, batch transforms, contiguous. */
static kfft_plan_desc c2c_f32(long long n, long long batch)
{
    kfft_plan_desc d = {0};
    d.type = KFFT_C2C;
    d.precision = KFFT_F32;
    d.rank = 1;
    d.n[0] = n;
    d.batch = batch;
    return d;
}

/* KFFT_MEM_GBS plans as for a device of that peak bandwidth: at the H200's 4814 GB/s C2C 2400
 * takes the 4 TB/s padding rule's whole warps (blocks.c blk_bank_pad: 160 threads), at the H100's
 * 3352 150; a value that is not a bandwidth is ignored (the device's own plan). */
static int t_mem_gbs(void)
{
    const char *tag = "R=2400(16x15x10) B=1 T=160";
    kfft_plan_desc d = c2c_f32(2400, 4);
    char desc[4][1024];
    const char *vals[] = {"4814", "3352", "fast", NULL};
    int has[4];
    setenv("KFFT_WISDOM", "off", 1); /* the default plans, whatever wisdom this machine holds */
    for (int i = 0; i < 4; i++) {
        if (vals[i]) setenv("KFFT_MEM_GBS", vals[i], 1);
        else unsetenv("KFFT_MEM_GBS");
        kfft_context c = open_ctx(NULL);
        has[i] = plan_has(c, &d, tag, desc[i], sizeof desc[i]);
        kfft_context_destroy(c);
    }
    unsetenv("KFFT_MEM_GBS");
    unsetenv("KFFT_WISDOM");
    CHECK(has[0] == 1, "KFFT_MEM_GBS=4814: want %s in %s", tag, desc[0]);
    CHECK(has[1] == 0, "KFFT_MEM_GBS=3352: want no %s in %s", tag, desc[1]);
    CHECK(has[2] >= 0 && !strcmp(desc[2], desc[3]), "KFFT_MEM_GBS=fast: want the device's plan %s, got %s", desc[3], desc[2]);
    printf("mem_gbs: %d checks, %d failures\n", checks, failures);
    return failures != 0;
}

static int t_wisdom(void)
{
    char dir[] = "/tmp/kfft-wisdom-test-XXXXXX", path[600], other[600];
    if (!mkdtemp(dir)) return 1;
    unsetenv("KFFT_WISDOM");
    kfft_context c = open_ctx(dir);
    kfft_plan_desc d = c2c_f32(64, 64);
    kfft_tune_report r;
    CHECK(kfft_tune(c, &d, &r) == KFFT_SUCCESS && r.stages == 1, "tune: %s (stages %d)", kfft_error_message(), r.stages);
    printf("tune 64 x 64: default %.4f ms, tuned %.4f ms, %s\n", r.default_ms, r.tuned_ms, r.choice);
    CHECK(kfft_wisdom_count(c) == 1, "one wisdom entry (got %d)", kfft_wisdom_count(c));
    CHECK(kfft_wisdom_export(c, NULL) == KFFT_SUCCESS, "export: %s", kfft_error_message());
    snprintf(path, sizeof path, "%s/wisdom.txt", dir);
    CHECK(!strcmp(kfft_wisdom_path(c), path), "default path %s", kfft_wisdom_path(c));
    kfft_context_destroy(c);
    /* A file that forces 32 threads, padding and the narrow radices (16x4; the default is 8x8): a new context reads it by itself. */
    snprintf(other, sizeof other, "%s/w2.txt", dir);
    set_wisdom_entry(path, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 ns=1 default_ns=2");
    c = open_ctx(dir);
    CHECK(kfft_wisdom_count(c) == 1 && !kfft_wisdom_note(c)[0], "wisdom read at creation (%d entries, note '%s')",
          kfft_wisdom_count(c), kfft_wisdom_note(c));
    kfft_plan p;
    CHECK(kfft_plan_1d(c, 64, 64, KFFT_F32, &p) == KFFT_SUCCESS && strstr(kfft_plan_describe(p), "R=64(16x4)") &&
              strstr(kfft_plan_describe(p), "T=32"),
          "the plan does not use the wisdom: %s", kfft_plan_describe(p));
    kfft_plan_destroy(p);
    /* The entry is for complex user sides: a real transform's kernel of the same R and B
     * (another load and store) keeps its defaults. */
    kfft_plan_desc dr = c2c_f32(128, 64);
    dr.type = KFFT_R2C;
    CHECK(kfft_plan_create(c, &dr, &p) == KFFT_SUCCESS && !strstr(kfft_plan_describe(p), "(16x4)"),
          "a complex entry reached a real plan: %s", kfft_plan_describe(p));
    printf("r2c 128 x 64 beside the entry: %s\n", kfft_plan_describe(p));
    kfft_plan_destroy(p);
    double e = run_layout(c, 64, 64, 0, 0, 0, 0);
    CHECK(e < 1e-5, "results with the wisdom's kernel: rel error %.2e", e);
    /* Swizzled shared memory (pad=2, kspec.h KS_PAD_SWZ). */
    forced_entry(c, path, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=2 radix=0 ns=1 default_ns=2", " swz", "pad=2");
    /* With a register bound (a CUDA launch bound; other backends ignore it). */
    forced_entry(c, path, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 regs=64 ns=1 default_ns=2", NULL, "regs=");
    /* Split twiddle tables forced on (the planner's rule leaves R = 64 without): the plan takes
     * them, results stay right, and an export keeps the field. */
    forced_entry(c, path, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 split=1 ns=1 default_ns=2", " L=8", "split=1");
    char got[4096];
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, " split=1 ") != NULL, "export lost split=1: %s", got);
    /* Fewer columns a block than the rules' 32 (kfft_tune's cols=; the key keeps B=32): the plan
     * takes 8, results stay right, an export keeps the field; cols=0 and cols= on a passes entry
     * are malformed. */
    forced_entry(c, path, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 cols=8 ns=1 default_ns=2", " B=8 ", "cols=8");
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, " cols=8 ") != NULL, "export lost cols=8: %s", got);
    static const char *bad_cols[] = {"single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 cols=0 ns=1 default_ns=2",
                                     "passes f32 R=65536 is=1 ops=0 io=0 pad=-1 radix=-1 cols=2 ns=1 default_ns=2"};
    for (int i = 0; i < 2; i++) {
        set_wisdom_entry(path, bad_cols[i]);
        CHECK(kfft_wisdom_import(c, path) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "malformed"), "%s: %s",
              bad_cols[i], kfft_error_message());
    }
    /* Rader's prime-factor convolutions forced either way (kfft_tune's pfa=): read, results right
     * (64 points have no Rader kernel), exported; pfa=2 is malformed. */
    forced_entry(c, path, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 pfa=-1 ns=1 default_ns=2", NULL, "pfa=-1");
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, " pfa=-1 ") != NULL, "export lost pfa=-1: %s", got);
    set_wisdom_entry(path, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 pfa=2 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "malformed"), "pfa=2: %s",
          kfft_error_message());
    set_wisdom_entry(path, "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 cols=8 ns=1 default_ns=2"); /* valid again */
    /* Malformed, foreign, stale: refused with the reason, nothing changes. */
    rewrite(path, other, 0, NULL);
    CHECK(kfft_wisdom_import(c, other) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "line 5"),
          "malformed: %s", kfft_error_message());
    rewrite(path, other, 1, "kfft-wisdom 1");
    CHECK(kfft_wisdom_import(c, other) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "line 1"),
          "an older format: %s", kfft_error_message());
    rewrite(path, other, 1, "kfft-wisdom 2"); /* no io=: cannot say which kernels it was measured on */
    CHECK(kfft_wisdom_import(c, other) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "line 1"),
          "format 2: %s", kfft_error_message());
    rewrite(path, other, 1, "kfft-wisdom 3"); /* default entries possibly without the planner's bound or radices */
    CHECK(kfft_wisdom_import(c, other) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "line 1"),
          "format 3: %s", kfft_error_message());
    rewrite(path, other, 1, "kfft-wisdom 4"); /* no is=: strided stages of one R and B shared an entry */
    CHECK(kfft_wisdom_import(c, other) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "line 1"),
          "format 4: %s", kfft_error_message());
    rewrite(path, other, 2, "device Some Other GPU");
    CHECK(kfft_wisdom_import(c, other) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "another device"),
          "foreign: %s", kfft_error_message());
    rewrite(path, other, 3, "version driver 1, nvrtc 1.0");
    CHECK(kfft_wisdom_import(c, other) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "stale"),
          "stale: %s", kfft_error_message());
    CHECK(kfft_wisdom_count(c) == 1, "refused files changed the wisdom (%d entries)", kfft_wisdom_count(c));
    /* Passes without clusters (kfft_tune's last candidate where the rules take them): read, used
     * (on this device the passes have none anyway: results stay right) and exported; then in
     * rows of four sectors (kfft_tune's columns per block; the same key, so it replaces the
     * entry). A single kernel's entry has neither field, and rows= out of range is malformed. */
    passes_field(c, dir, path, "noclu=1", "noclu=1");
    passes_field(c, dir, path, "noclu=1 rows=4", "rows=2");
    set_wisdom_entry(path, "passes f32 R=65536 is=1 ops=0 io=0 pad=-1 radix=-1 rows=5 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "malformed"),
          "rows=5: %s", kfft_error_message());
    /* A plane kernel's entry (kfft_tune's first choice for the last two axes): noplane=1 makes a
     * 64^2 plan take a kernel per axis (it takes the plane kernel without the entry), exported
     * as read; one without noplane= is malformed. */
    kfft_plan_desc d2 = {.type = KFFT_C2C, .rank = 2, .n = {64, 64}, .batch = 4};
    char why[1024];
    int planed = plan_has(c, &d2, "plane=", why, sizeof why) == 1;
    set_wisdom_entry(path, "plane f32 R=64 B=64 noplane=1 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS && kfft_wisdom_count(c) == 3, "plane entry: %s", kfft_error_message());
    int h = plan_has(c, &d2, "plane=", why, sizeof why);
    CHECK(h >= 0 && (!planed || !h), "noplane=1 not taken (plane kernel without it: %d): %s", planed, why);
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, "plane f32 R=64 B=64 noplane=1 ") != NULL, "export lost the plane entry: %s", got);
    /* An R2C plane's entry names its real sides (io=132: KS_LD_ROWPAIR, KS_ST_R2C_PACK): it turns
     * the R2C 64^2 plan's plane down and leaves the C2C 64x32 plan's alone (same R and B). */
    kfft_plan_desc dr2 = {.type = KFFT_R2C, .rank = 2, .n = {64, 64}, .batch = 4}, dc = {.type = KFFT_C2C, .rank = 2, .n = {64, 32}, .batch = 4};
    int rplaned = plan_has(c, &dr2, "plane=32", why, sizeof why) == 1, cplaned = plan_has(c, &dc, "plane=32", why, sizeof why) == 1;
    set_wisdom_entry(path, "plane f32 R=64 B=32 io=132 noplane=1 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS && kfft_wisdom_count(c) == 4, "R2C plane entry: %s", kfft_error_message());
    h = plan_has(c, &dr2, "plane=", why, sizeof why);
    CHECK(h >= 0 && (!rplaned || !h), "R2C noplane=1 not taken (plane kernel without it: %d): %s", rplaned, why);
    h = plan_has(c, &dc, "plane=32", why, sizeof why);
    CHECK(h >= 0 && cplaned == h, "the R2C entry changed the C2C 64x32 plan (plane kernel before: %d): %s", cplaned, why);
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, "plane f32 R=64 B=32 io=132 noplane=1 ") != NULL && strstr(got, "plane f32 R=64 B=64 noplane=1 ") != NULL,
          "export lost a plane entry: %s", got);
    /* A kept plane's tuned threads (T=): the C2C 64x32 plan takes them, the export keeps them;
     * a thread count out of range is malformed. */
    set_wisdom_entry(path, "plane f32 R=64 B=32 noplane=0 T=96 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS && kfft_wisdom_count(c) == 5, "plane T= entry: %s", kfft_error_message());
    h = plan_has(c, &dc, "T=96 plane=32", why, sizeof why);
    CHECK(h == cplaned, "plane T=96 not taken (plane kernel: %d): %s", cplaned, why);
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, "plane f32 R=64 B=32 noplane=0 T=96 ") != NULL, "export lost T=96: %s", got);
    /* Its tuned blocks (C=): a 16x32 plane, too small for the rule, is taken in one block;
     * blocks that cannot hold a plane (a cluster on OpenCL) leave the rule's choice; C=0 is malformed. */
    kfft_plan_desc ds = {.type = KFFT_C2C, .rank = 2, .n = {16, 32}, .batch = 4};
    int splaned = plan_has(c, &ds, "plane=32", why, sizeof why);
    set_wisdom_entry(path, "plane f32 R=16 B=32 noplane=0 C=1 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS && kfft_wisdom_count(c) == 6, "plane C= entry: %s", kfft_error_message());
    h = plan_has(c, &ds, "plane=32", why, sizeof why);
    CHECK(splaned == 0 && h == 1, "plane C=1 not taken (before: %d): %s", splaned, why);
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, "plane f32 R=16 B=32 noplane=0 C=1 ") != NULL, "export lost C=1: %s", got);
    set_wisdom_entry(path, "plane f32 R=64 B=32 noplane=0 C=16 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS && plan_has(c, &dc, "plane=32", why, sizeof why) == cplaned,
          "plane C=16 (no such cluster): the rule's choice not kept: %s", why);
    /* Malformed plane entries: C=0, T=7, no noplane=, a cut line. */
    static const char *bad[][2] = {{"plane f32 R=64 B=32 noplane=0 C=0 ns=1 default_ns=2", "with C=0"},
                                   {"plane f32 R=64 B=32 noplane=0 T=7 ns=1 default_ns=2", "with T=7"},
                                   {"plane f32 R=64 B=64 ns=1 default_ns=2", "without noplane="},
                                   {"plane f3", "cut"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        set_wisdom_entry(path, bad[i][0]);
        CHECK(kfft_wisdom_import(c, path) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "malformed"),
              "a plane entry %s: %s", bad[i][1], kfft_error_message());
    }
    /* Bluestein's convolution length (kfft_tune's conv entry): 127 points (the rule's m = 256) at
     * m = 270: read, used, results right, exported; a length below 2n-1 or with a prime factor
     * above the codelets' is malformed. */
    kfft_plan_desc d127 = c2c_f32(127, 64);
    char why127[1024];
    set_wisdom_entry(path, "conv f32 R=127 is=1 m=270 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS, "conv entry: %s", kfft_error_message());
    CHECK(plan_has(c, &d127, "bluestein m=270 ", why127, sizeof why127) == 1, "conv m=270 not taken: %s", why127);
    e = run_layout(c, 127, 64, 0, 0, 0, 0);
    CHECK(e < 1e-5, "results with the wisdom's Bluestein length: rel error %.2e", e);
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, "conv f32 R=127 is=1 m=270 ") != NULL, "export lost the conv entry: %s", got);
    /* A C2R axis's entry (c2r=1) is its own, as the planner's rule for it differs (schedule.c
     * kfft_conv_default): the C2R plan of 67 takes its m = 144, the C2C plan keeps the rule's. */
    set_wisdom_entry(path, "conv f32 R=67 is=1 c2r=1 m=144 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS, "conv entry with c2r=1: %s", kfft_error_message());
    kfft_plan_desc d67 = c2c_f32(67, 64);
    CHECK(plan_has(c, &d67, "bluestein m=144 ", why127, sizeof why127) == 0, "C2C 67 took the C2R entry's m=144: %s", why127);
    d67.type = KFFT_C2R;
    CHECK(plan_has(c, &d67, "bluestein m=144 ", why127, sizeof why127) == 1, "C2R 67 did not take its entry's m=144: %s", why127);
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, "conv f32 R=67 is=1 c2r=1 m=144 ") != NULL, "export lost the C2R conv entry: %s", got);
    /* An R2C axis's (r2c=1) likewise: R2C 67 takes m = 150, C2C and C2R keep theirs (a length
     * tuned on R2C 8219 once slowed C2C 8219 on the H200, the key then shared). */
    set_wisdom_entry(path, "conv f32 R=67 is=1 r2c=1 m=150 ns=1 default_ns=2");
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS, "conv entry with r2c=1: %s", kfft_error_message());
    CHECK(plan_has(c, &d67, "bluestein m=144 ", why127, sizeof why127) == 1, "C2R 67 lost its entry's m=144: %s", why127);
    d67.type = KFFT_R2C;
    CHECK(plan_has(c, &d67, "bluestein m=150 ", why127, sizeof why127) == 1, "R2C 67 did not take its entry's m=150: %s", why127);
    d67.type = KFFT_C2C;
    CHECK(plan_has(c, &d67, "bluestein m=150 ", why127, sizeof why127) == 0, "C2C 67 took the R2C entry's m=150: %s", why127);
    exported(c, dir, got, sizeof got);
    CHECK(strstr(got, "conv f32 R=67 is=1 r2c=1 m=150 ") != NULL && strstr(got, "conv f32 R=67 is=1 c2r=1 m=144 ") != NULL,
          "export lost the R2C or C2R conv entry: %s", got);
    static const char *bad_conv[] = {"conv f32 R=127 is=1 m=250 ns=1 default_ns=2", "conv f32 R=127 is=1 m=263 ns=1 default_ns=2",
                                     "conv f32 R=127 m=270 ns=1 default_ns=2", "conv f32 R=127 is=1 c2r=2 m=270 ns=1 default_ns=2",
                                     "conv f32 R=127 is=1 c2r=1 r2c=1 m=270 ns=1 default_ns=2"};
    for (int i = 0; i < 5; i++) {
        set_wisdom_entry(path, bad_conv[i]);
        CHECK(kfft_wisdom_import(c, path) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "malformed"), "'%s': %s",
              bad_conv[i], kfft_error_message());
    }
    bluestein_pfa_entry(c, path);
    kfft_context_destroy(c);
    /* A malformed default file: the context still opens, without it, and says why. */
    rewrite(other, path, 0, NULL);
    c = open_ctx(dir);
    CHECK(kfft_wisdom_count(c) == 0 && strstr(kfft_wisdom_note(c), "stale"), "bad default file: %d entries, note '%s'",
          kfft_wisdom_count(c), kfft_wisdom_note(c));
    kfft_context_destroy(c);
    unlink(path);
    /* A C2R stage (two for one: n odd) tunes too: the tuner runs it inverse. */
    c = open_ctx(dir);
    dr = c2c_f32(45, 64);
    dr.type = KFFT_C2R;
    CHECK(kfft_tune(c, &dr, &r) == KFFT_SUCCESS && r.stages == 1 && kfft_wisdom_count(c) == 1, "tune c2r 45: %s (stages %d)",
          kfft_error_message(), r.stages);
    printf("tune c2r 45 x 64: default %.4f ms, tuned %.4f ms, %s\n", r.default_ms, r.tuned_ms, r.choice);
    kfft_context_destroy(c);
    unlink(path);
    unlink(other);
    rmdir(dir);
    return 0;
}

/* Multi-pass stages: kfft_tune times the radices and padding of all their passes and records
 * a "passes" entry; a file forcing the narrow radices changes the plan (327680 = 640 * 512
 * passes, whose default radices are balanced: 10x8x8, 8x8x8) and still computes right. */
static int t_wisdom_passes(void)
{
    char dir[] = "/tmp/kfft-wisdom-passes-XXXXXX", path[600];
    if (!mkdtemp(dir)) return 1;
    unsetenv("KFFT_WISDOM");
    kfft_context c = open_ctx(dir);
    kfft_plan_desc d = c2c_f32(327680, 1);
    kfft_plan p;
    char dflt[1024] = "";
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_SUCCESS, "plan: %s", kfft_error_message());
    snprintf(dflt, sizeof dflt, "%s", kfft_plan_describe(p));
    kfft_plan_destroy(p);
    CHECK(strstr(dflt, " pass ") != NULL, "327680 is not multi-pass here: %s", dflt);
    kfft_tune_report r;
    CHECK(kfft_tune(c, &d, &r) == KFFT_SUCCESS && r.stages == 1 && strstr(r.choice, "passes of 327680"), "tune: %s (stages %d, '%s')",
          kfft_error_message(), r.stages, r.choice);
    printf("tune 327680: default %.4f ms, tuned %.4f ms, %s\n", r.default_ms, r.tuned_ms, r.choice);
    CHECK(kfft_wisdom_count(c) == 1, "one wisdom entry (got %d)", kfft_wisdom_count(c));
    CHECK(kfft_wisdom_export(c, NULL) == KFFT_SUCCESS, "export: %s", kfft_error_message());
    kfft_context_destroy(c);
    snprintf(path, sizeof path, "%s/wisdom.txt", dir);
    set_wisdom_entry(path, "passes f32 R=327680 is=1 ops=0 io=0 pad=-1 radix=0 ns=1 default_ns=2");
    c = open_ctx(dir);
    CHECK(kfft_wisdom_count(c) == 1 && !kfft_wisdom_note(c)[0], "wisdom read at creation (%d entries, note '%s')", kfft_wisdom_count(c),
          kfft_wisdom_note(c));
    CHECK(kfft_plan_create(c, &d, &p) == KFFT_SUCCESS, "plan: %s", kfft_error_message());
    CHECK(strcmp(kfft_plan_describe(p), dflt) != 0, "the forced passes entry did not change the plan: %s", dflt);
    printf("default: %s\nnarrow:  %s\n", dflt, kfft_plan_describe(p));
    kfft_plan_destroy(p);
    double e = run_layout(c, 327680, 1, 0, 0, 0, 0);
    CHECK(e < 2e-7 * 19, "results with the wisdom's passes: rel error %.2e", e);
    /* Out-of-range choices are malformed, whatever the kind of entry. */
    static const char *bad[] = {"passes f32 R=327680 is=1 ops=0 io=0 pad=-1 radix=3 ns=1 default_ns=2",
                                "passes f32 R=327680 is=1 ops=0 io=0 pad=2 radix=0 ns=1 default_ns=2",
                                "passes f32 R=327680 B=4 ops=0 io=0 pad=0 radix=0 ns=1 default_ns=2",
                                "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=-1 radix=0 ns=1 default_ns=2",
                                "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=3 radix=0 ns=1 default_ns=2", /* 2: swizzled */
                                "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=0 radix=0 regs=256 ns=1 default_ns=2",
                                "passes f32 R=327680 is=1 ops=0 io=0 pad=0 radix=0 regs=96 ns=1 default_ns=2",
                                "passes f16 R=327680 is=1 ops=0 io=0 pad=0 radix=0 ns=1 default_ns=2",
                                "single f32 R=64 B=32 ops=0 T=32 pad=0 radix=0 ns=1 default_ns=2", /* no io= (format 2) */
                                "single f32 R=64 B=32 ops=0 io=0 T=32 pad=0 radix=0 ns=1 default_ns=2", /* no is= (format 4) */
                                "single f32 R=64 B=32 is=0 ops=0 io=0 T=32 pad=0 radix=0 ns=1 default_ns=2",
                                "single f32 R=64 B=32 is=1 ops=0 io=256 T=32 pad=0 radix=0 ns=1 default_ns=2",
                                "passes f32 R=327680 is=1 ops=0 io=-1 pad=0 radix=0 ns=1 default_ns=2", "passes"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        set_wisdom_entry(path, bad[i]);
        CHECK(kfft_wisdom_import(c, path) == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "line 4"),
              "'%s' was not refused: %s", bad[i], kfft_error_message());
    }
    CHECK(kfft_wisdom_count(c) == 1, "refused files changed the wisdom (%d entries)", kfft_wisdom_count(c));
    kfft_context_destroy(c);
    unlink(path);
    rmdir(dir);
    return 0;
}

static int t_cache(void)
{
    char dir[] = "/tmp/kfft-cache-test-XXXXXX";
    if (!mkdtemp(dir)) return 1;
    kfft_context c = open_ctx(dir);
    double e1 = run_layout(c, 97, 2, 0, 0, 0, 0);
    kfft_context_destroy(c);
    int n1 = count_entries(dir, ".kbin", 0);
    CHECK(n1 == 1, "one cache entry after one plan (found %d)", n1);
    ino_t ino1 = entry_inode(dir, ".kbin");
    /* A fresh context has an empty in-memory cache: it must load from disk (entry count
     * unchanged), then, after corruption, rebuild and still compute the right answer. */
    c = open_ctx(dir);
    double e2 = run_layout(c, 97, 2, 0, 0, 0, 0);
    kfft_context_destroy(c);
    /* A compile would have written a new file (temp + rename): same inode = no compile. */
    CHECK(entry_inode(dir, ".kbin") == ino1, "second context compiled again instead of loading the disk entry");
    CHECK(count_entries(dir, ".kbin", 1) == 1, "still one entry after the second context");
    c = open_ctx(dir);
    double e3 = run_layout(c, 97, 2, 0, 0, 0, 0);
    kfft_context_destroy(c);
    printf("errors: fresh %.2e, from disk %.2e, after corruption %.2e\n", e1, e2, e3);
    /* Garbage file under the right name: also rebuilt. */
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[2048] = "";
    while (d && (e = readdir(d)))
        if (strstr(e->d_name, ".kbin")) snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (d) closedir(d);
    FILE *f = fopen(path, "wb");
    if (f) {
        fputs("not a kernel", f);
        fclose(f);
    }
    c = open_ctx(dir);
    double e4 = run_layout(c, 97, 2, 0, 0, 0, 0);
    kfft_context_destroy(c);
    CHECK(e4 < 1e-5, "after garbage entry: %.2e", e4);
    f = fopen(path, "rb");
    char head[8] = {0};
    if (f) {
        CHECK(fread(head, 1, 8, f) == 8 && !memcmp(head, "KFFTBIN3", 8), "garbage entry was rewritten");
        fclose(f);
    }
    char cmd[2100];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) printf("note: could not remove %s\n", dir);
    return 0;
}

/* A prime long enough for Bluestein tables above the caching threshold: the second context
 * reads them from disk (no rewrite, the entry mapped), and an entry with a flipped byte, one
 * byte short or one byte long is recomputed and replaced; every run is right. */
static int t_table_cache(void)
{
    char dir[] = "/tmp/kfft-tabcache-test-XXXXXX";
    if (!mkdtemp(dir)) return 1;
    const long long n = 4099;
    double e[5];
    ino_t ino[5];
    int count[5];
    for (int i = 0; i < 5; i++) {
        kfft_context c = open_ctx(dir);
        e[i] = run_layout(c, n, 3, 0, 0, 0, 0);
        kfft_context_destroy(c);
        count[i] = count_entries(dir, ".ktab", i >= 1 && i <= 3 ? i : 0); /* damaged after runs 2, 3, 4 */
        ino[i] = entry_inode(dir, ".ktab");
    }
    printf("table cache: errors %.2e (computed), %.2e (from disk), %.2e %.2e %.2e (after a flipped byte, one short, one long)\n",
           e[0], e[1], e[2], e[3], e[4]);
    for (int i = 0; i < 5; i++) CHECK(count[i] == 1, "run %d: %d table entries (expected one)", i, count[i]);
    CHECK(ino[1] == ino[0], "second context recomputed the tables instead of reading the disk entry");
    for (int i = 2; i < 5; i++) CHECK(ino[i] != ino[i - 1], "run %d: a damaged table entry was not replaced", i);
    for (int i = 0; i < 5; i++) CHECK(e[i] < 2e-7 * 13, "run %d: relative L2 %.2e", i, e[i]);
    char cmd[2100];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) printf("note: could not remove %s\n", dir);
    return 0;
}

/* Bytes and number of the .kbin entries in dir. */
static double kbin_bytes(const char *dir, int *count)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    double total = 0;
    *count = 0;
    while (d && (e = readdir(d)))
        if (strstr(e->d_name, ".kbin") && !strstr(e->d_name, ".tmp")) {
            char path[2048];
            struct stat sb;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (!stat(path, &sb)) total += (double)sb.st_size, ++*count;
        }
    if (d) closedir(d);
    return total;
}

/* Creates a plan of n points (batch 2) in a new context on dir: writes or uses one entry. */
static double plan_in(const char *dir, long long n)
{
    kfft_context c = open_ctx(dir);
    double e = run_layout(c, n, 2, 0, 0, 0, 0);
    kfft_context_destroy(c);
    return e;
}

/* $KFFT_CACHE_MAX bounds the directory: the least recently used entries go (a hit counts
 * as a use), the newest stays, results stay right. */
static int t_cache_bound(void)
{
    char dir[] = "/tmp/kfft-cachemax-test-XXXXXX";
    if (!mkdtemp(dir)) return 1;
    int cnt;
    double err = 0, e;
    unsetenv("KFFT_CACHE_MAX");
    /* A, B and C: three small kernels. Their entry sizes depend on the compiler's own state
     * (PoCL's binaries from its kernel cache are larger than fresh ones), so all three are
     * compiled once in a scratch directory first, and C's size is taken from a second one. */
    char scratch[] = "/tmp/kfft-cachemax-warm-XXXXXX", scratch2[] = "/tmp/kfft-cachemax-c-XXXXXX";
    if (!mkdtemp(scratch) || !mkdtemp(scratch2)) return 1;
    for (long long n = 16; n <= 24; n += 4) err = fmax(err, plan_in(scratch, n));
    err = fmax(err, plan_in(scratch2, 24));
    double sc = kbin_bytes(scratch2, &cnt);
    err = fmax(err, plan_in(dir, 16));
    double sa = kbin_bytes(dir, &cnt);
    ino_t ia = entry_inode(dir, ".kbin");
    err = fmax(err, plan_in(dir, 20));
    double sb = kbin_bytes(dir, &cnt) - sa;
    err = fmax(err, plan_in(dir, 16)); /* a hit on A: now B is the least recently used */
    /* Over the bound with C; under 90% of it once B, the least recently used, is gone. */
    double cap = (sa + sc + sb / 2) / 0.9;
    char capstr[64];
    snprintf(capstr, sizeof capstr, "%.0f", cap);
    setenv("KFFT_CACHE_MAX", capstr, 1);
    err = fmax(err, plan_in(dir, 24)); /* writes C: over the bound, B goes */
    double total = kbin_bytes(dir, &cnt);
    int a_left = 0;
    DIR *dd = opendir(dir);
    struct dirent *de;
    while (dd && (de = readdir(dd))) a_left |= de->d_ino == ia;
    if (dd) closedir(dd);
    CHECK(cnt == 2 && a_left, "after C under a bound of %.0f bytes: %d entries (%.0f bytes), A %s", cap, cnt, total,
          a_left ? "kept" : "removed");
    /* Bound 1 byte: every write leaves only itself. */
    setenv("KFFT_CACHE_MAX", "1", 1);
    err = fmax(err, plan_in(dir, 28));
    kbin_bytes(dir, &cnt);
    CHECK(cnt == 1, "bound of 1 byte: %d entries left", cnt);
    setenv("KFFT_CACHE_MAX", "lots", 1); /* not a size: the default, and the plan still works */
    e = plan_in(dir, 32);
    err = fmax(err, e);
    unsetenv("KFFT_CACHE_MAX");
    printf("cache bound: entries of %.0f and %.0f bytes, bound %.0f; worst error %.2e\n", sa, sb, cap, err);
    CHECK(err < 2e-7 * 5, "relative L2 %.2e", err);
    char cmd[2200];
    snprintf(cmd, sizeof cmd, "rm -rf %s %s %s", dir, scratch, scratch2);
    if (system(cmd)) printf("note: could not remove %s\n", dir);
    return 0;
}

/* Several programs at once (the tuner's prefetch): a failing one fails the call with the
 * compiler's message and leaves nothing acquired; duplicates share one module. */
static int t_acquire_many(void)
{
    kfft_context c = open_ctx(NULL);
    kfft_plan_desc d = c2c_f32(16, 4);
    kfft_problem q;
    kfft_schedule s;
    strbuf src;
    if (kfft_problem_from_desc(&d, &q) || kfft_schedule_build(&q, &c->info, &s) || kfft_schedule_source(&s, c->info.dialect, &src)) {
        CHECK(0, "source of a 16-point plan: %s", kfft_error_message());
        return 1;
    }
    kfft_schedule_free(&s);
    const char *bad[] = {src.s, src.s, "this is not a kernel"};
    kfft_module_entry *m[3] = {NULL, NULL, NULL};
    kfft_status st = kfft_module_acquire_many(c, bad, 3, m);
    CHECK(st == KFFT_ERROR_COMPILE, "a broken program among three: status %d (%s)", (int)st, kfft_error_message());
    CHECK(!m[0] && !m[1] && !m[2], "entries left acquired after a failure");
    printf("acquire_many with a broken program: %.120s\n", kfft_error_message());
    st = kfft_module_acquire_many(c, bad, 2, m);
    CHECK(st == KFFT_SUCCESS && m[0] && m[0] == m[1] && m[0]->refs == 2, "two copies of one program: status %d, %p %p", (int)st,
          (void *)m[0], (void *)m[1]);
    for (int i = 0; i < 2; i++)
        if (m[i]) kfft_module_release(c, m[i]);
    sb_free(&src);
    kfft_context_destroy(c);
    return 0;
}

/* The verbose log names what the device's compiler made of each kernel: on CUDA a line per
 * kernel with its registers, spills and blocks per SM (read back from the driver, since
 * blocks.c's register bounds depend on counts only it knows); OpenCL reports none. */
/* Lines of the file at path that contain needle. */
static int count_lines(const char *path, const char *needle)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int n = 0;
    while (f && fgets(line, sizeof line, f)) n += strstr(line, needle) != NULL;
    if (f) fclose(f);
    return n;
}

static int t_kernel_log(void)
{
    char dir[] = "/tmp/kfft-log-test-XXXXXX", path[64];
    if (!mkdtemp(dir)) return 1;
    snprintf(path, sizeof path, "%s/log", dir);
    fflush(stderr);
    int saved = dup(2), fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
    if (saved < 0 || fd < 0) return 1;
    dup2(fd, 2);
    close(fd);
    kfft_context_desc d = {0};
    d.cache_dir = dir;
    d.verbose = 1;
    kfft_context c = NULL;
    kfft_plan p = NULL;
    kfft_status st = kfft_context_create(&d, &c);
    int64_t n[2] = {4096, 1000};
    if (!st) st = kfft_plan_dft(c, KFFT_C2C, 2, n, 1, KFFT_F32, &p);
    kfft_backend b = c ? kfft_context_backend(c) : KFFT_BACKEND_AUTO;
    kfft_plan_destroy(p);
    fflush(stderr);
    struct stat sb;
    long first_end = stat(path, &sb) ? 0 : (long)sb.st_size; /* the 2-D plan's lines end here */
    /* kfft_plan_prepare makes a C2C plan's inverse kernels once: prepared twice and run, one
     * log line; the run then matches the double DFT. An R2C plan's inverse is refused. */
    enum { N = 1000 };
    kfft_plan q = NULL, r = NULL;
    int prep = -1, twice = -1, fwd = -1, r2c = -1, bad = -1, null = -1, before_run = -1;
    const char *inv_line = "inverse kernel programs compiled or loaded";
    double err = 1;
    if (!st && !(st = kfft_plan_dft(c, KFFT_C2C, 1, &n[1], 1, KFFT_F32, &q))) {
        fwd = kfft_plan_prepare(q, KFFT_FORWARD);
        prep = kfft_plan_prepare(q, KFFT_INVERSE);
        twice = kfft_plan_prepare(q, KFFT_INVERSE);
        bad = kfft_plan_prepare(q, (kfft_direction)7);
        null = kfft_plan_prepare(NULL, KFFT_INVERSE);
        fflush(stderr);
        before_run = count_lines(path, inv_line);
        float in[2 * N], out[2 * N];
        double ref[2 * N];
        for (int e = 0; e < 2 * N; e++) ref[e] = in[e] = (float)sin(0.61 * e + 0.3);
        if (!kfft_execute_host(q, in, out, KFFT_INVERSE) && !kfft_refdft(ref, N, 1)) err = rel_l2(out, ref, 2 * N);
        if (!kfft_plan_dft(c, KFFT_R2C, 1, &n[1], 1, KFFT_F32, &r)) r2c = kfft_plan_prepare(r, KFFT_INVERSE);
    }
    kfft_plan_destroy(r);
    kfft_plan_destroy(q);
    kfft_context_destroy(c);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    if (st == KFFT_ERROR_NO_BACKEND || st == KFFT_ERROR_NO_DEVICE) {
        printf("SKIP: no device: %s\n", kfft_error_message());
        return 77;
    }
    CHECK(st == KFFT_SUCCESS, "verbose plan: %s", kfft_error_message());
    FILE *f = fopen(path, "r");
    char line[512];
    int plans = 0, kernels = 0, inverses = 0;
    for (long at = 0; f && (at = ftell(f)) >= 0 && fgets(line, sizeof line, f);) {
        int k, T, regs, local, blocks;
        size_t smem;
        plans += strstr(line, "kfft: plan c2c f32 n=4096x1000") != NULL;
        inverses += strstr(line, inv_line) != NULL;
        if (at >= first_end) continue; /* the kernel lines of the 2-D plan alone */
        if (sscanf(line, "kfft: k%d: %d threads, %zu bytes of shared memory, %d registers, %d bytes local (spills), %d blocks per SM", &k, &T,
                   &smem, &regs, &local, &blocks) == 6) {
            kernels++;
            CHECK(T > 0 && T <= 1024 && smem > 0 && regs > 0 && regs <= 255 && local >= 0 && blocks >= 1 && blocks <= 32,
                  "implausible kernel line: %s", line);
        }
    }
    if (f) fclose(f);
    remove(path);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) printf("note: could not remove %s\n", dir);
    CHECK(plans == 1, "the plan line: %d", plans);
    CHECK(!fwd && !prep && !twice && before_run == 1 && inverses == 1,
          "kfft_plan_prepare: forward %d, inverse %d and %d, inverse log lines %d before the run and %d after (want 0, 0, 0, 1, 1)", fwd,
          prep, twice, before_run, inverses);
    CHECK(err < 2e-7 * 10, "the prepared inverse: rel L2 %.3e", err);
    CHECK(r2c == KFFT_ERROR_INVALID_ARGUMENT && bad == KFFT_ERROR_INVALID_ARGUMENT && null == KFFT_ERROR_INVALID_ARGUMENT,
          "kfft_plan_prepare refusals: R2C inverse %d, dir 7 %d, NULL plan %d", r2c, bad, null);
    printf("kfft_plan_prepare: one inverse compile, rel L2 %.3e\n", err);
    CHECK(kernels == (b == KFFT_BACKEND_CUDA ? 2 : 0), "%d kernel lines on %s (want one per kernel on CUDA, none on OpenCL)", kernels,
          b == KFFT_BACKEND_CUDA ? "CUDA" : "OpenCL");
    printf("kernel log: %d kernel lines (%s)\n", kernels, b == KFFT_BACKEND_CUDA ? "CUDA" : "OpenCL");
    return 0;
}

/* One of the field values of text (a wisdom file, cap bytes) from byte `from` on replaced by a
 * value near a bound or the old one: 0, -1, 1, 2, 3, the old value +-1, twice or half it, 1023,
 * 1024, 1025, 2^31, 2^40 + 1, or a sign alone. */
static void field_value(char *text, size_t from, size_t cap)
{
    size_t eq[64], len = strlen(text);
    int ne = 0;
    for (size_t i = from; i < len && ne < 64; i++)
        if (text[i] == '=') eq[ne++] = i + 1;
    if (!ne) return;
    size_t at = eq[(int)((urand() + 1) / 2 * ne) % ne], end = at;
    while (end < len && text[end] != ' ' && text[end] != '\n') end++;
    long long old = atoll(text + at), v[] = {0, -1, 1, 2, 3, old + 1, old - 1, 2 * old, old / 2, 1023, 1024, 1025, 1LL << 31, (1LL << 40) + 1};
    char val[32];
    int k = (int)((urand() + 1) / 2 * 15) % 15;
    if (k == 14) snprintf(val, sizeof val, "-");
    else snprintf(val, sizeof val, "%lld", v[k]);
    size_t vl = strlen(val);
    if (len - (end - at) + vl + 1 > cap) return;
    memmove(text + at + vl, text + end, len - end + 1);
    memcpy(text + at, val, vl);
}

/* Wisdom files are user input: a valid file (one entry of every kind) mutated at random (a
 * byte changed, a digit changed, a span cut, a line doubled, the file cut short), seeded, is
 * either refused with the line it stopped at or read; read, its plans of the entries' shapes
 * still plan and compute right (the choices change speed, never results). */
static int t_wisdom_fuzz(int rounds)
{
    char dir[] = "/tmp/kfft-wisdom-fuzz-XXXXXX", path[600];
    if (!mkdtemp(dir)) return 1;
    unsetenv("KFFT_WISDOM");
    kfft_context c = open_ctx(dir);
    snprintf(path, sizeof path, "%s/w.txt", dir);
    CHECK(kfft_wisdom_export(c, path) == KFFT_SUCCESS, "export: %s", kfft_error_message());
    static const char *entries = "single f32 R=64 B=32 is=1 ops=0 io=0 T=32 pad=1 radix=0 regs=64 split=1 ns=1 default_ns=2\n"
                                 "passes f32 R=32768 is=1 ops=0 io=0 pad=-1 radix=0 split=0 noclu=1 rows=2 ns=1 default_ns=2\n"
                                 "conv f32 R=127 is=1 m=270 ns=1 default_ns=2\n"
                                 "plane f32 R=32 B=32 noplane=0 T=256 C=1 ns=1 default_ns=2\n";
    char base[4096] = "", text[8192];
    FILE *f = fopen(path, "r");
    if (f) {
        base[fread(base, 1, sizeof base - 1, f)] = 0;
        fclose(f);
    }
    strncat(base, entries, sizeof base - strlen(base) - 1);
    static const long long sizes[] = {64, 127, 32768};
    kfft_plan_desc d2 = {.type = KFFT_C2C, .rank = 2, .n = {32, 32}, .batch = 8};
    /* The unchanged file: each entry reaches its plan. */
    f = fopen(path, "w");
    if (f) {
        fputs(base, f);
        fclose(f);
    }
    CHECK(kfft_wisdom_import(c, path) == KFFT_SUCCESS, "the valid file: %s", kfft_error_message());
    static const struct {
        kfft_plan_desc d;
        const char *tag;
    } uses[] = {{{.type = KFFT_C2C, .rank = 1, .n = {64}, .batch = 64}, "T=32"},
                {{.type = KFFT_C2C, .rank = 1, .n = {127}, .batch = 64}, "m=270 "},
                {{.type = KFFT_C2C, .rank = 2, .n = {32, 32}, .batch = 8}, "plane=32"}};
    for (size_t i = 0; i < sizeof uses / sizeof *uses; i++) {
        char why[1024];
        CHECK(plan_has(c, &uses[i].d, uses[i].tag, why, sizeof why) == 1, "the valid file's entry %zu (%s) not used: %s", i, uses[i].tag, why);
    }
    int read = 0, refused = 0;
    for (int r = 0; r < rounds; r++) {
        size_t n = strlen(base), a = (size_t)((urand() + 1) / 2 * (double)n) % n, b = a + (size_t)((urand() + 1) * 4);
        size_t hdr = n - strlen(entries);
        int op = (int)((urand() + 1) * 2.5) % 5;
        memcpy(text, base, n + 1);
        if (b > n) b = n;
        if (op == 0) text[a] = (char)(32 + (int)((urand() + 1) * 47) % 95);                          /* any printable byte */
        else if (op == 1) field_value(text, hdr, sizeof text); /* an entry's field: another value */
        else if (op == 2) memmove(text + a, text + b, n - b + 1);                                   /* a span cut */
        else if (op == 3) {                                                                          /* a line doubled */
            size_t ls = 0;
            for (size_t i = a; i > 0 && !ls; i--) ls = base[i - 1] == '\n' ? i : 0;
            const char *e = strchr(base + ls, '\n');
            size_t ll = e ? (size_t)(e - base) + 1 - ls : 0;
            if (ll && n + ll < sizeof text) {
                memmove(text + ls + ll, text + ls, n - ls + 1);
                memcpy(text + ls, base + ls, ll);
            }
        } else text[a] = 0; /* cut short */
        f = fopen(path, "w");
        if (!f) break;
        fputs(text, f);
        fclose(f);
        kfft_status st = kfft_wisdom_import(c, path);
        if (st) {
            refused++;
            CHECK(st == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "wisdom"), "round %d: status %d: %s", r, (int)st,
                  kfft_error_message());
            continue;
        }
        read++;
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
            double e = run_layout(c, sizes[i], i == 2 ? 1 : 64, 0, 0, 0, 0);
            CHECK(e < 1e-5, "round %d: n=%lld with the file read: rel error %.2e\n%s", r, sizes[i], e, text);
        }
        char why[1024];
        CHECK(plan_has(c, &d2, "", why, sizeof why) == 1, "round %d: 32x32: %s", r, why);
    }
    printf("wisdom fuzz: %d rounds, %d files read, %d refused\n", rounds, read, refused);
    CHECK(read > 0 && refused > 0, "wisdom fuzz: %d read, %d refused", read, refused);
    kfft_context_destroy(c);
    unlink(path);
    rmdir(dir);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s errors|strided|locale|threads|churn [N]|cache|wisdom|wisdom_fuzz [N]|log\n", argv[0]);
        return 2;
    }
    int rc = 0;
    if (!strcmp(argv[1], "errors")) rc = t_errors();
    else if (!strcmp(argv[1], "strided")) rc = t_strided();
    else if (!strcmp(argv[1], "locale")) rc = t_locale();
    else if (!strcmp(argv[1], "threads")) rc = t_threads();
    else if (!strcmp(argv[1], "wisdom")) rc = t_wisdom() | t_wisdom_passes();
    else if (!strcmp(argv[1], "wisdom_fuzz")) rc = t_wisdom_fuzz(argc > 2 ? atoi(argv[2]) : 200);
    else if (!strcmp(argv[1], "churn")) rc = t_churn(argc > 2 ? atoi(argv[2]) : 10000);
    else if (!strcmp(argv[1], "cache")) rc = t_cache() | t_table_cache() | t_acquire_many() | t_cache_bound();
    else if (!strcmp(argv[1], "log")) rc = t_kernel_log();
    else if (!strcmp(argv[1], "mem_gbs")) rc = t_mem_gbs();
    else {
        fprintf(stderr, "unknown test %s\n", argv[1]);
        return 2;
    }
    if (rc == 77) return 77;
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures || rc ? 1 : 0;
}
