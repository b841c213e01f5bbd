/* Internal: building a kfft_sparse from a coordinate list (the one path shared by the
 * Matrix Market reader and the from-memory constructors). */
#ifndef KFFT_SPARSE_INTERNAL_H
#define KFFT_SPARSE_INTERNAL_H
#include <stddef.h>
#include <stdint.h>

#include "kfft_sparse.h"

/* A coordinate list as the builder reads it. The reader keeps its indices in the narrowest
 * type (2 or 4 bytes), the API hands int64_t arrays (8 bytes): the builder reads either, so
 * nobody copies a list just to change its type. */
typedef struct {
    int64_t n;          /* entries */
    const void *r, *c;  /* row / column indices: uint16_t, uint32_t or int64_t */
    int rbytes, cbytes; /* 2, 4 or 8: which of those */
    int64_t base;       /* subtracted from every index (0 or 1) to make it zero-based */
    const double *v;    /* values (read in WEIGHTED mode only); NULL: every entry is 1 */
    /* 0: entries as given. 1 (symmetric) / -1 (skew-symmetric): every off-diagonal entry
     * (r, c, x) also stands for (c, r, x) / (c, r, -x). */
    int mirror;
} sp_coo;

/* Index k of an index array of `bytes` bytes per index. */
static inline int64_t sp_index(const void *a, int bytes, int64_t k)
{
    switch (bytes) {
    case 2: return ((const uint16_t *)a)[k];
    case 4: return ((const uint32_t *)a)[k];
    default: return ((const int64_t *)a)[k];
    }
}

/* Bytes per row index for a matrix of `rows` rows: 2 when every zero-based index fits in
 * 16 bits (rows <= 65536), else 4. */
static inline int sp_index_bytes(int64_t rows) { return rows <= 65536 ? 2 : 4; }

/* An empty matrix (every column empty) of the right index type, values not yet allocated:
 * colptr zeroed, row and value arrays NULL. who prefixes error messages. */
kfft_status sp_alloc(int64_t rows, int64_t cols, kfft_sparse_mode mode, const char *who, kfft_sparse **m);

/* Allocates m's row (and, WEIGHTED, value) arrays for `total` entries and sets m->nnz;
 * `held` as for sp_fill. */
kfft_status sp_alloc_entries(kfft_sparse *m, int64_t total, size_t held, const char *who);

/* Step 1: counts the entries of each column (mirrors included) and scatters rows (and
 * values) into m, whose colptr must be zeroed (sp_alloc). Columns are then in input order,
 * not yet sorted or merged. Every index must already be in range. `held` is the caller's
 * memory in use meanwhile (its list, its buffers), for m->build_peak_bytes. */
kfft_status sp_fill(kfft_sparse *m, const sp_coo *coo, size_t held, const char *who);

/* Step 2: sorts each column's rows (only columns not already sorted), merges duplicates
 * (BINARY: kept once; WEIGHTED: summed; a sum beyond the range of double is an error
 * naming the entry, indices shown plus `base`), returns the unused tail of the arrays, sets
 * host_bytes and, unless symmetric_known, the symmetric flag (sp_is_symmetric). */
kfft_status sp_finalize(kfft_sparse *m, int symmetric_known, int64_t base, const char *who);

/* Does m (canonical: sorted, merged) equal its transpose? 1 yes, 0 no, -1 out of memory
 * (needs 8 bytes per column for a cursor). */
int sp_is_symmetric(const kfft_sparse *m);

/* Bytes of m's arrays and struct. */
size_t sp_bytes(const kfft_sparse *m);

#endif
