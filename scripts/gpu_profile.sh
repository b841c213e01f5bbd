#!/usr/bin/env bash
# Hardware counters of kfft's kernels (Nsight Compute) for the bench cases given, f32 (PROFILE_PREC=f64):
#   run(command="bash scripts/gpu_profile.sh 65536 16384")
# Profiles the first kernels kfft launches for each case (its correctness run) with the
# throughput, memory, occupancy and stall sections; clocks left as they are (METHOD.md).
# PROFILE_STALLS=1 also collects where the warps wait: stall reasons per issued instruction,
# shared-memory instructions and bank conflicts, the FP32 instruction mix (and prints the
# nonzero ones): run(command="PROFILE_STALLS=1 PROFILE_LAUNCHES=1 bash scripts/gpu_profile.sh 17443").
# PROFILE_KERNELS=regex:regular_fft profiles cuFFT's kernels instead (their names; default regex:kfft_k).
# PROFILE_BIN=build-old/kfft_bench profiles another build's bench (an A/B of two trees).
# PROFILE_SKIP=N skips the first N matching launches (c2r:8192x8192's own first column pass is kfft launch 8:
# the bench's R2C that makes its input comes first); PROFILE_SOURCE=1 adds the per-instruction stall sampling
# (SourceCounters: where in the SASS the warps wait).
# Writes $OUT/profile-<case>.txt (profile-<case>-others.txt with PROFILE_KERNELS).
set -u -o pipefail
cd "$(dirname "$0")/.."
. scripts/bench_env.sh
bench_env profile-out profile-build.log
metrics=()
if [ -n "${PROFILE_STALLS:-}" ]; then
  m="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio"
  m+=",smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed.sum"
  m+=",l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
  m+=",sm__sass_thread_inst_executed_op_fadd_pred_on.sum,sm__sass_thread_inst_executed_op_ffma_pred_on.sum,sm__sass_thread_inst_executed_op_fmul_pred_on.sum"
  metrics=(--section SchedulerStats --metrics "$m")
fi
[ -n "${PROFILE_SOURCE:-}" ] && metrics+=(--section SourceCounters)
for c in "$@"; do
  f="$OUT/profile-${c//[:x]/_}${PROFILE_KERNELS:+-others}.txt" # another regex (cuFFT's kernels): its own file
  ncu --clock-control none -k "${PROFILE_KERNELS:-regex:kfft_k}" --launch-skip "${PROFILE_SKIP:-0}" --launch-count "${PROFILE_LAUNCHES:-3}" \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
    --section WarpStateStats --section ComputeWorkloadAnalysis "${metrics[@]}" \
    "${PROFILE_BIN:-build-gpu/kfft_bench}" --prec "${PROFILE_PREC:-f32}" --runs 1 --elems 27 "$c" >"$f" 2>&1
  echo "== $c: $f"
  grep -E "kfft_k[0-9]|regular_fft|vector_fft|Duration|DRAM Throughput|L1/TEX Hit|Memory Throughput|Compute \(SM\) Throughput|Achieved Occupancy|Registers Per|Block Size|Stall|Issue Slots Busy|Dynamic Shared|stalled|bank_conflicts|inst_executed|No Eligible|Eligible Warps" "$f" |
    awk '$NF != "0" && $NF != "0.00"' | head -80
done
