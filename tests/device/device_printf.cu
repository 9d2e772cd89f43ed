// Device check: device `printf`. Some threads of each block print their
// index, a value read from memory, a float, a hex number, a character and a
// long; the simulator's printed lines must be the GPU's (as a multiset: the
// GPU prints in an order of its own). The lines hold no colon, which marks
// the host's buffer lines.
// sim: --grid 2 --block 64 --buffer in=128 --buffer out=1 --fill iota
#include <cstdio>

__global__ void device_printf(const int *in, int *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 16 == 3)
    printf("p %d %u %7.3f %x %c %ld %e%%\n", gid, threadIdx.x, in[gid] * 0.25f, gid * 37, 'A' + threadIdx.x % 26,
           (long)gid * 1000000007L, in[gid] / 3.0);
  if (gid == 0)
    out[0] = 1;
}

int main() {
  const int n = 128;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, sizeof(int));
  for (int i = 0; i < n; i++)
    in[i] = i;
  out[0] = 0;
  device_printf<<<2, 64>>>(in, out);
  cudaDeviceSynchronize();
  printf("out: %d\n", out[0]);
  return 0;
}
