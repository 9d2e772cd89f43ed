// gpurace stub for <cub/device/device_radix_sort.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
