#!/usr/bin/env bash
# A/B experiment on the GPU: the same bench cases under several environment settings, each
# setting run EXP_REPS times (default 2) to show the run-to-run spread:
#   EXP_SETTINGS="KFFT_X=1|KFFT_X=2" EXP_CASES="127 4093" bash scripts/gpu_exp.sh
# ("-" as a setting: none). Needs build-gpu/kfft_bench (scripts/gpu_bench.sh builds it).
# Writes $OUT/exp.txt: case, batch, kfft ms, cuFFT ms, ratio, kfft vs cuFFT error.
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/exp-out}
mkdir -p "$OUT"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
[ -x build-gpu/kfft_bench ] || cmake --build build-gpu -j16 --target kfft_bench >/dev/null 2>&1
IFS='|' read -r -a settings <<<"${EXP_SETTINGS:--}"
for rep in $(seq "${EXP_REPS:-2}"); do
  for set in "${settings[@]}"; do
    echo "== $set (rep $rep)"
    env_args=()
    [ "$set" = - ] || read -r -a env_args <<<"$set"
    env "${env_args[@]}" build-gpu/kfft_bench --runs 20 ${EXP_CASES} 2>&1 | grep -vE "^#|^case|^NVIDIA" | awk '{print $1, $2, $3, $6, $8, $11}'
  done
done | tee "$OUT/exp.txt"
