/* The sparse 2-D FFT's first step (see src/sparse/spfft.c): for rows u of a tile and every
 * column c, G[u, c] = sum over column c's stored entries r of a_rc * W_R^(r*u mod R), summed
 * straight from the CSC arrays. The angle index r*u mod R is exact integer arithmetic (R is
 * a constant, so the modulo is a multiply-high); W_R^m comes from two small tables computed
 * in double, W^m = lo[m mod 2^s] * hi[m >> s], held in shared memory when they fit.
 *
 * A block of 256 threads computes 32 u by 32 c: lane = u, warp = column, so every lane of a
 * warp reads the same entry (one broadcast load) and the tile is transposed in shared
 * memory so each row of G is written with contiguous stores. */
#include "gen/gen.h"

#define SP_TILE 32
#define SP_WARPS 8

int gen_sparse_threads(void) { return SP_TILE * SP_WARPS; }

int64_t gen_sparse_groups(int64_t ncols_u, int64_t C)
{
    return ((ncols_u + SP_TILE - 1) / SP_TILE) * ((C + SP_TILE - 1) / SP_TILE);
}

void gen_sparse_program(strbuf *b, int dialect, const ks_sparse *k)
{
    gen_dialect_prelude(b, dialect, k->f64);
    const char *I = k->idx64 ? "kfft_i64" : "int";
    long long R = (long long)k->R, C = (long long)k->C;
    int narrow = k->R <= 65535; /* r*u < 2^32: 32-bit products */
    const char *U = narrow ? "unsigned int" : "kfft_u64";
    gen_dialect_kernel_open(b, dialect, "kfft_sp", SP_TILE * SP_WARPS);
    int tsm = k->tw_smem ? (int)(k->n_lo + k->n_hi) : 0;
    gen_dialect_smem(b, dialect, SP_TILE * (SP_TILE + 1) + tsm);
    sb_puts(b, "    KFFT_GLOBAL const unsigned char *mat = (KFFT_GLOBAL const unsigned char *)in;\n");
    sb_printf(b, "    KFFT_GLOBAL const %s *colptr = (KFFT_GLOBAL const %s *)(mat + %lld);\n", k->colptr64 ? "kfft_i64" : "unsigned int",
              k->colptr64 ? "kfft_i64" : "unsigned int", (long long)k->off_colptr);
    sb_printf(b, "    KFFT_GLOBAL const %s *rows = (KFFT_GLOBAL const %s *)(mat + %lld);\n", k->row32 ? "unsigned int" : "unsigned short",
              k->row32 ? "unsigned int" : "unsigned short", (long long)k->off_rows);
    if (k->weighted)
        sb_printf(b, "    KFFT_GLOBAL const kfft_real *vals = (KFFT_GLOBAL const kfft_real *)(mat + %lld);\n", (long long)k->off_vals);
    sb_printf(b, "    kfft_i64 nub = (ncols + %d) / %d, blk = KFFT_GROUP;\n", SP_TILE - 1, SP_TILE);
    sb_puts(b, "    kfft_i64 cb = blk / nub, ub = blk - cb * nub;\n");
    sb_printf(b, "    int lane = KFFT_TID %% %d, w = KFFT_TID / %d;\n", SP_TILE, SP_TILE);
    sb_printf(b, "    %s u = (%s)(tbase + ub * %d + lane);\n", U, U, SP_TILE);
    /* Angle tables: shared memory (copied once per block) or global. */
    if (tsm) {
        sb_printf(b, "    KFFT_LOCAL kfft_cplx *lo = s + %d, *hi = lo + %lld;\n", SP_TILE * (SP_TILE + 1), (long long)k->n_lo);
        sb_printf(b, "    for (int i = KFFT_TID; i < %d; i += %d) lo[i] = tw[%lld + i];\n", tsm, SP_TILE * SP_WARPS, (long long)k->tw_lo);
        sb_puts(b, "    KFFT_BARRIER();\n");
    } else {
        sb_printf(b, "    KFFT_GLOBAL const kfft_cplx *lo = tw + %lld, *hi = tw + %lld;\n", (long long)k->tw_lo, (long long)k->tw_hi);
    }
    sb_printf(b, "    for (int cc = w; cc < %d; cc += %d) {\n", SP_TILE, SP_WARPS);
    sb_printf(b, "        kfft_i64 c = cb * %d + cc;\n        kfft_cplx acc = KFFT_MK(0, 0);\n", SP_TILE);
    sb_printf(b, "        if (c < %lld) {\n", C);
    sb_puts(b, "            kfft_i64 k1 = (kfft_i64)colptr[c + 1];\n");
    sb_puts(b, "#pragma unroll 4\n            for (kfft_i64 q = (kfft_i64)colptr[c]; q < k1; q++) {\n");
    sb_printf(b, "                %s m = ((%s)rows[q] * u) %% %lld;\n", U, U, R);
    sb_printf(b, "                kfft_cplx t = cmul(lo[m & %lld], hi[m >> %d]);\n", (long long)((1ll << k->tw_shift) - 1), k->tw_shift);
    if (k->weighted)
        sb_puts(b, "                kfft_real a = vals[q];\n                acc = KFFT_MK(acc.x + a * t.x, acc.y + a * t.y);\n");
    else
        sb_puts(b, "                acc = cadd(acc, t);\n");
    sb_puts(b, "            }\n        }\n");
    sb_printf(b, "        s[cc * %d + lane] = acc;\n    }\n    KFFT_BARRIER();\n", SP_TILE + 1);
    /* Row u of the tile holds columns cb*32 .. cb*32+31: contiguous stores. */
    sb_printf(b, "    for (int i = w; i < %d; i += %d) {\n", SP_TILE, SP_WARPS);
    sb_printf(b, "        %s uu = (%s)(ub * %d + i), c = (%s)(cb * %d + lane);\n", I, I, SP_TILE, I, SP_TILE);
    sb_printf(b, "        if (uu < ncols && c < %lld) out[out_off + uu * %lld + c] = s[lane * %d + i];\n    }\n}\n", C, C, SP_TILE + 1);
}
