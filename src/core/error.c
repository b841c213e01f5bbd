#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local char g_msg[1024];

kfft_status kfft_fail(kfft_status s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_msg, sizeof g_msg, fmt, ap);
    va_end(ap);
    return s;
}

void kfft_clear_error(void) { g_msg[0] = 0; }

const char *kfft_error_message(void) { return g_msg; }

const char *kfft_status_string(kfft_status s)
{
    switch (s) {
    case KFFT_SUCCESS: return "success";
    case KFFT_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case KFFT_ERROR_UNSUPPORTED: return "unsupported";
    case KFFT_ERROR_NO_BACKEND: return "backend not available";
    case KFFT_ERROR_NO_DEVICE: return "no device";
    case KFFT_ERROR_OUT_OF_MEMORY: return "out of memory";
    case KFFT_ERROR_COMPILE: return "kernel compilation failed";
    case KFFT_ERROR_BACKEND: return "backend error";
    case KFFT_ERROR_IO: return "I/O error";
    case KFFT_ERROR_INTERNAL: return "internal error";
    }
    return "unknown status";
}

const char *kfft_version(void) { return KFFT_VERSION_STRING; }
