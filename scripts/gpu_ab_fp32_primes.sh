#!/usr/bin/env bash
# A/B of branch fp32-prime-codelets (fp32 codelets for the primes 37..61: lengths whose prime
# factors are all <= 61 run mixed radix, one kernel or passes, where main runs Bluestein or Rader's
# passes; fp64 unchanged) against main: seeded fp32 C2C lengths it moves (seed 8103, six per band
# 2..1000, 1000..4000, 4000..12000, 12000..30000 of the c2c sweep family's moved lengths), the survey's
# lows (2214, 3663, fp32 7552), two-prime lengths (23532, 26047), a multi-pass length (303104 =
# 37 x 8192), 2-D rows and columns (64 x 3663, 3663 x 256), twelve R2C/C2R of the real family's moved;
# two reps (gpu_ab.sh: A = main's tree, B = this one), then CUDA checks of the moved plans.
#   rm -rf .ab-base && mkdir .ab-base && git archive main src include bench cli cmake CMakeLists.txt tests | tar -x -C .ab-base
#   run(command='bash scripts/gpu_ab_fp32_primes.sh', carry=[".ab-base", ".deps"])     (about 6 minutes on the H200)
set -u -o pipefail
cd "$(dirname "$0")/.."
export OUT=${OUT:-$PWD/ab-out}
C="387 779 814 940 954 989 1220 1647 1829 2501 2886 3096 5476 7520 7632 8745 9823 11041 17138 18377 18391 21359 23641 26273"
X="2214 3663 7552 23532 26047 303104 64x3663 3663x256"
R="c2r:1312 c2r:2709 r2c:2862 c2r:9804 c2r:9870 r2c:9990 c2r:10266 c2r:12213 c2r:24313 r2c:25379 r2c:27898 r2c:29713"
AB_PREC=f32 AB_CASES="$C $X $R" bash scripts/gpu_ab.sh .ab-base || exit 1
cmake --build build-gpu -j16 --target test_c2c test_dense >/dev/null 2>&1 || exit 1
build-gpu/tests/test_c2c --backend cuda --prec f32 --sizes "${C// /,},2214,3663,7552,23532,26047,303104,37,41,43,47,53,59,61" | tail -2
build-gpu/tests/test_dense --backend cuda --prec f32 --set real-sample --sizes 1312,2709,2862,9804,9870,9990,10266,12213,24313,25379 | tail -2
