/* Spectrum plot layout: axes with "nice" ticks (1-2-5 steps, decades on a log axis), grid,
 * one decimated trace per series, marked peaks with their frequency, title, legend. The
 * result is a scene that svg.c prints and raster.c paints, so both files look alike. */
#include "io/plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/file.h"
#include "io/numfmt.h"

#define DB_RANGE 120.0 /* dB shown below the maximum: deeper is numerical noise or silence */
#define INK 0x222222u
#define GRID 0xe3e3e3u
#define MUTED 0x555555u
static const uint32_t palette[PLOT_MAX_SERIES] = {0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e,
                                                  0x9467bd, 0x8c564b, 0xe377c2, 0x17becf};

typedef struct {
    double lo, hi;         /* data range after the transform (log10 x, dB y) */
    double p0, p1;         /* pixel range: lo maps to p0 */
    int log;
} axis;

static double to_px(const axis *a, double v) { return a->p0 + (v - a->lo) / (a->hi - a->lo) * (a->p1 - a->p0); }

/* 1, 2 or 5 times a power of ten, about range/target. */
static double nice_step(double range, double target)
{
    double raw = range / target, mag = pow(10, floor(log10(raw))), r = raw / mag;
    return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
}

static double y_value(const plot_spec *s, double v) { return s->db ? (v > 0 ? 10 * log10(v) : -INFINITY) : v; }

static int x_ok(const plot_spec *s, double x) { return isfinite(x) && (!s->logx || x > 0); }
static double x_value(const plot_spec *s, double x) { return s->logx ? log10(x) : x; }

/* Ranges of the data shown. -1 when there is nothing to draw. */
static int ranges(const plot_spec *s, axis *ax, axis *ay)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int64_t i = 0; i < s->npoints; i++) {
        if (!x_ok(s, s->x[i])) continue;
        double xv = x_value(s, s->x[i]);
        int any = 0;
        for (int k = 0; k < s->nseries; k++) {
            double yv = y_value(s, s->y[k][i]);
            if (!isfinite(yv)) continue;
            any = 1;
            if (yv < ylo) ylo = yv;
            if (yv > yhi) yhi = yv;
        }
        if (!any) continue;
        if (xv < xlo) xlo = xv;
        if (xv > xhi) xhi = xv;
    }
    if (!(xlo <= xhi)) return -1;
    if (s->db && ylo < yhi - DB_RANGE) ylo = yhi - DB_RANGE;
    if (!s->db && ylo > 0) ylo = 0; /* a power axis starts at zero */
    if (xhi == xlo) xlo -= 0.5, xhi += 0.5;
    if (yhi == ylo) {
        double d = s->db ? 10 : (yhi != 0 ? fabs(yhi) * 0.5 : 1);
        ylo -= d, yhi += d;
    }
    /* Headroom above the highest point for its peak label; the y axis then ends on ticks.
     * The x axis is the data's own range (0 .. rate/2). */
    yhi += 0.08 * (yhi - ylo);
    double st = nice_step(yhi - ylo, 6);
    ylo = floor(ylo / st) * st;
    yhi = ceil(yhi / st) * st;
    ax->lo = xlo, ax->hi = xhi, ax->log = s->logx;
    ay->lo = ylo, ay->hi = yhi, ay->log = 0;
    return 0;
}

/* A tick value as text: values within rounding of zero print as 0. */
static void tick_label(char *buf, double v, double step)
{
    if (fabs(v) < step * 1e-9) v = 0;
    num_g(buf, v, 6);
}

static void x_ticks(scene *sc, const axis *ax, double y0, double y1)
{
    char lab[NUM_BUF];
    if (!ax->log) {
        double st = nice_step(ax->hi - ax->lo, 8);
        double i0 = ceil(ax->lo / st - 1e-9), i1 = floor(ax->hi / st + 1e-9);
        for (int k = 0; k <= 100 && i0 + k <= i1; k++) { /* bounded whatever the range */
            double t = (i0 + k) * st, px = to_px(ax, t);
            scene_line(sc, px, y0, px, y1, GRID, 1);
            scene_line(sc, px, y1, px, y1 + 5, INK, 1);
            tick_label(lab, t, st);
            scene_text(sc, px, y1 + 18, lab, 11, ANCHOR_MIDDLE, 0, INK);
        }
        return;
    }
    /* Decades labelled; 2..9 times a decade as minor ticks, also labelled at 2 and 5 when
     * fewer than three decades are. */
    int few = floor(ax->hi) - ceil(ax->lo) < 2; /* fewer than three decades labelled */
    for (int k = 0; k < 40 && floor(ax->lo) + k <= ax->hi; k++)
        for (int m = 1; m <= 9; m++) {
            double d = floor(ax->lo) + k, t = d + log10((double)m);
            if (t < ax->lo - 1e-9 || t > ax->hi + 1e-9) continue;
            double px = to_px(ax, t);
            int major = m == 1, labelled = major || (few && (m == 2 || m == 5));
            scene_line(sc, px, y0, px, y1, major ? GRID : 0xf2f2f2u, 1);
            scene_line(sc, px, y1, px, y1 + (major ? 5 : 3), INK, 1);
            if (labelled) {
                num_g(lab, (double)m * pow(10, d), 6);
                scene_text(sc, px, y1 + 18, lab, 11, ANCHOR_MIDDLE, 0, INK);
            }
        }
}

