#include "kernels/blur.cuh"
#include "kernels/copy.cuh"

template <typename... Params, typename... Args>
void launch(void (*kernel)(Params...), dim3 grid, dim3 block, Args... args) {
    kernel<<<grid, block>>>(args...);
}

void run_all(float *a, float *b, int n) {
    launch(copy, dim3(n / 256), dim3(256), b, a, n);
    launch(blur_racy, dim3(n / 256), dim3(256), a, n);
}
