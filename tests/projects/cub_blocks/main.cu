// Stand-in for CUB's block examples in NVIDIA/cccl (cub/examples/block:
// example_block_reduce.cu, example_block_scan.cu): a tile loaded with
// `cub::BlockLoad`, reduced with `cub::BlockReduce` and scanned with
// `cub::BlockScan`, as shipped. The `_racy` kernel reuses the temporary
// storage of the reduction for the scan without the barrier CUB asks for.
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

constexpr int THREADS = 128;
constexpr int ITEMS = 4;

__global__ void block_sum(const int *in, int *sums) {
  using Load = cub::BlockLoad<int, THREADS, ITEMS, cub::BLOCK_LOAD_DIRECT>;
  using Reduce = cub::BlockReduce<int, THREADS>;
  __shared__ typename Reduce::TempStorage temp;
  int items[ITEMS];
  Load().Load(in + blockIdx.x * THREADS * ITEMS, items);
  int total = Reduce(temp).Sum(items);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = total;
}

__global__ void block_prefix(const int *in, int *out) {
  using Scan = cub::BlockScan<int, THREADS>;
  __shared__ typename Scan::TempStorage temp;
  int v = in[blockIdx.x * THREADS + threadIdx.x];
  int prefix;
  Scan(temp).ExclusiveSum(v, prefix);
  out[blockIdx.x * THREADS + threadIdx.x] = prefix;
}

__global__ void reduce_then_scan_racy(const int *in, int *out) {
  using Reduce = cub::BlockReduce<int, THREADS>;
  using Scan = cub::BlockScan<int, THREADS>;
  __shared__ union {
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } temp;
  int v = in[blockIdx.x * THREADS + threadIdx.x];
  int total = Reduce(temp.reduce).Sum(v);
  int prefix;
  Scan(temp.scan).ExclusiveSum(v, prefix);
  out[blockIdx.x * THREADS + threadIdx.x] = prefix + (threadIdx.x == 0 ? total : 0);
}

int main() {
  const int blocks = 64;
  int *in, *sums, *out;
  cudaMalloc(&in, blocks * THREADS * ITEMS * sizeof(int));
  cudaMalloc(&sums, blocks * sizeof(int));
  cudaMalloc(&out, blocks * THREADS * sizeof(int));
  block_sum<<<blocks, THREADS>>>(in, sums);
  block_prefix<<<blocks, THREADS>>>(in, out);
  reduce_then_scan_racy<<<blocks, THREADS>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
