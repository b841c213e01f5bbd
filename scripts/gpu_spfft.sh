#!/usr/bin/env bash
# The sparse-input 2-D FFT on an NVIDIA GPU: its tests on CUDA, then the anchor matrices
# (benzene, delaunay_n14, a generated 52329^2 stiffness-like matrix) timed with --check,
# against kfft's dense 2-D R2C in the same process and cuFFT's dense R2C in the same call.
# Before it, on this machine: bash scripts/fetch_deps.sh; mkdir -p .deps/shared/data/mtx;
# cp ../shared/data/mtx/*.mtx .deps/shared/data/mtx/   then through the device tool:
#   run(command="bash scripts/gpu_spfft.sh", carry=[".deps"])     -> $OUT/spfft.txt
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/spfft-out}
mkdir -p "$OUT"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
export KFFT_SHARED_DIR=$PWD/.deps/shared
fftw=()
[ -f .deps/fftw/lib/libfftw3.a ] && fftw=(-DKFFT_FFTW_ROOT="$PWD/.deps/fftw")
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release "${fftw[@]}" && cmake --build build-gpu -j16; } >"$OUT/build.log" 2>&1; then
  tail -30 "$OUT/build.log"; exit 1
fi
M=.deps/shared/data/mtx
K=build-gpu/kfft
{
  date -u
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  for t in gen large shared errors; do
    echo "== test_spfft $t (CUDA)"
    timeout 200 build-gpu/tests/test_spfft $t | grep -E "FAIL|checks|SKIP" | head -20
  done
  echo "== anchors"
  $K gen-matrix /tmp/pct.mtx --kind grid3d --dims 38x38x37 --stencil box --reach 1,1,2 --rows 52329 --links 209124 --seed 1
  for f in $M/benzene.mtx $M/delaunay_n14.mtx; do
    timeout 120 $K spfft $f --repeat 20 --check --dense-baseline; echo
  done
  timeout 120 $K spfft $M/benzene.mtx --repeat 20 --check --precision f64; echo
  timeout 200 $K spfft /tmp/pct.mtx --repeat 5 --check; echo
  timeout 200 $K spfft /tmp/pct.mtx --repeat 3 --check --host --budget 1G; echo
  timeout 200 $K spfft /tmp/pct.mtx --repeat 3 --check --pageable --budget 1G; echo
  timeout 200 $K spfft /tmp/pct.mtx --repeat 1 --check --out /tmp/pct.npy --budget 1G; echo
  ls -la /tmp/pct.npy; df -h /tmp | tail -1
  rm -f /tmp/pct.npy
  echo "== cuFFT and kfft dense R2C, same call (bench/bench.c)"
  timeout 200 build-gpu/kfft_bench --elems 28 r2c:8219x8219 r2c:16384x16384
} 2>&1 | tee "$OUT/spfft.txt"
