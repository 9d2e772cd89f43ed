// gpurace stub for <cub/device/device_partition.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
