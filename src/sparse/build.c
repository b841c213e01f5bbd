/* Coordinate list -> canonical CSC, by counting: one pass counts the entries of each
 * column, a prefix sum turns counts into starts, a second pass scatters each entry to its
 * column (colptr doubles as the insertion cursor, so no extra array), then each column is
 * sorted (only when it is not already: files written column by column need none) and
 * duplicates are merged in place. Memory: the caller's list plus the final arrays at their
 * pre-merge size; merging only shrinks them. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "sparse/sparse.h"

/* n elements of elem bytes, or NULL when the size does not fit size_t or malloc fails.
 * At least one element, so that an empty matrix still has non-NULL arrays. */
static void *alloc_array(int64_t n, size_t elem)
{
    if (n < 1) n = 1;
    if ((uint64_t)n > SIZE_MAX / elem) return NULL;
    return malloc((size_t)n * elem);
}

size_t sp_bytes(const kfft_sparse *m)
{
    size_t n = (size_t)(m->nnz > 0 ? m->nnz : 1);
    return sizeof *m + (size_t)(m->cols + 1) * sizeof(int64_t) + n * (size_t)m->index +
           (m->values ? n * sizeof(double) : 0);
}

kfft_status sp_alloc(int64_t rows, int64_t cols, kfft_sparse_mode mode, const char *who, kfft_sparse **out)
{
    *out = NULL;
    kfft_sparse *m = calloc(1, sizeof *m);
    if (!m) return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "%s: out of memory (%zu bytes)", who, sizeof *m);
    m->rows = rows;
    m->cols = cols;
    m->mode = mode;
    m->index = sp_index_bytes(rows) == 2 ? KFFT_SPARSE_U16 : KFFT_SPARSE_U32;
    if ((uint64_t)(cols + 1) > SIZE_MAX / sizeof(int64_t) || !(m->colptr = calloc((size_t)(cols + 1), sizeof(int64_t)))) {
        free(m);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "%s: out of memory for the column starts of %lld columns (%.3g GB)",
                         who, (long long)cols, (double)(cols + 1) * 8 / 1e9);
    }
    m->host_bytes = sp_bytes(m);
    m->build_peak_bytes = m->host_bytes;
    *out = m;
    return KFFT_SUCCESS;
}

static inline void put_row(kfft_sparse *m, int64_t pos, int64_t r)
{
    if (m->index == KFFT_SPARSE_U16) m->row16[pos] = (uint16_t)r;
    else m->row32[pos] = (uint32_t)r;
}

kfft_status sp_alloc_entries(kfft_sparse *m, int64_t total, size_t held, const char *who)
{
    if (total > KFFT_SPARSE_MAX_NNZ)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: %lld entries (mirrored halves included) exceed the limit of 2^40",
                         who, (long long)total);
    int weighted = m->mode == KFFT_SPARSE_WEIGHTED;
    void *rows = alloc_array(total, (size_t)m->index);
    double *vals = weighted ? alloc_array(total, sizeof(double)) : NULL;
    if (!rows || (weighted && !vals)) {
        free(rows);
        free(vals);
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "%s: out of memory for %lld entries (%.3g GB)", who, (long long)total,
                         (double)total * (double)((size_t)m->index + (weighted ? sizeof(double) : 0)) / 1e9);
    }
    if (m->index == KFFT_SPARSE_U16) m->row16 = rows;
    else m->row32 = rows;
    m->values = vals;
    m->nnz = total;
    m->host_bytes = sp_bytes(m);
    if (held + m->host_bytes > m->build_peak_bytes) m->build_peak_bytes = held + m->host_bytes;
    return KFFT_SUCCESS;
}

