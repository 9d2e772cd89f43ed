// gpurace stub for <cuda_device_runtime_api.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
