#include "core/hash.h"

#include <stdio.h>
#include <string.h>

void kfft_hash_init(kfft_hash *h)
{
    h->a = 0xcbf29ce484222325ull;
    h->b = 0x84222325cbf29ce4ull;
}

void kfft_hash_update(kfft_hash *h, const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t a = h->a, b = h->b;
    for (size_t i = 0; i < len; i++) {
        a = (a ^ p[i]) * 0x100000001b3ull;
        b = (b ^ p[i]) * 0x00000100000001b3ull + 0x9e3779b97f4a7c15ull;
        b ^= b >> 29;
    }
    h->a = a;
    h->b = b;
}

kfft_hash kfft_checksum(const void *data, size_t len)
{
    /* Two independent multiply-xorshift chains over alternate words: twice the throughput
     * of one chain, and a flipped or swapped word still changes the result. */
    const unsigned char *p = data;
    uint64_t a = 0x9e3779b97f4a7c15ull ^ len, b = 0xc2b2ae3d27d4eb4full;
    size_t i = 0;
    for (; i + 16 <= len; i += 16) {
        uint64_t w0, w1;
        memcpy(&w0, p + i, 8);
        memcpy(&w1, p + i + 8, 8);
        a = (a ^ w0) * 0xff51afd7ed558ccdull;
        a ^= a >> 32;
        b = (b ^ w1) * 0xc4ceb9fe1a85ec53ull;
        b ^= b >> 29;
    }
    kfft_hash h = {a, b};
    kfft_hash_update(&h, p + i, len - i);
    return h;
}

void kfft_hash_str(kfft_hash *h, const char *s) { kfft_hash_update(h, s, strlen(s) + 1); }

void kfft_hash_hex(const kfft_hash *h, char out[33])
{
    snprintf(out, 33, "%016llx%016llx", (unsigned long long)h->a, (unsigned long long)h->b);
}
