/* Sparse matrices (kfft_sparse.h) and the Matrix Market reader. usage: test_mtx TEST
 *   coo        kfft_sparse_from_coo / _from_csc against an independent sort-and-merge:
 *              duplicates (binary, weighted), empty rows and columns, a single entry, a full
 *              row, rectangular, 1x1, the uint16/uint32 choice at 65536 rows, the symmetry
 *              flag, bad arguments and indices (messages name the entry and the value)
 *   mtx        well-formed files of every field and symmetry (mirroring, negation),
 *              comments and blank lines anywhere, CRLF, keyword case, lines of megabytes,
 *              read in chunks of 1..7 bytes and whole: always the same matrix
 *   malformed  a corpus of bad files: each error's status, line number and wording
 *   fuzz       30,000 mutated, truncated and spliced files read in random chunk sizes:
 *              every result either a valid canonical matrix or an error with a message
 *   shared     the real matrices in $KFFT_SHARED_DIR/data/mtx (or $KFFT_SHARED_DIR itself)
 *              when the variable is set, else in ../shared/data/mtx next to the source
 *              tree: sizes and entry counts against their known values and
 *              an independent parse, binary and weighted, with read times. Exit 77
 *              (skip) when the folder is absent.
 *   read FILE [binary|weighted]   not a test: reads FILE and prints the matrix, the time,
 *              the builder's peak and the process's peak RSS (for measurements)
 * Exit status: 0 pass, 1 fail, 77 skip. Suitable for ASan/UBSan runs. */
#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "io/mtx.h"
#include "io/numfmt.h"
#include "kfft_sparse.h"
#include "sparse/sparse.h"

#include "test_check.h"

static uint64_t rng = 0x853C49E6748FEA9Bull;
static uint64_t rnd(void) /* splitmix64 */
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int64_t rnd_below(int64_t n) { return (int64_t)(rnd() % (uint64_t)n); }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- an independent reference: triples sorted by (column, row), duplicates merged ---------- */

typedef struct {
    int64_t r, c; /* zero-based */
    double v;
} trip;

static int cmp_trip(const void *a, const void *b)
{
    const trip *x = a, *y = b;
    if (x->c != y->c) return x->c < y->c ? -1 : 1;
    return x->r < y->r ? -1 : x->r > y->r;
}

/* Sorts and merges t in place; returns the merged count. */
static int64_t ref_merge(trip *t, int64_t n, kfft_sparse_mode mode)
{
    qsort(t, (size_t)n, sizeof *t, cmp_trip);
    int64_t w = 0;
    for (int64_t k = 0; k < n; k++) {
        if (w > 0 && t[w - 1].r == t[k].r && t[w - 1].c == t[k].c) {
            t[w - 1].v += t[k].v;
            continue;
        }
        t[w++] = t[k];
    }
    if (mode == KFFT_SPARSE_BINARY)
        for (int64_t k = 0; k < w; k++) t[k].v = 1;
    return w;
}

/* Every structural invariant of a kfft_sparse. Returns 1 when all hold. */
static int valid(const kfft_sparse *m, const char *what)
{
    int ok = 1;
#define V(cond, ...)                                                                                                   \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            check(0, __VA_ARGS__);                                                                                     \
            return 0;                                                                                                  \
        }                                                                                                              \
    } while (0)
    V(m->rows >= 1 && m->cols >= 1 && m->nnz >= 0, "%s: bad shape", what);
    V(m->index == (m->rows <= 65536 ? KFFT_SPARSE_U16 : KFFT_SPARSE_U32), "%s: index type %d for %lld rows", what,
      (int)m->index, (long long)m->rows);
    V((m->index == KFFT_SPARSE_U16) == (m->row16 != NULL) && (m->row16 == NULL) != (m->row32 == NULL),
      "%s: row arrays do not match the index type", what);
    V((m->mode == KFFT_SPARSE_WEIGHTED) == (m->values != NULL), "%s: values %s in mode %d", what,
      m->values ? "present" : "absent", (int)m->mode);
    V(m->colptr[0] == 0 && m->colptr[m->cols] == m->nnz, "%s: colptr ends %lld, %lld (nnz %lld)", what,
      (long long)m->colptr[0], (long long)m->colptr[m->cols], (long long)m->nnz);
    for (int64_t c = 0; c < m->cols; c++) {
        V(m->colptr[c + 1] >= m->colptr[c], "%s: colptr decreases at %lld", what, (long long)c);
        for (int64_t k = m->colptr[c]; k < m->colptr[c + 1]; k++) {
            int64_t r = kfft_sparse_row(m, k);
            V(r >= 0 && r < m->rows, "%s: row %lld out of range", what, (long long)r);
            V(k == m->colptr[c] || kfft_sparse_row(m, k - 1) < r, "%s: column %lld not strictly ascending", what, (long long)c);
            V(!m->values || isfinite(m->values[k]), "%s: non-finite value", what);
        }
    }
    V(m->host_bytes == sp_bytes(m), "%s: host_bytes %zu, arrays %zu", what, m->host_bytes, sp_bytes(m));
    V(m->build_peak_bytes >= m->host_bytes, "%s: build peak %zu below the result's %zu bytes", what, m->build_peak_bytes,
      m->host_bytes);
    int s = sp_is_symmetric(m);
    V(s == m->symmetric, "%s: symmetric flag %d, check says %d", what, m->symmetric, s);
#undef V
    return ok;
}

/* m must equal the merged reference t[0..n). */
static void same(const kfft_sparse *m, const trip *t, int64_t n, const char *what)
{
    if (!valid(m, what)) return;
    check(m->nnz == n, "%s: nnz %lld, expected %lld", what, (long long)m->nnz, (long long)n);
    if (m->nnz != n) return;
    int64_t k = 0;
    for (int64_t c = 0; c < m->cols; c++)
        for (int64_t p = m->colptr[c]; p < m->colptr[c + 1]; p++, k++) {
            if (t[k].c != c || t[k].r != kfft_sparse_row(m, p)) {
                check(0, "%s: entry %lld is (%lld, %lld), expected (%lld, %lld)", what, (long long)k,
                      (long long)kfft_sparse_row(m, p), (long long)c, (long long)t[k].r, (long long)t[k].c);
                return;
            }
            double v = m->values ? m->values[p] : 1;
            if (fabs(v - t[k].v) > 1e-12 * fmax(1, fabs(t[k].v))) {
                check(0, "%s: value of (%lld, %lld) is %.17g, expected %.17g", what, (long long)t[k].r, (long long)c, v, t[k].v);
                return;
            }
        }
}

/* ---- coo / csc from memory ------------------------------------------------------------------- */

/* Builds from zero-based COO arrays through the API (both base conventions and, for the
 * CSC route, columns in shuffled row order) and compares with the reference. */
