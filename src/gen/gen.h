/* Kernel source generator: one program (dialect prelude, radix codelets, kernels) from
 * the planner's kernel specs. The generator writes one text; src/gen/dialect.c maps it to
 * CUDA or OpenCL C. */
#ifndef KFFT_GEN_H
#define KFFT_GEN_H
#include "core/strbuf.h"
#include "gen/kspec.h"

/* Kernel i is named "kfft_k<i>". All specs share one precision. */
void gen_program(strbuf *b, int dialect, const kspec *specs, int nspecs);

/* The sparse 2-D FFT's direct-sum kernel "kfft_sp" (sparse.c). Launch arguments: in = the
 * matrix buffer (CSC arrays at the byte offsets below), out = G, out_off = G's first element
 * (G[u - tbase, c] at out_off + (u - tbase)*C + c, or folded), ncols = rows u in the tile,
 * tbase = its first u; gen_sparse_groups() blocks of gen_sparse_threads() threads. */
typedef struct {
    int f64;
    int64_t R, C;
    int colptr64, row32, weighted; /* colptr int64 (else uint32); rows uint32 (else uint16); values */
    int64_t off_colptr, off_rows, off_vals; /* bytes */
    int64_t tw_lo, tw_hi, n_lo, n_hi; int tw_shift; /* W_R^m = lo[m mod 2^s] * hi[m >> s] */
    int tw_smem;    /* copy the tables to shared memory */
    int upl;        /* rows u per lane */
    int cols;       /* columns per block: 8, 16 or 32 */
    int idx64;      /* G offsets need 64 bits */
    int64_t fold;   /* > 0: G folded into a half spectrum of row pitch fold (kspec.h: KS_LD_FOLD) */
} ks_sparse;
void gen_sparse_program(strbuf *b, int dialect, const ks_sparse *k);
int gen_sparse_threads(void);
int64_t gen_sparse_groups(const ks_sparse *k, int64_t ncols_u);
/* Shared memory bytes of the kernel. */
static inline size_t gen_sparse_smem(const ks_sparse *k)
{
    return (size_t)(k->cols * 33 + (k->tw_smem ? k->n_lo + k->n_hi : 0)) * (k->f64 ? 16 : 8);
}

/* The table kernel "kfft_tab" (tabfill.c): fills entries [out_off, out_off + ncols) of out
 * (complex, fp32) with one table, from exact integer angle indices in double precision. The
 * launch passes the kind as inv, its parameters as tbase (P1) and in_off (P2), the modulus N
 * as aux; gen_table_groups(ncols) groups of gen_table_threads() threads.
 *  KT_GRID:   entry i*P2 + k = W_N^((i + P1) k)  (a grid of P2 columns)
 *  KT_GRID_K: entry k*P2 + i = W_N^((i + P1) k)  (the same by columns: P2 rows)
 *  KT_RANGE:  entry k = W_N^(k P1)
 *  KT_CHIRP:  entry k = exp(-i pi k^2 / N) = W_2N^(k^2 mod 2N)
 *  KT_DLOG:   entry g^q mod N = q for q < N-1 (P1 = g, a primitive root of the prime N), entry 0 = 0
 *  KT_MIRROR: entry N-1-e = entry e+1 (the second half of an even table of N entries)
 * (W_N = exp(-2 pi i / N); N < 2^31 keeps every product exact in 64 bits.) */
enum { KT_GRID = 1, KT_GRID_K, KT_RANGE, KT_CHIRP, KT_DLOG, KT_MIRROR };
void gen_table_program(strbuf *b, int dialect);
int gen_table_threads(void);
int64_t gen_table_groups(int64_t count);

/* How a kernel's threads meet memory (kernel.c): does its first radix pass read the source
 * and its last write the destination; do consecutive threads walk along a column (1) or
 * across columns (0) on a global side; and in radix pass rd/wr (reading / writing global). */
void gen_kernel_io(const kspec *k, int *from_global, int *to_global);
int gen_walk_along(const kspec *k, int store);
int gen_pass_along(const kspec *k, int rd, int wr);

/* Shared-memory bank model (banks.c): the column padding (kspec.cpad, < one bank row) that
 * needs the fewest shared-memory wavefronts for k's radix passes, keeping the kernel within
 * max_elems elements of shared memory. */
int gen_column_pad(const kspec *k, int64_t max_elems);
/* The model's shared-memory wavefronts of k's sampled warps as laid out (k->cpad), and in
 * *ideal the fewest any layout could take. */
int64_t gen_smem_cost(const kspec *k, int64_t *ideal);

/* Dialect layer (dialect.c). */
void gen_dialect_prelude(strbuf *b, int dialect, int f64);
/* The kernel's opening line up to and including '{', with its parameter list; cluster > 1:
 * its blocks launch in clusters of that many (CUDA only). */
void gen_dialect_kernel_open(strbuf *b, int dialect, const char *name, int threads, int minb, int cluster);
/* For kernels with clusters (CUDA): KFFT_CLUSTER_BARRIER() and kfft_cluster_ld(p, rank), the
 * element at p's place in block `rank`'s shared memory. */
void gen_dialect_cluster(strbuf *b, int dialect);
/* Double-precision math in a program of either precision: KFFT_SINCOSPI(x, s, c) sets
 * s = sin(pi x), c = cos(pi x). */
void gen_dialect_f64_math(strbuf *b, int dialect);
/* Shared-memory array `s` of `elems` complex elements. */
void gen_dialect_smem(strbuf *b, int dialect, int elems);

/* Codelets (codelet.c): `KFFT_DEVICE void kfft_dft<r>(kfft_cplx *v)`, forward DFT of
 * length r in place on v[0..r-1], straight-line code; with live < r, `kfft_dft<r>_<live>`,
 * whose inputs v[live..r-1] are taken as zero (not read). */
int gen_codelet_supported(int r);
void gen_codelet(strbuf *b, int r, int live, int f64);
/* Elements of a first (store = 0) or last (store = 1) radix-r pass's butterflies that can
 * lie below a Bluestein kernel's n (passes.c); r where nothing is pruned. */
int gen_live_elems(const kspec *k, int r, int store);

#endif
