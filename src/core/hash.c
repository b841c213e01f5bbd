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
    /* Four independent multiply-xorshift chains over the words of each 32 bytes: a chain's
     * multiply latency bounds it, so four run 1.6x as fast as two (16 MB, a warm plan of
     * 1000003's spectrum: 2.3 -> 1.4 ms on the 2-core CI machine; eight chains add under 10%,
     * memory bounds them). A flipped word changes its chain; a swapped pair changes one
     * chain's order or two chains' inputs. */
    const unsigned char *p = data;
    static const uint64_t M[4] = {0xff51afd7ed558ccdull, 0xc4ceb9fe1a85ec53ull, 0x9e3779b97f4a7c15ull, 0xd6e8feb86659fd93ull};
    uint64_t c[4] = {0x9e3779b97f4a7c15ull ^ len, 0xc2b2ae3d27d4eb4full, 0x165667b19e3779f9ull, 0x27d4eb2f165667c5ull};
    size_t i = 0;
    for (; i + 32 <= len; i += 32)
        for (int q = 0; q < 4; q++) {
            uint64_t w;
            memcpy(&w, p + i + 8 * q, 8);
            c[q] = (c[q] ^ w) * M[q];
            c[q] ^= c[q] >> 32;
        }
    kfft_hash h = {(c[0] ^ (c[2] * M[0])), (c[1] ^ (c[3] * M[1]))};
    kfft_hash_update(&h, p + i, len - i);
    return h;
}

void kfft_hash_str(kfft_hash *h, const char *s) { kfft_hash_update(h, s, strlen(s) + 1); }

void kfft_hash_hex(const kfft_hash *h, char out[33])
{
    snprintf(out, 33, "%016llx%016llx", (unsigned long long)h->a, (unsigned long long)h->b);
}
