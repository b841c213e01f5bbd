/* The reader treats the file as untrusted: every chunk length is checked against the bytes
 * that remain before anything is read, sizes are computed in 64 bits, and the output is
 * allocated only after the data chunk is known to be complete. */
#include "io/wav.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/file.h"

#define WAV_MAX_FILE ((size_t)1 << 32) /* 4 GiB: the RIFF size field's limit */

static uint32_t u16(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t u32(const unsigned char *p) { return u16(p) | u16(p + 2) << 16; }

/* A chunk id for messages: printable characters or '?'. */
static void fourcc(char out[5], const unsigned char *p)
{
    for (int i = 0; i < 4; i++) out[i] = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '?';
    out[4] = 0;
}

static const char *tag_name(uint32_t tag)
{
    switch (tag) {
    case 0x0002: return "Microsoft ADPCM";
    case 0x0006: return "A-law";
    case 0x0007: return "mu-law";
    case 0x0011: return "IMA ADPCM";
    case 0x0031: return "GSM 6.10";
    case 0x0050: return "MPEG";
    case 0x0055: return "MPEG layer 3";
    case 0x00ff: return "AAC";
    }
    return "unknown";
}

/* The tail every WAVE_FORMAT_EXTENSIBLE sub-format GUID shares after its 2-byte tag. */
static const unsigned char ksdata_tail[14] = {0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80,
                                              0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71};

typedef struct {
    uint32_t tag, channels, rate, block_align, bits;
} wav_fmt;

static int parse_fmt(const unsigned char *p, uint32_t size, wav_fmt *f, char *err, size_t errlen)
{
    if (size < 16) {
        snprintf(err, errlen, "wav: bad header: fmt chunk of %u bytes, needs at least 16", (unsigned)size);
        return -1;
    }
    f->tag = u16(p);
    f->channels = u16(p + 2);
    f->rate = u32(p + 4);
    f->block_align = u16(p + 12);
    f->bits = u16(p + 14);
    if (f->tag == 0xFFFE) { /* WAVE_FORMAT_EXTENSIBLE: the real tag is in the GUID */
        if (size < 40 || u16(p + 16) < 22) {
            snprintf(err, errlen, "wav: bad header: WAVE_FORMAT_EXTENSIBLE fmt chunk of %u bytes is too short "
                     "(needs 40)", (unsigned)size);
            return -1;
        }
        uint32_t valid = u16(p + 18);
        if (memcmp(p + 26, ksdata_tail, sizeof ksdata_tail) != 0) {
            snprintf(err, errlen, "wav: unsupported format: WAVE_FORMAT_EXTENSIBLE with an unknown sub-format GUID");
            return -1;
        }
        if (valid > f->bits) {
            snprintf(err, errlen, "wav: bad header: %u valid bits in a %u-bit sample", (unsigned)valid,
                     (unsigned)f->bits);
            return -1;
        }
        f->tag = u16(p + 24);
    }
    if (f->tag != 1 && f->tag != 3) {
        snprintf(err, errlen, "wav: unsupported format: %s (format tag 0x%04x); kfft reads PCM integer and IEEE "
                 "float", tag_name(f->tag), (unsigned)f->tag);
        return -1;
    }
    if (f->tag == 1 && (f->bits < 1 || f->bits > 32)) {
        snprintf(err, errlen, "wav: unsupported format: %u-bit PCM (1..32 bits are read)", (unsigned)f->bits);
        return -1;
    }
    if (f->tag == 3 && f->bits != 32 && f->bits != 64) {
        snprintf(err, errlen, "wav: unsupported format: %u-bit float (32 and 64 are read)", (unsigned)f->bits);
        return -1;
    }
    if (f->channels == 0) {
        snprintf(err, errlen, "wav: bad header: 0 channels");
        return -1;
    }
    if (f->rate == 0) {
        snprintf(err, errlen, "wav: bad header: sample rate 0");
        return -1;
    }
    uint32_t bytes = (f->bits + 7) / 8; /* PCM samples sit left-justified in whole bytes */
    if (f->block_align != f->channels * bytes) {
        snprintf(err, errlen, "wav: bad header: block align %u, expected %u channels x %u bytes = %u",
                 (unsigned)f->block_align, (unsigned)f->channels, (unsigned)bytes, (unsigned)(f->channels * bytes));
        return -1;
    }
    f->bits = bytes * 8;
    return 0;
}

static double sample(const unsigned char *p, const wav_fmt *f)
{
    switch (f->bits) {
    case 8: return ((double)p[0] - 128.0) / 128.0;
    case 16: return (double)(int16_t)u16(p) / 32768.0;
    case 32:
        if (f->tag == 3) {
            float x;
            uint32_t u = u32(p);
            memcpy(&x, &u, 4);
            return (double)x;
        }
        return (double)(int32_t)u32(p) / 2147483648.0;
    case 64: {
        double x;
        uint64_t u = (uint64_t)u32(p) | (uint64_t)u32(p + 4) << 32;
        memcpy(&x, &u, 8);
        return x;
    }
    }
    return 0;
}

static void decode(const unsigned char *data, const wav_fmt *f, int64_t frames, double *out)
{
    int64_t ch = f->channels;
    uint32_t bytes = f->bits / 8;
    for (int64_t t = 0; t < frames; t++)
        for (int64_t c = 0; c < ch; c++) {
            const unsigned char *p = data + (size_t)(t * ch + c) * bytes;
            double v;
            if (bytes == 3) { /* sign-extend 24 bits without reading outside the sample */
                int32_t s = (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16);
                if (s & 0x800000) s -= 0x1000000;
                v = (double)s / 8388608.0;
            } else {
                v = sample(p, f);
            }
            out[c * frames + t] = v;
        }
}

int wav_parse(const unsigned char *buf, size_t len, wav_audio *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (len >= 4 && (!memcmp(buf, "RIFX", 4) || !memcmp(buf, "RF64", 4) || !memcmp(buf, "BW64", 4))) {
        snprintf(err, errlen, "wav: unsupported format: %.4s files (big-endian or 64-bit RIFF)", (const char *)buf);
        return -1;
    }
    if (len < 12) {
        if (len >= 4 && memcmp(buf, "RIFF", 4)) snprintf(err, errlen, "wav: not a RIFF/WAVE file (bad magic)");
        else snprintf(err, errlen, "wav: truncated: %zu bytes, shorter than the 12-byte RIFF header", len);
        return -1;
    }
    if (memcmp(buf, "RIFF", 4) != 0) {
        snprintf(err, errlen, "wav: not a RIFF/WAVE file (bad magic)");
        return -1;
    }
    if (memcmp(buf + 8, "WAVE", 4) != 0) {
        char t[5];
        fourcc(t, buf + 8);
        snprintf(err, errlen, "wav: bad header: a RIFF file of type '%s', not WAVE", t);
        return -1;
    }
    uint64_t end = 8 + (uint64_t)u32(buf + 4);
    if (end > len) {
        snprintf(err, errlen, "wav: truncated: the RIFF header says %llu bytes, the file has %zu",
                 (unsigned long long)end, len);
        return -1;
    }
    if (end < 12) {
        snprintf(err, errlen, "wav: bad header: RIFF size %llu is smaller than the WAVE header", (unsigned long long)(end - 8));
        return -1;
    }
    /* Bytes after the RIFF chunk (some tools append tags) are ignored. */
    wav_fmt f = {0};
    int have_fmt = 0;
    const unsigned char *data = NULL;
    uint64_t data_size = 0, pos = 12;
    while (!data) {
        if (pos + 8 > end) {
            if (pos < end) {
                snprintf(err, errlen, "wav: truncated: a chunk header at byte %llu is cut off", (unsigned long long)pos);
                return -1;
            }
            snprintf(err, errlen, "wav: bad header: no %s chunk", have_fmt ? "data" : "fmt");
            return -1;
        }
        const unsigned char *h = buf + pos;
        uint64_t size = u32(h + 4);
        char id[5];
        fourcc(id, h);
        if (size > end - pos - 8) {
            snprintf(err, errlen, "wav: truncated: chunk '%s' at byte %llu says %llu bytes, only %llu remain", id,
                     (unsigned long long)pos, (unsigned long long)size, (unsigned long long)(end - pos - 8));
            return -1;
        }
        if (!memcmp(h, "fmt ", 4)) {
            if (have_fmt) {
                snprintf(err, errlen, "wav: bad header: two fmt chunks");
                return -1;
            }
            if (parse_fmt(h + 8, (uint32_t)size, &f, err, errlen)) return -1;
            have_fmt = 1;
        } else if (!memcmp(h, "data", 4)) {
            if (!have_fmt) {
                snprintf(err, errlen, "wav: bad header: the data chunk comes before the fmt chunk");
                return -1;
            }
            data = h + 8;
            data_size = size;
        }
        pos += 8 + size + (size & 1); /* chunks are padded to even sizes */
    }
    if (data_size % f.block_align) {
        snprintf(err, errlen, "wav: truncated: data chunk of %llu bytes is not a whole number of %u-byte frames",
                 (unsigned long long)data_size, (unsigned)f.block_align);
        return -1;
    }
    int64_t frames = (int64_t)(data_size / f.block_align), count = frames * (int64_t)f.channels;
    out->data = malloc(count ? (size_t)count * sizeof(double) : 1);
    if (!out->data) {
        snprintf(err, errlen, "wav: out of memory for %lld samples", (long long)count);
        return -1;
    }
    decode(data, &f, frames, out->data);
    out->channels = f.channels;
    out->frames = frames;
    out->rate = f.rate;
    out->bits = (int)f.bits;
    out->is_float = f.tag == 3;
    return 0;
}

int wav_read(const char *path, wav_audio *out, char *err, size_t errlen)
{
    unsigned char *buf;
    size_t len;
    memset(out, 0, sizeof *out);
    if (io_read_file("wav", path, WAV_MAX_FILE, &buf, &len, err, errlen)) return -1;
    int rc = wav_parse(buf, len, out, err, errlen);
    free(buf);
    return rc;
}

void wav_free(wav_audio *a)
{
    free(a->data);
    a->data = NULL;
}
