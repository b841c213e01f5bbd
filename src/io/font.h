/* A 5x7 bitmap font of printable ASCII for the PNG writer. */
#ifndef KFFT_FONT_H
#define KFFT_FONT_H
#include <stdint.h>

#define FONT_W 5
#define FONT_H 7       /* rows above the baseline */
#define FONT_ROWS 8    /* with the descender row */
#define FONT_ADVANCE 6 /* glyph plus one column of space */

/* Five columns, left to right; bit r of a column is row r from the top (row 7 is below the
 * baseline). Characters outside ' '..'~' get the '?' glyph. */
const uint8_t *font_glyph(unsigned char c);

#endif
