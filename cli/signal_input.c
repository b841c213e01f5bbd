/* Reading signals for the signal subcommands (.npy, .wav, .csv into rows of doubles), the
 * options psd and peaks share, and writing their results. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signal_input.h"
#include "io/csv.h"
#include "io/file.h"
#include "io/npy.h"
#include "io/numfmt.h"
#include "io/wav.h"

/* A reader's message, prefixed with the file name unless it already names it. */
static int read_error(const char *cmd, const char *path, const char *err)
{
    if (strstr(err, path)) fprintf(stderr, "kfft %s: %s\n", cmd, err);
    else fprintf(stderr, "kfft %s: cannot read '%s': %s\n", cmd, path, err);
    return EXIT_FAIL;
}


/* The format from the extension, else from the first bytes; text otherwise. */
static int sniff(const char *path)
{
    if (io_has_ext(path, ".npy")) return 'n';
    if (io_has_ext(path, ".wav") || io_has_ext(path, ".wave")) return 'w';
    if (io_has_ext(path, ".csv") || io_has_ext(path, ".txt")) return 'c';
    unsigned char m[6] = {0};
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : NULL;
    if (f) {
        size_t got = fread(m, 1, sizeof m, f);
        fclose(f);
        if (got == 6 && !memcmp(m, "\x93NUMPY", 6)) return 'n';
        if (got >= 4 && !memcmp(m, "RIFF", 4)) return 'w';
    }
    return 'c';
}

static int from_npy(const char *cmd, const char *path, cli_signal *s)
{
    char err[512];
    npy_array a;
    if (npy_read(path, &a, err, sizeof err)) return read_error(cmd, path, err);
    int rc = EXIT_FAIL;
    int64_t count = npy_count(&a);
    if (a.dtype == NPY_C64 || a.dtype == NPY_C128) {
        fprintf(stderr, "kfft %s: '%s' is complex; the signal tools take real signals (save x.real, or use "
                "'kfft fft' for complex data)\n", cmd, path);
    } else if (a.ndim == 0) {
        fprintf(stderr, "kfft %s: '%s' is a 0-d array (a scalar), not a signal\n", cmd, path);
    } else if (a.shape[a.ndim - 1] == 0 || count == 0) {
        fprintf(stderr, "kfft %s: '%s' holds no samples (shape has a 0)\n", cmd, path);
    } else if (!(s->x = malloc((size_t)count * sizeof *s->x))) {
        fprintf(stderr, "kfft %s: out of memory for %lld samples\n", cmd, (long long)count);
    } else {
        for (int64_t i = 0; i < count; i++)
            s->x[i] = a.dtype == NPY_F32 ? (double)((const float *)a.data)[i] : ((const double *)a.data)[i];
        s->n = a.shape[a.ndim - 1];
        s->rows = count / s->n; /* leading axes, flattened: one signal per row */
        snprintf(s->what, sizeof s->what, "%s", a.dtype == NPY_F32 ? "float32 .npy" : "float64 .npy");
        rc = EXIT_OK;
    }
    npy_free(&a);
    return rc;
}

static int from_wav(const char *cmd, const char *path, cli_signal *s)
{
    char err[512];
    wav_audio w;
    if (wav_read(path, &w, err, sizeof err)) return read_error(cmd, path, err);
    if (w.frames == 0) {
        fprintf(stderr, "kfft %s: '%s' holds no samples (empty data chunk)\n", cmd, path);
        wav_free(&w);
        return EXIT_FAIL;
    }
    s->x = w.data;
    s->rows = w.channels;
    s->n = w.frames;
    s->rate = w.rate;
    snprintf(s->what, sizeof s->what, w.is_float ? "%d-bit float .wav" : "%d-bit PCM .wav scaled to [-1, 1)", w.bits);
    return EXIT_OK;
}

static int from_csv(const char *cmd, const char *path, cli_signal *s)
{
    char err[512];
    if (csv_read(path, &s->x, &s->n, err, sizeof err)) return read_error(cmd, path, err);
    s->rows = 1;
    snprintf(s->what, sizeof s->what, "text column");
    return EXIT_OK;
}

int cli_signal_read(const char *cmd, const char *path, cli_signal *s)
{
    memset(s, 0, sizeof *s);
    int kind = sniff(path);
    int rc = kind == 'n' ? from_npy(cmd, path, s) : kind == 'w' ? from_wav(cmd, path, s) : from_csv(cmd, path, s);
    if (rc) return rc;
    /* NaN or Inf would turn whole spectra into NaN: name the first one instead. */
    for (int64_t i = 0; i < s->rows * s->n; i++)
        if (!isfinite(s->x[i])) {
            fprintf(stderr, "kfft %s: '%s': sample %lld of row %lld is not finite (%s)\n", cmd, path,
                    (long long)(i % s->n), (long long)(i / s->n), isnan(s->x[i]) ? "nan" : "inf");
            cli_signal_free(s);
            return EXIT_FAIL;
        }
    return EXIT_OK;
}

void cli_signal_free(cli_signal *s)
{
    free(s->x);
    s->x = NULL;
}

