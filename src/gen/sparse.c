/* The sparse 2-D FFT's first step (see src/sparse/spfft.c): for rows u of a tile and every
 * column c, G[u, c] = sum over column c's stored entries r of a_rc * W_R^(r*u mod R), summed
 * straight from the CSC arrays. The angle index r*u mod R is exact integer arithmetic (R is
 * a constant, so the modulo is a multiply-high); W_R^m comes from two small tables computed
 * in double, W^m = lo[m mod 2^s] * hi[m >> s], held in shared memory when they fit.
 *
 * A block of 256 threads computes upl*32 rows u by cols columns c (cols * upl = 256; the
 * shape is spfft.c's choice): lane = u, warp = cols/8 columns, so every lane of a warp reads
 * the same entry (one broadcast load). Each lane sums upl rows u, u+32, ...: the first
 * angle from the tables, the others by upl-1 multiplications with W^(32 r) (itself from the
 * tables), which costs a few ulps and saves most of the index and table work. The tile is
 * transposed in shared memory so each row of G is written with contiguous stores, to a
 * buffer or folded into the spectrum (kspec.h: KS_LD_FOLD). */
#include "gen/gen.h"

#define SP_TILE 32
#define SP_WARPS 8

int gen_sparse_threads(void) { return SP_TILE * SP_WARPS; }

int64_t gen_sparse_groups(const ks_sparse *k, int64_t ncols_u)
{
    int64_t ub = SP_TILE * k->upl, C = k->C;
    return ((ncols_u + ub - 1) / ub) * ((C + k->cols - 1) / k->cols);
}

