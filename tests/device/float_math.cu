// Device check: floating point and C's conversions. Exact operations (+, *,
// /, sqrt, conversions) must match the GPU bit for bit; the math library's
// functions (expf, sinf, powf) within their documented error.
// sim: --grid 1 --block 128 --buffer in=128 --buffer out=640 --fill iota --arg k=3
#include <cstdio>

__global__ void float_math(const float *in, float *out, int k) {
  int i = threadIdx.x;
  float x = in[i] * 0.37f - 11.0f;
  out[i * 5 + 0] = x * x / (k + 0.5f) + 1.0f / 3.0f;
  out[i * 5 + 1] = sqrtf(fabsf(x)) + (float)(int)(x * 0.7f) + (unsigned char)(i * 37);
  out[i * 5 + 2] = fmaxf(x, -2.5f) + fminf(x, 4.25f) + floorf(x / 3.0f) + ceilf(x) + truncf(x * 1.5f);
  out[i * 5 + 3] = expf(x * 0.1f) + sinf(x) + powf(fabsf(x) + 1.0f, 0.75f);
  out[i * 5 + 4] = (double)x * 1.0000001 + (i % 3 == 0 ? -x : x / 7.0f);
}

int main() {
  const int n = 128;
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, 5 * n * sizeof(float));
  for (int i = 0; i < n; i++)
    in[i] = (float)i;
  for (int i = 0; i < 5 * n; i++)
    out[i] = 0.0f;
  float_math<<<1, 128>>>(in, out, 3);
  cudaDeviceSynchronize();
  printf("in:");
  for (int i = 0; i < n; i++)
    printf(" %.9g", in[i]);
  printf("\nout:");
  for (int i = 0; i < 5 * n; i++)
    printf(" %.9g", out[i]);
  printf("\n");
  return 0;
}
