#!/usr/bin/env bash
# Session 26 (temporary hook KFFT_EXP=0: no clusters for powers of two): power-of-two chains as
# one launch with clusters (schedule.c: cluster_columns), checked and timed against two passes.
set -u
cd "$(dirname "$0")/.."
export FFTW_ROOT=$PWD/.deps/fftw
GPU_CHECK_PARTS="c2c" GPU_CHECK_SIZES="16384,32768,65536,131072,8192,262144" timeout 200 bash scripts/gpu_check.sh | tail -4
build-gpu/kfft_bench --verbose --no-plan-time 65536 2>&1 | grep -E "k0:|^65536"
VAR=KFFT_EXP VALUES="0 1" REPS=3 CASES="32768 65536 16384x32768" timeout 200 bash scripts/gpu_variants.sh | tail -5
OUT=$OUT/f64 PREC=f64 VAR=KFFT_EXP VALUES="0 1" REPS=3 CASES="16384 32768" timeout 150 bash scripts/gpu_variants.sh | tail -4
