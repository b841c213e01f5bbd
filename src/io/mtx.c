/* Matrix Market coordinate reader: strict, streaming.
 *
 * The file is read in fixed chunks (256 KiB); a line is handed out in place when it lies
 * inside one chunk and assembled in a growable buffer only when it spans two, so no line is
 * too long and memory stays the chunk plus the longest such line. Comment lines are skipped
 * without being stored at all. Entries go into a coordinate list of the narrowest index
 * types (2 or 4 bytes per index by the declared rows and columns; values, 8 bytes, only
 * when WEIGHTED mode keeps them), sized from the declared count but never beyond what the
 * file's size can hold, growing by doubling when the size is unknown (pipes). The builder
 * (src/sparse/build.c) then counts per column and scatters into the final CSC arrays,
 * mirroring symmetric halves on the fly (the list keeps only the stored triangle).
 * Peak memory: list + final arrays at their pre-merge size + chunk, e.g. benzene read
 * WEIGHTED: 125,444 x (2+2+8) B list + 242,669 x (2+8) B CSC + 66 KB of column starts +
 * the 256 KiB chunk = 4.3 MB (BINARY: no values, 1.3 MB); the result keeps 2.5 / 0.55 MB.
 *
 * Strict means: every line is either a '%' comment, blank, or exactly what the format says
 * at that point; every error names the line and the problem. */
#include "io/mtx.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/error.h"
#include "io/numfmt.h"
#include "sparse/sparse.h"

#define MTX_CHUNK ((size_t)1 << 18)
#define HEADER_FORM "%%MatrixMarket matrix coordinate pattern|real|integer general|symmetric|skew-symmetric"

/* ---- lines ------------------------------------------------------------------------------ */

typedef struct {
    FILE *f;
    char *buf;
    size_t cap, pos, end; /* bytes [pos, end) of buf are read but not yet consumed */
    char *line;           /* a line spanning chunks, assembled */
    size_t line_len, line_cap;
    int64_t lineno;       /* number of the line last returned (1-based) */
    int last_nl;          /* that line ended with '\n' */
    int oom, err;         /* why next_line returned -1: out of memory, or errno of a read */
} reader;

/* 1 with new bytes in buf, 0 at the end of the file, -1 on a read error. */
static int refill(reader *rd)
{
    errno = 0;
    size_t got = fread(rd->buf, 1, rd->cap, rd->f);
    rd->pos = 0;
    rd->end = got;
    if (got) return 1;
    if (ferror(rd->f)) {
        rd->err = errno ? errno : EIO;
        return -1;
    }
    return 0;
}

static int append(reader *rd, const char *s, size_t n)
{
    if (n > rd->line_cap - rd->line_len) {
        size_t need = rd->line_len + n, cap = rd->line_cap ? rd->line_cap : 256;
        while (cap < need) cap = cap > SIZE_MAX / 2 ? need : 2 * cap;
        char *p = realloc(rd->line, cap);
        if (!p) {
            rd->oom = 1;
            return -1;
        }
        rd->line = p;
        rd->line_cap = cap;
    }
    memcpy(rd->line + rd->line_len, s, n);
    rd->line_len += n;
    return 0;
}

/* Next line without its '\n' (nor a '\r' before it) in *s, *n, valid until the next
 * call: 1, or 0 at the end of the file, -1 on error (rd->oom, rd->err). With
 * skip_comments, lines starting with '%' are passed over without being stored. */
