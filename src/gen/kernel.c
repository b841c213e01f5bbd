/* Kernel emission: load -> Stockham passes in shared memory -> store, with the plan's
 * pre/post operations fused into the load and store loops (see kspec.h). */
#include "gen/gen.h"

#include <stdio.h>
#include <string.h>

static const char *idx_type(const kspec *k) { return k->idx64 ? "kfft_i64" : "int"; }

/* Loop over the block's B*R elements, `fastest_e` choosing whether consecutive threads
 * walk along a column (e) or across columns (c): the order that makes global accesses
 * contiguous. Opens a scope in which c, e, g (global column) are defined. */
static void open_elem_loop(strbuf *b, const kspec *k, int fastest_e)
{
    int E = k->B * k->R;
    int iters = (E + k->T - 1) / k->T;
    sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", iters, k->T);
    if (E % k->T) sb_printf(b, "        if (l < %d) {\n", E);
    else sb_puts(b, "        {\n");
    if (fastest_e)
        sb_printf(b, "        int c = l / %d, e = l - c * %d;\n", k->R, k->R);
    else
        sb_printf(b, "        int c = l %% %d, e = l / %d;\n", k->B, k->B);
    sb_printf(b, "        %s g = col0 + c;\n", idx_type(k));
}

static void close_elem_loop(strbuf *b) { sb_puts(b, "        }\n    }\n"); }

/* GPASS column decomposition: t = transform, j = column within it. */
static void emit_tj(strbuf *b, const kspec *k)
{
    const char *I = idx_type(k);
    sb_printf(b, "            %s t = g / %lld, j = g - t * %lld;\n", I, (long long)(k->N / k->R),
              (long long)(k->N / k->R));
}

static void emit_load(strbuf *b, const kspec *k)
{
    const char *I = idx_type(k);
    int gpass = k->kind == KS_GPASS;
    /* SINGLE columns are whole transforms: walk along them. GPASS columns are strided by
     * N/R in memory with neighbours adjacent: walk across them. */
    open_elem_loop(b, k, !gpass);
    sb_puts(b, "        kfft_cplx v = KFFT_MK(0, 0);\n        if (g < ncols) {\n");
    if (gpass) {
        emit_tj(b, k);
        sb_printf(b, "            %s src = j + (%s)e * %lld;\n", I, I, (long long)(k->N / k->R));
    } else {
        sb_printf(b, "            %s t = g, src = e;\n", I);
    }
    int guard = (k->ops & KS_PRE_CHIRP) != 0;
    if (guard) sb_printf(b, "            if (src < %lld) {\n", (long long)k->n);
    if (k->src == KS_IO_USER)
        sb_printf(b, "            v = in[in_off + t * %lld + src * %lld];\n", (long long)k->idist, (long long)k->istride);
    else
        sb_printf(b, "            v = in[in_off + t * %lld + src];\n", (long long)(gpass ? k->N : k->R));
    if (k->conj_in) sb_puts(b, "            v = cflip(v, inv);\n");
    if (guard) sb_printf(b, "            v = cmul(v, tw[%lld + src]);\n            }\n", (long long)k->chirp);
    if (gpass && k->Ns > 1) {
        /* W_{Ns R}^{e * (j mod Ns)} from two tables: W^m = lo[m mod 2^s] * hi[m >> s]. */
        sb_printf(b, "            %s m = (%s)e * (j %% %lld);\n", I, I, (long long)k->Ns);
        sb_printf(b, "            v = cmul(v, cmul(tw[%lld + (m & %lld)], tw[%lld + (m >> %d)]));\n", (long long)k->tw_lo,
                  (long long)((1ll << k->tw_shift) - 1), (long long)k->tw_hi, k->tw_shift);
    }
    sb_printf(b, "        }\n        s[c * %d + e] = v;\n", k->R);
    close_elem_loop(b);
    sb_puts(b, "    KFFT_BARRIER();\n");
}

static void emit_store(strbuf *b, const kspec *k)
{
    const char *I = idx_type(k);
    int gpass = k->kind == KS_GPASS;
    /* First GPASS (Ns == 1) writes each column contiguously; later ones write element i of
     * neighbouring columns next to each other. */
    open_elem_loop(b, k, !gpass || k->Ns == 1);
    sb_printf(b, "        if (g < ncols) {\n            kfft_cplx v = s[c * %d + e];\n", k->R);
    if (gpass) {
        emit_tj(b, k);
        sb_printf(b, "            %s dst = (j / %lld) * %lld + (j %% %lld) + (%s)e * %lld;\n", I, (long long)k->Ns,
                  (long long)(k->Ns * k->R), (long long)k->Ns, I, (long long)k->Ns);
    } else {
        sb_printf(b, "            %s t = g, dst = e;\n", I);
    }
    int guard = (k->ops & KS_POST_CHIRP) != 0;
    if (guard) sb_printf(b, "            if (dst < %lld) {\n", (long long)k->n);
    if (k->ops & KS_POST_BMUL) sb_printf(b, "            v = cconj(cmul(v, tw[%lld + dst]));\n", (long long)k->bhat);
    if (guard) sb_printf(b, "            v = cmul(cconj(v), tw[%lld + dst]);\n", (long long)k->chirp);
    if (k->conj_out) sb_puts(b, "            v = cflip(v, inv);\n");
    if (k->dst == KS_IO_USER)
        sb_printf(b, "            out[out_off + t * %lld + dst * %lld] = v;\n", (long long)k->odist, (long long)k->ostride);
    else
        sb_printf(b, "            out[out_off + t * %lld + dst] = v;\n", (long long)(gpass ? k->N : k->R));
    if (guard) sb_puts(b, "            }\n");
    sb_puts(b, "        }\n");
    close_elem_loop(b);
}

