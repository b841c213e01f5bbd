/* Kernel emission: a kernel's loads from its source and stores to its destination (the user's
 * layouts, the workspace), with the plan's pre/post operations (Bluestein chirps, Rader's
 * permutations, real-data packing, scaling) fused into them (see kspec.h); the Stockham radix
 * passes between them (passes.c), whose first pass may load and last pass store through the
 * same element functions; and the program: codelets, then one kernel per spec. */
#include "gen/emit.h"

#include <stdio.h>
#include <string.h>

#include "core/trig.h"

/* Do consecutive threads walk along a column (e) rather than across columns (c)? Whichever
 * keeps global accesses contiguous: along e when the transformed axis has the smaller
 * stride, across c when neighbouring transforms are closer. */
int gen_walk_along(const kspec *k, int store)
{
    if (k->kind == KS_GPASS) return !k->tfast && store && ks_store_ns(k) == 1;
    if ((store ? k->dst : k->src) != KS_IO_USER || k->nouter == 0) return 1;
    int64_t axis = store ? k->ostride : k->istride, next = store ? k->outer[0].os : k->outer[0].is;
    if (store ? (k->st == KS_ST_PAIR) : (k->ld == KS_LD_PAIR)) axis *= 2;
    if (k->ntr) next *= 2; /* two-for-one: neighbouring columns are two transforms apart */
    return axis <= next;
}

/* Does the kernel say outright that its block holds one column (c = 0) rather than derive it
 * per element (l / L, bf / RB)? The derived index reached the user offsets (t * dist) of
 * every load and store and held registers: the packed C2R 16384's kernel went from 86 to 63
 * registers (two blocks per SM) and 0.63 -> 0.76 of cuFFT on the H100, C2R 8192 0.84 -> 0.91,
 * R2C 16384 0.87 -> 0.91, and blocks of 512 to 1023 threads at the register cap lost spills:
 * 17496 0.74 -> 0.82, 16464 1.74 -> 1.90, 4093 0.73 -> 0.80, 12289 2.69 -> 2.90, 8192 0.88 ->
 * 0.94. Elsewhere the same text changed the compiled schedule for the worse (6720, 320
 * threads: 0.89 -> 0.74; 2039's 256: 0.72 -> 0.65; 16384's 1024: 0.90 -> 0.85), so only those
 * kernels take it (bench/results/h100-2026-11-25f-ab.txt). */
int gen_one_column(const kspec *k)
{
    int packed = k->ld == KS_LD_C2R_PACK || k->st == KS_ST_R2C_PACK;
    return k->kind == KS_SINGLE && k->B == 1 && (packed || (k->T >= 512 && k->T < 1024));
}

/* Loop over the block's B*L elements (L per column). Opens a scope in which c, e and g
 * (global column) are defined. */
static void open_elem_loop(strbuf *b, const kspec *k, int L, int along)
{
    int E = k->B * L;
    int iters = (E + k->T - 1) / k->T;
    sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", iters, k->T);
    if (E % k->T) sb_printf(b, "        if (l < %d) {\n", E);
    else sb_puts(b, "        {\n");
    if (gen_one_column(k))
        sb_puts(b, "        int c = 0, e = l;\n");
    else if (along)
        sb_printf(b, "        int c = l / %d, e = l - c * %d;\n", L, L);
    else
        sb_printf(b, "        int c = l %% %d, e = l / %d;\n", k->B, k->B);
    sb_printf(b, "        %s g = col0 + c;\n", idx_type(k));
}

static void close_elem_loop(strbuf *b) { sb_puts(b, "        }\n    }\n"); }

/* User-side offset of transform T: its digits over the outer dimensions times strides. */
static void emit_offset_fn(strbuf *b, const kspec *k, int index, int store)
{
    const char *I = idx_type(k);
    sb_printf(b, "KFFT_DEVICE %s kfft_k%d_%s(%s T)\n{\n    %s o = 0, q;\n    (void)q;\n", I, index, store ? "ooff" : "ioff",
              I, I);
    for (int d = 0; d < k->nouter; d++) {
        long long st = (long long)(store ? k->outer[d].os : k->outer[d].is);
        if (d == k->nouter - 1) {
            sb_printf(b, "    o += T * %lld;\n", st);
        } else {
            sb_printf(b, "    q = T / %lld;\n    o += (T - q * %lld) * %lld;\n    T = q;\n", (long long)k->outer[d].n,
                      (long long)k->outer[d].n, st);
        }
    }
    sb_puts(b, "    return o;\n}\n");
}

/* GPASS column decomposition: t = transform, j = column within it. A pairing R2C last pass
 * (kspec.h: ks_pairs): local column c < B/2 is representative jl of the block's run, c >= B/2
 * its partner; fix = 1 in the fixed points' slot; ok = 0 for slots without a column of their
 * own (past the last representative; beside a lone fixed point), which read column 0 and store
 * nothing. */
void gen_emit_tj(strbuf *b, const kspec *k)
{
    const char *I = idx_type(k);
    if (ks_pair_pass(k)) {
        ks_pairing q = ks_pairs(k);
        long long cpt = (long long)ks_cols_per_transform(k), Ns = (long long)k->Ns, h = k->B / 2, d = (long long)q.d;
        int f0 = q.nfix > 0;
        sb_printf(b, "            %s t = g / %lld, jl = (g - t * %lld) / %d * %lld + c %% %lld;\n", I, cpt, cpt, k->B, h, h);
        /* two fixed points: every slot of the run has a column (no constant in the test: PoCL warns) */
        sb_printf(b, "            int hi = c >= %lld, fix = jl < %d, ok = jl < %lld%s;\n", h, f0, (long long)q.reps,
                  q.nfix == 2 ? "" : " && (!hi || !fix)");
        /* The lower pairs' representatives, then the upper's; with no lower pairs (d = 0 always:
         * not Bluestein), no compares (R2C 52329's Rader pairing pass lost 2% to them). */
        long long lo = (long long)q.lo, up = d + 1 - lo - f0;
        if (lo) {
            sb_printf(b, "            %s r = jl - %d, jr = r < %lld ? r : r + %lld;\n", I, f0, lo, d + 1 - lo);
            sb_printf(b, "            %s pj = jr <= %lld ? %lld - jr : %lld - jr;\n", I, d, d, Ns + d);
        } else {
            sb_printf(b, "            %s jr = jl + %lld, pj = %lld - jr;\n", I, up, Ns + d);
        }
        sb_printf(b, "            %s j = !ok ? 0 : fix ? (hi ? %lld : %lld) : !hi ? jr : pj;\n", I, (long long)q.fb, (long long)q.fa);
        return;
    }
    if (k->tfast) {
        sb_printf(b, "            %s j = g / ntr, t = g - j * ntr;\n", I);
        return;
    }
    if (k->tgrp) {
        long long G = k->tgrp, cpt = (long long)ks_cols_per_transform(k);
        sb_printf(b, "            %s t, j;\n            if (g < gfull) {\n", I);
        sb_printf(b, "                %s q = g / %lld, tb = q / %lld;\n", I, G, cpt);
        sb_printf(b, "                t = tb * %lld + (g - q * %lld);\n                j = q - tb * %lld;\n", G, G, cpt);
        sb_printf(b, "            } else {\n                %s r = g - gfull;\n", I);
        sb_printf(b, "                t = gfull / %lld + r / %lld;\n                j = r - r / %lld * %lld;\n            }\n", cpt, cpt,
                  cpt, cpt);
        return;
    }
    sb_printf(b, "            %s t = g / %lld, j = g - t * %lld;\n", I, (long long)(k->N / ks_col_len(k)),
              (long long)(k->N / ks_col_len(k)));
}

/* Element x of transform t in the workspace (kspec.h: tfast). */
static void emit_work_index(strbuf *b, const kspec *k, const char *x)
{
    if (k->tfast) sb_printf(b, "%s * ntr + t", x);
    else sb_printf(b, "t * %lld + %s", (long long)(k->kind == KS_GPASS ? k->N : k->R), x);
}

/* Two-for-one routes: the user offsets ba and bb of column t's transforms 2t and 2t+1
 * (bb = -1 where the last column holds one transform). */
static void emit_pair_bases(strbuf *b, const kspec *k, int index, int store)
{
    const char *off = store ? "out_off" : "in_off", *fn = store ? "ooff" : "ioff";
    sb_printf(b, "            %s ua = 2 * (tbase + t), ba = %s + kfft_k%d_%s(ua), bb = ua + 1 < %lld ? %s + kfft_k%d_%s(ua + 1) : -1;\n",
              idx_type(k), off, index, fn, (long long)k->ntr, off, index, fn);
}