kfft_status sp_fill(kfft_sparse *m, const sp_coo *coo, size_t held, const char *who)
{
    int64_t *cp = m->colptr, cols = m->cols, n = coo->n, base = coo->base;
    for (int64_t k = 0; k < n; k++) {
        int64_t r = sp_index(coo->r, coo->rbytes, k) - base, c = sp_index(coo->c, coo->cbytes, k) - base;
        cp[c + 1]++;
        if (coo->mirror && r != c) cp[r + 1]++;
    }
    for (int64_t c = 0; c < cols; c++) cp[c + 1] += cp[c];
    kfft_status st = sp_alloc_entries(m, cp[cols], held, who);
    if (st) return st;
    double *vals = m->values;

    /* Scatter: cp[c] is the next free slot of column c, so it ends as the start of c+1. */
    for (int64_t k = 0; k < n; k++) {
        int64_t r = sp_index(coo->r, coo->rbytes, k) - base, c = sp_index(coo->c, coo->cbytes, k) - base;
        double x = vals && coo->v ? coo->v[k] : 1.0;
        int64_t p = cp[c]++;
        put_row(m, p, r);
        if (vals) vals[p] = x;
        if (coo->mirror && r != c) {
            p = cp[r]++;
            put_row(m, p, c);
            if (vals) vals[p] = coo->mirror < 0 ? -x : x;
        }
    }
    for (int64_t c = cols; c > 0; c--) cp[c] = cp[c - 1];
    cp[0] = 0;
    return KFFT_SUCCESS;
}

/* Sorting one column's rows, values alongside. Columns are short in the matrices this is
 * for (tens of entries), so insertion sort; heapsort beyond that keeps the worst case at
 * n log n without recursion or extra memory. One copy per row index type. */
#define SP_SORT_FNS(T, NAME)                                                                                          \
    static void NAME##_sift(T *r, double *v, int64_t root, int64_t n)                                                 \
    {                                                                                                                 \
        for (;;) {                                                                                                    \
            int64_t child = 2 * root + 1;                                                                             \
            if (child >= n) return;                                                                                   \
            if (child + 1 < n && r[child + 1] > r[child]) child++;                                                    \
            if (r[root] >= r[child]) return;                                                                          \
            T t = r[root];                                                                                            \
            r[root] = r[child];                                                                                       \
            r[child] = t;                                                                                             \
            if (v) {                                                                                                  \
                double x = v[root];                                                                                   \
                v[root] = v[child];                                                                                   \
                v[child] = x;                                                                                         \
            }                                                                                                         \
            root = child;                                                                                             \
        }                                                                                                             \
    }                                                                                                                 \
    static void NAME(T *r, double *v, int64_t n)                                                                      \
    {                                                                                                                 \
        if (n <= 32) {                                                                                                \
            for (int64_t i = 1; i < n; i++) {                                                                         \
                T t = r[i];                                                                                           \
                double x = v ? v[i] : 0;                                                                              \
                int64_t j = i;                                                                                        \
                for (; j > 0 && r[j - 1] > t; j--) {                                                                  \
                    r[j] = r[j - 1];                                                                                  \
                    if (v) v[j] = v[j - 1];                                                                           \
                }                                                                                                     \
                r[j] = t;                                                                                             \
                if (v) v[j] = x;                                                                                      \
            }                                                                                                         \
            return;                                                                                                   \
        }                                                                                                             \
        for (int64_t i = n / 2; i-- > 0;) NAME##_sift(r, v, i, n);                                                    \
        for (int64_t end = n - 1; end > 0; end--) {                                                                   \
            T t = r[0];                                                                                               \
            r[0] = r[end];                                                                                            \
            r[end] = t;                                                                                               \
            if (v) {                                                                                                  \
                double x = v[0];                                                                                      \
                v[0] = v[end];                                                                                        \
                v[end] = x;                                                                                           \
            }                                                                                                         \
            NAME##_sift(r, v, 0, end);                                                                                \
        }                                                                                                             \
    }

SP_SORT_FNS(uint16_t, sort16)
SP_SORT_FNS(uint32_t, sort32)

/* Sorts and merges every column in place (one copy per index type): w is the next slot
 * of the compacted arrays; colptr[c] is overwritten only after column c was read. Returns
 * the column of the first weighted sum beyond the range of double, else -1. */
