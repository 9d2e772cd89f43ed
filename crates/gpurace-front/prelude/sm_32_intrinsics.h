// gpurace stub for <sm_32_intrinsics.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
