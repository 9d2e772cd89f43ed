// The tile size, from the project's include folder (the Makefile passes
// `-Iinclude`; the test checks `src/kernels.cu` without it).
#define TILE 128
