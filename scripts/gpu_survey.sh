#!/usr/bin/env bash
# Every size, sampled: seeded random lengths against cuFFT (kfft_bench: same process, same buffers, CUDA
# events, median of 20, batched to 2^27 elements, fp64 2^26), and per family the median and geometric mean
# of kfft/cuFFT speed and the lengths below 1. The preset list says where the targets stand; this says what
# a user with an arbitrary length sees. Sessions 77, 78 and 80 ran it by hand (bench/results/
# h200-2026-11-30l-calls.txt call 4, -30m-calls.txt, -30o-calls.txt call 1).
#   run(command="bash scripts/gpu_survey.sh", carry=[".deps"])    about 3 minutes on the H200 with the defaults
#   SURVEY_SEED (8001), SURVEY_LO..SURVEY_HI (100..10000): the lengths, uniform; SURVEY_N32, SURVEY_N64,
#   SURVEY_NREAL (48, 24, 24): fp32 C2C, fp64 C2C and fp32 R2C/C2R (half each) lengths. Session 80's
#   defaults give its call 1's lengths. SURVEY_DIMS (1): 2 or 3 draws shapes instead, each axis from
#   SURVEY_LO..SURVEY_HI (say 100..4000 for planes, 16..400 for volumes).
# The kernel cache is filled first by eight parallel small-batch runs (their numbers discarded), so the
# timed runs do not wait on NVRTC. Writes $OUT/survey.txt (precision, case, kfft ms, cuFFT ms, ratio,
# error against cuFFT and against a double DFT row, kernels) and prints the summary.
set -u -o pipefail
cd "$(dirname "$0")/.."
. scripts/bench_env.sh
bench_env survey-out build.log
t0=$(date +%s)
read -r F32 F64 REAL < <(python3 - "${SURVEY_SEED:-8001}" "${SURVEY_LO:-100}" "${SURVEY_HI:-10000}" \
  "${SURVEY_N32:-48}" "${SURVEY_N64:-24}" "${SURVEY_NREAL:-24}" "${SURVEY_DIMS:-1}" <<'PY'
import random, sys
seed, lo, hi, n32, n64, nr, dims = map(int, sys.argv[1:])
r = random.Random(seed)
if dims == 1:
    pick = lambda k: sorted(r.sample(range(lo, hi + 1), k))
else:  # shapes: each axis uniform, one draw per axis
    pick = lambda k: ['x'.join(str(r.randint(lo, hi)) for _ in range(dims)) for _ in range(k)]
c, d, e = pick(n32), pick(n64), pick(nr)
real = ['r2c:%s' % x for x in e[::2]] + ['c2r:%s' % x for x in e[1::2]]
print(','.join(map(str, c)), ','.join(map(str, d)), ','.join(real))
PY
)
F32=${F32//,/ } F64=${F64//,/ } REAL=${REAL//,/ }
{ for c in $F32 $REAL; do echo "f32 $c"; done; for c in $F64; do echo "f64 $c"; done; } >"$OUT/all.txt"
for s in 0 1 2 3 4 5 6 7; do
  awk -v s=$s 'NR % 8 == s' "$OUT/all.txt" | while read -r p c; do
    timeout 120 build-gpu/kfft_bench --prec "$p" --elems 18 --runs 1 --no-plan-time "$c" >/dev/null 2>&1
  done &
done
wait
echo "cache filled in $(($(date +%s) - t0)) s"
timed() {
  local p=$1
  shift
  build-gpu/kfft_bench --prec "$p" --no-plan-time "$@" 2>&1 | grep -E "^[0-9a-z]" | grep -v "^kfft:" |
    awk -v p="$p" '$8 + 0 > 0 {print p, $1, $3, $6, $8, $11, $12, $NF}'
}
{ timed f32 $F32; timed f64 $F64; timed f32 $REAL; } | tee "$OUT/survey.txt"
echo "timed in $(($(date +%s) - t0)) s"
python3 - "$OUT/survey.txt" <<'PY'
import math, statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
fams = [('fp32 C2C', lambda r: r[0] == 'f32' and r[1][0].isdigit()), ('fp64 C2C', lambda r: r[0] == 'f64'),
        ('fp32 R2C/C2R', lambda r: r[0] == 'f32' and not r[1][0].isdigit())]
for name, f in fams:
    v = sorted((float(r[4]), r[1]) for r in rows if f(r))
    if not v:
        continue
    x = [a for a, _ in v]
    low = ', '.join('%s %.2f' % (c, a) for a, c in v if a < 1) or 'none'
    print('%-13s %3d lengths: median %.2f of cuFFT, geomean %.2f; below 1: %s' %
          (name, len(x), statistics.median(x), math.exp(sum(map(math.log, x)) / len(x)), low))
PY
