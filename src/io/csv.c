#include "io/csv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/file.h"
#include "io/numfmt.h"

#define CSV_MAX_FILE ((size_t)1 << 32)

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
static int is_sep(char c) { return c == ',' || c == ';' || c == '\t'; }

/* Can the (unquoted) text of the first content line be a header rather than a mistyped
 * number? Headers start with something no number starts with, and are not inf or nan. */
static int header_like(const char *b, const char *e)
{
    if (*b == '+' || *b == '-' || *b == '.' || (*b >= '0' && *b <= '9')) return 0;
    static const char *const words[] = {"nan", "inf", "infinity"};
    for (int i = 0; i < 3; i++) {
        size_t l = strlen(words[i]);
        if ((size_t)(e - b) != l) continue;
        size_t k = 0;
        while (k < l && (b[k] | 0x20) == words[i][k]) k++;
        if (k == l) return 0;
    }
    return 1;
}

/* Shows untrusted text in a message: bounded, non-printable bytes as '?'. */
static void quote(char *dst, size_t cap, const char *s, size_t len)
{
    size_t max = cap - 4, k = 0;
    for (size_t i = 0; i < len && k < max; i++) {
        unsigned char ch = (unsigned char)s[i];
        dst[k++] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
    }
    if (len > max) dst[k++] = '.', dst[k++] = '.', dst[k++] = '.';
    dst[k] = 0;
}

int csv_parse(const char *buf, size_t len, double **vals, int64_t *count, char *err, size_t errlen)
{
    *vals = NULL;
    *count = 0;
    size_t cap = 0, n = 0;
    double *v = NULL;
    int64_t line = 0;
    int content = 0; /* content lines seen: only the first may be a header */
    const char *p = buf, *end = buf + len;
    if (len >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3)) p += 3;
    while (p < end) {
        line++;
        const char *b = p, *e = p;
        while (e < end && *e != '\n' && *e != '\r') e++;
        p = e;
        if (p < end && *p == '\r') p++;
        if (p < end && *p == '\n' && (p == e || p[-1] == '\r')) p++; /* LF, CRLF or CR */
        const char *hash = memchr(b, '#', (size_t)(e - b));
        if (hash) e = hash;
        while (b < e && is_space(*b)) b++;
        while (e > b && is_space(e[-1])) e--;
        if (b == e) continue;
        char shown[64];
        const char *sep = b;
        while (sep < e && !is_sep(*sep)) sep++;
        if (sep < e) {
            int fields = 1;
            for (const char *q = b; q < e; q++) fields += is_sep(*q);
            quote(shown, sizeof shown, b, (size_t)(e - b));
            snprintf(err, errlen, "csv: line %lld has %d fields ('%s'); expected one number per line",
                     (long long)line, fields, shown);
            goto fail;
        }
        if (e - b >= 2 && *b == '"' && e[-1] == '"') b++, e--;
        double x;
        int r = num_parse(b, e, &x);
        if (r == 0) {
            if (n == cap) {
                size_t ncap = cap ? 2 * cap : 1024;
                double *nv = realloc(v, ncap * sizeof *nv);
                if (!nv) {
                    snprintf(err, errlen, "csv: out of memory at line %lld", (long long)line);
                    goto fail;
                }
                v = nv;
                cap = ncap;
            }
            v[n++] = x;
        } else if (content > 0 || r == -2 || !header_like(b, e)) {
            quote(shown, sizeof shown, b, (size_t)(e - b));
            snprintf(err, errlen, "csv: line %lld: '%s' is not %s", (long long)line, shown,
                     r == -2 ? "within the range of double" : "a finite decimal number");
            goto fail;
        } /* else: the header line (a column name) */
        content++;
    }
    if (n == 0) {
        snprintf(err, errlen, "csv: no numbers found (%lld line%s)", (long long)line, line == 1 ? "" : "s");
        goto fail;
    }
    *vals = v;
    *count = (int64_t)n;
    return 0;
fail:
    free(v);
    return -1;
}

int csv_read(const char *path, double **vals, int64_t *count, char *err, size_t errlen)
{
    unsigned char *buf;
    size_t len;
    *vals = NULL;
    *count = 0;
    if (io_read_file("csv", path, CSV_MAX_FILE, &buf, &len, err, errlen)) return -1;
    int rc = csv_parse((const char *)buf, len, vals, count, err, errlen);
    free(buf);
    return rc;
}
