// gpurace stub for <cuda_fp16.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
