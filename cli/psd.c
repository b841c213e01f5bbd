/* kfft psd IN: one-sided power spectral density (periodogram or Welch) of each row or
 * channel, as scipy.signal.welch computes it, with the FFTs on the device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strbuf.h"
#include "io/file.h"
#include "io/npy.h"
#include "io/numfmt.h"
#include "signal_input.h"


/* The table: a frequency column, then one PSD column per row; sep ' ' for the terminal (10
 * significant digits), ',' for a .csv file (17: every double survives the round trip). */
static int table(const cli_spectral *o, strbuf *b, char sep, int digits, const char *comment)
{
    char t[NUM_BUF];
    if (comment) sb_puts(b, comment);
    sb_puts(b, sep == ',' ? "frequency_hz" : "# frequency_hz");
    for (int64_t r = 0; r < o->sig.rows; r++) sb_printf(b, "%c%s_row%lld", sep, o->desc.scaling ? "power" : "psd", (long long)r);
    sb_puts(b, "\n");
    for (int64_t k = 0; k < o->bins; k++) {
        sb_puts(b, num_g(t, o->freq[k], digits));
        for (int64_t r = 0; r < o->sig.rows; r++) {
            sb_printf(b, "%c", sep);
            sb_puts(b, num_g(t, o->psd[r * o->bins + k], digits));
        }
        sb_puts(b, "\n");
        if (b->oom) return -1;
    }
    return b->oom ? -1 : 0;
}

static int write_out(const cli_spectral *o, const char *out)
{
    char err[512];
    if (io_has_ext(out, ".npy")) {
        /* Row 0 the frequencies, rows 1.. the spectra: f, p = np.load(OUT) for one signal. */
        size_t count = (size_t)((o->sig.rows + 1) * o->bins);
        double *a = malloc(count * sizeof *a);
        if (!a) {
            fprintf(stderr, "kfft psd: out of memory writing '%s'\n", out);
            return EXIT_FAIL;
        }
        memcpy(a, o->freq, (size_t)o->bins * sizeof *a);
        memcpy(a + o->bins, o->psd, (size_t)(o->sig.rows * o->bins) * sizeof *a);
        npy_array arr = {.dtype = NPY_F64, .ndim = 2, .shape = {o->sig.rows + 1, o->bins}, .data = a};
        int rc = npy_write(out, &arr, err, sizeof err);
        free(a);
        if (rc) {
            fprintf(stderr, "kfft psd: cannot write '%s': %s\n", out, err);
            return EXIT_FAIL;
        }
        return EXIT_OK;
    }
    strbuf b;
    sb_init(&b);
    int rc = table(o, &b, ',', 17, NULL);
    if (rc) fprintf(stderr, "kfft psd: out of memory writing '%s'\n", out);
    else if ((rc = io_write_file("csv", out, b.s, b.len, err, sizeof err))) fprintf(stderr, "kfft psd: %s\n", err);
    sb_free(&b);
    return rc ? EXIT_FAIL : EXIT_OK;
}

int cmd_psd(int argc, char **argv)
{
    cli_spectral o;
    cli_spectral_defaults(&o);
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg, *out = NULL;
    int help = 0;
    while (cli_args_next(&a, &arg)) {
        if (cli_help_flag(&a, arg)) help = 1;
        else if (cli_opt(&a, arg, "--out")) out = a.value;
        else if (cli_spectral_option(&a, arg, &o)) continue;
        else if (cli_is_option(&a, arg)) return cli_unexpected(&a, arg);
        else if (!o.in) o.in = arg;
        else return cli_usage_error("psd", "unexpected argument '%s' (expected one input file)", arg);
    }
    if (a.error) return EXIT_USAGE;
    if (help) {
        cli_help("psd", 0);
        return EXIT_OK;
    }
    if (!o.in) return cli_usage_error("psd", "missing the input file (.npy, .wav or .csv)");
    if (out && !io_has_ext(out, ".npy") && !io_has_ext(out, ".csv"))
        return cli_usage_error("psd", "--out '%s': the file name must end in .npy or .csv", out);

    int rc = cli_spectral_run("psd", &o);
    char desc[256], title[512];
    if (rc == EXIT_OK) cli_spectral_describe(&o, desc, sizeof desc);
    if (rc == EXIT_OK && out) rc = write_out(&o, out);
    if (rc == EXIT_OK && o.plot) {
        snprintf(title, sizeof title, "%s of %s (%s window)", o.desc.scaling ? "Power spectrum" : "PSD",
                 cli_base_name(o.in), kfft_window_name(o.desc.window));
        rc = cli_spectral_plot("psd", &o, title, NULL, NULL);
    }
    if (rc == EXIT_OK && !out && !o.plot) {
        strbuf b;
        sb_init(&b);
        char head[1024];
        snprintf(head, sizeof head, "# kfft psd of %s: %lld row%s x %lld samples (%s)\n# %s; %s\n", o.in,
                 (long long)o.sig.rows, o.sig.rows == 1 ? "" : "s", (long long)o.sig.n, o.sig.what, desc,
                 o.desc.scaling ? "power spectrum in unit^2 (scipy scaling='spectrum')"
                                : "power spectral density in unit^2/Hz (scipy scaling='density')");
        if (table(&o, &b, ' ', 10, head)) {
            fprintf(stderr, "kfft psd: out of memory printing the table\n");
            rc = EXIT_FAIL;
        } else {
            fwrite(b.s, 1, b.len, stdout);
        }
        sb_free(&b);
    }
    cli_spectral_free(&o);
    return rc;
}
