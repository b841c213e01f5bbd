/* kfft_cache_read: the warm read of a large disk-cache entry, the host's share of a warm plan
 * whose tables come from the cache (a 1000003-point fp32 plan's Bluestein spectrum: 16 MB).
 * Times kfft_cache_open + kfft_cache_close (map the file, check key, length and checksum)
 * and, for scale, a plain fread of the same file into fresh memory (the copy the cache made
 * before its entries were mapped). Medians of 21, the file in the page cache.
 *   kfft_cache_read [MB]   (default 16; any device, PoCL included: a context names the cache) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/context.h"
#include "kfft.h"

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    size_t mb = argc > 1 ? (size_t)atol(argv[1]) : 16, len = mb << 20;
    char dir[] = "/tmp/kfft-cache-read-XXXXXX";
    unsigned char *payload = malloc(len);
    if (!len || !payload || !mkdtemp(dir)) {
        fprintf(stderr, "kfft_cache_read: no memory or no temporary directory\n");
        return 1;
    }
    uint64_t x = 88172645463325252ull;
    for (size_t i = 0; i < len; i++) payload[i] = (unsigned char)((x ^= x << 13, x ^= x >> 7, x ^= x << 17) >> 56);
    kfft_context_desc d = {0};
    d.cache_dir = dir;
    kfft_context c = NULL;
    if (kfft_context_create(&d, &c)) {
        fprintf(stderr, "kfft_cache_read: no device: %s\n", kfft_error_message());
        return 1;
    }
    kfft_hash key;
    kfft_hash_init(&key);
    kfft_hash_str(&key, "kfft_cache_read");
    kfft_cache_put(c, &key, "ktab", payload, len);
    char hex[33], path[1200];
    kfft_hash_hex(&key, hex);
    snprintf(path, sizeof path, "%s/%s.ktab", dir, hex);
    enum { R = 21 };
    double t_open[R], t_read[R];
    int bad = 0;
    for (int r = 0; r < R; r++) {
        double t0 = kfft_now_ms();
        kfft_cache_view v;
        int hit = kfft_cache_open(c, &key, "ktab", &v);
        bad |= !hit || v.len != len || memcmp(v.data, payload, 4096);
        kfft_cache_close(&v);
        double t2 = kfft_now_ms();
        FILE *f = fopen(path, "rb");
        unsigned char *copy = malloc(len + 64);
        size_t got = f && copy ? fread(copy, 1, len + 64, f) : 0;
        double t3 = kfft_now_ms();
        bad |= got < len; /* the header and the payload */
        if (f) fclose(f);
        free(copy);
        t_open[r] = t2 - t0;
        t_read[r] = t3 - t2;
    }
    qsort(t_open, R, sizeof(double), by_value);
    qsort(t_read, R, sizeof(double), by_value);
    printf("cache entry of %zu MB, median of %d: open (map + check) + close %.3f ms; fread of the file alone %.3f ms%s\n", mb, R,
           t_open[R / 2], t_read[R / 2], bad ? "; ENTRY NOT READ BACK" : "");
    kfft_context_destroy(c);
    char cmd[1300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) fprintf(stderr, "kfft_cache_read: could not remove %s\n", dir);
    free(payload);
    return bad;
}
