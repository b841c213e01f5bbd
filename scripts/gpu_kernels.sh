#!/usr/bin/env bash
# What the device's compiler made of each kernel of the bench cases given: threads, shared
# memory, registers, spills and blocks per SM, from the library's verbose log (the backend's
# kernel_info; the local ptxas can disagree with the device's). Register bounds in
# src/plan/schedule.c are chosen from these counts:
#   run(command="PREC=f64 bash scripts/gpu_kernels.sh 4096 r2c:4096 1024x1024", carry=[".deps"])
# Prints, per case, its plan and a line per kernel, then the bench row (one timed run).
set -u -o pipefail
cd "$(dirname "$0")/.."
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j16 --target kfft_bench; } >/tmp/kfft-kernels-build.log 2>&1; then
  tail -30 /tmp/kfft-kernels-build.log; exit 1
fi
build-gpu/kfft_bench --verbose --no-plan-time --runs 1 --prec "${PREC:-f32}" "$@" 2>&1 |
  grep -E "^kfft: (plan|k[0-9]+:)|^[0-9rc][^ ]* +[0-9]" | sed 's/^kfft: //'
