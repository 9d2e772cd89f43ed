// gpurace stub for <curand_mtgp32_kernel.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
