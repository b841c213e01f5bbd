#!/usr/bin/env bash
# One device call for a kernel change: the quick GPU check (CI size lists on CUDA), a prime
# sweep, a few bench cases against cuFFT and, if given, ncu profiles:
#   run(command="bash scripts/gpu_iter.sh", carry=[".deps"])
# ITER_CASES (bench cases), ITER_PROFILE (cases for scripts/gpu_profile.sh).
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/iter-out}
export OUT
GPU_CHECK_SETS=ci-sample GPU_CHECK_PARTS="c2c real" bash scripts/gpu_check.sh >/dev/null 2>&1
cat "$OUT/summary.txt"
primes=37,41,53,61,67,71,73,79,97,101,127,131,257,509,1021,2039,4093,7681,8191,10007,12289,17443,18433,26881
build-gpu/tests/test_c2c --backend cuda --prec both --sizes $primes 2>&1 | tail -4 | tee "$OUT/primes.txt"
BENCH_PRECS=f32 bash scripts/gpu_bench.sh ${ITER_CASES:-} 2>&1 | grep -v "^NVIDIA"
[ -n "${ITER_PROFILE:-}" ] && timeout 200 bash scripts/gpu_profile.sh $ITER_PROFILE
exit 0
