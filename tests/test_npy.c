/* .npy reader/writer: round trips, numpy's exact header bytes, hand-written variants that
 * numpy and other writers produce, and a corpus of malformed files (every truncation of a
 * valid file, bad magic/version/dtype/shape/dict, random byte flips and random headers)
 * that must all fail cleanly with a message. Meant to run under ASan/UBSan as well.
 * Scratch files go to $TMPDIR (default /tmp) and are removed at the end. */
#include "io/npy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;
static char dir[512];
static char tag[32];

#define CHECK(cond, ...)                                                                    \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                            \
            fprintf(stderr, __VA_ARGS__);                                                   \
            fputc('\n', stderr);                                                            \
            failures++;                                                                     \
        }                                                                                   \
    } while (0)

static uint64_t rng_next(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static const char *tmp_path(const char *name)
{
    static char buf[4][700];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/kfft_test_npy_%s_%s.npy", dir, tag, name);
    return buf[k];
}

static void put_file(const char *path, const void *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "cannot write scratch file %s\n", path);
        exit(2);
    }
}

static unsigned char *get_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *b = malloc(cap);
    for (size_t got; b && (got = fread(b + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            unsigned char *nb = realloc(b, cap *= 2);
            if (!nb) { free(b); b = NULL; }
            else b = nb;
        }
    }
    fclose(f);
    *len = n;
    return b;
}

/* Reads bytes that must be rejected; need (if not NULL) must appear in the message. */
static void expect_fail(const char *what, const void *bytes, size_t len, const char *need)
{
    const char *path = tmp_path("bad");
    put_file(path, bytes, len);
    npy_array a;
    char err[256] = "";
    int rc = npy_read(path, &a, err, sizeof err);
    CHECK(rc == -1, "%s: accepted a malformed file", what);
    if (rc == 0) { npy_free(&a); return; }
    CHECK(a.data == NULL, "%s: data not NULL after failure", what);
    CHECK(strncmp(err, "npy: ", 5) == 0, "%s: message '%s' lacks the npy: prefix", what, err);
    CHECK(!need || strstr(err, need), "%s: message '%s' does not mention '%s'", what, err, need);
}

/* Builds a file: preamble for (major, 0), header text as given (no padding added), data. */
static size_t build(unsigned char *buf, int major, const char *hdr, size_t ndata)
{
    size_t hl = strlen(hdr), off = major == 1 ? 10 : 12;
    memcpy(buf, "\x93NUMPY", 6);
    buf[6] = (unsigned char)major;
    buf[7] = 0;
    buf[8] = (unsigned char)(hl & 0xff);
    buf[9] = (unsigned char)(hl >> 8);
    if (major != 1) { buf[10] = (unsigned char)(hl >> 16); buf[11] = (unsigned char)(hl >> 24); }
    memcpy(buf + off, hdr, hl);
    for (size_t i = 0; i < ndata; i++) buf[off + hl + i] = (unsigned char)(i * 7 + 1);
    return off + hl + ndata;
}