/* W_nreal^(j + e C) in a packed route's first (C2R) or last (R2C) pass, C = N/R its columns:
 * the product of the two tables at kspec.rtw. */
static void pack_pass_twiddle(const kspec *k, char *w, size_t len)
{
    snprintf(w, len, "cmul(tw[%lld + j], tw[%lld + e])", (long long)k->rtw, (long long)(k->rtw + k->N / k->R));
}

int gen_c2r_wb(const kspec *k) { return k->rtw1 && k->kind != KS_GPASS && k->ld == KS_LD_C2R_PACK && k->src == KS_IO_USER; }

/* The packed C2R's W_nreal^src of the first pass's element src = bj + i RB (kspec.h: rtw1):
 * wb = W^bj (gen_emit_fft) times W^(i RB), a constant once the element loop is unrolled. */
static void rtw1_twiddle(strbuf *b, const kspec *k, const char *eq, char *w, size_t len)
{
    int r = k->rad[0];
    sb_printf(b, "            const kfft_cplx kc[%d] = {", r);
    for (int i = 0; i < r; i++) {
        double c, sn;
        kfft_expi((int64_t)i * (k->R / r), k->nreal, &c, &sn);
        sb_puts(b, i ? ", KFFT_MK(" : "KFFT_MK(");
        sb_real(b, c, !k->f64);
        sb_puts(b, ", ");
        sb_real(b, sn, !k->f64);
        sb_puts(b, ")");
    }
    sb_puts(b, "};\n");
    snprintf(w, len, "cmul(wb, kc[%s])", eq);
}

/* v = element `src` of transform t from the user's input, as ld says (eq: the first pass's
 * element index i of src = bj + i RB, or NULL). */
static void emit_user_read(strbuf *b, const kspec *k, int index, const char *eq)
{
    long long is = (long long)k->istride, n = (long long)k->n;
    if (k->ld == KS_LD_REAL2) {
        emit_pair_bases(b, k, index, 0);
        sb_printf(b, "            v = KFFT_MK(rin[ba + src * %lld], bb >= 0 ? rin[bb + src * %lld] : (kfft_real)0);\n", is, is);
        return;
    }
    if (k->ld == KS_LD_HERM2) { /* Z = X_a + i X_b, each extended by X[n-k] = conj(X[k]) */
        emit_pair_bases(b, k, index, 0);
        sb_printf(b, "            int lo = src <= %lld;\n            %s sx = lo ? src : %lld - src;\n", n / 2, idx_type(k), n);
        sb_printf(b, "            kfft_cplx a = in[ba + sx * %lld], c = bb >= 0 ? in[bb + sx * %lld] : KFFT_MK(0, 0);\n", is, is);
        if (n % 2) sb_puts(b, "            if (sx == 0) { a.y = 0; c.y = 0; }\n"); /* DC (and Nyquist) real */
        else sb_printf(b, "            if (sx == 0 || sx == %lld) { a.y = 0; c.y = 0; }\n", n / 2);
        sb_puts(b, "            if (!lo) { a = cconj(a); c = cconj(c); }\n            v = KFFT_MK(a.x - c.y, a.y + c.x);\n");
        return;
    }
    sb_printf(b, "            %s base = in_off + kfft_k%d_ioff(tbase + t);\n", idx_type(k), index);
    switch (k->ld) {
    case KS_LD_REAL:
        sb_printf(b, "            v = KFFT_MK(rin[base + src * %lld], 0);\n", is);
        break;
    case KS_LD_HERM: /* the half spectrum, extended by X[n-k] = conj(X[k]) */
        sb_printf(b, "            v = src <= %lld ? in[base + src * %lld] : cconj(in[base + (%lld - src) * %lld]);\n",
                  (long long)(k->n / 2), is, (long long)k->n, is);
        break;
    case KS_LD_PAIR: /* (one vector load where base is even lost: a branch per element kept the loads from
                      * overlapping, R2C 16384 0.79 -> 0.37 of cuFFT on the H100) */
        sb_printf(b, "            v = KFFT_MK(rin[base + 2 * src * %lld], rin[base + (2 * src + 1) * %lld]);\n", is, is);
        break;
    case KS_LD_ROWPAIR: /* an R2C plane's column c: neighbours 2c, 2c + 1 of a contiguous real row (kspec.h: plane) */
        sb_printf(b, "            v = KFFT_MK(rin[base + src * %lld], rin[base + src * %lld + 1]);\n", is, is);
        break;
    case KS_LD_C2R_PLANE: { /* a C2R plane's column kc (kspec.h: plane): X[u][kc] and X*[-u][M-kc], u = src */
        long long M = (long long)k->outer[0].n, s3 = (long long)k->outer[0].is, ps = is;
        if (k->clu) { /* block pj's row src is u = pj + P src, and base is its row pj (istride: P rows) */
            int P = k->clu;
            sb_printf(b, "            int kc = (int)((tbase + t) %% %lld), u = pj + %d * (int)src, um = (u == 0 ? 0 : %lld - u) - pj;\n", M,
                      P, (long long)k->R * P);
            ps = is / P;
        } else {
            sb_printf(b, "            int kc = (int)((tbase + t) %% %lld), um = src == 0 ? 0 : %lld - (int)src;\n", M, n);
        }
        sb_printf(b, "            kfft_cplx a = in[base + src * %lld], c = cconj(in[base + (%lld - 2 * kc) * %lld + (%s)um * %lld]);\n", is,
                  M, s3, idx_type(k), ps);
        sb_printf(b, "            v = cadd(cadd(a, c), cmuli(cmul(cconj(tw[%lld + kc]), csub(a, c))));\n", (long long)k->rtw);
        break;
    }
    case KS_LD_C2R_PACK: /* Y[k] = (X[k] + X*[M-k]) + i W^-k (X[k] - X*[M-k]); DC and Nyquist taken real.
                          * (Pairs k, M-k staged through shared memory, as the R2C store does, won in
                          * fp64 but lost in fp32: C2R 16384 0.63 -> 0.41..0.55 of cuFFT on the H100) */
        sb_printf(b, "            kfft_cplx a = in[base + src * %lld], c = cconj(in[base + (%lld - src) * %lld]);\n", is,
                  (long long)k->n, is);
        sb_puts(b, "            if (src == 0) { a.y = 0; c.y = 0; }\n");
        char w[96];
        if (k->kind == KS_GPASS) pack_pass_twiddle(k, w, sizeof w); /* the first pass: src = j + e C */
        else if (gen_c2r_wb(k) && eq) rtw1_twiddle(b, k, eq, w, sizeof w);
        else snprintf(w, sizeof w, "tw[%lld + src]", (long long)k->rtw);
        sb_printf(b, "            kfft_cplx w = %s;\n", w);
        sb_puts(b, "            v = cadd(cadd(a, c), cmuli(cmul(cconj(w), csub(a, c))));\n");
        break;
    default:
        sb_printf(b, "            v = in[base + src * %lld];\n", is);
    }
}

/* KS_LD_FOLD's read of element src of row u = tbase + t (kspec.h): one load from an index
 * chosen without branches, so the compiler still issues a thread's loads back to back
 * (a branch per element cost delaunay_n14's row FFT 0.96 -> 1.38 ms on the H100). */
static void emit_fold_read(strbuf *b, const kspec *k)
{
    const char *I = idx_type(k);
    long long R = (long long)k->mir.R, ld = (long long)k->mir.ld;
    sb_printf(b, "            %s u = tbase + t;\n            int sp = u == 0 || 2 * u == %lld;\n", I, R);
    sb_printf(b, "            %s q = sp ? src >> 1 : src;\n", I);
    sb_printf(b, "            kfft_cplx w = in[in_off + (sp || q < %lld ? u * %lld + q : (%lld - u) * %lld + q)];\n", ld, ld, R - 1, ld);
    sb_puts(b, "            v = sp ? KFFT_MK((src & 1) ? w.y : w.x, 0) : w;\n");
}

/* A column's transform and element index (t, j, src or dst) before the `g < ncols` guard,
 * so the compiler shares them across a thread's unrolled elements (2^22 211 -> 192 SASS
 * instructions per element; H100 2^22 -1.5%, C2R 2^20 -3%, fp64 17443 -11%). Not in
 * transform-fastest kernels (strided axes): there ptxas then spilled (8192^2's column pass,
 * 56 bytes) and 2-D 8192^2 lost 3%; bench/results/h100-2026-11-27v-hoist.txt. Returns the text
 * that goes between the index and the access. */
