#!/usr/bin/env bash
# End-to-end tests of the kfft command-line tool: usage: tests/test_cli.sh path/to/kfft
# Needs python3 (no numpy): a tiny embedded helper writes and checks .npy files.
set -u

KFFT=${1:?usage: $0 path/to/kfft}
[ -x "$KFFT" ] || { echo "not an executable: $KFFT" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is needed to write the test inputs" >&2; exit 2; }

T=$(mktemp -d "${TMPDIR:-/tmp}/kfft_cli_test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT

# npy.py write PATH DESCR SHAPE EXPR      : EXPR is a Python list of the values (flat, C order)
# npy.py check PATH DESCR SHAPE EXPR TOL  : the file's dtype and shape match, max |x - EXPR| <= TOL
# npy.py raw PATH EXPR                    : EXPR is the file's bytes
# EXPR may use math, cmath, `dft(values, n, sign)` (row-wise naive DFT) and `load(path)`.
cat >"$T/npy.py" <<'PY'
import cmath, math, struct, sys

CODES = {'<f4': ('f', 1), '<f8': ('d', 1), '<c8': ('f', 2), '<c16': ('d', 2)}

def header(descr, shape):
    sh = '(%s)' % (', '.join(map(str, shape)) + (',' if len(shape) == 1 else ''))
    h = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, sh)
    h += ' ' * ((64 - (10 + len(h) + 1) % 64) % 64) + '\n'
    return b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode()

def write(path, descr, shape, vals):
    code, parts = CODES[descr]
    out = bytearray(header(descr, shape))
    for v in vals:
        v = complex(v)
        out += struct.pack('<' + code * parts, *((v.real, v.imag) if parts == 2 else (v.real,)))
    open(path, 'wb').write(bytes(out))

def load(path):
    b = open(path, 'rb').read()
    if b[:8] != b'\x93NUMPY\x01\x00':
        raise SystemExit('%s: not a version 1.0 .npy file' % path)
    hl = struct.unpack('<H', b[8:10])[0]
    h = eval(b[10:10 + hl].decode('latin1'))
    code, parts = CODES[h['descr']]
    data = b[10 + hl:]
    n = len(data) // struct.calcsize(code)
    v = struct.unpack('<%d%s' % (n, code), data)
    if parts == 2:
        v = [complex(v[2 * i], v[2 * i + 1]) for i in range(n // 2)]
    return h, list(v)

def dft(vals, n, sign):
    out = []
    for r in range(0, len(vals), n):
        row = vals[r:r + n]
        out += [sum(row[j] * cmath.exp(sign * 2j * math.pi * j * k / n) for j in range(n)) for k in range(n)]
    return out

def strides_of(shape):
    st = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        st[i] = st[i + 1] * shape[i + 1]
    return st

def fftn(vals, shape, axes, sign=-1):
    """Naive DFT over the given axes of a C-order array."""
    v, st = [complex(x) for x in vals], strides_of(shape)
    for ax in axes:
        n, s = shape[ax], st[ax]
        out = v[:]
        for b in range(len(v)):
            if (b // s) % n:
                continue
            row = [v[b + j * s] for j in range(n)]
            for k in range(n):
                out[b + k * s] = sum(row[j] * cmath.exp(sign * 2j * math.pi * j * k / n) for j in range(n))
        v = out
    return v

def rfftn(vals, shape, axes):
    """fftn, keeping n//2+1 values along the last of axes (numpy.fft.rfftn)."""
    full, st, ax = fftn(vals, shape, axes), strides_of(shape), axes[-1]
    return [full[i] for i in range(len(full)) if (i // st[ax]) % shape[ax] <= shape[ax] // 2]

def irfft_rows(vals, M, n):
    """Unnormalized C2R of each row of M values to n reals (DC/Nyquist imaginary parts ignored)."""
    out, m = [], n // 2 + 1
    for r in range(0, len(vals), M):
        X = [complex(v) for v in vals[r:r + m]]
        ext = [X[k] if k < m else X[n - k].conjugate() for k in range(n)]
        ext[0] = complex(ext[0].real)
        if n % 2 == 0:
            ext[n // 2] = complex(ext[n // 2].real)
        out += [sum(ext[k] * cmath.exp(2j * math.pi * j * k / n) for k in range(n)).real for j in range(n)]
    return out

def shape_of(s):
    return tuple(int(x) for x in s.split(',') if x.strip() != '')

env = {'math': math, 'cmath': cmath, 'dft': dft, 'fftn': fftn, 'rfftn': rfftn, 'irfft_rows': irfft_rows, 'load': lambda p: load(p)[1]}
cmd = sys.argv[1]
if cmd == 'write':
    write(sys.argv[2], sys.argv[3], shape_of(sys.argv[4]), eval(sys.argv[5], env))
elif cmd == 'raw':
    open(sys.argv[2], 'wb').write(eval(sys.argv[3], dict(env, header=header)))
elif cmd == 'check':
    path, descr, shape, tol = sys.argv[2], sys.argv[3], shape_of(sys.argv[4]), float(sys.argv[6])
    h, got = load(path)
    want = eval(sys.argv[5], env)
    if h['descr'] != descr or tuple(h['shape']) != shape or h['fortran_order']:
        raise SystemExit('%s: dtype %s shape %s, expected %s %s' % (path, h['descr'], h['shape'], descr, shape))
    if len(want) != len(got):
        raise SystemExit('%s: %d values, expected %d' % (path, len(got), len(want)))
    err = max([abs(complex(a) - complex(b)) for a, b in zip(got, want)] or [0])
    if not err <= tol:
        i = max(range(len(got)), key=lambda i: abs(complex(got[i]) - complex(want[i])))
        raise SystemExit('%s: max error %.3g > %.3g (element %d: %s, expected %s)' % (path, err, tol, i, got[i], want[i]))
PY
npy() { python3 "$T/npy.py" "$@"; }

PASSED=0 FAILED=0
ok() { PASSED=$((PASSED + 1)); echo "ok    $1"; }
bad() {
    FAILED=$((FAILED + 1))
    echo "FAIL  $1"
    if [ -n "${2:-}" ]; then sed 's/^/      /' <<<"$2"; fi
}

# run_ok NAME CMD...: exit 0
run_ok() {
    local name=$1; shift
    if "$@" >"$T/out" 2>"$T/err"; then ok "$name"; else bad "$name (exit $?)" "$(cat "$T/err")"; fi
}
# run_fail NAME CODE CMD...: exits with CODE (1 failure, 2 usage) and says why on stderr
run_fail() {
    local name=$1 code=$2 rc; shift 2
    "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ "$rc" -ne "$code" ]; then bad "$name (exit $rc, expected $code)" "$(cat "$T/err")"
    elif [ ! -s "$T/err" ]; then bad "$name (no message on stderr)"
    else ok "$name: $(head -n1 "$T/err")"; fi
}
# has NAME PATTERN FILE: the file has a line matching the (case-insensitive) pattern
has() { if grep -q -i -e "$2" "$3"; then ok "$1"; else bad "$1" "$(cat "$3")"; fi; }
# fft_check NAME CHECK-ARGS -- FFT-ARGS...: kfft fft succeeds and the output passes npy.py check
fft_check() {
    local name=$1 out=$2 descr=$3 shape=$4 expr=$5 tol=$6; shift 6
    if ! "$KFFT" fft "$@" >"$T/out" 2>"$T/err"; then bad "$name (kfft fft exit $?)" "$(cat "$T/err")"; return; fi
    if npy check "$out" "$descr" "$shape" "$expr" "$tol" 2>"$T/err"; then ok "$name"
    else bad "$name" "$(cat "$T/err")"; fi
}

echo "== help and version"
run_ok "kfft --help" "$KFFT" --help
run_ok "kfft --version" "$KFFT" --version
has "--version prints the version" '^kfft [0-9]' "$T/out"
for c in info fft selftest demo; do run_ok "kfft help $c" "$KFFT" help "$c"; done
run_ok "kfft fft --help" "$KFFT" fft --help
has "fft help documents --norm" '--norm backward|ortho|forward' "$T/out"
has "fft help says kfft is unnormalized" 'unnormalized' "$T/out"
has "fft help documents --real and --axes" '--axes LIST' "$T/out"

echo "== info"
run_ok "kfft info" "$KFFT" info
for w in CUDA OpenCL auto cache; do has "info mentions $w" "^$w " "$T/out"; done

echo "== fft: known transforms"
I="$T/in.npy" O="$T/out.npy"
npy write "$I" '<c8' 8 '[1] + [0]*7'
fft_check "impulse -> all ones (c8)" "$O" '<c8' 8 '[1]*8' 1e-6 "$I" "$O"
npy write "$I" '<c16' 2,16 '[cmath.exp(2j*math.pi*3*j/16) for j in range(16)] * 2'
fft_check "exp(2 pi i 3j/16) -> bin 3 = 16 (c16, batch 2)" "$O" '<c16' 2,16 '([0]*3 + [16] + [0]*12) * 2' 1e-12 "$I" "$O"
fft_check "inverse of the same -> bin 13 = 1 (numpy ifft scaling)" "$O" '<c16' 2,16 '([0]*13 + [1] + [0]*2) * 2' 1e-12 \
    --inverse "$I" "$O"
npy write "$I" '<c8' 8 '[1]*8'
fft_check "ifft of ones -> impulse" "$O" '<c8' 8 '[1] + [0]*7' 1e-6 "$I" "$O" --inverse
fft_check "--norm forward: fft of ones -> impulse" "$O" '<c8' 8 '[1] + [0]*7' 1e-6 "$I" "$O" --norm forward
fft_check "--norm=forward --inverse: unscaled" "$O" '<c8' 8 '[8] + [0]*7' 1e-5 "$I" "$O" --norm=forward --inverse
npy write "$I" '<c8' 16 '[1] + [0]*15'
fft_check "--norm ortho: impulse -> 1/4" "$O" '<c8' 16 '[0.25]*16' 1e-6 "$I" "$O" --norm ortho
fft_check "--norm ortho --inverse: impulse -> 1/4" "$O" '<c8' 16 '[0.25]*16' 1e-6 "$I" "$O" --norm ortho --inverse
X='[complex(math.sin(1.3*i*i+0.2), math.cos(0.7*i)) for i in range(30)]'
npy write "$I" '<c16' 2,3,5 "$X"
fft_check "3-d (2,3,5): 6 transforms of prime n=5 vs naive DFT" "$O" '<c16' 2,3,5 "dft($X, 5, -1)" 1e-12 "$I" "$O"
npy write "$I" '<c16' 2,12 "${X}[:24]"
fft_check "n=12 (2,12) vs naive DFT" "$O" '<c16' 2,12 "dft(${X}[:24], 12, -1)" 1e-12 "$I" "$O"
cp "$O" "$T/spec.npy" 2>/dev/null
fft_check "round trip: ifft(fft(x)) == x" "$O" '<c16' 2,12 "${X}[:24]" 1e-12 --inverse "$T/spec.npy" "$O"
Y='[complex(math.cos(0.1*i), math.sin(0.37*i)) for i in range(97)]'
npy write "$I" '<c8' 97 "$Y"
fft_check "prime n=97 (c8) vs naive DFT" "$O" '<c8' 97 "dft($Y, 97, -1)" 2e-4 "$I" "$O"

echo "== fft: axes, real transforms, normalization"
A='[1.5, -2, 0.25, 3, 7, -1, 0.5, 2, -3, 4, 1, -0.75]'
npy write "$I" '<c16' 3,4 "$A"
fft_check "--axes 0 on (3,4): columns vs naive DFT" "$O" '<c16' 3,4 "fftn($A, (3,4), [0])" 1e-12 "$I" "$O" --axes 0
fft_check "--axes all on (3,4): fft2" "$O" '<c16' 3,4 "fftn($A, (3,4), [0,1])" 1e-12 "$I" "$O" --axes all
fft_check "--axes -1,0: the same" "$O" '<c16' 3,4 "fftn($A, (3,4), [0,1])" 1e-12 "$I" "$O" --axes=-1,0
npy write "$I" '<c16' 2,3,2 "$A"
fft_check "--axes 1 of a 3-d (2,3,2) array" "$O" '<c16' 2,3,2 "fftn($A, (2,3,2), [1])" 1e-12 "$I" "$O" --axes 1
fft_check "--axes 0,2 --inverse --norm none: unscaled" "$O" '<c16' 2,3,2 "fftn($A, (2,3,2), [0,2], 1)" 1e-12 \
    "$I" "$O" --axes 0,2 --inverse --norm none
npy write "$I" '<f8' 4 '[1, 2, 3, 4]'
fft_check "--real: rfft of 4 reals -> 3 values" "$O" '<c16' 3 '[10, -2+2j, -2]' 1e-12 "$I" "$O" --real
B='[1.5, -2, 0.25, 3, 7, -1, 0.5, 2, -3, 4]'
npy write "$I" '<f8' 2,5 "$B"
fft_check "--real --axes all on (2,5): rfft2 -> (2,3)" "$O" '<c16' 2,3 "rfftn($B, (2,5), [0,1])" 1e-12 \
    "$I" "$O" --real --axes all
cp "$O" "$T/rspec.npy"
fft_check "--real --inverse --n 5: irfft2(rfft2(x)) == x" "$O" '<f8' 2,5 "$B" 1e-12 \
    "$T/rspec.npy" "$O" --real --inverse --axes all --n 5
fft_check "--real --inverse without --n: length 2*(3-1) = 4, vs naive" "$O" '<f8' 2,4 \
    "[v / 8 for v in irfft_rows(fftn(load('$T/rspec.npy'), (2,3), [0], 1), 3, 4)]" 1e-12 \
    "$T/rspec.npy" "$O" --real --inverse --axes all
npy write "$I" '<f4' 7 '[1, -1, 2, 0.5, 3, -2, 1]'
fft_check "--real f32, odd n=7" "$O" '<c8' 4 "rfftn([1, -1, 2, 0.5, 3, -2, 1], (7,), [0])" 1e-5 "$I" "$O" --real
cp "$O" "$T/r7.npy"
fft_check "--real --inverse --n 7 (odd): round trip" "$O" '<f4' 7 '[1, -1, 2, 0.5, 3, -2, 1]' 1e-5 \
    "$T/r7.npy" "$O" --real --inverse --n 7
fft_check "--real --norm ortho" "$O" '<c8' 4 "[v / math.sqrt(7) for v in rfftn([1, -1, 2, 0.5, 3, -2, 1], (7,), [0])]" 1e-5 \
    "$I" "$O" --real --norm ortho
run_fail "--real on complex input" 1 "$KFFT" fft "$T/rspec.npy" "$T/never.npy" --real
run_fail "--real --inverse --n too large for the input" 1 "$KFFT" fft "$T/r7.npy" "$T/never.npy" --real --inverse --n 9
run_fail "--axes out of range" 2 "$KFFT" fft "$I" "$T/never.npy" --axes 1
run_fail "--axes repeated" 2 "$KFFT" fft "$T/rspec.npy" "$T/never.npy" --axes 0,0
run_fail "--axes not a number" 2 "$KFFT" fft "$I" "$T/never.npy" --axes x
run_fail "--n without --real --inverse" 2 "$KFFT" fft "$I" "$T/never.npy" --n 4

echo "== fft: dtypes and precision"
npy write "$I" '<f4' 4 '[1, 2, 3, 4]'
fft_check "real float32 -> complex64" "$O" '<c8' 4 '[10, -2+2j, -2, -2-2j]' 1e-5 "$I" "$O"
"$KFFT" fft "$I" "$O" --verbose 2>"$T/err" >/dev/null
has "--verbose says the real input was converted" 'real' "$T/err"
has "--verbose prints the plan" 'plan' "$T/err"
"$KFFT" fft "$I" "$O" >"$T/out" 2>"$T/err"
if [ -s "$T/out" ] || [ -s "$T/err" ]; then bad "quiet without --verbose" "$(cat "$T/out" "$T/err")"
else ok "quiet without --verbose"; fi
npy write "$I" '<f8' 4 '[1, 2, 3, 4]'
fft_check "real float64 -> complex128" "$O" '<c16' 4 '[10, -2+2j, -2, -2-2j]' 1e-12 "$I" "$O"
fft_check "--precision f32 on float64 -> complex64" "$O" '<c8' 4 '[10, -2+2j, -2, -2-2j]' 1e-5 "$I" "$O" --precision f32
npy write "$I" '<c8' 4 '[1, 2, 3, 4]'
fft_check "--precision=f64 on complex64 -> complex128" "$O" '<c16' 4 '[10, -2+2j, -2, -2-2j]' 1e-12 \
    "$I" "$O" --precision=f64
npy write "$I" '<c8' 0,8 '[]'
fft_check "empty batch (0, 8) -> empty (0, 8)" "$O" '<c8' 0,8 '[]' 0 "$I" "$O"
npy write "$I" '<c8' 1 '[3+4j]'
fft_check "n=1 is the identity" "$O" '<c8' 1 '[3+4j]' 1e-6 "$I" "$O"
npy write "$I" '<c8' 4 '[1, 0, 0, 0]'
fft_check "in place (OUT == IN)" "$I" '<c8' 4 '[1, 1, 1, 1]' 1e-6 "$I" "$I"

echo "== fft: bad input files"
N="$T/never.npy" # no failing run may create it
run_fail "missing input file" 1 "$KFFT" fft "$T/nope.npy" "$N"
run_fail "input is a directory" 1 "$KFFT" fft "$T" "$N"
npy raw "$T/empty.npy" 'b""'
run_fail "empty file" 1 "$KFFT" fft "$T/empty.npy" "$N"
npy raw "$T/magic.npy" 'b"PK\x03\x04 this is a zip file, not npy"'
run_fail "bad magic" 1 "$KFFT" fft "$T/magic.npy" "$N"
npy raw "$T/trunc.npy" 'header("<c8", (8,)) + bytes(40)'
run_fail "truncated data" 1 "$KFFT" fft "$T/trunc.npy" "$N"
npy raw "$T/extra.npy" 'header("<c8", (2,)) + bytes(20)'
run_fail "trailing bytes" 1 "$KFFT" fft "$T/extra.npy" "$N"
npy raw "$T/hdr.npy" 'b"\x93NUMPY\x01\x00\x10\x00{descr: <c8}   \n"'
run_fail "malformed header" 1 "$KFFT" fft "$T/hdr.npy" "$N"
npy raw "$T/hlen.npy" 'b"\x93NUMPY\x01\x00\xff\xff{"'
run_fail "header length past the end" 1 "$KFFT" fft "$T/hlen.npy" "$N"
npy raw "$T/int.npy" 'header("<i4", (4,)) + bytes(16)'
run_fail "unsupported dtype int32" 1 "$KFFT" fft "$T/int.npy" "$N"
npy raw "$T/be.npy" 'header(">c8", (4,)) + bytes(32)'
run_fail "big-endian dtype" 1 "$KFFT" fft "$T/be.npy" "$N"
npy raw "$T/fortran.npy" 'header("<c8", (2, 2)).replace(b"False", b"True ") + bytes(32)'
run_fail "fortran order" 1 "$KFFT" fft "$T/fortran.npy" "$N"
npy write "$T/scalar.npy" '<c8' '' '[1]'
run_fail "0-d array" 1 "$KFFT" fft "$T/scalar.npy" "$N"
npy write "$T/zero.npy" '<c8' 3,0 '[]'
run_fail "last axis of length 0" 1 "$KFFT" fft "$T/zero.npy" "$N"
npy write "$I" '<c8' 4 '[1, 0, 0, 0]'
run_fail "output in a missing directory" 1 "$KFFT" fft "$I" "$T/no/such/dir/out.npy"
if [ -e "$N" ]; then bad "no output file after failed runs"; else ok "no output file after failed runs"; fi
tmps=("$T"/*.tmp-*)
if [ -e "${tmps[0]}" ]; then bad "no temporary files left behind" "${tmps[*]}"; else ok "no temporary files left behind"; fi

echo "== bad commands and options"
run_fail "no command" 2 "$KFFT"
run_fail "unknown command" 2 "$KFFT" frobnicate
run_fail "unknown global option" 2 "$KFFT" --frobnicate
run_fail "help of an unknown command" 2 "$KFFT" help frobnicate
run_fail "fft without files" 2 "$KFFT" fft
run_fail "fft with one file" 2 "$KFFT" fft "$I"
run_fail "fft with three files" 2 "$KFFT" fft "$I" "$O" "$O"
run_fail "fft unknown option" 2 "$KFFT" fft "$I" "$O" --frobnicate
run_fail "fft --precision f16" 2 "$KFFT" fft "$I" "$O" --precision f16
run_fail "fft --precision without value" 2 "$KFFT" fft "$I" "$O" --precision
run_fail "fft --norm bogus" 2 "$KFFT" fft "$I" "$O" --norm bogus
run_fail "fft --backend bogus" 2 "$KFFT" fft "$I" "$O" --backend=bogus
run_fail "fft --device abc" 2 "$KFFT" fft "$I" "$O" --device abc
run_fail "fft --device -1" 2 "$KFFT" fft "$I" "$O" --device -1
run_fail "fft --inverse=yes" 2 "$KFFT" fft "$I" "$O" --inverse=yes
run_fail "fft --device 999 (no such device)" 1 "$KFFT" fft "$I" "$O" --device 999
run_fail "info with an argument" 2 "$KFFT" info extra
run_fail "selftest unknown option" 2 "$KFFT" selftest --frobnicate
run_fail "selftest --seed x" 2 "$KFFT" selftest --seed x
run_fail "demo --n 0" 2 "$KFFT" demo --n 0
run_fail "demo --batch x" 2 "$KFFT" demo --batch x

echo "== selftest --quick and demo"
if "$KFFT" selftest --quick >"$T/out" 2>"$T/err" && grep -q '^PASS' "$T/out"; then
    ok "selftest --quick: $(grep '^PASS' "$T/out")"
else
    bad "selftest --quick" "$(cat "$T/out" "$T/err")"
fi
if "$KFFT" demo --n 1024 --batch 8 >"$T/out" 2>"$T/err" && grep -q '^OK' "$T/out"; then
    ok "demo --n 1024 --batch 8"
else
    bad "demo --n 1024 --batch 8" "$(cat "$T/out" "$T/err")"
fi

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
