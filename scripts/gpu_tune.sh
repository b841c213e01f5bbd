#!/usr/bin/env bash
# The measuring planner on the GPU: kfft tune on the harness's cases, then the
# harness (bench/bench.c) on the same cases, whose contexts read the wisdom just written
# (same KFFT_CACHE_DIR). Through the device tool: run(command="bash scripts/gpu_tune.sh").
# Writes $OUT/tune.txt, $OUT/wisdom.txt and $OUT/bench-tuned.{txt,csv}.
#   TUNE_CASES="127 2039"   these cases instead of the preset list
#   TUNE_PRECS="f32 f64"    precisions (default f32)
#   TUNE_VERBOSE=1          every candidate's time, case by case (a sweep to fit defaults to),
#                           into $OUT/tune-candidates.txt; TUNE_BENCH=0 skips the harness
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/tune-out}
mkdir -p "$OUT"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j16 --target kfft_cli kfft_bench; } >"$OUT/build.log" 2>&1; then
  tail -30 "$OUT/build.log"; exit 1
fi
echo "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader), $(date -u +%F)"
cases=(1024 4096 16384 1000 1536 6720 17496 16464 127 4093 8219 r2c:1024 r2c:16384 r2c:8219 1024x1024 4096x4096
       128x128x128 256x256x256 r2c:8219x8219
       65536 262144 1048576 110592 52329 100003 1000003)  # multi-pass stages: radices and padding of their passes
[ -n "${TUNE_CASES:-}" ] && read -r -a cases <<<"$TUNE_CASES"
rm -f "$KFFT_CACHE_DIR/wisdom.txt"
for prec in ${TUNE_PRECS:-f32}; do
  if [ "${TUNE_VERBOSE:-0}" = 1 ]; then
    for c in "${cases[@]}"; do
      echo "== $prec $c" >>"$OUT/tune-candidates.txt"
      timeout 120 build-gpu/kfft tune "$c" --precision "$prec" --elems 27 --verbose 2>&1 \
        | grep -E "tune: |^[0-9a-z:x]+ +[0-9]" | tee -a "$OUT/tune-candidates.txt" | grep -v "stage"
    done
  else
    build-gpu/kfft tune "${cases[@]}" --precision "$prec" --elems 27 | tee -a "$OUT/tune.txt"
  fi
done
cp "$KFFT_CACHE_DIR/wisdom.txt" "$OUT/wisdom.txt"
[ "${TUNE_BENCH:-1}" = 1 ] && build-gpu/kfft_bench --csv "$OUT/bench-tuned.csv" "${cases[@]}" | tee "$OUT/bench-tuned.txt"
exit 0
