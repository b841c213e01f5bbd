/* NumPy .npy reading (format 1.0, 2.0, 3.0) and writing (1.0, byte-identical to numpy's
 * np.save for the dtypes kfft uses).
 *
 * The reader treats the file as untrusted: the header dict is parsed by a small bounded
 * recursive-descent parser (never by sscanf on unterminated data), the header length is
 * capped, every size product is overflow-checked, and the data length is compared with the
 * file size before the array is allocated, so a corrupt header cannot trigger a huge
 * allocation or a read past the end of anything. */
#include "io/npy.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NPY_MAGIC "\x93NUMPY"
#define NPY_MAGIC_LEN 6
#define NPY_MAX_NDIM 8
/* numpy itself refuses headers over 10000 bytes unless told otherwise; 64 KiB is plenty for
 * any array we accept (a full 8-d header is under 300 bytes) and bounds our allocation. */
#define NPY_MAX_HEADER 65536
#define NPY_ALIGN 64              /* numpy aligns the data offset to 64 bytes */
#define NPY_GROWTH_DIGITS 21      /* numpy pads the header so shape[0] can grow in place */

static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static int host_is_little_endian(void)
{
    const uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

size_t npy_elem_size(npy_dtype t)
{
    switch (t) {
    case NPY_F32: return 4;
    case NPY_F64: return 8;
    case NPY_C64: return 8;
    case NPY_C128: return 16;
    }
    return 0;
}

static const char *dtype_descr(npy_dtype t)
{
    switch (t) {
    case NPY_F32: return "<f4";
    case NPY_F64: return "<f8";
    case NPY_C64: return "<c8";
    case NPY_C128: return "<c16";
    }
    return NULL;
}

/* Product of the shape; -1 for a NULL array, bad ndim, a negative dimension or overflow. */
int64_t npy_count(const npy_array *a)
{
    if (!a || a->ndim < 0 || a->ndim > NPY_MAX_NDIM) return -1;
    int64_t c = 1;
    for (int i = 0; i < a->ndim; i++) {
        int64_t d = a->shape[i];
        if (d < 0) return -1;
        if (d > 0 && c > INT64_MAX / d) return -1;
        c *= d;
    }
    return c;
}

/* count * elem_size as a size_t, 0 on success, -1 if it overflows size_t or int64. */
static int byte_size(int64_t count, size_t es, size_t *bytes)
{
    if (count < 0 || es == 0) return -1;
    if ((uint64_t)count > (uint64_t)INT64_MAX / es || (uint64_t)count > SIZE_MAX / es) return -1;
    *bytes = (size_t)count * es;
    return 0;
}

void npy_free(npy_array *a)
{
    if (!a) return;
    free(a->data);
    a->data = NULL;
}

/* ---- header parsing ------------------------------------------------------------------- */

typedef struct {
    const char *p, *begin, *end;
    char *err;
    size_t errlen;
} parser;

/* Copies untrusted text for an error message: bounded, non-printables shown as '?'. */
static void quote(char *dst, size_t cap, const char *s, size_t len)
{
    size_t max = cap - 4, k = 0;
    for (size_t i = 0; i < len && k < max; i++) {
        unsigned char ch = (unsigned char)s[i];
        dst[k++] = (ch >= 0x20 && ch < 0x7f) ? (char)ch : '?';
    }
    if (len > max) { dst[k++] = '.'; dst[k++] = '.'; dst[k++] = '.'; }
    dst[k] = '\0';
}

static int malformed(parser *ps, const char *what)
{
    seterr(ps->err, ps->errlen, "npy: malformed header at byte %zu: %s",
           (size_t)(ps->p - ps->begin), what);
    return -1;
}

static void skip_ws(parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' ||
                               *ps->p == '\r' || *ps->p == '\f' || *ps->p == '\v'))
        ps->p++;
}

static int accept(parser *ps, char c)
{
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == c) { ps->p++; return 1; }
    return 0;
}

