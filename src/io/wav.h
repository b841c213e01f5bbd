/* RIFF/WAVE audio reading: PCM integer (8/16/24/32-bit containers), IEEE float 32/64,
 * WAVE_FORMAT_EXTENSIBLE of either, any number of channels. */
#ifndef KFFT_WAV_H
#define KFFT_WAV_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    double *data;      /* channels x frames, one row per channel (malloc'ed) */
    int64_t channels, frames;
    double rate;       /* samples per second */
    int bits;          /* bits per sample as stored (the container size) */
    int is_float;      /* 1: IEEE float samples, 0: PCM integer */
} wav_audio;

/* Integer PCM is scaled to [-1, 1): x / 2^(bits-1) (8-bit data is unsigned, offset 128), as
 * soundfile and most audio tools do; scipy.io.wavfile.read returns the raw integers, which
 * are these values times 2^(bits-1). Float samples are returned as stored. */
/* 0 on success; -1 with a message naming the problem (truncated, bad header, unsupported
 * format) in err. buf is the whole file; it is never read past len. */
int wav_parse(const unsigned char *buf, size_t len, wav_audio *out, char *err, size_t errlen);
int wav_read(const char *path, wav_audio *out, char *err, size_t errlen);
void wav_free(wav_audio *a);

#endif
