#include <cstdlib>

void run_scale(float *a, int n, int threads);
void run_add(float *a, int n, int threads);

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  run_scale(a, n, 256);
  run_add(a, n, 512);
  cudaFree(a);
  return 0;
}
