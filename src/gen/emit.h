/* Internal to the generator: the pieces kernel.c, passes.c and plane.c share. */
#ifndef KFFT_GEN_EMIT_H
#define KFFT_GEN_EMIT_H
#include "gen/gen.h"

static inline const char *idx_type(const kspec *k) { return k->idx64 ? "kfft_i64" : "int"; }

/* The loads and stores of kernel.c that the passes (passes.c) take part in: element e of local
 * column c (global column g) from the source into a new v, or v to the destination, with the
 * fused pre- and post-operations; a GPASS column's transform t and column j within it; does
 * the block say outright that it holds one column (c = 0)? */
void gen_load_elem(strbuf *b, const kspec *k, int index, const char *eb, const char *eq, const char *cw);
void gen_store_elem(strbuf *b, const kspec *k, int index, const char *cw);
void gen_chirp_preload(strbuf *b, const kspec *k, const char *cw);
void gen_emit_tj(strbuf *b, const kspec *k);
int gen_one_column(const kspec *k);
/* Does the first pass reading the source take the packed C2R's twiddle as wb times a constant (kspec.h: rtw1)? */
int gen_c2r_wb(const kspec *k);

/* Does the packed R2C's last pass pair its butterflies j and RB - j in each thread and store
 * the post-step from registers (kspec.rpair)? Its store, for rounds it - 1 and it of r-point
 * butterflies, RB = Ns of them a column. */
int gen_r2c_pair_last(const kspec *k);
void gen_r2c_pair_store(strbuf *b, const kspec *k, int index, int r, int RB);
/* The packed C2R's first pass the same way: it loads X[j + i RB] of both rounds, then the
 * pre-step makes both rounds' inputs from the pairs in registers. */
int gen_c2r_pair_first(const kspec *k);
void gen_c2r_pair_load(strbuf *b, const kspec *k, int index, int r, int RB);

/* The output's scaling (normalization), where the spec has one: v *= S. */
void gen_emit_scale(strbuf *b, const kspec *k);
/* Stockham radix passes over the block's columns (passes.c); mid: what the last pass ends in. */
enum { MID_NONE, MID_FUSED, MID_STORE };
void gen_emit_fft(strbuf *b, const kspec *k, int index, int from_global, int to_global, int p0, int mid);
/* A plane kernel's second FFT as a spec of its own, and its emission (plane.c). */
kspec gen_plane_view(const kspec *k);
void gen_emit_plane_rows(strbuf *b, const kspec *k, int index);

#endif