static int next_line(reader *rd, const char **s, size_t *n, int skip_comments)
{
    for (;;) {
        if (rd->pos == rd->end) {
            int r = refill(rd);
            if (r <= 0) return r;
        }
        rd->lineno++;
        rd->last_nl = 1;
        if (skip_comments && rd->buf[rd->pos] == '%') {
            for (;;) {
                char *nl = memchr(rd->buf + rd->pos, '\n', rd->end - rd->pos);
                if (nl) {
                    rd->pos = (size_t)(nl - rd->buf) + 1;
                    break;
                }
                rd->pos = rd->end;
                int r = refill(rd);
                if (r < 0) return r;
                if (r == 0) {
                    rd->last_nl = 0;
                    return 0;
                }
            }
            continue;
        }
        rd->line_len = 0;
        for (;;) {
            const char *b = rd->buf + rd->pos;
            char *nl = memchr(b, '\n', rd->end - rd->pos);
            if (nl) {
                size_t k = (size_t)(nl - b);
                rd->pos += k + 1;
                if (rd->line_len == 0) { /* the usual case: the whole line is in the chunk */
                    *s = b;
                    *n = k;
                } else {
                    if (append(rd, b, k)) return -1;
                    *s = rd->line;
                    *n = rd->line_len;
                }
                break;
            }
            if (append(rd, b, rd->end - rd->pos)) return -1;
            rd->pos = rd->end;
            int r = refill(rd);
            if (r < 0) return r;
            if (r == 0) { /* the last line has no '\n' */
                rd->last_nl = 0;
                *s = rd->line;
                *n = rd->line_len;
                break;
            }
        }
        if (*n && (*s)[*n - 1] == '\r') --*n; /* CRLF */
        return 1;
    }
}

/* ---- tokens and numbers ------------------------------------------------------------------ */

typedef struct {
    const char *p;
    size_t n;
} tok;

/* Splits at spaces and tabs into at most max tokens; returns how many were found (max
 * means "max or more": callers ask for one more than they accept to see extra ones). */
