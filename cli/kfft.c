/* kfft: command-line front end of the kfft library. This file holds the help texts and
 * the dispatch; each subcommand lives in cli/<name>.c. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char overview[] =
    "usage: kfft <command> [options]\n"
    "\n"
    "GPU Fourier transforms from run-time generated kernels (CUDA or OpenCL).\n"
    "\n"
    "commands:\n"
    "  info       version, backends, devices, kernel cache directory\n"
    "  fft        transform axes of a .npy file (C2C, R2C, C2R) into another .npy file\n"
    "  selftest   check transforms of many sizes against a double-precision reference\n"
    "  demo       find three tones in a noisy batched signal and time the transform\n"
    "  help CMD   help of one command\n"
    "\n"
    "options: --help, --version\n"
    "environment: KFFT_CACHE_DIR=DIR|off (compiled kernels; default $XDG_CACHE_HOME/kfft\n"
    "             or ~/.cache/kfft)\n"
    "exit status: 0 success, 1 failure, 2 usage error\n";

static const char help_info[] =
    "usage: kfft info\n"
    "\n"
    "Prints the kfft version, whether each backend (CUDA, OpenCL) can be used and why\n"
    "not, the devices found, the backend '--backend auto' picks, and the kernel cache\n"
    "directory in use.\n";

static const char help_fft[] =
    "usage: kfft fft IN.npy OUT.npy [options]\n"
    "\n"
    "Transforms axes of IN.npy as numpy.fft does: by default the last axis, every other\n"
    "axis being a batch of independent transforms (numpy.fft.fft / ifft); with --axes\n"
    "several axes at once (fftn / ifftn); with --real a real-input transform (rfftn /\n"
    "irfftn). IN is complex64/complex128 or float32/float64 (real; without --real taken\n"
    "as complex with zero imaginary parts), C order, at least 1-d. OUT has IN's shape,\n"
    "except along the real axis of --real (n/2+1 complex values); its dtype follows the\n"
    "precision (f32: complex64 or float32, f64: complex128 or float64).\n"
    "\n"
    "options:\n"
    "  --inverse                  inverse transform (exp(+2 pi i jk/n))\n"
    "  --axes LIST|all            comma-separated axes (negative: from the end) or all\n"
    "                             (default: the last axis)\n"
    "  --real                     R2C (forward: real input, the last of --axes keeps\n"
    "                             n/2+1 values) or C2R (with --inverse: real output)\n"
    "  --n N                      --real --inverse: output length of the real axis\n"
    "                             (default 2*(m-1) for m input values, as numpy.fft.irfft)\n"
    "  --norm backward|ortho|forward|none\n"
    "                             scaling as numpy.fft (default backward: none on the\n"
    "                             forward transform, 1/N on the inverse; ortho: 1/sqrt(N)\n"
    "                             both ways; forward: 1/N on the forward, none on the\n"
    "                             inverse; none: neither, the FFTW/cuFFT convention). N is\n"
    "                             the product of the transformed lengths; the scaling is\n"
    "                             fused into the kernels.\n"
    "  --precision f32|f64        compute precision (default: that of the input dtype)\n"
    "  --backend auto|cuda|opencl device backend (default auto: CUDA if present)\n"
    "  --device N                 device index within the backend (default 0)\n"
    "  -v, --verbose              print the plan, the timings and library log lines\n"
    "\n"
    "Note: the kfft library itself defaults to unnormalized transforms (FFTW/cuFFT\n"
    "convention: inverse of forward is N times the input); this command defaults to\n"
    "numpy's scaling.\n";

static const char help_selftest[] =
    "usage: kfft selftest [--backend auto|cuda|opencl] [--device N] [--quick] [--seed S]\n"
    "\n"
    "Transforms random data of many sizes (powers of two up to 2^20, 7-smooth\n"
    "composites, primes such as 8219, 17443, 100003, multi-pass sizes) in f32 and f64\n"
    "(f64 is skipped on devices without double precision), forward and inverse, and\n"
    "compares each with kfft's double-precision host reference. Prints the worst\n"
    "relative L2 error of each size class next to its bound (2e-7*log2(n) for f32,\n"
    "2e-16*log2(n) for f64) and exits non-zero if any transform exceeds it.\n"
    "\n"
    "options:\n"
    "  --quick                    a short size list (about 30 s on a CPU OpenCL device)\n"
    "  --seed S                   random seed (default: from the clock; it is printed)\n"
    "  --backend auto|cuda|opencl device backend (default auto: CUDA if present)\n"
    "  --device N                 device index within the backend (default 0)\n";

static const char help_demo[] =
    "usage: kfft demo [--backend auto|cuda|opencl] [--device N] [--n N] [--batch B]\n"
    "\n"
    "Builds a batch of noisy signals made of three tones of known frequency and\n"
    "amplitude (complex f32), transforms them on the best device found, and prints the\n"
    "device, the plan, the host-timed median of warm executions, the error against the\n"
    "double-precision host reference, the round-trip error, and the three strongest\n"
    "frequencies found next to the true tones.\n"
    "\n"
    "options:\n"
    "  --n N                      transform length, 64..16777216 (default 16384)\n"
    "  --batch B                  transforms per execution, 1..65536 (default 64)\n"
    "  --backend auto|cuda|opencl device backend (default auto: CUDA if present)\n"
    "  --device N                 device index within the backend (default 0)\n";

static const struct { const char *name, *text; } helps[] = {
    {"info", help_info}, {"fft", help_fft}, {"selftest", help_selftest}, {"demo", help_demo}};

int cli_help(const char *cmd, int to_stderr)
{
    FILE *f = to_stderr ? stderr : stdout;
    if (!cmd || !cmd[0]) {
        fputs(overview, f);
        return 0;
    }
    for (size_t i = 0; i < sizeof helps / sizeof *helps; i++)
        if (!strcmp(cmd, helps[i].name)) {
            /* Usage errors print only the usage line; the full text is one command away. */
            const char *text = helps[i].text;
            if (to_stderr) fprintf(f, "%.*s(see 'kfft help %s')\n", (int)(strchr(text, '\n') - text + 1), text, cmd);
            else fputs(text, f);
            return 0;
        }
    if (to_stderr) fputs(overview, f);
    return -1;
}

static int cmd_help(int argc, char **argv)
{
    if (argc > 2) return cli_usage_error(NULL, "help takes one command name (got %d arguments)", argc - 1);
    if (argc < 2 || !strcmp(argv[1], "help")) {
        cli_help(NULL, 0);
        return EXIT_OK;
    }
    if (cli_help(argv[1], 0)) return cli_usage_error(NULL, "help: unknown command '%s'", argv[1]);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) return cli_usage_error(NULL, "missing command");
    const char *c = argv[1];
    if (!strcmp(c, "--help") || !strcmp(c, "-h")) {
        cli_help(NULL, 0);
        return EXIT_OK;
    }
    if (!strcmp(c, "--version")) {
        printf("kfft %s\n", kfft_version());
        return EXIT_OK;
    }
    static const struct { const char *name; int (*run)(int, char **); } cmds[] = {
        {"info", cmd_info}, {"fft", cmd_fft}, {"selftest", cmd_selftest}, {"demo", cmd_demo}, {"help", cmd_help}};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
        if (!strcmp(c, cmds[i].name)) return cmds[i].run(argc - 1, argv + 1);
    if (c[0] == '-') return cli_usage_error(NULL, "unknown option '%s'", c);
    return cli_usage_error(NULL, "unknown command '%s'", c);
}