static void coo_case(int64_t rows, int64_t cols, int64_t n, const int64_t *r, const int64_t *c, const double *v,
                     const char *what)
{
    trip *t = malloc((size_t)(n > 0 ? n : 1) * sizeof *t);
    int64_t *r1 = malloc((size_t)(n > 0 ? n : 1) * 8), *c1 = malloc((size_t)(n > 0 ? n : 1) * 8);
    char name[200];
    for (int mode = 0; mode < 2; mode++) {
        for (int64_t k = 0; k < n; k++) t[k] = (trip){r[k], c[k], mode && v ? v[k] : 1};
        int64_t w = ref_merge(t, n, (kfft_sparse_mode)mode);
        for (int base = 0; base < 2; base++) {
            for (int64_t k = 0; k < n; k++) r1[k] = r[k] + base, c1[k] = c[k] + base;
            kfft_sparse *m = NULL;
            kfft_status st = kfft_sparse_from_coo(rows, cols, n, r1, c1, v, !base, (kfft_sparse_mode)mode, &m);
            snprintf(name, sizeof name, "%s (coo, %s, %s-based)", what, mode ? "weighted" : "binary", base ? "one" : "zero");
            check(st == KFFT_SUCCESS, "%s: %s", name, kfft_error_message());
            if (st) continue;
            same(m, t, w, name);
            check(m->input_entries == n && m->merged == n - w, "%s: input %lld merged %lld", name,
                  (long long)m->input_entries, (long long)m->merged);
            kfft_sparse_free(m);
        }
        /* CSC: group by column (stable), then reverse each column so the builder must sort */
        trip *g = malloc((size_t)(n > 0 ? n : 1) * sizeof *g);
        int64_t *cp = calloc((size_t)cols + 1, 8), *ri = malloc((size_t)(n > 0 ? n : 1) * 8);
        double *vv = malloc((size_t)(n > 0 ? n : 1) * 8);
        for (int64_t k = 0; k < n; k++) cp[c[k] + 1]++;
        for (int64_t j = 0; j < cols; j++) cp[j + 1] += cp[j];
        int64_t *fill = malloc((size_t)cols * 8);
        memcpy(fill, cp, (size_t)cols * 8);
        for (int64_t k = 0; k < n; k++) g[fill[c[k]]++] = (trip){r[k], c[k], v ? v[k] : 1};
        for (int64_t j = 0; j < cols; j++)
            for (int64_t a = cp[j], b = cp[j + 1] - 1; a < b; a++, b--) {
                trip x = g[a];
                g[a] = g[b];
                g[b] = x;
            }
        for (int64_t k = 0; k < n; k++) ri[k] = g[k].r, vv[k] = g[k].v;
        kfft_sparse *m = NULL;
        kfft_status st = kfft_sparse_from_csc(rows, cols, cp, ri, v ? vv : NULL, 1, (kfft_sparse_mode)mode, &m);
        snprintf(name, sizeof name, "%s (csc, %s)", what, mode ? "weighted" : "binary");
        check(st == KFFT_SUCCESS, "%s: %s", name, kfft_error_message());
        if (!st) same(m, t, w, name);
        kfft_sparse_free(m);
        free(g);
        free(cp);
        free(ri);
        free(vv);
        free(fill);
    }
    free(t);
    free(r1);
    free(c1);
}

static void coo_bad(kfft_status want, kfft_status got, const char *need, const char *what)
{
    const char *msg = kfft_error_message();
    check(got == want && strstr(msg, need), "%s: status %d (expected %d), message '%s' (expected '%s')", what, (int)got,
          (int)want, msg, need);
}

