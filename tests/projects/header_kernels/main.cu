#include <cuda_runtime.h>

void run_all(float *a, float *b, int n);

int main() {
    int n = 1 << 14;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    run_all(a, b, n);
    return 0;
}
