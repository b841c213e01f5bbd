# Sourced by the scripts that run kfft_bench on the GPU (gpu_bench.sh, gpu_profile.sh, gpu_sanitize.sh):
# $OUT (given, else DEFAULT_OUT in the repository), the kernel cache, and a Release build of kfft_bench in
# build-gpu whose log goes to $OUT/BUILD_LOG; a failed build prints the log's end and exits the caller.
#   bench_env DEFAULT_OUT BUILD_LOG
bench_env() {
  OUT=${OUT:-$PWD/$1}
  mkdir -p "$OUT"
  export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
  if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j16 --target kfft_bench; } >"$OUT/$2" 2>&1; then
    tail -30 "$OUT/$2"
    echo "BUILD FAILED"
    exit 1
  fi
}
