// Kernels and their launch wrappers; `main.cu` beside it calls the wrappers.
// Checked alone (`gpurace check lib.cu`), the file is linked with `main.cu`:
// `scale` is race-free for the 256 threads `main` asks for, and `add_racy`
// races for its 512 (blocks step by 256 elements).
__global__ void scale(float *a, int n) {
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < n) a[i] *= 2.f;
}

__global__ void add_racy(float *a, int n) {
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < n) a[i] += 1.f;
}

void run_scale(float *a, int n, int threads) { scale<<<(n + threads - 1) / threads, threads>>>(a, n); }

void run_add(float *a, int n, int threads) { add_racy<<<(n + threads - 1) / threads, threads>>>(a, n); }