static const char *open_index(strbuf *b, const kspec *k, int clamp)
{
    if (clamp) { /* one more block: g, clamped, shadows the column's own */
        const char *I = idx_type(k);
        sb_printf(b, "        {\n            %s gq = g < ncols ? g : (%s)(ncols - 1);\n            {\n            %s g = gq;\n", I, I, I);
        return "        {\n";
    }
    int early = !k->tfast;
    sb_puts(b, early ? "        {\n" : "        if (g < ncols) {\n");
    return early ? "        if (g < ncols) {\n" : "        {\n";
}

/* No `g < ncols` branch around the loads: a column past the last reads the last one's
 * elements (and its results are never stored). A C2R's real-stage kernel computes on what it
 * loads (conjugation, the Hermitian pre-step) inside the guard, and the branch kept each
 * element's loads from going out before the last element's were done. H200, kfft/cuFFT in one
 * run (bench/results/h200-2026-11-30b-calls.txt calls 2-3): c2r:1024 0.80 -> 0.87, 262144 0.97
 * -> 1.06, 2^24 0.93 -> 0.99, 128^3 1.10 -> 1.35, 1015 1.64 -> 1.73; fp64 1026 0.56 -> 0.72,
 * 128^3 1.04 -> 1.25; 1224 lost 0.94 -> 0.92. Only with several columns a block: with one,
 * the guard never fails and the change only moved ptxas's registers (c2r:16384 128 -> 130, one
 * block an SM instead of two: 0.84 -> 0.52). Not Bluestein's chirped loads (their own guard). */
static int clamp_loads(const kspec *k, int guard)
{
    return k->dir == KS_DIR_INV && !k->swap && k->src == KS_IO_USER && k->B > 1 && !k->tfast && !guard;
}

/* The inverse's conjugation of v, for the one direction the kernel is made for (kspec.h: dir;
 * the forward's: none). A select on a run-time flag kept both forms in the code: c2r:1024's
 * SASS 123.5 -> 84.5 an element without it (local ptxas); H200, c2r:512^3 0.91 -> 1.18 of
 * cuFFT, c2r:1024^2 0.83 -> 0.92, and C2C forward-only 2000 0.81 -> 0.94, 512^3 1.02 -> 1.10
 * (bench/results/h200-2026-11-29h-calls.txt calls 3-4). A sign-bit flip in place of the
 * select ran more instructions and lost (call 1). A C2C's inverse swaps re and im instead
 * (kspec.h: swap): no instruction at all. */
static void emit_conj(strbuf *b, const kspec *k)
{
    if (k->dir == KS_DIR_INV) sb_puts(b, k->swap ? "            v = KFFT_MK(v.y, v.x);\n" : "            v = cconj(v);\n");
}

/* The index Bluestein's guard and chirps go by: the position pos in the transform, or the
 * element e in its column for a Bluestein factor's pass (kspec.h: bfp, ks_chirp_len). */
static const char *chirp_at(const kspec *k, const char *pos) { return k->bfp ? "e" : pos; }

/* Element e of local column c (global column g) from the kernel's source, with the fused
 * pre-operations, into a new variable v (zero past the last column). A pass with Ns > 1
 * splits e = eb + eq*RB for its twiddle (kspec.h: tw_pa, tw_pb): eb and eq name variables
 * holding them (the first radix pass: butterfly and element), or NULL to derive them from e.
 * cw, where not NULL, names where Bluestein's input chirp goes for the caller to multiply
 * (passes.c: the first pass's loads go out together); NULL multiplies here. */
void gen_load_elem(strbuf *b, const kspec *k, int index, const char *eb, const char *eq, const char *cw)
{
    const char *I = idx_type(k);
    int gpass = k->kind == KS_GPASS;
    sb_puts(b, "        kfft_cplx v = KFFT_MK(0, 0);\n");
    int guard = (k->ops & KS_PRE_CHIRP) != 0;
    if (guard && cw) sb_printf(b, "        %s = KFFT_MK(0, 0);\n", cw);
    int clamp = clamp_loads(k, guard);
    const char *guard_open = open_index(b, k, clamp);
    if (gpass) {
        gen_emit_tj(b, k);
        sb_printf(b, "            %s src = j + (%s)e * %lld;\n", I, I, (long long)(k->N / ks_col_len(k)));
    } else {
        sb_printf(b, "            %s t = g, src = e;\n", I);
    }
    sb_puts(b, guard_open);
    const char *ce = chirp_at(k, "src");
    if (guard) sb_printf(b, "            if (%s < %lld) {\n", ce, (long long)ks_chirp_len(k));
    if (k->src == KS_IO_USER && k->ld == KS_LD_FOLD)
        emit_fold_read(b, k);
    else if (k->src == KS_IO_USER)
        emit_user_read(b, k, index, eq);
    else {
        sb_puts(b, "            v = in[in_off + ");
        emit_work_index(b, k, "src");
        sb_puts(b, "];\n");
    }
    if (k->conj_in) emit_conj(b, k);
    if (guard && cw) sb_printf(b, "            %s = tw[%lld + %s];\n            }\n", cw, (long long)k->chirp, ce);
    else if (guard) sb_printf(b, "            v = cmul(v, tw[%lld + %s]);\n            }\n", (long long)k->chirp, ce);
    if (gpass && k->Ns > 1 && !(eb && k->twst)) { /* W_{Ns R}^(e j') = pa[eb][j'] * pb[eq - 1][j'] */
        long long Ns = (long long)k->Ns, RB = k->R / k->rad[0];
        sb_printf(b, "            %s jm = j %% %lld;\n", I, Ns);
        if (ks_prime_pass(k)) {
            /* A second prime pass (Rader's p, or a Bluestein factor's p < R): W_{Ns p}^(e j')
             * from one table of p rows (schedule.c gpasses), as the element loads. */
            sb_printf(b, "            if (e < %d) v = cmul(v, tw[%lld + (%s)e * %lld + jm]);\n", ks_col_len(k), (long long)k->tw_pa, I, Ns);
        } else {
            if (!eb) {
                sb_printf(b, "            int eq = e / %lld, eb = e - eq * %lld;\n", RB, RB);
                eb = "eb";
                eq = "eq";
            }
            sb_printf(b, "            kfft_cplx w = tw[%lld + (%s)%s * %lld + jm];\n", (long long)k->tw_pa, I, eb, Ns);
            sb_printf(b, "            if (%s) w = cmul(w, tw[%lld + (%s)(%s - 1) * %lld + jm]);\n", eq, (long long)k->tw_pb, I, eq, Ns);
            sb_puts(b, "            v = cmul(v, w);\n");
        }
    }
    sb_puts(b, clamp ? "        }\n        }\n        }\n" : "        }\n        }\n");
}

/* The shared-memory position of element e (an expression) in its column: e, or for a
 * Bluestein convolution in the prime-factor layout the table's (kspec.h: lay). */
static const char *col_pos(const kspec *k, const char *e, char *w, size_t len)
{
    if (!ks_blue_pfa(k)) return e;
    snprintf(w, len, "(int)tw[%lld + (%s)].x", (long long)k->lay, e);
    return w;
}

/* The whole block's columns into shared memory (kernels whose first radix pass cannot read
 * global memory itself: R = 1; Bluestein's in the prime-factor layout, zeros included). */
static void emit_load(strbuf *b, const kspec *k, int index)
{
    char w[96];
    open_elem_loop(b, k, k->R, gen_walk_along(k, 0));
    gen_load_elem(b, k, index, NULL, NULL, NULL);
    sb_printf(b, "        s[KFFT_SP(c * %d + %s)] = v;\n", k->R, col_pos(k, "e", w, sizeof w));
    close_elem_loop(b);
    sb_puts(b, "    KFFT_BARRIER();\n");
}

/* Per-element end of the transform: Bluestein's output steps, the inverse's conjugation. */
static void emit_finish(strbuf *b, const kspec *k, const char *pos, const char *cw)
{
    if (k->ops & KS_POST_BMUL) sb_printf(b, "            v = cconj(cmul(v, tw[%lld + %s]));\n", (long long)k->bhat, pos);
    if ((k->ops & KS_POST_CHIRP) && cw) sb_printf(b, "            v = cmul(cconj(v), %s);\n", cw);
    else if (k->ops & KS_POST_CHIRP) sb_printf(b, "            v = cmul(cconj(v), tw[%lld + %s]);\n", (long long)k->chirp, pos);
    if (k->conj_out) emit_conj(b, k);
}

