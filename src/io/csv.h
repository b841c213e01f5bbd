/* One column of numbers as text: the simplest signal file. */
#ifndef KFFT_CSV_H
#define KFFT_CSV_H
#include <stddef.h>
#include <stdint.h>

/* Accepts: one number per line ('.' decimal point whatever the locale, optional exponent,
 * optionally in double quotes); a header line (the first non-blank, non-comment line, when
 * it is not a number); blank lines; comments from '#' to the end of a line; LF, CRLF or CR
 * line ends; a UTF-8 byte order mark. A line with several fields (',', ';' or tab) or a
 * value that is not a finite number is an error naming the line. 0 with *vals (malloc'ed)
 * and *count set, else -1 and the message in err. */
int csv_parse(const char *buf, size_t len, double **vals, int64_t *count, char *err, size_t errlen);
int csv_read(const char *path, double **vals, int64_t *count, char *err, size_t errlen);

#endif
