#!/usr/bin/env bash
# Benchmark kfft against cuFFT on the GPU (bench/bench.c), fp32 and fp64. Through the device
# tool: run(command="bash scripts/gpu_bench.sh"). Writes $OUT/bench-f32.txt/.csv, -f64.
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/bench-out}
mkdir -p "$OUT"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j16 --target kfft_bench; } >"$OUT/bench-build.log" 2>&1; then
  tail -30 "$OUT/bench-build.log"; exit 1
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
build-gpu/kfft_bench --prec f32 --csv "$OUT/bench-f32.csv" "$@" | tee "$OUT/bench-f32.txt"
build-gpu/kfft_bench --prec f64 --elems 26 --csv "$OUT/bench-f64.csv" 1024 4096 65536 1048576 8219 100003 r2c:16384 \
  1024x1024 r2c:4096x4096 r2c:8219x8219 128x128x128 "$@" | tee "$OUT/bench-f64.txt"