static int split(const char *s, size_t n, tok *t, int max)
{
    int k = 0;
    size_t i = 0;
    while (k < max) {
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        if (i == n) break;
        size_t b = i;
        while (i < n && s[i] != ' ' && s[i] != '\t') i++;
        t[k].p = s + b;
        t[k].n = i - b;
        k++;
    }
    return k;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* Case-insensitive: the Matrix Market keywords are. */
static int word_is(tok t, const char *w)
{
    size_t l = strlen(w);
    if (t.n != l) return 0;
    for (size_t i = 0; i < l; i++)
        if (lower((unsigned char)t.p[i]) != lower((unsigned char)w[i])) return 0;
    return 1;
}

/* Untrusted text for a message: at most 40 bytes, non-printable ones as '?'. */
static const char *shown(char *dst, const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < 40; i++) dst[k++] = (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f ? s[i] : '?';
    if (n > 40) memcpy(dst + k, "...", 3), k += 3;
    dst[k] = 0;
    return dst;
}
#define SHOWN_BUF 48

/* Decimal digits only (indices and sizes are unsigned in the format). 0 with the value
 * (saturated at INT64_MAX, still out of every range), -1 if not all digits. */
static int parse_count(tok t, int64_t *v)
{
    if (t.n == 0) return -1;
    int64_t x = 0;
    for (size_t i = 0; i < t.n; i++) {
        unsigned d = (unsigned)((unsigned char)t.p[i] - '0');
        if (d > 9) return -1;
        x = x > (INT64_MAX - 9) / 10 ? INT64_MAX : x * 10 + (int64_t)d;
    }
    *v = x;
    return 0;
}

/* [+-]digits: 0, -1 not an integer, -2 beyond 64 bits. */
static int parse_integer(tok t, double *v)
{
    size_t i = 0;
    int neg = 0;
    if (t.n && (t.p[0] == '+' || t.p[0] == '-')) neg = t.p[i++] == '-';
    if (i == t.n) return -1;
    uint64_t x = 0, lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    int over = 0;
    for (; i < t.n; i++) {
        unsigned d = (unsigned)((unsigned char)t.p[i] - '0');
        if (d > 9) return -1;
        if (x > (lim - d) / 10) over = 1;
        else x = x * 10 + d;
    }
    if (over) return -2;
    *v = neg ? -(double)x : (double)x;
    return 0;
}

/* "nan", "inf", "infinity" with an optional sign, any case: worth its own message. */
static int non_finite_word(tok t)
{
    if (t.n && (t.p[0] == '+' || t.p[0] == '-')) t.p++, t.n--;
    return word_is(t, "nan") || word_is(t, "inf") || word_is(t, "infinity");
}

/* In BINARY mode a value only has to be valid. A plain decimal of at most 30 digits with
 * an exponent within +-200 is always a finite double, so checking its syntax is enough
 * and strtod (most of the time spent reading) is skipped; 1 when t is one. Anything else
 * goes through num_parse, which gives the verdict and the message. */
static int plain_decimal(tok t)
{
    size_t i = 0, digits = 0, e0;
    int point = 0, e = 0;
    if (i < t.n && (t.p[i] == '+' || t.p[i] == '-')) i++;
    for (; i < t.n; i++) {
        if (t.p[i] >= '0' && t.p[i] <= '9') digits++;
        else if (t.p[i] == '.' && !point) point = 1;
        else break;
    }
    if (digits == 0 || digits > 30) return 0;
    if (i == t.n) return 1;
    if (t.p[i] != 'e' && t.p[i] != 'E') return 0;
    if (++i < t.n && (t.p[i] == '+' || t.p[i] == '-')) i++;
    for (e0 = i; i < t.n && t.p[i] >= '0' && t.p[i] <= '9'; i++) {
        if (i - e0 >= 3) return 0;
        e = e * 10 + (t.p[i] - '0');
    }
    return i == t.n && i > e0 && e <= 200;
}

/* Clinger's exact fast path: a decimal of at most 15 significant digits whose exponent
 * (after moving the point) is within +-22 is an exact double m times or over an exact
 * power of ten, so one IEEE multiply or divide gives the correctly rounded value, the
 * same bits strtod gives. Most hand-made and generated files are like that and skip the
 * slower general parse; 1 with *v set, 0 when t is not such a number (num_parse decides). */
static int short_decimal(tok t, double *v)
{
    static const double p10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    size_t i = 0, e0;
    int neg = 0, digits = 0, frac = 0, point = 0, any = 0, e = 0;
    uint64_t m = 0;
    if (i < t.n && (t.p[i] == '+' || t.p[i] == '-')) neg = t.p[i++] == '-';
    for (; i < t.n; i++) {
        char c = t.p[i];
        if (c >= '0' && c <= '9') {
            any = 1;
            if (point) frac++;
            if (m == 0 && c == '0') continue; /* leading zeros are not significant */
            if (++digits > 15) return 0;
            m = m * 10 + (uint64_t)(c - '0');
        } else if (c == '.' && !point) {
            point = 1;
        } else {
            break;
        }
    }
    if (!any) return 0;
    if (i < t.n) {
        if (t.p[i] != 'e' && t.p[i] != 'E') return 0;
        int eneg = 0;
        if (++i < t.n && (t.p[i] == '+' || t.p[i] == '-')) eneg = t.p[i++] == '-';
        for (e0 = i; i < t.n && t.p[i] >= '0' && t.p[i] <= '9'; i++) {
            if (i - e0 >= 4) return 0;
            e = e * 10 + (t.p[i] - '0');
        }
        if (i == e0 || i != t.n) return 0;
        if (eneg) e = -e;
    }
    e -= frac;
    if (e < -22 || e > 22) return 0;
    double x = e < 0 ? (double)m / p10[-e] : (double)m * p10[e];
    *v = neg ? -x : x;
    return 1;
}

/* ---- the reader ----------------------------------------------------------------------------- */

enum { F_PATTERN, F_REAL, F_INTEGER };
enum { S_GENERAL, S_SYMMETRIC, S_SKEW };

typedef struct {
    reader rd;
    const char *who;
    int64_t max_dim;
    int field, sym;
    int64_t rows, cols, declared, size_line;
    /* the coordinate list: the stored entries, one-based as in the file */
    void *ri, *ci;
    double *v; /* NULL unless WEIGHTED mode and the file has values */
    int rbytes, cbytes;
    int64_t n, cap;
} mtx;

/* An error at the current line: "<who>: line N: <message>". */
static kfft_status bad(mtx *x, kfft_status s, const char *fmt, ...) KFFT_PRINTF(3, 4);
static kfft_status bad(mtx *x, kfft_status s, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return kfft_fail(s, "%s: line %lld: %s", x->who, (long long)x->rd.lineno, msg);
}

static kfft_status read_failed(mtx *x)
{
    if (x->rd.oom)
        return kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "%s: line %lld: out of memory for a line of %zu+ bytes", x->who,
                         (long long)x->rd.lineno, x->rd.line_len);
    return kfft_fail(KFFT_ERROR_IO, "%s: cannot read: %s", x->who, strerror(x->rd.err));
}

