#!/usr/bin/env bash
# End-to-end tests of 'kfft spfft': usage: tests/test_spfft_cli.sh path/to/kfft
# Generated matrices through the CLI: device, host and .npy outputs with --check (rows of the
# result against the CLI's own double-precision reference; the library tests compare with
# FFTW), the .npy header and size checked by an independent python3 reader (standard library
# only), row ranges, the full spectrum, tiny budgets, --dense-baseline on OpenCL (dense kfft
# timed, cuFFT's line says why not); bad input gets a clear error: usage
# errors exit 2, a malformed file names its line and exits 1, and no partial .npy is left.
set -u
KFFT=${1:?usage: $0 path/to/kfft}
[ -x "$KFFT" ] || { echo "not an executable: $KFFT" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is needed for the checks" >&2; exit 2; }
T=$(mktemp -d "${TMPDIR:-/tmp}/kfft_spfft_cli.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# npy.py FILE DESCR ROWS COLS: the header says so and the file holds exactly that data.
cat >"$T/npy.py" <<'PY'
import ast, os, struct, sys
path, descr, rows, cols = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
with open(path, 'rb') as f:
    magic = f.read(6)
    if magic != b'\x93NUMPY':
        sys.exit('bad magic %r' % magic)
    major, minor = f.read(2)
    hlen = struct.unpack('<H' if major == 1 else '<I', f.read(2 if major == 1 else 4))[0]
    hdr = ast.literal_eval(f.read(hlen).decode('latin1'))
    start = f.tell()
if hdr['descr'] != descr or hdr['shape'] != (rows, cols) or hdr['fortran_order']:
    sys.exit('header %r, expected %s %r' % (hdr, descr, (rows, cols)))
if start % 64:
    sys.exit('data starts at %d, not 64-byte aligned' % start)
size = {'<c8': 8, '<c16': 16}[descr]
if os.path.getsize(path) != start + rows * cols * size:
    sys.exit('file is %d bytes, expected %d' % (os.path.getsize(path), start + rows * cols * size))
PY

run() { # run NAME EXPECTED_RC ARGS...: runs kfft spfft, keeps its output in $T/NAME.out
    local name=$1 want=$2; shift 2
    "$KFFT" spfft "$@" >"$T/$name.out" 2>&1
    local rc=$?
    [ $rc -eq "$want" ] || { fail "$name: exit $rc, expected $want"; sed 's/^/    /' "$T/$name.out" | head -20; return 1; }
    return 0
}

"$KFFT" gen-matrix "$T/grid.mtx" --kind grid2d --dims 37x29 --seed 3 >/dev/null || fail "gen-matrix grid2d"
"$KFFT" gen-matrix "$T/rand.mtx" --kind random --rows 61 --cols 128 --nnz 700 --seed 5 >/dev/null || fail "gen-matrix random"

if run device 0 "$T/grid.mtx" --check --repeat 2; then
    grep -q "^check .*: ok$" "$T/device.out" || fail "device: no passing check line"
    grep -q "1073 x 1073, 5233 entries" "$T/device.out" || fail "device: shape and entries not reported"
fi
run host 0 "$T/rand.mtx" --weighted --check --host --budget 64K --repeat 1 && { grep -q ": ok$" "$T/host.out" || fail "host: check"; }
if run npy 0 "$T/rand.mtx" --check --out "$T/r.npy" --budget 48K --repeat 1; then
    grep -q ": ok$" "$T/npy.out" || fail "npy: check"
    python3 "$T/npy.py" "$T/r.npy" '<c8' 61 65 || fail "npy: file"
fi
if run npy_rows 0 "$T/rand.mtx" --full --precision f64 --rows 40:61 --check --out "$T/rows.npy" --repeat 1; then
    grep -q ": ok$" "$T/npy_rows.out" || fail "npy_rows: check"
    python3 "$T/npy.py" "$T/rows.npy" '<c16' 21 128 || fail "npy_rows: file"
fi
run one_row 0 "$T/rand.mtx" --rows 7 --check --repeat 1 && { grep -q "1 rows vs" "$T/one_row.out" || fail "one_row: not one row"; }

# --dense-baseline on OpenCL (CI's PoCL): dense kfft timed by wall clock, median of
# max(--repeat, 5); cuFFT says in one line why it is not timed (it needs the CUDA backend).
if run dense 0 "$T/rand.mtx" --dense-baseline --backend opencl --repeat 2; then
    grep -q "^dense    kfft 2-D R2C (scatter not counted): [0-9.]* ms median of 5 .*wall clock.*; sparse is [0-9.]*x" \
        "$T/dense.out" || fail "dense: no dense kfft line"
    grep -q "^dense    cuFFT: not timed: the OpenCL backend" "$T/dense.out" || fail "dense: no 'cuFFT: not timed' line"
    [ "$(grep -c '^dense ' "$T/dense.out")" -eq 2 ] || fail "dense: expected exactly 2 dense lines"
fi
run dense_f64_host 0 "$T/rand.mtx" --dense-baseline --backend opencl --precision f64 --host --repeat 6 &&
    { grep -q "median of 6 .*sparse (into host memory) is" "$T/dense_f64_host.out" || fail "dense_f64_host: dense kfft line"; }

# Errors.
run bad_rows 2 "$T/rand.mtx" --rows 9:3 && grep -q "rows" "$T/bad_rows.out" || fail "bad_rows: message"
run rows_past 2 "$T/rand.mtx" --rows 0:62 && grep -q "61 rows" "$T/rows_past.out" || fail "rows_past: message"
run bad_budget 2 "$T/rand.mtx" --budget lots && grep -q "budget" "$T/bad_budget.out" || fail "bad_budget: message"
run two_outputs 2 "$T/rand.mtx" --host --out "$T/x.npy"
run not_npy 2 "$T/rand.mtx" --out "$T/x.txt"
run missing 1 "$T/none.mtx" && grep -q "none.mtx" "$T/missing.out" || fail "missing: the file is not named"
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 1\n4 2\n' >"$T/bad.mtx"
run malformed 1 "$T/bad.mtx" && grep -q "line 4" "$T/malformed.out" || fail "malformed: the line is not named"
run tiny_budget 1 "$T/rand.mtx" --budget 100 --out "$T/t.npy" && grep -q "at least" "$T/tiny_budget.out" || fail "tiny_budget: message"
[ ! -e "$T/t.npy" ] && [ ! -e "$T/t.npy.partial" ] || fail "tiny_budget: a partial output was left"

[ $fails -eq 0 ] && echo "spfft cli: all passed" || echo "spfft cli: $fails failures"
[ $fails -eq 0 ]
