/* The kfft_sparse container: construction from the caller's COO or CSC arrays (every
 * argument and index checked first, so a bad entry is named before anything is built) and
 * freeing. The work is done by the builder (build.c); the file reader is src/io/mtx.c. */
#include <math.h>
#include <stdlib.h>

#include "core/error.h"
#include "sparse/sparse.h"

static kfft_status check_shape(const char *who, int64_t rows, int64_t cols, kfft_sparse_mode mode, int zero_based,
                               kfft_sparse **m)
{
    if (!m) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: m (the result) is NULL", who);
    *m = NULL;
    if (rows < 1 || rows > KFFT_SPARSE_MAX_DIM)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: rows = %lld is outside 1..2147483647", who, (long long)rows);
    if (cols < 1 || cols > KFFT_SPARSE_MAX_DIM)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: cols = %lld is outside 1..2147483647", who, (long long)cols);
    if (mode != KFFT_SPARSE_BINARY && mode != KFFT_SPARSE_WEIGHTED)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: mode = %d is neither KFFT_SPARSE_BINARY nor KFFT_SPARSE_WEIGHTED",
                         who, (int)mode);
    if (zero_based != 0 && zero_based != 1)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: zero_based = %d must be 1 (zero-based) or 0 (one-based)", who,
                         zero_based);
    return KFFT_SUCCESS;
}

/* Index x of array `name` at entry k must lie in base .. n-1+base. */
static kfft_status check_index(const char *who, const char *name, int64_t k, int64_t x, int64_t n, int64_t base,
                               const char *what)
{
    if (x >= base && x - base < n) return KFFT_SUCCESS;
    return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: %s[%lld] = %lld is outside %lld..%lld (%s-based %s indices of %lld %ss)",
                     who, name, (long long)k, (long long)x, (long long)base, (long long)(n - 1 + base),
                     base ? "one" : "zero", what, (long long)n, what);
}

static kfft_status check_value(const char *who, int64_t k, double x)
{
    if (isfinite(x)) return KFFT_SUCCESS;
    return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: v[%lld] is %s: values must be finite", who, (long long)k,
                     isnan(x) ? "NaN" : x > 0 ? "+Inf" : "-Inf");
}

kfft_status kfft_sparse_from_coo(int64_t rows, int64_t cols, int64_t nnz, const int64_t *r, const int64_t *c,
                                 const double *v, int zero_based, kfft_sparse_mode mode, kfft_sparse **m)
{
    static const char who[] = "kfft_sparse_from_coo";
    kfft_status st = check_shape(who, rows, cols, mode, zero_based, m);
    if (st) return st;
    if (nnz < 0 || nnz > KFFT_SPARSE_MAX_NNZ)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: nnz = %lld is outside 0..2^40", who, (long long)nnz);
    if (nnz > 0 && (!r || !c))
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: %s is NULL with nnz = %lld", who, !r ? "r" : "c", (long long)nnz);
    int64_t base = zero_based ? 0 : 1;
    const double *vals = mode == KFFT_SPARSE_WEIGHTED ? v : NULL;
    for (int64_t k = 0; k < nnz; k++) {
        if ((st = check_index(who, "r", k, r[k], rows, base, "row")) || (st = check_index(who, "c", k, c[k], cols, base, "column")))
            return st;
        if (vals && (st = check_value(who, k, vals[k]))) return st;
    }
    kfft_sparse *s;
    if ((st = sp_alloc(rows, cols, mode, who, &s))) return st;
    sp_coo coo = {.n = nnz, .r = r, .c = c, .rbytes = 8, .cbytes = 8, .base = base, .v = vals, .mirror = 0};
    if (!(st = sp_fill(s, &coo, 0, who))) st = sp_finalize(s, 0, base, who);
    if (st) {
        kfft_sparse_free(s);
        return st;
    }
    s->input_entries = nnz;
    *m = s;
    return KFFT_SUCCESS;
}

kfft_status kfft_sparse_from_csc(int64_t rows, int64_t cols, const int64_t *colptr, const int64_t *rowidx,
                                 const double *v, int zero_based, kfft_sparse_mode mode, kfft_sparse **m)
{
    static const char who[] = "kfft_sparse_from_csc";
    kfft_status st = check_shape(who, rows, cols, mode, zero_based, m);
    if (st) return st;
    if (!colptr) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: colptr is NULL", who);
    int64_t base = zero_based ? 0 : 1;
    if (colptr[0] != base)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: colptr[0] = %lld must be %lld for %s-based arrays", who,
                         (long long)colptr[0], (long long)base, base ? "one" : "zero");
    for (int64_t c = 0; c < cols; c++) {
        if (colptr[c + 1] < colptr[c])
            return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: colptr[%lld] = %lld is less than colptr[%lld] = %lld", who,
                             (long long)(c + 1), (long long)colptr[c + 1], (long long)c, (long long)colptr[c]);
        if (colptr[c + 1] - base > KFFT_SPARSE_MAX_NNZ)
            return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: colptr[%lld] = %lld: more than 2^40 entries", who,
                             (long long)(c + 1), (long long)colptr[c + 1]);
    }
    int64_t nnz = colptr[cols] - base;
    if (nnz > 0 && !rowidx)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: rowidx is NULL with %lld entries", who, (long long)nnz);
    const double *vals = mode == KFFT_SPARSE_WEIGHTED ? v : NULL;
    for (int64_t k = 0; k < nnz; k++) {
        if ((st = check_index(who, "rowidx", k, rowidx[k], rows, base, "row"))) return st;
        if (vals && (st = check_value(who, k, vals[k]))) return st;
    }
    /* Already grouped by column: copy (narrowing the row type), then sort and merge. */
    kfft_sparse *s;
    if ((st = sp_alloc(rows, cols, mode, who, &s))) return st;
    if ((st = sp_alloc_entries(s, nnz, 0, who))) {
        kfft_sparse_free(s);
        return st;
    }
    for (int64_t c = 0; c <= cols; c++) s->colptr[c] = colptr[c] - base;
    for (int64_t k = 0; k < nnz; k++) {
        if (s->row16) s->row16[k] = (uint16_t)(rowidx[k] - base);
        else s->row32[k] = (uint32_t)(rowidx[k] - base);
        if (s->values) s->values[k] = vals ? vals[k] : 1.0;
    }
    if ((st = sp_finalize(s, 0, base, who))) {
        kfft_sparse_free(s);
        return st;
    }
    s->input_entries = nnz;
    *m = s;
    return KFFT_SUCCESS;
}

void kfft_sparse_free(kfft_sparse *m)
{
    if (!m) return;
    free(m->colptr);
    free(m->row16);
    free(m->row32);
    free(m->values);
    free(m);
}
