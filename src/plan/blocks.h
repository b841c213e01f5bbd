/* Block shapes of the generated kernels: radices, columns, threads, register bounds and the
 * twiddle tables a block keeps in shared memory. schedule.c decides the routes (one kernel,
 * passes, Bluestein, Rader, real data) and asks these rules for each kernel's shape; each rule's
 * measurements are beside it in blocks.c. */
#ifndef KFFT_PLAN_BLOCKS_H
#define KFFT_PLAN_BLOCKS_H
#include <stdint.h>

#include "backend/backend.h"
#include "gen/kspec.h"
#include "plan/tables.h"

/* fp32 Rader convolutions of at least this many points, one column per block, run
 * blk_block_cap threads: in one kernel and as a pass. */
#define RADER_ALL_THREADS 12288
/* fp32 mixed-radix one-column blocks of at most this many points are bound to two blocks per SM
 * (blk_odd_block_regs); larger ones may take the widest radices (blk_smooth_widest). */
#define ODD_BLOCK_TWO_MAX 11200
/* ... and on 4 TB/s devices 7-smooth complex ones of at most this many take fewer threads than
 * 512 where their narrowest pass has fewer butterflies (blk_odd_block_few). */
#define ODD_BLOCK_FEW_MAX 7200

/* Bytes of a complex element. */
int64_t blk_elem_bytes(int f64);
/* Fills a spec's in-block shape: radices of R (in a KFFT_RADIX_* mode), B columns, T threads. */
kfft_status blk_shape(kspec *k, int R, int B, int radix, const kfft_device_info *info);
/* The most threads a block may have. */
int blk_block_cap(const kfft_device_info *info);
/* A device of 4 TB/s or more of DRAM bandwidth (an H200: 4814 GB/s as read; an H100: 3352),
 * where the rules measured on the H200 apply (clusters.c clu_columns, blk_bank_pad's fp32 side,
 * schedule.c build_stage's blocks of 64 KB or more, split_wins' packed R2C block, blk_packed_real's
 * balanced blocks, blk_bank_pad's column blocks over 48 KB, blk_c2r_rtw1, blk_conv_widest,
 * blk_smooth_widest, blk_swizzle). */
static inline int blk_fast_memory(const kfft_device_info *info) { return info->mem_gbs >= 4000; }
/* n without its factors of two (n >= 1): the rules tell powers of two (1) and 3 x 2^k (3) from the rest. */
static inline int64_t blk_odd_part(int64_t n)
{
    while (n % 2 == 0) n /= 2;
    return n;
}
/* The register bound that fits two blocks of T threads on an SM. */
int blk_two_blocks_regs(int T);
/* Would a block of B columns of N need more threads than a block may have for its widest pass,
 * and its passes then hold rounds of butterflies past the register bound? */
int blk_rounds_spill(int64_t N, int B, int f64, const kfft_device_info *info);
/* Appends a shaped spec's in-block twiddle tables (split where `split` says, 1 on, 0 off, or
 * else the rule; direct and power tables where they fit) and stages its rounds. */
void blk_local_tables(kspec *k, kfft_table *t, const kfft_device_info *info, int split);
/* A convolution kernel's radices reordered so its middle stays in registers. */
void blk_conv_order(kspec *k);
/* Register bounds (kspec.regs; 0: none): the default of two blocks per SM where measured to
 * win; a convolution block's (three per SM for fp32 Bluestein blocks of 257..352 threads up to
 * 48 KB, else two where unfused). */
int blk_two_per_sm(const kspec *k, int f64, const kfft_device_info *info);
int blk_conv_regs(const kspec *k, int f64, const kfft_device_info *info);
/* Blocks per SM the compiler is told to fit (CUDA launch bounds; 0: none). */
int blk_min_blocks(const kspec *k, const kfft_device_info *info);
int blk_chirp_fetch(const kspec *k);
int blk_real_pairs(const kspec *k, const kfft_device_info *info);
/* fp32 complex unbound blocks' threads on 4 TB/s CUDA devices: whole warps. */
int blk_complex_threads(const kspec *k, const kfft_device_info *info);
/* Do a strided axis's column blocks take the two-blocks bound? Complex plans' do but where, on 4 TB/s
 * devices, shared memory holds exactly two; real plans' only on 4 TB/s devices (radices <= 16, 4 registers a point). */
