// smooth_in_place.cu: a 3-point smoothing filter that writes its result into
// its own input, and stops threads past the end before a barrier.
//
// Expected verdict: race.
// * inter-block: thread 255 of block 0 writes `x[255]` while thread 0 of
//   block 1 reads it as its left neighbour (`x[i - 1]` with i = 256); the
//   `__syncthreads()` orders the reads before the writes within a block only;
// * barrier divergence: with n = 1000 and 4 blocks of 256 threads, threads
//   1000..1023 return before the `__syncthreads()` the others wait at.
// The fix is to write into a second buffer and to guard the work, not the
// barrier (see reduce_shared.cu).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 256

__global__ void smooth(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float left = i > 0 ? x[i - 1] : x[i];
  float right = i + 1 < n ? x[i + 1] : x[i];
  __syncthreads();
  x[i] = (left + x[i] + right) / 3.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  if (n <= 0) return 1;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  cudaMemset(x, 0, n * sizeof(float));
  smooth<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(x, n);
  cudaDeviceSynchronize();
  cudaFree(x);
  return 0;
}
