#include "io/scene.h"

#include <stdlib.h>
#include <string.h>

void scene_init(scene *s, int width, int height, uint32_t background)
{
    memset(s, 0, sizeof *s);
    s->width = width;
    s->height = height;
    s->background = background;
}

void scene_free(scene *s)
{
    for (size_t i = 0; i < s->count; i++) {
        free(s->items[i].pts);
        free(s->items[i].text);
    }
    free(s->items);
    s->items = NULL;
    s->count = s->cap = 0;
}

static prim *add(scene *s, prim_kind kind, uint32_t color)
{
    if (s->oom) return NULL;
    if (s->count == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        prim *n = realloc(s->items, cap * sizeof *n);
        if (!n) {
            s->oom = 1;
            return NULL;
        }
        s->items = n;
        s->cap = cap;
    }
    prim *p = &s->items[s->count++];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->color = color;
    return p;
}

void scene_line(scene *s, double x0, double y0, double x1, double y1, uint32_t color, double width)
{
    prim *p = add(s, PR_LINE, color);
    if (!p) return;
    p->x0 = x0, p->y0 = y0, p->x1 = x1, p->y1 = y1, p->width = width;
}

void scene_rect(scene *s, double x0, double y0, double x1, double y1, uint32_t color, double width)
{
    prim *p = add(s, PR_RECT, color);
    if (!p) return;
    p->x0 = x0, p->y0 = y0, p->x1 = x1, p->y1 = y1, p->width = width;
}

void scene_circle(scene *s, double x, double y, double r, uint32_t color)
{
    prim *p = add(s, PR_CIRCLE, color);
    if (!p) return;
    p->x0 = x, p->y0 = y, p->x1 = r;
}

void scene_polyline(scene *s, const double *pts, size_t npts, uint32_t color, double width)
{
    if (npts == 0) return;
    double *copy = malloc(npts * 2 * sizeof *copy);
    if (!copy) {
        s->oom = 1;
        return;
    }
    prim *p = add(s, PR_POLYLINE, color);
    if (!p) {
        free(copy);
        return;
    }
    memcpy(copy, pts, npts * 2 * sizeof *copy);
    p->pts = copy, p->npts = npts, p->width = width;
}

void scene_text(scene *s, double x, double y, const char *text, double size, text_anchor anchor, int vertical,
                uint32_t color)
{
    char *copy = malloc(strlen(text) + 1);
    if (!copy) {
        s->oom = 1;
        return;
    }
    prim *p = add(s, PR_TEXT, color);
    if (!p) {
        free(copy);
        return;
    }
    strcpy(copy, text);
    p->x0 = x, p->y0 = y, p->text = copy, p->size = size, p->anchor = anchor, p->vertical = vertical;
}

double scene_text_width(const char *text, double size)
{
    size_t chars = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) chars += (*c & 0xC0) != 0x80;
    return 0.6 * size * (double)chars; /* a typical sans-serif advance; the PNG font is 6/10 too */
}
