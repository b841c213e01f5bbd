#!/usr/bin/env bash
# A/B of branch rader-pfa (Rader convolutions in a block on pairwise coprime radices, the prime-factor
# algorithm: no twiddles between passes; schedule.c rader_pfa) against main, in two calls:
#   rm -rf .ab-base && mkdir .ab-base && git archive main src include bench cli cmake CMakeLists.txt tests | tar -x -C .ab-base
#   run(command='PART=1 bash scripts/gpu_ab_rader_pfa.sh', carry=[".ab-base", ".deps"])   fp32, two reps (about 7 min)
#   run(command='PART=2 bash scripts/gpu_ab_rader_pfa.sh', carry=[".ab-base", ".deps"])   fp64, plan times, CUDA checks (about 6 min)
# Offline (bench/results/local-2026-12-01c-offline-leads.txt, sass_count, H200 plans): SASS instructions a point
# 0.49-0.97 of main's in every one-kernel case sampled, 17443 0.77, 52329's pass 0.80; but where the coprime
# grouping widens the largest radix (401 20x20 -> 25x16, 757, 1051, 1301, 2377, 2801, 3851) the registers rise
# and blocks per SM fall (401 10 -> 7), and 21816's 100-point pass (10x10 -> 25x4) has more instructions (1.09).
# Those are here to draw the rule's edge. Part 1's cases: one-kernel Rader (where the radices held, where the
# largest widened), Rader passes (52329 in clusters, 34886, 104658, small passes), real, 2-D, R2C 52329^2.
set -u -o pipefail
cd "$(dirname "$0")/.."
export OUT=${OUT:-$PWD/ab-out}
S1="17443 16381 13681 15601 11701 8191 5851 4621 3121 2311 2003 661 331 1009 547"
S2="401 757 1051 1301 2377 2801 3851"
P="52329 34886 104658 21816 57084 9422 12780 23532"
X="r2c:2311 c2r:8191 r2c:17443 661x661 r2c:1009x1009 r2c:52329x52329"
if [ "${PART:-1}" = 1 ]; then
  AB_PREC=f32 AB_CASES="$S1 $S2 $P $X" bash scripts/gpu_ab.sh .ab-base || exit 1
else
  AB_REPS=2 AB_PREC=f64 AB_CASES="8191 4621 2311 661 1051 2801 21816 12780 3922 r2c:2311" bash scripts/gpu_ab.sh .ab-base || exit 1
  # cold/warm plan ms (last column): pfa's Rader tables are made on the host, main's dlog table on the device
  AB_PLAN_TIME=1 AB_REPS=1 AB_PREC=f32 AB_CASES="17443 52329 8191 2311" bash scripts/gpu_ab.sh .ab-base || exit 1
  cmake --build build-gpu -j16 --target test_c2c test_dense >/dev/null 2>&1 || exit 1
  C="${S1// /,},${S2// /,},${P// /,}"
  build-gpu/tests/test_c2c --backend cuda --prec f32 --sizes "$C" | tail -2
  build-gpu/tests/test_c2c --backend cuda --prec f64 --sizes "8191,4621,2311,661,1051,2801,21816,12780,3922" | tail -2
  build-gpu/tests/test_dense --backend cuda --prec both --set real-sample --sizes 2311,8191,17443,9422,12780,661 | tail -3
fi
