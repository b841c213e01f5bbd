/* PNG writing without zlib: 8-bit RGB, no filtering, and the zlib stream made of stored
 * (uncompressed) deflate blocks, so only CRC-32 (chunks) and Adler-32 (zlib) need computing.
 * Files are larger than compressed ones (about width*height*3 bytes), which is fine for
 * plots. Format: PNG specification (ISO/IEC 15948), RFC 1950 (zlib), RFC 1951 section 3.2.4. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/plot.h"

#define STORED_MAX 65535u           /* largest stored deflate block */
#define IDAT_MAX ((size_t)1 << 20)  /* bytes of zlib stream per IDAT chunk */

/* CRC-32 (ISO 3309, reflected polynomial 0xEDB88320) with a table built per image: no
 * shared mutable state, so threads may write PNGs at once. */
static void crc_init(uint32_t table[256])
{
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
}

static uint32_t crc32_of(const uint32_t table[256], const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static unsigned char *be32(unsigned char *o, uint32_t v)
{
    o[0] = (unsigned char)(v >> 24), o[1] = (unsigned char)(v >> 16), o[2] = (unsigned char)(v >> 8);
    o[3] = (unsigned char)v;
    return o + 4;
}

/* Length, type, data, CRC of type + data. */
static unsigned char *chunk(const uint32_t crc[256], unsigned char *o, const char *type, const unsigned char *data,
                            size_t n)
{
    be32(o, (uint32_t)n);
    memcpy(o + 4, type, 4);
    if (n) memcpy(o + 8, data, n);
    return be32(o + 8 + n, crc32_of(crc, o + 4, n + 4));
}

int png_encode(const unsigned char *rgb, int w, int h, unsigned char **png, size_t *len, char *err, size_t errlen)
{
    *png = NULL;
    *len = 0;
    if (w < 1 || h < 1 || w > 16384 || h > 16384) {
        snprintf(err, errlen, "png: bad image size %dx%d", w, h);
        return -1;
    }
    uint32_t crc[256];
    crc_init(crc);
    size_t row = 1 + (size_t)w * 3, raw = row * (size_t)h; /* filter byte 0 ("None") + pixels */
    size_t blocks = (raw + STORED_MAX - 1) / STORED_MAX;
    size_t zlen = 2 + raw + 5 * blocks + 4;
    size_t idats = (zlen + IDAT_MAX - 1) / IDAT_MAX;
    size_t total = 8 + (12 + 13) + zlen + 12 * idats + 12;
    unsigned char *z = malloc(zlen), *out = malloc(total);
    if (!z || !out) {
        free(z);
        free(out);
        snprintf(err, errlen, "png: out of memory for a %dx%d image (%zu bytes)", w, h, total);
        return -1;
    }
    /* zlib: CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (no dictionary, check bits so that
     * 0x7801 is a multiple of 31). Then stored blocks of the raw scanlines, then Adler-32. */
    unsigned char *q = z;
    *q++ = 0x78, *q++ = 0x01;
    uint32_t a = 1, b = 0;
    size_t done = 0;
    for (size_t k = 0; k < blocks; k++) {
        size_t n = raw - done < STORED_MAX ? raw - done : STORED_MAX;
        *q++ = k + 1 == blocks; /* BFINAL on the last, BTYPE 00 */
        *q++ = (unsigned char)n, *q++ = (unsigned char)(n >> 8);
        *q++ = (unsigned char)~n, *q++ = (unsigned char)(~n >> 8);
        for (size_t i = 0; i < n; i++, done++) {
            size_t y = done / row, x = done % row;
            unsigned char v = x == 0 ? 0 : rgb[y * (size_t)w * 3 + x - 1];
            *q++ = v;
            a = (a + v) % 65521u; /* fine per byte: a, b < 65521 keep every sum in 32 bits */
            b = (b + a) % 65521u;
        }
    }
    q = be32(q, b << 16 | a);

    unsigned char *o = out;
    memcpy(o, "\x89PNG\r\n\x1a\n", 8);
    o += 8;
    unsigned char ihdr[13];
    be32(ihdr, (uint32_t)w);
    be32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8, ihdr[9] = 2, ihdr[10] = 0, ihdr[11] = 0, ihdr[12] = 0; /* 8-bit RGB, deflate, no interlace */
    o = chunk(crc, o, "IHDR", ihdr, 13);
    for (size_t off = 0; off < zlen; off += IDAT_MAX) {
        size_t n = zlen - off < IDAT_MAX ? zlen - off : IDAT_MAX;
        o = chunk(crc, o, "IDAT", z + off, n);
    }
    o = chunk(crc, o, "IEND", NULL, 0);
    free(z);
    *png = out;
    *len = (size_t)(o - out);
    return 0;
}

int png_render(const scene *s, unsigned char **png, size_t *len, char *err, size_t errlen)
{
    unsigned char *rgb;
    if (raster_paint(s, &rgb, err, errlen)) return -1;
    int rc = png_encode(rgb, s->width, s->height, png, len, err, errlen);
    free(rgb);
    return rc;
}