/* Stockham radix passes over the B columns of length R held in s. */
static void emit_fft(strbuf *b, const kspec *k)
{
    long long Ns = 1;
    for (int p = 0; p < k->nrad; p++) {
        int r = k->rad[p], RB = k->R / r, NB = k->B * RB;
        int iters = (NB + k->T - 1) / k->T;
        const char *guard = NB % k->T ? "if (bf < NB) " : "";
        sb_printf(b, "    { /* radix-%d pass, Ns = %lld */\n", r, Ns);
        sb_printf(b, "    const int NB = %d; (void)NB;\n    kfft_cplx v[%d];\n", NB, iters * r);
        sb_printf(b, "#pragma unroll\n    for (int it = 0; it < %d; it++) {\n", iters);
        sb_printf(b, "        int bf = KFFT_TID + it * %d;\n        %s{\n", k->T, guard);
        sb_printf(b, "            int c = bf / %d, j = bf - c * %d;\n", RB, RB);
        sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) v[it * %d + i] = s[c * %d + j + i * %d];\n",
                  r, r, k->R, RB);
        sb_puts(b, "        }\n    }\n    KFFT_BARRIER();\n");
        sb_printf(b, "#pragma unroll\n    for (int it = 0; it < %d; it++) {\n", iters);
        sb_printf(b, "        int bf = KFFT_TID + it * %d;\n        %s{\n", k->T, guard);
        sb_printf(b, "            int c = bf / %d, j = bf - c * %d;\n", RB, RB);
        if (Ns > 1) {
            sb_printf(b, "            int kk = j %% %lld;\n", Ns);
            sb_printf(b, "#pragma unroll\n            for (int i = 1; i < %d; i++) v[it * %d + i] = cmul(v[it * %d + i], "
                         "tw[%lld + kk * %d + i - 1]);\n",
                      r, r, r, (long long)k->tw_local[p], r - 1);
            sb_printf(b, "            kfft_dft%d(&v[it * %d]);\n", r, r);
            sb_printf(b, "            int base = c * %d + (j / %lld) * %lld + kk;\n", k->R, Ns, Ns * r);
        } else {
            sb_printf(b, "            kfft_dft%d(&v[it * %d]);\n", r, r);
            sb_printf(b, "            int base = c * %d + j * %d;\n", k->R, r);
        }
        sb_printf(b, "#pragma unroll\n            for (int i = 0; i < %d; i++) s[base + i * %lld] = v[it * %d + i];\n", r, Ns,
                  r);
        sb_puts(b, "        }\n    }\n    KFFT_BARRIER();\n    }\n");
        Ns *= r;
    }
}

static void emit_kernel(strbuf *b, int dialect, const kspec *k, int index)
{
    char name[32];
    snprintf(name, sizeof name, "kfft_k%d", index);
    gen_dialect_kernel_open(b, dialect, name, k->T);
    gen_dialect_smem(b, dialect, k->B * k->R);
    sb_printf(b, "    %s col0 = (%s)KFFT_GROUP * %d;\n", idx_type(k), idx_type(k), k->B);
    emit_load(b, k);
    emit_fft(b, k);
    if (k->ops & KS_MID_BLUESTEIN) {
        /* Pointwise product with the chirp kernel's spectrum (1/m folded in), conjugated so
         * the inverse FFT is the same forward codelets; the store conjugates back. */
        int E = k->B * k->R, iters = (E + k->T - 1) / k->T;
        sb_printf(b, "    for (int q = 0; q < %d; q++) {\n        int l = KFFT_TID + q * %d;\n", iters, k->T);
        sb_printf(b, "        if (l < %d) s[l] = cconj(cmul(s[l], tw[%lld + l %% %d]));\n    }\n    KFFT_BARRIER();\n", E,
                  (long long)k->bhat, k->R);
        emit_fft(b, k);
    }
    emit_store(b, k);
    sb_puts(b, "}\n");
}

void gen_program(strbuf *b, int dialect, const kspec *specs, int nspecs)
{
    gen_dialect_prelude(b, dialect, specs[0].f64);
    char used[64] = {0};
    for (int i = 0; i < nspecs; i++)
        for (int p = 0; p < specs[i].nrad; p++) used[specs[i].rad[p]] = 1;
    for (int r = 2; r < 64; r++)
        if (used[r]) gen_codelet(b, r, specs[0].f64);
    for (int i = 0; i < nspecs; i++) emit_kernel(b, dialect, &specs[i], i);
}
