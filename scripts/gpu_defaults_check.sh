#!/usr/bin/env bash
# After a change of default kernel choices: the affected cases timed against cuFFT (no
# wisdom) and the large sizes checked on CUDA. run(command="bash scripts/gpu_defaults_check.sh", carry=[".deps"])
set -u
cd "$(dirname "$0")/.."
export KFFT_CACHE_DIR=$PWD/.kfft-cache KFFT_WISDOM=off
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DKFFT_FFTW_ROOT=$PWD/.deps/fftw && cmake --build build-gpu -j16; } > /dev/null 2>&1 || exit 1
echo "== bench, new defaults (no wisdom)"
build-gpu/kfft_bench --prec f32 8192 16384 r2c:16384 r2c:8192 1024x1024 4096x4096 8192x8192 | grep -v "^#" | awk '{print $1,$3,$6,$8}'
build-gpu/kfft_bench --prec f64 --elems 26 4096 8192 r2c:8192 r2c:16384 1024x1024 4096x4096 | grep -v "^#" | awk '{print $1,$3,$6,$8}'
echo "== correctness of the large sizes on CUDA"
for p in f32 f64; do build-gpu/tests/test_c2c --backend cuda --prec $p --set large | tail -2; done
build-gpu/tests/test_dense --backend cuda --set real-full --sizes large | tail -3
build-gpu/tests/test_dense --backend cuda --set nd-large | tail -3
