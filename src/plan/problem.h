/* A transform problem in one canonical form (FFTW's guru form): transformed axes and batch
 * axes, each a length and an input and output stride. The plan-many description and the
 * guru description both become this, validated once. */
#ifndef KFFT_PROBLEM_H
#define KFFT_PROBLEM_H
#include "kfft.h"

typedef struct {
    kfft_type type;
    int f64;
    int rank, hrank;
    kfft_dim dims[KFFT_MAX_DIMS]; /* for R2C/C2R the last is the real axis (n = real length) */
    kfft_dim hm[KFFT_MAX_DIMS];
    kfft_norm norm;
    unsigned flags;
    /* Internal, for the sparse 2-D FFT (src/sparse/spfft.c); zero from the public
     * descriptions. mirror.on: a rank-1 C2C whose transform u is row u of a real-input 2-D
     * spectrum with mirror.R rows; the store writes spectrum row u and its mirror R-u (see
     * KS_ST_MIRROR); mirror.fold: the input is G folded into the output (KS_LD_FOLD).
     * work_cap: workspace bound in bytes (0: the default). */
    struct {
        int on, full, fold;
        int64_t R, a, b, ld;
    } mirror;
    int64_t work_cap;
    /* Internal (kfft_tune): force the threads, padding, radices (KFFT_RADIX_*) and register
     * bound (0: none) of stage i's one-kernel transform (T 0: the rules' threads and a
     * convolution's bound for those radices), or the padding and radices of all its
     * passes (-1: default); and for either, split twiddle tables on (1) or off (0) against
     * the planner's rule (-1; blocks.c: split_wins); noclu: passes without the clusters the
     * rules would take (kspec.h: clu); rows: the plain complex passes' columns per block in
     * rows of at least that many 32-byte sectors (0: the planner's rule; schedule.c: gpasses);
     * cols: a one-kernel transform's columns a block (0: the planner's rule); pfa: Rader's (and
     * a one-kernel Bluestein's) convolutions on coprime radices wherever a grouping exists (1),
     * never (-1), or by the planner's rule (0; schedule.c: conv_pfa). */
    struct {
        int on, T, pad, radix, regs, split, noclu, rows, cols, pfa;
    } knob[KFFT_MAX_DIMS];
    /* Internal (kfft_tune): 1, no plane kernel (kspec.h: plane) where the planner's rule would
     * take one, the last two axes a stage each; -1, the rule's choice whatever the wisdom says. */
    int noplane;
    /* Internal (kfft_tune): > 0, a plane kernel in this many blocks a plane (1: one; P: a
     * cluster) wherever the layout allows one and they can hold it (planes.c:
     * plane_blocks_fit), whatever the rule says; 0, the rule's (or the wisdom's C=). */
    int plane_clu;
    /* Internal (kfft_tune): > 0, Bluestein's convolution length for stage i, where its axis takes
     * Bluestein (at least 2n-1 and smooth, else ignored); 0, the wisdom's, else the rule's
     * (schedule.c: conv_choice). */
    int64_t conv[KFFT_MAX_DIMS];
} kfft_problem;

kfft_status kfft_problem_from_desc(const kfft_plan_desc *d, kfft_problem *p);
kfft_status kfft_problem_from_guru(const kfft_guru_desc *g, kfft_problem *p);

/* Length of transformed axis a on the input (out = 0) or output (out = 1) side: n/2+1 on
 * the complex side of a real axis. */
int64_t kfft_problem_len(const kfft_problem *p, int a, int out);
/* Bytes of one element on a side. */
int64_t kfft_problem_elem_bytes(const kfft_problem *p, int out);
/* Bytes from the first to the last element a side touches. */
int64_t kfft_problem_span_bytes(const kfft_problem *p, int out);
/* Product of the logical lengths of the transformed axes (normalization). */
double kfft_problem_size(const kfft_problem *p);

#endif
