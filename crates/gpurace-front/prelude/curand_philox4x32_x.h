// gpurace stub for <curand_philox4x32_x.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