void gen_emit_scale(strbuf *b, const kspec *k)
{
    if (k->scale) sb_puts(b, "            v = KFFT_MK(v.x * S, v.y * S);\n");
}

static void emit_user_write(strbuf *b, const kspec *k, int index)
{
    long long os = (long long)k->ostride;
    if (k->st == KS_ST_REAL2) {
        emit_pair_bases(b, k, index, 1);
        sb_printf(b, "            rout[ba + dst * %lld] = v.x;\n            if (bb >= 0) rout[bb + dst * %lld] = v.y;\n", os, os);
        return;
    }
    sb_printf(b, "            %s base = out_off + kfft_k%d_ooff(tbase + t);\n", idx_type(k), index);
    switch (k->st) {
    case KS_ST_HALF:
        sb_printf(b, "            if (dst <= %lld) out[base + dst * %lld] = v;\n", (long long)(k->n / 2), os);
        break;
    case KS_ST_REAL:
        sb_printf(b, "            rout[base + dst * %lld] = v.x;\n", os);
        break;
    case KS_ST_PAIR: /* pairs at an even offset in one 8- or 16-byte store: C2R 16384 0.52 -> 0.63 of cuFFT */
        if (os == 1)
            sb_puts(b, "            if (base & 1) { rout[base + 2 * dst] = v.x; rout[base + 2 * dst + 1] = v.y; }\n"
                       "            else out[(base >> 1) + dst] = v;\n");
        else
            sb_printf(b, "            rout[base + 2 * dst * %lld] = v.x;\n            rout[base + (2 * dst + 1) * %lld] = v.y;\n", os,
                      os);
        break;
    case KS_ST_MIRROR: { /* ostride is 1: spectrum rows are contiguous */
        const ks_mirror *m = &k->mir;
        long long R = (long long)m->R, a = (long long)m->a, e = (long long)m->b;
        char cols[64] = "";
        if (!m->full) snprintf(cols, sizeof cols, " && dst <= %lld", (long long)(k->n / 2));
        sb_printf(b, "            %s u = tbase + t, md = dst == 0 ? 0 : %lld - dst;\n", idx_type(k), (long long)k->n);
        sb_printf(b, "            if (u >= %lld && u < %lld%s) out[base + dst] = v;\n", a, e, cols);
        if (!m->full) snprintf(cols, sizeof cols, " && md <= %lld", (long long)(k->n / 2));
        sb_printf(b, "            if (u >= 1 && 2 * u < %lld && %lld - u >= %lld && %lld - u < %lld%s)\n", R, R, a, R, e, cols);
        sb_printf(b, "                out[aux + (%lld - u) * %lld + md] = cconj(v);\n", R, (long long)m->ld);
        break;
    }
    default:
        sb_printf(b, "            out[base + dst * %lld] = v;\n", os);
    }
}

/* Value v as element dst of transform t to the kernel's destination, with the fused
 * post-operations. */
static void emit_put(strbuf *b, const kspec *k, int index, const char *cw)
{
    int guard = (k->ops & KS_POST_CHIRP) != 0;
    const char *ce = chirp_at(k, "dst");
    if (guard) sb_printf(b, "            if (%s < %lld) {\n", ce, (long long)ks_chirp_len(k));
    emit_finish(b, k, ce, cw);
    gen_emit_scale(b, k);
    if (k->dst == KS_IO_USER)
        emit_user_write(b, k, index);
    else {
        sb_puts(b, "            out[out_off + ");
        emit_work_index(b, k, "dst");
        sb_puts(b, "] = v;\n");
    }
    if (guard) sb_puts(b, "            }\n");
}

/* The destination index dst (and transform t) of element e of local column c. */
static void emit_dst(strbuf *b, const kspec *k)
{
    const char *I = idx_type(k);
    if (k->kind == KS_GPASS) {
        gen_emit_tj(b, k);
        long long Ns = (long long)ks_store_ns(k);
        sb_printf(b, "            %s dst = (j / %lld) * %lld + (j %% %lld) + (%s)e * %lld;\n", I, Ns, Ns * ks_col_len(k), Ns, I, Ns);
    } else {
        sb_printf(b, "            %s t = g, dst = e;\n", I);
    }
}

/* Element e (value v) of local column c (global column g) to the kernel's destination,
 * with the fused post-operations; cw names Bluestein's output chirp of the element, already
 * fetched (gen_chirp_preload), or is NULL. */
void gen_store_elem(strbuf *b, const kspec *k, int index, const char *cw)
{
    const char *guard_open = open_index(b, k, 0);
    emit_dst(b, k);
    sb_puts(b, guard_open);
    emit_put(b, k, index, cw);
    sb_puts(b, "        }\n        }\n");
}

/* Bluestein's output chirp for element e of local column c into cw, fetched ahead of the
 * loop that stores the elements: fetched beside its store, each load waits out its whole
 * latency, as out may alias tw and the compiler keeps their order (kspec.h: cfetch). */
void gen_chirp_preload(strbuf *b, const kspec *k, const char *cw)
{
    sb_printf(b, "        %s = KFFT_MK(0, 0);\n", cw);
    const char *guard_open = open_index(b, k, 0);
    emit_dst(b, k);
    sb_puts(b, guard_open);
    const char *ce = chirp_at(k, "dst");
    sb_printf(b, "            if (%s < %lld) %s = tw[%lld + %s];\n", ce, (long long)ks_chirp_len(k), cw, (long long)k->chirp, ce);
    sb_puts(b, "        }\n        }\n");
}

/* The block's columns from shared memory to the destination. First GPASS (Ns == 1) writes
 * each column contiguously; later ones write element i of neighbouring columns next to each
 * other. */
static void emit_store(strbuf *b, const kspec *k, int index)
{
    char w[96];
    open_elem_loop(b, k, ks_blue_pfa(k) ? (int)ks_chirp_len(k) : k->R, gen_walk_along(k, 1));
    sb_printf(b, "        kfft_cplx v = s[KFFT_SP(c * %d + %s)];\n", k->R, col_pos(k, "e", w, sizeof w));
    gen_store_elem(b, k, index, NULL);
    close_elem_loop(b);
}

/* Before a store that combines elements of a column: finish every element in place
 * (Bluestein's chirp). */
static void emit_finish_inplace(strbuf *b, const kspec *k)
{
    if (!(k->ops & KS_POST_CHIRP)) return;
    int E = k->B * k->R, iters = (E + k->T - 1) / k->T;
    sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d, e = l %% %d;\n", iters, k->T, k->R);
    char w[96], x[128] = "l"; /* element l's position: l, or in the prime-factor layout the table's */
    if (ks_blue_pfa(k)) snprintf(x, sizeof x, "(l - e + %s)", col_pos(k, "e", w, sizeof w));
    sb_printf(b, "        if (l < %d && e < %lld) {\n            kfft_cplx v = s[KFFT_SP(%s)];\n", E, (long long)ks_chirp_len(k), x);
    emit_finish(b, k, "e", NULL);
    sb_printf(b, "            s[KFFT_SP(%s)] = v;\n        }\n    }\n    KFFT_BARRIER();\n", x);
}

/* `name` = the transform's output at natural position `pos` of local column c, from shared
 * memory: in place, or through Rader's gather (position -dlog(pos), x[0] and sum a from the
 * 2*B slots after the columns). */
static void emit_zat(strbuf *b, const kspec *k, const char *name, const char *pos)
{
    if (!(k->ops & KS_MID_RADER)) {
        char w[96];
        sb_printf(b, "            kfft_cplx %s = s[KFFT_SP(c * %d + (%s))];\n", name, k->R, col_pos(k, pos, w, sizeof w));
        return;
    }
    long long slots = (long long)ks_col_area(k);
    sb_printf(b, "            kfft_cplx %s = s[%lld + c];\n            if ((%s) == 0) %s = cadd(%s, s[%lld + c]);\n", name, slots, pos, name,
              name, slots + k->B);
    if (k->pfa) /* the position of -dlog(pos) in the table's imaginary part (tables.c) */
        sb_printf(b, "            else %s = cadd(%s, cconj(s[KFFT_SP(c * %d + (int)tw[%lld + (%s)].y)]));\n", name, name, k->R,
                  (long long)k->dlog, pos);
    else
        sb_printf(b, "            else { int m = (int)tw[%lld + (%s)].x; %s = cadd(%s, cconj(s[KFFT_SP(c * %d + (m == 0 ? 0 : %d - m))])); }\n",
                  (long long)k->dlog, pos, name, name, k->R, k->R);
}

