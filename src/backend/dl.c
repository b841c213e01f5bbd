#include <dlfcn.h>
#include <stdio.h>

#include "backend/backend.h"

void *kfft_dlopen_first(const char *const *names, char *why, size_t len)
{
    const char *err = "no candidates";
    for (int i = 0; names[i]; i++) {
        void *h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (h) return h;
        err = dlerror();
    }
    if (why && len) snprintf(why, len, "cannot load %s (%s)", names[0], err ? err : "?");
    return NULL;
}
