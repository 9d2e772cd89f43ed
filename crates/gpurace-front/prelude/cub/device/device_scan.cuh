// gpurace stub for <cub/device/device_scan.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
