#define N 4096