static kfft_status read_header(mtx *x)
{
    const char *s;
    size_t n;
    char a[SHOWN_BUF];
    int r = next_line(&x->rd, &s, &n, 0);
    if (r < 0) return read_failed(x);
    if (r == 0) {
        x->rd.lineno = 1;
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "empty file: expected the header '%s'", HEADER_FORM);
    }
    tok t[6];
    int k = split(s, n, t, 6);
    if (k == 0 || !word_is(t[0], "%%MatrixMarket"))
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "not a Matrix Market file: the first line is '%s', expected '%s'",
                   shown(a, s, n), HEADER_FORM);
    if (k < 5)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad header '%s': expected '%s'", shown(a, s, n), HEADER_FORM);
    if (word_is(t[1], "vector"))
        return bad(x, KFFT_ERROR_UNSUPPORTED, "a Matrix Market 'vector' is not read: only 'matrix'");
    if (!word_is(t[1], "matrix"))
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad header: object '%s' is not 'matrix'", shown(a, t[1].p, t[1].n));
    if (word_is(t[2], "array"))
        return bad(x, KFFT_ERROR_UNSUPPORTED,
                   "the 'array' (dense) format is not read: only the 'coordinate' (sparse) format is");
    if (!word_is(t[2], "coordinate"))
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad header: format '%s' is neither 'coordinate' nor 'array'",
                   shown(a, t[2].p, t[2].n));
    if (word_is(t[3], "pattern")) x->field = F_PATTERN;
    else if (word_is(t[3], "real")) x->field = F_REAL;
    else if (word_is(t[3], "integer")) x->field = F_INTEGER;
    else if (word_is(t[3], "complex"))
        return bad(x, KFFT_ERROR_UNSUPPORTED, "complex matrices are not supported: the field must be pattern, real or integer");
    else
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad header: field '%s' is not pattern, real, integer or complex",
                   shown(a, t[3].p, t[3].n));
    if (word_is(t[4], "general")) x->sym = S_GENERAL;
    else if (word_is(t[4], "symmetric")) x->sym = S_SYMMETRIC;
    else if (word_is(t[4], "skew-symmetric")) x->sym = S_SKEW;
    else if (word_is(t[4], "hermitian"))
        return bad(x, KFFT_ERROR_UNSUPPORTED, "hermitian matrices are not supported (they are complex)");
    else
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT,
                   "bad header: symmetry '%s' is not general, symmetric, skew-symmetric or hermitian", shown(a, t[4].p, t[4].n));
    if (x->field == F_PATTERN && x->sym == S_SKEW)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad header: 'pattern skew-symmetric' is not a valid combination "
                   "(a pattern has no values to negate)");
    if (k > 5)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad header: unexpected '%s' after the symmetry", shown(a, t[5].p, t[5].n));
    return KFFT_SUCCESS;
}

