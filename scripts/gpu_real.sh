#!/usr/bin/env bash
# A short device call for the real-data routes: builds only test_dense and the bench, checks
# R2C/C2R on CUDA for lengths that run in passes (two-for-one pairing in the last pass: powers
# of two, Rader-pass chains) plus the layout set, then benches the R2C cases in passes:
#   run(command="bash scripts/gpu_real.sh", carry=[".deps"])
# REAL_SIZES and REAL_CASES replace the default lists.
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/real-out}
mkdir -p "$OUT"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
fftw=()
[ -f .deps/fftw/lib/libfftw3.a ] && fftw=(-DKFFT_FFTW_ROOT="$PWD/.deps/fftw")
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release "${fftw[@]}" && cmake --build build-gpu -j16 --target test_dense kfft_bench; } >"$OUT/build.log" 2>&1; then
  tail -30 "$OUT/build.log"; exit 1
fi
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  build-gpu/tests/test_dense --backend cuda --prec both --set real-full --sizes ${REAL_SIZES:-65536,1048576,6933,14403,52329,131072} 2>&1 | grep -E "FAIL|worst|checks" | head -20
  build-gpu/tests/test_dense --backend cuda --prec both --set layout 2>&1 | grep -E "FAIL|worst|checks" | head -20
  build-gpu/kfft_bench --prec f32 ${REAL_CASES:-r2c:1048576 r2c:4194304 r2c:16777216 r2c:52329 r2c:52329x52329} 2>&1
} | tee "$OUT/real.txt"
