#!/usr/bin/env bash
# The sparse sums kernel's shape (columns per block, rows per lane) against the matrix's
# density: KFFT_EXP=cols,upl read by a temporary hook in src/sparse/spfft.c (removed after the
# run), over the three issue matrices and generated ones of 3..96 entries per column.
#   run(command="bash scripts/gpu_spfft_var.sh", carry=[".deps"])
set -u
OUT=${OUT:-/tmp/o}; mkdir -p $OUT
. scripts/ab_build.sh
build_tree . '' --target kfft_cli || exit 1
M=.deps/shared/data/mtx
K=build-gpu/kfft
$K gen-matrix /tmp/pct.mtx --kind grid3d --dims 38x38x37 --stencil box --reach 1,1,2 --rows 52329 --links 209124 --seed 1 >/dev/null
mats=("$M/benzene.mtx" "$M/delaunay_n14.mtx" /tmp/pct.mtx)
for d in 3 12 24 48 96; do
  $K gen-matrix /tmp/r$d.mtx --kind random --rows 16384 --cols 16384 --nnz $((16384 * d)) --seed $d >/dev/null; mats+=(/tmp/r$d.mtx)
done
$K gen-matrix /tmp/b20.mtx --kind banded --rows 10007 --cols 10007 --band 20 >/dev/null; mats+=(/tmp/b20.mtx)
$K gen-matrix /tmp/r8219.mtx --kind random --rows 8219 --cols 8219 --nnz $((8219 * 60)) --seed 7 >/dev/null; mats+=(/tmp/r8219.mtx)
export KFFT_CACHE_DIR=$PWD/.kfft-cache-spvar
for rep in 1 2; do
for v in ${VARIANTS:-32,8 16,16 8,32}; do
  for c in "${mats[@]}"; do
    echo "cols,upl=$v rep $rep ${c#$M/}: $(KFFT_EXP=$v $K spfft $c --repeat 20 2>&1 | grep -E '^(matrix|time)' | sed 's/  */ /g' | cut -c1-100 | tr '\n' ';')"
  done
done
done 2>&1 | tee $OUT/spvar.txt
