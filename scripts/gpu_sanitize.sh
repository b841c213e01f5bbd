#!/usr/bin/env bash
# compute-sanitizer on kfft's generated kernels (memcheck: out-of-bounds and misaligned accesses,
# global and shared; racecheck: shared-memory hazards between a block's threads) for bench cases,
# each at a small batch, through the device tool:
#   run(command='SAN_CASES="r2c:256x256 c2r:256x256" bash scripts/gpu_sanitize.sh', carry=[".deps"])
# Only kernels named kfft_k* are checked (cuFFT's run beside them unchecked). SAN_TOOLS (memcheck
# racecheck), SAN_ELEMS (log2 of the elements a case is batched to: 23), SAN_TIMEOUT (s a run: 120).
# Writes $OUT/sanitize-TOOL-CASE.log and prints each run's error summary.
set -u -o pipefail
cd "$(dirname "$0")/.."
. scripts/bench_env.sh
bench_env sanitize-out build.log
fail=0
for tool in ${SAN_TOOLS:-memcheck racecheck}; do
  for c in ${SAN_CASES:?set SAN_CASES}; do
    log="$OUT/sanitize-$tool-${c//[:x]/_}.log"
    timeout "${SAN_TIMEOUT:-120}" compute-sanitizer --tool "$tool" --kernel-name kns=kfft_k --error-exitcode 9 \
      build-gpu/kfft_bench --no-plan-time --runs 1 --elems "${SAN_ELEMS:-23}" "$c" >"$log" 2>&1
    rc=$?
    printf '%-10s %-20s rc=%-3s %s\n' "$tool" "$c" "$rc" "$(grep -m1 -E '(ERROR|RACECHECK) SUMMARY' "$log" || echo '(no summary)')"
    [ $rc -eq 0 ] || fail=1
  done
done
[ $fail -eq 0 ] && echo "== sanitize PASSED" || echo "== sanitize FAILED (logs in $OUT)"
exit $fail
