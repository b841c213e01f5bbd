/* kfft info: what this machine offers kfft. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "io/numfmt.h"

/* Prints one backend; returns its device count (0 if unusable). */
static int show_backend(kfft_backend b)
{
    char why[256] = "";
    const char *name = cli_backend_name(b);
    if (!kfft_backend_probe(b, why, sizeof why)) {
        printf("%-7s not available: %s\n", name, why[0] ? why : "(no reason given)");
        return 0;
    }
    int n = kfft_backend_device_count(b);
    printf("%-7s available, %d device%s\n", name, n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        char dev[256];
        kfft_status st = kfft_backend_device_name(b, i, dev, sizeof dev);
        if (st) printf("        [%d] (name unavailable: %s: %s)\n", i, kfft_status_string(st), kfft_error_message());
        else printf("        [%d] %s\n", i, dev);
    }
    return n;
}

int cmd_info(int argc, char **argv)
{
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg;
    int help = 0;
    while (cli_args_next(&a, &arg)) {
        if (cli_help_flag(&a, arg)) help = 1;
        else return cli_unexpected(&a, arg);
    }
    if (a.error) return EXIT_USAGE;
    if (help) {
        cli_help("info", 0);
        return EXIT_OK;
    }

    printf("kfft %s\n\n", kfft_version());
    int ncuda = show_backend(KFFT_BACKEND_CUDA);
    int ncl = show_backend(KFFT_BACKEND_OPENCL);
    /* Same rule as kfft_context_create with KFFT_BACKEND_AUTO and device 0. */
    printf("\nauto    %s\n", ncuda > 0 ? "CUDA device 0" : ncl > 0 ? "OpenCL device 0" : "none (no usable device)");
    char dir[1200];
    cli_cache_dir(dir, sizeof dir);
    /* Mirrors the rule of kfft_context_create: a size in bytes, else the default. */
    const char *cmax = getenv("KFFT_CACHE_MAX");
    double bound;
    if (!cmax || !cmax[0]) printf("cache   %s, bounded at 4G (the default; KFFT_CACHE_MAX)\n", dir);
    else if (num_parse_bytes(cmax, &bound)) printf("cache   %s, bounded at 4G (KFFT_CACHE_MAX='%s' is not a size)\n", dir, cmax);
    else if (bound == 0) printf("cache   %s, not bounded (KFFT_CACHE_MAX=0)\n", dir);
    else printf("cache   %s, bounded at %.0f MB (KFFT_CACHE_MAX=%s)\n", dir, bound / 1e6, cmax);
    /* The wisdom the auto device's contexts read (kfft tune writes it). */
    kfft_context ctx;
    kfft_context_desc cd = {0};
    if ((ncuda > 0 || ncl > 0) && !kfft_context_create(&cd, &ctx)) {
        const char *path = kfft_wisdom_path(ctx), *note = kfft_wisdom_note(ctx);
        if (!path[0]) printf("wisdom  off\n");
        else if (note[0]) printf("wisdom  %s: not used: %s\n", path, note);
        else printf("wisdom  %s: %d entries for this device\n", path, kfft_wisdom_count(ctx));
        kfft_context_destroy(ctx);
    }
    return EXIT_OK;
}
