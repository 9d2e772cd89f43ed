#include "config.h"

__global__ void scale(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) a[i] = 2.0f * a[i];
}

__global__ void scale_racy(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < N) a[i] = 2.0f * a[i + 1];
}

int main() {
  float *a;
  cudaMalloc(&a, N * sizeof(float));
  scale<<<N / BLOCK, BLOCK>>>(a);
  scale_racy<<<N / BLOCK, BLOCK>>>(a);
  return 0;
}
