#!/usr/bin/env bash
# End-to-end tests of 'kfft psd' and 'kfft peaks': usage: tests/test_signal_cli.sh path/to/kfft
# Needs python3 (standard library only): it writes the .npy/.wav/.csv inputs, recomputes
# Welch's PSD naively (scipy.signal.welch's definitions) and checks the plot files.
# Exits 77 (skip) when no device backend is available.
set -u

KFFT=${1:?usage: $0 path/to/kfft}
[ -x "$KFFT" ] || { echo "not an executable: $KFFT" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is needed to write the test inputs" >&2; exit 2; }

T=$(mktemp -d "${TMPDIR:-/tmp}/kfft_signal_cli.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT

cat >"$T/sig.py" <<'PY'
import math, struct, sys, zlib, xml.etree.ElementTree as ET

def npy(path, descr, shape, vals):
    sh = '(%s)' % (', '.join(map(str, shape)) + (',' if len(shape) == 1 else ''))
    h = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, sh)
    h += ' ' * ((64 - (10 + len(h) + 1) % 64) % 64) + '\n'
    code = {'<f4': 'f', '<f8': 'd', '<c8': 'ff', '<c16': 'dd'}[descr]
    out = bytearray(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode())
    for v in vals:
        out += struct.pack('<' + code, *((v.real, v.imag) if len(code) == 2 else (v,)))
    open(path, 'wb').write(bytes(out))

def load_npy(path):
    b = open(path, 'rb').read()
    hl = struct.unpack('<H', b[8:10])[0]
    h = eval(b[10:10 + hl].decode('latin1'))
    assert h['descr'] == '<f8', h
    data = b[10 + hl:]
    return h['shape'], list(struct.unpack('<%dd' % (len(data) // 8), data))

def wav(path, rate, chans, bits, frames, tag=1):
    """chans: list of per-channel sample lists in [-1, 1)."""
    n = len(chans[0]); body = bytearray()
    for t in range(n):
        for c in chans:
            v = c[t]
            if tag == 3: body += struct.pack('<f', v)
            elif bits == 16: body += struct.pack('<h', max(-32768, min(32767, round(v * 32768))))
            elif bits == 24: body += struct.pack('<i', max(-2**23, min(2**23 - 1, round(v * 2**23))))[:3]
    ba = len(chans) * bits // 8
    fmt = struct.pack('<HHIIHH', tag, len(chans), rate, rate * ba, ba, bits)
    riff = b'WAVE' + b'fmt ' + struct.pack('<I', 16) + fmt + b'data' + struct.pack('<I', len(body)) + bytes(body)
    open(path, 'wb').write(b'RIFF' + struct.pack('<I', len(riff)) + riff)

def welch(x, fs, seg, ovl, window, scaling='density'):
    """scipy.signal.welch, naively: constant detrend, periodic window, one-sided, mean."""
    w = [1.0] * seg if window == 'none' else [0.5 - 0.5 * math.cos(2 * math.pi * j / seg) for j in range(seg)]
    s1, s2 = sum(w), sum(v * v for v in w)
    scale = 1 / (fs * s2) if scaling == 'density' else 1 / (s1 * s1)
    step = seg - ovl; nseg = (len(x) - seg) // step + 1; bins = seg // 2 + 1
    p = [0.0] * bins
    for s in range(nseg):
        d = x[s * step:s * step + seg]; m = sum(d) / seg; d = [(v - m) * w[j] for j, v in enumerate(d)]
        for k in range(bins):
            re = sum(v * math.cos(2 * math.pi * j * k / seg) for j, v in enumerate(d))
            im = sum(v * math.sin(2 * math.pi * j * k / seg) for j, v in enumerate(d))
            p[k] += (re * re + im * im) * scale * (1 if k == 0 or (seg % 2 == 0 and k == seg // 2) else 2) / nseg
    return [k * fs / seg for k in range(bins)], p

def signal(n):
    return [math.sin(0.9 * i) + 0.5 * math.cos(2 * math.pi * 0.2 * i + 0.3) + 0.1 * math.sin(i * i * 0.013) for i in range(n)]

def check_png(path):
    b = open(path, 'rb').read()
    assert b[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
    pos, idat, w = 8, b'', None
    while pos < len(b):
        n, = struct.unpack('>I', b[pos:pos + 4]); typ = b[pos + 4:pos + 8]; data = b[pos + 8:pos + 8 + n]
        crc, = struct.unpack('>I', b[pos + 8 + n:pos + 12 + n])
        assert zlib.crc32(typ + data) & 0xffffffff == crc, 'CRC of %r' % typ
        if typ == b'IHDR': w, h = struct.unpack('>II', data[:8])
        if typ == b'IDAT': idat += data
        pos += 12 + n
        if typ == b'IEND': break
    assert pos == len(b) and w, 'chunk structure'
    raw = zlib.decompress(idat)  # checks the zlib header, the blocks and Adler-32
    assert len(raw) == h * (1 + 3 * w), 'image size'
    assert len(set(raw[1:1 + 3 * w])) >= 1 and len(set(raw)) > 4, 'image has content'

def check_svg(path, *labels):
    root = ET.parse(path).getroot()
    texts = [e.text for e in root.iter() if e.tag.endswith('text')]
    for l in labels:
        assert any(t and t.startswith(l) for t in texts), 'no label starting %r in %r' % (l, texts)

cmd = sys.argv[1]
if cmd == 'inputs':
    d = sys.argv[2]
    x = signal(400)
    open(d + '/x.csv', 'w').write('value\n' + ''.join('%r\n' % v for v in x))
    open(d + '/crlf.csv', 'w', newline='').write('# a comment\r\n' + ''.join('%r\r\n' % v for v in x[:64]))
    npy(d + '/x2.npy', '<f8', (2, 400), x + [v * 0.5 + 0.25 for v in x])
    npy(d + '/x1.npy', '<f4', (400,), x)
    npy(d + '/c.npy', '<c8', (4,), [1, 2, 3, 4])
    cos8 = [2 * math.cos(2 * math.pi * 8 * i / 64) for i in range(64)]
    open(d + '/cos8.csv', 'w').write(''.join('%r\n' % v for v in cos8))
    rate, n = 8000, 8000
    l = [0.5 * math.sin(2 * math.pi * 440.3 * i / rate) + 0.2 * math.sin(2 * math.pi * 1234.5 * i / rate) for i in range(n)]
    r = [0.3 * math.sin(2 * math.pi * 2000.0 * i / rate) for i in range(n)]
    wav(d + '/st16.wav', rate, [l, r], 16, n)
    wav(d + '/m24.wav', 22050, [l[:4000]], 24, 4000)
    wav(d + '/f32.wav', rate, [l], 32, n, tag=3)
    b = open(d + '/st16.wav', 'rb').read()
    open(d + '/trunc.wav', 'wb').write(b[:1000])
    open(d + '/bad.csv', 'w').write('1\n2\nthree\n4\n')
    open(d + '/nan.csv', 'w').write('1\n2\nnan\n4\n')
    wav(d + '/empty.wav', 8000, [[]], 16, 0)
elif cmd == 'welch':  # welch IN.csv TABLE fs seg ovl window scaling [tol, relative to the largest bin]
    x = [float(v) for v in open(sys.argv[2]).read().split()[1:]]
    f, p = welch(x, float(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), sys.argv[7], sys.argv[8])
    rows = [l.split() for l in open(sys.argv[3]) if not l.startswith('#')]
    assert len(rows) == len(p), '%d rows, expected %d' % (len(rows), len(p))
    big, tol = max(p), float(sys.argv[9]) if len(sys.argv) > 9 else 1e-8
    for (fs, ps), fw, pw in zip(rows, f, p):
        assert abs(float(fs) - fw) <= 1e-9 * max(1, fw), 'frequency %s vs %r' % (fs, fw)
        assert abs(float(ps) - pw) <= tol * big, 'psd %s vs %r at %r Hz' % (ps, pw, fw)
elif cmd == 'npyout':  # npyout OUT.npy IN.csv fs: (2, bins), row 0 frequencies, row 1 = periodogram
    shape, v = load_npy(sys.argv[2])
    x = [float(t) for t in open(sys.argv[3]).read().split()[1:]]
    f, p = welch(x, float(sys.argv[4]), len(x), 0, 'hann')
    assert shape == (2, len(p)), shape
    assert max(abs(a - b) for a, b in zip(v[:len(p)], f)) <= 1e-9, 'frequencies'
    assert max(abs(a - b) for a, b in zip(v[len(p):], p)) <= 1e-9 * max(p), 'psd values'
elif cmd == 'peaks':  # peaks OUTPUT row:freq:tol ...
    got = [l.split() for l in open(sys.argv[2]) if not l.startswith('#')]
    for want in sys.argv[3:]:
        r, fr, tol = want.split(':')
        assert any(g[0] == r and abs(float(g[1]) - float(fr)) <= float(tol) for g in got), 'no peak %s Hz in row %s: %r' % (fr, r, got)
elif cmd == 'png':
    check_png(sys.argv[2])
elif cmd == 'svg':
    check_svg(sys.argv[2], *sys.argv[3:])
PY
py() { python3 "$T/sig.py" "$@"; }

# No device at all (no CUDA, no OpenCL platform): skip, as the library tests do.
printf '1\n2\n3\n4\n' >"$T/probe.csv"
if ! "$KFFT" psd "$T/probe.csv" >/dev/null 2>"$T/probe.err" && grep -q 'cannot open device' "$T/probe.err"; then
    echo "SKIP: no kfft device backend: $(head -n1 "$T/probe.err")"
    exit 77
fi

PASSED=0 FAILED=0
ok() { PASSED=$((PASSED + 1)); echo "ok    $1"; }
bad() {
    FAILED=$((FAILED + 1))
    echo "FAIL  $1"
    if [ -n "${2:-}" ]; then sed 's/^/      /' <<<"$2"; fi
}
run_ok() {
    local name=$1; shift
    if "$@" >"$T/out" 2>"$T/err"; then ok "$name"; else bad "$name (exit $?)" "$(cat "$T/err")"; fi
}
run_fail() { # NAME CODE WORD CMD...: exit CODE, stderr has WORD
    local name=$1 code=$2 word=$3 rc; shift 3
    "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ "$rc" -ne "$code" ]; then bad "$name (exit $rc, expected $code)" "$(cat "$T/err")"
    elif ! grep -qi -e "$word" "$T/err"; then bad "$name (stderr lacks '$word')" "$(cat "$T/err")"
    else ok "$name: $(head -n1 "$T/err")"; fi
}
pycheck() { # NAME ARGS...: the python check passes
    local name=$1; shift
    if py "$@" 2>"$T/pyerr"; then ok "$name"; else bad "$name" "$(tail -n3 "$T/pyerr")"; fi
}
has() { if grep -q -i -e "$2" "$3"; then ok "$1"; else bad "$1" "$(head -n 20 "$3")"; fi; }

py inputs "$T"

echo "== help"
for c in psd peaks; do
    run_ok "kfft help $c" "$KFFT" help "$c"
    run_ok "kfft $c --help" "$KFFT" "$c" --help
    has "$c help mentions scipy" 'scipy' "$T/out"
done
run_ok "overview lists psd" "$KFFT" --help
has "overview lists psd and peaks" '^  peaks ' "$T/out"

echo "== psd: numbers as scipy.signal.welch"
run_ok "psd of a csv (periodogram, hann)" "$KFFT" psd "$T/x.csv" --rate 10
cp "$T/out" "$T/table"
pycheck "periodogram matches a naive welch(nperseg=n)" welch "$T/x.csv" "$T/table" 10 400 0 hann density
run_ok "psd --segment 64 --overlap 0.5" "$KFFT" psd "$T/x.csv" --segment 64 --overlap 0.5 --rate 3
cp "$T/out" "$T/table"
pycheck "Welch 64/32 matches a naive welch" welch "$T/x.csv" "$T/table" 3 64 32 hann density
run_ok "psd --segment 50 --overlap 7 --window none --scaling spectrum" \
    "$KFFT" psd "$T/x.csv" --segment 50 --overlap 7 --window none --scaling spectrum
cp "$T/out" "$T/table"
pycheck "Welch 50/7 boxcar spectrum matches" welch "$T/x.csv" "$T/table" 1 50 7 none spectrum
run_ok "psd --segment 64 (default overlap: half)" "$KFFT" psd "$T/x.csv" --segment 64 --rate 3
cp "$T/out" "$T/table"
pycheck "default overlap is segment/2 as scipy" welch "$T/x.csv" "$T/table" 3 64 32 hann density
run_ok "psd --precision f32" "$KFFT" psd "$T/x.csv" --segment 64 --precision f32 --rate 3
cp "$T/out" "$T/table"
pycheck "f32 result within 1e-6 of the largest bin" welch "$T/x.csv" "$T/table" 3 64 32 hann density 1e-6
run_ok "cosine of amplitude 2 on bin 8: spectrum reads A^2/2 = 2" \
    "$KFFT" psd "$T/cos8.csv" --window none --scaling spectrum --detrend none
has "bin 8 (0.125 Hz) reads 2" '^0\.125 \(2\|2\.000000[0-9]*\|1\.99999[0-9]*\)$' "$T/out"
run_ok "csv with CRLF and a comment" "$KFFT" psd "$T/crlf.csv"
has "33 bins for 64 samples" '^0\.5 ' "$T/out"

echo "== psd: inputs, outputs"
run_ok "psd of a stereo 16-bit wav (rate from the file)" "$KFFT" psd "$T/st16.wav" --segment 256
has "two columns, one per channel" 'psd_row1' "$T/out"
has "last bin is the wav's Nyquist, 4000 Hz" '^4000 ' "$T/out"
run_ok "psd --rate overrides the wav rate" "$KFFT" psd "$T/st16.wav" --segment 256 --rate 1000
has "last bin at 500 Hz" '^500 ' "$T/out"
run_ok "psd of a 24-bit mono wav" "$KFFT" psd "$T/m24.wav" --segment 1024
has "24-bit wav read" '24-bit PCM' "$T/out"
run_ok "psd of a float32 wav" "$KFFT" psd "$T/f32.wav" --segment 1024
run_ok "psd of a 2-d float64 npy (rows)" "$KFFT" psd "$T/x2.npy" --segment 100
has "two rows" '2 rows x 400 samples' "$T/out"
run_ok "psd of a 1-d float32 npy" "$KFFT" psd "$T/x1.npy"
run_ok "psd --out OUT.npy" "$KFFT" psd "$T/x.csv" --rate 10 --out "$T/p.npy"
pycheck "npy output: row 0 frequencies, row 1 the PSD" npyout "$T/p.npy" "$T/x.csv" 10
if [ -s "$T/out" ]; then bad "--out prints nothing" "$(cat "$T/out")"; else ok "--out prints nothing"; fi
run_ok "psd --out OUT.csv" "$KFFT" psd "$T/x2.npy" --out "$T/p.csv"
has "csv output header" '^frequency_hz,psd_row0,psd_row1$' "$T/p.csv"
run_ok "psd --plot OUT.svg" "$KFFT" psd "$T/st16.wav" --segment 512 --plot "$T/p.svg"
pycheck "svg parses as XML, axis labels present" svg "$T/p.svg" "Frequency (Hz)" "PSD of st16.wav"
run_ok "psd --plot OUT.png --logx --linear" "$KFFT" psd "$T/st16.wav" --segment 512 --plot "$T/p.png" --logx --linear
pycheck "png: signature, CRCs, zlib stream (python zlib decodes it)" png "$T/p.png"

echo "== peaks"
run_ok "peaks of a stereo wav" "$KFFT" peaks "$T/st16.wav" --segment 1024
pycheck "tones 440.3, 1234.5 (left) and 2000 Hz (right) within 0.1 bin" peaks "$T/out" 0:440.3:0.8 0:1234.5:0.8 1:2000:0.8
run_ok "peaks --top 1" "$KFFT" peaks "$T/st16.wav" --top 1
if [ "$(grep -vc '^#' "$T/out")" -eq 2 ]; then ok "one peak per row"; else bad "one peak per row" "$(cat "$T/out")"; fi
run_ok "peaks of a csv (rate 1: bins of 1/n)" "$KFFT" peaks "$T/x.csv" --top 2 --threshold 30
pycheck "csv tones at 0.9/(2 pi) and 0.2 cycles/sample" peaks "$T/out" 0:0.14324:0.002 0:0.2:0.002
run_ok "peaks --plot OUT.svg" "$KFFT" peaks "$T/st16.wav" --segment 1024 --plot "$T/k.svg"
pycheck "svg has the peak frequencies as labels" svg "$T/k.svg" "440." "1234." "2000"
run_ok "peaks --plot OUT.png" "$KFFT" peaks "$T/x2.npy" --plot "$T/k.png"
pycheck "peaks png valid" png "$T/k.png"
run_ok "peaks --min-power" "$KFFT" peaks "$T/st16.wav" --min-power 0.05 --threshold 0
pycheck "only the 0.5-amplitude tone passes --min-power 0.05" peaks "$T/out" 0:440.3:1
if [ "$(grep -vc '^#' "$T/out")" -eq 1 ]; then ok "--min-power drops the weaker tones"; else bad "--min-power" "$(cat "$T/out")"; fi

echo "== bad input"
N="$T/never.svg"
run_fail "missing file" 1 'cannot open' "$KFFT" psd "$T/nope.wav"
run_fail "truncated wav" 1 'truncated' "$KFFT" psd "$T/trunc.wav" --plot "$N"
run_fail "wav without samples" 1 'no samples' "$KFFT" peaks "$T/empty.wav"
run_fail "csv with text on line 3" 1 'line 3' "$KFFT" psd "$T/bad.csv"
run_fail "csv with nan" 1 'line 3' "$KFFT" peaks "$T/nan.csv"
run_fail "complex npy" 1 'complex' "$KFFT" psd "$T/c.npy"
run_fail "segment longer than the signal" 1 'longer than' "$KFFT" psd "$T/x.csv" --segment 401
run_fail "nfft below the segment" 1 'nfft' "$KFFT" psd "$T/x.csv" --segment 64 --nfft 32
run_fail "input is a directory" 1 'cannot' "$KFFT" psd "$T"
run_fail "--overlap without --segment" 2 'needs --segment' "$KFFT" psd "$T/x.csv" --overlap 0.5
run_fail "--overlap 1.5" 2 'overlap' "$KFFT" psd "$T/x.csv" --segment 64 --overlap 1.5
run_fail "--overlap >= segment" 1 'overlap' "$KFFT" psd "$T/x.csv" --segment 64 --overlap 64
run_fail "--window bogus" 2 'expected hann' "$KFFT" psd "$T/x.csv" --window bogus
run_fail "--scaling bogus" 2 'scaling' "$KFFT" psd "$T/x.csv" --scaling power
run_fail "--rate 0" 2 'rate' "$KFFT" psd "$T/x.csv" --rate 0
run_fail "--rate abc" 2 'rate' "$KFFT" psd "$T/x.csv" --rate abc
run_fail "--rate 1,5 (comma decimal)" 2 'rate' "$KFFT" psd "$T/x.csv" --rate 1,5
run_fail "--plot x.jpg" 2 '.svg or .png' "$KFFT" psd "$T/x.csv" --plot "$T/x.jpg"
run_fail "--out x.txt" 2 '.npy or .csv' "$KFFT" psd "$T/x.csv" --out "$T/x.txt"
run_fail "--top 0" 2 'top' "$KFFT" peaks "$T/x.csv" --top 0
run_fail "--threshold -3" 2 'threshold' "$KFFT" peaks "$T/x.csv" --threshold -3
run_fail "no input" 2 'missing the input' "$KFFT" psd
run_fail "two inputs" 2 'unexpected argument' "$KFFT" peaks "$T/x.csv" "$T/x.csv"
run_fail "unknown option" 2 'unknown option' "$KFFT" psd "$T/x.csv" --frobnicate
run_fail "--logx=1" 2 'takes no value' "$KFFT" psd "$T/x.csv" --logx=1
run_fail "--device 999" 1 'device' "$KFFT" psd "$T/x.csv" --device 999
run_fail "plot into a missing directory" 1 'cannot' "$KFFT" psd "$T/x.csv" --plot "$T/no/dir/p.svg"
if [ -e "$N" ]; then bad "no plot after a failed run"; else ok "no plot after a failed run"; fi
tmps=("$T"/*.tmp-*)
if [ -e "${tmps[0]}" ]; then bad "no temporary files left behind" "${tmps[*]}"; else ok "no temporary files left behind"; fi

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
