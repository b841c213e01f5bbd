#!/usr/bin/env bash
# Where a kernel's warps wait (Nsight Compute): stall reasons per issued instruction, shared
# memory instructions and bank conflicts, FP32 instruction mix, occupancy, for the first
# launch (PROFILE_LAUNCHES) of each bench case given, f32:
#   run(command="bash scripts/gpu_stalls.sh 17443 52329")
# Writes $OUT/stalls-<case>.txt.
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/stalls-out}
mkdir -p "$OUT"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j16 --target kfft_bench; } >"$OUT/build.log" 2>&1; then
  tail -30 "$OUT/build.log"; exit 1
fi
m="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio"
m+=",smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed.sum"
m+=",l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
m+=",sm__sass_thread_inst_executed_op_fadd_pred_on.sum,sm__sass_thread_inst_executed_op_ffma_pred_on.sum,sm__sass_thread_inst_executed_op_fmul_pred_on.sum"
for c in "$@"; do
  f="$OUT/stalls-${c//[:x]/_}.txt"
  ncu --clock-control none -k regex:kfft_k --launch-count "${PROFILE_LAUNCHES:-1}" --section SpeedOfLight --section Occupancy \
    --section LaunchStats --section WarpStateStats --section SchedulerStats --metrics "$m" \
    build-gpu/kfft_bench --prec f32 --runs 1 --elems 27 "$c" >"$f" 2>&1
  echo "== $c: $f"
  # the nonzero stall reasons and counts, and the headline numbers
  grep -E "kfft_k|Duration|Registers Per|Block Size|Achieved Occ|stalled|bank_conflicts|inst_executed|Issue Slots|No Eligible|Eligible Warps|Dynamic Shared" "$f" |
    awk '$NF != "0" && $NF != "0.00"' | head -60
done