static kfft_status read_size(mtx *x)
{
    const char *s;
    size_t n;
    tok t[4];
    int k = 0, r;
    char a[SHOWN_BUF];
    while ((r = next_line(&x->rd, &s, &n, 1)) > 0 && (k = split(s, n, t, 4)) == 0) continue;
    if (r < 0) return read_failed(x);
    if (r == 0) {
        x->rd.lineno += x->rd.last_nl;
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "end of file before the size line 'rows columns entries'");
    }
    x->size_line = x->rd.lineno;
    if (k < 3)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad size line '%s': expected 'rows columns entries' (three integers)",
                   shown(a, s, n));
    if (k > 3)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad size line: unexpected '%s' after the entry count (expected "
                   "'rows columns entries')", shown(a, t[3].p, t[3].n));
    static const char *const what[3] = {"rows", "columns", "entries"};
    int64_t v[3];
    for (int i = 0; i < 3; i++)
        if (parse_count(t[i], &v[i]))
            return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad size line: %s '%s' is not a non-negative integer", what[i],
                       shown(a, t[i].p, t[i].n));
    for (int i = 0; i < 2; i++) {
        if (v[i] < 1 || v[i] > KFFT_SPARSE_MAX_DIM)
            return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad size line: %s = %s is outside 1..2147483647", what[i],
                       shown(a, t[i].p, t[i].n));
        if (v[i] > x->max_dim)
            return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "%s = %lld exceeds this reader's limit of %lld", what[i],
                       (long long)v[i], (long long)x->max_dim);
    }
    if (v[2] > KFFT_SPARSE_MAX_NNZ)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "bad size line: entries = %s is more than 2^40", shown(a, t[2].p, t[2].n));
    if (x->sym != S_GENERAL && v[0] != v[1])
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "a %s matrix must be square, the size line says %lld x %lld",
                   x->sym == S_SYMMETRIC ? "symmetric" : "skew-symmetric", (long long)v[0], (long long)v[1]);
    x->rows = v[0];
    x->cols = v[1];
    x->declared = v[2];
    return KFFT_SUCCESS;
}

/* Room for one more entry: capacity doubles, never past the declared count. */
static kfft_status grow(mtx *x)
{
    int64_t cap = x->cap < 512 ? 1024 : 2 * x->cap;
    if (cap > x->declared) cap = x->declared;
    void *p;
    if (!(p = realloc(x->ri, (size_t)cap * (size_t)x->rbytes))) goto oom;
    x->ri = p;
    if (!(p = realloc(x->ci, (size_t)cap * (size_t)x->cbytes))) goto oom;
    x->ci = p;
    if (x->v) {
        if (!(p = realloc(x->v, (size_t)cap * sizeof(double)))) goto oom;
        x->v = p;
    }
    x->cap = cap;
    return KFFT_SUCCESS;
oom:
    return bad(x, KFFT_ERROR_OUT_OF_MEMORY, "out of memory for %lld entries", (long long)cap);
}

static kfft_status alloc_list(mtx *x, kfft_sparse_mode mode)
{
    x->rbytes = sp_index_bytes(x->rows);
    x->cbytes = sp_index_bytes(x->cols);
    /* Start at the declared count, but no larger than the rest of a regular file can hold
     * (an entry line takes at least 4 bytes, "1 1\n"), so a lying size line cannot make
     * us allocate gigabytes; pipes start small and grow. */
    int64_t cap = x->declared;
    struct stat sb;
    int fd = fileno(x->rd.f);
    if (fd >= 0 && !fstat(fd, &sb) && S_ISREG(sb.st_mode)) {
        int64_t most = (int64_t)sb.st_size / 4 + 1;
        if (cap > most) cap = most;
    } else if (cap > 65536) {
        cap = 65536;
    }
    if (cap < 1) cap = 1;
    x->ri = malloc((size_t)cap * (size_t)x->rbytes);
    x->ci = malloc((size_t)cap * (size_t)x->cbytes);
    int values = mode == KFFT_SPARSE_WEIGHTED && x->field != F_PATTERN;
    if (values) x->v = malloc((size_t)cap * sizeof(double));
    if (!x->ri || !x->ci || (values && !x->v))
        return bad(x, KFFT_ERROR_OUT_OF_MEMORY, "out of memory for %lld entries", (long long)cap);
    x->cap = cap;
    return KFFT_SUCCESS;
}

