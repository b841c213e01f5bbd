/* Wisdom: kernel choices measured on one device (kfft_tune), looked up at plan time.
 * A "single" entry says, for one-kernel transforms of a shape (precision, in-block length R,
 * columns per block B, fused operations, the layout of the user sides), which thread count, shared-memory padding and
 * radices ran fastest; a "passes" entry, for multi-pass transforms of length R (the
 * convolution's for Bluestein; ops KS_MID_BLUESTEIN or KS_MID_RADER for those routes), the
 * radices and padding of all its passes (-1: the planner's default); a "plane" entry, for the
 * plane kernel of an R x B plane (the last two axes of a complex transform, or an R2C's with
 * io naming its real sides, plan/planes.c),
 * whether one kernel per axis ran faster instead, and if not, the plane kernel's threads (T, 0: the planner's);
 * a "conv" entry, for an axis of length R (stride is; io 1 for a C2R axis, whose planner rule
 * differs) that takes Bluestein, the convolution length m that ran fastest (the planner's is the
 * smallest 7-smooth m >= 2R-1; its kernels' own entries are keyed by m).
 * The choices change speed only, never results: every combination is a correct kernel. */
#ifndef KFFT_WISDOM_H
#define KFFT_WISDOM_H
#include <pthread.h>

#include "kfft.h"

#define KFFT_WISDOM_MAX 4096

typedef struct {
    int passes, f64;    /* the key: kind (0 single, 1 passes, 2 plane, 3 conv), precision, */
    int64_t R;          /* length, */
    int64_t is;         /* single, passes: the transformed axis's stride in the stage's source (a 3-D
                         * array's axes 0 and 1 run kernels of one R and B), */
    int B, ops;         /* columns per block (single), operations, */
    int io;             /* user sides: kfft_wisdom_io(first kernel's load, last kernel's store); conv: kfft_conv_io */
    int T, pad, radix;  /* the choice (radix: a KFFT_RADIX_* mode of kfft_codelet_radices) */
    int regs;           /* single: registers per thread the kernel is bounded to (0: none) */
    int split;          /* split twiddle tables (kspec.twsplit) on 1, off 0, the planner's rule -1 */
    int noclu;          /* passes: 1 = without the clusters the planner's rules take (kspec.clu) */
    int rows;           /* passes: plain complex passes in rows of at least this many 32-byte sectors (0: the planner's) */
    int cols;           /* single: columns a block (0: the planner's, B of the key) */
    int pfa;            /* single, passes: Rader's (and a one-kernel Bluestein's) convolutions on coprime radices
                         * where a grouping exists (1), never (-1), or by the planner's rule (0; schedule.c: conv_pfa) */
    int noplane;        /* plane: 1 = the two axes a kernel each, not the plane kernel */
    int clu;            /* plane: blocks a plane (1: one, P: a cluster of P; 0: the planner's) */
    int64_t conv;       /* conv: Bluestein's convolution length for axis length R at stride is */
    double ms, default_ms;
} kfft_wisdom_entry;

typedef struct kfft_wisdom {
    pthread_mutex_t lock;
    char device[256], version[256]; /* the device it was measured on */
    int n;
    kfft_wisdom_entry e[KFFT_WISDOM_MAX];
} kfft_wisdom;

/* The key's user-side layout: a packed R2C or C2R kernel (or a mirrored, real or half-spectrum
 * side) of the same R and B as a complex one runs differently (the C2C 8192 choice made the
 * packed R2C 16384 1.7x slower on the H100: bench/results/h100-2026-11-25g-tune.txt). */
static inline int kfft_wisdom_io(int ld, int st) { return ld * 16 + st; }
/* A conv entry's axis: 0 complex, 1 C2R, 2 R2C. Each runs other kernels around its convolution,
 * so the length one wins can lose on another (H200: R2C 8219's 16800 made C2C 8219's plan 2%
 * slower; bench/results/h200-2026-12-02-calls.txt). */
static inline int kfft_conv_io(kfft_type t) { return t == KFFT_C2R ? 1 : t == KFFT_R2C ? 2 : 0; }

kfft_wisdom *kfft_wisdom_new(const char *device, const char *version);
void kfft_wisdom_free(kfft_wisdom *w);
/* The choice for key (T, pad of *key are outputs): 1 when there is one. w may be NULL. */
int kfft_wisdom_lookup(kfft_wisdom *w, kfft_wisdom_entry *key);
/* Adds or replaces the entry of e's key. */
void kfft_wisdom_put(kfft_wisdom *w, const kfft_wisdom_entry *e);
/* Text file: "kfft-wisdom 5", "device NAME", "version VERSION", then one line per entry
 * ("single f32 R= B= is= ops= io= T= pad= radix= [regs=] [split=] [cols=] [pfa=] ns= default_ns=" or "passes f64
 * R= is= ops= io= pad= radix= [split=] [noclu=] [rows=] [pfa=] ns= default_ns=" or "plane f32 R= B= noplane= ns=
 * default_ns=" or "conv f32 R= is= [c2r=1|r2c=1] m= ns= default_ns=", io= after B= for a real transform's plane, T= after noplane= for a plane whose
 * threads were tuned and C= after that for one whose blocks were; regs=, io=, c2r=, r2c=, T= and C= absent
 * read as 0, split= as -1, noclu=, rows=, cols= and pfa= as 0; a conv entry's m below 2R-1 or with a prime factor
 * above the codelets' is malformed). Files of format 2 (no io=) are
 * refused: their entries could not say which kernels they were measured on; and of format 3:
 * a stage the tuner left at its default could be recorded without the planner's register
 * bound or radix mode, so its entry planned other, slower kernels (tune.c before session 32);
 * and of format 4 (no is=): a 3-D transform's strided stages of one R and B shared an entry, the
 * last one tuned setting both (512^3 on the H100: kfft tune measured 2.45 -> 2.30 ms, the harness
 * ran its file at 2.43 -> 2.50 ms; bench/results/h100-2026-11-27m-tune.txt).
 * load() takes the entries of a file made on the same device, driver and compiler; any
 * other file (foreign device, stale driver, malformed line) is refused whole with the reason
 * and leaves w unchanged. */
kfft_status kfft_wisdom_save(kfft_wisdom *w, const char *path);
kfft_status kfft_wisdom_load(kfft_wisdom *w, const char *path);

#endif
