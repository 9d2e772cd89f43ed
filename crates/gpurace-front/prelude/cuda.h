// gpurace stub for <cuda.h>: the driver API basics live in the force-included
// prelude, the rest of the driver API in __gpurace_driver_api.h.
#pragma once
#include "gpurace_prelude.h"
#include "__gpurace_driver_api.h"