/* One entry line (already split into k tokens). */
static kfft_status entry(mtx *x, const tok *t, int k)
{
    char a[SHOWN_BUF];
    int want = x->field == F_PATTERN ? 2 : 3;
    const char *form = x->field == F_PATTERN ? "'row column'" : "'row column value'";
    if (x->n == x->declared)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "more entries than the %lld declared on line %lld", (long long)x->declared,
                   (long long)x->size_line);
    if (k < want)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "expected %s, found %d field%s", form, k, k == 1 ? "" : "s");
    if (k > want)
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "unexpected '%s' after the %s (an entry is %s)", shown(a, t[want].p, t[want].n),
                   want == 2 ? "column index" : "value", form);
    int64_t idx[2], bound[2] = {x->rows, x->cols};
    static const char *const what[2] = {"row", "column"};
    for (int i = 0; i < 2; i++) {
        if (parse_count(t[i], &idx[i]))
            return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "%s index '%s' is not a positive integer", what[i],
                       shown(a, t[i].p, t[i].n));
        if (idx[i] < 1 || idx[i] > bound[i])
            return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "%s index %s is out of range 1..%lld", what[i],
                       shown(a, t[i].p, t[i].n), (long long)bound[i]);
    }
    if (x->sym != S_GENERAL && idx[0] < idx[1])
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "entry (%lld, %lld) is above the diagonal: a %s file stores only the "
                   "lower triangle (row %s column)", (long long)idx[0], (long long)idx[1],
                   x->sym == S_SYMMETRIC ? "symmetric" : "skew-symmetric", x->sym == S_SYMMETRIC ? ">=" : ">");
    if (x->sym == S_SKEW && idx[0] == idx[1])
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "entry (%lld, %lld) is on the diagonal: a skew-symmetric matrix has a "
                   "zero diagonal and its file stores only entries below it", (long long)idx[0], (long long)idx[1]);
    double val = 1;
    if (want == 3 && !(x->field == F_REAL && !x->v && plain_decimal(t[2]))) {
        int r = x->field == F_INTEGER ? parse_integer(t[2], &val)
                : short_decimal(t[2], &val) ? 0
                                            : num_parse(t[2].p, t[2].p + t[2].n, &val);
        shown(a, t[2].p, t[2].n);
        if (r == -2)
            return bad(x, KFFT_ERROR_INVALID_ARGUMENT, x->field == F_INTEGER ? "integer value %s does not fit in 64 bits"
                                                                             : "value %s is beyond the range of double", a);
        if (r && x->field == F_REAL && non_finite_word(t[2]))
            return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "value '%s' is not finite (NaN and Inf are not allowed)", a);
        if (r && x->field == F_INTEGER && !num_parse(t[2].p, t[2].p + t[2].n, &val))
            return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "value '%s' is not an integer (the header says 'integer')", a);
        if (r) return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "value '%s' is not a number", a);
    }
    if (x->n == x->cap) {
        kfft_status st = grow(x);
        if (st) return st;
    }
    if (x->rbytes == 2) ((uint16_t *)x->ri)[x->n] = (uint16_t)(idx[0] - 1);
    else ((uint32_t *)x->ri)[x->n] = (uint32_t)(idx[0] - 1);
    if (x->cbytes == 2) ((uint16_t *)x->ci)[x->n] = (uint16_t)(idx[1] - 1);
    else ((uint32_t *)x->ci)[x->n] = (uint32_t)(idx[1] - 1);
    if (x->v) x->v[x->n] = val;
    x->n++;
    return KFFT_SUCCESS;
}

static kfft_status read_entries(mtx *x)
{
    const char *s;
    size_t n;
    tok t[4];
    int r;
    while ((r = next_line(&x->rd, &s, &n, 1)) > 0) {
        int k = split(s, n, t, 4);
        if (k == 0) continue; /* blank */
        kfft_status st = entry(x, t, k);
        if (st) return st;
    }
    if (r < 0) return read_failed(x);
    if (x->n < x->declared) {
        x->rd.lineno += x->rd.last_nl; /* the end of the file is on the line after a final '\n' */
        return bad(x, KFFT_ERROR_INVALID_ARGUMENT, "end of file after %lld of the %lld entries declared on line %lld",
                   (long long)x->n, (long long)x->declared, (long long)x->size_line);
    }
    return KFFT_SUCCESS;
}

