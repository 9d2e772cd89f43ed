// gpurace stub for <cub/iterator/cache_modified_output_iterator.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