/* A Python string literal without escapes (all that a valid header can contain). */
static int parse_string(parser *ps, const char **s, size_t *len)
{
    skip_ws(ps);
    if (ps->p >= ps->end || (*ps->p != '\'' && *ps->p != '"'))
        return malformed(ps, "expected a quoted string");
    char q = *ps->p++;
    const char *start = ps->p;
    while (ps->p < ps->end && *ps->p != q) {
        if (*ps->p == '\\' || *ps->p == '\n') return malformed(ps, "unsupported string literal");
        ps->p++;
    }
    if (ps->p >= ps->end) return malformed(ps, "unterminated string");
    *s = start;
    *len = (size_t)(ps->p - start);
    ps->p++;
    return 0;
}

static int is_ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static int parse_bool(parser *ps, int *v)
{
    skip_ws(ps);
    const char *s = ps->p;
    while (ps->p < ps->end && is_ident_char(*ps->p)) ps->p++;
    size_t len = (size_t)(ps->p - s);
    if (len == 4 && memcmp(s, "True", 4) == 0) { *v = 1; return 0; }
    if (len == 5 && memcmp(s, "False", 5) == 0) { *v = 0; return 0; }
    ps->p = s;
    return malformed(ps, "'fortran_order' must be True or False");
}

static int parse_shape(parser *ps, int64_t shape[NPY_MAX_NDIM], int *ndim)
{
    int n = 0, comma = 0;
    if (!accept(ps, '(')) return malformed(ps, "'shape' must be a tuple");
    if (accept(ps, ')')) { *ndim = 0; return 0; }
    for (;;) {
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == '-') {
            seterr(ps->err, ps->errlen, "npy: negative dimension in shape");
            return -1;
        }
        if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9')
            return malformed(ps, "expected a dimension in 'shape'");
        int64_t v = 0;
        while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9') {
            int d = *ps->p++ - '0';
            if (v > (INT64_MAX - d) / 10) {
                seterr(ps->err, ps->errlen, "npy: shape dimension too large (over 2^63-1)");
                return -1;
            }
            v = v * 10 + d;
        }
        if (ps->p < ps->end && (*ps->p == 'L' || *ps->p == 'l')) ps->p++; /* Python 2 long */
        if (n == NPY_MAX_NDIM) {
            seterr(ps->err, ps->errlen, "npy: more than %d dimensions are not supported",
                   NPY_MAX_NDIM);
            return -1;
        }
        shape[n++] = v;
        if (accept(ps, ',')) {
            comma = 1;
            if (accept(ps, ')')) break;
        } else if (accept(ps, ')')) {
            break;
        } else {
            return malformed(ps, "expected ',' or ')' in 'shape'");
        }
    }
    if (n == 1 && !comma) return malformed(ps, "'shape' (n) is an int, not a tuple");
    *ndim = n;
    return 0;
}

/* Maps a descr string to a dtype, or writes an error naming it. */
static int parse_descr(const char *s, size_t len, npy_dtype *t, char *err, size_t errlen)
{
    char q[48];
    quote(q, sizeof q, s, len);
    char order = len ? s[0] : 0;
    const char *code = s;
    size_t clen = len;
    if (order == '<' || order == '>' || order == '=' || order == '|') { code++; clen--; }
    static const struct { const char *code; npy_dtype t; } known[] = {
        {"f4", NPY_F32}, {"f8", NPY_F64}, {"c8", NPY_C64}, {"c16", NPY_C128}};
    int found = -1;
    for (int i = 0; i < 4; i++)
        if (clen == strlen(known[i].code) && memcmp(code, known[i].code, clen) == 0) found = i;
    if (found < 0) {
        if (clen == 1 && code[0] == 'O')
            seterr(err, errlen, "npy: unsupported dtype '%s' (object arrays)", q);
        else
            seterr(err, errlen, "npy: unsupported dtype '%s' (kfft reads <f4, <f8, <c8, <c16)",
                   q);
        return -1;
    }
    if (order == '>') {
        seterr(err, errlen, "npy: unsupported dtype '%s' (big-endian)", q);
        return -1;
    }
    /* '=', '|' and no marker all mean native order, which is little-endian here. */
    *t = known[found].t;
    return 0;
}

