/* Whole-file reading and atomic writing for the signal readers and the plot writers. */
#ifndef KFFT_IO_FILE_H
#define KFFT_IO_FILE_H
#include <stddef.h>

/* Reads all of path ("-": standard input) into a malloc'ed buffer with one spare zero byte
 * after the data (*len excludes it). Files over max bytes are refused. 0 on success, else -1
 * with "<what>: cannot ... '<path>': <reason>" in err. */
int io_read_file(const char *what, const char *path, size_t max, unsigned char **data, size_t *len, char *err,
                 size_t errlen);

/* Writes len bytes to a sibling temporary file, then renames it over path, so readers never
 * see a partial file and a failure leaves no file behind. 0 or -1 with the reason in err. */
int io_write_file(const char *what, const char *path, const void *data, size_t len, char *err, size_t errlen);

/* 1 if path ends in ext (lower case, with its dot), in any letter case. */
int io_has_ext(const char *path, const char *ext);

#endif
