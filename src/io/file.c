#include "io/file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int io_read_file(const char *what, const char *path, size_t max, unsigned char **data, size_t *len, char *err,
                 size_t errlen)
{
    *data = NULL;
    *len = 0;
    int is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open '%s': %s", what, path, strerror(errno));
        return -1;
    }
    /* Grow geometrically: works for pipes too, where the size is not known up front. */
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap + 1);
    int rc = -1;
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory reading '%s'", what, path);
        goto out;
    }
    for (;;) {
        if (n == cap) {
            if (cap >= max) {
                snprintf(err, errlen, "%s: '%s' is larger than the %zu-byte limit", what, path, max);
                goto out;
            }
            size_t ncap = cap > max / 2 ? max : cap * 2;
            unsigned char *nb = realloc(buf, ncap + 1);
            if (!nb) {
                snprintf(err, errlen, "%s: out of memory reading '%s' (%zu bytes so far)", what, path, n);
                goto out;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) { /* e.g. a directory: EISDIR */
        snprintf(err, errlen, "%s: cannot read '%s': %s", what, path, strerror(errno));
        goto out;
    }
    buf[n] = 0;
    *data = buf;
    *len = n;
    buf = NULL;
    rc = 0;
out:
    free(buf);
    if (!is_stdin) fclose(f);
    return rc;
}

static uint64_t mix64(uint64_t z) /* splitmix64 finalizer, for temporary names */
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int io_write_file(const char *what, const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp) {
        snprintf(err, errlen, "%s: out of memory", what);
        return -1;
    }
    uint64_t salt = mix64((uint64_t)time(NULL) ^ (uint64_t)clock() << 32 ^ (uint64_t)(uintptr_t)&salt);
    FILE *f = NULL;
    for (int attempt = 0; attempt < 16 && !f; attempt++) {
        snprintf(tmp, plen + 32, "%s.tmp-%08llx", path, (unsigned long long)(mix64(salt + (uint64_t)attempt) >> 32));
        errno = 0;
        f = fopen(tmp, "wbx"); /* "x": never reuse an existing name */
        if (!f && errno != EEXIST) break;
    }
    if (!f) {
        snprintf(err, errlen, "%s: cannot create a temporary file next to '%s': %s", what, path, strerror(errno));
        free(tmp);
        return -1;
    }
    int ok = fwrite(data, 1, len, f) == len && fflush(f) == 0 && !ferror(f);
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!ok) {
        remove(tmp);
        snprintf(err, errlen, "%s: cannot write '%s': %s", what, path, strerror(saved));
    }
    free(tmp);
    return ok ? 0 : -1;
}

int io_has_ext(const char *path, const char *ext)
{
    size_t n = strlen(path), m = strlen(ext);
    if (n < m) return 0;
    for (size_t i = 0; i < m; i++)
        if ((path[n - m + i] | 0x20) != ext[i]) return 0;
    return 1;
}