static kfft_status build(mtx *x, kfft_sparse_mode mode, kfft_sparse **out)
{
    kfft_sparse *m;
    kfft_status st = sp_alloc(x->rows, x->cols, mode, x->who, &m);
    if (st) return st;
    /* Stored indices are zero-based already (base 0); messages add 1 back (base 1). */
    sp_coo coo = {.n = x->n, .r = x->ri, .c = x->ci, .rbytes = x->rbytes, .cbytes = x->cbytes, .base = 0, .v = x->v,
                  .mirror = x->sym == S_GENERAL ? 0 : x->sym == S_SYMMETRIC ? 1 : -1};
    size_t held = (size_t)x->cap * ((size_t)x->rbytes + (size_t)x->cbytes + (x->v ? sizeof(double) : 0)) + x->rd.cap +
                  x->rd.line_cap;
    st = sp_fill(m, &coo, held, x->who);
    free(x->ri);
    free(x->ci);
    free(x->v);
    x->ri = x->ci = x->v = NULL;
    /* Symmetric files are symmetric by construction; so is a skew file's pattern. */
    int known = x->sym == S_SYMMETRIC || (x->sym == S_SKEW && mode == KFFT_SPARSE_BINARY);
    if (!st) st = sp_finalize(m, known, 1, x->who);
    if (st) {
        kfft_sparse_free(m);
        return st;
    }
    if (known) m->symmetric = 1;
    m->input_entries = x->declared;
    *out = m;
    return KFFT_SUCCESS;
}

kfft_status mtx_read_stream(FILE *f, const char *name, const mtx_options *opt, kfft_sparse_mode mode, kfft_sparse **out)
{
    char who[300];
    snprintf(who, sizeof who, "mtx: %.280s%s", name ? name : "(stream)", name && strlen(name) > 280 ? "..." : "");
    if (!out) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: the result pointer is NULL", who);
    *out = NULL;
    if (!f) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: the stream is NULL", who);
    if (mode != KFFT_SPARSE_BINARY && mode != KFFT_SPARSE_WEIGHTED)
        return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "%s: mode = %d is neither BINARY nor WEIGHTED", who, (int)mode);
    mtx x;
    memset(&x, 0, sizeof x);
    x.who = who;
    x.rd.f = f;
    x.rd.cap = opt && opt->chunk ? opt->chunk : MTX_CHUNK;
    x.max_dim = opt && opt->max_dim > 0 && opt->max_dim < KFFT_SPARSE_MAX_DIM ? opt->max_dim : KFFT_SPARSE_MAX_DIM;
    kfft_status st;
    if (!(x.rd.buf = malloc(x.rd.cap))) {
        st = kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "%s: out of memory for a %zu-byte read buffer", who, x.rd.cap);
        goto out;
    }
    if ((st = read_header(&x)) || (st = read_size(&x)) || (st = alloc_list(&x, mode)) || (st = read_entries(&x))) goto out;
    st = build(&x, mode, out);
out:
    free(x.rd.buf);
    free(x.rd.line);
    free(x.ri);
    free(x.ci);
    free(x.v);
    return st;
}

kfft_status kfft_sparse_read_mtx(const char *path, kfft_sparse_mode mode, kfft_sparse **m)
{
    if (m) *m = NULL;
    if (!path) return kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "mtx: the path is NULL");
    int is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) return kfft_fail(KFFT_ERROR_IO, "mtx: cannot open '%s': %s", path, strerror(errno));
    kfft_status st = mtx_read_stream(f, is_stdin ? "<stdin>" : path, NULL, mode, m);
    if (!is_stdin) fclose(f);
    return st;
}
