// gpurace stub for <cuda_profiler_api.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
