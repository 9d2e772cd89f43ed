// vector_add.cu: element-wise sum of two vectors, one thread per element.
//
// Expected verdict: race-free. Each thread writes only `c[i]` for its own
// global index `i`, and the guard `i < n` keeps the last block inside the
// arrays.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
    }
}

int main() {
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);

    float *a, *b, *c;
    cudaMalloc(&a, bytes);
    cudaMalloc(&b, bytes);
    cudaMalloc(&c, bytes);
    cudaMemset(a, 0, bytes);
    cudaMemset(b, 0, bytes);

    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    vector_add<<<blocks, threads>>>(a, b, c, n);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
        printf("vector_add failed: %s\n", cudaGetErrorString(err));
        return 1;
    }

    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    return 0;
}
