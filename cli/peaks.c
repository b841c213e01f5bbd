/* kfft peaks IN: the dominant frequencies of each row's spectrum (peaks of the one-sided
 * power spectrum, refined by parabolic interpolation on the dB values). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/numfmt.h"
#include "signal_input.h"

int cmd_peaks(int argc, char **argv)
{
    cli_spectral o;
    cli_spectral_defaults(&o);
    kfft_peaks_desc pd = {.threshold_db = 20};
    int64_t top = 5;
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg;
    int help = 0;
    while (cli_args_next(&a, &arg)) {
        if (cli_help_flag(&a, arg)) help = 1;
        else if (cli_opt(&a, arg, "--threshold")) cli_parse_double(&a, "--threshold", a.value, 0, 1000, &pd.threshold_db);
        else if (cli_opt(&a, arg, "--min-power")) cli_parse_double(&a, "--min-power", a.value, 0, 1e300, &pd.min_power);
        else if (cli_opt(&a, arg, "--top")) cli_parse_int(&a, "--top", a.value, 1, 1000000, &top);
        else if (cli_spectral_option(&a, arg, &o)) continue;
        else if (cli_is_option(&a, arg)) return cli_unexpected(&a, arg);
        else if (!o.in) o.in = arg;
        else return cli_usage_error("peaks", "unexpected argument '%s' (expected one input file)", arg);
    }
    if (a.error) return EXIT_USAGE;
    if (help) {
        cli_help("peaks", 0);
        return EXIT_OK;
    }
    if (!o.in) return cli_usage_error("peaks", "missing the input file (.npy, .wav or .csv)");
    /* Peak heights read best as power (a sine of amplitude A shows about A^2/2). */
    if (!o.have_scaling) o.desc.scaling = KFFT_SCALING_SPECTRUM;

    int rc = cli_spectral_run("peaks", &o);
    if (rc) {
        cli_spectral_free(&o);
        return rc;
    }
    int64_t rows = o.sig.rows, cap = top < o.bins ? top : o.bins;
    kfft_peak *pk = malloc((size_t)(rows * cap) * sizeof *pk);
    int64_t *found = calloc((size_t)rows, sizeof *found);
    plot_mark *marks = malloc((size_t)(rows * cap) * sizeof *marks);
    if (!pk || !found || !marks) {
        fprintf(stderr, "kfft peaks: out of host memory for %lld x %lld peaks\n", (long long)rows, (long long)cap);
        rc = EXIT_FAIL;
        goto done;
    }
    for (int64_t r = 0; r < rows && !rc; r++) {
        kfft_status st = kfft_peaks(o.psd + r * o.bins, o.freq, o.bins, &pd, pk + r * cap, cap, &found[r]);
        if (st) rc = cli_kfft_error("peaks", "peak search", st);
    }
    if (rc) goto done;

    char desc[256], t[5][NUM_BUF];
    cli_spectral_describe(&o, desc, sizeof desc);
    printf("# kfft peaks of %s: %lld row%s x %lld samples (%s)\n# %s; %s\n", o.in, (long long)rows,
           rows == 1 ? "" : "s", (long long)o.sig.n, o.sig.what, desc,
           o.desc.scaling ? "power spectrum in unit^2 (a sine of amplitude A peaks near A^2/2)"
                          : "power spectral density in unit^2/Hz");
    printf("# local maxima%s%s%s, strongest %lld per row; frequency and power from a parabola through the\n"
           "# peak bin and its neighbours in dB\n", pd.threshold_db > 0 ? " at most " : "",
           pd.threshold_db > 0 ? num_g(t[0], pd.threshold_db, 6) : "", pd.threshold_db > 0 ? " dB below the strongest" : "",
           (long long)top);
    printf("# row  frequency_hz  power  power_db  bin\n");
    for (int64_t r = 0; r < rows; r++)
        for (int64_t i = 0; i < found[r]; i++) {
            const kfft_peak *p = &pk[r * cap + i];
            printf("%lld  %s  %s  %s  %lld\n", (long long)r, num_g(t[1], p->freq, 10), num_g(t[2], p->power, 6),
                   num_fixed(t[3], 10 * log10(p->power), 2), (long long)p->bin);
            marks[r * cap + i] = (plot_mark){p->freq, p->power};
        }
    if (o.plot) {
        const plot_mark *mk[PLOT_MAX_SERIES];
        for (int k = 0; k < PLOT_MAX_SERIES && k < rows; k++) mk[k] = marks + k * cap;
        char title[512];
        snprintf(title, sizeof title, "Peaks of %s (%s window)", cli_base_name(o.in), kfft_window_name(o.desc.window));
        rc = cli_spectral_plot("peaks", &o, title, mk, found);
    }
done:
    free(pk);
    free(found);
    free(marks);
    cli_spectral_free(&o);
    return rc;
}
