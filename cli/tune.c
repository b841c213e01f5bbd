/* kfft tune CASE...: the measuring planner on the best (or chosen) device; the winners go
 * into the wisdom file that later contexts on this device read automatically. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/casespec.h"

/* "[c2c:|r2c:|c2r:]N[xN[xN]]" (the bench's case syntax). */
static int parse_case(const char *spec, kfft_plan_desc *d)
{
    int type;
    if (io_parse_case(spec, &type, &d->rank, d->n)) return -1;
    d->type = (kfft_type)type;
    return 0;
}

int cmd_tune(int argc, char **argv)
{
    kfft_precision prec = KFFT_F32;
    kfft_backend backend = KFFT_BACKEND_AUTO;
    int64_t device = 0, log2e = 24;
    int verbose = 0, ncases = 0;
    const char *wisdom = NULL;
    const char **cases = calloc((size_t)argc + 1, sizeof *cases);
    if (!cases) return EXIT_FAIL;
    cli_args ca;
    cli_args_init(&ca, argc, argv);
    const char *arg;
    int rc = 0;
    while (!rc && cli_args_next(&ca, &arg)) {
        if (cli_help_flag(&ca, arg)) {
            free(cases);
            return cli_help("tune", 0) ? EXIT_FAIL : EXIT_OK;
        }
        if (!cli_is_option(&ca, arg)) cases[ncases++] = arg;
        else if (cli_opt(&ca, arg, "--precision")) rc = cli_parse_precision(&ca, ca.value, &prec) ? EXIT_USAGE : 0;
        else if (cli_opt(&ca, arg, "--backend")) rc = cli_parse_backend(&ca, ca.value, &backend) ? EXIT_USAGE : 0;
        else if (cli_opt(&ca, arg, "--device")) rc = cli_parse_int(&ca, "--device", ca.value, 0, 1 << 20, &device) ? EXIT_USAGE : 0;
        else if (cli_opt(&ca, arg, "--elems")) rc = cli_parse_int(&ca, "--elems", ca.value, 10, 30, &log2e) ? EXIT_USAGE : 0;
        else if (cli_opt(&ca, arg, "--wisdom")) wisdom = ca.value;
        else if (cli_flag(&ca, arg, "--verbose")) verbose = 1;
        else rc = cli_unexpected(&ca, arg);
        if (ca.error) rc = EXIT_USAGE;
    }
    if (!rc && !ncases) rc = cli_usage_error("tune", "no cases (like 16384, r2c:8219x8219, 128x128x128)");
    kfft_plan_desc *descs = calloc((size_t)ncases + 1, sizeof *descs);
    for (int i = 0; !rc && i < ncases; i++) {
        if (!descs || parse_case(cases[i], &descs[i]))
            rc = cli_usage_error("tune", "'%s' is not a case ([c2c:|r2c:|c2r:]N[xN[xN]])", cases[i]);
        if (rc) break;
        double prod = 1;
        for (int a = 0; a < descs[i].rank; a++) prod *= (double)descs[i].n[a];
        descs[i].precision = prec;
        descs[i].batch = prod >= (double)(1ll << log2e) ? 1 : (int64_t)((double)(1ll << log2e) / prod);
    }
    kfft_context ctx = NULL;
    if (!rc && cli_open("tune", backend, (int)device, verbose, &ctx)) rc = EXIT_FAIL;
    if (!rc && wisdom) {
        FILE *f = fopen(wisdom, "r");
        if (f) {
            fclose(f);
            if (kfft_wisdom_import(ctx, wisdom)) fprintf(stderr, "kfft tune: %s (starting afresh)\n", kfft_error_message());
        }
    }
    if (!rc) {
        if (kfft_wisdom_note(ctx)[0]) fprintf(stderr, "kfft tune: warning: %s\n", kfft_wisdom_note(ctx));
        printf("device  %s, %s, batches of 2^%lld elements\n", kfft_context_device_name(ctx), cli_precision_name(prec),
               (long long)log2e);
        printf("%-20s %8s %12s %12s %7s  %s\n", "case", "batch", "default_ms", "tuned_ms", "gain", "choice");
    }
    for (int i = 0; !rc && i < ncases; i++) {
        kfft_tune_report r;
        kfft_status st = kfft_tune(ctx, &descs[i], &r);
        if (st) {
            rc = cli_kfft_error("tune", cases[i], st);
            break;
        }
        printf("%-20s %8lld %12.4f %12.4f %6.2fx  %s\n", cases[i], (long long)descs[i].batch, r.default_ms, r.tuned_ms,
               r.default_ms / r.tuned_ms, r.stages ? r.choice : "nothing to tune (multi-pass stages only)");
        fflush(stdout);
    }
    if (!rc) {
        kfft_status st = kfft_wisdom_export(ctx, wisdom);
        if (st) rc = cli_kfft_error("tune", "writing the wisdom", st);
        else printf("wisdom  %d entries in %s\n", kfft_wisdom_count(ctx), wisdom ? wisdom : kfft_wisdom_path(ctx));
    }
    kfft_context_destroy(ctx);
    free(descs);
    free(cases);
    return rc;
}