static void test_roundtrip(void)
{
    static const npy_dtype types[] = {NPY_F32, NPY_F64, NPY_C64, NPY_C128};
    static const struct { int ndim; int64_t shape[3]; } shapes[] = {
        {0, {0}}, {1, {5}}, {3, {2, 3, 4}}, {1, {0}}, {3, {3, 0, 2}}, {1, {1000}}};
    uint64_t seed = 1;
    for (size_t t = 0; t < 4; t++)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            npy_array a = {types[t], shapes[s].ndim, {0}, 0, NULL};
            memcpy(a.shape, shapes[s].shape, sizeof shapes[s].shape);
            int64_t count = npy_count(&a);
            size_t bytes = (size_t)count * npy_elem_size(a.dtype);
            unsigned char *data = malloc(bytes + 1);
            for (size_t i = 0; i < bytes; i++) data[i] = (unsigned char)rng_next(&seed);
            a.data = data;
            const char *path = tmp_path("rt");
            char err[256] = "";
            CHECK(npy_write(path, &a, err, sizeof err) == 0, "write t=%zu s=%zu: %s", t, s, err);
            size_t flen = 0;
            unsigned char *file = get_file(path, &flen);
            CHECK(file && flen == 128 + bytes, "t=%zu s=%zu: file is %zu bytes, want %zu", t, s,
                  flen, 128 + bytes);
            free(file);
            npy_array b;
            int rc = npy_read(path, &b, err, sizeof err);
            CHECK(rc == 0, "read t=%zu s=%zu: %s", t, s, err);
            if (rc == 0) {
                CHECK(b.dtype == a.dtype && b.ndim == a.ndim && b.fortran_order == 0,
                      "t=%zu s=%zu: dtype/ndim mismatch", t, s);
                CHECK(memcmp(b.shape, a.shape, sizeof(int64_t) * (size_t)a.ndim) == 0,
                      "t=%zu s=%zu: shape mismatch", t, s);
                CHECK(b.data && memcmp(b.data, a.data, bytes) == 0, "t=%zu s=%zu: data", t, s);
                CHECK(npy_count(&b) == count, "count");
            }
            npy_free(&b);
            CHECK(b.data == NULL, "npy_free leaves data NULL");
            free(data);
        }
}

/* What np.save writes (numpy >= 1.24: the dict, 21 - len(str(shape[0])) growth spaces,
 * then spaces to a 64-byte boundary and '\n'), checked byte for byte. */
static void test_exact_header(void)
{
    static const struct { npy_dtype t; int ndim; int64_t shape[3]; const char *dict; } cases[] = {
        {NPY_C64, 2, {3, 4}, "{'descr': '<c8', 'fortran_order': False, 'shape': (3, 4), }"},
        {NPY_F64, 1, {5}, "{'descr': '<f8', 'fortran_order': False, 'shape': (5,), }"},
        {NPY_F32, 0, {0}, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }"},
        {NPY_C128, 3, {2, 3, 4},
         "{'descr': '<c16', 'fortran_order': False, 'shape': (2, 3, 4), }"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        npy_array a = {cases[c].t, cases[c].ndim, {0}, 0, NULL};
        memcpy(a.shape, cases[c].shape, sizeof cases[c].shape);
        size_t bytes = (size_t)npy_count(&a) * npy_elem_size(a.dtype);
        a.data = calloc(1, bytes);
        const char *path = tmp_path("hdr");
        char err[256] = "";
        CHECK(npy_write(path, &a, err, sizeof err) == 0, "write: %s", err);
        free(a.data);
        size_t flen = 0;
        unsigned char *f = get_file(path, &flen);
        if (!f || flen < 128) { CHECK(0, "header case %zu: short file", c); free(f); continue; }
        /* Every case here lands on 128 bytes: header length field 118 = 0x76. */
        unsigned char want[128];
        size_t dl = strlen(cases[c].dict);
        memcpy(want, "\x93NUMPY\x01\x00\x76\x00", 10);
        memcpy(want + 10, cases[c].dict, dl);
        memset(want + 10 + dl, ' ', 128 - 10 - dl - 1);
        want[127] = '\n';
        CHECK(memcmp(f, want, 128) == 0, "header case %zu differs from numpy's:\n%.*s", c,
              (int)flen < 128 ? (int)flen : 128, (const char *)f);
        CHECK(flen == 128 + bytes, "header case %zu: data size", c);
        free(f);
    }
    /* A shape with a long first dimension still pads to 64 (growth spaces shrink). */
    npy_array a = {NPY_F32, 2, {1000000000000LL, 0}, 0, NULL};
    const char *path = tmp_path("hdr2");
    char err[256] = "";
    CHECK(npy_write(path, &a, err, sizeof err) == 0, "zero-size write: %s", err);
    size_t flen = 0;
    unsigned char *f = get_file(path, &flen);
    CHECK(f && flen % 64 == 0 && f[flen - 1] == '\n' && flen == 10u + (f[8] | f[9] << 8),
          "long shape header not aligned");
    free(f);
}

/* Valid files numpy or other writers can produce, written by hand. */
static void test_variants(void)
{
    static const struct { int major; const char *hdr; size_t ndata; int ndim; int64_t d0;
                          npy_dtype t; } ok[] = {
        {2, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }\n", 48, 2, 2, NPY_F64},
        {3, "{'descr': '<c8', 'fortran_order': False, 'shape': (4,), }\n", 32, 1, 4, NPY_C64},
        {1, "{\"shape\": (3,), \"descr\": \"<f4\", \"fortran_order\": False}", 12, 1, 3, NPY_F32},
        {1, "{'descr':'<c16','fortran_order':False,'shape':(1,2)}       \n", 32, 2, 1, NPY_C128},
        {1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2L, 3L), }    \n", 48, 2, 2,
         NPY_F64},
        {1, "{'descr': '=f8', 'fortran_order': False, 'shape': (1,), }\n", 8, 1, 1, NPY_F64},
        {1, "{'descr': '|f4', 'fortran_order': False, 'shape': (1,), }\n", 4, 1, 1, NPY_F32},
        {1, "{'descr': '<f4', 'fortran_order': False, 'shape': ( 2 , ) , }\n", 8, 1, 2, NPY_F32},
        {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }\n", 4, 0, 0, NPY_F32},
        {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 7), }\n", 0, 2, 0, NPY_F32},
    };
    unsigned char buf[512];
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        size_t len = build(buf, ok[i].major, ok[i].hdr, ok[i].ndata);
        const char *path = tmp_path("var");
        put_file(path, buf, len);
        npy_array a;
        char err[256] = "";
        int rc = npy_read(path, &a, err, sizeof err);
        CHECK(rc == 0, "variant %zu rejected: %s", i, err);
        if (rc == 0) {
            CHECK(a.ndim == ok[i].ndim && a.dtype == ok[i].t &&
                      (a.ndim == 0 || a.shape[0] == ok[i].d0),
                  "variant %zu parsed wrong", i);
            size_t off = ok[i].major == 1 ? 10 : 12;
            CHECK(memcmp(a.data, buf + off + strlen(ok[i].hdr), ok[i].ndata) == 0,
                  "variant %zu data", i);
        }
        npy_free(&a);
    }
}

