#!/usr/bin/env bash
# The cluster pass (kspec.h: clu) on an NVIDIA GPU: the c2c and real checks on the lengths that
# take it (and neighbours that keep two passes), the verbose kernel lines, and the 52329^2 sparse
# stencil. Through the device tool:
#   run(command="bash scripts/gpu_cluster.sh", carry=[".deps"])
# (session 26 timed it against the two passes with a temporary hook: bench/results/h100-2026-11-26h-cluster.txt).
set -u
cd "$(dirname "$0")/.."
SZ="34886,52329,69772,87215,104658,122101,139544,24578,36867,49156,61445,73734,86023,98312"
GPU_CHECK_PARTS="c2c" GPU_CHECK_SIZES="$SZ" \
  GPU_CHECK_EXTRA="timeout 150 build-gpu/tests/test_dense --backend cuda --set real-full --sizes 34886,52329,87215,24578,36867" \
  timeout 300 bash scripts/gpu_check.sh
build-gpu/kfft_bench --verbose --no-plan-time 52329 87215 2>&1 | grep -E "k0:|k1:|^52329|^87215"
build-gpu/kfft gen-matrix /tmp/pct.mtx --kind grid3d --dims 38x38x37 --stencil box --reach 1,1,2 --rows 52329 --links 209124 --seed 1 >/dev/null
timeout 100 build-gpu/kfft spfft /tmp/pct.mtx --repeat 5 --check | grep -E "time|error|route|peak"
