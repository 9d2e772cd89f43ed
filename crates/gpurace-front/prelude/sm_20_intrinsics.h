// gpurace stub for <sm_20_intrinsics.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