static void test_malformed(void)
{
    unsigned char buf[1 << 14];
    size_t len;
    const char *good = "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\n";

    expect_fail("empty file", "", 0, "empty");
    expect_fail("bad magic", "\x93NUMPZ\x01\x00\x10\x00{}", 12, "magic");
    expect_fail("text file", "hello world, not numpy\n", 23, "magic");
    len = build(buf, 1, good, 16);
    buf[6] = 4;
    expect_fail("version 4.0", buf, len, "version");
    len = build(buf, 1, good, 16);
    buf[7] = 1;
    expect_fail("version 1.1", buf, len, "version");

    static const struct { const char *hdr; size_t ndata; const char *need; } bad[] = {
        {"{'descr': '>f4', 'fortran_order': False, 'shape': (4,), }", 16, "'>f4' (big-endian)"},
        {"{'descr': '>c16', 'fortran_order': False, 'shape': (1,), }", 16, "big-endian"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", 16,
         "unsupported dtype '<i4'"},
        {"{'descr': '|O', 'fortran_order': False, 'shape': (4,), }", 32, "object"},
        {"{'descr': '<f2', 'fortran_order': False, 'shape': (4,), }", 8, "unsupported dtype"},
        {"{'descr': '', 'fortran_order': False, 'shape': (4,), }", 8, "unsupported dtype"},
        {"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }", 16, "structured"},
        {"{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", 16, "fortran_order"},
        {"{'descr': '<f4', 'fortran_order': 0, 'shape': (4,), }", 16, "fortran_order"},
        {"{'descr': '<f4', 'fortran_order': Fals, 'shape': (4,), }", 16, "fortran_order"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (-4,), }", 16, "negative"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }", 16,
         "too large"},
        {"{'descr': '<c16', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", 16,
         "overflow"},
        {"{'descr': '<c16', 'fortran_order': False, 'shape': (1152921504606846976,), }", 16,
         "overflow"}, /* 2^60 elements * 16 bytes = 2^64 */
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }", 16,
         "header says 1000000000000 elements, found 2"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1), }", 4,
         "more than 8"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4), }", 16, "tuple"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': [4], }", 16, "tuple"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (,), }", 16, "malformed"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,,), }", 16, "malformed"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4 4), }", 16, "malformed"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (0x4,), }", 16, "malformed"},
        {"{'descr': '<f4', 'fortran_order': False}", 16, "missing key 'shape'"},
        {"{'fortran_order': False, 'shape': (4,)}", 16, "missing key 'descr'"},
        {"{'descr': '<f4', 'shape': (4,)}", 16, "missing key 'fortran_order'"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,), 'extra': 1}", 16, "'extra'"},
        {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (4,)}", 16,
         "repeated"},
        {"{'descr' '<f4', 'fortran_order': False, 'shape': (4,)}", 16, "expected ':'"},
        {"{'descr': '<f4' 'fortran_order': False, 'shape': (4,)}", 16, "malformed"},
        {"{'descr': '<f4, 'fortran_order': False, 'shape': (4,)}", 16, "unsupported dtype '<f4, '"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,)", 16, "malformed"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,)}}", 16, "after the dict"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,)} x", 16, "after the dict"},
        {"{'descr': '<f\\x34', 'fortran_order': False, 'shape': (4,)}", 16, "malformed"},
        {"['descr', '<f4']", 16, "expected '{'"},
        {"", 16, "expected '{'"},
        {"{", 16, "malformed"},
        {"{}", 16, "missing key"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", 12, "truncated: header "
         "says 4 elements, found 3"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", 18, "unexpected bytes"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "bad header %zu", i);
        len = build(buf, 1, bad[i].hdr, bad[i].ndata);
        expect_fail(what, buf, len, bad[i].need);
    }
    /* NUL inside the header, and a header with a high-bit byte in a string. */
    len = build(buf, 1, good, 16);
    buf[10 + 3] = '\0';
    expect_fail("NUL in header", buf, len, "malformed");
    len = build(buf, 1, good, 16);
    buf[10 + 2] = (char)0xe9;
    expect_fail("latin1 in key", buf, len, "malformed");

    /* Header lengths: over the limit (v2), beyond the end of the file (v1). */
    len = build(buf, 2, good, 16);
    buf[8] = buf[9] = buf[10] = buf[11] = 0xff;
    expect_fail("4 GiB header", buf, len, "exceeds");
    len = build(buf, 1, good, 16);
    buf[8] = 0xff; buf[9] = 0x7f;
    expect_fail("header past EOF", buf, len, "truncated");

    /* The message format promised in the interface docs. */
    len = build(buf, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1024,), }\n", 4000);
    expect_fail("short data", buf, len,
                "npy: file truncated: header says 1024 elements, found 1000");
}

