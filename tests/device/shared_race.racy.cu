// Device check: a shared-memory tree reduction missing the barrier inside
// its loop. compute-sanitizer's racecheck and gpurace's happens-before
// detector must both report the hazard between the loop's read of
// `s[t + step]` and its write of `s[t]` (threads of different warps).
// sim: --grid 1 --block 256 --buffer in=256 --buffer out=1 --fill iota --detector all
#include <cstdio>

__global__ void shared_race(const int *in, int *out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int step = 128; step > 0; step /= 2) {
    if (t < step)
      s[t] += s[t + step];
  }
  if (t == 0)
    *out = s[0];
}

int main() {
  const int n = 256;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, sizeof(int));
  for (int i = 0; i < n; i++)
    in[i] = i;
  *out = 0;
  shared_race<<<1, 256>>>(in, out);
  cudaDeviceSynchronize();
  printf("out: %d\n", *out);
  return 0;
}
