/* Stockham radix passes over a block's columns in shared memory (gen_emit_fft), the first
 * reading the kernel's source and the last writing its destination where they can, and what
 * the passes end in: a convolution's pointwise product (Bluestein, Rader), fused in registers
 * or into the forward FFT's last store. The loads and stores themselves are kernel.c's. */
#include "gen/emit.h"

#include <stdio.h>

/* A pass's twiddles of the block's columns into shared memory (kspec.h: ks_tw_area). */
static void emit_tw_stage(strbuf *b, const kspec *k)
{
    const char *I = idx_type(k);
    long long Ns = (long long)k->Ns, RB = k->R / k->rad[0], area = (long long)ks_tw_offset(k);
    int E = (int)ks_tw_area(k), iters = (E + k->T - 1) / k->T;
    sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", iters, k->T);
    sb_printf(b, "        if (l < %d) {\n        int c = l %% %d, x = l / %d;\n        %s g = col0 + c;\n", E, k->B, k->B, I);
    sb_puts(b, "        kfft_cplx w = KFFT_MK(1, 0);\n        if (g < ncols) {\n");
    gen_emit_tj(b, k);
    sb_printf(b, "            %s jm = j %% %lld;\n", I, Ns);
    sb_printf(b, "            w = tw[x < %lld ? %lld + (%s)x * %lld + jm : %lld + (%s)(x - %lld) * %lld + jm];\n", RB, (long long)k->tw_pa, I,
              Ns, (long long)k->tw_pb, I, RB, Ns);
    sb_printf(b, "        }\n        s[%lld + l] = w;\n        }\n    }\n", area);
}

/* sp_index (below) in a swizzled kernel (kspec.h: KS_PAD_SWZ; x at x ^ ((x >> s) & (Q-1)),
 * Q = 2^s) where Q*Q divides the stride d: a butterfly's elements then lie Q*Q apart, in rows
 * whose XOR is that of the thread's part W = col*R + w, c = (W >> s) & (Q-1), so x is
 * (W ^ c) + i*d: one XOR a thread and an immediate offset an element (8192, 16x16x16x2: 84.5 ->
 * 76 SASS instructions per element). H200 (bench/results/h200-2026-11-29e-calls.txt call 3), the
 * 22 cases it moves: 19 faster (8192 0.79 -> 0.89 of cuFFT, 8192^2 0.88 -> 0.92, 15360 0.93 ->
 * 0.97); R2C 28672 1.31 -> 1.07, whose 896-thread block has 72 registers at most and spills 76
 * bytes folded (local ptxas): so the fold is a spill bet (kspec.swzfold), planned again unfolded
 * where it spills (plan.c; R2C 28672 1.10 -> 1.29, h200-2026-11-29f-calls.txt call 1); call 6,
 * 13 held out: 12 faster, geomean 1.04 (512 x 8192 0.87 -> 0.93). Other strides keep the macro
 * (sp_index). Folding those too (the row's bits above walign a thread where a butterfly stays
 * in one row, the low bits a thread where Q divides d) kept values per thread live across the
 * passes: the 2688-point Rader pass of 24201, 16134 and R2C 18823 went from 78 to 92
 * registers, three blocks per SM to two, and lost 18-19% (calls 1-2). */
static int sp_index_swz(strbuf *b, char *expr, size_t len, const kspec *k, const char *name, const char *col, const char *w, long long d)
{
    int sh = ks_pad_shift(k->f64);
    long long Q = 1LL << sh, R = k->R;
    char W[128], ct[64] = "";
    if (k->B > 1) snprintf(W, sizeof W, "(%s * %lld + (%s))", col, R, w);
    else snprintf(W, sizeof W, "(%s)", w);
    if (k->B > 1 && k->cpad) snprintf(ct, sizeof ct, " + %s * %d", col, k->cpad);
    sb_printf(b, "            int %s = (%s ^ ((%s >> %d) & %lld))%s;\n", name, W, W, sh, Q - 1, ct);
    snprintf(expr, len, "%s + i * %lld", name, d);
    return 1;
}

