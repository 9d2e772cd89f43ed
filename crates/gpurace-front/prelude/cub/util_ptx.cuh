// gpurace stub for <cub/util_ptx.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "cub.cuh"
