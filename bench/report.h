/* Benchmark results and their outputs: the terminal table, CSV, JSON and an SVG chart. */
#ifndef KFFT_BENCH_REPORT_H
#define KFFT_BENCH_REPORT_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    char name[40];             /* the case as given: [c2c:|r2c:|c2r:]N[xN[xN]] */
    int type, rank, f64;       /* type: kfft_type (0 c2c, 1 r2c, 2 c2r) */
    int inv;                   /* a C2C case run KFFT_INVERSE ("inv:" cases) */
    int64_t n[3], batch;
    double k_ms, k_min, k_max;  /* kfft: median, min, max over the runs */
    double c_ms, c_min, c_max;  /* cuFFT; 0 when it did not run */
    double k_gbs, c_gbs, k_gflops, c_gflops;
    size_t k_ws, c_ws;
    double plan_cold_ms, plan_warm_ms;
    double err_cufft;           /* rel L2 kfft vs cuFFT (-1: not compared) */
    double err_ref;             /* rel L2 of kfft's first transform vs the double reference (-1: none) */
    int kernels, have_cufft;
    char note[96];              /* why a case did not run */
} bench_result;

void report_header(FILE *f);
void report_line(FILE *f, const bench_result *r);
int report_csv(const char *path, const bench_result *r, int count);
int report_json(const char *path, const char *device, const char *meta, double copy_gbs, const bench_result *r, int count);
/* GB/s against N of the 1-D C2C cases, kfft and cuFFT (log N axis): 0 written, 1 nothing to
 * chart (no such case), -1 an error. */
int report_svg(const char *path, const char *title, const bench_result *r, int count);

#endif
