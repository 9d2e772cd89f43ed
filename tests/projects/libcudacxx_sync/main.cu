// Stand-in for the libcu++ examples of NVIDIA/cccl (libcudacxx/examples):
// a histogram through `cuda::atomic_ref`, a device-wide counter
// `cuda::atomic`, and a block staging its tile behind a `cuda::barrier`.
// The `_racy` kernels drop the atomic or the barrier.
#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/std/atomic>

__global__ void histogram(const int *in, int n, int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    cuda::atomic_ref<int, cuda::thread_scope_device> bin(bins[in[i] & 255]);
    bin.fetch_add(1, cuda::std::memory_order_relaxed);
  }
}

__global__ void histogram_racy(const int *in, int n, int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    bins[in[i] & 255] += 1;
}

__global__ void count_positive(const float *x, int n, cuda::atomic<int, cuda::thread_scope_device> *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 0.0f)
    count->fetch_add(1, cuda::std::memory_order_relaxed);
}

__global__ void rotate(float *out) {
  __shared__ float tile[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  tile[threadIdx.x] = (float)threadIdx.x;
  bar.arrive_and_wait();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

__global__ void rotate_racy(float *out) {
  __shared__ float tile[256];
  tile[threadIdx.x] = (float)threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  const int n = 1 << 16;
  int *in, *bins;
  float *x, *out;
  cuda::atomic<int, cuda::thread_scope_device> *count;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&bins, 256 * sizeof(int));
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMalloc(&count, sizeof(*count));
  histogram<<<n / 256, 256>>>(in, n, bins);
  histogram_racy<<<n / 256, 256>>>(in, n, bins);
  count_positive<<<n / 256, 256>>>(x, n, count);
  rotate<<<n / 256, 256>>>(out);
  rotate_racy<<<n / 256, 256>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
