/* Plane kernels' second half (kspec.h: plane): after the first FFT (passes.c) left the plane's
 * columns in shared memory, the radix-P pass across a cluster, the rows' FFT and the rows'
 * store (an R2C plane's: the 2-D packed post-step). */
#include "gen/emit.h"

#include <string.h>

/* A plane kernel's second FFT (kspec.h: plane) as a spec of its own: the plane's R rows of B
 * elements, standard column-major in shared memory (row e of the first FFT's layout is column
 * e here), transforms of the rows' axis (outer[0]), whose outer digit is the first axis. In a
 * cluster (clu = P) the block's R rows are the cluster's outputs kk + M1 q (kk in the block's
 * share of M1/P, q < P; emit_plane_cluster): outer digits (M1/P, P) over the first axis, the
 * block's first row offset by the caller (out_off). */
kspec gen_plane_view(const kspec *k)
{
    kspec v = *k;
    v.plane = v.clu = 0;
    v.R = k->B;
    v.B = k->R;
    v.nrad = k->nprad;
    memcpy(v.rad, k->prad, sizeof v.rad);
    memcpy(v.tw_local, k->ptw, sizeof v.tw_local);
    v.istride = k->outer[0].is;
    v.ostride = k->outer[0].os;
    if (k->clu) {
        int P = k->clu, S = k->R / P;
        memmove(&v.outer[2], &k->outer[1], (size_t)(k->nouter - 1) * sizeof v.outer[0]);
        v.outer[0] = (ks_dim){S, k->ostride, k->ostride};
        v.outer[1] = (ks_dim){P, (int64_t)k->R * k->ostride, (int64_t)k->R * k->ostride};
        v.nouter = k->nouter + 1;
    } else {
        v.outer[0] = (ks_dim){k->R, k->istride, k->ostride};
    }
    return v;
}

/* A plane in a cluster of P blocks (kspec.h: plane, clu): block pj holds rows pj + P m (m <
 * M1), so after the first FFT its column c holds Y_pj[kk], the M1-point FFT of those rows; the
 * plane's column FFT is then X[kk + M1 q] = DFT_P over j of W_n1^(j kk) Y_j[kk]. Block pj takes
 * kk in [pj S, (pj+1) S), S = M1/P, for every column, reading the P blocks' Y (neighbouring
 * threads, neighbouring columns), and after the cluster's barrier (no block reads another's
 * shared memory any more) keeps outputs kk + M1 q as its local row (kk - pj S) + S q. An R2C
 * plane's blocks take kk = h and M1 - h for h in [pj S/2, (pj+1) S/2) instead (kk = 0 and M1/2
 * for h = 0), so each holds rows u and -u for its store (emit_plane_store_r2c). */
static void emit_plane_cluster(strbuf *b, const kspec *k)
{
    int P = k->clu, M1 = k->R, n2 = k->B, S = M1 / P, T = k->T, nb = S * n2, it = (nb + T - 1) / T;
    sb_printf(b, "    KFFT_CLUSTER_BARRIER();\n    kfft_cplx cv[%d];\n", it * P);
    sb_printf(b, "#pragma unroll\n    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", it, T);
    if (k->st == KS_ST_R2C_PACK) /* outputs kk and M1 - kk in one block (emit_plane_store_r2c) */
        sb_printf(b, "        if (l < %d) {\n            int kl = l / %d, c = l - kl * %d, h = pj * %d + kl %% %d;\n"
                     "            int kk = kl < %d ? h : h == 0 ? %d : %d - h;\n", nb, n2, n2, S / 2, S / 2, S / 2, M1 / 2, M1);
    else
        sb_printf(b, "        if (l < %d) {\n            int kl = l / %d, c = l - kl * %d, kk = pj * %d + kl;\n", nb, n2, n2, S);
    sb_printf(b, "            kfft_cplx y[%d];\n            const kfft_cplx *p = &s[KFFT_SP(kk * %d + c)];\n", P, n2);
    sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) y[i] = kfft_cluster_ld(p, i);\n", P);
    sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) y[i] = cmul(y[i], tw[%lld + (i - 1) * %d + kk]);\n", P,
              (long long)k->tw_pb, M1);
    sb_printf(b, "            kfft_dft%d(y);\n#pragma unroll\n            for (int i = 0; i < %d; i++) cv[q * %d + i] = y[i];\n", P, P, P);
    sb_puts(b, "        }\n    }\n    KFFT_CLUSTER_BARRIER();\n");
    sb_printf(b, "#pragma unroll\n    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", it, T);
    sb_printf(b, "        if (l < %d) {\n            int kl = l / %d, c = l - kl * %d;\n", nb, n2, n2);
    sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) s[KFFT_SP((kl + i * %d) * %d + c)] = cv[q * %d + i];\n", P, S,
              n2, P);
    sb_puts(b, "        }\n    }\n    KFFT_BARRIER();\n");
}