/* ---- options ---------------------------------------------------------------------------- */

int cli_parse_double(cli_args *a, const char *opt, const char *s, double lo, double hi, double *v)
{
    if (a->error) return -1;
    double x;
    if (num_parse(s, s + strlen(s), &x) || !(x >= lo && x <= hi)) {
        char l[NUM_BUF], h[NUM_BUF], why[2 * NUM_BUF + 32];
        if (hi < 1e300) snprintf(why, sizeof why, "a number in %s..%s", num_g(l, lo, 6), num_g(h, hi, 6));
        else snprintf(why, sizeof why, lo > 0 ? "a positive number" : "a number >= %s", num_g(l, lo, 6));
        cli_usage_error(a->cmd, "invalid value '%s' for %s: must be %s ('.' as the decimal point)", s, opt, why);
        a->error = 1;
        return -1;
    }
    *v = x;
    return 0;
}

void cli_spectral_defaults(cli_spectral *o)
{
    memset(o, 0, sizeof *o);
    o->backend = KFFT_BACKEND_AUTO;
    o->overlap = -1;
}

int cli_spectral_option(cli_args *a, const char *arg, cli_spectral *o)
{
    static const char *const windows[] = {"hann", "hamming", "blackman", "none", NULL};
    static const char *const detrends[] = {"constant", "none", NULL};
    static const char *const scalings[] = {"density", "spectrum", NULL};
    int i;
    int64_t v;
    if (cli_opt(a, arg, "--rate")) cli_parse_double(a, "--rate", a->value, 1e-300, 1e300, &o->rate);
    else if (cli_opt(a, arg, "--window")) {
        if (!cli_parse_choice(a, "--window", a->value, windows, &i)) o->desc.window = (kfft_window)i;
    } else if (cli_opt(a, arg, "--segment")) {
        if (!cli_parse_int(a, "--segment", a->value, 1, INT64_C(1) << 40, &v)) o->desc.segment = v;
    } else if (cli_opt(a, arg, "--overlap")) {
        /* "0.5": a fraction of the segment; "128": samples (an integer >= 1). */
        if (a->error) return 1;
        double f;
        if (cli_parse_double(a, "--overlap", a->value, 0, 1e15, &f)) return 1;
        if (f >= 1 && f != floor(f)) {
            a->error = 1;
            cli_usage_error(a->cmd, "invalid value '%s' for --overlap: a fraction below 1 or a whole number of "
                            "samples", a->value);
            return 1;
        }
        o->overlap = f;
    } else if (cli_opt(a, arg, "--nfft")) {
        if (!cli_parse_int(a, "--nfft", a->value, 1, INT64_C(1) << 40, &v)) o->desc.nfft = v;
    } else if (cli_opt(a, arg, "--detrend")) {
        if (!cli_parse_choice(a, "--detrend", a->value, detrends, &i)) o->desc.detrend = (kfft_detrend)i;
    } else if (cli_opt(a, arg, "--scaling")) {
        if (!cli_parse_choice(a, "--scaling", a->value, scalings, &i)) o->desc.scaling = (kfft_scaling)i, o->have_scaling = 1;
    } else if (cli_opt(a, arg, "--precision")) {
        kfft_precision p;
        if (!cli_parse_precision(a, a->value, &p)) o->desc.precision = p == KFFT_F64 ? KFFT_SIGNAL_F64 : KFFT_SIGNAL_F32;
    } else if (cli_opt(a, arg, "--plot")) {
        o->plot = a->value;
        if (!a->error && !plot_format_known(o->plot)) {
            a->error = 1;
            cli_usage_error(a->cmd, "--plot '%s': the file name must end in .svg or .png", o->plot);
        }
    } else if (cli_flag(a, arg, "--logx")) o->logx = 1;
    else if (cli_flag(a, arg, "--linear")) o->linear = 1;
    else if (cli_flag(a, arg, "--verbose") || cli_flag(a, arg, "-v")) o->verbose = 1;
    else if (cli_opt(a, arg, "--backend")) cli_parse_backend(a, a->value, &o->backend);
    else if (cli_opt(a, arg, "--device")) {
        if (!cli_parse_int(a, "--device", a->value, 0, 1 << 20, &v)) o->device = (int)v;
    } else return 0;
    return 1;
}

