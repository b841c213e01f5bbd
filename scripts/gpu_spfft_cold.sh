#!/usr/bin/env bash
# Cold plan time of the sparse 2-D FFT (empty kernel cache each run) in two source trees, A B A B,
# then --check and the CUDA sparse tests on the working tree:
#   rm -rf .ab-base && mkdir .ab-base && git archive HEAD src include bench cli cmake CMakeLists.txt tests | tar -x -C .ab-base
#   run(command="bash scripts/gpu_spfft_cold.sh .ab-base", carry=[".ab-base", ".deps"])
# Needs .deps/shared/data/mtx (the real matrices) and .deps/fftw. Writes $OUT/spfft-cold.txt.
set -u -o pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: gpu_spfft_cold.sh BASE_TREE}
OUT=${OUT:-$PWD/spfft-cold-out}
mkdir -p "$OUT"
mtx=${SPFFT_COLD_MATRICES:-".deps/shared/data/mtx/benzene.mtx .deps/shared/data/mtx/delaunay_n14.mtx"}
. scripts/ab_build.sh
build_pair "$base" -DKFFT_FFTW_ROOT="$PWD/.deps/fftw" || exit 1
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  for rep in 1 2; do
    for side in A B; do
      tree=.; [ $side = A ] && tree=$base
      for m in $mtx; do
        cache=$(mktemp -d)
        echo "== $side rep $rep $(basename "$m"): $(KFFT_CACHE_DIR=$cache "$tree/build-gpu/kfft" spfft "$m" --repeat 5 2>&1 | grep -oE "plan [0-9.]+ ms|time +[0-9.]+ ms" | tr '\n' ' ')"
        rm -rf "$cache"
      done
    done
  done
  echo "== B: --check"
  for m in $mtx; do build-gpu/kfft spfft "$m" --repeat 10 --check 2>&1 | grep -E "^time|^check"; done
  echo "== B: test_spfft on CUDA"
  for t in gen errors shared; do KFFT_SHARED_DIR=$PWD/.deps/shared timeout 100 build-gpu/tests/test_spfft $t 2>&1 | tail -1; done
} 2>&1 | tee "$OUT/spfft-cold.txt"
