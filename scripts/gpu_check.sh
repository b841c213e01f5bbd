#!/usr/bin/env bash
# GPU check: on a machine with an NVIDIA GPU, build kfft, run the whole test suite on the
# CUDA backend (the full size list), and print a summary. Used through the device tool:
#   run(command="bash scripts/gpu_check.sh", carry=[".deps"])
# .deps/fftw holds include/fftw3.h and lib/libfftw3.a (the reference; scripts/fetch_deps.sh).
# GPU_CHECK_SETS=ci-sample runs the CI size lists instead of the full ones (a quick check);
# GPU_CHECK_SIZES="n1,n2,..." runs the c2c part on those lengths alone.
# GPU_CHECK_PARTS="c2c real rest" (the default: all three) picks parts, so the full check
# can be split over device calls of under 10 minutes each (cold kernel cache on the H100:
# c2c about 230 s, real about 600 s, rest about 150 s: run c2c with rest, and real alone or,
# over the limit, as GPU_CHECK_REAL_LARGE=1 and GPU_CHECK_REAL_SMALL=1 in two calls).
# Logs go to $OUT (or ./gpu-check-out).
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-check-out}
LOG=$PWD/build-gpu/logs   # per-step logs; $OUT gets the summary and one combined log
mkdir -p "$OUT" "$LOG"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
# The real matrices of ../shared, when copied into .deps/shared (carried): the sparse tests use them.
[ -d .deps/shared/data/mtx ] && export KFFT_SHARED_DIR=$PWD/.deps/shared
SETS=${GPU_CHECK_SETS:-full}
PARTS=" ${GPU_CHECK_PARTS:-c2c real rest} "
part() { [[ "$PARTS" == *" $1 "* ]]; }
{
  echo "== gpu check $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1
  nvcc --version 2>/dev/null | tail -1
} | tee "$OUT/summary.txt"

fftw=()
[ -f .deps/fftw/lib/libfftw3.a ] && fftw=(-DKFFT_FFTW_ROOT="$PWD/.deps/fftw")
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release "${fftw[@]}" && cmake --build build-gpu -j16; } >"$LOG/build.log" 2>&1; then
  tail -30 "$LOG/build.log"; echo "BUILD FAILED" | tee -a "$OUT/summary.txt"; exit 1
fi

# The locale test needs a comma-decimal locale; build one if the machine has none installed.
if ! locale -a 2>/dev/null | grep -qi '^de_DE.utf8$'; then
  mkdir -p build-gpu/locale && localedef -i de_DE -f UTF-8 build-gpu/locale/de_DE.UTF-8 >/dev/null 2>&1 &&
    export LOCPATH=$PWD/build-gpu/locale
fi

status=0
step() { # name, command...
  local name=$1; shift
  local t0=$(date +%s)
  "$@" >"$LOG/$name.log" 2>&1; local rc=$?
  local t1=$(date +%s)
  printf '%-28s rc=%-3d %4ds  %s\n' "$name" "$rc" "$((t1 - t0))" "$(grep -E 'worst|passed|checks|SKIP|FAIL|tests' "$LOG/$name.log" | tail -4 | tr '\n' ';')" | tee -a "$OUT/summary.txt"
  [ $rc -eq 0 ] || status=1
}
# The full list (1..2048 and the large sizes, both precisions) is ~4000 NVRTC compiles:
# run it as parallel shards sharing the disk cache.
if [ "$SETS" = full ]; then
  shards=("--sizes 1-256" "--sizes 257-512" "--sizes 513-768" "--sizes 769-1024" "--sizes 1025-1280"
          "--sizes 1281-1536" "--sizes 1537-1792" "--sizes 1793-2048" "--set large")
else
  shards=("--set $SETS")
fi
# "n1,n2,..." as --sizes options of $2 shards (every $2-th length in each).
size_shards() {
  local -a sz
  IFS=, read -r -a sz <<<"$1"
  for ((i = 0; i < $2; i++)); do
    l=$(for j in "${!sz[@]}"; do [ $((j % $2)) = $i ] && printf '%s,' "${sz[$j]}"; done)
    [ -n "$l" ] && echo "--sizes ${l%,}"
  done
}
# GPU_CHECK_SIZES="n1,n2,...": the c2c part checks those lengths alone (GPU_CHECK_SHARDS shards,
# default 4), for the lengths a planner rule changes; GPU_CHECK_PREC="f32" (or f64) checks them in
# that precision alone.
if [ -n "${GPU_CHECK_SIZES:-}" ]; then
  mapfile -t shards < <(size_shards "$GPU_CHECK_SIZES" "${GPU_CHECK_SHARDS:-4}")
fi
pids=()
part c2c || shards=()
for i in "${!shards[@]}"; do
  for p in ${GPU_CHECK_PREC:-f32 f64}; do
    ( t0=$(date +%s); build-gpu/tests/test_c2c --backend cuda --prec $p ${shards[$i]} >"$LOG/c2c_${p}_$i.log" 2>&1
      echo "rc=$? $(( $(date +%s) - t0 ))s" >>"$LOG/c2c_${p}_$i.log" ) &
    pids+=($!)
  done
