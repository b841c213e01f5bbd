/* The table kernel "kfft_tab": twiddles, chirps and Rader's index table made on the device
 * (see gen.h for what each kind writes and how the launch passes its parameters). Angles
 * stay exact integers m/N, folded to the first octant in integer arithmetic as the host's
 * kfft_expi does (src/core/trig.c), and only the small remaining angle goes through double
 * precision sincospi; the result is rounded once to the program's precision. A warm plan
 * with large tables (2^24: 16 MB) so no longer reads them from the disk cache and copies
 * them from the host, and a cold one no longer computes them in long double. */
#include "gen/gen.h"

#define TAB_THREADS 256

int gen_table_threads(void) { return TAB_THREADS; }

void gen_table_program(strbuf *b, int dialect)
{
    gen_dialect_prelude(b, dialect, 0);
    gen_dialect_f64_math(b, dialect);
    /* exp(-2 pi i a / N) for 0 <= a < N (FFTW's octant reduction of 4a / 4N). */
    sb_puts(b, "KFFT_DEVICE kfft_cplx kfft_expi(kfft_i64 a, kfft_i64 N)\n{\n"
               "    kfft_i64 n4 = 4 * N, m = 4 * a, q = N;\n    int oct = 0;\n"
               "    if (m > n4 - m) { m = n4 - m; oct |= 4; }\n"
               "    if (m - q > 0) { m -= q; oct |= 2; }\n"
               "    if (m > q - m) { m = q - m; oct |= 1; }\n"
               "    double s, c, t;\n"
               "    KFFT_SINCOSPI((double)m / (double)(2 * N), s, c);\n"
               "    if (oct & 1) { t = c; c = s; s = t; }\n"
               "    if (oct & 2) { t = c; c = -s; s = t; }\n"
               "    if (oct & 4) s = -s;\n"
               "    return KFFT_MK((kfft_real)c, (kfft_real)-s);\n}\n");
    gen_dialect_kernel_open(b, dialect, "kfft_tab", TAB_THREADS, 0, 0);
    sb_printf(b, "    (void)in;\n    kfft_i64 e = KFFT_GROUP * %d + KFFT_TID, N = aux, p1 = tbase, p2 = in_off;\n", TAB_THREADS);
    sb_puts(b, "    if (e >= ncols) return;\n"
               "    KFFT_GLOBAL kfft_cplx *w = out + out_off;\n"
               "    (void)tw;\n");
    sb_printf(b, "    if (inv == %d) w[e] = kfft_expi((e / p2 + p1) * (e %% p2) %% N, N);\n", KT_GRID);
    sb_printf(b, "    else if (inv == %d) w[e] = kfft_expi((e %% p2 + p1) * (e / p2) %% N, N);\n", KT_GRID_K);
    sb_printf(b, "    else if (inv == %d) w[e] = kfft_expi(e * p1 %% N, N);\n", KT_RANGE);
    /* k^2 < 2^62 for N < 2^31: exact in 64-bit unsigned arithmetic. */
    sb_printf(b, "    else if (inv == %d) w[e] = kfft_expi((kfft_i64)(((kfft_u64)e * (kfft_u64)e) %% (kfft_u64)(2 * N)), 2 * N);\n",
              KT_CHIRP);
    /* An even table's second half from its first, which the host sent (tab_mirrored). */
    sb_printf(b, "    else if (inv == %d) w[N - 1 - e] = w[e + 1];\n", KT_MIRROR);
    /* Thread q < N-1 writes q at g^q mod N (square and multiply; products < 2^62 for N < 2^31);
     * the last thread writes entry 0. */
    sb_printf(b, "    else if (inv == %d) {\n", KT_DLOG);
    sb_puts(b, "        kfft_u64 x = 1, g = (kfft_u64)p1, n = (kfft_u64)N, q = (kfft_u64)e;\n"
               "        if (e == N - 1) { w[0] = KFFT_MK(0, 0); return; }\n"
               "        for (; q; q >>= 1, g = g * g % n)\n"
               "            if (q & 1) x = x * g % n;\n"
               "        w[x] = KFFT_MK((kfft_real)e, 0);\n    }\n}\n");
}

int64_t gen_table_groups(int64_t count) { return (count + TAB_THREADS - 1) / TAB_THREADS; }
