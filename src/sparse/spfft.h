/* Internal (tests): the two programs of a sparse 2-D FFT plan (kfft_sparse.h) for a device
 * described by info, built without a device: the direct-sum kernel and the row FFTs. */
#ifndef KFFT_SPFFT_H
#define KFFT_SPFFT_H
#include "backend/backend.h"
#include "core/strbuf.h"
#include "kfft_sparse.h"

kfft_status kfft_spfft_sources(const kfft_sparse *m, const kfft_spfft_desc *d, const kfft_device_info *info, strbuf *sp,
                               strbuf *fft);

#endif
