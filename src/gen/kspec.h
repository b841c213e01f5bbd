/* What one generated kernel does: the contract between the planner (src/plan) and the
 * generator (src/gen). A kernel loads B columns of R elements into shared memory (with
 * fused pre-operations), runs a Stockham FFT of length R over each column with radix
 * codelets, and stores them back (with fused post-operations).
 *
 * Two kinds:
 *  KS_SINGLE: a whole transform per column (column = batch index); optionally the whole of
 *             Bluestein's algorithm (chirp, FFT of length m = R, multiply by the kernel's
 *             spectrum, second FFT, chirp) in the same launch.
 *  KS_GPASS:  one global Stockham pass of a transform of length N too large for one block:
 *             column j reads elements j + i*(N/R), multiplies them by W_{Ns*R}^{i*(j%Ns)},
 *             transforms over i and writes (j/Ns)*Ns*R + j%Ns + i*Ns. A sequence of such
 *             passes with Ns = 1, R1, R1*R2, ... computes the FFT in natural order. */
#ifndef KFFT_KSPEC_H
#define KFFT_KSPEC_H
#include <stdint.h>

#define KS_MAX_RADICES 32

enum { KS_SINGLE = 0, KS_GPASS = 1 };
enum { KS_DIALECT_CUDA = 0, KS_DIALECT_OPENCL = 1 };

/* Where a kernel's columns come from or go to. */
enum {
    KS_IO_USER = 0,  /* user buffer: element e of transform t at off + t*dist + e*stride */
    KS_IO_WORK = 1   /* kfft workspace: contiguous, dist N */
};

/* Fused operations. */
enum {
    KS_PRE_CHIRP = 1,     /* load: e < n ? x[e]*chirp[e] : 0 (Bluestein) */
    KS_POST_BMUL = 2,     /* store: conj(v * bhat[e]) (end of Bluestein's first FFT) */
    KS_POST_CHIRP = 4,    /* store: e < n only, conj(v) * chirp[e] (end of Bluestein) */
    KS_MID_BLUESTEIN = 8  /* KS_SINGLE: the whole Bluestein convolution in one block */
};

typedef struct {
    int kind;
    int f64;
    int64_t N;           /* KS_GPASS: length of the transform this pass belongs to */
    int64_t n;           /* user's transform length (Bluestein guards, chirp) */
    int R;               /* in-block FFT length */
    int nrad, rad[KS_MAX_RADICES];
    int B;               /* columns per block */
    int T;               /* threads per block */
    int64_t Ns;          /* KS_GPASS: product of the radices of earlier passes */
    int src, dst;        /* KS_IO_* */
    int64_t istride, idist, ostride, odist; /* for KS_IO_USER sides */
    int conj_in, conj_out; /* apply the run-time `inv` flag (conjugate) at load / store */
    int ops;             /* KS_PRE_CHIRP | ... */
    int idx64;           /* global indices need 64 bits */
    /* Offsets (in complex elements) of the tables in the plan's table buffer. */
    int64_t tw_local[KS_MAX_RADICES]; /* per radix pass: W_{Ns r}^{i k}, k<Ns, 1<=i<r */
    int64_t tw_lo, tw_hi; int tw_shift; /* KS_GPASS two-level table of W_{Ns*R}^m */
    int64_t chirp, bhat;
} kspec;

#endif