/* An R2C plane's store (kspec.h: plane), after its rows' FFT left Z (row u at u*M) in shared
 * memory: the 2-D form of the packed post-step. Z is the 2-D FFT of z = x_even + i x_odd, both
 * real, so their spectra are Z's Hermitian and anti-Hermitian parts: with a = Z[u][k] and
 * z = Z*[-u][M-k], X[u][k] = (a + z)/2 - i W^k (a - z)/2, and, as in 1-D (emit_store_r2c_pack),
 * X[-u][M-k] = conj of the same sum with the second term's sign flipped: a thread takes k <=
 * M/2 of row u and writes both. v is the rows' view: its transforms are the plane's rows.
 * In a cluster of P blocks (k->clu) block pj holds outputs kk + M1 q for the kk of its local
 * rows kl + S q that emit_plane_cluster gave it: h = pj S/2 + kl mod S/2 and kk = h (kl < S/2),
 * else M1 - h (M1/2 for h = 0), so row -u, whose kk is M1 - kk, is local too: kl +- S/2 (kl
 * itself for kk 0 and M1/2) with q' = P-1-q (kk = 0: -q mod P). Rows are stored from the
 * plane's row 0 (the view's rows are the block's, from its row pj S). */
static void emit_plane_store_r2c(strbuf *b, const kspec *k, const kspec *v, int index)
{
    const char *I = idx_type(v);
    int M = v->R, n1 = v->B, H = M / 2 + 1, E = n1 * H, iters = (E + v->T - 1) / v->T;
    long long os = (long long)v->ostride;
    if (k->clu) {
        int P = k->clu, M1 = k->R, S = M1 / P, S2 = S / 2;
        long long rs = (long long)k->ostride;
        sb_printf(b, "    %s b0 = out_off + kfft_k%d_ooff(tbase + col0) - (%s)pj * %lld;\n", I, index, I, (long long)S * rs);
        sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", iters, v->T);
        sb_printf(b, "        int u = l / %d, e = l - u * %d, kl = u %% %d, qq = u / %d, h = pj * %d + kl %% %d, lo = kl < %d;\n", H, H, S, S, S2,
                  S2, S2);
        sb_printf(b, "        int kk = lo ? h : h == 0 ? %d : %d - h, g = kk + %d * qq, gm = g == 0 ? 0 : %d - g;\n", M1 / 2, M1, M1, M1 * P);
        sb_printf(b, "        int um = (h == 0 ? kl : lo ? kl + %d : kl - %d) + %d * (h == 0 && lo ? (%d - qq) %% %d : %d - qq);\n", S2, S2, S, P,
                  P, P - 1);
        sb_printf(b, "        if (l < %d) {\n", E);
        sb_printf(b, "            kfft_cplx a = s[KFFT_SP(u * %d + e)], z = cconj(s[KFFT_SP(um * %d + (e == 0 ? 0 : %d - e))]);\n", M, M, M);
        sb_printf(b, "            %s ba = b0 + (%s)g * %lld, bb = b0 + (%s)gm * %lld;\n", I, I, rs, I, rs);
    } else {
        sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", iters, v->T);
        sb_printf(b, "        int u = l / %d, e = l - u * %d, um = u == 0 ? 0 : %d - u;\n", H, H, n1);
        sb_printf(b, "        if (l < %d && col0 + u < ncols) {\n", E);
        sb_printf(b, "            kfft_cplx a = s[KFFT_SP(u * %d + e)], z = cconj(s[KFFT_SP(um * %d + (e == 0 ? 0 : %d - e))]);\n", M, M, M);
        sb_printf(b, "            %s ba = out_off + kfft_k%d_ooff(tbase + col0 + u), bb = out_off + kfft_k%d_ooff(tbase + col0 + um);\n", I,
                  index, index);
    }
    sb_printf(b, "            kfft_cplx ev = cadd(a, z), od = cmul(tw[%lld + e], cmulnegi(csub(a, z)));\n", (long long)v->rtw);
    sb_puts(b, "            kfft_cplx v = cadd(ev, od);\n            v = KFFT_MK(v.x * (kfft_real)0.5, v.y * (kfft_real)0.5);\n");
    gen_emit_scale(b, v);
    sb_printf(b, "            out[ba + e * %lld] = v;\n", os);
    sb_puts(b, "            v = cconj(csub(ev, od));\n            v = KFFT_MK(v.x * (kfft_real)0.5, v.y * (kfft_real)0.5);\n");
    gen_emit_scale(b, v);
    sb_printf(b, "            if (2 * e != %d) out[bb + (%d - e) * %lld] = v;\n        }\n    }\n", M, M, os);
}

/* The plane kernel's second FFT, after the first left the plane in shared memory: launched
 * columns (ncols, tbase) count the first axis's transforms (P times over, in a cluster), B =
 * plane per block, so the rows' are ncols / (B P) * R from tbase / B * R. */
void gen_emit_plane_rows(strbuf *b, const kspec *k, int index)
{
    const char *I = idx_type(k);
    kspec v = gen_plane_view(k);
    int P = k->clu ? k->clu : 1;
    if (k->clu) emit_plane_cluster(b, k);
    sb_printf(b, "    {\n    kfft_i64 rt = tbase / %d * %d, rn = ncols / %d * %d;\n", k->B, k->R, k->B * P, k->R);
    if (k->clu) sb_printf(b, "    {\n    kfft_i64 tbase = rt, ncols = rn;\n    %s col0 = (%s)(KFFT_GROUP / %d) * %d;\n", I, I, P, v.B);
    else sb_printf(b, "    {\n    kfft_i64 tbase = rt, ncols = rn;\n    %s col0 = (%s)KFFT_GROUP * %d;\n", I, I, v.B);
    int r2c = k->st == KS_ST_R2C_PACK;
    gen_emit_fft(b, &v, index, 0, !r2c, 0, MID_NONE);
    if (r2c) emit_plane_store_r2c(b, k, &v, index);
    sb_puts(b, "    }\n    }\n");
}
