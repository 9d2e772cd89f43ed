// gpurace stub for <sm_30_intrinsics.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
