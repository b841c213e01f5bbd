#!/usr/bin/env bash
# Copies this machine's FFTW (the test reference) into .deps/fftw, a git-ignored folder the
# device tool carries to the GPU machine, which has no network and no FFTW:
#   bash scripts/fetch_deps.sh && run(command="bash scripts/gpu_check.sh", carry=[".deps"])
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$(ls /usr/lib/*/libfftw3.a /usr/lib/libfftw3.a 2>/dev/null | head -n1 || true)
if [ -z "$lib" ] || [ ! -f /usr/include/fftw3.h ]; then
  echo "fetch_deps: FFTW's static library and header are missing: apt-get install libfftw3-dev" >&2
  exit 1
fi
mkdir -p .deps/fftw/include .deps/fftw/lib
cp /usr/include/fftw3.h .deps/fftw/include/
cp "$lib" .deps/fftw/lib/libfftw3.a
echo "fetch_deps: .deps/fftw ready ($lib)"
