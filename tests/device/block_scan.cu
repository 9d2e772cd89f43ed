// Device check: a block-wide inclusive scan in shared memory (Hillis-Steele
// with a barrier between reading and writing each step), a count with
// `__syncthreads_count`, and a histogram with atomics.
// sim: --grid 2 --block 128 --buffer in=256 --buffer out=256 --buffer hist=16 --fill iota
#include <cstdio>

__global__ void block_scan(const int *in, int *out, int *hist) {
  __shared__ int s[128];
  int t = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + t;
  s[t] = in[gid] % 10;
  __syncthreads();
  for (int d = 1; d < blockDim.x; d *= 2) {
    int v = t >= d ? s[t - d] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  int big = __syncthreads_count(s[t] > 300);
  out[gid] = s[t] * 1000 + big;
  atomicAdd(&hist[s[t] % 16], 1);
  atomicMax(&hist[15], gid);
}

int main() {
  const int n = 256;
  int *in, *out, *hist;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  cudaMallocManaged(&hist, 16 * sizeof(int));
  for (int i = 0; i < n; i++) {
    in[i] = i;
    out[i] = i;
  }
  for (int i = 0; i < 16; i++)
    hist[i] = i;
  block_scan<<<2, 128>>>(in, out, hist);
  cudaDeviceSynchronize();
  printf("in:");
  for (int i = 0; i < n; i++)
    printf(" %d", in[i]);
  printf("\nout:");
  for (int i = 0; i < n; i++)
    printf(" %d", out[i]);
  printf("\nhist:");
  for (int i = 0; i < 16; i++)
    printf(" %d", hist[i]);
  printf("\n");
  return 0;
}
