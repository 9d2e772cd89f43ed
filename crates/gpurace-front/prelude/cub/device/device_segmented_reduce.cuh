// gpurace stub for <cub/device/device_segmented_reduce.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
