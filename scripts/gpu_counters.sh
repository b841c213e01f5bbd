#!/usr/bin/env bash
# Per-kernel times and DRAM/L2 counters (Nsight Compute, a few metrics, so it is quick) of every
# kernel a bench case launches, kfft's and cuFFT's alike, and of the sparse 2-D FFT's kernels:
#   run(command="bash scripts/gpu_counters.sh 16384x16384 8192x8192", carry=[".deps"])
# COUNTERS_SKIP=N skips a case's first N kfft launches (a later stage: r2c:52329x52329's column stage starts at 82).
# COUNTERS_SPFFT="benzene delaunay_n14" (matrices of .deps/shared/data/mtx) adds `kfft spfft` runs.
# Writes $OUT/counters-<case>.txt and prints one line per kernel.
set -u -o pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/counters-out}
mkdir -p "$OUT"
TMP=$(mktemp -d) # ncu's CSV stays here: $OUT gets one summary per case
export KFFT_CACHE_DIR=${KFFT_CACHE_DIR:-$PWD/.kfft-cache}
if ! { cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j16 --target kfft_bench kfft_cli; } >"$OUT/counters-build.log" 2>&1; then
  tail -30 "$OUT/counters-build.log"; exit 1
fi
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,launch__registers_per_thread,launch__block_size,launch__grid_size,sm__warps_active.avg.pct_of_peak_sustained_active
summarize() { # ncu --csv output -> one line per kernel launch
  python3 - "$1" <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
if not rows: sys.exit(0)
h = rows[0]; ki, ni, mi, vi = h.index("ID"), h.index("Kernel Name"), h.index("Metric Name"), h.index("Metric Value")
k = collections.OrderedDict()
for r in rows[1:]:
    k.setdefault(r[ki], {"name": r[ni][:60]})[r[mi]] = r[vi]
for i, d in k.items():
    g = lambda m: float(d.get(m, "0").replace(",", "") or 0)
    t = g("gpu__time_duration.sum")
    rd, wr = g("dram__bytes_read.sum"), g("dram__bytes_write.sum")
    req = g("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")
    print(f"{i:>3} {d['name']:<60} {t/1e3:9.1f} us  dram rd {rd/1e6:8.1f} MB wr {wr/1e6:8.1f} MB  {((rd+wr)/t if t else 0):7.1f} GB/s"
          f"  L2 sect rd {g('lts__t_sectors_op_read.sum')/1e6:7.1f} M wr {g('lts__t_sectors_op_write.sum')/1e6:7.1f} M"
          f"  ld sect/req {(g('l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum')/req if req else 0):5.2f}"
          f"  regs {d.get('launch__registers_per_thread','?')} blk {d.get('launch__block_size','?')} grid {d.get('launch__grid_size','?')}"
          f"  warps {g('sm__warps_active.avg.pct_of_peak_sustained_active'):5.1f}%")
PY
}
for c in "$@"; do
  f="$TMP/counters-${c//[:x]/_}"
  # kfft's kernels (its checked run comes first), then cuFFT's (names not starting with k)
  for who in kfft cufft; do
    if [ $who = kfft ]; then filt=regex:^kfft_k; else filt=regex:^[^k]; fi
    ncu --clock-control none --csv --metrics "$M" -k "$filt" --launch-skip "${COUNTERS_SKIP:-0}" --launch-count "${COUNTERS_LAUNCHES:-4}" \
      build-gpu/kfft_bench --prec "${COUNTERS_PREC:-f32}" --runs 1 --elems "${COUNTERS_ELEMS:-28}" "$c" >"$f-$who.csv" 2>"$f-$who.err"
    echo "== $c ($who)"; summarize "$f-$who.csv" | tee "$OUT/$(basename "$f")-$who.txt"
  done
done
for m in ${COUNTERS_SPFFT:-}; do
  f="$TMP/counters-spfft-$m"
  ncu --clock-control none --csv --metrics "$M" --launch-count 4 \
    build-gpu/kfft spfft ".deps/shared/data/mtx/$m.mtx" --repeat 1 >"$f.csv" 2>"$f.err"
  echo "== spfft $m"; summarize "$f.csv" | tee "$OUT/$(basename "$f").txt"
done
