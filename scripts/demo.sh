#!/usr/bin/env bash
# Set up (scripts/setup.sh) and run the main job: kfft demo on the best device found
# (CUDA GPU if present, else the CPU OpenCL device).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
./build/kfft info
./build/kfft demo "$@"
