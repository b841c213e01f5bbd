#!/usr/bin/env bash
# The SASS op sequence of the sparse row FFT's kernel (kfft_k0, delaunay_n14) in the kernel
# cache of a baseline tree and the working tree, and Nsight Compute's warp stalls for it:
#   run(command="bash scripts/gpu_spfft_sass.sh", carry=[".ab-base", ".deps"])
. scripts/ab_build.sh; OUT=${OUT:-/tmp/o}; mkdir -p $OUT
build_pair .ab-base '' --target kfft_cli || exit 1
M=.deps/shared/data/mtx
for t in .ab-base .; do
  rm -rf /tmp/kc; mkdir /tmp/kc
  KFFT_CACHE_DIR=/tmp/kc $t/build-gpu/kfft spfft $M/delaunay_n14.mtx --repeat 1 >/dev/null 2>&1
  for f in /tmp/kc/*.kbin; do
    tail -c +65 $f > /tmp/x.cubin
    cuobjdump -sass /tmp/x.cubin > /tmp/x.sass 2>/dev/null || continue
    grep -q "kfft_k0" /tmp/x.sass || continue
    echo "== $t: $(grep -c LDG /tmp/x.sass) LDG, $(grep -c 'STG' /tmp/x.sass) STG, $(grep -cE '^\s+/\*[0-9a-f]+\*/' /tmp/x.sass) instructions"
    awk '/Function : kfft_k0/{on=1} on && /\/\*[0-9a-f]+\*\//{ for(i=1;i<=NF;i++) if ($i ~ /^[A-Z][A-Z0-9_.]+$/ && $i !~ /^P[0-9T]/ && $i !~ /^R[0-9Z]/ && $i !~ /^UR/) { split($i,a,"."); print a[1]; break } }' /tmp/x.sass |
      head -400 | awk '{ if ($1==p) n++; else { if (p!="") printf "%s%s ", p, (n>1?"x"n:""); p=$1; n=1 } } END { printf "%s%s\n", p, (n>1?"x"n:"") }'
  done
  KFFT_CACHE_DIR=/tmp/kc ncu --clock-control none -k regex:kfft_k0 --launch-count 1 --section WarpStateStats --section MemoryWorkloadAnalysis \
    $t/build-gpu/kfft spfft $M/delaunay_n14.mtx --repeat 1 2>&1 | grep -E "Duration|Stall|stall|Throughput|Hit Rate|Warp Cycles" | head -20
done
