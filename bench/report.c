/* Writers of benchmark results (see report.h). */
#include <stdlib.h>
#include <string.h>

#include "io/plot.h"
#include "report.h"

void report_header(FILE *f)
{
    fprintf(f, "%-18s %-8s %9s %8s %8s %9s %8s %7s %8s %8s %8s %8s %8s %s\n", "case", "batch", "kfft_ms", "kfft_GBs",
            "GFLOP/s", "cufft_ms", "cufft_GBs", "ratio", "kfft_ws", "cufft_ws", "vs_cufft", "vs_ref", "plan_ms",
            "kernels (plan: cold/warm)");
}

void report_line(FILE *f, const bench_result *r)
{
    if (r->note[0]) {
        fprintf(f, "%-18s %s\n", r->name, r->note);
        return;
    }
    /* cuFFT's columns read "-" where it did not run (absent, or it cannot plan the case) */
    char cms[24] = "-", cgbs[24] = "-", ratio[24] = "-", cws[24] = "-";
    if (r->have_cufft) {
        snprintf(cms, sizeof cms, "%.4f", r->c_ms);
        snprintf(cgbs, sizeof cgbs, "%.0f", r->c_gbs);
        snprintf(ratio, sizeof ratio, "%.2f", r->c_ms / r->k_ms);
        snprintf(cws, sizeof cws, "%.0fM", r->c_ws / 1e6);
    }
    fprintf(f, "%-18s %-8lld %9.4f %8.0f %8.0f %9s %8s %7s %7.0fM %8s %8.1e %8.1e %4.0f/%-4.1f %d\n", r->name, (long long)r->batch,
            r->k_ms, r->k_gbs, r->k_gflops, cms, cgbs, ratio, r->k_ws / 1e6, cws, r->err_cufft, r->err_ref, r->plan_cold_ms,
            r->plan_warm_ms, r->kernels);
    fflush(f);
}

int report_csv(const char *path, const bench_result *r, int count)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fprintf(f, "case,type,prec,rank,n0,n1,n2,batch,kfft_ms,kfft_min,kfft_max,kfft_gbs,kfft_gflops,cufft_ms,cufft_min,cufft_max,"
               "cufft_gbs,cufft_gflops,speed_ratio,kfft_ws,cufft_ws,rel_l2_vs_cufft,rel_l2_vs_ref,plan_cold_ms,plan_warm_ms,"
               "kernels,note\n");
    for (int i = 0; i < count; i++, r++) {
        char ratio[24] = ""; /* empty where cuFFT did not run */
        if (r->have_cufft) snprintf(ratio, sizeof ratio, "%.4f", r->c_ms / r->k_ms);
        fprintf(f, "%s,%s,%s,%d,%lld,%lld,%lld,%lld,%.5f,%.5f,%.5f,%.1f,%.1f,%.5f,%.5f,%.5f,%.1f,%.1f,%s,%zu,%zu,%.3e,%.3e,%.1f,"
                   "%.2f,%d,%s\n",
                r->name, r->type == 1 ? "r2c" : r->type == 2 ? "c2r" : "c2c", r->f64 ? "f64" : "f32", r->rank, (long long)r->n[0], (long long)r->n[1],
                (long long)r->n[2], (long long)r->batch, r->k_ms, r->k_min, r->k_max, r->k_gbs, r->k_gflops, r->c_ms, r->c_min,
                r->c_max, r->c_gbs, r->c_gflops, ratio, r->k_ws, r->c_ws, r->err_cufft, r->err_ref, r->plan_cold_ms, r->plan_warm_ms,
                r->kernels, r->note);
    }
    return fclose(f);
}

int report_json(const char *path, const char *device, const char *meta, double copy_gbs, const bench_result *r, int count)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fprintf(f, "{\n  \"device\": \"%s\",\n  \"meta\": \"%s\",\n  \"copy_gbs\": %.1f,\n  \"cases\": [\n", device, meta, copy_gbs);
    for (int i = 0; i < count; i++, r++) {
        char ratio[24] = "null"; /* where cuFFT did not run */
        if (r->have_cufft) snprintf(ratio, sizeof ratio, "%.4f", r->c_ms / r->k_ms);
        fprintf(f,
                "    {\"case\": \"%s\", \"prec\": \"%s\", \"batch\": %lld, \"kfft_ms\": %.5f, \"kfft_min\": %.5f, \"kfft_max\": %.5f, "
                "\"kfft_gbs\": %.1f, \"kfft_gflops\": %.1f, \"cufft_ms\": %.5f, \"cufft_gbs\": %.1f, \"speed_ratio\": %s, "
                "\"kfft_ws\": %zu, \"cufft_ws\": %zu, \"rel_l2_vs_cufft\": %.3e, \"rel_l2_vs_ref\": %.3e, \"plan_cold_ms\": %.1f, "
                "\"plan_warm_ms\": %.2f, \"kernels\": %d, \"note\": \"%s\"}%s\n",
                r->name, r->f64 ? "f64" : "f32", (long long)r->batch, r->k_ms, r->k_min, r->k_max, r->k_gbs, r->k_gflops, r->c_ms,
                r->c_gbs, ratio, r->k_ws, r->c_ws, r->err_cufft, r->err_ref, r->plan_cold_ms,
                r->plan_warm_ms, r->kernels, r->note, i + 1 < count ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    return fclose(f);
}

static int by_n(const void *a, const void *b)
{
    const bench_result *x = *(const bench_result *const *)a, *y = *(const bench_result *const *)b;
    return (x->n[0] > y->n[0]) - (x->n[0] < y->n[0]);
}

int report_svg(const char *path, const char *title, const bench_result *r, int count)
{
    const bench_result **sel = malloc(sizeof *sel * (size_t)(count ? count : 1));
    double *x = malloc(sizeof(double) * (size_t)(count ? count : 1) * 3);
    if (!sel || !x) {
        free(sel);
        free(x);
        return -1;
    }
    int m = 0;
    for (int i = 0; i < count; i++)
        if (!r[i].type && !r[i].inv && r[i].rank == 1 && !r[i].note[0]) sel[m++] = &r[i];
    qsort(sel, (size_t)m, sizeof *sel, by_n);
    double *yk = x + m, *yc = x + 2 * m;
    int k = 0;
    for (int i = 0; i < m; i++) {
        if (k && sel[i]->n[0] == x[k - 1]) continue; /* x must increase */
        x[k] = (double)sel[i]->n[0];
        yk[k] = sel[i]->k_gbs;
        yc[k] = sel[i]->c_gbs;
        k++;
    }
    const double *ys[2] = {yk, yc};
    const char *names[2] = {"kfft", "cuFFT"};
    plot_spec s = {0};
    s.x = x;
    s.y = ys;
    s.npoints = k;
    s.nseries = k > 0 && sel[0]->have_cufft ? 2 : 1;
    s.names = names;
    s.title = title;
    s.xlabel = "N (1-D C2C, batched to 2^27 elements)";
    s.ylabel = "GB/s (bytes read + written / time)";
    s.logx = 1;
    char err[256];
    int rc = k ? plot_write(path, &s, err, sizeof err) : 1;
    if (rc && k) fprintf(stderr, "svg: %s\n", err);
    free(sel);
    free(x);
    return rc;
}
