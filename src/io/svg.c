/* A scene as SVG 1.1 text. Numbers go through num_fixed (no locale); text is XML-escaped
 * and anything that is not valid UTF-8 or not allowed in XML becomes '?', so the file is
 * well-formed whatever a title or file name holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strbuf.h"
#include "io/numfmt.h"
#include "io/plot.h"

static void num(strbuf *b, double v)
{
    char t[NUM_BUF];
    sb_puts(b, num_fixed(t, v, 2));
}

static void color(strbuf *b, uint32_t c) { sb_printf(b, "#%06x", (unsigned)(c & 0xffffffu)); }

/* Length of the valid UTF-8 sequence at s (XML Char range only), 0 if invalid. */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80) return c >= 0x20 || c == '\t' ? 1 : 0;
    int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (n == 0 || c > 0xF4) return 0;
    uint32_t cp = c & (0x3F >> (n - 1));
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0; /* also stops at the terminating zero */
        cp = cp << 6 | (s[i] & 0x3F);
    }
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF) return 0;
    return n;
}

static void text(strbuf *b, const char *t)
{
    const unsigned char *s = (const unsigned char *)t;
    while (*s) {
        int n = utf8_len(s);
        if (n == 0) {
            sb_puts(b, "?");
            s++;
            continue;
        }
        switch (*s) {
        case '&': sb_puts(b, "&amp;"); break;
        case '<': sb_puts(b, "&lt;"); break;
        case '>': sb_puts(b, "&gt;"); break;
        default: {
            char chunk[5] = {0};
            memcpy(chunk, s, (size_t)n);
            sb_puts(b, chunk);
        }
        }
        s += n;
    }
}

static void prim_svg(strbuf *b, const prim *p)
{
    static const char *const anchors[] = {"start", "middle", "end"};
    switch (p->kind) {
    case PR_LINE:
        sb_puts(b, "<line x1=\""), num(b, p->x0), sb_puts(b, "\" y1=\""), num(b, p->y0);
        sb_puts(b, "\" x2=\""), num(b, p->x1), sb_puts(b, "\" y2=\""), num(b, p->y1);
        sb_puts(b, "\" stroke=\""), color(b, p->color), sb_puts(b, "\" stroke-width=\""), num(b, p->width);
        sb_puts(b, "\"/>\n");
        break;
    case PR_POLYLINE:
        sb_puts(b, "<polyline fill=\"none\" stroke=\""), color(b, p->color), sb_puts(b, "\" stroke-width=\"");
        num(b, p->width), sb_puts(b, "\" stroke-linejoin=\"round\" points=\"");
        for (size_t i = 0; i < p->npts; i++) {
            if (i) sb_puts(b, i % 8 ? " " : "\n"); /* short lines: friendlier to diff and grep */
            num(b, p->pts[2 * i]), sb_puts(b, ","), num(b, p->pts[2 * i + 1]);
        }
        sb_puts(b, "\"/>\n");
        break;
    case PR_RECT: {
        double x = p->x0 < p->x1 ? p->x0 : p->x1, y = p->y0 < p->y1 ? p->y0 : p->y1;
        sb_puts(b, "<rect x=\""), num(b, x), sb_puts(b, "\" y=\""), num(b, y), sb_puts(b, "\" width=\"");
        num(b, p->x0 < p->x1 ? p->x1 - p->x0 : p->x0 - p->x1), sb_puts(b, "\" height=\"");
        num(b, p->y0 < p->y1 ? p->y1 - p->y0 : p->y0 - p->y1);
        if (p->width > 0) sb_puts(b, "\" fill=\"none\" stroke=\""), color(b, p->color), sb_puts(b, "\" stroke-width=\""), num(b, p->width);
        else sb_puts(b, "\" fill=\""), color(b, p->color);
        sb_puts(b, "\"/>\n");
        break;
    }
    case PR_CIRCLE:
        sb_puts(b, "<circle cx=\""), num(b, p->x0), sb_puts(b, "\" cy=\""), num(b, p->y0), sb_puts(b, "\" r=\"");
        num(b, p->x1), sb_puts(b, "\" fill=\""), color(b, p->color), sb_puts(b, "\"/>\n");
        break;
    case PR_TEXT:
        sb_puts(b, "<text x=\""), num(b, p->x0), sb_puts(b, "\" y=\""), num(b, p->y0), sb_puts(b, "\" font-size=\"");
        num(b, p->size), sb_printf(b, "\" text-anchor=\"%s\" fill=\"", anchors[p->anchor]), color(b, p->color);
        if (p->vertical)
            sb_puts(b, "\" transform=\"rotate(-90 "), num(b, p->x0), sb_puts(b, " "), num(b, p->y0), sb_puts(b, ")");
        sb_puts(b, "\">"), text(b, p->text), sb_puts(b, "</text>\n");
        break;
    }
}

int svg_render(const scene *s, char **out, size_t *len, char *err, size_t errlen)
{
    strbuf b;
    sb_init(&b);
    sb_printf(&b,
              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
              "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
              "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
              s->width, s->height, s->width, s->height);
    sb_puts(&b, "<rect width=\"100%\" height=\"100%\" fill=\""), color(&b, s->background), sb_puts(&b, "\"/>\n");
    for (size_t i = 0; i < s->count; i++) prim_svg(&b, &s->items[i]);
    sb_puts(&b, "</svg>\n");
    if (b.oom) {
        sb_free(&b);
        snprintf(err, errlen, "svg: out of memory");
        return -1;
    }
    *out = b.s;
    *len = b.len;
    return 0;
}
