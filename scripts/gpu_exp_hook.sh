#!/usr/bin/env bash
# One experiment behind a temporary environment hook (VAR, default KFFT_EXP; never committed
# to main), measured in one device call: the dense cases through gpu_variants.sh (values
# alternating, REPS reps), the three sparse matrices per value, optionally an Nsight Compute
# stall profile of PROFILE cases under each value, then the CUDA tests under the last value:
#   run(command='VALUES="0 1" CASES="8219 16384" PROFILE="8219" bash scripts/gpu_exp_hook.sh', carry=[".deps"])
# Needs .deps/fftw and .deps/shared/data/mtx. Writes $OUT/variants.txt, spfft.txt, profile-*.txt.
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/exp-hook-out}; mkdir -p "$OUT"; export OUT
VAR=${VAR:-KFFT_EXP} VALUES=${VALUES:-"0 1"}
: "${CASES:?CASES=\"dense cases\"}"
VAR=$VAR VALUES="$VALUES" REPS=${REPS:-2} FFTW_ROOT=$PWD/.deps/fftw CASES="$CASES" bash scripts/gpu_variants.sh |
  sed -n '/^== kfft\/cuFFT per case/,$p'
cmake --build build-gpu -j16 >"$OUT/build-all.log" 2>&1 || { tail -20 "$OUT/build-all.log"; exit 1; }
M=.deps/shared/data/mtx
build-gpu/kfft gen-matrix /tmp/pct.mtx --kind grid3d --dims 38x38x37 --stencil box --reach 1,1,2 --rows 52329 --links 209124 --seed 1 >/dev/null
for rep in 1 2; do
  for v in $VALUES; do
    for m in $M/benzene.mtx $M/delaunay_n14.mtx /tmp/pct.mtx; do
      echo "== $VAR=$v rep $rep ${m##*/}: $(env "$VAR=$v" KFFT_CACHE_DIR=$PWD/.kfft-cache-$v timeout 120 build-gpu/kfft spfft $m --repeat 20 2>&1 |
        grep -E '^time ' | sed 's/  */ /g')"
    done
  done
done | tee "$OUT/spfft.txt"
for c in ${PROFILE:-}; do
  for v in $VALUES; do
    echo "== profile $c, $VAR=$v"
    env "$VAR=$v" OUT="$OUT/p$v" PROFILE_STALLS=1 PROFILE_LAUNCHES=1 KFFT_CACHE_DIR=$PWD/.kfft-cache-$v bash scripts/gpu_profile.sh "$c" |
      grep -E "Duration|stalled_(long|short|barrier|mio|math|wait|lg|not_sel|selected|dispatch|no_inst|branch|membar|sleep|drain|tex|imc)|Registers Per|inst_executed.sum" | head -30
  done
done
last=${VALUES##* }
for t in gen large; do env "$VAR=$last" KFFT_SHARED_DIR=$PWD/.deps/shared timeout 150 build-gpu/tests/test_spfft $t 2>&1 | tail -1; done
for p in f32 f64; do
  env "$VAR=$last" timeout 200 build-gpu/tests/test_c2c --backend cuda --prec $p ${TEST_SIZES:+--sizes $TEST_SIZES} 2>&1 | tail -1
done
