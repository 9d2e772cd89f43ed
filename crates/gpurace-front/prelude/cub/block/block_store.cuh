// gpurace stub for <cub/block/block_store.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