/* Two-for-one R2C, from a = Z[k] and z = Z*[n-k] (k = pos): X_a[k] = (a + z)/2 to transform
 * 2t, X_b[k] = -i (a - z)/2 to 2t+1 where there is one. */
static void emit_pair_split(strbuf *b, const kspec *k, int index, const char *pos)
{
    long long os = (long long)k->ostride;
    emit_pair_bases(b, k, index, 1);
    sb_puts(b, "            kfft_cplx v = cadd(a, z);\n            v = KFFT_MK(v.x * (kfft_real)0.5, v.y * (kfft_real)0.5);\n");
    gen_emit_scale(b, k);
    sb_printf(b, "            out[ba + (%s) * %lld] = v;\n            if (bb >= 0) {\n                v = cmulnegi(csub(a, z));\n", pos, os);
    sb_puts(b, "                v = KFFT_MK(v.x * (kfft_real)0.5, v.y * (kfft_real)0.5);\n");
    gen_emit_scale(b, k);
    sb_printf(b, "                out[bb + (%s) * %lld] = v;\n            }\n", pos, os);
}

/* Two-for-one R2C (KS_ST_HALF2) of a whole transform in the block: column t is z = x_a + i x_b. */
static void emit_store_r2c_2(strbuf *b, const kspec *k, int index)
{
    char mirror[48];
    snprintf(mirror, sizeof mirror, "e == 0 ? 0 : %lld - e", (long long)k->n);
    emit_finish_inplace(b, k);
    open_elem_loop(b, k, (int)(k->n / 2 + 1), gen_walk_along(k, 1));
    sb_printf(b, "        if (g < ncols) {\n            %s t = g;\n", idx_type(k));
    emit_zat(b, k, "a", "e");
    emit_zat(b, k, "z", mirror);
    sb_puts(b, "            z = cconj(z);\n");
    emit_pair_split(b, k, index, "e");
    sb_puts(b, "        }\n");
    close_elem_loop(b);
}

/* The packed R2C's post-step from a = Z[k] and z = Z*[M-k] (k = pos, w = W_nreal^k): X[k] and
 * X[M-k] (see emit_store_r2c_pack). */
static void emit_pack_split(strbuf *b, const kspec *k, int index, const char *pos, const char *w)
{
    long long M = (long long)k->n, os = (long long)k->ostride;
    sb_printf(b, "            %s base = out_off + kfft_k%d_ooff(tbase + t);\n", idx_type(k), index);
    sb_puts(b, "            kfft_cplx ev = cadd(a, z), od = cmulnegi(csub(a, z));\n");
    sb_printf(b, "            od = cmul(%s, od);\n", w);
    sb_puts(b, "            kfft_cplx v = cadd(ev, od);\n            v = KFFT_MK(v.x * (kfft_real)0.5, v.y * (kfft_real)0.5);\n");
    gen_emit_scale(b, k);
    sb_printf(b, "            out[base + (%s) * %lld] = v;\n", pos, os);
    sb_puts(b, "            v = cconj(csub(ev, od));\n            v = KFFT_MK(v.x * (kfft_real)0.5, v.y * (kfft_real)0.5);\n");
    gen_emit_scale(b, k);
    sb_printf(b, "            if (2 * (%s) != %lld) out[base + (%lld - (%s)) * %lld] = v;\n", pos, M, M, pos, os);
}

/* Two-for-one or packed R2C in the last pass of a chain (outputs k = j + e*Ns): the partner
 * n - k of column j's element e is element C - e of the column in the block's partner slot
 * (c itself for a fixed point), or k = 0 itself (kspec.h: ks_pairs). Each k <= n/2 is written
 * by the one block holding it (packed: with n - k); those have e <= (n/2)/Ns: R/2, or about
 * R/4 in Bluestein's last pass, so the loop runs over that part of each column where R is even
 * (H100, bench/results/h100-2026-11-26-pairslots.txt: R2C 2^16 0.79 -> 0.81 of cuFFT, 2^18
 * 1.18 -> 1.22); for odd R (59049's 243) the whole column measured faster (1.66 -> 1.71, fp64
 * 1.39 -> 1.50). Bluestein's chirp (conj(v) * chirp[k]) is applied to both values read. */
static void emit_store_r2c_2_pass(strbuf *b, const kspec *k, int index)
{
    const char *I = idx_type(k);
    ks_pairing q = ks_pairs(k);
    long long Ns = (long long)k->Ns, n = (long long)k->n, d = (long long)q.d, E = n / 2 / Ns + 1;
    int R = k->R, h = k->B / 2;
    open_elem_loop(b, k, n == k->N && R % 2 ? R : E < R ? (int)E : R, gen_walk_along(k, 1));
    sb_puts(b, "        {\n");
    gen_emit_tj(b, k);
    sb_printf(b, "            %s kk = j + (%s)e * %lld;\n            if (g < ncols && ok && kk <= %lld) {\n", I, I, Ns, n / 2);
    sb_printf(b, "            int pc = fix || kk == 0 ? c : hi ? c - %d : c + %d, pe = kk == 0 ? 0 : %lld - (j > %lld) - e;\n", h, h,
              (n - d) / Ns, d);
    sb_printf(b, "            kfft_cplx a = s[KFFT_SP(c * %d + e)], z = s[KFFT_SP(pc * %d + pe)];\n", R, R);
    if (k->ops & KS_POST_CHIRP)
        sb_printf(b, "            a = cmul(cconj(a), tw[%lld + kk]);\n            z = cmul(cconj(z), tw[%lld + (kk == 0 ? 0 : %lld - kk)]);\n",
                  (long long)k->chirp, (long long)k->chirp, n);
    sb_puts(b, "            z = cconj(z);\n");
    if (k->st == KS_ST_R2C_PACK) { /* kk = j + e Ns, Ns = N/R */
        char w[96];
        pack_pass_twiddle(k, w, sizeof w);
        emit_pack_split(b, k, index, "kk", w);
    } else {
        emit_pair_split(b, k, index, "kk");
    }
    sb_puts(b, "            }\n        }\n");
    close_elem_loop(b);
}

int gen_r2c_pair_last(const kspec *k) { return k->rpair && k->st == KS_ST_R2C_PACK; }

/* One output pair of the paired last pass: a = Z[pos], z = Z*[M - pos], pos <= M/2. */
static void emit_pair_out(strbuf *b, const kspec *k, int index, const char *pos, const char *a, const char *z)
{
    char w[160];
    snprintf(w, sizeof w, "tw[%lld + (%s)]", (long long)k->rtw, pos);
    sb_printf(b, "            {\n            kfft_cplx a = %s, z = cconj(%s);\n", a, z);
    emit_pack_split(b, k, index, pos, w);
    sb_puts(b, "            }\n");
}

/* The post-step of round pair (it - 1, it) from registers (gen_r2c_pair_last): butterfly j of
 * round it - 1 holds Z[j + i Ns], i < r, and round it's butterfly Ns - j holds their partners
 * Z[M - j - i Ns] as element r - 1 - i; each pair is written once, from the side whose index is
 * at most M/2 (the twiddle table's range). j = 0 pairs within its round (Z[i Ns] with
 * Z[(r - i) Ns]), as does round it's Ns/2. */
void gen_r2c_pair_store(strbuf *b, const kspec *k, int index, int r, int RB)
{
    const char *I = idx_type(k);
    sb_printf(b, "            if (it & 1) {\n            %s g = col0 + bc;\n            if (g < ncols) {\n            %s t = g;\n", I, I);
    char pos[96], a[64], z[64];
    sb_puts(b, "            if (pp != 0) {\n");
    for (int i = 0; i < r; i++) {
        if (i < (r + 1) / 2) {
            snprintf(pos, sizeof pos, "pp + %d", i * RB);
            snprintf(a, sizeof a, "rv[(it - 1) * %d + %d]", r, i);
            snprintf(z, sizeof z, "rv[it * %d + %d]", r, r - 1 - i);
        } else {
            snprintf(pos, sizeof pos, "%d - pp", (r - i) * RB);
            snprintf(a, sizeof a, "rv[it * %d + %d]", r, r - 1 - i);
            snprintf(z, sizeof z, "rv[(it - 1) * %d + %d]", r, i);
        }
        emit_pair_out(b, k, index, pos, a, z);
    }
    sb_puts(b, "            } else {\n");
    for (int i = 0; i <= r / 2; i++) {
        snprintf(pos, sizeof pos, "%d", i * RB);
        snprintf(a, sizeof a, "rv[(it - 1) * %d + %d]", r, i);
        snprintf(z, sizeof z, "rv[(it - 1) * %d + %d]", r, (r - i) % r);
        emit_pair_out(b, k, index, pos, a, z);
    }
    for (int i = 0; i < (r + 1) / 2; i++) {
        snprintf(pos, sizeof pos, "%d", RB / 2 + i * RB);
        snprintf(a, sizeof a, "rv[it * %d + %d]", r, i);
        snprintf(z, sizeof z, "rv[it * %d + %d]", r, r - 1 - i);
        emit_pair_out(b, k, index, pos, a, z);
    }
    sb_puts(b, "            }\n            }\n            }\n");
}