int blk_columns_bound(const kspec *k, int real, const kfft_device_info *info);
/* Thread counts: a thread per butterfly of the widest pass; of the narrowest; of every pass; fp32
 * blocks with a large odd part, and those blocks' register bound (0: none). */
int blk_widest_pass_threads(const kspec *k, const kfft_device_info *info);
int blk_narrowest_pass_threads(const kspec *k, const kfft_device_info *info);
int blk_every_pass_threads(const kspec *k, const kfft_device_info *info);
int blk_odd_block_threads(const kspec *k, const kfft_device_info *info);
int blk_odd_block_regs(const kspec *k, const kfft_device_info *info);
/* fp32 one-column blocks with a codelet past 31 points that a rule bound: a thread per butterfly of its pass, unbound. */
void blk_wide_prime_block(kspec *k, const kfft_device_info *info);
int blk_odd_block_few(const kspec *k, const kfft_device_info *info);
int blk_packed_c2r_columns(const kspec *k, int B, const kfft_device_info *info);
/* The small convolutions (Bluestein, fp32 and fp64) whose threads, padding and lengths follow
 * sessions 40-41's rules (blocks.c conv_threads and conv_pad, schedule.c kfft_conv_default):
 * lengths BLK_CONV_SMALL_MIN..BLK_CONV_SMALL_MAX, where they were measured. Rader blocks of up
 * to 48 KB take whole warps (rader_threads); whole_warps rounds a block's threads up to them. */
#define BLK_CONV_SMALL_MIN 1600
#define BLK_CONV_SMALL_MAX 8192
int blk_conv_threads(const kspec *k, const kfft_device_info *info);
int blk_conv_pad(const kspec *k);
int blk_conv_widest(const kspec *k, const kfft_device_info *info);
int blk_widest_threads(const kspec *k, const kfft_device_info *info);
int blk_conv_widest_len(int64_t R, int f64, const kfft_device_info *info);
int blk_smooth_widest(const kspec *k, const kfft_device_info *info);
int blk_smooth_widest_two(const kspec *k, const kfft_device_info *info);
int blk_whole_warps(const kspec *k, const kfft_device_info *info);
int blk_rader_threads(const kspec *k, const kfft_device_info *info);
/* fp32 Rader blocks with a 17..31-point codelet: their register bound (0: none). */
int blk_rader_wide_regs(const kspec *k);
/* fp64 one-kernel Rader blocks no rule bound: the register bound their shared memory's blocks an SM
 * allow, a spill bet. */
void blk_rader_f64_bound(kspec *k, const kfft_device_info *info);
/* fp32 packed real blocks up to 48 KB: C2R's radices and register bound, R2C's threads. */
kfft_status blk_packed_real(kspec *k, const kfft_device_info *info);
/* fp32 mixed-radix blocks of one transform over 4096 points: small radices and 512 threads
 * where measured to win (KFFT_SUCCESS: shaped; -1: not such a block; else an error status). */
int blk_small_radix_block(kspec *k, const kfft_device_info *info);
/* The packed R2C's 32 and 64 KB power-of-two blocks and the packed C2R's 32 KB one on 4 TB/s devices: swizzled; the
 * R2C's 64 KB one three blocks per SM (a spill bet, CUDA). */
void blk_packed_swizzle(kspec *k, const kfft_device_info *info);
/* fp64 one-kernel blocks: radices, threads, register bound. */
kfft_status blk_f64_block(kspec *k, int64_t odd, const kfft_device_info *info);
/* fp64 passes of wide radices: their register bound (0: none). */
int blk_f64_wide_regs(const kspec *k);
/* Blocks up to 48 KB (fp64 one-column; fp32 on 4 TB/s devices): padded, in whole warps, where the bank model says it pays. */
void blk_bank_pad(kspec *k, const kfft_device_info *info);
/* fp32 unpadded blocks of one or two columns, up to 16384 points: swizzled where the bank model says it pays. */
void blk_swizzle(kspec *k, const kfft_device_info *info);
/* The packed C2R's first-pass twiddles as a load per butterfly times constants (kspec.h: rtw1). */
void blk_c2r_rtw1(kspec *k, const kfft_device_info *info);

#endif
