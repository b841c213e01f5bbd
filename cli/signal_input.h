/* Shared by the signal subcommands (psd, peaks): reading .npy/.wav/.csv signals into rows of
 * doubles, the spectral options, the PSD run and its plot. */
#ifndef KFFT_CLI_SIGNAL_INPUT_H
#define KFFT_CLI_SIGNAL_INPUT_H
#include "cli.h"
#include "io/plot.h"
#include "kfft_signal.h"

typedef struct {
    double *x;            /* rows x n samples */
    int64_t rows, n;
    double rate;          /* from a .wav header, else 0 */
    char what[64];        /* "16-bit PCM .wav", ... */
} cli_signal;

/* Reads path: .npy (float32/float64; leading axes are rows), .wav (a row per channel) or
 * text (.csv/.txt: one column); other names by their first bytes. Prints the reason and
 * returns EXIT_FAIL on failure; every sample is finite on success. */
int cli_signal_read(const char *cmd, const char *path, cli_signal *s);
void cli_signal_free(cli_signal *s);

/* A number option, locale-independent ("1.5e3"), in [lo, hi]; else a usage error, -1. */
int cli_parse_double(cli_args *a, const char *opt, const char *s, double lo, double hi, double *v);

typedef struct {
    const char *in, *plot;
    double rate;            /* --rate; 0: the .wav rate, else 1 */
    double overlap;         /* --overlap: < 1 a fraction, else samples; -1: not given */
    int have_scaling, logx, linear, verbose, device;
    kfft_backend backend;
    kfft_psd_desc desc;
    /* results of cli_spectral_run */
    cli_signal sig;
    int64_t bins, segments;
    double *psd, *freq;     /* sig.rows x bins, bins */
} cli_spectral;

void cli_spectral_defaults(cli_spectral *o);
/* Consumes arg if it is one of the shared options (--rate --window --segment --overlap
 * --nfft --detrend --scaling --precision --plot --logx --linear --verbose --backend
 * --device): returns 1, with a->error set on a bad value. Else 0. */
int cli_spectral_option(cli_args *a, const char *arg, cli_spectral *o);
/* Reads the input and computes the PSD on the device. Returns an exit code. */
int cli_spectral_run(const char *cmd, cli_spectral *o);
void cli_spectral_free(cli_spectral *o);
/* "hann window, 1024-sample segments, 512 overlap, 93 per row, 48000 Hz". */
void cli_spectral_describe(const cli_spectral *o, char *buf, size_t len);
/* Writes o->plot (the first PLOT_MAX_SERIES rows), marks per row or NULL. */
int cli_spectral_plot(const char *cmd, const cli_spectral *o, const char *title, const plot_mark *const *marks,
                      const int64_t *nmarks);
const char *cli_base_name(const char *path);

#endif
