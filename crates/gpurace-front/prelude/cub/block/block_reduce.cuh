// gpurace stub for <cub/block/block_reduce.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