/* Every proper prefix of a valid file must fail, naming truncation (or the empty file). */
static void test_truncations(void)
{
    npy_array a = {NPY_C64, 2, {3, 4}, 0, NULL};
    float v[24];
    for (int i = 0; i < 24; i++) v[i] = (float)i;
    a.data = v;
    const char *path = tmp_path("full");
    char err[256];
    CHECK(npy_write(path, &a, err, sizeof err) == 0, "write: %s", err);
    size_t flen = 0;
    unsigned char *f = get_file(path, &flen);
    if (!f) { CHECK(0, "cannot read back"); return; }
    for (size_t cut = 0; cut < flen; cut++) {
        char what[64];
        snprintf(what, sizeof what, "truncated at %zu of %zu", cut, flen);
        expect_fail(what, f, cut, cut ? "truncated" : "empty");
    }
    free(f);
}

/* Random corruption: the reader must return cleanly either way; on success the result must
 * be self-consistent (the allocation size ASan checks is count * elem_size). */
static void test_fuzz(void)
{
    npy_array a = {NPY_F64, 3, {2, 1, 3}, 0, NULL};
    double v[6] = {1, 2, 3, 4, 5, 6};
    a.data = v;
    const char *path = tmp_path("seed");
    char err[256];
    CHECK(npy_write(path, &a, err, sizeof err) == 0, "write: %s", err);
    size_t flen = 0;
    unsigned char *orig = get_file(path, &flen);
    if (!orig) { CHECK(0, "cannot read back"); return; }
    unsigned char *buf = malloc(flen + 320); /* room for the extensions and random headers */
    const char *fz = tmp_path("fuzz");
    int accepted = 0, nfuzz = 0;
    const char alphabet[] = "{}()[],:' \"<>=|fc48162LTrueFalsshapedscrotn-0123456789\n\t";
    const size_t NALPHA = sizeof alphabet - 1;
    for (uint64_t seed = 0; seed < 4000; seed++) {
        uint64_t s = seed * 0x2545F4914F6CDD1Dull + 7;
        memcpy(buf, orig, flen);
        size_t len = flen;
        int flips = 1 + (int)(rng_next(&s) % 4);
        for (int k = 0; k < flips; k++) {
            /* mostly the preamble and header, where parsing happens */
            size_t pos = rng_next(&s) % 4 ? rng_next(&s) % 128 : rng_next(&s) % len;
            uint64_t r = rng_next(&s);
            if (r % 3 == 0) buf[pos] ^= (unsigned char)(1u << (r >> 8) % 8);
            else if (r % 3 == 1) buf[pos] = (unsigned char)alphabet[(r >> 8) % NALPHA];
            else buf[pos] = (unsigned char)(r >> 8);
        }
        if (rng_next(&s) % 8 == 0) len = rng_next(&s) % (flen + 1);        /* and truncate */
        else if (rng_next(&s) % 16 == 0) len += rng_next(&s) % 64;          /* or extend */
        put_file(fz, buf, len);
        nfuzz++;
        npy_array b;
        err[0] = '\0';
        int rc = npy_read(fz, &b, err, sizeof err);
        if (rc == 0) {
            accepted++;
            int64_t count = npy_count(&b);
            CHECK(count >= 0 && b.data && b.ndim >= 0 && b.ndim <= 8 && !b.fortran_order,
                  "seed %llu: inconsistent array accepted", (unsigned long long)seed);
            if (count > 0) { /* touch the whole buffer so ASan would see a short allocation */
                volatile unsigned char sink = 0;
                size_t bytes = (size_t)count * npy_elem_size(b.dtype);
                for (size_t i = 0; i < bytes; i++) sink ^= ((unsigned char *)b.data)[i];
                (void)sink;
            }
            npy_free(&b);
        } else {
            CHECK(rc == -1 && strncmp(err, "npy: ", 5) == 0 && b.data == NULL,
                  "seed %llu: unclean failure rc=%d err='%s'", (unsigned long long)seed, rc, err);
        }
    }
    /* Entirely random headers after a valid preamble. */
    for (uint64_t seed = 0; seed < 2000; seed++) {
        uint64_t s = seed + 99;
        size_t hl = rng_next(&s) % 200;
        memcpy(buf, "\x93NUMPY\x01\x00", 8);
        buf[8] = (unsigned char)hl;
        buf[9] = 0;
        for (size_t i = 0; i < hl + 40; i++)
            buf[10 + i] = rng_next(&s) % 2 ? (unsigned char)alphabet[rng_next(&s) % NALPHA]
                                           : (unsigned char)rng_next(&s);
        put_file(fz, buf, 10 + hl + rng_next(&s) % 40);
        nfuzz++;
        npy_array b;
        err[0] = '\0';
        int rc = npy_read(fz, &b, err, sizeof err);
        CHECK(rc == -1 || rc == 0, "random header: rc %d", rc);
        if (rc == 0) accepted++;
        else CHECK(strncmp(err, "npy: ", 5) == 0, "random header: no message");
        npy_free(&b);
    }
    printf("fuzz: %d corrupted files, %d accepted (consistent), the rest rejected cleanly\n",
           nfuzz, accepted);
    free(buf);
    free(orig);
}

