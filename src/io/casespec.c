#include "io/casespec.h"

#include <stdlib.h>
#include <string.h>

int io_parse_case(const char *spec, int *real, int *rank, int64_t n[3])
{
    const char *c = spec;
    *real = !strncmp(c, "r2c:", 4);
    *rank = 0;
    if (*real || !strncmp(c, "c2c:", 4)) c += 4;
    for (char *e; *rank < 3; c = e + 1) {
        long long v = strtoll(c, &e, 10);
        if (v < 1 || e == c) return -1;
        n[(*rank)++] = v;
        if (*e != 'x') return *e ? -1 : 0;
    }
    return -1;
}
