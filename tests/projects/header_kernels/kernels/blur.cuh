#pragma once
__global__ void blur_racy(float *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n) a[i] = 0.5f * (a[i - 1] + a[i]);
}