int gen_c2r_pair_first(const kspec *k) { return k->rpair && k->ld == KS_LD_C2R_PACK; }

/* Y = (a + c) + i conj(w) (a - c) into `ya`, and conj((a + c) - i conj(w) (a - c)), which is
 * Y at M - k, into `yb` where not NULL (C2R's pre-step; W^(M-k) = -conj(W^k)). */
static void emit_c2r_pair_out(strbuf *b, const kspec *k, const char *a, const char *c, const char *w, const char *ya, const char *yb,
                              int real)
{
    sb_printf(b, "            {\n            kfft_cplx a = %s, c = cconj(%s);\n", a, c);
    if (real) sb_puts(b, "            a.y = 0; c.y = 0;\n");
    sb_printf(b, "            kfft_cplx w = %s;\n", w);
    sb_puts(b, "            kfft_cplx sm = cadd(a, c), df = cmuli(cmul(cconj(w), csub(a, c)));\n            kfft_cplx v = cadd(sm, df);\n");
    if (k->conj_in) emit_conj(b, k);
    sb_printf(b, "            %s = v;\n", ya);
    if (yb) {
        sb_puts(b, "            v = cconj(csub(sm, df));\n");
        if (k->conj_in) emit_conj(b, k);
        sb_printf(b, "            %s = v;\n", yb);
    }
    sb_puts(b, "            }\n");
}

/* gen_c2r_pair_first's loads of round it (X[bj + i RB] into rv, zero past the last column)
 * and, after round it of a pair, the pre-step of both: butterfly j's element i pairs with
 * element r - 1 - i of butterfly RB - j; j = 0 pairs i with r - i (X[M] with X[0]), RB/2 i
 * with r - 1 - i. */
void gen_c2r_pair_load(strbuf *b, const kspec *k, int index, int r, int RB)
{
    const char *I = idx_type(k);
    long long is = (long long)k->istride, M = (long long)k->n, tw0 = (long long)k->rtw;
    sb_printf(b, "            %s g = col0 + bc;\n", I);
    sb_printf(b, "            %s base = in_off + kfft_k%d_ioff(tbase + g);\n", I, index);
    sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) rv[it * %d + i] = g < ncols ? in[base + (bj + i * %d) * %lld] : KFFT_MK(0, 0);\n",
              r, r, RB, is);
    sb_puts(b, "            if (it & 1) {\n            if (pp != 0) {\n");
    char a[64], c[64], w[160], ya[64], yb[64];
    if (k->rtw1) { /* W^(pp + i RB) = W^pp W^(i RB), the second a constant */
        sb_printf(b, "            kfft_cplx wb = tw[%lld + pp];\n", tw0);
        rtw1_twiddle(b, k, "0", w, sizeof w); /* declares kc[] */
    }
    for (int i = 0; i < r; i++) {
        snprintf(a, sizeof a, "rv[(it - 1) * %d + %d]", r, i);
        snprintf(c, sizeof c, "rv[it * %d + %d]", r, r - 1 - i);
        if (k->rtw1) snprintf(w, sizeof w, "cmul(wb, kc[%d])", i);
        else snprintf(w, sizeof w, "tw[%lld + pp + %d]", tw0, i * RB);
        emit_c2r_pair_out(b, k, a, c, w, a, c, 0);
    }
    sb_puts(b, "            } else {\n");
    sb_printf(b, "            kfft_cplx xm = g < ncols ? in[base + %lld] : KFFT_MK(0, 0);\n", M * is);
    snprintf(a, sizeof a, "rv[(it - 1) * %d]", r);
    emit_c2r_pair_out(b, k, a, "xm", "KFFT_MK(1, 0)", a, NULL, 1);
    for (int i = 1; i <= r / 2; i++) {
        snprintf(a, sizeof a, "rv[(it - 1) * %d + %d]", r, i);
        snprintf(c, sizeof c, "rv[(it - 1) * %d + %d]", r, r - i);
        snprintf(w, sizeof w, "tw[%lld + %d]", tw0, i * RB);
        emit_c2r_pair_out(b, k, a, c, w, a, 2 * i == r ? NULL : c, 0);
    }
    for (int i = 0; i < (r + 1) / 2; i++) {
        snprintf(ya, sizeof ya, "rv[it * %d + %d]", r, i);
        snprintf(yb, sizeof yb, "rv[it * %d + %d]", r, r - 1 - i);
        snprintf(w, sizeof w, "tw[%lld + %d]", tw0, RB / 2 + i * RB);
        emit_c2r_pair_out(b, k, ya, yb, w, ya, 2 * i == r - 1 ? NULL : yb, 0);
    }
    sb_puts(b, "            }\n            }\n");
}

/* R2C of even length 2M from the length-M transform Z of z[m] = x[2m] + i x[2m+1]:
 * X[k] = (Z[k] + Z*[M-k])/2 - i W^k (Z[k] - Z*[M-k])/2 for k = 0..M (Z[M] = Z[0]). By pairs:
 * with W^(M-k) = -conj(W^k), X[M-k] is conj of the same sum with the second term's sign
 * flipped, so a thread reads Z[k], Z[M-k] and one twiddle for two outputs (R2C 16384 0.78 ->
 * 0.88 of cuFFT on the H100, fp64 0.98 -> 1.25, 4096 0.85 -> 0.90). */
static void emit_store_r2c_pack(strbuf *b, const kspec *k, int index)
{
    long long M = (long long)k->n;
    emit_finish_inplace(b, k);
    open_elem_loop(b, k, (int)(M / 2 + 1), gen_walk_along(k, 1));
    sb_printf(b, "        if (g < ncols) {\n            %s t = g;\n", idx_type(k));
    sb_printf(b, "            kfft_cplx a = s[KFFT_SP(c * %d + e)], z = cconj(s[KFFT_SP(c * %d + (e == 0 ? 0 : %lld - e))]);\n", k->R, k->R, M);
    char w[48];
    snprintf(w, sizeof w, "tw[%lld + e]", (long long)k->rtw);
    emit_pack_split(b, k, index, "e", w);
    sb_puts(b, "        }\n");
    close_elem_loop(b);
}

/* The radix-P butterfly across the cluster at output kk (a variable) into kfft_cplx y[P]:
 * Y_q[kk] from block q's shared memory (through pointer p), times W_N^(q kk), the DFT. */
static void emit_cluster_butterfly(strbuf *b, const kspec *k, const char *y, const char *kk, const char *p)
{
    int P = k->clu, M = ks_col_len(k);
    if (k->ops & KS_MID_RADER)
        sb_printf(b, "            const kfft_cplx *%s = &s[%s == 0 ? %lld : KFFT_SP(%s - 1)];\n", p, kk, (long long)ks_col_area(k), kk);
    else
        sb_printf(b, "            const kfft_cplx *%s = &s[KFFT_SP(%s)];\n", p, kk);
    sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) %s[i] = kfft_cluster_ld(%s, i);\n", P, y, p);
    sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) %s[i] = cmul(%s[i], tw[%lld + (i - 1) * %d + %s]);\n", P, y, y,
              (long long)k->tw_pb, M, kk);
    sb_printf(b, "            kfft_dft%d(%s);\n", P, y);
}

/* The packed R2C's post-step across the cluster (kspec.h: clu): slot kk < M/2 of block j's
 * share takes the butterflies at kk and M - kk (kk = 0: at 0 and M/2), so both outputs of
 * every pair X[pos], X[N-pos] come from this thread's registers (emit_pack_split): pos = kk +
 * i M pairs with M - kk + (P-1-i) M; in slot 0, pos = i M with (P-i) M and M/2 + i M with
 * M/2 + (P-1-i) M, each pair once. P and M are even (plan/clusters.c: clu_columns, 4 or 8 columns
 * of a power of two). */
