/* Plan internals: a plan is a list of stages, one per transformed axis, each a list of
 * kernel steps over four buffers (user input, user output, two workspace buffers),
 * executed in chunks of transforms so workspace stays bounded. */
#ifndef KFFT_PLAN_H
#define KFFT_PLAN_H
#include "core/context.h"
#include "core/strbuf.h"
#include "gen/kspec.h"
#include "plan/problem.h"
#include "plan/tables.h"
#include "plan/wisdom.h"

#define KFFT_MAX_STEPS 32
enum { BUF_IN = 0, BUF_OUT = 1, BUF_W0 = 2, BUF_W1 = 3 };

typedef struct {
    int first, nsteps;     /* its steps */
    int64_t ntrans, chunk; /* transforms along its axis; per execution chunk */
    int type;              /* its axis's transform, KFFT_C2C/R2C/C2R (keys Bluestein's length in the wisdom) */
} kfft_stage;

typedef struct {
    kspec spec[KFFT_MAX_STEPS];
    int src[KFFT_MAX_STEPS], dst[KFFT_MAX_STEPS];
    int nsteps;
    kfft_stage stage[KFFT_MAX_DIMS];
    int nstages;
    int nwork;          /* workspace buffers used (0..2) */
    int64_t work_elems; /* complex elements of each workspace buffer */
    kfft_table tab;     /* what its tables are (values: tab_compute or the disk cache) */
    int64_t table_len;  /* complex elements (>= 1) */
    int inplace_ok;     /* in == out is safe; else inplace_why says why not */
    char inplace_why[320];
    char describe[1024];
} kfft_schedule;

/* The wisdom entry that plans stage g of a schedule as it is (tune.c; what kfft_tune records
 * where no candidate wins): its key and the planner's choices, register bound and radix mode
 * included. 0 for a plane stage (its entry is the plane's own, kept by T = 0). */
int kfft_tune_stage_entry(const kfft_schedule *s, int g, kfft_wisdom_entry *e);

/* Internal (the sparse 2-D FFT): a plan from a ready problem; and transforms [t0, t1) of a
 * one-stage plan, forward, with the user sides at in_off / out_off (elements) and the
 * kernels' aux argument. */
kfft_status kfft_plan_from_problem(kfft_context ctx, const kfft_problem *prob, kfft_plan *out);
/* The same, compiling one more program (extra_src, e.g. a feature's own kernel) together with
 * the plan's, so a cold plan waits for the slowest compile rather than for the sum; *extra_mod
 * gets its module (the caller releases it with kfft_module_release; NULL on failure). */
kfft_status kfft_plan_from_problem_with(kfft_context ctx, const kfft_problem *prob, const char *extra_src, kfft_module_entry **extra_mod,
                                        kfft_plan *out);
kfft_status kfft_plan_run_range(kfft_plan p, kfft_buffer in, int64_t in_off, kfft_buffer out, int64_t out_off, int64_t aux,
                                int64_t t0, int64_t t1);

/* With a verbose context, logs what the device's compiler made of a kernel launched with
 * threads and smem bytes (registers, spills, blocks per SM; bound: it carries a register bound). */
void kfft_log_kernel(kfft_context ctx, const char *name, void *kernel, int threads, size_t smem, int bound);

/* Device bytes a plan holds itself (tables and its own work area). */
size_t kfft_plan_device_bytes(kfft_plan p);

/* Pure planning (no device): fills sched for a problem on a device described by info.
 * Used by kfft_plan_create and by tests that generate sources without a GPU. */
kfft_status kfft_schedule_build(const kfft_problem *p, const kfft_device_info *info, kfft_schedule *sched);
/* The planner's Bluestein length for an axis of length n and element stride is (c2r: a C2R axis)
 * where neither the tuner nor the wisdom chose one (schedule.c: conv_choice). */
int64_t kfft_conv_default(int64_t n, int64_t is, int f64, int c2r, const kfft_device_info *info);
void kfft_schedule_free(kfft_schedule *sched);
/* Kernel source of a schedule in a dialect (caller frees with sb_free). */
kfft_status kfft_schedule_source(const kfft_schedule *sched, int dialect, strbuf *src);
/* Step i's kernel alone, as a program whose kernel is named kfft_k0: plans compile one program
 * per kernel, in parallel (kfft_module_acquire_many), and share kernels through the caches. */
kfft_status kfft_schedule_kernel_source(const kfft_schedule *sched, int i, int dialect, strbuf *src);
/* All of a schedule's kernel programs (kfft_schedule_kernel_source) and nextra (<= 2) more,
 * acquired at once: mod[0..nsteps) and extra_mod[0..nextra) (release each with kfft_module_release). */
kfft_status kfft_schedule_acquire(kfft_context ctx, const kfft_schedule *sched, const char *const *extra, int nextra, kfft_module_entry **mod,
                                  kfft_module_entry **extra_mod);

/* Tables (tabload.c). Does the device make this plan's twiddles, chirps and Rader index
 * tables (fp32 plans whose tables are large, on devices with double precision)? Then the
 * plan compiles kfft_tables_program with its kernels. kfft_tables_begin starts the host's
 * part (every table, or with dev only the spectra: from the disk cache or computed, on a
 * thread of its own when large, so it runs beside the kernels' compile); kfft_tables_end
 * waits for it and fills *out, a new device buffer of the whole table (module: the table
 * program's with dev, else NULL); kfft_tables_cancel drops a
 * job; kfft_tables_load is begin + end. Large host-made tables go through the disk cache. */
typedef struct kfft_tables_job kfft_tables_job;
int kfft_tables_device_made(kfft_context ctx, const kfft_table *t, int f64);
void kfft_tables_program(strbuf *src, int dialect);
kfft_status kfft_tables_begin(kfft_context ctx, kfft_table *t, int f64, int dev, kfft_tables_job **job);
kfft_status kfft_tables_end(kfft_tables_job *job, void *module, kfft_buffer *out);
void kfft_tables_cancel(kfft_tables_job *job);
kfft_status kfft_tables_load(kfft_context ctx, kfft_table *t, int f64, void *module, kfft_buffer *out);

#endif
