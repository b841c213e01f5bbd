/* A 2-D drawing as a list of primitives in pixel coordinates (origin top left, y down):
 * the plot layout produces one, the SVG writer prints it, the rasterizer paints it. */
#ifndef KFFT_SCENE_H
#define KFFT_SCENE_H
#include <stddef.h>
#include <stdint.h>

typedef enum { PR_LINE, PR_POLYLINE, PR_RECT, PR_CIRCLE, PR_TEXT } prim_kind;
typedef enum { ANCHOR_START, ANCHOR_MIDDLE, ANCHOR_END } text_anchor;

typedef struct {
    prim_kind kind;
    uint32_t color;      /* 0xRRGGBB: stroke, or fill for filled shapes and text */
    double width;        /* stroke width; 0 for a filled rect */
    double x0, y0, x1, y1; /* line: ends; rect: corners; circle: centre and (x1) radius;
                              text: the anchor point on the baseline */
    double *pts;         /* polyline: npts (x, y) pairs, owned */
    size_t npts;
    char *text;          /* text: UTF-8, owned */
    double size;         /* text: font size in pixels (the height of a capital ~0.7 size) */
    text_anchor anchor;
    int vertical;        /* text: rotated 90 degrees counter-clockwise (reads bottom to top) */
} prim;

typedef struct {
    int width, height;
    uint32_t background;
    prim *items;
    size_t count, cap;
    int oom;             /* sticky: an append failed; checked once by the writers */
} scene;

void scene_init(scene *s, int width, int height, uint32_t background);
void scene_free(scene *s);
void scene_line(scene *s, double x0, double y0, double x1, double y1, uint32_t color, double width);
void scene_rect(scene *s, double x0, double y0, double x1, double y1, uint32_t color, double width);
void scene_circle(scene *s, double x, double y, double r, uint32_t color);
/* Takes a copy of the npts (x, y) pairs. */
void scene_polyline(scene *s, const double *pts, size_t npts, uint32_t color, double width);
void scene_text(scene *s, double x, double y, const char *text, double size, text_anchor anchor, int vertical,
                uint32_t color);

/* Approximate advance width of text in pixels at a font size: layout only. */
double scene_text_width(const char *text, double size);

#endif
