#include "kernels.h"

__global__ void add(float *a, const float *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] += b[i];
}

__global__ void shift_racy(float *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) a[i + 1] = a[i];
}

static void run(dim3 grid, dim3 block, float *a, const float *b, int n) {
    add<<<grid, block>>>(a, b, n);
}

void launch_add(float *a, const float *b, int n) {
    run(dim3((n + 127) / 128), dim3(128), a, b, n);
}

void launch_shift_racy(float *a, int n, int block) {
    shift_racy<<<(n + block - 1) / block, block>>>(a, n);
}