static void emit_cluster_store_r2c(strbuf *b, const kspec *k, int index)
{
    const char *I = idx_type(k);
    int P = k->clu, M = ks_col_len(k), T = k->T, H = M / 2, S = (H + P - 1) / P, it = (S + T - 1) / T;
    long long r0 = (long long)k->rtw, r1 = r0 + H + 1;
    char w[96];
    sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d, kk = j * %d + l;\n", it, T, S);
    sb_printf(b, "        if (l < %d && kk < %d) {\n            kfft_cplx ya[%d], yb[%d];\n", S, H, P, P);
    sb_printf(b, "            int kb = kk == 0 ? %d : %d - kk;\n", H, M);
    emit_cluster_butterfly(b, k, "ya", "kk", "pa");
    emit_cluster_butterfly(b, k, "yb", "kb", "pb");
    sb_printf(b, "            if (kk != 0) {\n#pragma unroll\n            for (int i = 0; i < %d; i++) {\n", P);
    sb_printf(b, "            %s pos = kk + (%s)i * %d;\n            kfft_cplx a = ya[i], z = cconj(yb[%d - i]);\n", I, I, M, P - 1);
    snprintf(w, sizeof w, "cmul(tw[%lld + kk], tw[%lld + i])", r0, r1);
    emit_pack_split(b, k, index, "pos", w);
    sb_printf(b, "            }\n            } else {\n#pragma unroll\n            for (int i = 0; i <= %d; i++) {\n", P / 2);
    sb_printf(b, "            %s pos = (%s)i * %d;\n            kfft_cplx a = ya[i], z = cconj(ya[(%d - i) %% %d]);\n", I, I, M, P, P);
    snprintf(w, sizeof w, "tw[%lld + i]", r1);
    emit_pack_split(b, k, index, "pos", w);
    sb_printf(b, "            }\n#pragma unroll\n            for (int i = 0; i < %d; i++) {\n", P / 2);
    sb_printf(b, "            %s pos = %d + (%s)i * %d;\n            kfft_cplx a = yb[i], z = cconj(yb[%d - i]);\n", I, H, I, M, P - 1);
    snprintf(w, sizeof w, "cmul(tw[%lld], tw[%lld + i])", r0 + H, r1);
    emit_pack_split(b, k, index, "pos", w);
    sb_puts(b, "            }\n            }\n        }\n    }\n");
}

/* The second pass across the cluster (kspec.h: clu), after a column of B = 1 in shared memory:
 * Rader's column into natural order first (Y[e], e >= 1, at position e-1; Y[0] in the first
 * slot) so the remote reads of neighbouring threads are neighbouring elements; the cluster's
 * barrier; this block's share of the radix-P butterflies over the P blocks' columns (the packed
 * R2C's: emit_cluster_store_r2c); and the barrier again so no block leaves while another still
 * reads its shared memory. */
static void emit_cluster_store(strbuf *b, const kspec *k, int index)
{
    const char *I = idx_type(k);
    int P = k->clu, M = ks_col_len(k), R = k->R, T = k->T, it = (R + T - 1) / T, S = (M + P - 1) / P, it2 = (S + T - 1) / T;
    if (k->ops & KS_MID_RADER) {
        long long slots = (long long)ks_col_area(k);
        sb_printf(b, "    kfft_cplx nv[%d];\n#pragma unroll\n    for (int q = 0; q < %d; q++) {\n", it, it);
        sb_printf(b, "        int l = KFFT_TID + q * %d, c = 0;\n        if (l < %d) {\n", T, R);
        emit_zat(b, k, "v", "l + 1");
        sb_puts(b, "            nv[q] = v;\n        }\n    }\n");
        sb_printf(b, "    kfft_cplx y0 = cadd(s[%lld], s[%lld]);\n    KFFT_BARRIER();\n", slots, slots + 1);
        sb_printf(b, "#pragma unroll\n    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", it, T);
        sb_printf(b, "        if (l < %d) s[KFFT_SP(l)] = nv[q];\n    }\n", R);
        sb_printf(b, "    if (KFFT_TID == 0) s[%lld] = y0;\n", slots);
    }
    sb_puts(b, "    KFFT_CLUSTER_BARRIER();\n");
    sb_printf(b, "    { %s t = col0 / %d; int j = (int)(col0 - t * %d);\n", I, P, P);
    if (k->st == KS_ST_R2C_PACK) {
        emit_cluster_store_r2c(b, k, index);
    } else {
        sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d, kk = j * %d + l;\n", it2, T, S);
        sb_printf(b, "        if (l < %d && kk < %d) {\n            kfft_cplx y[%d];\n", S, M, P);
        emit_cluster_butterfly(b, k, "y", "kk", "p");
        sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) {\n", P);
        sb_printf(b, "            %s dst = kk + (%s)i * %d;\n            kfft_cplx v = y[i];\n", I, I, M);
        emit_put(b, k, index, NULL);
        sb_puts(b, "            }\n        }\n    }\n");
    }
    sb_puts(b, "    }\n    KFFT_CLUSTER_BARRIER();\n");
}

void gen_kernel_io(const kspec *k, int *from_global, int *to_global)
{
    /* The first radix pass reads the source itself and the last writes the destination,
     * except where the store needs whole columns (R2C packing pairs e with M-e; Rader's
     * permutations and the prime-factor layout's; a second pass across the cluster) or a
     * single pass would walk one side uncoalesced, and a Bluestein factor's pass after the
     * first, whose twiddles go by its column's element (gen_load_elem), not by the m-point
     * FFT's first radix. */
    int rader = (k->ops & KS_MID_RADER) != 0, conv = (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) != 0;
    /* A single radix along contiguous columns would give each thread a whole column, each warp
     * access 32 columns apart: such kernels (lengths 4..31) load and store through shared memory,
     * coalesced. H100, A/B (bench/results/h100-2026-11-27zb-tiny.txt): fp32 4..27 0.27-0.67 of
     * cuFFT -> 0.96-1.42, at the copy ceiling (16: 2.61 -> 0.72 ms), 29 and 31 0.29 -> 0.83-0.87;
     * fp64 0.48-0.79 -> 0.87-1.11 (31: 0.70). Lengths 2 and 3 ran at the ceiling direct: kept. */
    int lone = k->nrad == 1 && !conv && k->kind == KS_SINGLE && k->R >= 4;
    *from_global = k->nrad > 0 && !rader && !k->pfa && !(k->bfp && k->Ns > 1) && !(lone && gen_walk_along(k, 0));
    *to_global = (k->nrad > 0 && !rader && !k->pfa && !k->clu && k->st != KS_ST_R2C_PACK && k->st != KS_ST_HALF2 &&
                  !(lone && gen_walk_along(k, 1)) &&
                  !(k->nrad == 1 && !conv && gen_walk_along(k, 0) != gen_walk_along(k, 1))) ||
                 gen_r2c_pair_last(k);
}

int gen_pass_along(const kspec *k, int rd, int wr) { return rd ? gen_walk_along(k, 0) : wr ? gen_walk_along(k, 1) : 1; }

