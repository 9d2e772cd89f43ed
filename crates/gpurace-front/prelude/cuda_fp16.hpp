// gpurace stub for <cuda_fp16.hpp>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
