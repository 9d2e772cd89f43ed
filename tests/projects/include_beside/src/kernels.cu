#include <cstdlib>
#include "params.h"

// Reverses each tile through shared memory: race-free for the TILE threads
// a block has.
__global__ void reverse(float *out, const float *in) {
  __shared__ float t[TILE];
  t[threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * TILE + threadIdx.x] = t[TILE - 1 - threadIdx.x];
}

// Blocks write overlapping halves of tiles.
__global__ void halves_racy(float *out) { out[blockIdx.x * (TILE / 2) + threadIdx.x] = 1.f; }

int main(int argc, char **argv) {
  int tiles = atoi(argv[1]);
  float *a, *b;
  cudaMalloc(&a, tiles * TILE * sizeof(float));
  cudaMalloc(&b, tiles * TILE * sizeof(float));
  reverse<<<tiles, TILE>>>(b, a);
  halves_racy<<<tiles, TILE>>>(b);
  return 0;
}
