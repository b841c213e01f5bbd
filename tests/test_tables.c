/* The tables a device makes (the table kernel, gen/tabfill.c) against the host's (long double,
 * rounded once), for plans whose twiddles, chirps and Rader index tables come from the
 * device: every fp32 entry within one rounding of the host's, Rader's indices exact, and
 * the spectra (host-made in both) equal bit for bit, but for a Bluestein spectrum's second
 * half, which the device mirrors from its first (within one rounding, and the exact image).
 * Both tables are loaded into fresh buffers over poisoned memory, so an entry the kernel does
 * not write shows up.
 *   test_tables [--backend cuda|opencl] [[+|-]CASE...]   (the harness's case syntax: 1048576, r2c:8219, 8219x8219;
 *                                                     +: a plan's tables are made on the device, -: on the host)
 * Exits 77 (skipped, loudly) without a device. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "io/casespec.h"
#include "plan/plan.h"
#include "test_check.h"

/* Poisoned device memory where the next allocation of `bytes` is likely to land. */
static void poison(kfft_context ctx, size_t bytes)
{
    kfft_buffer b;
    float *h = malloc(bytes);
    if (!h || kfft_malloc(ctx, bytes, &b)) {
        free(h);
        return;
    }
    for (size_t i = 0; i < bytes / 4; i++) h[i] = NAN;
    kfft_memcpy_h2d(ctx, b, h, bytes);
    kfft_free(ctx, b);
    free(h);
}

static float *download(kfft_context ctx, kfft_buffer b, size_t bytes)
{
    float *h = malloc(bytes);
    if (h && ctx->ops->d2h(ctx->st, h, b, 0, bytes)) {
        free(h);
        h = NULL;
    }
    return h;
}

static int kinds_seen; /* bit KT_* for each kind of table met */

static void one(kfft_context ctx, const char *spec)
{
    int want = *spec == '+' ? 1 : *spec == '-' ? -1 : 0;
    spec += want != 0;
    kfft_plan_desc d = {0};
    int type = 0;
    if (io_parse_case(spec, &type, &d.rank, d.n)) {
        check(0, "%s: not a case", spec);
        return;
    }
    d.type = (kfft_type)type;
    d.batch = 1;
    kfft_problem prob;
    kfft_schedule s;
    if (kfft_problem_from_desc(&d, &prob) || kfft_schedule_build(&prob, &ctx->info, &s)) {
        check(0, "%s: cannot plan: %s", spec, kfft_error_message());
        return;
    }
    size_t bytes = (size_t)s.table_len * 8;
    /* Every case's tables are loaded both ways here; "+CASE" / "-CASE" also pins which way a
     * plan of it goes (the device makes large tables only). */
    int made = kfft_tables_device_made(ctx, &s.tab, 0);
    if (want) check(made == (want > 0), "%s: a plan's %zu-byte table should be made on the %s", spec, bytes, want > 0 ? "device" : "host");
    strbuf src = {0};
    kfft_tables_program(&src, ctx->info.dialect);
    kfft_module_entry *mod = NULL;
    kfft_buffer dev = NULL, host = NULL;
    float *a = NULL, *b = NULL;
    if (kfft_module_acquire(ctx, src.s, &mod)) {
        check(0, "%s: table program: %s", spec, kfft_error_message());
        goto done;
    }
    poison(ctx, bytes);
    if (kfft_tables_load(ctx, &s.tab, 0, mod->module, &dev)) {
        check(0, "%s: device tables: %s", spec, kfft_error_message());
        goto done;
    }
    poison(ctx, bytes);
    if (kfft_tables_load(ctx, &s.tab, 0, NULL, &host)) {
        check(0, "%s: host tables: %s", spec, kfft_error_message());
        goto done;
    }
    if (!(a = download(ctx, dev, bytes)) || !(b = download(ctx, host, bytes))) {
        check(0, "%s: download", spec);
        goto done;
    }
    /* Per table: entries differing from the host's, the largest difference. */
    for (int i = 0; i < s.tab.nops; i++) {
        const kfft_table_op *o = &s.tab.ops[i];
        int64_t p1, p2, N;
        int kind = tab_device_kind(o, &p1, &p2, &N);
        /* An even spectrum's second half is its first half mirrored on the device, where the
         * host rounds B_(m-k) itself: one rounding apart at most, and equal to the mirror image. */
        int64_t mirrored = tab_mirrored(o, &N), sent_end = 2 * (o->off + o->count - mirrored), mirror_differ = 0;
        double worst = 0;
        int64_t differ = 0;
        for (int64_t j = 2 * o->off; j < 2 * (o->off + o->count); j++) {
            double e = fabs((double)a[j] - (double)b[j]);
            if (kind == 0 && j >= sent_end) {
                int64_t k = j / 2 - o->off;
                mirror_differ += a[j] != a[2 * (o->off + N - k) + j % 2];
                e = e <= 1.2e-7 ? 0 : e; /* held to the fp32 bound below (NaN, unwritten, stays) */
            }
            if (!(e <= worst)) worst = e; /* NaN (unwritten) sticks */
            differ += a[j] != b[j];
        }
        /* fp32 twiddles: one rounding of |v| <= 1 apart at most (6e-8; 1.2e-7 for values in [1/2, 1)). */
        double bound = kind == KT_DLOG || kind == 0 ? 0 : 1.2e-7;
        check(worst <= bound, "%s: table %d (kind %d, %lld entries): max |device - host| %.3g > %.3g", spec, i, kind, (long long)o->count,
              worst, bound);
        check(!mirror_differ, "%s: table %d: %lld mirrored entries differ from the first half's", spec, i, (long long)mirror_differ);
        kinds_seen |= 1 << (mirrored ? KT_MIRROR : kind);
        printf("%-14s table %d kind %d: %9lld entries, %6lld differ by one rounding, max %.2g\n", spec, i, kind, (long long)o->count,
               (long long)differ, worst);
    }
done:
    free(a);
    free(b);
    if (dev) kfft_free(ctx, dev);
    if (host) kfft_free(ctx, host);
    if (mod) kfft_module_release(ctx, mod);
    sb_free(&src);
    kfft_schedule_free(&s);
}