static int parse_header(const char *buf, size_t len, npy_array *out, char *err, size_t errlen)
{
    parser ps = {buf, buf, buf + len, err, errlen};
    int have_descr = 0, have_fortran = 0, have_shape = 0;
    if (!accept(&ps, '{')) return malformed(&ps, "expected '{'");
    while (!accept(&ps, '}')) {
        const char *key;
        size_t klen;
        if (parse_string(&ps, &key, &klen)) return -1;
        if (!accept(&ps, ':')) return malformed(&ps, "expected ':'");
        if (klen == 5 && memcmp(key, "descr", 5) == 0 && !have_descr) {
            skip_ws(&ps);
            if (ps.p < ps.end && (*ps.p == '[' || *ps.p == '(')) {
                seterr(err, errlen, "npy: unsupported structured or subarray dtype");
                return -1;
            }
            const char *d;
            size_t dlen;
            if (parse_string(&ps, &d, &dlen)) return -1;
            if (parse_descr(d, dlen, &out->dtype, err, errlen)) return -1;
            have_descr = 1;
        } else if (klen == 13 && memcmp(key, "fortran_order", 13) == 0 && !have_fortran) {
            if (parse_bool(&ps, &out->fortran_order)) return -1;
            have_fortran = 1;
        } else if (klen == 5 && memcmp(key, "shape", 5) == 0 && !have_shape) {
            if (parse_shape(&ps, out->shape, &out->ndim)) return -1;
            have_shape = 1;
        } else {
            char q[48];
            quote(q, sizeof q, key, klen);
            seterr(err, errlen, "npy: malformed header: unexpected or repeated key '%s'", q);
            return -1;
        }
        if (!accept(&ps, ',')) {
            if (accept(&ps, '}')) break;
            return malformed(&ps, "expected ',' or '}'");
        }
    }
    skip_ws(&ps);
    if (ps.p != ps.end) return malformed(&ps, "unexpected text after the dict");
    if (!have_descr || !have_fortran || !have_shape) {
        seterr(err, errlen, "npy: malformed header: missing key '%s'",
               !have_descr ? "descr" : !have_fortran ? "fortran_order" : "shape");
        return -1;
    }
    if (out->fortran_order) {
        seterr(err, errlen, "npy: fortran_order True is not supported (save a C-order array)");
        return -1;
    }
    return 0;
}

/* ---- reading -------------------------------------------------------------------------- */

