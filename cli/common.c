/* Helpers shared by the kfft subcommands. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "kfft%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    cli_help(cmd, 1);
    return EXIT_USAGE;
}

int cli_kfft_error(const char *cmd, const char *what, kfft_status st)
{
    const char *msg = kfft_error_message();
    fprintf(stderr, "kfft %s: %s: %s%s%s\n", cmd, what, kfft_status_string(st), msg[0] ? ": " : "", msg);
    return EXIT_FAIL;
}

/* ---- options ---------------------------------------------------------------------------- */

void cli_args_init(cli_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->argc = argc;
    a->argv = argv;
    a->cmd = argv[0];
    a->i = 1;
}

int cli_args_next(cli_args *a, const char **arg)
{
    if (a->error || a->i >= a->argc) return 0;
    if (!a->only_positional && !strcmp(a->argv[a->i], "--")) {
        a->only_positional = 1;
        if (++a->i >= a->argc) return 0;
    }
    *arg = a->argv[a->i++];
    return 1;
}

int cli_is_option(const cli_args *a, const char *arg) { return !a->only_positional && arg[0] == '-' && arg[1]; }

int cli_flag(cli_args *a, const char *arg, const char *name)
{
    if (!cli_is_option(a, arg) || a->error) return 0;
    size_t len = strlen(name);
    if (strncmp(arg, name, len)) return 0;
    if (arg[len] == 0) return 1;
    if (arg[len] == '=') {
        cli_usage_error(a->cmd, "option %s takes no value (got '%s')", name, arg);
        a->error = 1;
        return 1;
    }
    return 0;
}

int cli_help_flag(cli_args *a, const char *arg)
{
    return cli_flag(a, arg, "--help") || (cli_is_option(a, arg) && !strcmp(arg, "-h"));
}

int cli_opt(cli_args *a, const char *arg, const char *name)
{
    if (!cli_is_option(a, arg) || a->error) return 0;
    size_t len = strlen(name);
    if (strncmp(arg, name, len)) return 0;
    if (arg[len] == '=') {
        a->value = arg + len + 1;
    } else if (arg[len] == 0) {
        if (a->i >= a->argc) {
            cli_usage_error(a->cmd, "option %s needs a value", name);
            a->error = 1;
            return 1;
        }
        a->value = a->argv[a->i++];
    } else {
        return 0;
    }
    return 1;
}

int cli_unexpected(cli_args *a, const char *arg)
{
    a->error = 1;
    return cli_usage_error(a->cmd, cli_is_option(a, arg) ? "unknown option '%s'" : "unexpected argument '%s'", arg);
}

static int bad_value(cli_args *a, const char *opt, const char *s, const char *why)
{
    cli_usage_error(a->cmd, "invalid value '%s' for %s: %s", s, opt, why);
    a->error = 1;
    return -1;
}

int cli_parse_int(cli_args *a, const char *opt, const char *s, int64_t lo, int64_t hi, int64_t *v)
{
    if (a->error) return -1; /* the option had no value: already reported */
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (end == s || *end) return bad_value(a, opt, s, "not an integer");
    if (errno == ERANGE || x < lo || x > hi) {
        char why[96];
        snprintf(why, sizeof why, "must be in %lld..%lld", (long long)lo, (long long)hi);
        return bad_value(a, opt, s, why);
    }
    *v = x;
    return 0;
}

int cli_parse_choice(cli_args *a, const char *opt, const char *s, const char *const *choices, int *idx)
{
    if (a->error) return -1;
    char why[128] = "expected";
    for (int i = 0; choices[i]; i++) {
        if (!strcmp(s, choices[i])) {
            *idx = i;
            return 0;
        }
        size_t l = strlen(why);
        snprintf(why + l, sizeof why - l, "%s %s", i == 0 ? "" : choices[i + 1] ? "," : " or", choices[i]);
    }
    return bad_value(a, opt, s, why);
}

