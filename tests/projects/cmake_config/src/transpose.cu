// A tiled matrix transpose whose tile sizes come from the header CMake's
// configure step writes. `transpose_racy` reads the tile back without the
// barrier after filling it.
#include "transpose_config.h"

__global__ void transpose(float *out, const float *in, int width) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_racy(float *out, const float *in, int width) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int width = 1024;
  float *in, *out;
  cudaMalloc(&in, width * width * sizeof(float));
  cudaMalloc(&out, width * width * sizeof(float));
  dim3 grid(width / TILE_DIM, width / TILE_DIM), block(TILE_DIM, BLOCK_ROWS);
  transpose<<<grid, block>>>(out, in, width);
  transpose_racy<<<grid, block>>>(out, in, width);
  cudaDeviceSynchronize();
  return 0;
}
