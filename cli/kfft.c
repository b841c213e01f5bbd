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
    "  demo       tones in noisy signals: transform, time, check, PSD, peaks, round trip\n"
    "  psd        power spectral density (periodogram, Welch) of .npy/.wav/.csv signals\n"
    "  peaks      dominant frequencies of .npy/.wav/.csv signals\n"
    "  gen-matrix write a test sparse matrix (Matrix Market): random, banded, grid\n"
    "             stencils, random geometric graphs\n"
    "  spfft      2-D FFT of a sparse matrix (Matrix Market), never made dense\n"
    "  tune       measure kernel choices for transforms on this device (wisdom)\n"
    "  help CMD   help of one command\n"
    "\n"
    "options: --help, --version\n"
    "environment: KFFT_CACHE_DIR=DIR|off (compiled kernels and tables; default\n"
    "             $XDG_CACHE_HOME/kfft or ~/.cache/kfft)\n"
    "             KFFT_CACHE_MAX=SIZE (its bound, least recently used entries go\n"
    "             first; default 4G, 0: no bound)\n"
    "             KFFT_MEM_GBS=GB/s (plan as for a device of that peak memory\n"
    "             bandwidth, e.g. 4814 for an H200's plans on another device)\n"
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
    "composites, primes such as 8219, 17443, 100003, multi-pass sizes), real transforms\n"
    "(R2C and C2R of even, odd and prime lengths) and 2-D/3-D shapes (C2C, R2C, C2R) in\n"
    "f32 and f64 (f64 is skipped on devices without double precision), and compares\n"
    "each with kfft's double-precision host reference. Prints the worst relative L2\n"
    "error of each size class next to its bound (2e-7*log2(N) for f32, 2e-16*log2(N)\n"
    "for f64, N the transform's size) and exits non-zero if any transform exceeds it.\n"
    "\n"
    "options:\n"
    "  --quick                    a short size list (about 50 s on a CPU OpenCL device)\n"
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
    "frequencies found next to the true tones. Then the signal tools on real signals:\n"
    "the Welch PSD of four noisy multi-tone rows (noise floor against 2 sigma^2/rate),\n"
    "the tones 'kfft peaks' finds against the true ones, and the R2C -> C2R round trip\n"
    "error against its bound.\n"
    "\n"
    "options:\n"
    "  --n N                      transform length, 64..16777216 (default 16384)\n"
    "  --batch B                  transforms per execution, 1..65536 (default 64)\n"
    "  --backend auto|cuda|opencl device backend (default auto: CUDA if present)\n"
    "  --device N                 device index within the backend (default 0)\n";

#define HELP_SIGNAL_INPUT \
    "\n" \
    "IN is a .npy file (float32/float64; a 2-d array is one signal per row, more axes\n" \
    "are flattened into rows), a .wav file (PCM 8/16/24/32-bit or float 32/64, one\n" \
    "signal per channel; integer samples scaled to [-1, 1)) or a text file of one\n" \
    "column of numbers (.csv/.txt: optional header line, '#' comments).\n"

#define HELP_SPECTRAL_OPTIONS \
    "  --rate HZ                  sample rate (default: the .wav rate, else 1)\n" \
    "  --window hann|hamming|blackman|none\n" \
    "                             periodic window, as scipy.signal.get_window (default\n" \
    "                             hann; none is scipy's boxcar)\n" \
    "  --segment N                Welch: N-sample segments, averaged (default: the whole\n" \
    "                             signal, a periodogram)\n" \
    "  --overlap F                with --segment: F < 1 a fraction of the segment, else\n" \
    "                             a number of samples (default 0.5, as scipy)\n" \
    "  --nfft N                   FFT length >= the segment (zero padding)\n" \
    "  --detrend constant|none    subtract each segment's mean first (default constant)\n" \
    "  --plot OUT.svg|OUT.png     plot the spectrum (first 8 rows); y in dB\n" \
    "  --linear                   linear y axis in the plot\n" \
    "  --logx                     logarithmic frequency axis in the plot\n" \
    "  --precision f32|f64        device FFT precision (default f64 when the device has\n" \
    "                             it, else f32; sums are always double)\n" \
    "  --backend auto|cuda|opencl device backend (default auto: CUDA if present)\n" \
    "  --device N                 device index within the backend (default 0)\n" \
    "  -v, --verbose              print the device, the input and the time to stderr\n"

static const char help_psd[] =
    "usage: kfft psd IN [--out OUT.npy|OUT.csv] [--plot OUT.svg|OUT.png] [options]\n"
    "\n"
    "One-sided power spectral density of each signal, defined as scipy.signal.welch\n"
    "(average='mean') and periodogram: segments detrended, windowed, transformed on the\n"
    "device (batched R2C FFTs), |X|^2 scaled, averaged; every bin except DC and (even\n"
    "length) Nyquist doubled. Frequencies are k*rate/nfft, k = 0..nfft/2.\n"
    HELP_SIGNAL_INPUT
    "Without --out or --plot it prints a table: frequency, then one column per signal.\n"
    "\n"
    "options:\n"
    "  --out OUT.npy|OUT.csv      write the result: .npy float64 (1+rows, bins), row 0\n"
    "                             the frequencies (f, p = np.load(OUT) for one signal);\n"
    "                             .csv columns frequency_hz, psd_row0, ...\n"
    "  --scaling density|spectrum density: unit^2/Hz, white noise of variance s^2 reads\n"
    "                             2 s^2/rate; spectrum: unit^2, a sine of amplitude A\n"
    "                             reads A^2/2 at its bin (default density)\n"
    HELP_SPECTRAL_OPTIONS;

