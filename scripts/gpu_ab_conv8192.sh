#!/usr/bin/env bash
# A/B of branch conv-8192 (schedule.c next_length: on 4 TB/s devices the four-pass Bluestein rule also
# takes 8192) against main, on lengths it moves that set nothing (kfft tune picked 8192 for fp32 4013,
# 4019, 4027, 4049 and fp64 4023 in session 80): fp32 C2C 4001..4050, fp64 C2C 3841..4050, their real
# cases; two reps each (gpu_ab.sh: A = main's tree, B = this one), then CUDA checks of the moved plans.
#   rm -rf .ab-base && mkdir .ab-base && git archive main src include bench cli cmake CMakeLists.txt tests | tar -x -C .ab-base
#   run(command='bash scripts/gpu_ab_conv8192.sh', carry=[".ab-base", ".deps"])     (about 5 minutes on the H200)
set -u -o pipefail
cd "$(dirname "$0")/.."
export OUT=${OUT:-$PWD/ab-out}
AB_PREC=f32 AB_CASES="4005 4011 4017 4031 4037 4043 r2c:4017 c2r:4039 r2c:8054 c2r:8066" bash scripts/gpu_ab.sh .ab-base || exit 1
AB_PREC=f64 AB_CASES="3853 3877 3911 3949 3989 4037 r2c:3907 c2r:3941 r2c:7746 c2r:7890" bash scripts/gpu_ab.sh .ab-base || exit 1
cmake --build build-gpu -j16 --target test_c2c test_dense >/dev/null 2>&1 || exit 1
build-gpu/tests/test_c2c --backend cuda --prec f32 --sizes 4005,4011,4017,4031,4037,4043 | tail -2
build-gpu/tests/test_c2c --backend cuda --prec f64 --sizes 3853,3877,3911,3949,3989,4037 | tail -2
build-gpu/tests/test_dense --backend cuda --prec both --set real-sample --sizes 4017,4039,8054,8066,3907,3941,7746,7890 | tail -3
