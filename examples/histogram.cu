// histogram.cu: a 64-bin histogram of bytes, privatised per block in shared
// memory and merged into the global histogram with atomics.
//
// Expected verdict: race-free. Many threads increment the same bin, but every
// increment is an `atomicAdd`, and atomics do not race with each other. The
// two `__syncthreads()` order the clearing of the shared bins before the
// counting, and the counting before the merge.
#include <cstdio>
#include <cuda_runtime.h>

#define BINS 64

__global__ void histogram(const unsigned char *data, int n, unsigned *bins) {
    __shared__ unsigned local[BINS];

    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        local[b] = 0;
    }
    __syncthreads();

    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        atomicAdd(&local[data[i] % BINS], 1u);
    }
    __syncthreads();

    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        atomicAdd(&bins[b], local[b]);
    }
}

int main() {
    const int n = 1 << 22;

    unsigned char *data;
    unsigned *bins;
    cudaMalloc(&data, n);
    cudaMalloc(&bins, BINS * sizeof(unsigned));
    cudaMemset(data, 7, n);
    cudaMemset(bins, 0, BINS * sizeof(unsigned));

    histogram<<<120, 128>>>(data, n, bins);

    unsigned host[BINS];
    cudaMemcpy(host, bins, sizeof host, cudaMemcpyDeviceToHost);
    printf("bin 7: %u\n", host[7]);

    cudaFree(data);
    cudaFree(bins);
    return 0;
}
