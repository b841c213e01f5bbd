/* kfft gen-matrix OUT.mtx: test matrices for the sparse-input FFT, written as Matrix Market
 * coordinate files. Deterministic from --seed; streamed: entries are produced column by
 * column (rows ascending, so the reader needs no sorting) and written as they come, twice:
 * a first pass only counts them (the size line comes before the entries), the second
 * writes. Only the random structure is kept in memory (O(entries) for --kind random and
 * the --links of grids, O(rows) points for geometric graphs), never O(rows x cols).
 * Symmetric matrices are generated whole and the lower triangle kept for --symmetric. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "io/numfmt.h"
#include "signal_input.h" /* cli_parse_double */

#define KFFT_MAX_DIM_CLI INT64_C(2147483647)

enum { K_RANDOM, K_BANDED, K_GRID2D, K_GRID3D, K_GEOMETRIC };
static const char *const kinds[] = {"random", "banded", "grid2d", "grid3d", "geometric", NULL};

typedef struct {
    int kind;
    int64_t rows, cols, nnz, band, n, links, seed;
    int64_t dims[3], reach[3];
    double density, radius;
    int box, real, symmetric;
    /* which options were given, to reject those that do not apply to the kind */
    int has_rows, has_cols, has_nnz, has_density, has_band, has_n, has_stencil, has_links, has_radius, has_pattern;
    int has_dims, has_reach; /* how many numbers were given */
} gm_opts;

/* ---- random numbers: splitmix64, a fine generator on its own; local so the output of a
 * seed never changes with the CLI's other generators ------------------------------------- */

