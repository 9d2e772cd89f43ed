// gpurace stub for <cub/util_type.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "cub.cuh"