void gen_sparse_program(strbuf *b, int dialect, const ks_sparse *k)
{
    gen_dialect_prelude(b, dialect, k->f64);
    const char *I = k->idx64 ? "kfft_i64" : "int";
    long long R = (long long)k->R, C = (long long)k->C;
    int narrow = k->R <= 65535; /* r*u < 2^32: 32-bit products */
    const char *U = narrow ? "unsigned int" : "kfft_u64";
    long long mask = (1ll << k->tw_shift) - 1;
    gen_dialect_kernel_open(b, dialect, "kfft_sp", SP_TILE * SP_WARPS, 0, 0);
    int tsm = k->tw_smem ? (int)(k->n_lo + k->n_hi) : 0;
    int cols = k->cols, cpw = cols / SP_WARPS, rpw = SP_TILE / cols; /* columns per warp; rows per store */
    gen_dialect_smem(b, dialect, cols * (SP_TILE + 1) + tsm);
    sb_puts(b, "    KFFT_GLOBAL const unsigned char *mat = (KFFT_GLOBAL const unsigned char *)in;\n");
    sb_printf(b, "    KFFT_GLOBAL const %s *colptr = (KFFT_GLOBAL const %s *)(mat + %lld);\n", k->colptr64 ? "kfft_i64" : "unsigned int",
              k->colptr64 ? "kfft_i64" : "unsigned int", (long long)k->off_colptr);
    sb_printf(b, "    KFFT_GLOBAL const %s *rows = (KFFT_GLOBAL const %s *)(mat + %lld);\n", k->row32 ? "unsigned int" : "unsigned short",
              k->row32 ? "unsigned int" : "unsigned short", (long long)k->off_rows);
    if (k->fold) sb_puts(b, "    KFFT_GLOBAL kfft_real *rout = (KFFT_GLOBAL kfft_real *)out;\n");
    if (k->weighted)
        sb_printf(b, "    KFFT_GLOBAL const kfft_real *vals = (KFFT_GLOBAL const kfft_real *)(mat + %lld);\n", (long long)k->off_vals);
    sb_printf(b, "    kfft_i64 nub = (ncols + %d) / %d, blk = KFFT_GROUP;\n", SP_TILE * k->upl - 1, SP_TILE * k->upl);
    sb_puts(b, "    kfft_i64 cb = blk / nub, ub = blk - cb * nub;\n");
    sb_printf(b, "    int lane = KFFT_TID %% %d, w = KFFT_TID / %d;\n", SP_TILE, SP_TILE);
    sb_printf(b, "    %s u = (%s)(tbase + ub * %d + lane);\n", U, U, SP_TILE * k->upl);
    /* Angle tables: shared memory (copied once per block) or global. */
    if (tsm) {
        sb_printf(b, "    KFFT_LOCAL kfft_cplx *lo = s + %d, *hi = lo + %lld;\n", cols * (SP_TILE + 1), (long long)k->n_lo);
        sb_printf(b, "    for (int i = KFFT_TID; i < %d; i += %d) lo[i] = tw[%lld + i];\n", tsm, SP_TILE * SP_WARPS, (long long)k->tw_lo);
        sb_puts(b, "    KFFT_BARRIER();\n");
    } else {
        sb_printf(b, "    KFFT_GLOBAL const kfft_cplx *lo = tw + %lld, *hi = tw + %lld;\n", (long long)k->tw_lo, (long long)k->tw_hi);
    }
    sb_printf(b, "    kfft_cplx acc[%d][%d];\n", cpw, k->upl);
    sb_printf(b, "#pragma unroll\n    for (int ci = 0; ci < %d; ci++) {\n", cpw);
    sb_printf(b, "#pragma unroll\n        for (int j = 0; j < %d; j++) acc[ci][j] = KFFT_MK(0, 0);\n", k->upl);
    sb_printf(b, "        kfft_i64 c = cb * %d + w + ci * %d;\n", cols, SP_WARPS);
    sb_printf(b, "        if (c < %lld) {\n", C);
    sb_puts(b, "            kfft_i64 k1 = (kfft_i64)colptr[c + 1];\n");
    sb_puts(b, "            for (kfft_i64 q = (kfft_i64)colptr[c]; q < k1; q++) {\n");
    sb_printf(b, "                %s r = (%s)rows[q], m = (r * u) %% %lld, d = (r * %d) %% %lld;\n", U, U, R, SP_TILE, R);
    sb_printf(b, "                kfft_cplx t = cmul(lo[m & %lld], hi[m >> %d]), st = cmul(lo[d & %lld], hi[d >> %d]);\n", mask,
              k->tw_shift, mask, k->tw_shift);
    if (k->weighted) sb_puts(b, "                kfft_real a = vals[q];\n                t = KFFT_MK(a * t.x, a * t.y);\n");
    sb_printf(b, "#pragma unroll\n                for (int j = 0; j < %d; j++) {\n", k->upl);
    sb_puts(b, "                    acc[ci][j] = cadd(acc[ci][j], t);\n");
    sb_printf(b, "                    if (j < %d) t = cmul(t, st);\n                }\n", k->upl - 1);
    sb_puts(b, "            }\n        }\n    }\n");
    /* Per group of 32 rows: transpose through shared memory, then contiguous row stores. */
    sb_printf(b, "#pragma unroll\n    for (int j = 0; j < %d; j++) {\n", k->upl);
    sb_printf(b, "#pragma unroll\n        for (int ci = 0; ci < %d; ci++) s[(w + ci * %d) * %d + lane] = acc[ci][j];\n", cpw,
              SP_WARPS, SP_TILE + 1);
    sb_puts(b, "        KFFT_BARRIER();\n");
    sb_printf(b, "        for (int i = w * %d + lane / %d; i < %d; i += %d) {\n", rpw, cols, SP_TILE, SP_WARPS * rpw);
    sb_printf(b, "            %s uu = (%s)(ub * %d + j * %d + i), c = (%s)(cb * %d + lane %% %d);\n", I, I, SP_TILE * k->upl, SP_TILE, I, cols, cols);
    if (k->fold) { /* G folded into the spectrum (kspec.h: KS_LD_FOLD) */
        long long ld = (long long)k->fold;
        sb_printf(b, "            %s gu = (%s)tbase + uu;\n            kfft_cplx g = s[lane %% %d * %d + i];\n", I, I, cols, SP_TILE + 1);
        sb_printf(b, "            if (uu >= ncols || c >= %lld) continue;\n", C);
        sb_printf(b, "            if (gu == 0 || 2 * gu == %lld) rout[2 * (out_off + gu * %lld) + c] = g.x;\n", R, ld);
        sb_printf(b, "            else out[out_off + (c < %lld ? gu * %lld + c : (%lld - gu) * %lld + c)] = g;\n        }\n", ld, ld, R - 1, ld);
    } else {
        sb_printf(b, "            if (uu < ncols && c < %lld) out[out_off + uu * %lld + c] = s[lane %% %d * %d + i];\n        }\n", C, C,
                  cols, SP_TILE + 1);
    }
    sb_puts(b, "        KFFT_BARRIER();\n    }\n}\n");
}