int cli_parse_backend(cli_args *a, const char *s, kfft_backend *b)
{
    static const char *const names[] = {"auto", "cuda", "opencl", NULL};
    static const kfft_backend values[] = {KFFT_BACKEND_AUTO, KFFT_BACKEND_CUDA, KFFT_BACKEND_OPENCL};
    int i;
    if (cli_parse_choice(a, "--backend", s, names, &i)) return -1;
    *b = values[i];
    return 0;
}

int cli_parse_precision(cli_args *a, const char *s, kfft_precision *p)
{
    static const char *const names[] = {"f32", "f64", NULL};
    int i;
    if (cli_parse_choice(a, "--precision", s, names, &i)) return -1;
    *p = i ? KFFT_F64 : KFFT_F32;
    return 0;
}

const char *cli_backend_name(kfft_backend b)
{
    return b == KFFT_BACKEND_CUDA ? "CUDA" : b == KFFT_BACKEND_OPENCL ? "OpenCL" : "auto";
}

const char *cli_precision_name(kfft_precision p) { return p == KFFT_F64 ? "f64" : "f32"; }

/* ---- devices ---------------------------------------------------------------------------- */

int cli_open(const char *cmd, kfft_backend b, int device, int verbose, kfft_context *ctx)
{
    kfft_context_desc d;
    memset(&d, 0, sizeof d);
    d.backend = b;
    d.device = device;
    d.verbose = verbose;
    kfft_status st = kfft_context_create(&d, ctx);
    if (!st) return 0;
    char what[96];
    snprintf(what, sizeof what, "cannot open device %d (backend %s)", device,
             b == KFFT_BACKEND_AUTO ? "auto" : cli_backend_name(b));
    cli_kfft_error(cmd, what, st);
    fprintf(stderr, "kfft %s: 'kfft info' lists the backends and devices found\n", cmd);
    return -1;
}

/* Mirrors the rule documented for kfft_context_desc.cache_dir. */
void cli_cache_dir(char *buf, size_t len)
{
    const char *env = getenv("KFFT_CACHE_DIR");
    if (env && !strcmp(env, "off")) snprintf(buf, len, "off (KFFT_CACHE_DIR=off)");
    else if (env && env[0]) snprintf(buf, len, "%s (from KFFT_CACHE_DIR)", env);
    else if ((env = getenv("XDG_CACHE_HOME")) && env[0]) snprintf(buf, len, "%s/kfft (from XDG_CACHE_HOME)", env);
    else if ((env = getenv("HOME")) && env[0]) snprintf(buf, len, "%s/.cache/kfft (from HOME)", env);
    else snprintf(buf, len, "off (no KFFT_CACHE_DIR, XDG_CACHE_HOME or HOME)");
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- random numbers --------------------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void cli_rng_seed(cli_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next_u64(cli_rng *r)
{
    uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

double cli_rng_uniform(cli_rng *r) { return (double)(next_u64(r) >> 11) * 0x1p-52 - 1.0; }

double cli_rng_normal(cli_rng *r)
{
    double u = ((double)(next_u64(r) >> 11) + 0.5) * 0x1p-53; /* (0, 1): log(u) is finite */
    double v = (double)(next_u64(r) >> 11) * 0x1p-53;
    return sqrt(-2.0 * log(u)) * cos(2.0 * 3.14159265358979323846 * v);
}

uint64_t cli_time_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = ((uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec) ^ ((uint64_t)getpid() << 40);
    return splitmix64(&x) % 1000000000000ull; /* short enough to retype for --seed */
}

/* ---- error measures --------------------------------------------------------------------- */

double cli_rel_l2(const void *x, kfft_precision p, const double *ref, size_t count)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < 2 * count; i++) {
        double v = p == KFFT_F64 ? ((const double *)x)[i] : (double)((const float *)x)[i];
        if (!isfinite(v)) return NAN;
        num += (v - ref[i]) * (v - ref[i]);
        den += ref[i] * ref[i];
    }
    return den > 0 ? sqrt(num / den) : sqrt(num);
}

double cli_error_bound(kfft_precision p, int64_t n)
{
    double l = n > 2 ? log2((double)n) : 1.0;
    return (p == KFFT_F64 ? 2e-16 : 2e-7) * l;
}
