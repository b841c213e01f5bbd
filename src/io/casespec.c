#include "io/casespec.h"

#include <stdlib.h>
#include <string.h>

int io_parse_case(const char *spec, int *type, int *rank, int64_t n[3])
{
    const char *c = spec;
    *type = !strncmp(c, "r2c:", 4) ? 1 : !strncmp(c, "c2r:", 4) ? 2 : 0;
    *rank = 0;
    if (*type || !strncmp(c, "c2c:", 4)) c += 4;
    for (char *e; *rank < 3; c = e + 1) {
        long long v = strtoll(c, &e, 10);
        if (v < 1 || e == c) return -1;
        n[(*rank)++] = v;
        if (*e != 'x') return *e ? -1 : 0;
    }
    return -1;
}
