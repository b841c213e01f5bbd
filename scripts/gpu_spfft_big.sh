#!/usr/bin/env bash
# The sparse-input 2-D FFT's streaming cases on an NVIDIA GPU (after scripts/gpu_spfft.sh,
# whose build-gpu it reuses or makes): a 100000^2 matrix with 2 M entries into a 40 GB .npy
# file under a 4 GB device budget, against the time to write 40 GB with dd; small budgets and
# row ranges on benzene and the 52329^2 matrix.   run(command="bash scripts/gpu_spfft_big.sh", carry=[".deps"])
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/spfft-out}
mkdir -p "$OUT"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
if [ ! -x build-gpu/kfft ]; then
  { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j16 --target kfft_cli; } >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
fi
K=build-gpu/kfft
M=.deps/shared/data/mtx
{
  date -u
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  free -g | head -2; df -h /tmp | tail -1
  timeout 60 $K spfft $M/benzene.mtx --repeat 20 --budget 64M; echo
  $K gen-matrix /tmp/pct.mtx --kind grid3d --dims 38x38x37 --stencil box --reach 1,1,2 --rows 52329 --links 209124 --seed 1
  timeout 60 $K spfft /tmp/pct.mtx --repeat 5 --rows 0:1000 --check; echo
  $K gen-matrix /tmp/big.mtx --kind random --rows 100000 --cols 100000 --nnz 2000000 --seed 1
  # peak host memory of the run: /usr/bin/time when present
  T=(); [ -x /usr/bin/time ] && T=(/usr/bin/time -f "peak host memory %M KB, wall %e s")
  time "${T[@]}" timeout 300 $K spfft /tmp/big.mtx --repeat 1 --budget 4G --out /tmp/big.npy --check
  ls -la /tmp/big.npy; rm -f /tmp/big.npy
  echo "== the time to write 40 GB to the same disk (dd from memory, page cache as for kfft)"
  sync; time dd if=/dev/zero of=/tmp/zero.bin bs=64M count=597 status=none; rm -f /tmp/zero.bin
} 2>&1 | tee "$OUT/spfft-big.txt"
