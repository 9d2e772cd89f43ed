// gpurace stub for <curand_mtgp32dc_p_11213.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
