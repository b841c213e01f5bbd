#!/usr/bin/env bash
# The global loads of kernels that once waited for each other (scripts/sass_count.py --load-runs:
# NVRTC's PTX, no GPU) still form one run, all in flight at once. A floating-point operation on a
# loaded value inside the branch around its load makes the warp wait there, load by load:
#   c2r:8192x8192 k0   session 67: the conjugation at a C2R column stage's load (swap instead);
#                      50% of DRAM peak against R2C's same pass at 73%
#   c2r:1024 k0        session 67: the Hermitian pre-step inside the column guard (clamp_loads)
#   c2r:128x128x128 k1 session 67: the C2R plane's loads, the same
#   3345x3345 k0       f28dcb6: Bluestein's chirp multiplied beside each load (11 runs of 2, -15%)
# usage: tests/test_load_runs.sh path/to/kfft_describe   (exits 77, skipped, without python3 or NVRTC)
set -u
DESCRIBE=${1:?usage: $0 path/to/kfft_describe}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NVRTC=${KFFT_NVRTC_LIB:-/usr/local/cuda/lib64/libnvrtc.so}
command -v python3 >/dev/null || { echo "SKIP: *** python3 not found: load runs NOT checked ***"; exit 77; }
[ -e "$NVRTC" ] || { echo "SKIP: *** $NVRTC not found (KFFT_NVRTC_LIB): load runs NOT checked ***"; exit 77; }
command -v readelf >/dev/null || { echo "SKIP: *** readelf not found: load runs NOT checked ***"; exit 77; }
fail=0
check() { # case kernel extra-args...
  local c=$1 k=$2; shift 2
  local out
  out=$(python3 "$ROOT/scripts/sass_count.py" --describe "$DESCRIBE" --nvrtc "$NVRTC" --load-runs "$@" "$c" 2>&1)
  local runs
  runs=$(printf '%s\n' "$out" | grep -oE "\| $k [^|]*" | grep -oE "ld[0-9]+/[0-9]+" | head -1)
  if [ -z "$runs" ]; then
    echo "FAIL $c $k $*: no load count: $out"; fail=$((fail + 1))
  elif [ "${runs#*/}" != 1 ]; then
    echo "FAIL $c $k $*: $runs (loads/runs), want one run: $out"; fail=$((fail + 1))
  else
    echo "ok   $c $k $*: $runs"
  fi
}
check c2r:8192x8192 k0 --mem-gbs 4814
check c2r:8192x8192 k0 --mem-gbs 4814 --f64
check c2r:8192x8192 k0
check c2r:1024 k0 --mem-gbs 4814
check c2r:128x128x128 k1 --mem-gbs 4814
check 3345x3345 k0 --mem-gbs 4814
echo "load runs: $fail failed"
[ "$fail" = 0 ]
