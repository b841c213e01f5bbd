#!/usr/bin/env bash
# Set up (scripts/setup.sh) and run the whole test suite with CTest. The kernel cache lives
# in the build tree so every run starts cold, like CI.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export KFFT_CACHE_DIR="$PWD/build/kernel-cache"
ctest --test-dir build --output-on-failure -j"$(nproc)" --timeout 2400
