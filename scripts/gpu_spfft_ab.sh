#!/usr/bin/env bash
# Warm times of the sparse 2-D FFT in two source trees (A: a baseline tree, B: the working tree),
# A B A B on benzene, delaunay_n14 and the generated 52329^2 stiffness-like matrix, then on B:
# --check with --dense-baseline (the memory and speed ratios against dense kfft and cuFFT) and
# the CUDA sparse tests. SPFFT_AB_CASES="M [options],M [options]" replaces the three cases.
#   rm -rf .ab-base && mkdir .ab-base && git archive HEAD src include bench cli cmake CMakeLists.txt tests | tar -x -C .ab-base
#   run(command="bash scripts/gpu_spfft_ab.sh .ab-base", carry=[".ab-base", ".deps"])
# Needs .deps/shared/data/mtx and .deps/fftw. Writes $OUT/spfft-ab.txt.
set -u -o pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: gpu_spfft_ab.sh BASE_TREE}
OUT=${OUT:-$PWD/spfft-ab-out}
mkdir -p "$OUT"
M=.deps/shared/data/mtx
. scripts/ab_build.sh
build_pair "$base" -DKFFT_FFTW_ROOT="$PWD/.deps/fftw" || exit 1
build-gpu/kfft gen-matrix /tmp/pct.mtx --kind grid3d --dims 38x38x37 --stencil box --reach 1,1,2 --rows 52329 --links 209124 --seed 1 >/dev/null
export KFFT_CACHE_DIR=$PWD/.kfft-cache-spfft
# SPFFT_AB_CASES: "matrix [options]" entries separated by commas
IFS=, read -ra cases <<<"${SPFFT_AB_CASES:-$M/benzene.mtx,$M/delaunay_n14.mtx,/tmp/pct.mtx}"
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  for rep in 1 2; do
    for side in A B; do
      tree=.; [ $side = A ] && tree=$base
      for c in "${cases[@]}"; do
        echo "== $side rep $rep ${c#$M/}: $(timeout 120 "$tree/build-gpu/kfft" spfft $c --repeat 20 2>&1 |
          grep -E "^(tiles|memory|time) " | sed 's/  */ /g' | tr '\n' ';')"
      done
    done
  done
  echo "== B: --check --dense-baseline"
  for m in $M/benzene.mtx $M/delaunay_n14.mtx; do
    timeout 120 build-gpu/kfft spfft "$m" --repeat 20 --check --dense-baseline 2>&1 | grep -E "^(matrix|tiles|memory|time|check|dense) "
  done
  timeout 200 build-gpu/kfft spfft /tmp/pct.mtx --repeat 5 --check 2>&1 | grep -E "^(matrix|tiles|memory|time|check) "
  echo "== B: test_spfft on CUDA"
  for t in gen errors shared large; do KFFT_SHARED_DIR=$PWD/.deps/shared timeout 150 build-gpu/tests/test_spfft $t 2>&1 | tail -1; done
} 2>&1 | tee "$OUT/spfft-ab.txt"
