// gpurace stub for <cub/block/block_scan.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
