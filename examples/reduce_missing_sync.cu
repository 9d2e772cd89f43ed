// reduce_missing_sync.cu: the racy twin of reduce_shared.cu, with the
// `__syncthreads()` inside the reduction loop removed.
//
// Expected verdict: race (intra-block). With blockDim 256, in the round with
// stride 128 thread 64 writes `partial[64]`; in the next round (stride 64)
// thread 0 reads `partial[64]`. Nothing orders the two accesses, and the
// threads are in different warps: a write-read race on `partial`.
#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 256

__global__ void block_sum(const float *in, float *out, int n) {
    __shared__ float partial[BLOCK];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * BLOCK + t;

    partial[t] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride) {
            partial[t] += partial[t + stride];
        }
    }

    if (t == 0) {
        out[blockIdx.x] = partial[0];
    }
}

int main() {
    const int n = 1 << 16;
    const int blocks = (n + BLOCK - 1) / BLOCK;

    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, blocks * sizeof(float));
    cudaMemset(in, 0, n * sizeof(float));

    block_sum<<<blocks, BLOCK>>>(in, out, n);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("block_sum failed\n");
        return 1;
    }

    cudaFree(in);
    cudaFree(out);
    return 0;
}
