#include <cuda_runtime.h>
#include "hist_kernel.cu"

extern "C" void run_hist(int *data, int n) {
    int *d, *out;
    cudaMalloc((void **)&d, n * sizeof(int));
    cudaMalloc((void **)&out, sizeof(int));
    cudaMemcpy(d, data, n * sizeof(int), cudaMemcpyHostToDevice);
    scale<< <n / 256, 256>> >(d, n);
    sum_racy<< <n / 256, 256>> >(d, out, n);
    cudaFree(d);
    cudaFree(out);
}