static int t_coo(void)
{
    { /* duplicates, an empty row and column, unsorted input */
        int64_t r[] = {3, 0, 2, 3, 0, 2, 3}, c[] = {0, 2, 2, 0, 2, 0, 4};
        double v[] = {1.5, 2, -1, 2.5, 3, 4, 7};
        coo_case(5, 5, 7, r, c, v, "duplicates and empties");
    }
    { /* values that cancel stay structural */
        int64_t r[] = {1, 1}, c[] = {1, 1};
        double v[] = {2.5, -2.5};
        kfft_sparse *m;
        kfft_status st = kfft_sparse_from_coo(3, 3, 2, r, c, v, 1, KFFT_SPARSE_WEIGHTED, &m);
        check(!st && m->nnz == 1 && m->values[0] == 0 && m->merged == 1, "cancelling duplicates: st %d nnz %lld", (int)st,
              st ? -1LL : (long long)m->nnz);
        if (!st) kfft_sparse_free(m);
    }
    { /* a single entry; 1x1; a full row; a full column */
        int64_t r[] = {4}, c[] = {6};
        double v[] = {-3};
        coo_case(7, 9, 1, r, c, v, "single entry");
        int64_t z[] = {0};
        coo_case(1, 1, 1, z, z, v, "1x1");
        coo_case(1, 1, 0, NULL, NULL, NULL, "1x1 empty");
        int64_t fr[300], fc[300];
        double fv[300];
        for (int k = 0; k < 300; k++) fr[k] = 5, fc[k] = 299 - k, fv[k] = k + 1;
        coo_case(10, 300, 300, fr, fc, fv, "full row");
        for (int k = 0; k < 300; k++) fr[k] = 299 - k, fc[k] = 2;
        coo_case(300, 4, 300, fr, fc, fv, "full column (heapsort path)");
    }
    { /* random rectangular matrices, tall and wide, with many duplicates */
        for (int it = 0; it < 40; it++) {
            int64_t rows = 1 + rnd_below(it < 20 ? 50 : 3000), cols = 1 + rnd_below(it < 20 ? 50 : 300);
            int64_t n = rnd_below(4 * (rows + cols));
            int64_t *r = malloc((size_t)(n + 1) * 8), *c = malloc((size_t)(n + 1) * 8);
            double *v = malloc((size_t)(n + 1) * 8);
            for (int64_t k = 0; k < n; k++) r[k] = rnd_below(rows), c[k] = rnd_below(cols), v[k] = (double)(rnd_below(19) - 9);
            char name[64];
            snprintf(name, sizeof name, "random %lldx%lld, %lld entries", (long long)rows, (long long)cols, (long long)n);
            coo_case(rows, cols, n, r, c, it % 3 ? v : NULL, name);
            free(r);
            free(c);
            free(v);
        }
    }
    { /* the index type at the boundary: 65536 rows fit 16 bits, 65537 do not */
        int64_t r[] = {65535, 0, 40000}, c[] = {0, 1, 1};
        for (int64_t rows = 65536; rows <= 65537; rows++) {
            kfft_sparse *m;
            kfft_status st = kfft_sparse_from_coo(rows, 2, 3, r, c, NULL, 1, KFFT_SPARSE_BINARY, &m);
            check(!st, "rows %lld: %s", (long long)rows, kfft_error_message());
            if (st) continue;
            kfft_sparse_index want = rows <= 65536 ? KFFT_SPARSE_U16 : KFFT_SPARSE_U32;
            check(m->index == want && kfft_sparse_row(m, 0) == 65535 && kfft_sparse_row(m, 2) == 40000,
                  "rows %lld: index type %d, rows %lld %lld", (long long)rows, (int)m->index,
                  (long long)kfft_sparse_row(m, 0), (long long)kfft_sparse_row(m, 2));
            valid(m, "index boundary");
            kfft_sparse_free(m);
        }
        kfft_sparse *m;
        kfft_status st = kfft_sparse_from_coo(65535, 2, 3, r, c, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "r[0] = 65535 is outside 0..65534", "row 65535 of 65535");
    }
    { /* symmetry flag */
        int64_t r[] = {0, 1, 2, 0, 1}, c[] = {1, 0, 2, 0, 2};
        double v[] = {4, 4, 1, 2, 3};
        kfft_sparse *m;
        kfft_sparse_from_coo(3, 3, 4, r, c, v, 1, KFFT_SPARSE_WEIGHTED, &m);
        check(m->symmetric == 1, "symmetric weighted pattern: flag %d", m->symmetric);
        kfft_sparse_free(m);
        kfft_sparse_from_coo(3, 3, 5, r, c, v, 1, KFFT_SPARSE_BINARY, &m);
        check(m->symmetric == 0, "(1,2) without (2,1): flag %d", m->symmetric);
        kfft_sparse_free(m);
        v[1] = 5;
        kfft_sparse_from_coo(3, 3, 4, r, c, v, 1, KFFT_SPARSE_WEIGHTED, &m);
        check(m->symmetric == 0, "same pattern, different values: flag %d", m->symmetric);
        kfft_sparse_free(m);
        kfft_sparse_from_coo(3, 3, 4, r, c, v, 1, KFFT_SPARSE_BINARY, &m);
        check(m->symmetric == 1, "same pattern in binary mode: flag %d", m->symmetric);
        kfft_sparse_free(m);
        kfft_sparse_from_coo(3, 4, 4, r, c, v, 1, KFFT_SPARSE_BINARY, &m);
        check(m->symmetric == 0, "rectangular: flag %d", m->symmetric);
        kfft_sparse_free(m);
    }
    { /* bad arguments and indices: the message names the array, entry and value */
        int64_t r[] = {0, 1, 5}, c[] = {0, 1, 1}, cp[] = {0, 2, 1, 3}, cp1[] = {1, 2, 3, 4};
        double v[] = {1, NAN, 1};
        kfft_sparse *m = (kfft_sparse *)&m;
        kfft_status st = kfft_sparse_from_coo(5, 2, 3, r, c, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "r[2] = 5 is outside 0..4", "row out of range");
        check(m == NULL, "a failed call must set *m to NULL");
        st = kfft_sparse_from_coo(6, 2, 3, r, c, NULL, 0, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "r[0] = 0 is outside 1..6 (one-based", "one-based zero index");
        st = kfft_sparse_from_coo(6, 1, 3, r, c, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "c[1] = 1 is outside 0..0", "column out of range");
        int64_t neg[] = {-1};
        st = kfft_sparse_from_coo(6, 1, 1, neg, neg, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "r[0] = -1", "negative index");
        st = kfft_sparse_from_coo(6, 2, 3, r, c, v, 1, KFFT_SPARSE_WEIGHTED, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "v[1] is NaN", "NaN value");
        st = kfft_sparse_from_coo(6, 2, 3, r, c, v, 1, KFFT_SPARSE_BINARY, &m);
        check(st == KFFT_SUCCESS && m->values == NULL, "binary mode ignores the values: %s", kfft_error_message());
        kfft_sparse_free(m);
        double big[] = {1e308, 1e308};
        int64_t z[] = {0, 0};
        st = kfft_sparse_from_coo(1, 1, 2, z, z, big, 1, KFFT_SPARSE_WEIGHTED, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "row 0, column 0 sum to a value beyond the range of double", "sum overflow");
        st = kfft_sparse_from_coo(0, 2, 0, NULL, NULL, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "rows = 0", "zero rows");
        st = kfft_sparse_from_coo(2, INT64_C(1) << 31, 0, NULL, NULL, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "cols = 2147483648", "2^31 columns");
        st = kfft_sparse_from_coo(2, 2, -1, r, c, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "nnz = -1", "negative nnz");
        st = kfft_sparse_from_coo(2, 2, 1, NULL, c, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "r is NULL", "NULL rows");
        st = kfft_sparse_from_coo(2, 2, 1, r, c, NULL, 1, (kfft_sparse_mode)7, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "mode = 7", "bad mode");
        st = kfft_sparse_from_coo(2, 2, 1, r, c, NULL, 1, KFFT_SPARSE_BINARY, NULL);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "NULL", "NULL result");
        st = kfft_sparse_from_csc(6, 3, cp, r, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "colptr[2] = 1 is less than colptr[1] = 2", "decreasing colptr");
        st = kfft_sparse_from_csc(6, 3, cp1, r, NULL, 1, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "colptr[0] = 1 must be 0", "zero-based colptr[0]");
        st = kfft_sparse_from_csc(4, 3, cp1, r, NULL, 0, KFFT_SPARSE_BINARY, &m); /* r = {0,1,5} one-based */
        coo_bad(KFFT_ERROR_INVALID_ARGUMENT, st, "rowidx[0] = 0 is outside 1..4", "csc row out of range");
        int64_t ok_cp[] = {1, 2, 3, 4}, ok_r[] = {1, 2, 4};
        st = kfft_sparse_from_csc(4, 3, ok_cp, ok_r, NULL, 0, KFFT_SPARSE_BINARY, &m);
        check(!st && m->nnz == 3 && kfft_sparse_row(m, 2) == 3, "one-based csc: %s", kfft_error_message());
        if (!st) kfft_sparse_free(m);
    }
    kfft_sparse_free(NULL);
    return 0;
}

/* ---- Matrix Market files ------------------------------------------------------------------ */

/* Reads bytes through a memory stream in chunks of `chunk` bytes (0: the default). */
static kfft_status read_mem(const char *text, size_t len, size_t chunk, int64_t max_dim, kfft_sparse_mode mode,
                            kfft_sparse **m)
{
    FILE *f = len ? fmemopen((void *)text, len, "r") : fopen("/dev/null", "rb");
    if (!f) {
        printf("cannot open a memory stream\n");
        exit(2);
    }
    mtx_options o = {.chunk = chunk, .max_dim = max_dim};
    kfft_status st = mtx_read_stream(f, "mem.mtx", &o, mode, m);
    fclose(f);
    return st;
}

