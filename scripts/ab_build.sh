# Sourced by the A/B scripts (gpu_ab.sh, gpu_spfft_ab.sh, gpu_spfft_cold.sh): builds the working
# tree and a baseline tree side by side, each into <tree>/build-gpu, logs in $OUT/build-<tree>.log.
#   build_pair BASE_TREE CONFIGURE_ARG [cmake --build arguments...]   (CONFIGURE_ARG '' for none)
build_tree() { # tree, configure arg, build args...
  local tree=$1 cfg=$2 log="$OUT/build-$(basename "$1").log"
  shift 2
  { cmake -S "$tree" -B "$tree/build-gpu" -DCMAKE_BUILD_TYPE=Release ${cfg:+"$cfg"} &&
    cmake --build "$tree/build-gpu" -j8 "$@"; } >"$log" 2>&1 || { tail -30 "$log"; return 1; }
}
build_pair() {
  local base=$1 pb pa
  shift
  build_tree . "$@" & pb=$!
  build_tree "$base" "$@" & pa=$!
  wait $pb || return 1
  wait $pa || return 1
}
