// gpurace stub for <cub/warp/warp_reduce.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
