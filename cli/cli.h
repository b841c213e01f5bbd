/* Shared pieces of the kfft command-line tool: option parsing, device opening, random
 * numbers, error measures. Each subcommand lives in its own file. */
#ifndef KFFT_CLI_H
#define KFFT_CLI_H
#include <stddef.h>
#include <stdint.h>

#include "kfft.h"

/* Exit codes: 0 success, 1 the work failed (I/O, device, a failed check), 2 usage error. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* Subcommands: argv[0] is the command name, argv[1..] its arguments. */
int cmd_info(int argc, char **argv);
int cmd_fft(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_psd(int argc, char **argv);   /* cli/psd.c; shared signal helpers in cli/signal_input.h */
int cmd_peaks(int argc, char **argv); /* cli/peaks.c */
int cmd_gen_matrix(int argc, char **argv); /* cli/genmatrix.c: Matrix Market test matrices */
int cmd_spfft(int argc, char **argv);      /* cli/spfft.c: sparse-input 2-D FFT */
int cmd_tune(int argc, char **argv);       /* cli/tune.c: measuring planner, wisdom */
/* kfft demo's signal section (cli/demo_signal.c): prints its lines; 1 passed, 0 failed, -1
 * skipped (the device cannot do the R2C transforms). */
int demo_signal_section(kfft_context ctx, uint64_t seed);

/* Prints the help of one command (NULL or "": the overview) to stdout or stderr. Returns 0
 * when the command is known. */
int cli_help(const char *cmd, int to_stderr);

/* Reports a usage error: "kfft CMD: message", then a pointer to the help. Returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Reports a failed kfft call with its status and the library's message. Returns EXIT_FAIL. */
int cli_kfft_error(const char *cmd, const char *what, kfft_status st);

/* Option scanning shared by the subcommands. An option takes its value as "--opt V" or
 * "--opt=V"; "--" ends the options; everything else not starting with '-' is positional. */
typedef struct {
    int argc, i;
    char **argv;
    const char *cmd;
    int only_positional; /* after "--" */
    const char *value;   /* value of the last matched option that takes one */
    int error;           /* a usage error was reported (exit code EXIT_USAGE) */
} cli_args;

void cli_args_init(cli_args *a, int argc, char **argv);
/* Next argument: 1 and *arg set, or 0 at the end. */
int cli_args_next(cli_args *a, const char **arg);
/* Does arg look like an option ("-x", "--xyz"; "-" alone is a file name) and come before "--"? */
int cli_is_option(const cli_args *a, const char *arg);
/* Is arg the flag `name` (no value)? "--name=x" is a usage error. */
int cli_flag(cli_args *a, const char *arg, const char *name);
/* Is arg "--help" or "-h"? */
int cli_help_flag(cli_args *a, const char *arg);
/* Is arg the option `name`? Then its value is in a->value (missing value: usage error). */
int cli_opt(cli_args *a, const char *arg, const char *name);

/* Reports an unknown option or a stray argument; returns EXIT_USAGE. */
int cli_unexpected(cli_args *a, const char *arg);

/* Value parsers: 0 on success, else report a usage error naming the option and return -1. */
int cli_parse_int(cli_args *a, const char *opt, const char *s, int64_t lo, int64_t hi, int64_t *v);
/* s must be one of the NULL-terminated choices; *idx is its index. */
int cli_parse_choice(cli_args *a, const char *opt, const char *s, const char *const *choices, int *idx);
int cli_parse_backend(cli_args *a, const char *s, kfft_backend *b);
int cli_parse_precision(cli_args *a, const char *s, kfft_precision *p);

const char *cli_backend_name(kfft_backend b);
const char *cli_precision_name(kfft_precision p);

/* Creates a context; on failure prints why (and, for AUTO, what each backend said). */
int cli_open(const char *cmd, kfft_backend b, int device, int verbose, kfft_context *ctx);

/* Kernel cache directory the library would use by default ("off" when disabled). */
void cli_cache_dir(char *buf, size_t len);

/* Monotonic wall clock in seconds. */
double cli_now(void);

/* xoshiro256** seeded through splitmix64: fast, good, reproducible from one number. */
typedef struct { uint64_t s[4]; } cli_rng;
void cli_rng_seed(cli_rng *r, uint64_t seed);
double cli_rng_uniform(cli_rng *r);  /* [-1, 1) */
double cli_rng_normal(cli_rng *r);   /* N(0, 1) */
uint64_t cli_time_seed(void);

/* Relative L2 error ||x - ref|| / ||ref|| over count complex values: x in precision p (as
 * laid out by kfft), ref interleaved doubles. NaN if x holds NaN/Inf. If ||ref|| is 0 the
 * absolute error is returned. */
double cli_rel_l2(const void *x, kfft_precision p, const double *ref, size_t count);
/* Bound used by selftest and demo: c * log2(n), log2 taken as at least 1. */
double cli_error_bound(kfft_precision p, int64_t n);

#endif