/* A good file: read in every chunk size from 1 to 7 and the default, both modes, against
 * triples given by the test (zero-based, already expanded). */
static void mtx_ok(const char *text, int64_t rows, int64_t cols, const trip *t0, int64_t n, int want_sym, const char *what)
{
    trip *t = malloc((size_t)(n > 0 ? n : 1) * sizeof *t);
    for (int mode = 0; mode < 2; mode++) {
        memcpy(t, t0, (size_t)n * sizeof *t);
        int64_t w = ref_merge(t, n, (kfft_sparse_mode)mode);
        for (size_t chunk = 0; chunk <= 7; chunk++) {
            kfft_sparse *m;
            char name[160];
            snprintf(name, sizeof name, "%s (%s, chunk %zu)", what, mode ? "weighted" : "binary", chunk);
            kfft_status st = read_mem(text, strlen(text), chunk, 0, (kfft_sparse_mode)mode, &m);
            check(st == KFFT_SUCCESS, "%s: %s", name, kfft_error_message());
            if (st) continue;
            check(m->rows == rows && m->cols == cols, "%s: %lld x %lld", name, (long long)m->rows, (long long)m->cols);
            same(m, t, w, name);
            if (want_sym >= 0 && mode == 0) check(m->symmetric == want_sym, "%s: symmetric flag %d", name, m->symmetric);
            kfft_sparse_free(m);
        }
    }
    free(t);
}

static int t_mtx(void)
{
    {
        const trip t[] = {{0, 0, 1.5}, {2, 0, -2}, {1, 3, 1e-3}, {2, 3, 4}};
        mtx_ok("%%MatrixMarket matrix coordinate real general\n3 4 4\n1 1 1.5\n3 1 -2\n2 4 1e-3\n3 4 4\n", 3, 4, t, 4, 0,
               "real general");
        mtx_ok("%%matrixmarket MATRIX Coordinate REAL General\r\n% comment\r\n\r\n3 4 4\r\n1 1 1.5\r\n%c\r\n3 1 -2.0\r\n"
               "\r\n2 4 .001\r\n3\t4\t+4", 3, 4, t, 4, 0, "case, CRLF, comments, blanks, tabs, no final newline");
    }
    {
        const trip t[] = {{0, 0, 1}, {1, 1, 1}, {1, 1, 1}, {2, 1, 1}, {1, 0, 1}};
        mtx_ok("%%MatrixMarket matrix coordinate pattern general\n3 2 5\n1 1\n2 2\n2 2\n3 2\n2 1\n", 3, 2, t, 5, 0,
               "pattern with a duplicate");
    }
    {
        const trip t[] = {{0, 0, 7}, {2, 0, -3}, {0, 2, -3}, {1, 1, 9223372036854775807.0}, {2, 2, 5}, {2, 2, 1}};
        mtx_ok("%%MatrixMarket matrix coordinate integer symmetric\n3 3 5\n1 1 7\n3 1 -3\n2 2 9223372036854775807\n3 3 5\n"
               "3 3 1\n", 3, 3, t, 6, 1, "integer symmetric, duplicate on the diagonal");
    }
    {
        const trip t[] = {{1, 0, 2}, {0, 1, -2}, {3, 2, 0.5}, {2, 3, -0.5}};
        mtx_ok("%%MatrixMarket matrix coordinate real skew-symmetric\n4 4 2\n2 1 2\n4 3 0.5\n", 4, 4, t, 4, -1,
               "skew-symmetric");
        kfft_sparse *m;
        const char *s = "%%MatrixMarket matrix coordinate real skew-symmetric\n4 4 2\n2 1 2\n4 3 0.5\n";
        read_mem(s, strlen(s), 0, 0, KFFT_SPARSE_BINARY, &m);
        check(m->symmetric == 1, "skew file, binary: symmetric pattern (flag %d)", m->symmetric);
        kfft_sparse_free(m);
        read_mem(s, strlen(s), 0, 0, KFFT_SPARSE_WEIGHTED, &m);
        check(m->symmetric == 0, "skew file, weighted: not symmetric (flag %d)", m->symmetric);
        kfft_sparse_free(m);
    }
    {
        const trip t[] = {{0, 1, 1}, {1, 0, 1}};
        mtx_ok("%%MatrixMarket matrix coordinate pattern symmetric\n%a\n%b\n5 5 1\n2 1\n", 5, 5, t, 2, 1,
               "pattern symmetric, empty rows and columns");
        mtx_ok("%%MatrixMarket matrix coordinate pattern general\n7 9 0\n", 7, 9, t, 0, -1, "no entries");
        mtx_ok("%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 0\n", 1, 1, (const trip[]){{0, 0, 0}}, 1, 1,
               "1x1 explicit zero");
    }
    { /* an explicit zero and cancelling duplicates stay structural */
        const trip t[] = {{0, 0, 0}, {1, 1, 2}, {1, 1, -2}};
        mtx_ok("%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 0\n2 2 2\n2 2 -2\n", 2, 2, t, 3, -1, "zeros");
    }
    { /* lines of megabytes: a comment, spaces inside an entry, a long number */
        size_t big = 3u << 20;
        char *s = malloc(2 * big + 65536), *p = s;
        p += sprintf(p, "%%%%MatrixMarket matrix coordinate real general\n%%");
        memset(p, 'c', big), p += big;
        p += sprintf(p, "\n2 3 2\n1");
        memset(p, ' ', big), p += big;
        p += sprintf(p, "3 ");
        memset(p, '0', 5000), p += 5000; /* leading zeros: 2.5 written with 5003 characters */
        p += sprintf(p, "2.5\n2 2 ");
        memset(p, '0', 3000), p += 3000;
        sprintf(p, "1\n");
        const trip t[] = {{1, 1, 1}, {0, 2, 2.5}}; /* in column order, as same() wants */
        kfft_sparse *m;
        for (size_t chunk = 0; chunk < 3; chunk++) {
            kfft_status st = read_mem(s, strlen(s), chunk ? 4096 * chunk + 1 : 0, 0, KFFT_SPARSE_WEIGHTED, &m);
            check(!st, "long lines: %s", kfft_error_message());
            if (!st) same(m, t, 2, "long lines");
            kfft_sparse_free(m);
        }
        free(s);
    }
    { /* index types: 65536 rows -> uint16, 65537 -> uint32, also for the largest index */
        const char *a = "%%MatrixMarket matrix coordinate pattern general\n65536 3 2\n65536 1\n1 3\n";
        const char *b = "%%MatrixMarket matrix coordinate pattern general\n65537 3 2\n65537 1\n1 3\n";
        kfft_sparse *m;
        read_mem(a, strlen(a), 0, 0, KFFT_SPARSE_BINARY, &m);
        check(m && m->index == KFFT_SPARSE_U16 && kfft_sparse_row(m, 0) == 65535, "65536 rows: uint16");
        kfft_sparse_free(m);
        read_mem(b, strlen(b), 0, 0, KFFT_SPARSE_BINARY, &m);
        check(m && m->index == KFFT_SPARSE_U32 && kfft_sparse_row(m, 0) == 65536, "65537 rows: uint32");
        kfft_sparse_free(m);
    }
    { /* a large random general file, rows written in random order, against the reference */
        int64_t rows = 70000, cols = 3000, n = 200000;
        char *s = malloc((size_t)n * 40 + 200), *p = s;
        trip *t = malloc((size_t)n * sizeof *t);
        p += sprintf(p, "%%%%MatrixMarket matrix coordinate real general\n%lld %lld %lld\n", (long long)rows,
                     (long long)cols, (long long)n);
        for (int64_t k = 0; k < n; k++) {
            t[k] = (trip){rnd_below(rows), rnd_below(cols), (double)(rnd_below(2001) - 1000) / 8};
            p += sprintf(p, "%lld %lld %.17g\n", (long long)t[k].r + 1, (long long)t[k].c + 1, t[k].v);
        }
        for (int mode = 0; mode < 2; mode++) {
            trip *u = malloc((size_t)n * sizeof *u);
            memcpy(u, t, (size_t)n * sizeof *u);
            int64_t w = ref_merge(u, n, (kfft_sparse_mode)mode);
            kfft_sparse *m;
            kfft_status st = read_mem(s, strlen(s), 0, 0, (kfft_sparse_mode)mode, &m);
            check(!st, "large random file: %s", kfft_error_message());
            if (!st) same(m, u, w, mode ? "large random file, weighted" : "large random file, binary");
            kfft_sparse_free(m);
            free(u);
        }
        free(t);
        free(s);
    }
    { /* decimals of 1..17 digits and exponents around the fast path's limits (15 digits,
       * 10^+-22) read to exactly the bits num_parse (the general, strtod-based path) gives */
        int64_t n = 20000;
        char *s = malloc((size_t)n * 64 + 200), *p = s;
        double *want = malloc((size_t)n * sizeof *want);
        p += sprintf(p, "%%%%MatrixMarket matrix coordinate real general\n%lld 1 %lld\n", (long long)n, (long long)n);
        for (int64_t k = 0; k < n; k++) {
            char num[64];
            double x = ldexp((double)(rnd() >> 11), -53) * pow(10, (double)(rnd_below(60) - 30));
            int digits = 1 + (int)rnd_below(17);
            switch (k % 3) {
            case 0: snprintf(num, sizeof num, "%.*e", digits - 1, k & 8 ? -x : x); break;
            case 1: snprintf(num, sizeof num, "%.*f", (int)rnd_below(25), x * 1e6); break;
            default: snprintf(num, sizeof num, "%.*g", digits, x);
            }
            num_parse(num, num + strlen(num), &want[k]);
            p += sprintf(p, "%lld 1 %s\n", (long long)k + 1, num);
        }
        kfft_sparse *m;
        kfft_status st = read_mem(s, strlen(s), 0, 0, KFFT_SPARSE_WEIGHTED, &m);
        check(!st, "decimals: %s", kfft_error_message());
        int64_t bad = 0;
        for (int64_t k = 0; !st && k < n; k++) bad += memcmp(&m->values[k], &want[k], sizeof(double)) != 0;
        check(!st && bad == 0, "decimals: %lld of %lld values differ from num_parse", (long long)bad, (long long)n);
        if (!st) kfft_sparse_free(m);
        free(s);
        free(want);
    }
    { /* the public entry: a file on disk, a missing file, a directory */
        char path[256];
        snprintf(path, sizeof path, "%s/kfft_test_mtx_%d.mtx", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)(rnd() & 0xffff));
        FILE *f = fopen(path, "wb");
        fputs("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n2 1\n", f);
        fclose(f);
        kfft_sparse *m;
        kfft_status st = kfft_sparse_read_mtx(path, KFFT_SPARSE_BINARY, &m);
        check(!st && m->nnz == 1 && m->input_entries == 1, "file on disk: %s", kfft_error_message());
        if (!st) kfft_sparse_free(m);
        remove(path);
        st = kfft_sparse_read_mtx(path, KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_IO, st, "cannot open", "missing file");
        st = kfft_sparse_read_mtx("/", KFFT_SPARSE_BINARY, &m);
        coo_bad(KFFT_ERROR_IO, st, "cannot read", "a directory");
    }
    return 0;
}

