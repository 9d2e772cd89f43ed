// gpurace stub for <cuda_runtime_api.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
