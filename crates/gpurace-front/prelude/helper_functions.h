// gpurace stub for the CUDA samples' <helper_functions.h>: declarations only.
#pragma once
#include "helper_cuda.h"
#include "helper_string.h"
#include "helper_timer.h"