static const char help_peaks[] =
    "usage: kfft peaks IN [--threshold DB] [--top K] [--plot OUT.svg|OUT.png] [options]\n"
    "\n"
    "Dominant frequencies of each signal: the bins of its one-sided power spectrum (as\n"
    "'kfft psd') that are strictly above both neighbours, strongest first. Frequency and\n"
    "power come from a parabola through the peak bin and its neighbours on the dB scale\n"
    "(accurate to a small fraction of a bin for windowed tones). Prints: row, frequency\n"
    "(Hz), power, power in dB, bin index.\n"
    HELP_SIGNAL_INPUT
    "\n"
    "options:\n"
    "  --threshold DB             keep peaks at most DB decibels below the strongest of\n"
    "                             their row (default 20; 0: no limit)\n"
    "  --min-power P              keep peaks of power >= P (spectrum units; default 0)\n"
    "  --top K                    at most K peaks per row (default 5)\n"
    "  --scaling density|spectrum spectrum in which peaks are found (default spectrum:\n"
    "                             power in unit^2, a sine of amplitude A peaks near A^2/2)\n"
    HELP_SPECTRAL_OPTIONS;

static const char help_gen_matrix[] =
    "usage: kfft gen-matrix OUT.mtx --kind random|banded|grid2d|grid3d|geometric [opts]\n"
    "\n"
    "Writes a sparse test matrix as a Matrix Market coordinate file (OUT '-': standard\n"
    "output), deterministic from --seed, streamed (memory O(entries) at most, never\n"
    "O(rows x cols)). Entries come column by column, rows ascending; the file is written\n"
    "next to OUT and renamed when complete. A comment line records the command.\n"
    "\n"
    "kinds:\n"
    "  random     --nnz N (or --density D) distinct uniformly random positions\n"
    "  banded     every (i, j) with |i - j| <= --band\n"
    "  grid2d     stencil on an nx x ny grid: node x + nx*y; the default star stencil\n"
    "             of reach 1 is the 5-point Laplacian (box: 9-point)\n"
    "  grid3d     stencil on an nx x ny x nz grid: node x + nx*(y + ny*z); star reach 1\n"
    "             is the 7-point stencil, box reach 1 the 27-point one\n"
    "  geometric  --rows points uniform in the unit square, an edge (both ways, no\n"
    "             diagonal) between points at most --radius apart\n"
    "\n"
    "options:\n"
    "  --rows R, --cols C         size (random, banded; default 1000 x R); geometric:\n"
    "                             the number of points; grids: keep the first R nodes\n"
    "                             (default all)\n"
    "  --nnz N | --density D      random: entries in the file, or that fraction of the\n"
    "                             positions (default density 0.01); with --symmetric\n"
    "                             both count the lower triangle\n"
    "  --band B                   banded: half bandwidth (default 1)\n"
    "  --n N | --dims NXxNY[xNZ]  grids: side (default 32 for 2-D, 16 for 3-D) or sizes\n"
    "  --stencil star|box         grids: offsets along the axes only, or every offset\n"
    "                             within the reach (default star)\n"
    "  --reach R[,RY[,RZ]]        grids: stencil reach per axis, 1..8 (default 1)\n"
    "  --links L                  grids: also L random symmetric links between nodes\n"
    "                             that are not stencil neighbours (2L entries)\n"
    "  --radius r                 geometric: edge length limit (default: about 10\n"
    "                             neighbours per point)\n"
    "  --seed S                   random structure and values (default 1)\n"
    "  --pattern | --real         pattern file (default) or real values: random\n"
    "                             uniform in [-1, 1) for random and banded, a\n"
    "                             Laplacian (stencil size - 1 on the diagonal, -1 off\n"
    "                             it) for grids, the edge length for geometric\n"
    "  --symmetric                a symmetric file: the lower triangle only (the matrix\n"
    "                             must be square; random and banded become symmetric)\n"
    "\n"
    "Example, a 52329 x 52329 matrix with about 2.6 M entries shaped like a 3-D\n"
    "stiffness matrix (pct20stif's size; a 45-point stencil on 38x38x37 nodes cut to\n"
    "52329, plus random links):\n"
    "  kfft gen-matrix pct.mtx --kind grid3d --dims 38x38x37 --stencil box \\\n"
    "      --reach 1,1,2 --rows 52329 --links 209124      (2,615,471 entries)\n";