/* ---- malformed files ------------------------------------------------------------------------- */

static int t_malformed(void)
{
#define H "%%MatrixMarket matrix coordinate "
    static const struct {
        const char *text;
        kfft_status st;
        const char *need;
    } cases[] = {
        {"", KFFT_ERROR_INVALID_ARGUMENT, "line 1: empty file"},
        {"\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: not a Matrix Market file"},
        {"3 3 1\n1 1 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: not a Matrix Market file"},
        {"%MatrixMarket matrix coordinate real general\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: not a Matrix Market"},
        {"%%MatrixMarket matrix coordinate real\n1 1 0\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: bad header"},
        {"%%MatrixMarket vector coordinate real general\n", KFFT_ERROR_UNSUPPORTED, "line 1: a Matrix Market 'vector'"},
        {"%%MatrixMarket tensor coordinate real general\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: bad header: object"},
        {"%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", KFFT_ERROR_UNSUPPORTED,
         "line 1: the 'array' (dense) format is not read: only the 'coordinate'"},
        {"%%MatrixMarket matrix sparse real general\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: bad header: format"},
        {H "complex general\n1 1 1\n1 1 1 0\n", KFFT_ERROR_UNSUPPORTED, "line 1: complex matrices are not supported"},
        {H "double general\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: bad header: field 'double'"},
        {H "real hermitian\n", KFFT_ERROR_UNSUPPORTED, "line 1: hermitian"},
        {H "real upper\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: bad header: symmetry 'upper'"},
        {H "pattern skew-symmetric\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: bad header: 'pattern skew-symmetric'"},
        {H "real general extra\n", KFFT_ERROR_INVALID_ARGUMENT, "line 1: bad header: unexpected 'extra'"},
        {H "real general\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: end of file before the size line"},
        {H "real general\n%c\n\n", KFFT_ERROR_INVALID_ARGUMENT, "line 4: end of file before the size line"},
        {H "real general\n%c", KFFT_ERROR_INVALID_ARGUMENT, "line 2: end of file before the size line"},
        {H "real general\n%c\n3 3\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: bad size line '3 3'"},
        {H "real general\n3 3 1 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: bad size line: unexpected '1' after"},
        {H "real general\n3 x 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: bad size line: columns 'x'"},
        {H "real general\n-3 3 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: bad size line: rows '-3'"},
        {H "real general\n0 3 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: bad size line: rows = 0 is outside 1..2147483647"},
        {H "real general\n3 2147483648 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: bad size line: columns = 2147483648"},
        {H "real general\n3 3 1099511627777\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: bad size line: entries = 1099511627777"},
        {H "real general\n3 3 99999999999999999999999\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: bad size line: entries"},
        {H "real symmetric\n3 4 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 2: a symmetric matrix must be square"},
        {H "real general\n3 3 2\n1 1 1\n", KFFT_ERROR_INVALID_ARGUMENT,
         "line 4: end of file after 1 of the 2 entries declared on line 2"},
        {H "real general\n3 3 2\n1 1 1", KFFT_ERROR_INVALID_ARGUMENT, "line 3: end of file after 1 of the 2 entries"},
        {H "real general\n3 3 1\n1 1 1\n2 2 2\n", KFFT_ERROR_INVALID_ARGUMENT,
         "line 4: more entries than the 1 declared on line 2"},
        {H "real general\n3 3 1\n1 1 1\n%c\n\n2 2 2\n", KFFT_ERROR_INVALID_ARGUMENT, "line 6: more entries"},
        {H "real general\n3 3 1\n4 1 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: row index 4 is out of range 1..3"},
        {H "real general\n3 5 1\n1 6 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: column index 6 is out of range 1..5"},
        {H "real general\n3 3 1\n0 1 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: row index 0 is out of range 1..3"},
        {H "real general\n3 3 1\n1 -1 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: column index '-1' is not a positive integer"},
        {H "real general\n3 3 1\n1.0 1 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: row index '1.0' is not"},
        {H "real general\n3 3 1\n99999999999999999999999 1 1\n", KFFT_ERROR_INVALID_ARGUMENT,
         "line 3: row index 99999999999999999999999 is out of range"},
        {H "real general\n3 3 1\n1 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: expected 'row column value', found 2 fields"},
        {H "pattern general\n3 3 1\n1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: expected 'row column', found 1 field"},
        {H "pattern general\n3 3 1\n1 1 1\n", KFFT_ERROR_INVALID_ARGUMENT,
         "line 3: unexpected '1' after the column index (an entry is 'row column')"},
        {H "real general\n3 3 1\n1 1 1 0\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: unexpected '0' after the value"},
        {H "real general\n3 3 1\n1 1 abc\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value 'abc' is not a number"},
        {H "real general\n3 3 1\n1 1 1,5\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value '1,5' is not a number"},
        {H "real general\n3 3 1\n1 1 0x10\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value '0x10' is not a number"},
        {H "real general\n3 3 1\n1 1 nan\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value 'nan' is not finite"},
        {H "real general\n3 3 1\n1 1 -Inf\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value '-Inf' is not finite"},
        {H "real general\n3 3 1\n1 1 1e999\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value 1e999 is beyond the range of double"},
        {H "integer general\n3 3 1\n1 1 1.5\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value '1.5' is not an integer"},
        {H "integer general\n3 3 1\n1 1 9223372036854775808\n", KFFT_ERROR_INVALID_ARGUMENT,
         "line 3: integer value 9223372036854775808 does not fit in 64 bits"},
        {H "integer general\n3 3 1\n1 1 x\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value 'x' is not a number"},
        {H "real symmetric\n3 3 2\n1 1 1\n1 2 5\n", KFFT_ERROR_INVALID_ARGUMENT,
         "line 4: entry (1, 2) is above the diagonal: a symmetric file stores only the lower triangle"},
        {H "real skew-symmetric\n3 3 2\n2 1 1\n2 2 5\n", KFFT_ERROR_INVALID_ARGUMENT, "line 4: entry (2, 2) is on the diagonal"},
        {H "real skew-symmetric\n3 3 1\n1 3 1\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: entry (1, 3) is above the diagonal"},
        {H "real general\n3 3 1\n 1 1 1\x01\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value '1?' is not a number"},
        {H "real general\n3 3 1\n1 1 1\r\r\n", KFFT_ERROR_INVALID_ARGUMENT, "line 3: value '1?' is not a number"},
        {H "real general\r3 3 1\r1 1 1\r", KFFT_ERROR_INVALID_ARGUMENT, "line 1: bad header: symmetry 'general?3'"},
    };
#undef H
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (int mode = 0; mode < 2; mode++)
            for (size_t chunk = 0; chunk < 4; chunk++) {
                kfft_sparse *m = (kfft_sparse *)&m;
                kfft_status st = read_mem(cases[i].text, strlen(cases[i].text), chunk, 0, (kfft_sparse_mode)mode, &m);
                const char *msg = kfft_error_message();
                check(st == cases[i].st && m == NULL && strstr(msg, cases[i].need) && !strncmp(msg, "mtx: mem.mtx: ", 14),
                      "malformed case %zu (mode %d, chunk %zu): status %d (expected %d), message '%s', expected '%s'", i, mode,
                      chunk, (int)st, (int)cases[i].st, msg, cases[i].need);
                if (!st) kfft_sparse_free(m);
            }
    /* duplicates whose sum overflows: an error when weighted, nothing to sum when binary */
    static const char over[] = "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 1\n2 3 1e308\n2 3 1e308\n";
    kfft_sparse *m;
    kfft_status st = read_mem(over, sizeof over - 1, 0, 0, KFFT_SPARSE_WEIGHTED, &m);
    check(st == KFFT_ERROR_INVALID_ARGUMENT &&
              strstr(kfft_error_message(), "mtx: mem.mtx: the duplicate entries at row 2, column 3 sum to a value beyond"),
          "overflowing duplicates: %s", kfft_error_message());
    st = read_mem(over, sizeof over - 1, 0, 0, KFFT_SPARSE_BINARY, &m);
    check(st == KFFT_SUCCESS && m->nnz == 2, "overflowing duplicates, binary: %s", kfft_error_message());
    kfft_sparse_free(m);
    /* a NUL byte inside a value */
    static const char nul[] = "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2\0003\n";
    st = read_mem(nul, sizeof nul - 1, 0, 0, KFFT_SPARSE_WEIGHTED, &m);
    check(st == KFFT_ERROR_INVALID_ARGUMENT && strstr(kfft_error_message(), "line 3: value '2?3'"), "NUL byte: %s",
          kfft_error_message());
    printf("malformed: %zu files, each in both modes and 4 chunk sizes, and 2 more\n", sizeof cases / sizeof *cases);
    return 0;
}

