/* Matrix Market coordinate reader (kfft_sparse_read_mtx in kfft_sparse.h is the public
 * entry). This header exposes the stream form so tests can feed memory streams and
 * force tiny read chunks (lines split across reads). */
#ifndef KFFT_IO_MTX_H
#define KFFT_IO_MTX_H
#include <stdint.h>
#include <stdio.h>

#include "kfft_sparse.h"

typedef struct {
    size_t chunk;    /* bytes per read; 0: 256 KiB */
    int64_t max_dim; /* refuse more rows or columns than this; 0: KFFT_SPARSE_MAX_DIM. The
                        column starts take 8 bytes per column whatever the entries, so a
                        fuzzer caps this to keep mutated size lines from asking for GBs. */
} mtx_options;

/* Reads a Matrix Market coordinate matrix from f (not closed); name is used in messages.
 * opt may be NULL. Same contract as kfft_sparse_read_mtx. */
kfft_status mtx_read_stream(FILE *f, const char *name, const mtx_options *opt, kfft_sparse_mode mode, kfft_sparse **m);

#endif
