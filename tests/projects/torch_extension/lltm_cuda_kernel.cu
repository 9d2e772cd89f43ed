// Stand-in for the CUDA half of pytorch/extension-cpp (the LLTM tutorial's
// `lltm_cuda_kernel.cu`): kernels over `torch::PackedTensorAccessor32`,
// dispatched by `AT_DISPATCH_FLOATING_TYPES` from a function pybind11
// exposes. `lltm_cuda_forward_racy` writes every column's cell into column 0.
#include <torch/extension.h>

#include <cuda.h>
#include <cuda_runtime.h>

#include <vector>

namespace {
template <typename scalar_t>
__device__ __forceinline__ scalar_t sigmoid(scalar_t z) {
  return 1.0 / (1.0 + exp(-z));
}

template <typename scalar_t>
__global__ void lltm_cuda_forward_kernel(
    const torch::PackedTensorAccessor32<scalar_t, 3, torch::RestrictPtrTraits> gates,
    const torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> old_cell,
    torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> new_h,
    torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> new_cell) {
  const int n = blockIdx.y;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < gates.size(2)) {
    auto input_gate = sigmoid(gates[n][0][c]);
    auto output_gate = sigmoid(gates[n][1][c]);
    auto candidate_cell = tanh(gates[n][2][c]);
    new_cell[n][c] = old_cell[n][c] + candidate_cell * input_gate;
    new_h[n][c] = tanh(new_cell[n][c]) * output_gate;
  }
}

template <typename scalar_t>
__global__ void lltm_cuda_forward_racy(
    const torch::PackedTensorAccessor32<scalar_t, 3, torch::RestrictPtrTraits> gates,
    torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> new_cell) {
  const int n = blockIdx.y;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < gates.size(2))
    new_cell[n][0] = sigmoid(gates[n][0][c]);
}
} // namespace

std::vector<torch::Tensor> lltm_cuda_forward(torch::Tensor gates, torch::Tensor old_cell) {
  const auto batch_size = old_cell.size(0);
  const auto state_size = old_cell.size(1);
  auto new_h = torch::zeros_like(old_cell);
  auto new_cell = torch::zeros_like(old_cell);
  const int threads = 1024;
  const dim3 blocks((state_size + threads - 1) / threads, batch_size);
  AT_DISPATCH_FLOATING_TYPES(gates.scalar_type(), "lltm_forward_cuda", ([&] {
    lltm_cuda_forward_kernel<scalar_t><<<blocks, threads>>>(
        gates.packed_accessor32<scalar_t, 3, torch::RestrictPtrTraits>(),
        old_cell.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>(),
        new_h.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>(),
        new_cell.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>());
    lltm_cuda_forward_racy<scalar_t><<<blocks, threads>>>(
        gates.packed_accessor32<scalar_t, 3, torch::RestrictPtrTraits>(),
        new_cell.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>());
  }));
  return {new_h, new_cell};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("forward", &lltm_cuda_forward, "LLTM forward (CUDA)");
}