static void y_ticks(scene *sc, const axis *ay, double x0, double x1)
{
    char lab[NUM_BUF];
    double st = nice_step(ay->hi - ay->lo, 6);
    /* Integer multiples of the step: no drift, and a bounded loop whatever the range. */
    double i0 = ceil(ay->lo / st - 1e-9), i1 = floor(ay->hi / st + 1e-9);
    for (int k = 0; k <= 100 && i0 + k <= i1; k++) {
        double t = (i0 + k) * st, py = to_px(ay, t);
        scene_line(sc, x0, py, x1, py, GRID, 1);
        scene_line(sc, x0 - 5, py, x0, py, INK, 1);
        tick_label(lab, t, st);
        scene_text(sc, x0 - 8, py + 4, lab, 11, ANCHOR_END, 0, INK);
    }
}

/* One trace. With more points than pixel columns, each column keeps its minimum and maximum
 * (in the order they occur), so narrow peaks survive and the file stays small. */
static int trace(scene *sc, const plot_spec *s, const double *y, const axis *ax, const axis *ay, uint32_t color)
{
    double *pts = malloc((size_t)s->npoints * 2 * 2 * sizeof *pts);
    if (!pts) return -1;
    size_t n = 0;
    int decimate = s->npoints > 2 * (int64_t)(ax->p1 - ax->p0);
    long col = -1;
    double cmin = 0, cmax = 0;
    int64_t imin = 0, imax = 0;
    for (int64_t i = 0; i <= s->npoints; i++) {
        double px = 0, py = 0;
        int valid = 0;
        if (i < s->npoints && x_ok(s, s->x[i]) && !isnan(y[i])) {
            double yv = y_value(s, y[i]);
            if (yv < ay->lo) yv = ay->lo; /* clip to the axis: -inf dB sits on the bottom */
            if (yv > ay->hi) yv = ay->hi;
            px = to_px(ax, x_value(s, s->x[i]));
            py = to_px(ay, yv);
            valid = 1;
        }
        if (!decimate) {
            if (valid) pts[2 * n] = px, pts[2 * n + 1] = py, n++;
            continue;
        }
        long c = valid ? (long)floor(px) : -2;
        if (c != col && col >= 0) { /* flush the finished column */
            double a = imin < imax ? cmin : cmax, b = imin < imax ? cmax : cmin;
            pts[2 * n] = (double)col + 0.5, pts[2 * n + 1] = a, n++;
            if (a != b) pts[2 * n] = (double)col + 0.5, pts[2 * n + 1] = b, n++;
        }
        if (!valid) {
            col = -1;
            continue;
        }
        if (c != col) col = c, cmin = cmax = py, imin = imax = i;
        if (py < cmin) cmin = py, imin = i;
        if (py > cmax) cmax = py, imax = i;
    }
    scene_polyline(sc, pts, n, color, 1.5);
    free(pts);
    return 0;
}

typedef struct {
    double x0, y0, x1, y1;
} box;

static int overlaps(const box *a, const box *b) { return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1; }

/* Dots on the peaks; each labelled with its frequency above it (or beside it) unless the
 * label would cover an earlier one or leave the plot. Strongest first, so those win. */
static int marks(scene *sc, const plot_spec *s, const axis *ax, const axis *ay)
{
    size_t total = 0, placed = 0;
    for (int k = 0; k < s->nseries; k++) total += s->marks[k] ? (size_t)s->nmarks[k] : 0;
    box *boxes = malloc((total ? total : 1) * sizeof *boxes);
    if (!boxes) return -1;
    for (int k = 0; k < s->nseries; k++)
        for (int64_t i = 0; s->marks[k] && i < s->nmarks[k]; i++) {
            const plot_mark *m = &s->marks[k][i];
            double yv = y_value(s, m->y);
            if (!x_ok(s, m->x) || !isfinite(yv)) continue;
            double xv = x_value(s, m->x);
            if (xv < ax->lo || xv > ax->hi || yv < ay->lo || yv > ay->hi) continue;
            double px = to_px(ax, xv), py = to_px(ay, yv);
            scene_circle(sc, px, py, 3.5, palette[k]);
            char lab[NUM_BUF];
            num_g(lab, m->x, 6);
            double w = scene_text_width(lab, 11);
            const box tries[3] = {{px - w / 2, py - 19, px + w / 2, py - 7},
                                  {px + 6, py - 6, px + 6 + w, py + 6},
                                  {px - 6 - w, py - 6, px - 6, py + 6}};
            for (int t = 0; t < 3; t++) {
                const box *b = &tries[t];
                int ok = b->x0 >= ax->p0 && b->x1 <= ax->p1 && b->y0 >= ay->p1 && b->y1 <= ay->p0;
                for (size_t j = 0; ok && j < placed; j++) ok = !overlaps(b, &boxes[j]);
                if (!ok) continue;
                boxes[placed++] = *b;
                scene_text(sc, (b->x0 + b->x1) / 2, b->y1 - 2, lab, 11, ANCHOR_MIDDLE, 0, INK);
                break;
            }
        }
    free(boxes);
    return 0;
}

