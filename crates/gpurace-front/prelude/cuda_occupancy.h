// gpurace stub for <cuda_occupancy.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
