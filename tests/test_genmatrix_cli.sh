#!/usr/bin/env bash
# End-to-end tests of 'kfft gen-matrix': usage: tests/test_genmatrix_cli.sh path/to/kfft path/to/test_mtx
# Every kind is written and read back by kfft's Matrix Market reader (test_mtx read: sizes,
# entry counts); an independent python3 check (standard library only) recomputes the
# expected counts, checks the order (column by column, rows ascending), the symmetry of
# the structure and the header; same seed, same bytes; bad options are usage errors (2).
set -u

KFFT=${1:?usage: $0 path/to/kfft path/to/test_mtx}
READER=${2:?usage: $0 path/to/kfft path/to/test_mtx}
[ -x "$KFFT" ] || { echo "not an executable: $KFFT" >&2; exit 2; }
[ -x "$READER" ] || { echo "not an executable: $READER" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is needed for the checks" >&2; exit 2; }

T=$(mktemp -d "${TMPDIR:-/tmp}/kfft_genmatrix_cli.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# check.py FILE FIELD SYMMETRY ROWS COLS ENTRIES STRUCT
#   ENTRIES: expected entries in the file (or -1: any); STRUCT: 'sym' (the full matrix's
#   pattern must be symmetric), 'nodiag' (sym and no diagonal) or '-'.
cat >"$T/check.py" <<'PY'
import sys
path, field, symmetry, rows, cols, entries, struct = sys.argv[1:8]
rows, cols, entries = int(rows), int(cols), int(entries)
lines = open(path).read().split('\n')
want = '%%%%MatrixMarket matrix coordinate %s %s' % (field, symmetry)
if lines[0] != want:
    sys.exit('header %r, expected %r' % (lines[0], want))
i = 1
while lines[i].startswith('%'):
    i += 1
R, C, N = map(int, lines[i].split())
if (R, C) != (rows, cols) or (entries >= 0 and N != entries):
    sys.exit('size line %d %d %d, expected %d %d %d' % (R, C, N, rows, cols, entries))
ent = [l.split() for l in lines[i + 1:] if l]
if len(ent) > 500000 and symmetry == 'general':  # large files: counts only (the reader checks the rest)
    print(len(ent) if len(ent) == N else sys.exit('%d entry lines, the size line says %d' % (len(ent), N)))
    sys.exit(0)
if len(ent) != N:
    sys.exit('%d entry lines, the size line says %d' % (len(ent), N))
prev = (-1, -1)
full = set()
for e in ent:
    if len(e) != (2 if field == 'pattern' else 3):
        sys.exit('bad entry %r' % e)
    r, c = int(e[0]), int(e[1])
    if field == 'real':
        float(e[2])
    if not (1 <= r <= R and 1 <= c <= C):
        sys.exit('entry %r out of range' % e)
    if (c, r) <= prev:
        sys.exit('entry %r out of column order' % e)
    prev = (c, r)
    if symmetry == 'symmetric' and r < c:
        sys.exit('entry %r above the diagonal in a symmetric file' % e)
    full.add((r, c))
    if symmetry == 'symmetric':
        full.add((c, r))
if struct in ('sym', 'nodiag'):
    for (r, c) in full:
        if (c, r) not in full:
            sys.exit('(%d, %d) without its mirror' % (r, c))
if struct == 'nodiag' and any(r == c for (r, c) in full):
    sys.exit('a diagonal entry in a graph without loops')
print(len(full))
PY

# expect_ok NAME FIELD SYMMETRY ROWS COLS ENTRIES STRUCT -- ARGS... : generate, check, read back
expect_ok() {
    local name=$1 field=$2 sym=$3 rows=$4 cols=$5 entries=$6 struct=$7
    shift 8
    local out="$T/$name.mtx"
    "$KFFT" gen-matrix "$out" "$@" >"$T/out.txt" 2>"$T/err.txt"
    local rc=$?
    if [ $rc -ne 0 ]; then fail "$name: exit $rc: $(cat "$T/err.txt")"; return; fi
    grep -q "^wrote $out: $rows x $cols," "$T/out.txt" || fail "$name: summary: $(cat "$T/out.txt")"
    local full
    full=$(python3 "$T/check.py" "$out" "$field" "$sym" "$rows" "$cols" "$entries" "$struct" 2>&1) \
        || { fail "$name: $full"; return; }
    for mode in binary weighted; do
        "$READER" read "$out" $mode >"$T/read.txt" 2>&1 || { fail "$name ($mode): reader: $(cat "$T/read.txt")"; continue; }
        grep -q ": $rows x $cols, $full entries" "$T/read.txt" \
            || fail "$name ($mode): expected $rows x $cols, $full entries; reader: $(head -1 "$T/read.txt")"
    done
    if [ "$struct" != "-" ]; then
        grep -q "symmetric 1" "$T/read.txt" || fail "$name: the reader does not find it symmetric"
    fi
}

# expect_usage NAME ARGS... : exit status 2 and a message on stderr, no file left
expect_usage() {
    local name=$1
    shift
    "$KFFT" gen-matrix "$@" >/dev/null 2>"$T/err.txt"
    local rc=$?
    [ $rc -eq 2 ] || fail "$name: exit $rc, expected 2 (usage error)"
    grep -q "kfft gen-matrix" "$T/err.txt" || fail "$name: no message: $(cat "$T/err.txt")"
}

# counts recomputed here: banded, grids ((3n-2) per axis for reach-1 boxes)
band_count() { python3 -c "R,C,B=$1,$2,$3; print(sum(min(R-1,c+B)-max(0,c-B)+1 for c in range(C) if max(0,c-B)<=min(R-1,c+B)))"; }
band_lower() { python3 -c "R,B=$1,$2; print(sum(min(R-1,c+B)-c+1 for c in range(R)))"; }

expect_ok random_general real general 300 200 5000 - -- --kind random --rows 300 --cols 200 --nnz 5000 --real --seed 7
expect_ok random_density pattern general 1000 1000 10000 - -- --kind random --density 0.01
expect_ok random_sym pattern symmetric 300 300 4515 sym -- --kind random --rows 300 --density 0.1 --symmetric
expect_ok random_full pattern general 7 5 35 - -- --kind random --rows 7 --cols 5 --density 1
expect_ok random_empty pattern general 4 9 0 - -- --kind random --rows 4 --cols 9 --nnz 0
expect_ok random_tall pattern general 70000 3 1000 - -- --kind random --rows 70000 --cols 3 --nnz 1000
expect_ok banded real general 100 120 "$(band_count 100 120 3)" - -- --kind banded --rows 100 --cols 120 --band 3 --real
expect_ok banded_sym real symmetric 100 100 "$(band_lower 100 3)" sym -- --kind banded --rows 100 --band 3 --real --symmetric
expect_ok banded_diag pattern general 1 1 1 sym -- --kind banded --rows 1 --band 0
expect_ok grid2d pattern general 100 100 460 sym -- --kind grid2d --n 10
expect_ok grid2d_box real symmetric 70 70 301 sym -- --kind grid2d --dims 10x7 --stencil box --real --symmetric
expect_ok grid3d pattern general 125 125 725 sym -- --kind grid3d --n 5
expect_ok grid3d_side37 pattern general 50653 50653 $((7 * 50653 - 6 * 37 * 37)) sym -- --kind grid3d --n 37
expect_ok grid2d_max_links pattern general 4 4 14 sym -- --kind grid2d --n 2 --links 1
expect_ok grid3d_box_links real general 125 125 $((13 * 13 * 13 + 20)) sym -- --kind grid3d --n 5 --stencil box --links 10 --real
expect_ok grid3d_cut pattern symmetric 100 100 -1 sym -- --kind grid3d --n 5 --rows 100 --symmetric
expect_ok geometric pattern general 2000 2000 -1 nodiag -- --kind geometric --rows 2000 --seed 3
expect_ok geometric_sym real symmetric 500 500 -1 nodiag -- --kind geometric --rows 500 --radius 0.1 --symmetric --real
# pct20stif's size: 52329 x 52329 with 2,615,471 entries (the cuSpFFT anchor's count)
expect_ok stiffness52329 pattern general 52329 52329 2615471 sym -- --kind grid3d --dims 38x38x37 --stencil box \
    --reach 1,1,2 --rows 52329 --links 209124

# same seed: the same bytes; another seed: another matrix; standard output
"$KFFT" gen-matrix "$T/s.mtx" --kind random --rows 50 --nnz 100 --real --seed 5 >/dev/null && cp "$T/s.mtx" "$T/s1.mtx"
"$KFFT" gen-matrix "$T/s.mtx" --kind random --rows 50 --nnz 100 --real --seed 5 >/dev/null
cmp -s "$T/s.mtx" "$T/s1.mtx" || fail "the same seed gave different files"
"$KFFT" gen-matrix "$T/s.mtx" --kind random --rows 50 --nnz 100 --real --seed 6 >/dev/null
cmp -s "$T/s.mtx" "$T/s1.mtx" && fail "seeds 5 and 6 gave the same file"
"$KFFT" gen-matrix - --kind geometric --rows 300 --seed 9 >"$T/stdout.mtx" || fail "writing to standard output"
"$KFFT" gen-matrix "$T/f.mtx" --kind geometric --rows 300 --seed 9 >/dev/null
[ "$(tail -n +3 "$T/stdout.mtx" | md5sum)" = "$(tail -n +3 "$T/f.mtx" | md5sum)" ] || fail "standard output differs from the file"
ls "$T" | grep -q '\.tmp-' && fail "temporary files left behind: $(ls "$T")"

# failures to write: exit 1, nothing left
"$KFFT" gen-matrix "$T/no/such/dir/x.mtx" --kind banded --rows 10 >/dev/null 2>"$T/err.txt"
[ $? -eq 1 ] || fail "unwritable output: expected exit 1"
grep -q "cannot" "$T/err.txt" || fail "unwritable output: no message"

# usage errors
expect_usage no_output --kind random
expect_usage no_kind "$T/u.mtx"
expect_usage bad_kind "$T/u.mtx" --kind dense
expect_usage unknown_option "$T/u.mtx" --kind random --frobnicate
expect_usage two_outputs "$T/u.mtx" "$T/v.mtx" --kind random
expect_usage nnz_banded "$T/u.mtx" --kind banded --nnz 10
expect_usage band_random "$T/u.mtx" --kind random --band 2
expect_usage radius_grid "$T/u.mtx" --kind grid2d --radius 0.1
expect_usage links_random "$T/u.mtx" --kind random --links 3
expect_usage cols_grid "$T/u.mtx" --kind grid3d --cols 10
expect_usage nnz_and_density "$T/u.mtx" --kind random --nnz 10 --density 0.1
expect_usage too_many_nnz "$T/u.mtx" --kind random --rows 3 --cols 3 --nnz 10
expect_usage density_above_1 "$T/u.mtx" --kind random --density 2
expect_usage density_text "$T/u.mtx" --kind random --density lots
expect_usage rows_zero "$T/u.mtx" --kind random --rows 0
expect_usage rows_2_31 "$T/u.mtx" --kind random --rows 2147483648
expect_usage pattern_and_real "$T/u.mtx" --kind random --pattern --real
expect_usage symmetric_rect "$T/u.mtx" --kind random --rows 3 --cols 4 --symmetric
expect_usage n_and_dims "$T/u.mtx" --kind grid2d --n 4 --dims 4x4
expect_usage dims_3_for_2d "$T/u.mtx" --kind grid2d --dims 4x4x4
expect_usage dims_bad "$T/u.mtx" --kind grid3d --dims 4x0x4
expect_usage reach_3_for_2d "$T/u.mtx" --kind grid2d --reach 1,1,2
expect_usage reach_zero "$T/u.mtx" --kind grid3d --reach 0
expect_usage reach_9 "$T/u.mtx" --kind grid3d --reach 9
expect_usage stencil_bad "$T/u.mtx" --kind grid3d --stencil cross
expect_usage rows_beyond_grid "$T/u.mtx" --kind grid2d --n 4 --rows 17
expect_usage too_many_links "$T/u.mtx" --kind grid2d --n 2 --links 2
expect_usage way_too_many_links "$T/u.mtx" --kind grid3d --n 3 --links 1000
expect_usage radius_zero "$T/u.mtx" --kind geometric --radius 0
expect_usage flag_value "$T/u.mtx" --kind random --symmetric=1
expect_usage missing_value "$T/u.mtx" --kind
[ -e "$T/u.mtx" ] && fail "a usage error left a file behind"
"$KFFT" gen-matrix --help | grep -q "usage: kfft gen-matrix" || fail "--help"
"$KFFT" help gen-matrix | grep -q "38x38x37" || fail "help gen-matrix"
"$KFFT" --help | grep -q "gen-matrix" || fail "the overview does not list gen-matrix"

if [ $fails -ne 0 ]; then
    echo "gen-matrix cli: $fails failure(s)"
    exit 1
fi
echo "gen-matrix cli: all checks passed"