/* The shared-memory index KFFT_SP(col*R + w + i*d) of element i < r of a butterfly (the loop
 * unrolled, so i is a constant) as a part per thread, declared here as `name`, plus a constant
 * per i, so each access is one load or store at an immediate offset instead of the macro's
 * shifts and adds. With Q the padding's period (x >> s adds one slot per Q elements): the
 * column term is col*(R + R/Q + cpad) where Q divides R (or the block holds one column), and
 * (w + i*d) >> s is (w >> s) + i*(d >> s) where Q divides d, (w >> s) + ((i*d) >> s) where Q
 * divides w's known factor walign, and (w >> s) where walign divides Q and (r-1)*d < walign.
 * Elsewhere the macro (returns 0); expr gets the element's index. */
static int sp_index(strbuf *b, char *expr, size_t len, const kspec *k, const char *name, const char *col, const char *w,
                    long long walign, long long d, int r)
{
    int sh = ks_pad_shift(k->f64);
    long long Q = 1LL << sh, R = k->R, cs = R + (k->pad ? R >> sh : 0) + k->cpad;
    if (k->swzfold && d % (Q * Q) == 0) return sp_index_swz(b, expr, len, k, name, col, w, d);
    int cols_ok = k->B == 1 || !k->pad || R % Q == 0;
    int mode = !k->pad ? 1 : d % Q == 0 ? 1 : walign % Q == 0 ? 2 : Q % walign == 0 && (r - 1) * d < walign ? 3 : 0;
    /* fp64, and one-column whole transforms, keep the macro: on the H100 fp64 2^20 (3.82 -> 4.51
     * ms), 16384 (0.77 -> 0.83) and C2R 16384 (0.44 -> 0.86) lost with it (bench/results/
     * h100-2026-11-27s-spaffine.txt). So do swizzled kernels' other strides (sp_index_swz). */
    if (k->f64 || (k->kind == KS_SINGLE && k->B == 1) || k->pad == KS_PAD_SWZ) mode = 0;
    if (!cols_ok || !mode) {
        snprintf(expr, len, "KFFT_SP(%s * %lld + %s + i * %lld)", col, R, w, d);
        return 0;
    }
    char cterm[64] = "";
    if (k->B > 1) snprintf(cterm, sizeof cterm, "%s * %lld + ", col, cs);
    if (k->pad) sb_printf(b, "            int %s = %s(%s) + ((%s) >> %d);\n", name, cterm, w, w, sh);
    else sb_printf(b, "            int %s = %s(%s);\n", name, cterm, w);
    if (mode == 1) snprintf(expr, len, "%s + i * %lld", name, d + (k->pad ? d >> sh : 0));
    else if (mode == 2) snprintf(expr, len, "%s + i * %lld + ((i * %lld) >> %d)", name, d, d, sh);
    else snprintf(expr, len, "%s + i * %lld", name, d);
    return 1;
}

/* The convolution's spectrum at element e (an expression) of local column bc, into w: entry e
 * of a whole convolution's table (KS_SINGLE, Rader's pass), or for a Bluestein middle pass
 * (kspec.h: ks_bluestein_middle) entry j + e*Ns of column j (declared here). */
static void bhat_at(strbuf *b, const kspec *k, const char *e, char *w, size_t len)
{
    if (!ks_bluestein_middle(k)) {
        snprintf(w, len, "tw[%lld + %s]", (long long)k->bhat, e);
        return;
    }
    sb_printf(b, "            %s g = col0 + bc;\n", idx_type(k));
    gen_emit_tj(b, k);
    snprintf(w, len, "tw[%lld + j + (%s)(%s) * %lld]", (long long)k->bhat, idx_type(k), e, (long long)k->Ns);
}

/* The convolution's middle in registers (ks_conv_fused): the forward FFT's last pass holds
 * elements bj + i*R/r of its column, which are the inverse FFT's first butterfly when both
 * passes have radix r (its Ns = 1: no twiddles). So: the pointwise product with the
 * kernel's spectrum (conjugated: the inverse is the same forward codelets), the inverse's
 * first butterfly, and its store; two crossings of shared memory and two barriers fewer.
 * Rader keeps element 0 (the sum of a) first, in the slot past the columns. */
