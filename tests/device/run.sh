#!/bin/bash
# The device check (run on a machine with nvcc and compute-sanitizer): each
# kernel of this folder compiled, run, and its printed buffers saved; the
# racy ones also under compute-sanitizer's racecheck. Writes to $OUT (or
# ./out). Compare with `python3 compare.py OUT` on a machine with gpurace.
set -u
cd "$(dirname "$0")"
out=${OUT:-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1
nvcc --version | tail -1 >> "$out/gpu.txt"
for f in *.cu; do
  name=${f%.cu}
  # No FMA contraction: the simulator computes C's operations one by one, as
  # the source writes them (nvcc contracts a * b + c by default).
  if ! nvcc -O2 -fmad=false -arch=native -o "/tmp/$name" "$f" > "$out/$name.nvcc.txt" 2>&1; then
    echo "nvcc failed" >> "$out/$name.nvcc.txt"
    continue
  fi
  timeout 60 "/tmp/$name" > "$out/$name.gpu.txt" 2>&1
  timeout 120 compute-sanitizer --tool racecheck --racecheck-report hazard "/tmp/$name" > "$out/$name.racecheck.txt" 2>&1
done
ls -l "$out"