/* ---- fuzz ------------------------------------------------------------------------------------ */

static const char *const seeds[] = {
    "%%MatrixMarket matrix coordinate real general\n% c\n4 5 6\n1 1 1.5\n4 5 -2e3\n2 3 .25\n2 3 1\n3 1 7\n1 5 0\n",
    "%%MatrixMarket matrix coordinate pattern symmetric\n6 6 5\n2 1\n3 2\n6 1\n5 5\n6 4\n",
    "%%MatrixMarket matrix coordinate integer skew-symmetric\n%x\n\n3 3 3\n2 1 -4\n3 1 9\n3 2 1\n",
    "%%MatrixMarket matrix coordinate real symmetric\r\n3 3 4\r\n1 1 2.5\r\n2 1 -1\r\n3 3 1e-300\r\n3 2 8\r\n",
    "%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1\n",
    "%%MatrixMarket matrix coordinate integer general\n2 70000 3\n1 69999 5\n2 1 -3\n2 70000 12345678901\n",
};

static const char *const inserts[] = {"0", "1", "9", " ", "\n", "\t", "%", "-", "+", ".", "e", "E", "\r", "\n%%\n",
                                      "65536", "65537", "2147483647", "2147483648", "99999999999999999999", "1e400",
                                      "nan", "inf", "-1", "0", "\n1 1 1\n", "\n2 1\n", " 7", "symmetric", "skew-symmetric",
                                      "pattern", "complex", "array", "%%MatrixMarket matrix coordinate real general\n"};

