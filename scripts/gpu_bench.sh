#!/usr/bin/env bash
# Benchmark kfft against cuFFT on the GPU (bench/bench.c), fp32 and fp64. Through the device
# tool: run(command="bash scripts/gpu_bench.sh"). Writes $OUT/bench-{f32,f64}.{txt,csv,json,svg}.
# Arguments, if any, are the cases to run instead of the preset lists (e.g. r2c:52329x52329);
# BENCH_PRECS=f32 runs one precision.
set -u -o pipefail
cd "$(dirname "$0")/.."
. scripts/bench_env.sh
bench_env bench-out bench-build.log
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for p in ${BENCH_PRECS:-f32 f64}; do
  args=()
  [ $p = f64 ] && [ $# -eq 0 ] && args=(--elems 26 1024 4096 65536 1048576 8219 100003 r2c:16384 r2c:1048576 1024x1024 4096x4096
                        8219x8219 r2c:4096x4096 r2c:8219x8219 c2r:8219 c2r:100003 128x128x128 256x256x256)
  build-gpu/kfft_bench --prec $p --csv "$OUT/bench-$p.csv" --json "$OUT/bench-$p.json" --svg "$OUT/bench-$p.svg" \
    "${args[@]}" "$@" | tee "$OUT/bench-$p.txt"
done