static void emit_mid_fused(strbuf *b, const kspec *k, int r, int RB)
{
    if (k->ops & KS_MID_RADER)
        sb_printf(b, "            if (bj == 0) s[%lld + bc] = rv[it * %d];\n", (long long)ks_col_area(k) + k->B, r);
    char e[48], w[160];
    snprintf(e, sizeof e, "bj + i * %d", RB);
    bhat_at(b, k, e, w, sizeof w);
    sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) rv[it * %d + i] = cconj(cmul(rv[it * %d + i], %s));\n", r, r, r, w);
    sb_printf(b, "            kfft_dft%d(&rv[it * %d]);\n", r, r);
    char bw[24], x[160];
    snprintf(bw, sizeof bw, "bj * %d", r);
    if (!sp_index(b, x, sizeof x, k, "sb", "bc", bw, r, 1, r)) {
        sb_printf(b, "            int base = bc * %d + bj * %d;\n", k->R, r);
        snprintf(x, sizeof x, "KFFT_SP(base + i)");
    }
    sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) s[%s] = rv[it * %d + i];\n", r, x, r);
}

/* How many elements e = bj + i*RB (i < r) of a butterfly of the first pass reading the source
 * (store = 0) or the last writing the destination (store = 1) can lie below n, where elements
 * past n are zero (Bluestein's padded input) or dropped (its output). Element e of a column is
 * index j + e*S of its transform, j >= 0 (S = 1 in a kernel holding whole transforms). The
 * first pass's codelet is then pruned (codelet.c) and both loops stop there: 8219's kernel has
 * 9% fewer instructions (ptxas), and against the same tree without it (H100, bench/results/
 * h100-2026-11-27k-prune.txt, A B A B) kfft/cuFFT went 2039 0.78 -> 1.05, 61 1.31 -> 1.45, 131
 * 0.93 -> 1.01, 509 0.92 -> 0.98, 1021 1.18 -> 1.24, 3345 0.87 -> 0.91, 8219 3.30 -> 3.37, C2R
 * 8219 3.78 -> 3.88, C2R 127 4.21 -> 4.62, 2-D 3345^2 1.06 -> 1.11; 100003, 1000003 and fp64
 * even; 127 lost (3.25 -> 3.09), kept for the rule's sake. */
int gen_live_elems(const kspec *k, int r, int store)
{
    if (!(k->ops & (store ? KS_POST_CHIRP : KS_PRE_CHIRP)) || k->clu || k->plane) return r;
    long long S = k->kind != KS_GPASS || k->bfp ? 1 : store ? (long long)ks_store_ns(k) : (long long)(k->N / ks_col_len(k));
    long long n = ks_chirp_len(k), step = (long long)(k->R / r) * S, live = (n + step - 1) / step;
    return live < r ? (int)live : r;
}

/* Stockham radix passes over the B columns of length R held in s. The first pass may read
 * its butterflies' elements straight from the source (from_global) and the last may write
 * them straight to the destination (to_global), so the data crosses shared memory twice
 * fewer and two barriers go: in the first pass element e = j + i*R/r of a butterfly is
 * element e of the column, and in the last pass output e = j + i*R/r goes to element e. A
 * pass touching global memory maps threads to butterflies as that side's loop would (along
 * a column or across columns), so accesses stay coalesced. Passes start at p0 (the inverse
 * FFT of a fused convolution starts at 1); with mid MID_FUSED, the last pass ends in
 * emit_mid_fused, with MID_STORE its store multiplies by the convolution's spectrum. */
