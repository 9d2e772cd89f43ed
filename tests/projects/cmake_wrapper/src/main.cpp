#include <cuda_runtime.h>
#include "kernels.h"

int main() {
    int n = 1 << 20;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    launch_add(a, b, n);
    launch_shift_racy(a, n, 256);
    return 0;
}
