// gpurace stub for <cuda_bf16.hpp>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
