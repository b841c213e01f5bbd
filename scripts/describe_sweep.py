#!/usr/bin/env python3
"""Which plans moved: the generated CUDA program of every case of a family, from two builds of kfft_describe
(no GPU), compared case by case; prints the cases whose kernels differ. Used to check that a planner change moves
only the cases its A/B timed, and that a refactor moves none.
  python3 scripts/describe_sweep.py OLD_DESCRIBE NEW_DESCRIBE FAMILY [--f64] [--mem-gbs 4814]
FAMILY: c2c (lengths 2..30000, every 7th), real (R2C and C2R 2..30000, every 11th), nd (7-smooth N x N for N in
200..12000, N^3 for N in 100..1000, 400 seeded random 7-smooth M x N; each also as R2C), pow2 (C2C, R2C and C2R
of 2^14..2^27, and M x N, N x M for M in 16..2048 and N = 2^16..2^18 up to 2^27 elements: the multi-pass powers of
two the other families miss), or a file of cases.
--mem-gbs 4814 plans for an H200 (the rules gated on 4 TB/s memory); without it, the H100 kfft_describe assumes.
An old build: git worktree add /tmp/old COMMIT && cmake -S /tmp/old -B /tmp/old/build && cmake --build
/tmp/old/build --target kfft_describe."""
import hashlib, random, re, subprocess, sys


def smooth(n):
    for p in (2, 3, 5, 7):
        while n % p == 0:
            n //= p
    return n == 1


def family(name):
    if name == 'c2c':
        return [str(n) for n in range(2, 30001, 7)]
    if name == 'real':
        return ['r2c:%d' % n for n in range(2, 30001, 11)] + ['c2r:%d' % n for n in range(3, 30001, 11)]
    if name == 'nd':
        s = [n for n in range(64, 16385) if smooth(n)]
        cases = ['%dx%d' % (n, n) for n in s if 200 <= n <= 12000] + ['%dx%dx%d' % (n, n, n) for n in s if 100 <= n <= 1000]
        rng, rows = random.Random(1), [x for x in s if x <= 8192]
        for _ in range(400):
            a, b = rng.choice(rows), rng.choice(s)
            if a * b <= 1 << 27:
                cases.append('%dx%d' % (a, b))
        return cases + ['r2c:' + c for c in cases]
    if name == 'pow2':
        cases = []
        for e in range(14, 28):
            cases += ['%s%d' % (t, 1 << e) for t in ('', 'r2c:', 'c2r:')]
        for m in (16, 32, 64, 128, 256, 1024, 2048):
            for n in (1 << 16, 1 << 17, 1 << 18):
                if m * n <= 1 << 27:
                    cases += ['%s%dx%d' % (t, a, b) for a, b in ((m, n), (n, m)) for t in ('', 'r2c:', 'c2r:')]
        return cases + ['8192x8192', '16384x16384', 'r2c:16384x16384', 'c2r:16384x16384', '16x16x65536']
    return open(name).read().split()


def programs(binary, args, cases):
    """Case -> md5 of its CUDA program (the description line left out: it is not the kernels)."""
    out = {}
    for i in range(0, len(cases), 200):
        txt = subprocess.run([binary] + args + ['--source'] + cases[i:i + 200], capture_output=True, text=True).stdout
        parts = re.split(r'^(\S+) \(batch \d+\):.*$', txt, flags=re.M)
        for j in range(1, len(parts), 2):
            out[parts[j]] = hashlib.md5(parts[j + 1].encode()).hexdigest()
    return out


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    old, new, fam, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    cases = family(fam)
    a, b = programs(old, args, cases), programs(new, args, cases)
    moved = [c for c in cases if a.get(c) != b.get(c)]
    print('%d cases, %d and %d described, %d moved' % (len(cases), len(a), len(b), len(moved)))
    if moved:
        print(' '.join(moved))


if __name__ == '__main__':
    main()
