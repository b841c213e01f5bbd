#!/usr/bin/env python3
"""Compiled instructions per element of kfft's generated kernels, offline (no GPU).

For each case, kfft_describe gives the plan kfft makes on a described H100 and its CUDA
source; NVRTC compiles it as the library does (backend/cuda.c: sm_90, C++17, no NVRTC cache;
with ptxas's -v for registers and spills), and each kernel's .text size / 16 is its SASS
instructions per thread (straight-line code: the passes and codelets are unrolled; loops
that stage tables count once). Per element = instructions x T / (R B), summed over kernels.
A proxy for issue-bound kernels, not a timing: it ranked 8219's Bluestein lengths as the
H100 did, and not multi-pass lengths (bench/results/local-2026-11-27-bluelen-sass.txt).
It counts code, not what runs: both arms of a branch count, so a change that merges them
(session 58's sign-bit flip for a select on the direction: 49 of 52 kernels fewer here) can
run more instructions and lose (h200-2026-11-29h-calls.txt calls 1-2: ncu's inst_executed).
Until session 60 it compiled with nvcc, whose ptxas allocates differently from NVRTC's: 65536's
inverse second pass 55 registers there, 48 through NVRTC, as the H200 ran it (h200-2026-11-29i
call 4); counts before then are nvcc's.
  scripts/sass_count.py [--describe PATH] [--f64] [--inverse] [--conv M] [--knob T,pad,radix,regs] [--mem-gbs G]
                        [--occupancy] [--load-runs] CASE...
(--mem-gbs 4814: the plan kfft makes on an H200, whose rules are gated on 4 TB/s memory.)
Prints per case: instructions per element, then per kernel its instructions per thread,
per element, registers, spilled bytes and stack frame (the local bytes a thread the driver reports:
plan.c's spill bets read those); with --occupancy also the blocks per SM (H100) its
registers allow, then those its shared memory allows (R B elements plus the 1 KB a block
reserves: a floor, as padding, staged tables and convolution slots are left out) and its
threads, and a '<' where the registers allow fewer than both: the blocks session 44 bound to two per
SM (bench/results/h100-2026-11-28b-f64threads.txt) were such. With --load-runs, ldN/R: the
kernel's largest load phase has N global loads in R runs (load_runs: R = 1 is all in flight).
"""
import argparse, ctypes, os, re, subprocess, sys, tempfile

def blocks_per_sm(regs, T, R, B, f64):
    """H100: 64K registers (whole warps, registers in steps of 8), 228 KB of shared memory
    (plus 1 KB a block), 2048 threads."""
    w = (T + 31) // 32 * 32
    by_regs = 65536 // (max(8, (regs + 7) // 8 * 8) * w) if regs else 32
    by_smem = (228 * 1024 + 1024) // (R * B * (16 if f64 else 8) + 1024)
    return by_regs, min(by_smem, 2048 // w)

def nvrtc_compile(lib, src):
    """(cubin bytes, log) from NVRTC with the library's options, or (None, log)."""
    prog = ctypes.c_void_p()
    if lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b'kfft.cu', 0, None, None):
        return None, 'nvrtcCreateProgram failed'
    major, minor = ctypes.c_int(), ctypes.c_int()
    lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    opts = [b'--gpu-architecture=sm_90', b'--std=c++17', b'--ptxas-options=-v']
    if (major.value, minor.value) >= (12, 9): opts.append(b'--no-cache')
    r = lib.nvrtcCompileProgram(prog, len(opts), (ctypes.c_char_p * len(opts))(*opts))
    n = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
    log = ctypes.create_string_buffer(n.value)
    lib.nvrtcGetProgramLog(prog, log)
    cubin = None
    if not r:
        lib.nvrtcGetCUBINSize(prog, ctypes.byref(n))
        buf = ctypes.create_string_buffer(n.value)
        lib.nvrtcGetCUBIN(prog, buf)
        cubin = buf.raw
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return cubin, log.value.decode(errors='replace')

def load_runs(lib, src):
    """Per kernel, from NVRTC's PTX (compute_90): the global loads of the stretch between
    barriers that holds the most, and how many runs they form, a run being loads that no
    branch separates that closes after a load and a floating-point operation inside it (ptxas
    reorders straight-line code, within a branch too; an operation on a loaded value inside
    the branch around the load makes the warp wait for it there). One run: the loads can all
    be in flight at once; one per element: each waits for the one before it (f28dcb6: Bluestein's first pass had 11 runs of 2 in 3345^2 and lost 15%
    to it, bench/results/h200-2026-11-29j-calls.txt; session 67: C2R 8192^2's first column pass,
    a `neg` after each load in the column guard, 16 runs of 1 at 50% of DRAM peak, -30b-calls.txt)."""
    prog = ctypes.c_void_p()
    lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b'kfft.cu', 0, None, None)
    opts = [b'--gpu-architecture=compute_90', b'--std=c++17']
    res = {}
    if not lib.nvrtcCompileProgram(prog, len(opts), (ctypes.c_char_p * len(opts))(*opts)):
        n = ctypes.c_size_t()
        lib.nvrtcGetPTXSize(prog, ctypes.byref(n))
        buf = ctypes.create_string_buffer(n.value)
        lib.nvrtcGetPTX(prog, buf)
        for m in re.finditer(r'\.entry (\w+)(.*?)(?=\.entry|\Z)', buf.value.decode(), re.S):
            # skip: the open branches (label -> whether the code they jump over has loaded and then
            # computed); a branch that closes after both separates the loads before it from those after
            seq, skip = '', {}
            for l in m.group(2).splitlines():
                br = re.match(r'\s*@\S+\s+bra(?:\.uni)?\s+(\$\w+);', l)
                if br: skip[br.group(1)] = 0
                lab = re.match(r'\s*(\$\w+):', l)
                if lab and skip.pop(lab.group(1), 0) == 2: seq += 'F'
                l = re.sub(r'^\s*@\S+\s+', '', l).strip()
                if l.startswith('ld.global'):
                    seq += 'L'
                    for x in skip: skip[x] = max(skip[x], 1)
                elif l.startswith('bar.sync'): seq += 'B'
                elif re.match(r'(mul|fma|add|sub|neg)\.(rn\.)?f(32|64)', l):
                    for x in skip: skip[x] = 2 if skip[x] else 0
            best = max(seq.split('B'), key=lambda x: x.count('L'))
            res[m.group(1)] = (best.count('L'), len(re.findall('L+', best)))
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return res