static void legend(scene *sc, const plot_spec *s, const axis *ax, const axis *ay)
{
    double w = 0;
    for (int k = 0; k < s->nseries; k++) {
        double t = scene_text_width(s->names[k], 11);
        if (t > w) w = t;
    }
    double x1 = ax->p1 - 8, x0 = x1 - w - 40, y0 = ay->p1 + 8, y1 = y0 + 8 + 16 * s->nseries;
    scene_rect(sc, x0, y0, x1, y1, 0xffffffu, 0);
    scene_rect(sc, x0, y0, x1, y1, 0xbbbbbbu, 1);
    for (int k = 0; k < s->nseries; k++) {
        double y = y0 + 12 + 16 * k;
        scene_line(sc, x0 + 8, y, x0 + 28, y, palette[k], 2);
        scene_text(sc, x0 + 34, y + 4, s->names[k], 11, ANCHOR_START, 0, INK);
    }
}

int plot_build(const plot_spec *s, scene *sc, char *err, size_t errlen)
{
    int W = s->width ? s->width : 800, H = s->height ? s->height : 480;
    scene_init(sc, W, H, 0xffffffu);
    if (s->nseries < 1 || s->nseries > PLOT_MAX_SERIES || s->npoints < 1 || W < 200 || H < 150 || W > 8192 ||
        H > 8192) {
        snprintf(err, errlen, "plot: bad plot request (%d series, %lld points, %dx%d pixels)", s->nseries,
                 (long long)s->npoints, W, H);
        return -1;
    }
    axis ax, ay;
    if (ranges(s, &ax, &ay)) {
        snprintf(err, errlen, "plot: nothing to draw (no finite%s values)", s->logx ? " positive-frequency" : "");
        return -1;
    }
    /* Margins: tick labels and the rotated y label on the left, the x label below. */
    ax.p0 = 84, ax.p1 = W - 24;
    ay.p0 = H - 52, ay.p1 = 40; /* y grows upward */
    x_ticks(sc, &ax, ay.p1, ay.p0);
    y_ticks(sc, &ay, ax.p0, ax.p1);
    for (int k = 0; k < s->nseries; k++)
        if (trace(sc, s, s->y[k], &ax, &ay, palette[k])) sc->oom = 1;
    if (s->marks && marks(sc, s, &ax, &ay)) sc->oom = 1;
    if (s->names && s->nseries > 1) legend(sc, s, &ax, &ay);
    scene_rect(sc, ax.p0, ay.p1, ax.p1, ay.p0, INK, 1);
    if (s->title) scene_text(sc, (ax.p0 + ax.p1) / 2, 26, s->title, 15, ANCHOR_MIDDLE, 0, INK);
    if (s->xlabel) scene_text(sc, (ax.p0 + ax.p1) / 2, H - 12, s->xlabel, 12, ANCHOR_MIDDLE, 0, MUTED);
    if (s->ylabel) scene_text(sc, 20, (ay.p0 + ay.p1) / 2, s->ylabel, 12, ANCHOR_MIDDLE, 1, MUTED);
    if (sc->oom) {
        snprintf(err, errlen, "plot: out of memory");
        scene_free(sc);
        return -1;
    }
    return 0;
}


int plot_format_known(const char *path) { return io_has_ext(path, ".svg") || io_has_ext(path, ".png"); }

int plot_write(const char *path, const plot_spec *spec, char *err, size_t errlen)
{
    int svg = io_has_ext(path, ".svg");
    if (!svg && !io_has_ext(path, ".png")) {
        snprintf(err, errlen, "plot: '%s': the file name must end in .svg or .png", path);
        return -1;
    }
    scene sc;
    if (plot_build(spec, &sc, err, errlen)) return -1;
    unsigned char *bytes = NULL;
    size_t len = 0;
    int rc = svg ? svg_render(&sc, (char **)&bytes, &len, err, errlen) : png_render(&sc, &bytes, &len, err, errlen);
    scene_free(&sc);
    if (!rc) rc = io_write_file(svg ? "svg" : "png", path, bytes, len, err, errlen);
    free(bytes);
    return rc;
}
