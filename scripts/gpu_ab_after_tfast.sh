#!/usr/bin/env bash
# Session 8's A/B follow-up (run by gpu_ab.sh through AB_AFTER): the transform-fastest
# column passes on CUDA against FFTW (test_dense nd-large), then fp64 rows of both trees.
set -u -o pipefail
cd "$(dirname "$0")/.."
base=${1:-.ab-base}
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DKFFT_FFTW_ROOT="$PWD/.deps/fftw" && cmake --build build-gpu -j16 --target test_dense; } >/tmp/td-build.log 2>&1 || tail -20 /tmp/td-build.log
echo "== test_dense nd-large (CUDA, f32 and f64)"
KFFT_CACHE_DIR=$PWD/.kfft-cache-B timeout 300 build-gpu/tests/test_dense --backend cuda --prec both --set nd-large 2>&1 | grep -E "FAIL|worst|checks" | head -20
for side in A B; do
  tree=.; [ $side = A ] && tree=$base
  echo "== fp64 $side"
  KFFT_CACHE_DIR=$PWD/.kfft-cache-$side timeout 120 "$tree/build-gpu/kfft_bench" --prec f64 8192x8192 16384x16384 r2c:8192x8192 2>&1 |
    grep -vE "^#|^case|^NVIDIA" | awk '{printf "%-18s %8s %9s %8s %9s %6s %8s %8s\n", $1, $3, $4, $6, $7, $8, $11, $12}'
done
