/* Plan internals: a plan is a list of kernel steps over four buffers (user input, user
 * output, two workspace buffers), executed in batch chunks so workspace stays bounded. */
#ifndef KFFT_PLAN_H
#define KFFT_PLAN_H
#include "core/context.h"
#include "core/strbuf.h"
#include "gen/kspec.h"

#define KFFT_MAX_STEPS 16
enum { BUF_IN = 0, BUF_OUT = 1, BUF_W0 = 2, BUF_W1 = 3 };

typedef struct {
    kspec spec[KFFT_MAX_STEPS];
    int src[KFFT_MAX_STEPS], dst[KFFT_MAX_STEPS];
    int nsteps;
    int nwork;          /* workspace buffers used (0..2) */
    int64_t work_elems; /* elements of each workspace buffer, for one chunk */
    int64_t chunk;      /* transforms per execution chunk */
    double *tables;     /* host tables (interleaved complex double) */
    int64_t table_len;
    char describe[512];
} kfft_schedule;

/* Pure planning (no device): fills sched for desc on a device described by info.
 * Used by kfft_plan_create and by tests that generate sources without a GPU. */
kfft_status kfft_schedule_build(const kfft_plan_desc *desc, const kfft_device_info *info, kfft_schedule *sched);
void kfft_schedule_free(kfft_schedule *sched);
/* Kernel source of a schedule in a dialect (caller frees with sb_free). */
kfft_status kfft_schedule_source(const kfft_schedule *sched, int dialect, strbuf *src);

#endif
