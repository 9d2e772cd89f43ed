// gpurace stub for <cub/warp/warp_scan.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