def count(describe, case, extra, nvrtc, occupancy=False, runs=False):
    out = subprocess.run([describe, '--source'] + extra + [case], capture_output=True, text=True)
    if out.returncode:
        return '%s: %s' % (case, out.stderr.strip())
    head, src = out.stdout.split('\n', 1)
    with tempfile.TemporaryDirectory() as d:
        cubin = os.path.join(d, 'k.cubin')
        bin_, log = nvrtc_compile(nvrtc, src)
        if bin_ is None:
            return '%s: NVRTC failed: %s' % (case, log.strip()[-300:])
        open(cubin, 'wb').write(bin_)
        regs, cur = {}, None
        for l in log.splitlines():
            m = re.search(r"entry function '(\w+)'", l)
            if m:
                cur = m.group(1)
                regs[cur] = [0, 0, 0]
            m = re.search(r'(\d+) bytes spill stores', l)
            if m and cur: regs[cur][1] = int(m.group(1))
            m = re.search(r'(\d+) bytes stack frame', l)  # the local bytes a thread, as the driver reports them
            if m and cur: regs[cur][2] = int(m.group(1))
            m = re.search(r'Used (\d+) registers', l)
            if m and cur: regs[cur][0] = int(m.group(1))
        ins = {}
        sec = subprocess.run(['readelf', '-S', '-W', cubin], capture_output=True, text=True).stdout
        for l in sec.splitlines():
            m = re.search(r'\.text\.(\S+)\s+PROGBITS\s+\S+\s+\S+\s+(\S+)', l)
            if m: ins[m.group(1)] = int(m.group(2), 16) // 16
    lr = load_runs(nvrtc, src) if runs else {}
    tot, parts = 0.0, []
    for k in re.finditer(r'(k\d+) (?:pass|single|plane)\S* R=(\d+)\S* B=(\d+) T=(\d+)', head.split('||', 1)[-1]):
        name, R, B, T = k.group(1), int(k.group(2)), int(k.group(3)), int(k.group(4))
        kn = 'kfft_' + name
        per = ins.get(kn, 0) * T / (R * B)
        tot += per
        rg = regs.get(kn, [0, 0, 0])
        occ = ''
        if occupancy:
            r, m = blocks_per_sm(rg[0], T, R, B, '--f64' in extra)
            occ = ' b%d/%d%s' % (r, m, '<' if r < m else '')
        ld = ' ld%d/%d' % lr[kn] if kn in lr else ''
        parts.append('%s %d %.1f r%d%s%s%s%s' % (name, ins.get(kn, 0), per, rg[0], ' spill%d' % rg[1] if rg[1] else '',
                                                   ' stack%d' % rg[2] if rg[2] else '', occ, ld))
    return '%-18s %7.1f | %s' % (case, tot, ' | '.join(parts))

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--describe', default=os.path.join(os.path.dirname(__file__), '..', 'build', 'kfft_describe'))
    ap.add_argument('--nvrtc', default='/usr/local/cuda/lib64/libnvrtc.so', help='the NVRTC library')
    ap.add_argument('--f64', action='store_true')
    ap.add_argument('--inverse', action='store_true', help="a C2C plan's inverse kernels (kfft_describe --inverse)")
    ap.add_argument('--conv', type=int, default=0)
    ap.add_argument('--knob', default='', help="force the first stage's one-kernel T,pad,radix,regs (kfft_describe --knob)")
    ap.add_argument('--mem-gbs', default='', help='plan for a device of that memory bandwidth, e.g. 4814 for an H200 (kfft_describe --mem-gbs)')
    ap.add_argument('--occupancy', action='store_true', help='blocks per SM by registers, then by shared memory and threads')
    ap.add_argument('--load-runs', action='store_true', help='per kernel ldN/R: its largest load phase\'s N global loads in R runs (PTX)')
    ap.add_argument('cases', nargs='+')
    a = ap.parse_args()
    extra = (['--f64'] if a.f64 else []) + (['--inverse'] if a.inverse else []) + (['--conv', str(a.conv)] if a.conv else []) + (['--knob', a.knob] if a.knob else [])
    extra += ['--mem-gbs', a.mem_gbs] if a.mem_gbs else []
    nvrtc = ctypes.CDLL(a.nvrtc)
    for c in a.cases:
        print(count(a.describe, c, extra, nvrtc, a.occupancy, a.load_runs), flush=True)

if __name__ == '__main__':
    sys.exit(main())
