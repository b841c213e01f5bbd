#!/usr/bin/env bash
# A session's closing device call: the GPU check's c2c and rest parts (scripts/gpu_check.sh),
# then the harness on a few cases whose cold plan times show the parallel per-kernel compile:
#   run(command="bash scripts/gpu_final.sh", carry=[".deps"])
# FINAL_CASES overrides the harness cases. Writes $OUT/summary.txt, $OUT/bench.txt.
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/final-out}
mkdir -p "$OUT"
GPU_CHECK_PARTS="c2c rest" OUT=$OUT bash scripts/gpu_check.sh 2>&1 | tail -12
cases=(${FINAL_CASES:-1048576 1000003 8219 1024x1024 16384x16384 8192x8192 r2c:16384x16384 r2c:3345x3345 65536})
KFFT_CACHE_DIR=$PWD/.kfft-cache-final timeout 240 build-gpu/kfft_bench "${cases[@]}" 2>&1 | tee "$OUT/bench.txt" | grep -v "^#" | cut -c1-190
