// gpurace stub for <cooperative_groups.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
