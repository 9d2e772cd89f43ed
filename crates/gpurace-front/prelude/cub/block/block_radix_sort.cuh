// gpurace stub for <cub/block/block_radix_sort.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