static int t_fuzz(void)
{
    const int iters = 30000;
    int ok = 0, refused = 0;
    size_t cap = 1 << 16;
    char *b = malloc(cap), *c = malloc(cap);
    for (int it = 0; it < iters; it++) {
        const char *seed = seeds[rnd_below(sizeof seeds / sizeof *seeds)];
        size_t n = strlen(seed);
        memcpy(b, seed, n);
        int muts = 1 + (rnd_below(3) ? 0 : (int)rnd_below(6)); /* mostly one: more files stay readable */
        for (int k = 0; k < muts; k++) {
            size_t at = n ? (size_t)rnd_below((int64_t)n + 1) : 0;
            switch (rnd_below(8)) {
            case 0: /* flip a byte to anything */
                if (n) b[at % n] = (char)rnd();
                break;
            case 1: /* an interesting byte */
                if (n) b[at % n] = "0123456789 \n\t%-+.eE\r"[rnd_below(21)];
                break;
            case 2:
            case 3: { /* insert a token */
                const char *ins = inserts[rnd_below(sizeof inserts / sizeof *inserts)];
                size_t l = strlen(ins);
                if (n + l >= cap) break;
                memmove(b + at + l, b + at, n - at);
                memcpy(b + at, ins, l);
                n += l;
                break;
            }
            case 4: { /* delete a range */
                size_t l = (size_t)rnd_below(12);
                if (at + l > n) l = n - at;
                memmove(b + at, b + at + l, n - at - l);
                n -= l;
                break;
            }
            case 5: /* truncate */
                n = at;
                break;
            case 6: { /* splice: repeat a random range */
                size_t from = n ? (size_t)rnd_below((int64_t)n) : 0, l = (size_t)rnd_below(30);
                if (from + l > n) l = n - from;
                if (n + l >= cap) break;
                memcpy(c, b + from, l);
                memmove(b + at + l, b + at, n - at);
                memcpy(b + at, c, l);
                n += l;
                break;
            }
            default: /* a random byte inserted */
                if (n + 1 >= cap) break;
                memmove(b + at + 1, b + at, n - at);
                b[at] = (char)rnd();
                n++;
            }
        }
        static const size_t chunks[] = {0, 1, 2, 3, 5, 8, 64};
        kfft_sparse *m;
        kfft_sparse_mode mode = (kfft_sparse_mode)(it & 1);
        kfft_status st = read_mem(b, n, chunks[rnd_below(7)], 1 << 20, mode, &m);
        if (st == KFFT_SUCCESS) {
            ok++;
            char what[64];
            snprintf(what, sizeof what, "fuzz iteration %d", it);
            valid(m, what);
            kfft_sparse_free(m);
        } else {
            refused++;
            const char *msg = kfft_error_message();
            check(m == NULL && !strncmp(msg, "mtx: mem.mtx: ", 14) && strlen(msg) > 20 &&
                      (st == KFFT_ERROR_INVALID_ARGUMENT || st == KFFT_ERROR_UNSUPPORTED),
                  "fuzz iteration %d: status %d, message '%s'", it, (int)st, msg);
            check(st != KFFT_ERROR_INVALID_ARGUMENT || strstr(msg, "line ") || strstr(msg, "duplicate entries"),
                  "fuzz iteration %d: no line number in '%s'", it, msg);
        }
    }
    printf("fuzz: %d mutated files, %d read, %d refused with a message\n", iters, ok, refused);
    free(b);
    free(c);
    return 0;
}

/* ---- the shared real matrices ---------------------------------------------------------------- */

/* An independent, simple parse of a Matrix Market file (whole file in memory, strtod),
 * giving its size line and the expanded triples. */
static trip *naive_parse(const char *path, int64_t *rows, int64_t *cols, int64_t *stored, int64_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)len + 1);
    if (fread(s, 1, (size_t)len, f) != (size_t)len) len = 0;
    s[len] = 0;
    fclose(f);
    char field[32] = "", sym[32] = "";
    sscanf(s, "%%%%MatrixMarket matrix coordinate %31s %31s", field, sym);
    char *p = s, *e;
    while (*p == '%') p = strchr(p, '\n') + 1;
    long long R = strtoll(p, &e, 10), C = strtoll(e, &e, 10), N = strtoll(e, &e, 10);
    p = e;
    int pattern = !strcmp(field, "pattern"), symm = !strcmp(sym, "symmetric"), skew = !strcmp(sym, "skew-symmetric");
    trip *t = malloc((size_t)(2 * N + 1) * sizeof *t);
    int64_t k = 0;
    for (long long i = 0; i < N; i++) {
        long long r = strtoll(p, &e, 10), c = strtoll(e, &e, 10);
        double v = pattern ? 1 : strtod(e, &e);
        p = e;
        t[k++] = (trip){r - 1, c - 1, v};
        if ((symm || skew) && r != c) t[k++] = (trip){c - 1, r - 1, skew ? -v : v};
    }
    free(s);
    *rows = R, *cols = C, *stored = N, *n = k;
    return t;
}