static uint64_t rnd(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double rnd_unit(uint64_t *s) { return (double)(rnd(s) >> 11) * 0x1p-53; } /* [0, 1) */
static uint64_t rnd_below(uint64_t *s, uint64_t m)                              /* [0, m), unbiased */
{
    uint64_t lim = -m % m, x;
    while ((x = rnd(s)) < lim) continue;
    return x % m;
}

/* ---- output ----------------------------------------------------------------------------- */

typedef struct {
    FILE *f;         /* NULL in the counting pass */
    int lower_only;  /* --symmetric: keep entries with row >= column */
    int real;
    uint64_t vseed;  /* values of --kind random/banded come from here, in the writing pass */
    int64_t count;
    char *buf;
    size_t len;
} sink;

#define SINK_BUF ((size_t)1 << 20)

static int flush(sink *s)
{
    if (s->len && fwrite(s->buf, 1, s->len, s->f) != s->len) return -1;
    s->len = 0;
    return 0;
}

static char *put_uint(char *p, uint64_t v)
{
    char t[24];
    int k = 0;
    do t[k++] = (char)('0' + v % 10), v /= 10;
    while (v);
    while (k) *p++ = t[--k];
    return p;
}

/* One entry, zero-based; val is used with --real. Entries must come column by column. */
static int emit(sink *s, int64_t r, int64_t c, double val)
{
    if (s->lower_only && r < c) return 0;
    s->count++;
    if (!s->f) return 0;
    if (s->len + 2 * 24 + NUM_BUF + 4 > SINK_BUF && flush(s)) return -1;
    char *p = s->buf + s->len;
    p = put_uint(p, (uint64_t)r + 1);
    *p++ = ' ';
    p = put_uint(p, (uint64_t)c + 1);
    if (s->real) {
        *p++ = ' ';
        char t[NUM_BUF];
        size_t l = strlen(num_g(t, val, 6));
        memcpy(p, t, l);
        p += l;
    }
    *p++ = '\n';
    s->len = (size_t)(p - s->buf);
    return 0;
}

/* A uniform value in [-1, 1) for the random kinds (drawn only when writing). */
static double random_value(sink *s) { return s->real && s->f ? 2 * rnd_unit(&s->vseed) - 1 : 1; }

/* ---- random: N distinct positions, uniform over all N-subsets ------------------------------- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Floyd's algorithm: for j = M-N .. M-1 draw t in [0, j]; take t, or j if t was taken. N
 * draws, exact, in a hash set of 2-4 slots per entry; then the taken keys sorted. */
static uint64_t *sample_positions(uint64_t total, uint64_t n, uint64_t *seed)
{
    size_t cap = 16;
    while (cap < 2 * n) cap *= 2;
    uint64_t *set = malloc(cap * sizeof *set), mask = cap - 1;
    if (!set) return NULL;
    memset(set, 0xff, cap * sizeof *set); /* UINT64_MAX: empty (positions are < 2^62) */
    for (uint64_t j = total - n; j < total; j++) {
        uint64_t t = rnd_below(seed, j + 1);
        for (int pass = 0; pass < 2; pass++) { /* insert t; if present, insert j instead */
            uint64_t h = (t * 0x9E3779B97F4A7C15ull) >> 20 & mask;
            while (set[h] != UINT64_MAX && set[h] != t) h = (h + 1) & mask;
            if (set[h] == UINT64_MAX) {
                set[h] = t;
                break;
            }
            t = j;
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < cap; i++)
        if (set[i] != UINT64_MAX) set[k++] = set[i];
    qsort(set, k, sizeof *set, cmp_u64);
    return set;
}

/* Positions are column-major: c*R + r, or for --symmetric the lower triangle column by
 * column (column c holds rows c..R-1), so sorted positions come out in column order. */
static int gen_random(sink *s, const gm_opts *o, const uint64_t *pos, uint64_t n)
{
    uint64_t R = (uint64_t)o->rows, c = 0, start = 0;
    for (uint64_t k = 0; k < n; k++) {
        uint64_t p = pos[k], r;
        if (o->symmetric) {
            while (p >= start + (R - c)) start += R - c, c++;
            r = c + (p - start);
        } else {
            c = p / R;
            r = p % R;
        }
        if (emit(s, (int64_t)r, (int64_t)c, random_value(s))) return -1;
    }
    return 0;
}

static int gen_banded(sink *s, const gm_opts *o)
{
    for (int64_t c = 0; c < o->cols; c++) {
        int64_t lo = c - o->band < 0 ? 0 : c - o->band, hi = c + o->band >= o->rows ? o->rows - 1 : c + o->band;
        for (int64_t r = lo; r <= hi; r++)
            if (emit(s, r, c, random_value(s))) return -1;
    }
    return 0;
}

/* ---- grids: nodes x + nx*(y + ny*z), cut to the first `rows` nodes --------------------- */

typedef struct {
    int64_t off;   /* linear offset: neighbour index - node index */
    int64_t d[3];
} stencil_pt;

static int cmp_pt(const void *a, const void *b)
{
    int64_t x = ((const stencil_pt *)a)->off, y = ((const stencil_pt *)b)->off;
    return x < y ? -1 : x > y;
}

/* Star: the node and +-1..reach along each axis; box: every offset within reach on every
 * axis. Sorted by linear offset, which sorts the neighbours of any node by index. */
static stencil_pt *make_stencil(const gm_opts *o, int axes, int *count)
{
    int64_t rx = o->reach[0], ry = axes > 1 ? o->reach[1] : 0, rz = axes > 2 ? o->reach[2] : 0;
    size_t most = (size_t)((2 * rx + 1) * (2 * ry + 1) * (2 * rz + 1));
    stencil_pt *p = malloc(most * sizeof *p);
    if (!p) return NULL;
    int k = 0;
    for (int64_t dz = -rz; dz <= rz; dz++)
        for (int64_t dy = -ry; dy <= ry; dy++)
            for (int64_t dx = -rx; dx <= rx; dx++) {
                int nonzero = (dx != 0) + (dy != 0) + (dz != 0);
                if (!o->box && nonzero > 1) continue;
                p[k].d[0] = dx, p[k].d[1] = dy, p[k].d[2] = dz;
                p[k].off = dx + o->dims[0] * (dy + o->dims[1] * dz);
                k++;
            }
    qsort(p, (size_t)k, sizeof *p, cmp_pt);
    *count = k;
    return p;
}

/* Is node j's neighbour at stencil offset pt inside the (cut) grid? */
static int in_grid(const gm_opts *o, int64_t j, const stencil_pt *pt)
{
    int64_t x = j % o->dims[0], y = j / o->dims[0] % o->dims[1], z = j / (o->dims[0] * o->dims[1]);
    int64_t X = x + pt->d[0], Y = y + pt->d[1], Z = z + pt->d[2];
    return X >= 0 && X < o->dims[0] && Y >= 0 && Y < o->dims[1] && Z >= 0 && Z < o->dims[2] && j + pt->off < o->rows;
}

static int is_stencil_pair(const gm_opts *o, const stencil_pt *st, int nst, int64_t a, int64_t b)
{
    for (int k = 0; k < nst; k++)
        if (a + st[k].off == b && in_grid(o, a, &st[k])) return 1;
    return 0;
}

/* --links: L random pairs {a, b}, a != b, neither a stencil pair nor repeated, both
 * directions, as sorted keys column*R + row. */
static uint64_t *make_links(const gm_opts *o, const stencil_pt *st, int nst, uint64_t *seed)
{
    uint64_t R = (uint64_t)o->rows, L = (uint64_t)o->links;
    size_t cap = 16;
    while (cap < 4 * L) cap *= 2;
    uint64_t *set = malloc(cap * sizeof *set), mask = cap - 1;
    uint64_t *out = malloc((2 * L > 0 ? 2 * L : 1) * sizeof *out);
    if (!set || !out) {
        free(set);
        free(out);
        return NULL;
    }
    memset(set, 0xff, cap * sizeof *set);
    for (uint64_t got = 0; got < L;) {
        uint64_t a = rnd_below(seed, R), b = rnd_below(seed, R);
        if (a == b || is_stencil_pair(o, st, nst, (int64_t)a, (int64_t)b)) continue;
        uint64_t key = a > b ? a * R + b : b * R + a;
        uint64_t h = (key * 0x9E3779B97F4A7C15ull) >> 20 & mask;
        while (set[h] != UINT64_MAX && set[h] != key) h = (h + 1) & mask;
        if (set[h] == key) continue;
        set[h] = key;
        out[2 * got] = a * R + b;
        out[2 * got + 1] = b * R + a;
        got++;
    }
    free(set);
    qsort(out, (size_t)(2 * L), sizeof *out, cmp_u64);
    return out;
}

static int gen_grid(sink *s, const gm_opts *o, const stencil_pt *st, int nst, const uint64_t *links)
{
    uint64_t R = (uint64_t)o->rows, li = 0, nl = 2 * (uint64_t)o->links;
    double diag = nst - 1; /* a Laplacian-like stiffness: degree of the full stencil, -1 off it */
    for (int64_t j = 0; j < o->rows; j++) {
        for (int k = 0; k <= nst; k++) {
            int64_t i = k < nst ? j + st[k].off : INT64_MAX;
            if (k < nst && !in_grid(o, j, &st[k])) continue;
            /* links of column j with a smaller row come first (never equal: no stencil pair) */
            while (li < nl && links[li] / R == (uint64_t)j && (int64_t)(links[li] % R) < i) {
                if (emit(s, (int64_t)(links[li] % R), j, -1)) return -1;
                li++;
            }
            if (k < nst && emit(s, i, j, i == j ? diag : -1)) return -1;
        }
    }
    return 0;
}

/* ---- geometric: points in the unit square, an edge where the distance is <= radius ---------- */

typedef struct {
    double *x, *y;
    int64_t g;               /* cells per side, each at least radius wide */
    int64_t *cell_start, *by_cell; /* point indices sorted by cell (counting sort) */
} geo;

static void geo_free(geo *G)
{
    free(G->x);
    free(G->y);
    free(G->cell_start);
    free(G->by_cell);
}

static int64_t cell_of(const geo *G, double x) { return (int64_t)(x * (double)G->g) >= G->g ? G->g - 1 : (int64_t)(x * (double)G->g); }

static int geo_make(geo *G, const gm_opts *o, uint64_t *seed)
{
    int64_t n = o->rows;
    memset(G, 0, sizeof *G);
    G->g = (int64_t)floor(1 / o->radius);
    if (G->g < 1) G->g = 1;
    while (G->g * G->g > 4 * n + 4) G->g /= 2; /* cells stay O(points) */
    int64_t cells = G->g * G->g;
    G->x = malloc((size_t)n * sizeof *G->x);
    G->y = malloc((size_t)n * sizeof *G->y);
    G->cell_start = calloc((size_t)cells + 1, sizeof *G->cell_start);
    G->by_cell = malloc((size_t)n * sizeof *G->by_cell);
    if (!G->x || !G->y || !G->cell_start || !G->by_cell) return -1;
    for (int64_t i = 0; i < n; i++) {
        G->x[i] = rnd_unit(seed);
        G->y[i] = rnd_unit(seed);
        G->cell_start[cell_of(G, G->y[i]) * G->g + cell_of(G, G->x[i]) + 1]++;
    }
    for (int64_t c = 0; c < cells; c++) G->cell_start[c + 1] += G->cell_start[c];
    for (int64_t i = 0; i < n; i++) G->by_cell[G->cell_start[cell_of(G, G->y[i]) * G->g + cell_of(G, G->x[i])]++] = i;
    for (int64_t c = cells; c > 0; c--) G->cell_start[c] = G->cell_start[c - 1];
    G->cell_start[0] = 0;
    return 0;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static int gen_geometric(sink *s, const gm_opts *o, const geo *G)
{
    size_t cap = 64, k;
    int64_t *nb = malloc(cap * sizeof *nb);
    if (!nb) return -1;
    double r2 = o->radius * o->radius;
    for (int64_t j = 0; j < o->rows; j++) {
        int64_t cx = cell_of(G, G->x[j]), cy = cell_of(G, G->y[j]);
        k = 0;
        for (int64_t yy = cy - 1; yy <= cy + 1; yy++)
            for (int64_t xx = cx - 1; xx <= cx + 1; xx++) {
                if (xx < 0 || yy < 0 || xx >= G->g || yy >= G->g) continue;
                for (int64_t q = G->cell_start[yy * G->g + xx]; q < G->cell_start[yy * G->g + xx + 1]; q++) {
                    int64_t i = G->by_cell[q];
                    double dx = G->x[i] - G->x[j], dy = G->y[i] - G->y[j];
                    if (i == j || dx * dx + dy * dy > r2) continue;
                    if (k == cap) {
                        int64_t *p = realloc(nb, 2 * cap * sizeof *nb);
                        if (!p) {
                            free(nb);
                            return -1;
                        }
                        nb = p;
                        cap *= 2;
                    }
                    nb[k++] = i;
                }
            }
        qsort(nb, k, sizeof *nb, cmp_i64);
        for (size_t q = 0; q < k; q++) {
            int64_t i = nb[q];
            double dx = G->x[i] - G->x[j], dy = G->y[i] - G->y[j];
            if (emit(s, i, j, sqrt(dx * dx + dy * dy))) { /* weight: the edge's length (symmetric) */
                free(nb);
                return -1;
            }
        }
    }
    free(nb);
    return 0;
}

/* ---- options --------------------------------------------------------------------------- */

/* "A[,B[,C]]" or "AxBxC" into up to `most` positive integers; missing ones repeat the last. */
static int parse_list(cli_args *a, const char *opt, const char *s, char sep, int most, int64_t lo, int64_t hi, int64_t *v)
{
    int k = 0;
    const char *p = s;
    while (k < most) {
        char *end;
        errno = 0;
        long long x = strtoll(p, &end, 10);
        if (end == p || (*end && *end != sep) || errno || x < lo || x > hi) {
            cli_usage_error(a->cmd, "invalid value '%s' for %s: expected up to %d integers in %lld..%lld separated by '%c'", s,
                            opt, most, (long long)lo, (long long)hi, sep);
            a->error = 1;
            return -1;
        }
        v[k++] = x;
        if (!*end) break;
        p = end + 1;
        if (k == most) {
            cli_usage_error(a->cmd, "invalid value '%s' for %s: at most %d numbers", s, opt, most);
            a->error = 1;
            return -1;
        }
    }
    for (int i = k; i < most; i++) v[i] = v[k - 1];
    return k;
}

static int parse_options(int argc, char **argv, gm_opts *o, const char **out, int *help)
{
    cli_args a;
    cli_args_init(&a, argc, argv);
    const char *arg;
    memset(o, 0, sizeof *o);
    o->kind = -1;
    o->seed = 1;
    o->reach[0] = o->reach[1] = o->reach[2] = 1;
    *out = NULL;
    *help = 0;
    while (cli_args_next(&a, &arg)) {
        if (cli_help_flag(&a, arg)) *help = 1;
        else if (cli_opt(&a, arg, "--kind")) cli_parse_choice(&a, "--kind", a.value, kinds, &o->kind);
        else if (cli_opt(&a, arg, "--rows")) o->has_rows = !cli_parse_int(&a, "--rows", a.value, 1, KFFT_MAX_DIM_CLI, &o->rows);
        else if (cli_opt(&a, arg, "--cols")) o->has_cols = !cli_parse_int(&a, "--cols", a.value, 1, KFFT_MAX_DIM_CLI, &o->cols);
        else if (cli_opt(&a, arg, "--nnz")) o->has_nnz = !cli_parse_int(&a, "--nnz", a.value, 0, INT64_C(1) << 40, &o->nnz);
        else if (cli_opt(&a, arg, "--density")) o->has_density = !cli_parse_double(&a, "--density", a.value, 0, 1, &o->density);
        else if (cli_opt(&a, arg, "--band")) o->has_band = !cli_parse_int(&a, "--band", a.value, 0, KFFT_MAX_DIM_CLI, &o->band);
        else if (cli_opt(&a, arg, "--n")) o->has_n = !cli_parse_int(&a, "--n", a.value, 1, 46340, &o->n);
        else if (cli_opt(&a, arg, "--dims")) o->has_dims = parse_list(&a, "--dims", a.value, 'x', 3, 1, KFFT_MAX_DIM_CLI, o->dims);
        else if (cli_opt(&a, arg, "--reach")) o->has_reach = parse_list(&a, "--reach", a.value, ',', 3, 1, 8, o->reach);
        else if (cli_opt(&a, arg, "--stencil")) {
            static const char *const st[] = {"star", "box", NULL};
            o->has_stencil = !cli_parse_choice(&a, "--stencil", a.value, st, &o->box);
        } else if (cli_opt(&a, arg, "--links")) o->has_links = !cli_parse_int(&a, "--links", a.value, 0, INT64_C(1) << 36, &o->links);
        else if (cli_opt(&a, arg, "--radius")) o->has_radius = !cli_parse_double(&a, "--radius", a.value, 1e-9, 1.5, &o->radius);
        else if (cli_opt(&a, arg, "--seed")) cli_parse_int(&a, "--seed", a.value, 0, INT64_MAX, &o->seed);
        else if (cli_flag(&a, arg, "--pattern")) o->has_pattern = 1;
        else if (cli_flag(&a, arg, "--real")) o->real = 1;
        else if (cli_flag(&a, arg, "--symmetric")) o->symmetric = 1;
        else if (cli_is_option(&a, arg)) return cli_unexpected(&a, arg);
        else if (!*out) *out = arg;
        else return cli_usage_error("gen-matrix", "unexpected argument '%s' (expected one output file)", arg);
        if (a.error) return EXIT_USAGE;
    }
    return a.error ? EXIT_USAGE : EXIT_OK;
}

/* Fills in the defaults and rejects what does not make sense, as usage errors. */
static int check_options(gm_opts *o, const char *out)
{
    char t1[64], t2[64];
    if (!out) return cli_usage_error("gen-matrix", "missing the output file (OUT.mtx, or - for standard output)");
    if (o->kind < 0) return cli_usage_error("gen-matrix", "missing --kind random|banded|grid2d|grid3d|geometric");
    if (o->has_pattern && o->real) return cli_usage_error("gen-matrix", "--pattern and --real exclude each other");
    const unsigned grids = 1u << K_GRID2D | 1u << K_GRID3D;
    const struct { int given; const char *name; unsigned kinds; } only[] = {
        {o->has_nnz, "--nnz", 1u << K_RANDOM},       {o->has_density, "--density", 1u << K_RANDOM},
        {o->has_band, "--band", 1u << K_BANDED},     {o->has_cols, "--cols", 1u << K_RANDOM | 1u << K_BANDED},
        {o->has_n, "--n", grids},                    {o->has_dims, "--dims", grids},
        {o->has_stencil, "--stencil", grids},        {o->has_reach, "--reach", grids},
        {o->has_links, "--links", grids},            {o->has_radius, "--radius", 1u << K_GEOMETRIC}};
    for (size_t i = 0; i < sizeof only / sizeof *only; i++)
        if (only[i].given && !(only[i].kinds & 1u << o->kind))
            return cli_usage_error("gen-matrix", "%s does not apply to --kind %s", only[i].name, kinds[o->kind]);
    if (o->kind == K_RANDOM || o->kind == K_BANDED) {
        if (!o->has_rows) o->rows = 1000;
        if (!o->has_cols) o->cols = o->rows;
    }
    if (o->kind == K_RANDOM) {
        if (o->has_nnz && o->has_density) return cli_usage_error("gen-matrix", "--nnz and --density exclude each other");
        uint64_t R = (uint64_t)o->rows, total = o->symmetric ? R * (R + 1) / 2 : R * (uint64_t)o->cols;
        if (!o->has_nnz) o->nnz = (int64_t)llround((o->has_density ? o->density : 0.01) * (double)total);
        if ((uint64_t)o->nnz > total) {
            snprintf(t1, sizeof t1, "%lld", (long long)o->nnz);
            snprintf(t2, sizeof t2, "%llu", (unsigned long long)total);
            return cli_usage_error("gen-matrix", "--nnz %s is more than the %s positions available", t1, t2);
        }
    }
    if (o->kind == K_BANDED && !o->has_band) o->band = 1;
    if (o->kind == K_GRID2D || o->kind == K_GRID3D) {
        int axes = o->kind == K_GRID2D ? 2 : 3;
        if (o->has_n && o->has_dims) return cli_usage_error("gen-matrix", "--n and --dims exclude each other");
        if (o->has_dims > axes || o->has_reach > axes) {
            snprintf(t1, sizeof t1, "%d", axes);
            return cli_usage_error("gen-matrix", "--kind %s takes at most %s numbers in --dims and --reach", kinds[o->kind], t1);
        }
        if (!o->has_dims) {
            int64_t n = o->has_n ? o->n : axes == 2 ? 32 : 16;
            o->dims[0] = o->dims[1] = o->dims[2] = n;
        }
        if (axes == 2) o->dims[2] = 1, o->reach[2] = 1;
        double nodes = (double)o->dims[0] * (double)o->dims[1] * (double)o->dims[2];
        if (nodes > (double)KFFT_MAX_DIM_CLI) return cli_usage_error("gen-matrix", "the grid has more than 2^31-1 nodes");
        int64_t all = o->dims[0] * o->dims[1] * o->dims[2];
        if (!o->has_rows) o->rows = all;
        if (o->rows > all) {
            snprintf(t1, sizeof t1, "%lld", (long long)o->rows);
            snprintf(t2, sizeof t2, "%lld", (long long)all);
            return cli_usage_error("gen-matrix", "--rows %s is more than the %s nodes of the grid", t1, t2);
        }
        o->cols = o->rows;
    }
    if (o->kind == K_GEOMETRIC) {
        if (!o->has_rows) o->rows = 1000;
        if (o->rows > (INT64_C(1) << 28)) return cli_usage_error("gen-matrix", "--kind geometric takes at most 2^28 points (--rows)");
        o->cols = o->rows;
        if (!o->has_radius) /* about 10 neighbours per point */
            o->radius = fmin(1.5, sqrt(10.0 / (3.14159265358979 * (double)(o->rows > 1 ? o->rows - 1 : 1))));
    }
    if (o->symmetric && o->rows != o->cols) {
        snprintf(t1, sizeof t1, "%lld x %lld", (long long)o->rows, (long long)o->cols);
        return cli_usage_error("gen-matrix", "--symmetric needs a square matrix (got %s)", t1);
    }
    return EXIT_OK;
}

/* The generator state built once (from the seed) and used by both passes. */
typedef struct {
    uint64_t *pos;     /* random: sorted positions */
    stencil_pt *st;    /* grids */
    int nst;
    uint64_t *links;   /* grids: sorted link keys */
    geo G;             /* geometric */
} gm_state;

static int run(sink *s, const gm_opts *o, const gm_state *g)
{
    switch (o->kind) {
    case K_RANDOM: return gen_random(s, o, g->pos, (uint64_t)o->nnz);
    case K_BANDED: return gen_banded(s, o);
    case K_GEOMETRIC: return gen_geometric(s, o, &g->G);
    default: return gen_grid(s, o, g->st, g->nst, g->links);
    }
}

static int prepare(const gm_opts *o, gm_state *g)
{
    uint64_t seed = (uint64_t)o->seed;
    memset(g, 0, sizeof *g);
    if (o->kind == K_RANDOM) {
        uint64_t R = (uint64_t)o->rows, total = o->symmetric ? R * (R + 1) / 2 : R * (uint64_t)o->cols;
        return (g->pos = sample_positions(total, (uint64_t)o->nnz, &seed)) ? 0 : -1;
    }
    if (o->kind == K_GRID2D || o->kind == K_GRID3D) {
        if (!(g->st = make_stencil(o, o->kind == K_GRID2D ? 2 : 3, &g->nst))) return -1;
        /* Links are drawn by rejection, so at most half the pairs that are not stencil
         * neighbours may be asked for (two tries per link on average, never a dead end). */
        gm_opts plain = *o;
        plain.links = 0;
        sink s = {0};
        gen_grid(&s, &plain, g->st, g->nst, NULL);
        double R = (double)o->rows, free_pairs = R * (R - 1) / 2 - (double)(s.count - o->rows) / 2;
        if ((double)o->links > free_pairs / 2) {
            cli_usage_error("gen-matrix", "--links %lld: at most %.0f for this grid (half the node pairs that are not "
                            "stencil neighbours)", (long long)o->links, floor(free_pairs / 2));
            return -2;
        }
        return (g->links = make_links(o, g->st, g->nst, &seed)) ? 0 : -1;
    }
    if (o->kind == K_GEOMETRIC) return geo_make(&g->G, o, &seed);
    return 0;
}

static void state_free(gm_state *g)
{
    free(g->pos);
    free(g->st);
    free(g->links);
    geo_free(&g->G);
}

/* The header, a comment saying how to make the file again, the size line. */
static void write_head(FILE *f, const gm_opts *o, int64_t count, int argc, char **argv)
{
    fprintf(f, "%%%%MatrixMarket matrix coordinate %s %s\n", o->real ? "real" : "pattern", o->symmetric ? "symmetric" : "general");
    fputs("% generated by: kfft", f);
    for (int i = 0; i < argc; i++) {
        fputc(' ', f);
        for (const char *p = argv[i]; *p; p++) fputc((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f ? *p : '?', f);
    }
    fprintf(f, "\n%lld %lld %lld\n", (long long)o->rows, (long long)o->cols, (long long)count);
}

/* Opens a temporary file next to path ("wbx": never an existing one); the caller renames it
 * over path when complete, so a failed run leaves no partial file. */
static FILE *open_temp(const char *path, char **tmp)
{
    size_t l = strlen(path) + 40;
    if (!(*tmp = malloc(l))) return NULL;
    uint64_t salt = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 20 ^ (uint64_t)clock();
    for (int attempt = 0; attempt < 16; attempt++) {
        snprintf(*tmp, l, "%s.tmp-%08llx", path, (unsigned long long)(rnd(&salt) >> 32));
        errno = 0;
        FILE *f = fopen(*tmp, "wbx");
        if (f || errno != EEXIST) return f;
    }
    return NULL;
}

int cmd_gen_matrix(int argc, char **argv)
{
    gm_opts o;
    const char *out;
    int help, rc = parse_options(argc, argv, &o, &out, &help);
    if (rc) return rc;
    if (help) {
        cli_help("gen-matrix", 0);
        return EXIT_OK;
    }
    if ((rc = check_options(&o, out))) return rc;

    double t0 = cli_now();
    gm_state g;
    if ((rc = prepare(&o, &g))) {
        state_free(&g);
        if (rc == -2) return EXIT_USAGE;
        fprintf(stderr, "kfft gen-matrix: out of memory preparing the matrix\n");
        return EXIT_FAIL;
    }
    char *buf = malloc(SINK_BUF);
    sink s = {.f = NULL, .lower_only = o.symmetric, .real = o.real, .buf = buf};
    if (!buf || run(&s, &o, &g)) { /* the counting pass */
        free(buf);
        state_free(&g);
        fprintf(stderr, "kfft gen-matrix: out of memory generating the matrix\n");
        return EXIT_FAIL;
    }
    int64_t count = s.count;

    int to_stdout = !strcmp(out, "-");
    char *tmp = NULL;
    FILE *f = to_stdout ? stdout : open_temp(out, &tmp);
    if (!f) {
        fprintf(stderr, "kfft gen-matrix: cannot create a file next to '%s': %s\n", out, strerror(errno));
        free(tmp);
        free(buf);
        state_free(&g);
        return EXIT_FAIL;
    }
    write_head(f, &o, count, argc, argv);
    s = (sink){.f = f, .lower_only = o.symmetric, .real = o.real, .buf = buf, .vseed = (uint64_t)o.seed ^ 0x5DEECE66Dull};
    int ok = !run(&s, &o, &g) && !flush(&s) && s.count == count;
    ok = ok && fflush(f) == 0 && !ferror(f);
    int saved = errno;
    if (!to_stdout) {
        if (fclose(f) && ok) ok = 0, saved = errno;
        if (ok && rename(tmp, out)) ok = 0, saved = errno;
        if (!ok) remove(tmp);
    }
    free(tmp);
    free(buf);
    state_free(&g);
    if (!ok) {
        fprintf(stderr, "kfft gen-matrix: cannot write '%s': %s\n", out, saved ? strerror(saved) : "generation failed");
        return EXIT_FAIL;
    }
    if (!to_stdout) {
        char t[NUM_BUF];
        printf("wrote %s: %lld x %lld, %lld entries in the file (%s %s), %s s\n", out, (long long)o.rows, (long long)o.cols,
               (long long)count, o.real ? "real" : "pattern", o.symmetric ? "symmetric, lower triangle" : "general",
               num_fixed(t, cli_now() - t0, 2));
    }
    return EXIT_OK;
}
