#!/usr/bin/env bash
# A/B of two source trees on the GPU: the working tree (B) against a baseline tree (A: an
# earlier commit unpacked into an ignored folder and carried), the same bench cases in one
# call, alternating A B A B so the run-to-run spread shows:
#   rm -rf .ab-base && mkdir .ab-base && git archive HEAD src include bench cli cmake CMakeLists.txt tests | tar -x -C .ab-base
#   run(command='AB_CASES="65536 16384" bash scripts/gpu_ab.sh .ab-base', carry=[".ab-base"])
# Plan times are not measured (--no-plan-time: one compile per case) unless AB_PLAN_TIME=1
# (then the last column is cold/warm plan ms, each tree on a fresh cache). AB_PREC (f32), AB_REPS
# (2), AB_PROFILE="cases" also profiles both trees (scripts/gpu_profile.sh, with the L1
# wavefront tables), AB_AFTER="command" runs last (e.g. a correctness check).
# Writes $OUT/ab.txt (and the profiles). Two branches against one baseline in one call: the
# second branch unpacked with its scripts into another .ab-* folder, run from there by AB_AFTER:
#   git archive wip/other src include bench cli cmake CMakeLists.txt tests scripts | tar -x -C .ab-other
#   run(command='AB_CASES="..." AB_AFTER="cd .ab-other && AB_CASES=\"...\" bash scripts/gpu_ab.sh ../.ab-base"
#       bash scripts/gpu_ab.sh .ab-base', carry=[".ab-base", ".ab-other"])
set -u -o pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: gpu_ab.sh BASE_TREE}
OUT=${OUT:-$PWD/ab-out}
mkdir -p "$OUT"
. scripts/ab_build.sh
build_pair "$base" '' --target kfft_bench || exit 1
# appended, so an AB_AFTER that runs gpu_ab.sh again (another precision) adds to the same file
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sed "s/$/, ${AB_PREC:-f32}/" | tee -a "$OUT/ab.txt"
for rep in $(seq "${AB_REPS:-2}"); do
  for side in A B; do
    tree=.; [ $side = A ] && tree=$base
    echo "== $side ($tree) rep $rep"
    KFFT_CACHE_DIR=$PWD/.kfft-cache-$side "$tree/build-gpu/kfft_bench" $([ -n "${AB_PLAN_TIME:-}" ] || echo --no-plan-time) \
      --prec "${AB_PREC:-f32}" ${AB_CASES:-} 2>&1 |
      grep -vE "^#|^case|^NVIDIA" | awk '{printf "%-18s %8s %9s %8s %9s %6s %8s %8s %s\n", $1, $3, $4, $6, $7, $8, $11, $12, $13}'
  done
done | tee -a "$OUT/ab.txt"
if [ -n "${AB_PROFILE:-}" ]; then
  for side in A B; do
    tree=.; [ $side = A ] && tree=$base
    for c in $AB_PROFILE; do
      f="$OUT/prof-$side-${c//[:x]/_}.txt"
      KFFT_CACHE_DIR=$PWD/.kfft-cache-$side ncu --clock-control none -k regex:kfft_k --launch-count "${PROFILE_LAUNCHES:-3}" \
        --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables \
        --section Occupancy --section LaunchStats --section SourceCounters \
        "$tree/build-gpu/kfft_bench" --prec "${AB_PREC:-f32}" --runs 1 --elems 27 "$c" >"$f" 2>&1
      echo "== profile $side $c"
      grep -E "kfft_k[0-9]|Duration|DRAM Throughput|L1/TEX Cache Throughput|Registers Per|Block Size" "$f" | head -24
    done
  done
fi
# (cleared first: a gpu_ab.sh inside it would otherwise run it again, and again)
if [ -n "${AB_AFTER:-}" ]; then after=$AB_AFTER; unset AB_AFTER; bash -c "$after" 2>&1 | tail -40; fi