#define SP_MERGE_FN(T, NAME, SORT)                                                                                    \
    static int64_t NAME(kfft_sparse *m, T *r, int64_t *bad_row)                                                       \
    {                                                                                                                 \
        int64_t *cp = m->colptr, w = 0, s = 0;                                                                        \
        double *v = m->values;                                                                                        \
        for (int64_t c = 0; c < m->cols; c++) {                                                                       \
            int64_t e = cp[c + 1];                                                                                    \
            for (int64_t k = s + 1; k < e; k++)                                                                       \
                if (r[k - 1] > r[k]) {                                                                                \
                    SORT(r + s, v ? v + s : NULL, e - s);                                                             \
                    break;                                                                                            \
                }                                                                                                     \
            int64_t start = w;                                                                                        \
            cp[c] = start;                                                                                            \
            for (int64_t k = s; k < e; k++) {                                                                         \
                if (w > start && r[w - 1] == r[k]) {                                                                  \
                    if (v && !isfinite(v[w - 1] += v[k])) {                                                           \
                        *bad_row = r[k];                                                                              \
                        return c;                                                                                     \
                    }                                                                                                 \
                    continue;                                                                                         \
                }                                                                                                     \
                r[w] = r[k];                                                                                          \
                if (v) v[w] = v[k];                                                                                   \
                w++;                                                                                                  \
            }                                                                                                         \
            s = e;                                                                                                    \
        }                                                                                                             \
        cp[m->cols] = w;                                                                                              \
        return -1;                                                                                                    \
    }

SP_MERGE_FN(uint16_t, merge16, sort16)
SP_MERGE_FN(uint32_t, merge32, sort32)

kfft_status sp_finalize(kfft_sparse *m, int symmetric_known, int64_t base, const char *who)
{
    int64_t before = m->nnz, bad_row = 0;
    int64_t bad_col = m->index == KFFT_SPARSE_U16 ? merge16(m, m->row16, &bad_row) : merge32(m, m->row32, &bad_row);
    if (bad_col >= 0)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT,
                         "%s: the duplicate entries at row %lld, column %lld sum to a value beyond the range of double",
                         who, (long long)(bad_row + base), (long long)(bad_col + base));
    m->nnz = m->colptr[m->cols];
    m->merged = before - m->nnz;
    if (m->nnz < before) { /* hand back the tail; a failed shrink just keeps the block */
        size_t n = (size_t)(m->nnz > 0 ? m->nnz : 1);
        void *p = realloc(m->index == KFFT_SPARSE_U16 ? (void *)m->row16 : (void *)m->row32, n * (size_t)m->index);
        if (p && m->index == KFFT_SPARSE_U16) m->row16 = p;
        else if (p) m->row32 = p;
        if (m->values && (p = realloc(m->values, n * sizeof(double)))) m->values = p;
    }
    m->host_bytes = sp_bytes(m);
    if (!symmetric_known) {
        int s = sp_is_symmetric(m);
        if (s < 0)
            return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "%s: out of memory checking symmetry (%lld bytes)", who,
                             (long long)m->cols * 8);
        m->symmetric = s;
        if (m->rows == m->cols && m->host_bytes + (size_t)m->cols * 8 > m->build_peak_bytes)
            m->build_peak_bytes = m->host_bytes + (size_t)m->cols * 8;
    }
    return KFFT_SUCCESS;
}

int sp_is_symmetric(const kfft_sparse *m)
{
    if (m->rows != m->cols) return 0;
    const int64_t *cp = m->colptr;
    int64_t n = m->cols;
    /* Sweeping columns j upwards, the entries (i, j) below the diagonal must meet, in each
     * column i, that column's entries above the diagonal in row order: cur[i] is the next
     * one expected. O(nnz) time, one cursor per column. */
    int64_t *cur = malloc((size_t)n * sizeof *cur);
    if (!cur) return -1;
    memcpy(cur, cp, (size_t)n * sizeof *cur);
    int sym = 1;
    for (int64_t j = 0; j < n && sym; j++)
        for (int64_t k = cp[j]; k < cp[j + 1]; k++) {
            int64_t i = kfft_sparse_row(m, k);
            if (i <= j) continue;
            int64_t p = cur[i]++;
            if (p >= cp[i + 1] || kfft_sparse_row(m, p) != j || (m->values && m->values[p] != m->values[k])) {
                sym = 0;
                break;
            }
        }
    for (int64_t i = 0; i < n && sym; i++) /* every entry above the diagonal was met */
        if (cur[i] < cp[i + 1] && kfft_sparse_row(m, cur[i]) < i) sym = 0;
    free(cur);
    return sym;
}