static int read_file(FILE *f, const char *path, npy_array *out, char *err, size_t errlen)
{
    unsigned char pre[12];
    size_t got = fread(pre, 1, 8, f);
    if (ferror(f)) { /* e.g. a directory */
        seterr(err, errlen, "npy: cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    if (got == 0) {
        seterr(err, errlen, "npy: '%s' is empty, not a .npy file", path);
        return -1;
    }
    if (memcmp(pre, NPY_MAGIC, got < NPY_MAGIC_LEN ? got : NPY_MAGIC_LEN) != 0) {
        seterr(err, errlen, "npy: '%s' is not a .npy file (bad magic)", path);
        return -1;
    }
    if (got < NPY_MAGIC_LEN) {
        seterr(err, errlen, "npy: file truncated: %zu bytes, shorter than the magic", got);
        return -1;
    }
    if (got < 8) {
        seterr(err, errlen, "npy: file truncated: ends inside the version bytes");
        return -1;
    }
    unsigned major = pre[6], minor = pre[7];
    if (major < 1 || major > 3 || minor != 0) {
        seterr(err, errlen, "npy: unsupported .npy format version %u.%u", major, minor);
        return -1;
    }
    size_t lenbytes = major == 1 ? 2 : 4;
    if (fread(pre + 8, 1, lenbytes, f) != lenbytes) {
        seterr(err, errlen, "npy: file truncated: ends inside the header length");
        return -1;
    }
    uint32_t hlen = (uint32_t)pre[8] | (uint32_t)pre[9] << 8;
    if (lenbytes == 4) hlen |= (uint32_t)pre[10] << 16 | (uint32_t)pre[11] << 24;
    if (hlen > NPY_MAX_HEADER) {
        seterr(err, errlen, "npy: header length %lu exceeds the %d-byte limit",
               (unsigned long)hlen, NPY_MAX_HEADER);
        return -1;
    }
    char *hdr = malloc(hlen ? hlen : 1);
    if (!hdr) {
        seterr(err, errlen, "npy: out of memory reading a %lu-byte header", (unsigned long)hlen);
        return -1;
    }
    got = fread(hdr, 1, hlen, f);
    if (got != hlen) {
        seterr(err, errlen, "npy: file truncated: header says %lu header bytes, found %zu",
               (unsigned long)hlen, got);
        free(hdr);
        return -1;
    }
    int rc = parse_header(hdr, hlen, out, err, errlen);
    free(hdr);
    if (rc) return -1;

    size_t es = npy_elem_size(out->dtype), bytes;
    int64_t count = npy_count(out);
    if (count < 0 || byte_size(count, es, &bytes)) {
        seterr(err, errlen, "npy: array size overflows (shape too large)");
        return -1;
    }

    /* Compare with the file size first (when the stream can seek) so a lying header neither
     * allocates nor reads more than the file holds. */
    long pos = ftell(f);
    if (pos >= 0 && fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        if (size < pos || fseek(f, pos, SEEK_SET) != 0) {
            seterr(err, errlen, "npy: cannot determine the size of '%s'", path);
            return -1;
        }
        uint64_t avail = (uint64_t)(size - pos);
        if (avail < (uint64_t)bytes) {
            seterr(err, errlen, "npy: file truncated: header says %lld elements, found %llu",
                   (long long)count, (unsigned long long)(avail / es));
            return -1;
        }
        if (avail > (uint64_t)bytes) {
            seterr(err, errlen, "npy: %llu unexpected bytes after the %lld elements of data",
                   (unsigned long long)(avail - bytes), (long long)count);
            return -1;
        }
    }
    clearerr(f);

    out->data = malloc(bytes ? bytes : 1);
    if (!out->data) {
        seterr(err, errlen, "npy: out of memory allocating %zu bytes", bytes);
        return -1;
    }
    got = fread(out->data, 1, bytes, f);
    if (got != bytes) {
        seterr(err, errlen, "npy: file truncated: header says %lld elements, found %zu",
               (long long)count, got / es);
        return -1;
    }
    if (fgetc(f) != EOF) { /* non-seekable streams: the size check above was skipped */
        seterr(err, errlen, "npy: unexpected bytes after the %lld elements of data",
               (long long)count);
        return -1;
    }
    if (ferror(f)) {
        seterr(err, errlen, "npy: read error on '%s'", path);
        return -1;
    }
    return 0;
}

int npy_read(const char *path, npy_array *out, char *err, size_t errlen)
{
    if (err && errlen) err[0] = '\0';
    if (!out || !path) {
        seterr(err, errlen, "npy: %s is NULL", !path ? "path" : "output array");
        return -1;
    }
    memset(out, 0, sizeof *out);
    if (!host_is_little_endian()) {
        seterr(err, errlen, "npy: big-endian hosts are not supported");
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        seterr(err, errlen, "npy: cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    int rc = read_file(f, path, out, err, errlen);
    fclose(f);
    if (rc) {
        npy_free(out);
        memset(out, 0, sizeof *out);
    }
    return rc;
}

/* ---- writing -------------------------------------------------------------------------- */

/* Header exactly as numpy's _write_array_header writes format 1.0: the sorted dict with
 * repr() values, spare spaces for shape[0] to grow, then spaces and '\n' so the data starts
 * on a 64-byte boundary. Returns the total header size including the 10-byte preamble. */
static size_t format_header(const npy_array *a, char *buf, size_t cap)
{
    char dict[400];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                       dtype_descr(a->dtype));
    for (int i = 0; i < a->ndim; i++)
        len += snprintf(dict + len, sizeof dict - (size_t)len, i ? ", %lld" : "%lld",
                        (long long)a->shape[i]);
    len += snprintf(dict + len, sizeof dict - (size_t)len, "%s), }", a->ndim == 1 ? "," : "");
    if (a->ndim > 0) {
        int digits = snprintf(NULL, 0, "%lld", (long long)a->shape[0]);
        for (int i = digits; i < NPY_GROWTH_DIGITS; i++) dict[len++] = ' ';
    }
    size_t hlen = (size_t)len + 1; /* + '\n' */
    size_t pad = NPY_ALIGN - (10 + hlen) % NPY_ALIGN; /* numpy pads a full 64 when aligned */
    size_t total = 10 + hlen + pad;
    if (total > cap) return 0;
    memcpy(buf, NPY_MAGIC "\x01\x00", 8);
    buf[8] = (char)((hlen + pad) & 0xff);
    buf[9] = (char)((hlen + pad) >> 8);
    memcpy(buf + 10, dict, (size_t)len);
    memset(buf + 10 + len, ' ', pad);
    buf[total - 1] = '\n';
    return total;
}

static uint64_t mix64(uint64_t z) /* splitmix64 finalizer, for temp names */
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int npy_write(const char *path, const npy_array *a, char *err, size_t errlen)
{
    if (err && errlen) err[0] = '\0';
    if (!path || !a) {
        seterr(err, errlen, "npy: %s is NULL", !path ? "path" : "array");
        return -1;
    }
    if (!host_is_little_endian()) {
        seterr(err, errlen, "npy: big-endian hosts are not supported");
        return -1;
    }
    size_t es = npy_elem_size(a->dtype), bytes;
    if (es == 0) {
        seterr(err, errlen, "npy: invalid dtype %d", (int)a->dtype);
        return -1;
    }
    if (a->ndim < 0 || a->ndim > NPY_MAX_NDIM) {
        seterr(err, errlen, "npy: ndim %d outside 0..%d", a->ndim, NPY_MAX_NDIM);
        return -1;
    }
    for (int i = 0; i < a->ndim; i++)
        if (a->shape[i] < 0) {
            seterr(err, errlen, "npy: negative dimension %lld in shape",
                   (long long)a->shape[i]);
            return -1;
        }
    if (a->fortran_order) {
        seterr(err, errlen, "npy: fortran_order arrays are not supported");
        return -1;
    }
    int64_t count = npy_count(a);
    if (count < 0 || byte_size(count, es, &bytes)) {
        seterr(err, errlen, "npy: array size overflows (shape too large)");
        return -1;
    }
    if (bytes && !a->data) {
        seterr(err, errlen, "npy: array data is NULL");
        return -1;
    }
    char hdr[512];
    size_t hsize = format_header(a, hdr, sizeof hdr);
    if (!hsize) {
        seterr(err, errlen, "npy: internal error: header too long");
        return -1;
    }

    /* Write a sibling temp file, then rename over the target: readers never see a partial
     * file, and a failed write leaves any previous file intact. "x" (C11) refuses to reuse
     * an existing name, so concurrent writers cannot clobber each other's temp files. */
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp) {
        seterr(err, errlen, "npy: out of memory");
        return -1;
    }
    uint64_t salt = mix64((uint64_t)time(NULL) ^ (uint64_t)clock() << 32 ^
                          (uint64_t)(uintptr_t)&salt ^ (uint64_t)(uintptr_t)a);
    FILE *f = NULL;
    for (int attempt = 0; attempt < 16 && !f; attempt++) {
        snprintf(tmp, plen + 32, "%s.tmp-%08llx", path,
                 (unsigned long long)(mix64(salt + (uint64_t)attempt) & 0xffffffffu));
        errno = 0;
        f = fopen(tmp, "wbx");
        if (!f && errno != EEXIST) break;
    }
    if (!f) {
        seterr(err, errlen, "npy: cannot create a temporary file next to '%s': %s", path,
               strerror(errno));
        free(tmp);
        return -1;
    }
    int ok = fwrite(hdr, 1, hsize, f) == hsize;
    if (ok && bytes) ok = fwrite(a->data, 1, bytes, f) == bytes;
    if (ok) ok = fflush(f) == 0 && !ferror(f);
    int saved = errno;
    if (fclose(f) != 0 && ok) { ok = 0; saved = errno; }
    if (!ok) {
        remove(tmp);
        seterr(err, errlen, "npy: writing '%s' failed: %s", path, strerror(saved));
        free(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        saved = errno;
        remove(tmp);
        seterr(err, errlen, "npy: cannot rename the temporary file to '%s': %s", path,
               strerror(saved));
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

size_t npy_header(const npy_array *a, char *buf, size_t len) { return format_header(a, buf, len); }
