#!/usr/bin/env bash
# Per-kernel times and bytes (Nsight Compute) of the sparse 2-D FFT's direct-sum and row-FFT
# kernels, in the working tree and, if given, a baseline tree (built as gpu_spfft_ab.sh does):
#   run(command="bash scripts/gpu_spfft_profile.sh .ab-base", carry=[".ab-base", ".deps"])
# SPFFT_PROFILE_CASES: matrices (default benzene and delaunay_n14); SPFFT_PROFILE_LAUNCHES: kernels
# per run (default 4: a warm-up's and a timed run's). Writes $OUT/spfft-profile.txt.
set -u -o pipefail
cd "$(dirname "$0")/.."
base=${1:-}
OUT=${OUT:-$PWD/spfft-profile-out}
mkdir -p "$OUT"
M=.deps/shared/data/mtx
. scripts/ab_build.sh
if [ -n "$base" ]; then build_pair "$base" '' --target kfft_cli || exit 1; else build_tree . '' --target kfft_cli || exit 1; fi
export KFFT_CACHE_DIR=$PWD/.kfft-cache-spfft
m=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum
m+=,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread,launch__grid_size
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  for tree in . $base; do
    for c in ${SPFFT_PROFILE_CASES:-$M/benzene.mtx $M/delaunay_n14.mtx}; do
      echo "== tree $tree: ${c#$M/}"
      ncu --clock-control none -k "regex:kfft_(sp|k[0-9])" --launch-count "${SPFFT_PROFILE_LAUNCHES:-4}" --metrics "$m" \
        "$tree/build-gpu/kfft" spfft "$c" --repeat 1 2>&1 | grep -E "kfft_(sp|k[0-9])|gpu__time|dram__bytes|lts__t_sectors|sm__throughput|registers|grid_size"
    done
  done
} 2>&1 | tee "$OUT/spfft-profile.txt"
