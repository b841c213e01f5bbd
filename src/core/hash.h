/* 128-bit content hash (two independent 64-bit FNV-1a style lanes) for cache keys. */
#ifndef KFFT_HASH_H
#define KFFT_HASH_H
#include <stddef.h>
#include <stdint.h>

typedef struct { uint64_t a, b; } kfft_hash;

void kfft_hash_init(kfft_hash *h);
void kfft_hash_update(kfft_hash *h, const void *data, size_t len);
void kfft_hash_str(kfft_hash *h, const char *s); /* includes the terminating 0 as separator */
/* A checksum of a large payload (cache entries), 32 bytes a step over four chains: many times
 * the speed of kfft_hash_update, for detecting corruption, not for keys. */
kfft_hash kfft_checksum(const void *data, size_t len);
/* 32 lowercase hex digits + NUL */
void kfft_hash_hex(const kfft_hash *h, char out[33]);

#endif
