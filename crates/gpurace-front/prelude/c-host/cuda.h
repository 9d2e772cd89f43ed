/* gpurace prelude for host code in C: see cuda_runtime_api.h. */
#include "cuda_runtime_api.h"
