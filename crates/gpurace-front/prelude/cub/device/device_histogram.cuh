// gpurace stub for <cub/device/device_histogram.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