static int shared_dir(char *dir, size_t len, char *tried, size_t tlen)
{
    const char *env = getenv("KFFT_SHARED_DIR");
    const char *cand[3];
    char a[600], b[600];
    int k = 0;
    if (env && env[0]) {
        snprintf(a, sizeof a, "%s/data/mtx", env);
        cand[k++] = a;
        cand[k++] = env;
    }
#ifdef KFFT_SOURCE_DIR
    else { /* only without the variable: a set one is the caller's choice */
        snprintf(b, sizeof b, "%s/../shared/data/mtx", KFFT_SOURCE_DIR);
        cand[k++] = b;
    }
#endif
    tried[0] = 0;
    for (int i = 0; i < k; i++) {
        size_t l = strlen(tried);
        snprintf(tried + l, tlen - l, "%s%s", i ? ", " : "", cand[i]);
        DIR *d = opendir(cand[i]);
        if (!d) continue;
        int found = 0;
        for (struct dirent *de; (de = readdir(d));) {
            size_t l = strlen(de->d_name);
            found |= l > 4 && !strcmp(de->d_name + l - 4, ".mtx");
        }
        closedir(d);
        if (found) {
            snprintf(dir, len, "%s", cand[i]);
            return 0;
        }
    }
    return -1;
}

static int t_shared(void)
{
    char dir[600], tried[1300];
    if (shared_dir(dir, sizeof dir, tried, sizeof tried)) {
        printf("skip: no Matrix Market (.mtx) files in %s (set KFFT_SHARED_DIR to the folder holding data/mtx)\n", tried);
        return 77;
    }
    /* Known facts (../shared/data/mtx/README.md), so both parsers cannot agree on a mistake. */
    static const struct {
        const char *name;
        int64_t n, stored, expanded;
    } known[] = {{"benzene.mtx", 8219, 125444, 242669},
                 {"delaunay_n14.mtx", 16384, 49122, 98244},
                 {"494_bus.mtx", 494, 1080, 1666},
                 {"bcsstk01.mtx", 48, 224, 400},
                 {"chesapeake.mtx", 39, 170, 340}};
    int files = 0, matched = 0;
    DIR *d = opendir(dir);
    for (struct dirent *de; (de = readdir(d));) {
        size_t l = strlen(de->d_name);
        if (l <= 4 || strcmp(de->d_name + l - 4, ".mtx")) continue;
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        int64_t rows, cols, stored, n;
        trip *t = naive_parse(path, &rows, &cols, &stored, &n);
        if (!t) {
            check(0, "%s: cannot read", path);
            continue;
        }
        files++;
        for (size_t i = 0; i < sizeof known / sizeof *known; i++)
            if (!strcmp(de->d_name, known[i].name)) {
                matched++;
                check(rows == known[i].n && cols == known[i].n && stored == known[i].stored && n == known[i].expanded,
                      "%s: %lld x %lld, %lld stored, %lld expanded: not the known file", de->d_name, (long long)rows,
                      (long long)cols, (long long)stored, (long long)n);
            }
        for (int mode = 0; mode < 2; mode++) {
            trip *u = malloc((size_t)(n + 1) * sizeof *u);
            memcpy(u, t, (size_t)n * sizeof *u);
            int64_t w = ref_merge(u, n, (kfft_sparse_mode)mode);
            kfft_sparse *m;
            double t0 = now();
            kfft_status st = kfft_sparse_read_mtx(path, (kfft_sparse_mode)mode, &m);
            double dt = now() - t0;
            check(!st, "%s: %s", path, kfft_error_message());
            if (!st) {
                char what[300];
                snprintf(what, sizeof what, "%s (%s)", de->d_name, mode ? "weighted" : "binary");
                check(m->rows == rows && m->cols == cols && m->input_entries == stored, "%s: header mismatch", what);
                same(m, u, w, what);
                printf("%-18s %-8s %6lld x %-6lld %8lld stored -> %8lld entries, %s, sym %d: %7.2f ms, %.2f MB held, "
                       "%.2f MB peak\n", de->d_name, mode ? "weighted" : "binary", (long long)m->rows, (long long)m->cols,
                       (long long)stored, (long long)m->nnz, m->index == KFFT_SPARSE_U16 ? "u16" : "u32", m->symmetric,
                       dt * 1e3, (double)m->host_bytes / 1e6, (double)m->build_peak_bytes / 1e6);
                kfft_sparse_free(m);
            }
            free(u);
        }
        free(t);
    }
    closedir(d);
    printf("shared: %d files in %s (%d of them known)\n", files, dir, matched);
    return 0;
}

/* Reads one file and reports; the process does nothing else, so its peak RSS is the reader's. */
static int t_read(const char *path, const char *how)
{
    kfft_sparse_mode mode = how && !strcmp(how, "weighted") ? KFFT_SPARSE_WEIGHTED : KFFT_SPARSE_BINARY;
    struct rusage ru0, ru1;
    getrusage(RUSAGE_SELF, &ru0);
    double t0 = now();
    kfft_sparse *m;
    kfft_status st = kfft_sparse_read_mtx(path, mode, &m);
    double dt = now() - t0;
    getrusage(RUSAGE_SELF, &ru1);
    if (st) {
        printf("%s\n", kfft_error_message());
        return 1;
    }
    printf("%s (%s): %lld x %lld, %lld entries (%lld in the file, %lld merged), %s rows, symmetric %d\n"
           "read in %.2f ms; the matrix holds %.3f MB; builder peak %.3f MB; process max RSS %.2f MB (%.2f MB before)\n",
           path, mode ? "weighted" : "binary", (long long)m->rows, (long long)m->cols, (long long)m->nnz,
           (long long)m->input_entries, (long long)m->merged, m->index == KFFT_SPARSE_U16 ? "uint16" : "uint32",
           m->symmetric, dt * 1e3, (double)m->host_bytes / 1e6, (double)m->build_peak_bytes / 1e6, ru1.ru_maxrss / 1024.0,
           ru0.ru_maxrss / 1024.0);
    kfft_sparse_free(m);
    return 0;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(void);
    } tests[] = {{"coo", t_coo}, {"mtx", t_mtx}, {"malformed", t_malformed}, {"fuzz", t_fuzz}, {"shared", t_shared}};
    if (argc >= 3 && !strcmp(argv[1], "read")) return t_read(argv[2], argc > 3 ? argv[3] : NULL);
    if (argc != 2) {
        fprintf(stderr, "usage: %s coo|mtx|malformed|fuzz|shared | read FILE [binary|weighted]\n", argv[0]);
        return 2;
    }
    for (size_t i = 0; i < sizeof tests / sizeof *tests; i++)
        if (!strcmp(argv[1], tests[i].name)) {
            int rc = tests[i].run();
            if (rc == 77) return 77;
            printf("%s: %d checks, %d failed\n", argv[1], checks, failures);
            return failures || rc ? 1 : 0;
        }
    fprintf(stderr, "unknown test '%s'\n", argv[1]);
    return 2;
}
