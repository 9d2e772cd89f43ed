// reduce_shared.cu: sum of an array, one partial sum per block, with a tree
// reduction in shared memory.
//
// Expected verdict: race-free. In each round, thread `t < stride` reads
// `partial[t + stride]`, which another thread wrote in the previous round; the
// `__syncthreads()` at the end of every round orders those accesses.
// reduce_missing_sync.cu is the same program without that barrier.
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
        __syncthreads();
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
