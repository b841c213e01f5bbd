/* kfft sparse matrices: the input side of the sparse-input 2-D FFT.
 *
 * A kfft_sparse is a real R x C matrix in compressed sparse column (CSC) form, built from a
 * Matrix Market file or from the caller's COO / CSC arrays, never from a dense matrix. It is
 * canonical: within each column the row indices are strictly ascending (sorted, no
 * duplicates), so the FFT can rely on that. Row indices use the narrowest unsigned type
 * that holds every row (uint16_t when rows <= 65536, else uint32_t): the FFT streams them,
 * and half the bytes is half the traffic. Counts are 64-bit throughout.
 *
 * Every call returns a kfft_status and, on failure, sets the calling thread's
 * kfft_error_message() (for a file: the line number and the problem). Nothing prints,
 * nothing aborts. A kfft_sparse is read-only once built; the struct is documented so the
 * FFT and callers can read its arrays directly. */
#ifndef KFFT_SPARSE_H
#define KFFT_SPARSE_H

#include "kfft.h"

#ifdef __cplusplus
extern "C" {
#endif

/* BINARY: every structural entry counts as 1 (a graph's adjacency matrix); duplicates
 * count once and no values are stored (values == NULL).
 * WEIGHTED: the stored values are used; duplicates are summed. An entry whose sum is 0
 * (an explicit zero in the file, or duplicates that cancel) stays a structural entry: the
 * pattern never depends on the values. Input without values (a 'pattern' file, or v ==
 * NULL) has every entry weighing 1, so duplicates give their multiplicity. */
typedef enum { KFFT_SPARSE_BINARY = 0, KFFT_SPARSE_WEIGHTED = 1 } kfft_sparse_mode;

/* Type of the row indices: the number is the bytes per index. */
typedef enum { KFFT_SPARSE_U16 = 2, KFFT_SPARSE_U32 = 4 } kfft_sparse_index;

#define KFFT_SPARSE_MAX_DIM 2147483647LL      /* rows and cols: 1..2^31-1 */
#define KFFT_SPARSE_MAX_NNZ (1LL << 40)       /* stored entries, after mirroring and merging */

typedef struct kfft_sparse {
    int64_t rows, cols; /* 1..KFFT_SPARSE_MAX_DIM */
    int64_t nnz;        /* structural entries of the full matrix (symmetric halves expanded) */
    kfft_sparse_mode mode;
    kfft_sparse_index index; /* KFFT_SPARSE_U16 when rows <= 65536, else KFFT_SPARSE_U32 */
    /* Column c holds entries colptr[c] .. colptr[c+1]-1; colptr[0] = 0, colptr[cols] = nnz. */
    int64_t *colptr;
    /* Zero-based row indices, ascending within each column: row16 when index is U16, else
     * row32; the other is NULL. kfft_sparse_row() reads either. */
    uint16_t *row16;
    uint32_t *row32;
    /* nnz values, WEIGHTED mode only (finite); NULL in BINARY mode. */
    double *values;
    /* 1 when the matrix equals its transpose (pattern and, in WEIGHTED mode, values): then
     * the 2-D transform is symmetric too, F[u,v] = F[v,u]. Set for symmetric Matrix Market
     * files and for skew-symmetric ones read in BINARY mode (same pattern), and found by a
     * check of the built matrix for everything else. */
    int symmetric;
    int64_t input_entries; /* entries given: the file's declared count, or the nnz argument */
    int64_t merged;        /* duplicate entries merged into another (after mirroring) */
    size_t host_bytes;     /* host memory this matrix holds: the struct and its arrays */
    size_t build_peak_bytes; /* most host memory held at once while building it (arrays
                                and buffers of the reader and builder, this result included) */
} kfft_sparse;

/* From coordinate arrays: entry k is (r[k], c[k]) with value v[k], k = 0..nnz-1, indices
 * zero-based when zero_based is 1, else one-based (Matrix Market, Fortran). Any order,
 * duplicates allowed. v is read in WEIGHTED mode only (NULL there: every entry 1) and must
 * be finite. Every index is checked: the error names the array, the entry and its value.
 * nnz 0 gives an empty matrix; r, c (and v) may then be NULL. */
KFFT_API kfft_status kfft_sparse_from_coo(int64_t rows, int64_t cols, int64_t nnz, const int64_t *r, const int64_t *c,
                                          const double *v, int zero_based, kfft_sparse_mode mode, kfft_sparse **m);

/* From CSC arrays: colptr[0..cols], rowidx and v of colptr[cols] - colptr[0] entries.
 * One-based (zero_based 0) means colptr[0] == 1 and one-based row indices (Harwell-Boeing);
 * zero-based means colptr[0] == 0. colptr must not decrease. Rows within a column may come
 * in any order and repeat (they are sorted and merged as by kfft_sparse_from_coo). */
KFFT_API kfft_status kfft_sparse_from_csc(int64_t rows, int64_t cols, const int64_t *colptr, const int64_t *rowidx,
                                          const double *v, int zero_based, kfft_sparse_mode mode, kfft_sparse **m);

/* Reads a Matrix Market coordinate file ("-": standard input):
 *   %%MatrixMarket matrix coordinate pattern|real|integer general|symmetric|skew-symmetric
 * (keywords case-insensitive), then '%' comment lines and blank lines (allowed anywhere
 * after the header), the size line "rows cols entries", and exactly that many entry lines
 * "row col [value]", one-based. Symmetric and skew-symmetric files store the lower
 * triangle, as the format defines: an entry above the diagonal is an error, every entry
 * below it is mirrored (skew: with its value negated), and skew files have no diagonal
 * entries. Values of real files are finite decimals (no inf/nan), of integer files
 * integers within 64 bits (rounded to double beyond 2^53). In BINARY mode values are not
 * kept but must still be valid. Lines may be of any length; CRLF line ends are accepted.
 * Errors: INVALID_ARGUMENT for a malformed file (the message names the line and the
 * problem), UNSUPPORTED for valid files kfft cannot use (complex or hermitian fields, the
 * dense 'array' format), IO when the file cannot be read, OUT_OF_MEMORY. The file is read
 * once, in chunks, into a coordinate list of the narrowest types, then sorted into
 * columns by counting (see src/io/mtx.c and src/sparse/build.c for the memory used). */
KFFT_API kfft_status kfft_sparse_read_mtx(const char *path, kfft_sparse_mode mode, kfft_sparse **m);

/* Frees m and its arrays; NULL is allowed. */
KFFT_API void kfft_sparse_free(kfft_sparse *m);

/* ---- The sparse-input 2-D FFT ----------------------------------------------------------
 * F[u, v] = sum over stored entries (r, c) of a_rc exp(-2 pi i (r u / R + c v / C)) for the
 * R x C matrix m (a_rc = 1 in BINARY mode), computed from the CSC arrays without ever
 * building the dense matrix: for the rows u <= R/2 of the spectrum, G[u, c] = sum_r a_rc
 * W_R^(r u) by direct sums with exact integer angle indices, then F[u, :] = the length-C FFT
 * of G[u, :] with kfft's generated kernels (mixed radix, or Bluestein for non-smooth C),
 * whose store also writes row R-u, F[R-u, C-v] = conj(F[u, v]) (real input). Into a device
 * buffer of the whole spectrum G lives in that buffer (the row FFTs overwrite it), so the plan
 * holds only the matrix and tables; host outputs and row ranges run in tiles of rows u sized
 * to the device memory budget. */
typedef struct {
    kfft_precision precision; /* KFFT_F32 or KFFT_F64 */
    int full;                 /* 0: the R x (C/2+1) half spectrum (numpy rfft2); 1: R x C (fft2) */
    int64_t row_begin, row_end; /* spectrum rows [row_begin, row_end); both 0: every row */
    size_t budget;            /* device bytes this plan may hold (matrix, tables, tiles, work
                                 areas, staging); 0: 1 GiB. The caller's output buffer is not
                                 counted. */
    int to_host;              /* 1: output through host memory (kfft_spfft_execute_rows or
                                 _host), which needs a device staging area within the budget */
} kfft_spfft_desc;

typedef struct {
    int64_t rows, cols;       /* the output: row_end - row_begin rows of cols complex values */
    int64_t tile_rows;        /* rows u <= R/2 per tile (each gives up to two spectrum rows);
                                 with G in the output, per chunk of the row FFT */
    int64_t tiles;            /* tiles (chunks) per execution */
    size_t matrix_bytes;      /* the matrix on the device (narrowest index types) */
    size_t tile_bytes;        /* G of one tile (0: G in the output) */
    size_t fft_bytes;         /* the row FFT's tables and work area */
    size_t staging_bytes;     /* to_host only */
    size_t device_bytes;      /* everything this plan holds on the device: its peak */
    char route[256];          /* how each dimension is done, in words */
} kfft_spfft_info;

typedef struct kfft_spfft_plan_s *kfft_spfft_plan;

/* Plans the transform of m (which must outlive nothing: the plan copies what it needs to the
 * device). Errors: INVALID_ARGUMENT naming the field (rows out of range, precision),
 * OUT_OF_MEMORY when the budget or the device cannot hold one tile (the message gives the
 * bytes needed), UNSUPPORTED for f64 on a device without it. */
KFFT_API kfft_status kfft_spfft_plan_create(kfft_context ctx, const kfft_sparse *m, const kfft_spfft_desc *desc,
                                            kfft_spfft_plan *plan);
KFFT_API kfft_status kfft_spfft_plan_info(kfft_spfft_plan plan, kfft_spfft_info *info);
/* Output in a device buffer of info.rows x info.cols complex values, row-major, spectrum
 * row row_begin first; asynchronous on the context's stream. */
KFFT_API kfft_status kfft_spfft_execute(kfft_spfft_plan plan, kfft_buffer out);
/* Output through host memory, tile by tile (plans with to_host): fn gets spectrum rows
 * row0 .. row0+nrows-1 (nrows x info.cols complex values, valid during the call); every row
 * comes exactly once, not in order. A nonzero return from fn stops the execution, which
 * then returns KFFT_ERROR_IO. */
typedef int (*kfft_spfft_rows_fn)(void *user, int64_t row0, int64_t nrows, const void *data);
KFFT_API kfft_status kfft_spfft_execute_rows(kfft_spfft_plan plan, kfft_spfft_rows_fn fn, void *user);
/* Into a host array of info.rows x info.cols complex values (plans with to_host). Page-locked
 * memory (kfft_malloc_host) is filled by the device's copies directly, beside the kernels; any
 * other memory through the plan's page-locked slots and a host copy (on the H100, 52329^2 with
 * 11 GB of output: 0.22 s into page-locked memory, 1.09x one copy of its bytes; 0.47 s into
 * pageable memory, where one plain copy takes 0.99 s). */
KFFT_API kfft_status kfft_spfft_execute_host(kfft_spfft_plan plan, void *out);
KFFT_API void kfft_spfft_plan_destroy(kfft_spfft_plan plan);

/* Row index of stored entry k (0 <= k < nnz), whatever the index type. */
static inline int64_t kfft_sparse_row(const kfft_sparse *m, int64_t k)
{
    return m->index == KFFT_SPARSE_U16 ? (int64_t)m->row16[k] : (int64_t)m->row32[k];
}

#ifdef __cplusplus
}
#endif
#endif