static void emit_kernel(strbuf *b, int dialect, const kspec *k, int index)
{
    char name[32];
    snprintf(name, sizeof name, "kfft_k%d", index);
    /* Shared-memory index of element x = c*R + e (kspec.h: pad, cpad). x >= 0 and R is a power of
     * two where columns are padded (gen_column_pad), so complex kernels take a shift where a
     * signed division by R costs three instructions more per access. H100, kfft/cuFFT, A/B
     * (bench/results/h100-2026-11-27r-spshift.txt): 2^24 0.75 -> 0.77-0.78, 4096^2 and 16384^2
     * 0.95-0.96 -> 0.97, R2C 4096^2 (its columns) 0.95 -> 0.97, 2^20 and 2^22 +0.5-1%; the
     * packed real passes lost with it (R2C 2^20 1.12 -> 1.08, C2R 2^20 1.03 -> 1.00) and keep
     * the division. */
    int sh = ks_pad_shift(k->f64);
    if (k->pad == KS_PAD_SWZ) sb_printf(b, "#define KFFT_SP(x) (((x) ^ (((x) >> %d) & %d))", sh, (1 << sh) - 1);
    else sb_puts(b, "#define KFFT_SP(x) ((x)");
    if (k->pad == KS_PAD_ROWS) sb_printf(b, " + ((x) >> %d)", sh);
    int lr = ks_log2_ceil(k->R);
    if (k->cpad && ((int64_t)1 << lr) == k->R && k->ld == KS_LD_CPLX && k->st == KS_ST_CPLX)
        sb_printf(b, " + ((x) >> %d) * %d", lr, k->cpad);
    else if (k->cpad) sb_printf(b, " + (x) / %d * %d", k->R, k->cpad);
    sb_puts(b, ")\n");
    if (k->src == KS_IO_USER) emit_offset_fn(b, k, index, 0);
    if (k->dst == KS_IO_USER) {
        kspec v = k->plane ? gen_plane_view(k) : *k; /* a plane's rows store */
        emit_offset_fn(b, &v, index, 1);
    }
    gen_dialect_kernel_open(b, dialect, name, k->T, k->minb, k->clu);
    gen_dialect_smem(b, dialect, (int)ks_kernel_smem(k));
    if (k->plane && k->clu) { /* block pj of a plane's cluster: rows pj + P m in, its share of rows out (plane.c: emit_plane_cluster) */
        int P = k->clu;
        sb_printf(b, "    const int pj = (int)(KFFT_GROUP %% %d);\n    %s col0 = (%s)(KFFT_GROUP / %d) * %d;\n", P, idx_type(k), idx_type(k), P, k->B);
        sb_printf(b, "    kfft_i64 pin = in_off + (kfft_i64)pj * %lld, pout = out_off + (kfft_i64)pj * %lld;\n    {\n    kfft_i64 in_off = pin, out_off = pout;\n",
                  (long long)(k->istride / P), (long long)(k->R / P) * k->ostride);
    } else {
        sb_printf(b, "    %s col0 = (%s)KFFT_GROUP * %d;\n", idx_type(k), idx_type(k), k->B);
    }
    if (k->twsplit) { /* the split twiddle tables (kspec.h: twsplit); the first pass's barrier orders them before any use */
        long long hi = (long long)ks_split_offset(k), nh = (long long)ks_split_hi(k);
        sb_printf(b, "    for (int l = KFFT_TID; l < %lld; l += %d) s[%lld + l] = tw[%lld + l];\n", nh, k->T, hi, (long long)k->tw_hi);
        sb_printf(b, "    for (int l = KFFT_TID; l < %d; l += %d) s[%lld + l + (l >> 4)] = tw[%lld + l];\n", k->twsplit, k->T, hi + nh,
                  (long long)k->tw_lo);
    }
    for (int p = 0; p < k->nrad; p++) /* the direct tables (kspec.h: twdirect), ordered like the split ones */
        if (k->twdirect[p]) {
            long long o = (long long)ks_direct_offset(k, p), n = (long long)(ks_direct_offset(k, p + 1) - o);
            sb_printf(b, "    for (int l = KFFT_TID; l < %lld; l += %d) s[%lld + l] = tw[%lld + l];\n", n, k->T, o, (long long)k->tw_local[p]);
        }
    if (k->tfast) /* transforms in this launch */
        sb_printf(b, "    %s ntr = (%s)(ncols / %lld);\n", idx_type(k), idx_type(k), (long long)ks_cols_per_transform(k));
    if (k->tgrp) /* columns in whole groups of transforms (kspec.h: tgrp) */
        sb_printf(b, "    %s gfull = (%s)(ncols / %lld / %d * %d * %lld);\n", idx_type(k), idx_type(k),
                  (long long)ks_cols_per_transform(k), k->tgrp, k->tgrp, (long long)ks_cols_per_transform(k));
    if (k->ld == KS_LD_REAL || k->ld == KS_LD_PAIR || k->ld == KS_LD_REAL2 || k->ld == KS_LD_ROWPAIR)
        sb_puts(b, "    KFFT_GLOBAL const kfft_real *rin = (KFFT_GLOBAL const kfft_real *)in;\n");
    if (k->st == KS_ST_REAL || k->st == KS_ST_PAIR || k->st == KS_ST_REAL2) sb_puts(b, "    KFFT_GLOBAL kfft_real *rout = (KFFT_GLOBAL kfft_real *)out;\n");
    if (k->scale) {
        sb_puts(b, "    const kfft_real S = (kfft_real)");
        sb_real(b, k->dir == KS_DIR_INV ? k->scale_inv : k->scale_fwd, !k->f64);
        sb_puts(b, ";\n");
    }
    int rader = (k->ops & KS_MID_RADER) != 0, conv = (k->ops & (KS_MID_BLUESTEIN | KS_MID_RADER)) != 0;
    int from_global, to_global;
    gen_kernel_io(k, &from_global, &to_global);
    long long slots = (long long)ks_col_area(k); /* Rader: x[0], then sum a */
    if (rader) {
        open_elem_loop(b, k, ks_col_len(k), gen_walk_along(k, 0));
        gen_load_elem(b, k, index, NULL, NULL, NULL);
        sb_printf(b, "        if (e == 0) s[%lld + c] = v;\n        else s[KFFT_SP(c * %d + (int)tw[%lld + e].x)] = v;\n", slots, k->R,
                  (long long)k->dlog);
        close_elem_loop(b);
        sb_puts(b, "    KFFT_BARRIER();\n");
    } else if (!from_global) {
        emit_load(b, k, index);
    }
    /* A convolution's pointwise product with the kernel's spectrum (1/m folded in, conjugated
     * so the inverse FFT is the same forward codelets; the store conjugates back) happens in
     * registers between the two FFTs (fused) or in the forward FFT's last store. */
    if (k->plane) {
        gen_emit_fft(b, k, index, from_global, 0, 0, MID_NONE);
        gen_emit_plane_rows(b, k, index);
        sb_puts(b, k->clu ? "    }\n}\n#undef KFFT_SP\n" : "}\n#undef KFFT_SP\n");
        return;
    }
    int fused = conv && ks_conv_fused(k);
    gen_emit_fft(b, k, index, from_global, to_global && !conv, 0, fused ? MID_FUSED : conv ? MID_STORE : MID_NONE);
    if (conv && k->pfa) { /* the inverse FFT's radices in reverse: its input is the forward's output layout */
        kspec inv = *k;
        for (int p = 0; p < k->nrad; p++) {
            inv.rad[p] = k->rad[k->nrad - 1 - p];
            inv.keep[p] = k->keep[k->nrad - 1 - p];
        }
        gen_emit_fft(b, &inv, index, 0, to_global, fused, MID_NONE);
    } else if (conv) {
        gen_emit_fft(b, k, index, 0, to_global, fused, MID_NONE);
    }
    if (k->clu) {
        emit_cluster_store(b, k, index);
    } else if (ks_pair_pass(k)) {
        emit_store_r2c_2_pass(b, k, index);
    } else if (k->st == KS_ST_R2C_PACK && !to_global) {
        emit_store_r2c_pack(b, k, index);
    } else if (k->st == KS_ST_HALF2) {
        emit_store_r2c_2(b, k, index);
    } else if (rader) {
        open_elem_loop(b, k, ks_col_len(k), gen_walk_along(k, 1));
        emit_zat(b, k, "v", "e");
        gen_store_elem(b, k, index, NULL);
        close_elem_loop(b);
    } else if (!to_global) {
        emit_store(b, k, index);
    }
    sb_puts(b, "}\n#undef KFFT_SP\n");
}

void gen_program(strbuf *b, int dialect, const kspec *specs, int nspecs)
{
    gen_dialect_prelude(b, dialect, specs[0].f64);
    char used[64] = {0}, pruned[64][64] = {{0}}; /* pruned[r][live]: gen_live_elems */
    int cluster = 0;
    for (int i = 0; i < nspecs; i++) {
        int fg, tg;
        gen_kernel_io(&specs[i], &fg, &tg);
        if (fg && specs[i].nrad > 0) {
            int r = specs[i].rad[0], live = gen_live_elems(&specs[i], r, 0);
            if (live < r) pruned[r][live] = 1;
        }
        for (int p = 0; p < specs[i].nrad; p++) used[specs[i].rad[p]] = 1;
        for (int p = 0; p < specs[i].nprad; p++) used[specs[i].prad[p]] = 1; /* a plane's second FFT */
        if (specs[i].clu) used[specs[i].clu] = cluster = 1; /* its butterfly across the cluster */
    }
    if (cluster) gen_dialect_cluster(b, dialect);
    for (int r = 2; r < 64; r++) {
        if (used[r]) gen_codelet(b, r, r, specs[0].f64);
        for (int live = 1; live < r; live++)
            if (pruned[r][live]) gen_codelet(b, r, live, specs[0].f64);
    }
    for (int i = 0; i < nspecs; i++) emit_kernel(b, dialect, &specs[i], i);
}
