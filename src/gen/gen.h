/* Kernel source generator: one program (dialect prelude, radix codelets, kernels) from
 * the planner's kernel specs. The generator writes one text; src/gen/dialect.c maps it to
 * CUDA or OpenCL C. */
#ifndef KFFT_GEN_H
#define KFFT_GEN_H
#include "core/strbuf.h"
#include "gen/kspec.h"

/* Kernel i is named "kfft_k<i>". All specs share one precision. */
void gen_program(strbuf *b, int dialect, const kspec *specs, int nspecs);

/* Dialect layer (dialect.c). */
void gen_dialect_prelude(strbuf *b, int dialect, int f64);
/* The kernel's opening line up to and including '{', with its parameter list. */
void gen_dialect_kernel_open(strbuf *b, int dialect, const char *name, int threads);
/* Shared-memory array `s` of `elems` complex elements. */
void gen_dialect_smem(strbuf *b, int dialect, int elems);

/* Codelets (codelet.c): `KFFT_DEVICE void kfft_dft<r>(kfft_cplx *v)`, forward DFT of
 * length r in place on v[0..r-1], straight-line code. */
int gen_codelet_supported(int r);
void gen_codelet(strbuf *b, int r, int f64);

#endif
