// gpurace stub for <curand_discrete.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
