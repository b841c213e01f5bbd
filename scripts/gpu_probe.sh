#!/usr/bin/env bash
# One device call that finishes a GPU-check shard and measures candidate changes: the tests
# named in PROBE_TESTS (each "ENV...|test_dense arguments", run on CUDA, in parallel), the
# bench cases EXP_CASES under the settings EXP_SETTINGS (scripts/gpu_exp.sh), kfft tune on
# PROBE_TUNE (per-candidate times), and Nsight Compute sections of PROBE_PROFILE's cases:
#   run(command="PROBE_TESTS='KFFT_X=1|--set nd' EXP_SETTINGS='-|KFFT_X=1' EXP_CASES='16384'
#       PROBE_TUNE='c2r:16384' PROBE_PROFILE='c2r:16384' bash scripts/gpu_probe.sh", carry=[".deps"])
# Each step has a time limit so the call stays under the device's 600 s.
set -u -o pipefail
cd "$(dirname "$0")/.."
export OUT=${OUT:-$PWD/probe-out}
mkdir -p "$OUT"
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
fftw=()
[ -f .deps/fftw/lib/libfftw3.a ] && fftw=(-DKFFT_FFTW_ROOT="$PWD/.deps/fftw")
t0=$(date +%s)
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release "${fftw[@]}" && cmake --build build-gpu -j16; } >"$OUT/build.log" 2>&1; then
  tail -30 "$OUT/build.log"; exit 1
fi
echo "== built in $(( $(date +%s) - t0 ))s; $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
IFS=';' read -r -a tests <<<"${PROBE_TESTS:-}"
pids=()
for i in "${!tests[@]}"; do
  envs=${tests[$i]%%|*} args=${tests[$i]#*|}
  [ "$envs" = - ] && envs=
  ( env $envs timeout "${PROBE_TEST_LIMIT:-200}" build-gpu/tests/test_dense --backend cuda $args >"$OUT/.test$i.log" 2>&1
    echo "rc=$?" >>"$OUT/.test$i.log" ) &
  pids+=($!)
done
[ ${#pids[@]} -gt 0 ] && wait "${pids[@]}"
for i in "${!tests[@]}"; do
  echo "== test [${tests[$i]}]"; grep -E "worst|checks|FAIL|rc=" "$OUT/.test$i.log" | head -12
done | tee "$OUT/tests.txt"
rm -f "$OUT"/.test*.log
echo "== tests done at $(( $(date +%s) - t0 ))s"
[ -n "${EXP_CASES:-}" ] && timeout "${PROBE_EXP_LIMIT:-240}" bash scripts/gpu_exp.sh
echo "== exp done at $(( $(date +%s) - t0 ))s"
for c in ${PROBE_TUNE:-}; do
  # a cache of its own: the wisdom it writes must not reach the profile step
  KFFT_CACHE_DIR=$KFFT_CACHE_DIR-tune timeout 120 build-gpu/kfft tune "$c" --elems 27 --verbose 2>&1 | grep -E "tune|case|x " | tee -a "$OUT/tune.txt"
done
echo "== tune done at $(( $(date +%s) - t0 ))s"
[ -n "${PROBE_PROFILE:-}" ] && timeout 150 bash scripts/gpu_profile.sh ${PROBE_PROFILE} >"$OUT/profile-summary.txt" 2>&1
echo "== profile done at $(( $(date +%s) - t0 ))s"
