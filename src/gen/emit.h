/* Internal to the generator: the pieces kernel.c and plane.c share. */
#ifndef KFFT_GEN_EMIT_H
#define KFFT_GEN_EMIT_H
#include "gen/gen.h"

static inline const char *idx_type(const kspec *k) { return k->idx64 ? "kfft_i64" : "int"; }

/* The output's scaling (normalization), where the spec has one: v *= S. */
void gen_emit_scale(strbuf *b, const kspec *k);
/* Stockham radix passes over the block's columns (kernel.c); mid: what the last pass ends in. */
enum { MID_NONE, MID_FUSED, MID_STORE };
void gen_emit_fft(strbuf *b, const kspec *k, int index, int from_global, int to_global, int p0, int mid);
/* A plane kernel's second FFT as a spec of its own, and its emission (plane.c). */
kspec gen_plane_view(const kspec *k);
void gen_emit_plane_rows(strbuf *b, const kspec *k, int index);

#endif
