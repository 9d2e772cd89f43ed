// gpurace stub for <cub/block/block_adjacent_difference.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
