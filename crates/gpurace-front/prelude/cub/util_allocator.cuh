// gpurace stub for <cub/util_allocator.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "cub.cuh"
