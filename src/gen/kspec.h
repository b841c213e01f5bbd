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
 *             passes with Ns = 1, R1, R1*R2, ... computes the FFT in natural order.
 *             With tfast (an axis strided in memory whose neighbouring transforms sit side by
 *             side, as a 2-D array's columns do), global column g is column j = g / nt of
 *             transform t = g mod nt (nt transforms in the launch), the workspace holds
 *             element e of transform t at e*nt + t, and threads walk across columns, so
 *             a block's B columns are B neighbouring transforms: whole DRAM sectors on
 *             both sides of every pass.
 *             With tgrp (such an axis whose passes keep the workspace transform-major: not
 *             smooth, or tfast not taken), columns come in groups of tgrp neighbouring
 *             transforms: global column g < F = (nt / tgrp) * tgrp * cpt (cpt = columns per
 *             transform) is column j = (g / tgrp) mod cpt of transform t = (g / tgrp / cpt)
 *             * tgrp + g mod tgrp, and the columns past F (the last nt mod tgrp transforms)
 *             are in order. A block's B columns then write (or read) whole 32-byte sectors on
 *             the user's side and runs of B / tgrp elements on the workspace's.
 *
 * Columns are transforms t = tbase + (local index); a user-side transform's first element
 * is at sum_d digit_d(t) * stride_d over the "outer" dimensions (batch axes and the other
 * axes of a multi-dimensional transform), fastest first. */
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

#define KS_MAX_OUTER 8
/* The local bytes a thread past which most spill bets lose (plan.c bets_spilled): they won where
 * they compiled to 8 bytes or none and lost at 40 or more. */
#define KS_SPILL_BET_BYTES 32

typedef struct {
    int64_t n, is, os; /* length; strides on the read and the written side */
} ks_dim;

/* How a user-side load or store sees real data (R2C/C2R). FULL routes transform n complex
 * values (imaginary parts zero or Hermitian-extended); PACK routes (even n) transform n/2
 * complex values z[m] = x[2m] + i x[2m+1] with a fused pre/post step: in one block, or in
 * passes (n/2 smooth), the C2R pre-step in the first pass's loads and the R2C post-step in
 * a last pass whose blocks pair columns j and Ns - j, as two-for-one's does (below).
 * Two-for-one routes (the *2 values) transform two real transforms as one complex one:
 * column P holds user transforms 2P and 2P+1 (the last alone when ntr is odd) as
 * z = x_a + i x_b. C2R loads Z = X_a + i X_b (each Hermitian-extended, DC and Nyquist taken
 * real) and stores Re z, Im z; R2C stores X_a[k] = (Z[k] + Z*[n-k])/2 and
 * X_b[k] = -i (Z[k] - Z*[n-k])/2, which needs Z[k] and Z[n-k] in one block: a whole
 * transform (KS_SINGLE), or the last pass of a chain, whose column j (outputs j + e*Ns) pairs
 * with one other column (ks_pairs); that pass launches blocks of B/2 columns and their B/2
 * partners (see ks_cols_per_transform). */
enum { KS_LD_CPLX = 0, KS_LD_REAL, KS_LD_HERM, KS_LD_PAIR, KS_LD_C2R_PACK, KS_LD_REAL2, KS_LD_HERM2, KS_LD_FOLD, KS_LD_ROWPAIR, KS_LD_C2R_PLANE };
enum { KS_ST_CPLX = 0, KS_ST_HALF, KS_ST_REAL, KS_ST_PAIR, KS_ST_R2C_PACK, KS_ST_MIRROR, KS_ST_HALF2, KS_ST_REAL2 };
enum { KS_DIR_FWD = 0, KS_DIR_INV };

/* KS_ST_MIRROR (the sparse 2-D FFT's row transforms): transform u is row u <= R/2 of the
 * spectrum F of a real R x n matrix. The store writes F[u, e] at out_off + u*ld + e and,
 * since F[R-u, n-e] = conj(F[u, e]), row R-u at aux + (R-u)*ld + (n-e) mod n, each only
 * for rows in [a, b) and, unless full, columns <= n/2.
 * KS_LD_FOLD (with it, half spectrum, all rows): the input G (row u, n elements) lies in the
 * two spectrum rows the transform will write, at in_off + u*ld for e < ld and at in_off +
 * (R-u)*ld + e - ld after; rows u = 0 and 2u = R, which have no mirror, are real (W^(r*u)
 * = +-1) and lie as n reals at row u. So a block reads only what it will overwrite, and the
 * sparse FFT needs no buffer for G (spfft.c). */
typedef struct {
    int full;
    int64_t R, a, b, ld;
} ks_mirror;

/* Fused operations. */
enum {
    KS_PRE_CHIRP = 1,     /* load: e < n ? x[e]*chirp[e] : 0 (Bluestein) */
    KS_POST_BMUL = 2,     /* store: conj(v * bhat[e]) (end of Bluestein's first FFT) */
    KS_POST_CHIRP = 4,    /* store: e < n only, conj(v) * chirp[e] (end of Bluestein) */
    KS_MID_BLUESTEIN = 8, /* KS_SINGLE: the whole Bluestein convolution in one block; KS_GPASS: its middle
                             (ks_bluestein_middle) */
    KS_MID_RADER = 16     /* columns of prime length p = R+1 by Rader's cyclic convolution of length R
                             (KS_SINGLE: the whole transform; KS_GPASS: the pass of a prime factor) */
};

/* Rader (p = R+1 prime, g a primitive root; n stands for p below): with a[q] = x[g^q] and b[q] = W_n^(g^-q),
 * X[g^-m] = x[0] + (a (*) b)[m] (cyclic, length n-1) and X[0] = x[0] + sum a. The load
 * scatters x[e] (e >= 1) to position dlog(e) of the column in shared memory (global reads
 * stay contiguous), the convolution runs as Bluestein's does (FFT, times bhat = FFT(b)/(n-1),
 * conjugate, FFT), and the store gathers position -dlog(e) mod (n-1). x[0] and sum a wait in
 * 2*B shared slots after the columns. Table `dlog`: entry e (1 <= e < n) holds dlog(e) as an
 * exact small integer in its real part. */

typedef struct {
    int kind;
    int f64;
    int64_t N;           /* KS_GPASS: length of the transform this pass belongs to */
    int64_t bfp;         /* KS_GPASS, Bluestein on a prime factor: columns of bfp elements (stride N/bfp) each
                            transformed in the block by Bluestein's convolution of length R (PRE_CHIRP,
                            MID_BLUESTEIN, POST_CHIRP with the guards and chirps by element e < bfp); 0: none */
    int64_t n;           /* user's transform length (Bluestein guards, chirp) */
    int R;               /* in-block FFT length */
    int nrad, rad[KS_MAX_RADICES];
    /* A convolution in a block (Rader's, or a one-kernel Bluestein's) whose radices are
     * pairwise coprime (the prime-factor algorithm): its passes take no twiddles, the load and
     * the store place elements in Good's layout through Rader's tables (tables.c:
     * tab_rader_layout) or Bluestein's table `lay` (entry q: the position of time index q;
     * tab_bluestein_layout), the spectrum sits in the CRT's order, and the inverse FFT runs the
     * radices in reverse. */
    int pfa;
    int B;               /* columns per block */
    int pad;             /* shared-memory layout against bank conflicts: KS_PAD_ROWS, KS_PAD_SWZ or 0 */
    int swzfold;         /* KS_PAD_SWZ: the passes take the XOR once a thread where the stride allows (passes.c) */
    int spill_bet;       /* a choice measured to win only where the compiler spills it little (swzfold, a
                            register bound): the local bytes a thread past which plan.c plans again without
                            it, checking the compiled kernel (backend kernel_info); 0: no bet */
    int bkey;            /* KS_SINGLE: the columns a block the planner's rules chose, its wisdom key, where a
                          * measured choice (kfft tune's cols=) runs B others; 0: B is the rules' */
    int cpad;            /* spare elements after each column in shared memory (gen_column_pad) */
    int T;               /* threads per block */
    int regs;            /* register bound per thread asked for (kfft_tune, wisdom; 0: none) ... */
    int minb;            /* ... as blocks per SM for the compiler (CUDA launch bounds; 0: none) */
    int64_t Ns;          /* KS_GPASS: product of the radices of earlier passes */
    int tfast;           /* KS_GPASS: columns and workspace transform-fastest (above) */
    int tgrp;            /* KS_GPASS: columns in groups of tgrp neighbouring transforms (above; 0: none) */
    int src, dst;        /* KS_IO_* */
    int64_t istride, ostride; /* along the transformed axis, for KS_IO_USER sides */
    int nouter; ks_dim outer[KS_MAX_OUTER]; /* transform index -> user offsets */
    int ld, st;          /* KS_LD_*, KS_ST_* (user sides only) */
    ks_mirror mir;       /* KS_ST_MIRROR */
    int64_t nreal;       /* real length of a PACK route (n = nreal/2) */
    int64_t rtw;         /* PACK: table of W_nreal^k, k <= nreal/2; in passes two tables, W_nreal^j
                            (j < C = N/R, the pass's columns) then W_nreal^(e C) at rtw + C (e < R in
                            the C2R first pass, e <= R/2 in the R2C last): W^(j + e C) = the product;
                            for a cluster kernel's R2C store (clu) W_nreal^kk (kk <= M/2), then
                            W_nreal^(m M) (m < P) */
    /* rtw1: a one-kernel packed C2R whose first pass reads the source takes W_nreal^src of
     * element src = bj + i RB (RB = R/rad[0]) as W^bj (one table load per butterfly) times
     * W^(i RB), a constant: one load per element fewer, four multiplies more (blocks.c:
     * blk_c2r_rtw1). */
    int rtw1;
    int64_t ntr;         /* two-for-one routes: user transforms (columns are pairs of them) */
    int scale;           /* multiply stored values by (dir ? scale_inv : scale_fwd) */
    double scale_fwd, scale_inv;
    int conj_in, conj_out; /* the inverse conjugates at load / store (conj(DFT(conj x))) */
    /* KS_DIR_FWD / KS_DIR_INV: the direction this kernel is generated for, a constant in its
     * source (a select on a run-time flag kept both arms in the code). A C2C plan makes its
     * inverse kernels on first use (plan.c: inverse_kernels). */
    int dir;
    /* The inverse's conjugations as an exchange of re and im: swap(DFT(swap x)) = conj(DFT(conj
     * x)) as swap z = i conj z, and free in registers (no negations). Holds where all between
     * the first load and the last store is complex-linear but for pairs of conjugations
     * (Bluestein's and Rader's own, each pair restoring the factor i): a complex stage (a C2C
     * plan's; a C2R plan's column stages), not a real stage, whose Hermitian steps conjugate
     * single terms. */
    int swap;
    int ops;             /* KS_PRE_CHIRP | ... */
    int idx64;           /* global indices need 64 bits */
    /* Offsets (in complex elements) of the tables in the plan's table buffer. */
    int64_t tw_local[KS_MAX_RADICES]; /* per radix pass: W_{Ns r}^{i k}, k<Ns, 1<=i<r */
    /* With twsplit = L (a power of two), the in-block passes take W_R^m instead from two
     * small tables staged in shared memory, W_R^m = hi[m / L] * lo[m % L] (exact integer m,
     * both rounded once from double, so one rounding more than a direct table): tw_hi holds
     * W_R^(j L) for j < ceil(R / L), tw_lo W_R^j for j < L (kspec.h: ks_split_area). */
    int twsplit;
    int64_t tw_hi, tw_lo;
    /* twdirect[p]: pass p takes W_{Ns r}^(i kk) itself from a table of (r-1)*Ns entries by rows
     * (tw_local[p]), staged in shared memory at ks_direct_offset(k, p): one load per twiddle
     * and one rounding, where a split pair costs two loads and a product. Set only for fp32
     * blocks of one column alone on their SM, in shared memory they would leave unused
     * (blocks.c: direct_passes). */
    unsigned char twdirect[KS_MAX_RADICES];
    /* twpow[p]: split pass p of radix 3..8 takes only W^kk from the split pair and makes
     * W^(i kk), i >= 2, as products W^(i/2 kk) W^((i - i/2) kk) in registers: two shared
     * loads per butterfly where the pair costs two per twiddle, but W^kk's rounding grows
     * i-fold. Set only in the direct tables' blocks (fp32, one column, alone on their SM),
     * where it was measured to win (blocks.c: local_tables). */
    unsigned char twpow[KS_MAX_RADICES];
    /* keep[p]: pass p's butterflies come in rounds (one butterfly per thread each); rounds
     * keep[p] and later (0: none) are copied to the staging area before the pass's barrier
     * and fetched back one round at a time after it, so only keep[p] rounds of registers stay
     * live across it, where holding all of them would spill (blocks.c: stage_rounds). */
    unsigned char keep[KS_MAX_RADICES];
    /* KS_GPASS, Ns > 1: element e = b + q*RB (b < RB = R/rad[0]) of column j is multiplied by
     * W_{Ns R}^(e j') = W_{Ns R}^(b j') W_{Ns rad[0]}^(q j'), j' = j mod Ns: tw_pa entry b*Ns + j',
     * tw_pb entry (q-1)*Ns + j'. A thread's butterfly (fixed b, q = 0..rad[0]-1) reads one pa
     * entry and rad[0]-1 pb entries, each shared by the warp's lanes of one column, where a
     * two-level table of W^m had each lane gather two entries of its own for every element. */
    int64_t tw_pa, tw_pb;
    int twst;            /* KS_GPASS, Ns > 1: those of the block's columns staged in shared memory (ks_tw_area) */
    int cfetch;          /* KS_POST_CHIRP: the last pass fetches the output chirp before its stores (blocks.c: blk_chirp_fetch) */
    int rpair;           /* a one-kernel packed R2C's last pass (C2R's first) gives a thread butterflies j and RB - j
                          * (RB = R / r a column), the post-step (pre-step) in registers; ks_rpair_ok,
                          * blocks.c: blk_real_pairs, passes.c */
    /* KS_GPASS, Ns = 1, B = 1, the first of two passes whose second has one radix P = clu
     * (0: none): that pass too, across clusters of P blocks sharing shared memory (CUDA), so
     * the transform never crosses global memory in between. Block j of a cluster holds column
     * j of one transform (Y_j, M = N/P long; Rader's put in natural order first), and after the
     * cluster's barrier takes outputs kk in [j S, (j+1) S), S = ceil(M/P): Y_q[kk] from block
     * q, times W_N^(q kk) (table tw_pb, entry (q-1)*M + kk), a radix-P butterfly, and X[kk +
     * m M] to the destination, as the second pass would have written them. The packed R2C's
     * post-step pairs X[k] with X[N-k]: there block j takes the output pairs kk, M - kk for kk
     * in [j S2, (j+1) S2), S2 = ceil((M/2)/P), kk = 0 standing for 0 and M/2 (kernel.c:
     * emit_cluster_store_r2c). */
    int clu;
    /* KS_SINGLE, plane > 0: two axes of a multi-dimensional transform in one block, one plane
     * of R x plane elements (plan/planes.c). The block's B = plane columns are neighbouring
     * transforms along this spec's axis (R, rad, tw_local, istride): the plane's columns, held
     * element-major in shared memory (element e of column c at e*B + c), which its passes walk
     * across. Then a second FFT of length B (radices prad, tables ptw) runs over the plane's R
     * rows, each B consecutive elements there: outer[0] is the rows' axis (n = B), and the rows
     * are transforms of that axis (plane.c: gen_plane_view), the second FFT's last pass storing
     * them. The plane needs no pass through global memory between its two axes. With clu = P,
     * a plane too large for one block runs on a cluster of P blocks (CUDA): block j holds rows
     * j + P m (istride is P rows), its first FFT is M1 = R = n1/P long, a radix-P pass across
     * the cluster (tw_pb: W_n1^(q kk) at (q-1)*M1 + kk) completes the columns, and block j
     * keeps the rows kk + M1 q for its share of kk (plane.c: emit_plane_cluster).
     * An R2C plane (ld KS_LD_ROWPAIR, st KS_ST_R2C_PACK) transforms a real n1 x 2M plane whose
     * rows are contiguous: column c holds z = x[2c] + i x[2c+1] of each row (outer[0] counts the
     * M columns, 2 reals apart), the two FFTs make Z, the 2-D FFT of z, and the store writes the
     * half spectrum X[u][k] = (Z[u][k] + Z*[-u][M-k])/2 - i W_2M^k (Z[u][k] - Z*[-u][M-k])/2, k
     * <= M (rtw: W_2M^k, k <= M/2; plane.c: emit_plane_store_r2c); in one block, or in a cluster
     * whose radix-P pass gives each block outputs kk and M1 - kk, so rows u and -u (S = M1/P even).
     * A C2R plane (ld KS_LD_C2R_PLANE, st KS_ST_PAIR) is its inverse: column k < M loads
     * Z[u][k] = (a + c) + i W_2M^-k (a - c), a = X[u][k], c = X*[-u][M-k] (rtw: W_2M^k, k < M;
     * outer[0] counts the M columns, its os the real rows' stride), the two FFTs run inverse
     * and the rows store z = x[2m] + i x[2m+1] as pairs of reals; in one block, or in a cluster
     * (clu = P), where block pj's row m is u = pj + P m and row -u comes from global memory. */
    int plane, nprad, prad[KS_MAX_RADICES];
    int64_t ptw[KS_MAX_RADICES];
    int64_t chirp, bhat, dlog, lay;
} kspec;

/* A forward kernel whose inverse differs (a conjugation or a scale): a C2C plan makes that
 * step's KS_DIR_INV twin on its first inverse run (plan.c: inverse_kernels). */
static inline int ks_inverse_differs(const kspec *k)
{
    return k->dir == KS_DIR_FWD && (k->conj_in || k->conj_out || k->scale);
}

/* Layout of the in-block twiddles of a radix-r pass (element q of butterfly kk times
 * W_{Ns r}^(q kk)): by rows, entry (q-1)*Ns + kk, so a warp's neighbouring butterflies read
 * neighbouring entries; or by butterfly, entry kk*(r-1) + q-1, one thread's twiddles side by
 * side. Rows measured faster on the H100 for power-of-two blocks of 8192 and more (16384
 * 0.80 -> 0.90 of cuFFT, R2C 16384 0.72 -> 0.78, 8192^2 0.73 -> 0.76) and slower for smaller
 * ones (R2C 4096^2, rows of 2048: 0.82 -> 0.67) and odd-radix ones, whose 784-1024-thread
 * blocks run at the register cap and spilled more (8219's m = 16464 2.30 -> 1.87, 17496 0.75
 * -> 0.65); bench/results/h100-2026-11-25-ab.txt. */
static inline int ks_tw_rows(const kspec *k) { return (k->R & (k->R - 1)) == 0 && k->R >= 8192; }

/* A KS_GPASS with KS_MID_BLUESTEIN is the last pass of Bluestein's first FFT (Ns = N/R) and the
 * first of its second (Ns = 1), whose passes have the same radices: column j's outputs j + e*Ns
 * are that pass's inputs of column j. It loads as the first, multiplies element e by bhat at
 * j + e*Ns (conjugated, as KS_POST_BMUL), runs the in-block FFT again and stores as the second
 * (j*R + e): one round trip through the work area fewer. Such a pass, and the Ns its store
 * writes with: */
static inline int ks_bluestein_middle(const kspec *k) { return k->kind == KS_GPASS && (k->ops & KS_MID_BLUESTEIN) && !k->bfp; }
static inline int64_t ks_store_ns(const kspec *k) { return ks_bluestein_middle(k) ? 1 : k->Ns; }

/* Is k the last pass of a two-for-one or packed R2C chain (columns in pairs: ks_pairs)? */
static inline int ks_pair_pass(const kspec *k) { return k->kind == KS_GPASS && !k->clu && (k->st == KS_ST_HALF2 || k->st == KS_ST_R2C_PACK); }

/* A pairing pass's columns. Output k = j + e*Ns (k < n) pairs with n - k, which lies in column
 * (d - j) mod Ns, d = n mod Ns, at element C - e, C = (n - d)/Ns - (j > d); k = 0 pairs with
 * itself. d = 0 except in Bluestein's last pass, whose n is less than its length N. So columns
 * pair as j <-> d - j (j <= d) and j <-> Ns + d - j (j > d), with fixed points d/2 (d even) and
 * (Ns + d)/2 (Ns + d even). Slots ("representatives" jl, each with a partner slot): jl = 0 holds
 * the fixed points (fa, and fb in its partner slot) where there are any, then the pairs j < d - j
 * (lo of them), then the pairs d < j < Ns + d - j. For d = 0: column 0, Ns/2 beside it (even
 * Ns), then j and Ns - j: ceil(Ns/2) slots. (With Ns/2 in a slot of its own, R2C 2^16's 256
 * columns took 9 blocks of 16 for 8 of work.) */
typedef struct {
    int64_t d, fa, fb, lo, reps;
    int nfix; /* fixed points: 0, 1 (fa) or 2 (fa, fb) */
} ks_pairing;
static inline ks_pairing ks_pairs(const kspec *k)
{
    ks_pairing q = {.d = k->n % k->Ns, .fa = -1, .fb = -1};
    int64_t f[2] = {q.d % 2 == 0 ? q.d / 2 : -1, (k->Ns + q.d) % 2 == 0 ? (k->Ns + q.d) / 2 : -1};
    for (int i = 0; i < 2; i++) {
        if (f[i] < 0) continue;
        if (q.nfix++) q.fb = f[i];
        else q.fa = f[i];
    }
    q.lo = (q.d + 1) / 2;
    q.reps = (k->Ns - q.nfix) / 2 + (q.nfix + 1) / 2;
    return q;
}

/* Elements per column of a pass: the in-block FFT length R, Rader's prime R+1 (its convolution
 * is R long), or a Bluestein factor's prime (its convolution is R long). And the length its
 * Bluestein guards and chirps go by: that factor, else the user's transform length. */
static inline int ks_col_len(const kspec *k) { return k->bfp ? (int)k->bfp : k->ops & KS_MID_RADER ? k->R + 1 : k->R; }
static inline int64_t ks_chirp_len(const kspec *k) { return k->bfp ? k->bfp : k->n; }
/* Is k a pass of a length's prime factor (Rader's, or Bluestein's on the factor), whose columns
 * are ks_col_len long rather than R? */
static inline int ks_prime_pass(const kspec *k) { return k->kind == KS_GPASS && (k->bfp || (k->ops & KS_MID_RADER)); }

/* Columns a kernel launches per transform: 1 for KS_SINGLE, N / (column length) for a pass; a
 * pairing R2C last pass launches, per block of B, B/2 representatives and their partners
 * (ks_pairs), enough blocks to cover the representatives. */
static inline int64_t ks_cols_per_transform(const kspec *k)
{
    if (k->kind == KS_SINGLE) return k->plane && k->clu ? k->clu : 1; /* a plane in a cluster: P blocks */
    int64_t cols = k->N / ks_col_len(k), h = k->B / 2;
    return ks_pair_pass(k) ? (ks_pairs(k).reps + h - 1) / h * k->B : cols;
}

/* A padded kernel (kspec.pad = KS_PAD_ROWS) puts one spare element after every 16 complex
 * floats or 8 complex doubles (one 128-byte bank row), so the power-of-two strides of the
 * Stockham passes fall on different banks instead of queueing on one. A swizzled one
 * (KS_PAD_SWZ) keeps the footprint and permutes each bank row instead: element x at
 * x ^ ((x >> s) & (2^s - 1)), s = ks_pad_shift, a row's elements XORed with its row index, so
 * a stride of one row spreads over the banks as padding's does; the rows of a column (R a
 * multiple of 2^s) stay its own. */
enum { KS_PAD_ROWS = 1, KS_PAD_SWZ = 2 };
static inline int ks_pad_shift(int f64) { return f64 ? 3 : 4; }
/* Can k's columns be swizzled (whole bank rows; a plane's element-major rows are not its columns)? */
static inline int ks_swz_ok(const kspec *k) { return !k->plane && k->R % (1 << ks_pad_shift(k->f64)) == 0; }
/* The least s with 2^s >= x (x >= 1): a power of two's exponent. */
static inline int ks_log2_ceil(int64_t x)
{
    int s = 0;
    while (((int64_t)1 << s) < x) s++;
    return s;
}
static inline int64_t ks_smem_elems(int64_t elems, int f64, int pad) { return pad == KS_PAD_ROWS ? elems + (elems >> ks_pad_shift(f64)) + 1 : elems; }
/* Shared-memory elements of a kernel's B columns: element x = c*R + e sits at
 * x + (padded ? x >> ks_pad_shift : 0) + c*cpad (swizzled: x's swizzle + c*cpad). */
static inline int64_t ks_col_area(const kspec *k) { return ks_smem_elems((int64_t)k->B * k->R, k->f64, k->pad) + (int64_t)k->B * k->cpad; }
/* A one-kernel Bluestein convolution in the prime-factor layout (pfa): its loads and stores
 * go through shared memory by the table `lay`. */
static inline int ks_blue_pfa(const kspec *k) { return k->pfa && (k->ops & KS_MID_BLUESTEIN); }
/* ... which a one-kernel Bluestein convolution may take (schedule.c: conv_pfa). */
static inline int ks_blue_pfa_fits(const kspec *k)
{
    return (k->ops & KS_MID_BLUESTEIN) && k->kind == KS_SINGLE && !k->bfp && !k->clu && !k->plane;
}
/* A one-kernel convolution (Bluestein, Rader) whose FFT starts and ends with the same radix
 * does its middle in registers (kernel.c: emit_mid_fused); the planner orders radices so. */
static inline int ks_conv_fused(const kspec *k) { return k->nrad >= 2 && (k->pfa || k->rad[0] == k->rad[k->nrad - 1]); }
/* A pass's twiddles staged in shared memory (kspec.twst): after the columns (and Rader's
 * slots), pa[b][j'] of local column c at b*B + c (b < R/rad[0]), then pb[q-1][j'] at
 * (R/rad[0] + q-1)*B + c. The block's threads fetch them once, next to their data loads, so
 * a butterfly's r multipliers come from shared memory instead of r global loads per thread
 * that held registers against the data loads in flight. */
static inline int64_t ks_tw_area(const kspec *k) { return k->twst ? (int64_t)k->B * (k->R / k->rad[0] + k->rad[0] - 1) : 0; }
/* Where the staged twiddles start: after the columns and Rader's slots. */
static inline int64_t ks_tw_offset(const kspec *k) { return ks_col_area(k) + (k->ops & KS_MID_RADER ? 2 * k->B : 0); }
/* The split twiddle tables (kspec.twsplit) after those: hi, then lo with one spare entry per
 * 16 (entry j at j + j/16), so the power-of-two strides between neighbouring butterflies'
 * exponents fall on different banks. */
static inline int64_t ks_split_hi(const kspec *k) { return k->twsplit ? (k->R + k->twsplit - 1) / k->twsplit : 0; }
static inline int64_t ks_split_area(const kspec *k) { return k->twsplit ? ks_split_hi(k) + k->twsplit + k->twsplit / 16 : 0; }
static inline int64_t ks_split_offset(const kspec *k) { return ks_tw_offset(k) + ks_tw_area(k); }
/* The direct tables (kspec.twdirect) after the split ones, in pass order: pass p's at the
 * returned offset; p = nrad gives the end. */
static inline int64_t ks_direct_offset(const kspec *k, int p)
{
    int64_t o = ks_split_offset(k) + ks_split_area(k), Ns = 1;
    for (int q = 0; q < p && q < k->nrad; Ns *= k->rad[q], q++)
        if (k->twdirect[q]) o += (int64_t)(k->rad[q] - 1) * Ns;
    return o;
}
/* Rounds of pass p (one butterfly per thread each), and the butterflies S its staged rounds
 * (kspec.keep) hold (0: none): butterfly f >= keep*T of the pass keeps element i at
 * stage + i*S + f - keep*T, so a warp's lanes touch neighbouring entries; the area is the
 * largest pass's S times its radix. */
static inline int ks_rounds(const kspec *k, int p) { return (k->B * (k->R / k->rad[p]) + k->T - 1) / k->T; }
static inline int64_t ks_staged(const kspec *k, int p)
{
    return k->keep[p] && k->keep[p] < ks_rounds(k, p) ? ((int64_t)k->B * (k->R / k->rad[p]) - (int64_t)k->keep[p] * k->T) : 0;
}
static inline int64_t ks_stage_area(const kspec *k)
{
    int64_t a = 0;
    for (int p = 0; p < k->nrad; p++)
        if (ks_staged(k, p) * k->rad[p] > a) a = ks_staged(k, p) * k->rad[p];
    return a;
}
/* Can a one-kernel packed R2C's last pass, or C2R's first pass reading the source, pair its
 * butterflies j and RB - j (RB = R / r of that pass, even) in one thread (kspec.rpair)? Not
 * across a cluster, in a plane, through a convolution, or with staged rounds. */
static inline int ks_rpair_ok(const kspec *k)
{
    if (k->kind != KS_SINGLE || k->clu || k->plane || k->nrad < 2 ||
        (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER | KS_PRE_CHIRP | KS_POST_CHIRP)))
        return 0;
    int l = k->nrad - 1;
    if (k->st == KS_ST_R2C_PACK && k->dst == KS_IO_USER) return (k->R / k->rad[l]) % 2 == 0 && !ks_staged(k, l);
    return k->ld == KS_LD_C2R_PACK && k->src == KS_IO_USER && (k->R / k->rad[0]) % 2 == 0;
}
/* Shared-memory elements of a kernel: its B columns, Rader's 2*B slots, staged twiddles, split
 * tables, direct tables, the staging area (at ks_direct_offset(k, nrad)). */
static inline int64_t ks_kernel_smem(const kspec *k) { return ks_direct_offset(k, k->nrad) + ks_stage_area(k); }
/* The same in bytes: what a launch asks for. */
static inline size_t ks_kernel_smem_bytes(const kspec *k) { return (size_t)ks_kernel_smem(k) * (k->f64 ? 16 : 8); }
/* The most elements whose padded layout fits in `bytes` (planning assumes padding). */
static inline int64_t ks_smem_capacity(int64_t bytes, int f64)
{
    int64_t cap = bytes / (f64 ? 16 : 8) - 1, q = (int64_t)1 << ks_pad_shift(f64);
    return cap > 0 ? cap * q / (q + 1) : 0;
}

#endif
