// gpurace stub for <cub/util_macro.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "cub.cuh"
