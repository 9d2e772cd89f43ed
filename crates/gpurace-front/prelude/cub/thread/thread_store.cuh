// gpurace stub for <cub/thread/thread_store.cuh>: everything lives in <cub/cub.cuh>.
#pragma once
#include "../cub.cuh"