int main(int argc, char **argv)
{
    kfft_context_desc cd = {0};
    const char *cases[64];
    int nc = 0, given;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
            i++;
            cd.backend = !strcmp(argv[i], "cuda") ? KFFT_BACKEND_CUDA : !strcmp(argv[i], "opencl") ? KFFT_BACKEND_OPENCL : KFFT_BACKEND_AUTO;
        } else if (nc < 64) {
            cases[nc++] = argv[i];
        }
    }
    /* Powers of two in passes (grid twiddles by rows and by columns), Bluestein in one kernel
     * and in passes (chirps), Rader in one kernel and as a pass (index tables; which primes
     * take Rader depends on the device's shared memory), packed real (a range of twiddles),
     * 2-D. */
    static const char *dflt[] = {"1048576", "+16777216", "100003", "+1000003", "-8219",  "257",         "4801",      "14403",
                                 "12289",   "52329",    "110592", "r2c:4096", "c2r:16384", "r2c:1048576", "8219x8219"};
    if (!(given = nc))
        for (size_t i = 0; i < sizeof dflt / sizeof dflt[0]; i++) cases[nc++] = dflt[i];
    kfft_context ctx;
    if (kfft_context_create(&cd, &ctx)) {
        printf("SKIP: no device: %s\n", kfft_error_message());
        return 77;
    }
    if (!ctx->info.fp64) {
        printf("SKIP: device '%s' has no double precision: every table is made on the host\n", ctx->info.name);
        kfft_context_destroy(ctx);
        return 77;
    }
    printf("device: %s\n", ctx->info.name);
    for (int i = 0; i < nc; i++) one(ctx, cases[i]);
    for (int k = KT_GRID; k <= KT_MIRROR && !given; k++) check(kinds_seen >> k & 1, "no case made a table of kind %d", k);
    kfft_context_destroy(ctx);
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
