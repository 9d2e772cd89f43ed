// gpurace stub for <sm_35_atomic_functions.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
