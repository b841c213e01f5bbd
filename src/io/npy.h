/* NumPy .npy files: reading and writing C-order arrays. */
#ifndef KFFT_NPY_H
#define KFFT_NPY_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { NPY_F32, NPY_F64, NPY_C64, NPY_C128 } npy_dtype;

typedef struct {
    npy_dtype dtype;
    int ndim;            /* 0..8 */
    int64_t shape[8];
    int fortran_order;   /* always 0 for arrays kfft accepts */
    void *data;          /* little-endian host array, malloc'ed, count*elem_size bytes */
} npy_array;

size_t npy_elem_size(npy_dtype t);
int64_t npy_count(const npy_array *a); /* product of shape (1 for ndim 0) */
/* 0 on success; on error returns -1 and writes a message naming the problem into err. */
int npy_read(const char *path, npy_array *out, char *err, size_t errlen);
int npy_write(const char *path, const npy_array *a, char *err, size_t errlen);
void npy_free(npy_array *a);
/* The header (magic, version, dict, padding) of an array with a's dtype and shape (data
 * unused), for writers that stream the data themselves: its length, or 0 if buf is short. */
size_t npy_header(const npy_array *a, char *buf, size_t len);

#endif
