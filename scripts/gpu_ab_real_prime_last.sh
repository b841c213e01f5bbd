#!/usr/bin/env bash
# Branch real-prime-last (session 77, untimed: no device time left): a C2R (and a single R2C) of two prime factors
# past 31 with no smooth rest (20413 = 137 x 149) as the two prime passes alone, the second storing the reals, in
# place of Bluestein over the whole length; and the R2C pairing pass's slot test without a constant operand (PoCL
# warned; the same code after constant folding). Against main built beside it, same run. Before the call:
#   rm -rf .ab-old && mkdir .ab-old && git archive main | tar -x -C .ab-old && rm -rf .ab-old/bench/results .ab-old/docs
#   run(command='bash scripts/gpu_ab_real_prime_last.sh 2>&1 | tail -80', carry=['.deps', '.ab-old'])
# C2R lengths: every 11th fp32 (every 20th fp64) c2r length of the describe sweep's real family that moves; R2C
# two-for-one lengths whose pairing pass's text changed (should be even).
set -u -o pipefail
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
t0=$(date +%s)
. scripts/bench_env.sh; bench_env real-prime-last-out build.log
cmake --build build-gpu -j16 --target test_dense >> $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
(cd .ab-old && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build -j16 --target kfft_bench > /dev/null) || { echo OLD BUILD FAILED; exit 1; }
echo "build $(($(date +%s) - t0)) s"
F32="c2r:20413 c2r:130499 c2r:14017 c2r:16129 c2r:18703 c2r:20617 c2r:22663 c2r:24467 c2r:26623 c2r:28471 r2c:14335 r2c:17261 r2c:24345 r2c:29218 r2c:100003"
F64="c2r:20413 c2r:8077 c2r:12169 c2r:16459 c2r:20221 c2r:23587 c2r:27877 r2c:14335 r2c:100003"
ab() { local pre=$1 bin=$2 to=$3 prec=$4; shift 4; timeout $to $bin --prec $prec --no-plan-time "$@" 2>&1 | grep -E "^[0-9a-z]" | grep -v "^kfft:" | awk -v m="$pre" -v p=$prec '$8+0>0{print m,p,$1,$3,$8,$11,$12}'; echo "$pre done $(($(date +%s) - t0)) s"; }
for rep in 1 2; do
  ms="old new"; [ $rep = 2 ] && ms="new old"
  for m in $ms; do
    bin=build-gpu/kfft_bench; [ $m = old ] && bin=.ab-old/build/kfft_bench
    ab "r$rep $m" $bin 90 f32 $F32
    ab "r$rep $m" $bin 70 f64 $F64
  done
done | tee $OUT/ab.txt
left() { echo $((590 - $(date +%s) + t0)); }
l=$(left); [ $l -gt 20 ] && timeout $l build-gpu/tests/test_dense --backend cuda --prec both --set real-sample --sizes 20413,130499,14017,16129,8077,12169,14335,17261,29218 2>&1 | tail -3 | tee $OUT/check.txt
echo "end $(($(date +%s) - t0)) s"