static const char help_spfft[] =
    "usage: kfft spfft MATRIX.mtx [options]\n"
    "\n"
    "The 2-D Fourier transform F[u,v] = sum a_rc exp(-2 pi i (r u/R + c v/C)) of a sparse\n"
    "R x C matrix, computed from its stored entries without building the dense matrix:\n"
    "the R x (C/2+1) half spectrum (numpy.fft.rfft2 of the dense matrix) or, with --full,\n"
    "R x C (fft2). Prints the shape, the route per dimension, the tiles, the device\n"
    "memory used, the time (median of --repeat) and the output throughput.\n"
    "\n"
    "options:\n"
    "  --binary | --weighted      every entry counts 1 (default; a graph's adjacency) or\n"
    "                             the stored values are used\n"
    "  --full                     the full R x C spectrum\n"
    "  --rows a:b                 only spectrum rows a..b-1 (also 'a:', ':b', 'r'); costs\n"
    "                             in proportion to the rows\n"
    "  --out F.npy                stream the output into F.npy (complex64/128, rows x\n"
    "                             cols) through host memory, tile by tile, so outputs\n"
    "                             larger than the GPU work; without it the output stays\n"
    "                             in a device buffer (timed, not saved)\n"
    "  --host                     the output into page-locked host memory (timed, not\n"
    "                             saved), then the time of a plain copy of as many bytes\n"
    "  --pageable                 as --host, into ordinary (pageable) memory; also times\n"
    "                             the copy into page-locked memory, the link's rate\n"
    "  --budget B                 device memory kfft may use besides the output buffer\n"
    "                             (like 2G, 512M; default 1G): tiles are sized to it\n"
    "  --precision f32|f64        (default f32)\n"
    "  --repeat N                 executions timed (default 5)\n"
    "  --check                    compare rows with a double-precision reference computed\n"
    "                             on the host (every row of small outputs, else 24 rows:\n"
    "                             the ends, the middle, random ones): rel L2, max abs,\n"
    "                             max rel; fails above 3e-6 (f32) / 1e-13 (f64)\n"
    "  --dense-baseline           also time dense kfft's and dense cuFFT's 2-D R2C of the\n"
    "                             same matrix (cuFFT when libcufft loads: CUDA backend),\n"
    "                             scattered on the host (not timed), on the same device\n"
    "                             buffers: median of max(--repeat, 5) after 2 warm-ups,\n"
    "                             device memory, plan time, and the two outputs compared\n"
    "  --backend auto|cuda|opencl, --device N, --verbose\n"
    "\n"
    "example:\n"
    "  kfft spfft benzene.mtx --check\n"
    "  kfft spfft pct.mtx --out spectrum.npy --budget 1G\n";

static const char help_tune[] =
    "usage: kfft tune CASE... [--precision f32|f64] [--elems LOG2] [--wisdom FILE]\n"
    "                 [--backend auto|cuda|opencl] [--device N] [--verbose]\n"
    "\n"
    "The measuring planner: for each case ([c2c:|r2c:|c2r:]N[xN[xN]], batched to 2^LOG2\n"
    "elements, default 24) it times the candidates of every stage on the device (one-kernel\n"
    "stages: threads per block 128..1024 and one per butterfly of the narrowest and widest\n"
    "pass, shared-memory padding on/off, narrow, balanced or widest radices, then half\n"
    "and a quarter of the columns a block, Rader's and Bluestein's convolutions with and\n"
    "without coprime radices; multi-pass stages: radices and padding of all passes, then\n"
    "their columns a block; Bluestein's convolution lengths up to 6% longer, each also on\n"
    "coprime radices), keeps the fastest and\n"
    "writes them to the wisdom file: --wisdom FILE (read first when it exists), else\n"
    "$KFFT_WISDOM, else wisdom.txt in the kernel cache directory. Every later kfft\n"
    "context on the same device, driver and compiler reads that default file by itself;\n"
    "a file from another device or driver, or a malformed one, is ignored with a warning\n"
    "(kfft info shows it). Choices change speed only, never results.\n"
    "\n"
    "example:\n"
    "  kfft tune 16384 8219 r2c:8219x8219 --precision f32\n";

static const struct { const char *name, *text; } helps[] = {
    {"info", help_info}, {"fft", help_fft},     {"selftest", help_selftest},
    {"demo", help_demo}, {"psd", help_psd},     {"peaks", help_peaks},
    {"gen-matrix", help_gen_matrix}, {"spfft", help_spfft}, {"tune", help_tune}};

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
        {"info", cmd_info}, {"fft", cmd_fft},     {"selftest", cmd_selftest}, {"demo", cmd_demo},
        {"psd", cmd_psd},   {"peaks", cmd_peaks}, {"gen-matrix", cmd_gen_matrix}, {"spfft", cmd_spfft}, {"tune", cmd_tune}, {"help", cmd_help}};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
        if (!strcmp(c, cmds[i].name)) return cmds[i].run(argc - 1, argv + 1);
    if (c[0] == '-') return cli_usage_error(NULL, "unknown option '%s'", c);
    return cli_usage_error(NULL, "unknown command '%s'", c);
}
