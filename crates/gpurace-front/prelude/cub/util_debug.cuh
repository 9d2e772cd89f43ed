// gpurace stub for <cub/util_debug.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "cub.cuh"