static void test_write_errors(void)
{
    char err[256];
    float v[4] = {1, 2, 3, 4};
    npy_array a = {NPY_F32, 1, {4}, 0, v};
    const char *path = tmp_path("keep");
    CHECK(npy_write(path, &a, err, sizeof err) == 0, "write: %s", err);

    /* A rejected write must leave the existing file untouched. */
    npy_array bad = a;
    bad.fortran_order = 1;
    CHECK(npy_write(path, &bad, err, sizeof err) == -1 && strstr(err, "fortran"), "fortran write");
    bad = a;
    bad.data = NULL;
    CHECK(npy_write(path, &bad, err, sizeof err) == -1 && strstr(err, "NULL"), "NULL data write");
    bad = a;
    bad.ndim = 9;
    CHECK(npy_write(path, &bad, err, sizeof err) == -1 && strstr(err, "ndim"), "ndim 9 write");
    bad = a;
    bad.shape[0] = -1;
    CHECK(npy_write(path, &bad, err, sizeof err) == -1 && strstr(err, "negative"), "neg write");
    bad = a;
    bad.dtype = (npy_dtype)42;
    CHECK(npy_write(path, &bad, err, sizeof err) == -1 && strstr(err, "dtype"), "dtype write");
    bad = (npy_array){NPY_C128, 2, {(int64_t)1 << 40, (int64_t)1 << 40}, 0, v};
    CHECK(npy_write(path, &bad, err, sizeof err) == -1 && strstr(err, "overflow"), "big write");
    npy_array b;
    CHECK(npy_read(path, &b, err, sizeof err) == 0 && b.shape[0] == 4 &&
              memcmp(b.data, v, sizeof v) == 0, "file changed by a failed write: %s", err);
    npy_free(&b);

    /* Unwritable location: error names the path, nothing is created. */
    char nodir[700];
    snprintf(nodir, sizeof nodir, "%s/kfft_test_npy_no_such_dir_%s/x.npy", dir, tag);
    CHECK(npy_write(nodir, &a, err, sizeof err) == -1 && strstr(err, "x.npy"), "bad dir: %s", err);
    CHECK(npy_read(nodir, &b, err, sizeof err) == -1 && strstr(err, "cannot open"), "read: %s",
          err);
    CHECK(npy_read(dir, &b, err, sizeof err) == -1 && strncmp(err, "npy: ", 5) == 0,
          "reading a directory: %s", err);

    /* Small, NULL and zero-length error buffers are honoured. */
    char small[8];
    memset(small, 'x', sizeof small);
    CHECK(npy_read(nodir, &b, small, sizeof small) == -1 && small[7] == '\0', "small err buf");
    CHECK(npy_read(nodir, &b, NULL, 0) == -1, "NULL err buf");
    CHECK(npy_read(NULL, &b, err, sizeof err) == -1, "NULL path");
    CHECK(npy_write(path, NULL, err, sizeof err) == -1, "NULL array");

    CHECK(npy_elem_size(NPY_F32) == 4 && npy_elem_size(NPY_F64) == 8 &&
              npy_elem_size(NPY_C64) == 8 && npy_elem_size(NPY_C128) == 16, "elem sizes");
    npy_array z = {NPY_F32, 0, {0}, 0, NULL};
    CHECK(npy_count(&z) == 1, "0-d count");
    z.ndim = 2; z.shape[0] = INT64_MAX; z.shape[1] = 2;
    CHECK(npy_count(&z) == -1, "overflowing count");
    remove(path);
}

int main(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s", t && *t ? t : "/tmp");
    snprintf(tag, sizeof tag, "%lx_%lx", (unsigned long)time(NULL), (unsigned long)clock());

    test_roundtrip();
    test_exact_header();
    test_variants();
    test_malformed();
    test_truncations();
    test_fuzz();
    test_write_errors();

    static const char *names[] = {"rt", "hdr", "hdr2", "var", "bad", "full", "seed", "fuzz",
                                  "keep"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) remove(tmp_path(names[i]));
    printf("%s (%d failures)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
