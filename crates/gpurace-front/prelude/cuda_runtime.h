// gpurace stub for <cuda_runtime.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
