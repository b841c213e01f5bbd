/* Wisdom store and its text file (see wisdom.h). Times are kept as integer nanoseconds, for
 * information only: no choice depends on reading them back, and no locale can change them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"
#include "plan/factor.h"
#include "plan/wisdom.h"

kfft_wisdom *kfft_wisdom_new(const char *device, const char *version)
{
    kfft_wisdom *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    pthread_mutex_init(&w->lock, NULL);
    snprintf(w->device, sizeof w->device, "%s", device);
    snprintf(w->version, sizeof w->version, "%s", version);
    return w;
}

void kfft_wisdom_free(kfft_wisdom *w)
{
    if (!w) return;
    pthread_mutex_destroy(&w->lock);
    free(w);
}

static int same_key(const kfft_wisdom_entry *a, const kfft_wisdom_entry *b)
{
    return a->passes == b->passes && a->f64 == b->f64 && a->R == b->R && a->is == b->is && a->B == b->B && a->ops == b->ops &&
           a->io == b->io;
}

int kfft_wisdom_lookup(kfft_wisdom *w, kfft_wisdom_entry *key)
{
    if (!w) return 0;
    int found = 0;
    pthread_mutex_lock(&w->lock);
    for (int i = 0; i < w->n && !found; i++)
        if (same_key(&w->e[i], key)) {
            *key = w->e[i];
            found = 1;
        }
    pthread_mutex_unlock(&w->lock);
    return found;
}

void kfft_wisdom_put(kfft_wisdom *w, const kfft_wisdom_entry *e)
{
    pthread_mutex_lock(&w->lock);
    int i = 0;
    while (i < w->n && !same_key(&w->e[i], e)) i++;
    if (i < KFFT_WISDOM_MAX) {
        w->e[i] = *e;
        if (i == w->n) w->n++;
    }
    pthread_mutex_unlock(&w->lock);
}

kfft_status kfft_wisdom_save(kfft_wisdom *w, const char *path)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) return kfft_fail(KFFT_ERROR_IO, "wisdom: cannot write %s", tmp);
    pthread_mutex_lock(&w->lock);
    fprintf(f, "kfft-wisdom 5\ndevice %s\nversion %s\n", w->device, w->version);
    for (int i = 0; i < w->n; i++) {
        const kfft_wisdom_entry *e = &w->e[i];
        const char *prec = e->f64 ? "f64" : "f32";
        if (e->passes == 2) {
            fprintf(f, "plane %s R=%lld B=%d", prec, (long long)e->R, e->B);
            if (e->io) fprintf(f, " io=%d", e->io); /* a real transform's plane (C2C's: none) */
            fprintf(f, " noplane=%d", e->noplane);
            if (e->T) fprintf(f, " T=%d", e->T);     /* its threads, where tuned */
            if (e->clu) fprintf(f, " C=%d", e->clu); /* its blocks a plane, where tuned */
            fprintf(f, " ns=%lld default_ns=%lld\n", (long long)(e->ms * 1e6), (long long)(e->default_ms * 1e6));
            continue;
        }
        if (e->passes == 3) {
            fprintf(f, "conv %s R=%lld is=%lld%s m=%lld ns=%lld default_ns=%lld\n", prec, (long long)e->R, (long long)e->is,
                    e->io == 1 ? " c2r=1" : e->io == 2 ? " r2c=1" : "", (long long)e->conv, (long long)(e->ms * 1e6), (long long)(e->default_ms * 1e6));
            continue;
        }
        if (e->passes)
            fprintf(f, "passes %s R=%lld is=%lld ops=%d io=%d pad=%d radix=%d", prec, (long long)e->R, (long long)e->is, e->ops, e->io,
                    e->pad, e->radix);
        else
            fprintf(f, "single %s R=%lld B=%d is=%lld ops=%d io=%d T=%d pad=%d radix=%d regs=%d", prec, (long long)e->R, e->B,
                    (long long)e->is, e->ops, e->io, e->T, e->pad, e->radix, e->regs);
        if (e->split >= 0) fprintf(f, " split=%d", e->split);
        if (e->passes && e->noclu) fprintf(f, " noclu=1");
        if (e->passes && e->rows) fprintf(f, " rows=%d", e->rows);
        if (!e->passes && e->cols) fprintf(f, " cols=%d", e->cols);
        if (e->pfa) fprintf(f, " pfa=%d", e->pfa);
        fprintf(f, " ns=%lld default_ns=%lld\n", (long long)(e->ms * 1e6), (long long)(e->default_ms * 1e6));
    }
    pthread_mutex_unlock(&w->lock);
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path)) {
        unlink(tmp);
        return kfft_fail(KFFT_ERROR_IO, "wisdom: cannot write %s", path);
    }
    return KFFT_SUCCESS;
}

