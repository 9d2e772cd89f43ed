// gpurace stub for <cub/device/device_run_length_encode.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
