#!/usr/bin/env bash
# Installs kfft's build and test dependencies on Debian/Ubuntu (root or sudo), then builds
# into ./build. Idempotent: installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v cmake >/dev/null || need+=(cmake)
command -v cc >/dev/null || need+=(gcc)
command -v pkg-config >/dev/null || need+=(pkg-config)
[ -f /usr/include/fftw3.h ] || need+=(libfftw3-dev)
# The CLI test scripts write and check .npy/.wav/.mtx files with a small python3 helper.
command -v python3 >/dev/null || need+=(python3)
ldconfig -p | grep -q 'libOpenCL.so.1' || need+=(ocl-icd-libopencl1)
# The CPU OpenCL device, used when no GPU is present.
[ -d /etc/OpenCL/vendors ] && ls /etc/OpenCL/vendors/*pocl* >/dev/null 2>&1 || need+=(pocl-opencl-icd)
# A comma-decimal locale for the locale test.
locale -a 2>/dev/null | grep -qi '^de_DE.utf8$' || need+=(locales)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  echo "setup: installing ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if ! locale -a 2>/dev/null | grep -qi '^de_DE.utf8$' && [ -f /etc/locale.gen ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO sed -i 's/^# *de_DE.UTF-8/de_DE.UTF-8/' /etc/locale.gen && $SUDO locale-gen >/dev/null || true
fi
if [ ! -e /usr/local/cuda/lib64/libnvrtc.so ] && ! ldconfig -p | grep -q libnvrtc; then
  echo "setup: *** NVRTC (CUDA toolkit) not found: CUDA kernels will NOT be compile-checked ***"
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
