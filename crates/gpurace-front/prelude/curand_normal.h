// gpurace stub for <curand_normal.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
