// gpurace stub for <cub/iterator/arg_index_input_iterator.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
