#!/usr/bin/env bash
# Variants of one build on the GPU: kfft_bench over the same cases once per value of an
# environment variable that an experiment reads (a temporary hook in the working tree, never
# committed), so N candidate rules cost one build and one call instead of N A/B trees:
#   run(command='VAR=KFFT_EXP VALUES="0 1 2" CASES="6720 8000" PREC=f64 bash scripts/gpu_variants.sh')
# REPS (1) repeats the sweep (values alternate within each rep, so drift shows), AFTER="command"
# runs last (a correctness check). Writes $OUT/variants.txt: each value's rows, then a table of
# kfft/cuFFT speed ratios per case and value.
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/variants-out}
mkdir -p "$OUT"
: "${VAR:?VAR=name of the environment variable}" "${VALUES:?VALUES=\"v1 v2 ...\"}" "${CASES:?CASES=\"...\"}"
{ cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release ${FFTW_ROOT:+-DKFFT_FFTW_ROOT=$FFTW_ROOT} &&
  cmake --build build-gpu -j16 --target kfft_bench; } >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
res=$OUT/variants.txt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sed "s/$/, ${PREC:-f32}, $VAR in {$VALUES}/" | tee -a "$res"
raw=$(mktemp)
for rep in $(seq "${REPS:-1}"); do
  for v in $VALUES; do
    echo "== $VAR=$v rep $rep" | tee -a "$res"
    env "$VAR=$v" KFFT_CACHE_DIR=$PWD/.kfft-cache-variants build-gpu/kfft_bench --no-plan-time --prec "${PREC:-f32}" $CASES 2>&1 |
      grep -vE "^#|^case|^NVIDIA" | awk -v v="$v" '{printf "%-18s %8s %9s %8s %9s %6s %8s %8s\n", $1, $3, $4, $6, $7, $8, $11, $12;
        print $1, v, $8 >> "'"$raw"'"}' | tee -a "$res"
  done
done
# One row per case: the median ratio of each value over the reps.
echo "== kfft/cuFFT per case ($VAR = $VALUES; median over reps)" | tee -a "$res"
awk -v vals="$VALUES" '
  { k = $1 SUBSEP $2; n[k]++; x[k, n[k]] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++nc] = $1 } }
  function med(k,   m, i, j, t, a) { m = n[k]; if (!m) return "-"
    for (i = 1; i <= m; i++) a[i] = x[k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return m % 2 ? a[(m + 1) / 2] : sprintf("%.2f", (a[m / 2] + a[m / 2 + 1]) / 2) }
  END { nv = split(vals, v, " "); printf "%-18s", "case"; for (i = 1; i <= nv; i++) printf "%8s", v[i]; print ""
    for (c = 1; c <= nc; c++) { printf "%-18s", order[c]; for (i = 1; i <= nv; i++) printf "%8s", med(order[c] SUBSEP v[i]); print "" } }
' "$raw" | tee -a "$res"
rm -f "$raw"
# (cleared first: a gpu_variants.sh inside it, e.g. the fp64 sweep, would otherwise run it again, and again)
if [ -n "${AFTER:-}" ]; then after=$AFTER; unset AFTER; bash -c "$after" 2>&1 | tail -40; fi