int cli_spectral_run(const char *cmd, cli_spectral *o)
{
    if (cli_signal_read(cmd, o->in, &o->sig)) return EXIT_FAIL;
    if (o->rate == 0) o->rate = o->sig.rate > 0 ? o->sig.rate : 1.0;
    o->desc.rate = o->rate;
    /* Overlap: none for a periodogram; scipy's welch default (half a segment) with --segment. */
    if (o->desc.segment > 0) {
        double f = o->overlap < 0 ? 0.5 : o->overlap;
        o->desc.overlap = f < 1 ? (int64_t)floor(f * (double)o->desc.segment) : (int64_t)f;
    } else if (o->overlap > 0) {
        return cli_usage_error(cmd, "--overlap needs --segment (without it the whole signal is one segment)");
    }
    kfft_status st = kfft_psd_shape(&o->desc, o->sig.n, &o->bins, &o->segments);
    if (st) {
        const char *msg = kfft_error_message();
        fprintf(stderr, "kfft %s: '%s' (%lld samples per row): %s\n", cmd, o->in, (long long)o->sig.n,
                strncmp(msg, "psd: ", 5) ? msg : msg + 5);
        return EXIT_FAIL;
    }
    o->psd = malloc((size_t)(o->sig.rows * o->bins) * sizeof *o->psd);
    o->freq = malloc((size_t)o->bins * sizeof *o->freq);
    if (!o->psd || !o->freq) {
        fprintf(stderr, "kfft %s: out of host memory for %lld x %lld PSD values\n", cmd, (long long)o->sig.rows,
                (long long)o->bins);
        return EXIT_FAIL;
    }
    kfft_context ctx;
    if (cli_open(cmd, o->backend, o->device, 0, &ctx)) return EXIT_FAIL;
    double t0 = cli_now();
    st = kfft_psd(ctx, &o->desc, o->sig.x, o->sig.rows, o->sig.n, o->psd, o->freq);
    double t1 = cli_now();
    if (o->verbose && !st)
        fprintf(stderr, "kfft %s: %s device: %s; %lld x %lld samples (%s); %lld segment%s per row; %.1f ms\n", cmd,
                cli_backend_name(kfft_context_backend(ctx)), kfft_context_device_name(ctx), (long long)o->sig.rows,
                (long long)o->sig.n, o->sig.what, (long long)o->segments, o->segments == 1 ? "" : "s",
                1e3 * (t1 - t0));
    kfft_context_destroy(ctx);
    if (st) return cli_kfft_error(cmd, "power spectral density", st);
    return EXIT_OK;
}

void cli_spectral_free(cli_spectral *o)
{
    cli_signal_free(&o->sig);
    free(o->psd);
    free(o->freq);
    o->psd = o->freq = NULL;
}

void cli_spectral_describe(const cli_spectral *o, char *buf, size_t len)
{
    char r[NUM_BUF];
    int64_t seg = o->desc.segment ? o->desc.segment : o->sig.n;
    int k = snprintf(buf, len, "%s window, ", kfft_window_name(o->desc.window));
    if (k < 0 || (size_t)k >= len) return;
    if (o->segments == 1 && o->desc.segment == 0)
        k += snprintf(buf + k, len - (size_t)k, "periodogram of %lld samples", (long long)seg);
    else
        k += snprintf(buf + k, len - (size_t)k, "%lld-sample segments, %lld overlap, %lld per row", (long long)seg,
                      (long long)o->desc.overlap, (long long)o->segments);
    if ((size_t)k < len && o->desc.nfft)
        k += snprintf(buf + k, len - (size_t)k, ", nfft %lld", (long long)o->desc.nfft);
    if ((size_t)k < len) snprintf(buf + k, len - (size_t)k, ", %s Hz", num_g(r, o->rate, 10));
}

/* ---- output ----------------------------------------------------------------------------- */

const char *cli_base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

int cli_spectral_plot(const char *cmd, const cli_spectral *o, const char *title, const plot_mark *const *marks,
                      const int64_t *nmarks)
{
    int nseries = o->sig.rows < PLOT_MAX_SERIES ? (int)o->sig.rows : PLOT_MAX_SERIES;
    const double *ys[PLOT_MAX_SERIES];
    char names[PLOT_MAX_SERIES][32];
    const char *np[PLOT_MAX_SERIES];
    for (int k = 0; k < nseries; k++) {
        ys[k] = o->psd + (int64_t)k * o->bins;
        snprintf(names[k], sizeof names[k], o->sig.rate > 0 ? "channel %d" : "row %d", k);
        np[k] = names[k];
    }
    int density = o->desc.scaling == KFFT_SCALING_DENSITY;
    plot_spec ps = {0};
    ps.x = o->freq;
    ps.y = ys;
    ps.npoints = o->bins;
    ps.nseries = nseries;
    ps.names = np;
    ps.marks = marks;
    ps.nmarks = nmarks;
    ps.title = title;
    ps.xlabel = "Frequency (Hz)";
    ps.ylabel = o->linear ? (density ? "PSD (unit^2/Hz)" : "Power (unit^2)")
                          : (density ? "PSD (dB re 1 unit^2/Hz)" : "Power (dB re 1 unit^2)");
    ps.logx = o->logx;
    ps.db = !o->linear;
    char err[512];
    if (plot_write(o->plot, &ps, err, sizeof err)) {
        fprintf(stderr, "kfft %s: cannot write the plot '%s': %s\n", cmd, o->plot, err);
        return EXIT_FAIL;
    }
    if (o->sig.rows > PLOT_MAX_SERIES && o->verbose)
        fprintf(stderr, "kfft %s: the plot shows the first %d of %lld rows\n", cmd, PLOT_MAX_SERIES,
                (long long)o->sig.rows);
    return EXIT_OK;
}
