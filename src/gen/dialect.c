/* The only place that knows CUDA from OpenCL: qualifiers, built-ins, barriers, complex
 * construction and integer types. Everything else emits the macros defined here. */
#include "gen/gen.h"

void gen_dialect_prelude(strbuf *b, int dialect, int f64)
{
    if (dialect == KS_DIALECT_CUDA) {
        sb_puts(b, "#define KFFT_DEVICE static __device__ __forceinline__\n"
                   "#define KFFT_GLOBAL\n"
                   "#define KFFT_BARRIER() __syncthreads()\n"
                   "#define KFFT_TID ((int)threadIdx.x)\n"
                   "#define KFFT_GROUP ((long long)blockIdx.x)\n"
                   "#define KFFT_LOCAL\n"
                   "typedef long long kfft_i64; typedef unsigned long long kfft_u64;\n");
        sb_puts(b, f64 ? "typedef double kfft_real; typedef double2 kfft_cplx;\n"
                         "#define KFFT_MK(a, b) make_double2((a), (b))\n"
                       : "typedef float kfft_real; typedef float2 kfft_cplx;\n"
                         "#define KFFT_MK(a, b) make_float2((a), (b))\n");
    } else {
        if (f64) sb_puts(b, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
        sb_puts(b, "#define KFFT_DEVICE static inline\n"
                   "#define KFFT_GLOBAL __global\n"
                   "#define KFFT_BARRIER() barrier(CLK_LOCAL_MEM_FENCE)\n"
                   "#define KFFT_TID ((int)get_local_id(0))\n"
                   "#define KFFT_GROUP ((long)get_group_id(0))\n"
                   "#define KFFT_LOCAL __local\n"
                   "typedef long kfft_i64; typedef ulong kfft_u64;\n");
        sb_puts(b, f64 ? "typedef double kfft_real; typedef double2 kfft_cplx;\n"
                         "#define KFFT_MK(a, b) ((double2)((a), (b)))\n"
                       : "typedef float kfft_real; typedef float2 kfft_cplx;\n"
                         "#define KFFT_MK(a, b) ((float2)((a), (b)))\n");
    }
    /* Complex helpers shared by both dialects (float2/double2 have .x/.y in both). */
    sb_puts(b, "KFFT_DEVICE kfft_cplx cadd(kfft_cplx a, kfft_cplx b) { return KFFT_MK(a.x + b.x, a.y + b.y); }\n"
               "KFFT_DEVICE kfft_cplx csub(kfft_cplx a, kfft_cplx b) { return KFFT_MK(a.x - b.x, a.y - b.y); }\n"
               "KFFT_DEVICE kfft_cplx cmul(kfft_cplx a, kfft_cplx b) { return KFFT_MK(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }\n"
               "KFFT_DEVICE kfft_cplx cconj(kfft_cplx a) { return KFFT_MK(a.x, -a.y); }\n"
               "KFFT_DEVICE kfft_cplx cmulnegi(kfft_cplx a) { return KFFT_MK(a.y, -a.x); }\n"
               "KFFT_DEVICE kfft_cplx cmuli(kfft_cplx a) { return KFFT_MK(-a.y, a.x); }\n");
}

void gen_dialect_kernel_open(strbuf *b, int dialect, const char *name, int threads, int minb, int cluster)
{
    if (dialect == KS_DIALECT_CUDA) {
        sb_puts(b, "extern \"C\" __global__ void ");
        if (cluster > 1) sb_printf(b, "__cluster_dims__(%d, 1, 1) ", cluster);
        if (minb > 1) sb_printf(b, "__launch_bounds__(%d, %d) %s(", threads, minb, name);
        else sb_printf(b, "__launch_bounds__(%d) %s(", threads, name);
    } else
        sb_printf(b, "__kernel __attribute__((reqd_work_group_size(%d, 1, 1))) void %s(", threads, name);
    /* One parameter list for every kernel, so the launcher is kernel-agnostic. in and out
     * may alias (in-place): a block reads all its columns before writing any. Offsets are
     * in elements of the side's type (real for real data); tbase is the first transform of
     * this launch's chunk. */
    sb_puts(b, "KFFT_GLOBAL const kfft_cplx *in, kfft_i64 in_off, KFFT_GLOBAL kfft_cplx *out, kfft_i64 out_off,\n"
               "    KFFT_GLOBAL const kfft_cplx *tw, kfft_i64 ncols, kfft_i64 tbase, int inv, kfft_i64 aux)\n{\n    (void)aux;\n");
}

void gen_dialect_cluster(strbuf *b, int dialect)
{
    if (dialect != KS_DIALECT_CUDA) return; /* the planner gives OpenCL no clusters */
    /* The cluster's barrier (arrive releases this block's shared-memory writes, wait acquires
     * the others'), and a load from block `rank`'s shared memory at the place p has in ours. */
    sb_puts(b, "#define KFFT_CLUSTER_BARRIER() asm volatile(\"barrier.cluster.arrive.aligned;\\n\\tbarrier.cluster.wait.aligned;\" ::: \"memory\")\n"
               "KFFT_DEVICE kfft_cplx kfft_cluster_ld(const kfft_cplx *p, int rank)\n{\n"
               "    const kfft_cplx *q;\n    asm(\"mapa.u64 %0, %1, %2;\" : \"=l\"(q) : \"l\"(p), \"r\"(rank));\n    return *q;\n}\n");
}

void gen_dialect_f64_math(strbuf *b, int dialect)
{
    if (dialect == KS_DIALECT_CUDA)
        sb_puts(b, "#define KFFT_SINCOSPI(x, s, c) sincospi((x), &(s), &(c))\n");
    else
        sb_puts(b, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                   "#define KFFT_SINCOSPI(x, s, c) do { (s) = sinpi(x); (c) = cospi(x); } while (0)\n");
}

void gen_dialect_smem(strbuf *b, int dialect, int elems)
{
    if (dialect == KS_DIALECT_CUDA) /* dynamic: sized at launch, may exceed 48 KB */
        sb_printf(b, "    extern __shared__ __align__(16) unsigned char kfft_smem[];\n"
                     "    kfft_cplx *s = (kfft_cplx *)kfft_smem; /* %d elements */\n", elems);
    else
        sb_printf(b, "    __local kfft_cplx s[%d];\n", elems);
}