/* "prefix<value>" at the start of *s (after spaces): the value and the position after it. */
static int field(const char **s, const char *prefix, long long lo, long long hi, long long *v)
{
    const char *p = *s;
    while (*p == ' ') p++;
    size_t n = strlen(prefix);
    if (strncmp(p, prefix, n)) return 0;
    char *end;
    long long x = strtoll(p + n, &end, 10);
    if (end == p + n || x < lo || x > hi || (*end != ' ' && *end != 0)) return 0;
    *v = x;
    *s = end;
    return 1;
}

/* An optional field: absent leaves *v as it is. */
static int field_opt(const char **s, const char *prefix, long long lo, long long hi, long long *v)
{
    const char *p = *s;
    while (*p == ' ') p++;
    return strncmp(p, prefix, strlen(prefix)) || field(s, prefix, lo, hi, v);
}

kfft_status kfft_wisdom_load(kfft_wisdom *w, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return kfft_fail(KFFT_ERROR_IO, "wisdom: cannot read %s", path);
    kfft_wisdom_entry *got = malloc(sizeof *got * KFFT_WISDOM_MAX);
    char line[1024];
    int n = 0, ln = 0;
    kfft_status st = got ? KFFT_SUCCESS : kfft_fail(KFFT_ERROR_OUT_OF_MEMORY, "wisdom: host memory");
    while (!st && fgets(line, sizeof line, f)) {
        ln++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n') line[--len] = 0;
        if (ln == 1) {
            if (strcmp(line, "kfft-wisdom 5"))
                st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "wisdom %s: line 1 is not 'kfft-wisdom 5' (an older format: tune again)", path);
        } else if (ln == 2) {
            if (strncmp(line, "device ", 7) || strcmp(line + 7, w->device))
                st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "wisdom %s: made on another device ('%s', this is '%s'): ignored", path,
                               line, w->device);
        } else if (ln == 3) {
            if (strncmp(line, "version ", 8) || strcmp(line + 8, w->version))
                st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT,
                               "wisdom %s: made with another driver or compiler ('%s', now '%s'): stale, ignored", path, line,
                               w->version);
        } else {
            const char *s = line;
            long long R, B = 0, is, ops, io = 0, T = 0, pad, radix, regs = 0, split = -1, noclu = 0, rows = 0, cols = 0, pfa = 0, noplane, clu = 0, ms, dms;
            if (!strncmp(s, "plane ", 6)) { /* the plane kernel's entry: its own fields */
                int pf64 = !strncmp(s + 6, "f64 ", 4), known = pf64 || !strncmp(s + 6, "f32 ", 4);
                if (known) s += 10; /* within the line: its first 10 characters matched */
                if (!known || n >= KFFT_WISDOM_MAX || !field(&s, "R=", 1, 1 << 20, &R) || !field(&s, "B=", 1, 1 << 20, &B) ||
                    !field_opt(&s, "io=", 0, 255, &io) || !field(&s, "noplane=", 0, 1, &noplane) || !field_opt(&s, "T=", 32, 1024, &T) ||
                    !field_opt(&s, "C=", 1, 16, &clu) || !field(&s, "ns=", 0, (long long)1 << 50, &ms) || !field(&s, "default_ns=", 0, (long long)1 << 50, &dms) || *s) {
                    st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "wisdom %s: line %d: malformed entry", path, ln);
                    break;
                }
                got[n++] = (kfft_wisdom_entry){.passes = 2, .f64 = pf64, .R = R, .B = (int)B, .io = (int)io, .T = (int)T,
                                               .noplane = (int)noplane, .clu = (int)clu, .split = -1, .ms = ms / 1e6,
                                               .default_ms = dms / 1e6};
                continue;
            }
            if (!strncmp(s, "conv ", 5)) { /* Bluestein's length for an axis: at least 2R-1 and smooth */
                int cf64 = !strncmp(s + 5, "f64 ", 4), known = cf64 || !strncmp(s + 5, "f32 ", 4);
                long long m = 0, r2c = 0;
                if (known) s += 9;
                if (!known || n >= KFFT_WISDOM_MAX || !field(&s, "R=", 2, (long long)1 << 40, &R) ||
                    !field(&s, "is=", 1, (long long)1 << 50, &is) || !field_opt(&s, "c2r=", 0, 1, &io) ||
                    !field_opt(&s, "r2c=", 0, !io, &r2c) || !field(&s, "m=", 3, (long long)1 << 42, &m) || m < 2 * R - 1 ||
                    !kfft_is_smooth(m) || !field(&s, "ns=", 0, (long long)1 << 50, &ms) ||
                    !field(&s, "default_ns=", 0, (long long)1 << 50, &dms) || *s) {
                    st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "wisdom %s: line %d: malformed entry", path, ln);
                    break;
                }
                got[n++] = (kfft_wisdom_entry){.passes = 3, .f64 = cf64, .R = R, .is = is, .io = r2c ? 2 : (int)io, .conv = m, .split = -1, .ms = ms / 1e6,
                                               .default_ms = dms / 1e6};
                continue;
            }
            int passes = !strncmp(s, "passes ", 7), kind = passes || !strncmp(s, "single ", 7);
            int f64 = kind && !strncmp(s + 7, "f64 ", 4); /* s + 7 lies within the line once kind matched */
            if (!kind || (!f64 && strncmp(s + 7, "f32 ", 4)) || n >= KFFT_WISDOM_MAX) {
                st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "wisdom %s: line %d: not an entry", path, ln);
                break;
            }
            s += 11;
            int ok = field(&s, "R=", 1, (long long)1 << 40, &R) && (passes || field(&s, "B=", 1, 1 << 20, &B)) &&
                     field(&s, "is=", 1, (long long)1 << 50, &is) && field(&s, "ops=", 0, 255, &ops) && field(&s, "io=", 0, 255, &io) && (passes || field(&s, "T=", 1, 1024, &T)) &&
                     field(&s, "pad=", passes ? -1 : 0, passes ? 1 : 2 /* kspec.h: KS_PAD_SWZ */, &pad) &&
                     field(&s, "radix=", passes ? -1 : 0, passes ? KFFT_RADIX_WIDEST : KFFT_RADIX_WIDEST_FLAT, &radix) &&
                     (passes || field_opt(&s, "regs=", 0, 255, &regs)) && field_opt(&s, "split=", 0, 1, &split) &&
                     (!passes || field_opt(&s, "noclu=", 0, 1, &noclu)) && (!passes || field_opt(&s, "rows=", 1, 4, &rows)) &&
                     (passes || field_opt(&s, "cols=", 1, 1 << 20, &cols)) && field_opt(&s, "pfa=", -1, 1, &pfa) &&
                     field(&s, "ns=", 0, (long long)1 << 50, &ms) &&
                     field(&s, "default_ns=", 0, (long long)1 << 50, &dms) && !*s;
            if (!ok) {
                st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "wisdom %s: line %d: malformed entry", path, ln);
                break;
            }
            got[n++] = (kfft_wisdom_entry){.passes = passes, .f64 = f64, .R = R, .is = is, .B = (int)B, .ops = (int)ops, .io = (int)io, .T = (int)T,
                                           .pad = (int)pad, .radix = (int)radix, .regs = (int)regs, .split = (int)split, .noclu = (int)noclu, .rows = (int)rows, .cols = (int)cols, .pfa = (int)pfa, .ms = ms / 1e6,
                                           .default_ms = dms / 1e6};
        }
    }
    if (!st && ln < 3) st = kfft_fail(KFFT_ERROR_INVALID_ARGUMENT, "wisdom %s: truncated (%d lines)", path, ln);
    fclose(f);
    for (int i = 0; !st && i < n; i++) kfft_wisdom_put(w, &got[i]);
    free(got);
    return st;
}