done
wait "${pids[@]}"
for p in ${GPU_CHECK_PREC:-f32 f64}; do
  part c2c || break
  fails=$(cat "$LOG"/c2c_${p}_*.log | grep -c '^FAIL')
  worst=$(grep -h "worst relative L2" "$LOG"/c2c_${p}_*.log | awk '{print $5}' | tr -d , | sort -g | tail -1)
  worstmax=$(grep -h "worst relative max" "$LOG"/c2c_${p}_*.log | awk '{print $9}' | sort -g | tail -1)
  checks=$(grep -h " checks, " "$LOG"/c2c_${p}_*.log | awk '{s+=$1} END {print s}')
  bad=$(grep -L "^rc=0 " "$LOG"/c2c_${p}_*.log | wc -l)
  printf 'c2c cuda %s: %s checks, %s FAIL lines, %s shards not ok; worst rel L2 %s, worst rel max %s\n' \
    $p "$checks" "$fails" "$bad" "$worst" "$worstmax" | tee -a "$OUT/summary.txt"
  [ "$fails" = 0 ] && [ "$bad" = 0 ] || status=1
done
# R2C/C2R of every n in 1..1024 and the large sizes, in and out of place, both precisions.
pids=()
dshards=()
for a in $(seq 1 64 1024); do dshards+=("--sizes $a-$((a + 63))"); done
dshards+=("--sizes large")
# GPU_CHECK_REAL_LARGE=1: only the large sizes (the multi-pass and big one-kernel routes) and
# the large 2-D/3-D shapes, for a call too short for the whole real part (~10 minutes cold).
[ -n "${GPU_CHECK_REAL_LARGE:-}" ] && dshards=("--sizes large")
# GPU_CHECK_REAL_SMALL=1: the other half, 1..1024 alone, each shard bounded to 540 s
# (GPU_CHECK_REAL_TIMEOUT=S sets another bound, leaving room for the build in a 600 s call; the
# shards of 641..1024 take 320-330 s on a cold H100 cache, so a bound of 330 cut three in session 37).
[ -n "${GPU_CHECK_REAL_SMALL:-}" ] && unset 'dshards[-1]'
real_timeout=$([ -n "${GPU_CHECK_REAL_SMALL:-}" ] && echo "${GPU_CHECK_REAL_TIMEOUT:-540}" || echo 0)
[ "$SETS" = full ] || dshards=("--sizes 1-64")
# GPU_CHECK_REAL_SIZES="n1,n2,...": the real part on those lengths alone (R2C and C2R, in and out
# of place, GPU_CHECK_PREC's precisions), in GPU_CHECK_SHARDS shards, and no 2-D/3-D step.
if [ -n "${GPU_CHECK_REAL_SIZES:-}" ]; then
  mapfile -t dshards < <(size_shards "$GPU_CHECK_REAL_SIZES" "${GPU_CHECK_SHARDS:-4}")
fi
case "${GPU_CHECK_PREC:-}" in f32 | f64) rprec=$GPU_CHECK_PREC ;; *) rprec=both ;; esac
part real || dshards=()
for i in "${!dshards[@]}"; do
  ( t0=$(date +%s); timeout $real_timeout build-gpu/tests/test_dense --backend cuda --prec $rprec --set real-full ${dshards[$i]} >"$LOG/real_$i.log" 2>&1
    echo "rc=$? $(( $(date +%s) - t0 ))s" >>"$LOG/real_$i.log" ) &
  pids+=($!)
done
wait "${pids[@]}"
if part real; then
fails=$(cat "$LOG"/real_*.log | grep -c '^FAIL')
checks=$(grep -h " checks, " "$LOG"/real_*.log | awk '{s+=$1} END {print s}')
bad=$(grep -L "^rc=0 " "$LOG"/real_*.log | wc -l)
for p in ${GPU_CHECK_PREC:-f32 f64}; do
  worst=$(grep -h "^$p: worst relative L2" "$LOG"/real_*.log | awk '{print $5}' | sort -g | tail -1)
  printf 'r2c/c2r cuda %s: worst rel L2 %s\n' $p "$worst" | tee -a "$OUT/summary.txt"
done
printf 'r2c/c2r cuda: %s checks, %s FAIL lines, %s shards not ok\n' "$checks" "$fails" "$bad" | tee -a "$OUT/summary.txt"
[ "$fails" = 0 ] && [ "$bad" = 0 ] || status=1
if [ -z "${GPU_CHECK_REAL_SMALL:-}${GPU_CHECK_REAL_SIZES:-}" ]; then
  step dense_nd_large build-gpu/tests/test_dense --backend cuda --set nd-large
  # The same in fp32 planned as for an H100 (KFFT_MEM_GBS): on 4 TB/s devices the rules leave out
  # the fp32 C2C and C2R cluster planes (planes.c) that the H100 takes and kfft tune can pick.
  step dense_nd_large_h100plans env KFFT_MEM_GBS=3352 build-gpu/tests/test_dense --backend cuda --prec f32 --set nd-large
fi
fi
# The NVRTC compile checks need no GPU (CI runs them); the rest runs here on CUDA.
part rest && step ctest ctest --test-dir build-gpu --output-on-failure -j4 -E "c2c_|nvrtc"
if [ -n "${GPU_CHECK_EXTRA:-}" ]; then step extra bash -c "$GPU_CHECK_EXTRA"; fi
cat "$LOG"/c2c_*.log "$LOG"/real_*.log 2>/dev/null | grep "^FAIL" | head -20
echo "== gpu check $([ $status -eq 0 ] && echo PASSED || echo FAILED)" | tee -a "$OUT/summary.txt"
for f in "$LOG"/*.log; do echo "=== $f"; cat "$f"; done >"$OUT/logs.txt" 2>&1
exit $status
