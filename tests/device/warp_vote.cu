// Device check: warp collectives. Each warp sums its lanes' values with
// `__shfl_down_sync`, broadcasts lane 3's value with `__shfl_sync`, and
// records a ballot and a vote; the simulator's results must be the GPU's.
// sim: --grid 2 --block 64 --buffer in=128 --buffer out=512 --fill iota
#include <cstdio>

__global__ void warp_vote(const int *in, int *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[gid] * 3 + 1;
  int sum = v;
  for (int o = 16; o > 0; o /= 2)
    sum += __shfl_down_sync(0xffffffff, sum, o);
  int third = __shfl_sync(0xffffffff, v, 3);
  int up = __shfl_up_sync(0xffffffff, v, 5, 16);
  int across = __shfl_xor_sync(0xffffffff, v, 9);
  unsigned ballot = __ballot_sync(0xffffffff, (v % 7) < 3);
  int any = __any_sync(0xffffffff, v == 100);
  out[gid * 4 + 0] = (threadIdx.x % 32 == 0) ? sum : third;
  out[gid * 4 + 1] = up;
  out[gid * 4 + 2] = across + (int)(ballot & 0xffff);
  out[gid * 4 + 3] = any + __popc(ballot) * 10;
}

int main() {
  const int n = 128;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, 4 * n * sizeof(int));
  for (int i = 0; i < n; i++)
    in[i] = i;
  for (int i = 0; i < 4 * n; i++)
    out[i] = 0;
  warp_vote<<<2, 64>>>(in, out);
  cudaDeviceSynchronize();
  printf("in:");
  for (int i = 0; i < n; i++)
    printf(" %d", in[i]);
  printf("\nout:");
  for (int i = 0; i < 4 * n; i++)
    printf(" %d", out[i]);
  printf("\n");
  return 0;
}