void gen_emit_fft(strbuf *b, const kspec *k, int index, int from_global, int to_global, int p0, int mid)
{
    long long Ns = 1;
    for (int p = 0; p < p0; p++) Ns *= k->rad[p];
    for (int p = p0; p < k->nrad; p++) {
        int r = k->rad[p], RB = k->R / r, NB = k->B * RB;
        int iters = (NB + k->T - 1) / k->T;
        int rd = from_global && p == 0, wr = to_global && p == k->nrad - 1;
        int along = k->plane ? 0 : gen_pass_along(k, rd, wr); /* a plane's columns are element-major */
        const char *guard = NB % k->T ? "if (bf < NB) " : "";
        char map[256], pguard[48];
        if (gen_one_column(k)) snprintf(map, sizeof map, "int bc = 0, bj = bf;");
        else if (along) snprintf(map, sizeof map, "int bc = bf / %d, bj = bf - bc * %d;", RB, RB);
        else snprintf(map, sizeof map, "int bc = bf %% %d, bj = bf / %d;", k->B, k->B);
        /* The packed R2C's paired last pass and C2R's paired first (gen_r2c_pair_last,
         * gen_c2r_pair_first): rounds 2q and 2q+1 of a thread take butterflies j and RB - j of
         * one column (pair slot ps; j = 0 with RB/2), whose elements k and M - k the post-step
         * or pre-step combines in registers. */
        int pl = (wr && gen_r2c_pair_last(k)) || (rd && gen_c2r_pair_first(k)), H = RB / 2, P = k->B * H;
        if (pl) {
            iters = 2 * ((P + k->T - 1) / k->T);
            snprintf(pguard, sizeof pguard, "if (ps < %d) ", P);
            guard = P % k->T ? pguard : "";
            snprintf(map, sizeof map, "int bc = ps / %d, pp = ps - bc * %d;\n            int bj = !(it & 1) ? pp : pp == 0 ? %d : %d - pp;", H, H,
                     H, RB);
        }
        sb_printf(b, "    { /* radix-%d pass, Ns = %lld%s%s */\n", r, Ns, rd ? ", from global" : "", wr ? ", to global" : "");
        /* Rounds kr and later wait in the staging area (kspec.h: keep); their registers are live
         * only from their fetch to their store. */
        int kr = !rd && ks_staged(k, p) ? k->keep[p] : iters;
        long long so = (long long)ks_direct_offset(k, k->nrad), S = NB - (long long)kr * k->T;
        sb_printf(b, "    const int NB = %d; (void)NB;\n    kfft_cplx rv[%d];\n", NB, iters * r);
        /* The first pass's input chirp waits in cw beside the data: multiplied where it is
         * loaded, the loads went out two at a time, each pair with its product (SASS of 3345^2,
         * h200-2026-11-29j-calls.txt call 1); so the PTX has them all first (call 2: 3345^2
         * 0.93 -> 1.10 of cuFFT, R2C 3345^2 1.02 -> 1.19, 1000003 1.38 -> 1.44, 127 4.06 -> 4.33). */
        int defer = rd && (k->ops & KS_PRE_CHIRP);
        int preo = wr && k->cfetch;
        if (defer) sb_printf(b, "    kfft_cplx cw[%d];\n", iters * r);
        sb_printf(b, "#pragma unroll\n    for (int it = 0; it < %d; it++) {\n", kr);
        if (pl) sb_printf(b, "        int ps = KFFT_TID + (it >> 1) * %d;\n", k->T);
        else sb_printf(b, "        int bf = KFFT_TID + it * %d;\n", k->T);
        sb_printf(b, "        %s{\n            %s\n", guard, map);
        int live = rd ? gen_live_elems(k, r, 0) : r, out_live = wr ? gen_live_elems(k, r, 1) : r;
        if (rd && pl) {
            gen_c2r_pair_load(b, k, index, r, RB);
        } else if (rd) {
            if (gen_c2r_wb(k)) { /* W_nreal^bj (kspec.h: rtw1); the table ends at nreal/2, past which Bluestein's bj read nothing */
                long long M = (long long)k->nreal / 2;
                if (RB - 1 > M) sb_printf(b, "            kfft_cplx wb = tw[%lld + (bj < %lld ? bj : %lld)];\n", (long long)k->rtw, M, M);
                else sb_printf(b, "            kfft_cplx wb = tw[%lld + bj];\n", (long long)k->rtw);
            }
            sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) {\n", live);
            sb_printf(b, "        int c = bc, e = bj + i * %d;\n        %s g = col0 + c;\n", RB, idx_type(k));
            char cwn[32];
            snprintf(cwn, sizeof cwn, "cw[it * %d + i]", r);
            gen_load_elem(b, k, index, "bj", "i", defer ? cwn : NULL);
            sb_printf(b, "        rv[it * %d + i] = v;\n            }\n", r);
        } else if (k->plane) {
            sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) rv[it * %d + i] = s[KFFT_SP(bc + bj * %d + i * %d)];\n",
                      r, r, k->B, RB * k->B);
        } else {
            char x[160];
            sp_index(b, x, sizeof x, k, "sl", "bc", "bj", 1, RB, r);
            sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) rv[it * %d + i] = s[%s];\n", r, r, x);
        }
        sb_puts(b, "        }\n    }\n");
        if (kr < iters) {
            sb_printf(b, "#pragma unroll\n    for (int it = %d; it < %d; it++) {\n", kr, iters);
            sb_printf(b, "        int bf = KFFT_TID + it * %d;\n        %s{\n            %s\n", k->T, guard, map);
            char x[160];
            sp_index(b, x, sizeof x, k, "sl", "bc", "bj", 1, RB, r);
            sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) s[%lld + i * %lld + bf - %lld] = s[%s];\n", r, so, S,
                      (long long)kr * k->T, x);
            sb_puts(b, "        }\n    }\n");
        }
        int twst = rd && k->twst; /* the twiddles, fetched while the data loads are in flight */
        if (twst) emit_tw_stage(b, k);
        /* Reads and writes of shared memory in place need a barrier between them; so does a
         * single pass reading and writing global memory (in-place transforms). */
        if (!rd || wr || twst) sb_puts(b, "    KFFT_BARRIER();\n");
        sb_printf(b, "#pragma unroll\n    for (int it = 0; it < %d; it++) {\n", iters);
        if (pl) sb_printf(b, "        int ps = KFFT_TID + (it >> 1) * %d;\n", k->T);
        else sb_printf(b, "        int bf = KFFT_TID + it * %d;\n", k->T);
        sb_printf(b, "        %s{\n            %s\n", guard, map);
        if (kr < iters)
            sb_printf(b, "            if (it >= %d) {\n#pragma unroll\n                for (int i = 0; i < %d; i++) rv[it * %d + i] = s[%lld + i * %lld + bf - %lld];\n            }\n",
                      kr, r, r, so, S, (long long)kr * k->T);
        if (defer)
            sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) rv[it * %d + i] = cmul(rv[it * %d + i], cw[it * %d + i]);\n", live, r, r, r);
        if (twst) {
            long long area = (long long)ks_tw_offset(k);
            sb_printf(b, "            kfft_cplx w0 = s[%lld + bj * %d + bc];\n            rv[it * %d] = cmul(rv[it * %d], w0);\n", area, k->B, r, r);
            sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) rv[it * %d + i] = cmul(rv[it * %d + i], cmul(w0, s[%lld + (%d + i - 1) * %d + bc]));\n",
                      live, r, r, area, RB, k->B);
        }
        if (k->pfa) { /* no twiddles between coprime radices (kspec.h: pfa) */
            if (Ns > 1) sb_printf(b, "            int kk = bj %% %lld;\n", Ns);
        } else if (Ns > 1 && k->twdirect[p]) {
            sb_printf(b, "            int kk = bj %% %lld;\n", Ns);
            sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) rv[it * %d + i] = cmul(rv[it * %d + i], s[%lld + (i - 1) * %lld + kk]);\n",
                      r, r, r, (long long)ks_direct_offset(k, p), Ns);
        } else if (Ns > 1 && k->twsplit) {
            long long hi = (long long)ks_split_offset(k), lo = hi + (long long)ks_split_hi(k);
            int L = k->twsplit, lb = ks_log2_ceil(L);
            /* W_R^m = hi[m >> lb] * lo[ml], ml = m mod L (lo padded like the columns) */
            char pair[160];
            const char *m = k->twpow[p] ? "m1" : "m";
            snprintf(pair, sizeof pair, "cmul(s[%lld + (%s >> %d)], s[%lld + ml + (ml >> 4)])", hi, m, lb, lo);
            sb_printf(b, "            int kk = bj %% %lld, m1 = kk * %lld;\n", Ns, (long long)(k->R / (Ns * r)));
            if (k->twpow[p]) { /* kspec.h: twpow */
                sb_printf(b, "            kfft_cplx wp[%d];\n            { int ml = m1 & %d; wp[1] = %s; }\n", r, L - 1, pair);
                sb_printf(b, "#pragma unroll\n            for (int i = 2; i < %d; i++) wp[i] = cmul(wp[i / 2], wp[i - i / 2]);\n", r);
                sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) rv[it * %d + i] = cmul(rv[it * %d + i], wp[i]);\n", r, r, r);
            } else {
                sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) {\n                int m = i * m1, ml = m & %d;\n", r, L - 1);
                sb_printf(b, "                rv[it * %d + i] = cmul(rv[it * %d + i], %s);\n            }\n", r, r, pair);
            }
        } else if (Ns > 1) {
            sb_printf(b, "            int kk = bj %% %lld;\n", Ns);
            if (ks_tw_rows(k))
                sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) rv[it * %d + i] = cmul(rv[it * %d + i], "
                             "tw[%lld + (i - 1) * %lld + kk]);\n", r, r, r, (long long)k->tw_local[p], Ns);
            else
                sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) rv[it * %d + i] = cmul(rv[it * %d + i], "
                             "tw[%lld + kk * %d + i - 1]);\n", r, r, r, (long long)k->tw_local[p], r - 1);
        }
        if (live < r) sb_printf(b, "            kfft_dft%d_%d(&rv[it * %d]);\n", r, live, r);
        else sb_printf(b, "            kfft_dft%d(&rv[it * %d]);\n", r, r);
        if (pl && wr) {
            gen_r2c_pair_store(b, k, index, r, RB);
            sb_puts(b, "        }\n    }\n    }\n");
        } else if (wr) {
            if (preo) {
                sb_printf(b, "            kfft_cplx co[%d];\n#pragma unroll\n            for (int i = 0; i < %d; i++) {\n", out_live, out_live);
                sb_printf(b, "        int c = bc, e = bj + i * %d;\n        %s g = col0 + c;\n", RB, idx_type(k));
                gen_chirp_preload(b, k, "co[i]");
                sb_puts(b, "            }\n");
            }
            sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) {\n", out_live);
            sb_printf(b, "        int c = bc, e = bj + i * %d;\n        %s g = col0 + c;\n        kfft_cplx v = rv[it * %d + i];\n",
                      RB, idx_type(k), r);
            gen_store_elem(b, k, index, preo ? "co[i]" : NULL);
            sb_puts(b, "            }\n        }\n    }\n    }\n");
        } else if (mid == MID_FUSED && p == k->nrad - 1) {
            emit_mid_fused(b, k, r, RB);
            sb_puts(b, "        }\n    }\n    KFFT_BARRIER();\n    }\n");
        } else {
            if (k->plane && Ns > 1) sb_printf(b, "            int base = bc + ((bj / %lld) * %lld + kk) * %d;\n", Ns, Ns * r, k->B);
            else if (k->plane) sb_printf(b, "            int base = bc + bj * %d;\n", r * k->B);
            else if (Ns > 1) sb_printf(b, "            int base = bc * %d + (bj / %lld) * %lld + kk;\n", k->R, Ns, Ns * r);
            else sb_printf(b, "            int base = bc * %d + bj * %d;\n", k->R, r);
            char bw[64], x[160] = "";
            if (Ns > 1) snprintf(bw, sizeof bw, "(bj / %lld) * %lld + kk", Ns, Ns * r);
            else snprintf(bw, sizeof bw, "bj * %d", r);
            if (!k->plane && !sp_index(b, x, sizeof x, k, "sb", "bc", bw, Ns > 1 ? 1 : r, Ns, r))
                snprintf(x, sizeof x, "KFFT_SP(base + i * %lld)", Ns);
            if (k->plane) {
                sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) s[KFFT_SP(base + i * %lld)] = rv[it * %d + i];\n", r,
                          Ns * k->B, r);
            } else if (mid == MID_STORE && p == k->nrad - 1) {
                /* The pointwise product on the way to shared memory (as emit_mid_fused's:
                 * conjugated, Rader's element 0, the sum of a, kept first), instead of a sweep
                 * of its own: one pass over shared memory and one barrier fewer. */
                char w[160];
                bhat_at(b, k, "e", w, sizeof w);
                sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) {\n", r);
                sb_printf(b, "                int e = base - bc * %d + i * %lld;\n                kfft_cplx v = rv[it * %d + i];\n", k->R, Ns, r);
                if (k->ops & KS_MID_RADER) sb_printf(b, "                if (e == 0) s[%lld + bc] = v;\n", (long long)ks_col_area(k) + k->B);
                sb_printf(b, "                s[%s] = cconj(cmul(v, %s));\n            }\n", x, w);
            } else {
                sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) s[%s] = rv[it * %d + i];\n", r, x, r);
            }
            sb_puts(b, "        }\n    }\n    KFFT_BARRIER();\n    }\n");
        }
        Ns *= r;
    }
}
