/* Line plots of spectra (x = frequency, y = power) as SVG or PNG files. */
#ifndef KFFT_PLOT_H
#define KFFT_PLOT_H
#include <stddef.h>
#include <stdint.h>

#include "io/scene.h"

#define PLOT_MAX_SERIES 8 /* more would be unreadable; callers plot the first ones */

typedef struct {
    double x, y;          /* a marked point (a spectral peak), in data units */
} plot_mark;

typedef struct {
    const double *x;                /* npoints abscissae, increasing */
    const double *const *y;         /* nseries arrays of npoints values */
    int64_t npoints;
    int nseries;                    /* 1..PLOT_MAX_SERIES */
    const char *const *names;       /* legend entries, one per series; NULL: no legend */
    const plot_mark *const *marks;  /* per series, each labelled with its x; NULL: none */
    const int64_t *nmarks;
    const char *title, *xlabel, *ylabel;
    int logx;                       /* log10 x axis; points with x <= 0 are left out */
    int db;                         /* y drawn as 10 log10(y) (ylabel should say dB) */
    int width, height;              /* pixels; 0: 800 x 480 */
} plot_spec;

/* Lays the plot out into out (initialized here; scene_free it). 0 or -1 and err. */
int plot_build(const plot_spec *spec, scene *out, char *err, size_t errlen);
/* Writes path as SVG or PNG, chosen by its extension (.svg / .png, any case). */
int plot_write(const char *path, const plot_spec *spec, char *err, size_t errlen);
/* 1 if path ends in .svg or .png (any case). */
int plot_format_known(const char *path);

/* The writers of a scene: SVG text (NUL-terminated) and PNG bytes, malloc'ed. */
int svg_render(const scene *s, char **text, size_t *len, char *err, size_t errlen);
int png_render(const scene *s, unsigned char **png, size_t *len, char *err, size_t errlen);

/* The two halves of png_render: paint into width x height x 3 bytes of RGB (malloc'ed), and
 * encode RGB rows as a PNG (8-bit truecolor, zlib stream of stored deflate blocks). */
int raster_paint(const scene *s, unsigned char **rgb, char *err, size_t errlen);
int png_encode(const unsigned char *rgb, int width, int height, unsigned char **png, size_t *len, char *err,
               size_t errlen);

#endif
