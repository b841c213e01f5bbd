/* Paints a scene into an RGB image: thick lines by stamping a square brush along the
 * segment, filled discs and rectangles, text from the 5x7 bitmap font scaled by whole
 * pixels. No anti-aliasing: simple, exact and the same on every machine. Every pixel write
 * is clipped to the image. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/font.h"
#include "io/plot.h"

typedef struct {
    unsigned char *px;
    int w, h;
} canvas;

static void put(canvas *c, long x, long y, uint32_t rgb)
{
    if (x < 0 || y < 0 || x >= c->w || y >= c->h) return;
    unsigned char *p = c->px + ((size_t)y * (size_t)c->w + (size_t)x) * 3;
    p[0] = (unsigned char)(rgb >> 16), p[1] = (unsigned char)(rgb >> 8), p[2] = (unsigned char)rgb;
}

/* Pixels whose centres (i + 0.5) lie in (v - r, v + r]: a 1-pixel line at x = 84 is column
 * 84, a 2-pixel one columns 83 and 84. Clamped so far-away coordinates cost nothing. */
static void span(double v, double r, long lim, long *lo, long *hi)
{
    double a = floor(v - r - 0.5) + 1, b = floor(v + r - 0.5);
    *lo = a < -1 ? -1 : a > (double)lim ? lim : (long)a;
    *hi = b < -1 ? -1 : b > (double)lim ? lim : (long)b;
}

static void stamp(canvas *c, double x, double y, double r, uint32_t rgb)
{
    long x0, x1, y0, y1;
    span(x, r, c->w, &x0, &x1);
    span(y, r, c->h, &y0, &y1);
    for (long j = y0; j <= y1; j++)
        for (long i = x0; i <= x1; i++) put(c, i, j, rgb);
}

static void line(canvas *c, double x0, double y0, double x1, double y1, double width, uint32_t rgb)
{
    if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1)) return;
    double r = width > 1 ? width / 2 : 0.5;
    double len = fmax(fabs(x1 - x0), fabs(y1 - y0));
    long steps = len > 4 * (c->w + c->h) ? 4 * (c->w + c->h) : (long)ceil(len * 2); /* half-pixel steps */
    for (long k = 0; k <= steps; k++) {
        double t = steps ? (double)k / (double)steps : 0;
        stamp(c, x0 + t * (x1 - x0), y0 + t * (y1 - y0), r, rgb);
    }
}

static void disc(canvas *c, double cx, double cy, double r, uint32_t rgb)
{
    long x0, x1, y0, y1;
    span(cx, r, c->w, &x0, &x1);
    span(cy, r, c->h, &y0, &y1);
    for (long j = y0; j <= y1; j++)
        for (long i = x0; i <= x1; i++) {
            double dx = (double)i + 0.5 - cx, dy = (double)j + 0.5 - cy;
            if (dx * dx + dy * dy <= r * r) put(c, i, j, rgb);
        }
}

/* Text: each UTF-8 character is one glyph (non-ASCII ones show as '?'). Glyphs are scaled
 * by a whole number of pixels: 11-13 px text is the 5x7 font as is, 14-22 px doubles it. */
static void text(canvas *c, const prim *p)
{
    long s = (long)floor(p->size / 9 + 0.5);
    if (s < 1) s = 1;
    size_t chars = 0;
    for (const unsigned char *q = (const unsigned char *)p->text; *q; q++) chars += (*q & 0xC0) != 0x80;
    if (s > 1 && (long)chars * FONT_ADVANCE * s > (p->vertical ? c->h : c->w)) s = 1; /* long titles */
    double w = (double)((long)chars * FONT_ADVANCE * s - s);
    double u0 = p->anchor == ANCHOR_START ? 0 : p->anchor == ANCHOR_MIDDLE ? -w / 2 : -w;
    long H = FONT_H * s, ox = (long)floor(p->x0), oy = (long)floor(p->y0), base = (long)floor(u0);
    long k = 0;
    for (const unsigned char *q = (const unsigned char *)p->text; *q; q++) {
        if ((*q & 0xC0) == 0x80) continue;
        const uint8_t *g = font_glyph(*q < 0x80 ? *q : '?');
        for (long col = 0; col < FONT_W; col++)
            for (long row = 0; row < FONT_ROWS; row++) {
                if (!(g[col] >> row & 1)) continue;
                for (long a = 0; a < s; a++)
                    for (long b = 0; b < s; b++) {
                        long u = base + k * FONT_ADVANCE * s + col * s + a, v = row * s + b;
                        /* Unrotated: (ox + u, oy - H + v). Rotated 90 degrees counter-clockwise
                         * about the anchor, as SVG's rotate(-90): (ox + v - H, oy - u). */
                        if (p->vertical) put(c, ox + v - H, oy - u - 1, p->color);
                        else put(c, ox + u, oy - H + v, p->color);
                    }
            }
        k++;
    }
}

int raster_paint(const scene *s, unsigned char **rgb, char *err, size_t errlen)
{
    canvas c = {NULL, s->width, s->height};
    *rgb = NULL;
    if (c.w < 1 || c.h < 1 || c.w > 16384 || c.h > 16384) {
        snprintf(err, errlen, "png: bad image size %dx%d", c.w, c.h);
        return -1;
    }
    c.px = malloc((size_t)c.w * (size_t)c.h * 3);
    if (!c.px) {
        snprintf(err, errlen, "png: out of memory for a %dx%d image", c.w, c.h);
        return -1;
    }
    for (long j = 0; j < c.h; j++)
        for (long i = 0; i < c.w; i++) put(&c, i, j, s->background);
    for (size_t n = 0; n < s->count; n++) {
        const prim *p = &s->items[n];
        switch (p->kind) {
        case PR_LINE: line(&c, p->x0, p->y0, p->x1, p->y1, p->width, p->color); break;
        case PR_POLYLINE:
            for (size_t i = 0; i + 1 < p->npts; i++)
                line(&c, p->pts[2 * i], p->pts[2 * i + 1], p->pts[2 * i + 2], p->pts[2 * i + 3], p->width, p->color);
            if (p->npts == 1) stamp(&c, p->pts[0], p->pts[1], p->width / 2, p->color);
            break;
        case PR_RECT:
            if (p->width > 0) {
                line(&c, p->x0, p->y0, p->x1, p->y0, p->width, p->color);
                line(&c, p->x1, p->y0, p->x1, p->y1, p->width, p->color);
                line(&c, p->x1, p->y1, p->x0, p->y1, p->width, p->color);
                line(&c, p->x0, p->y1, p->x0, p->y0, p->width, p->color);
            } else {
                double x0 = fmin(p->x0, p->x1), x1 = fmax(p->x0, p->x1), y0 = fmin(p->y0, p->y1), y1 = fmax(p->y0, p->y1);
                long a, b, e, f;
                span((x0 + x1) / 2, (x1 - x0) / 2, c.w, &a, &b);
                span((y0 + y1) / 2, (y1 - y0) / 2, c.h, &e, &f);
                for (long j = e; j <= f; j++)
                    for (long i = a; i <= b; i++) put(&c, i, j, p->color);
            }
            break;
        case PR_CIRCLE: disc(&c, p->x0, p->y0, p->x1, p->color); break;
        case PR_TEXT: text(&c, p); break;
        }
    }
    *rgb = c.px;
    return 0;
}
