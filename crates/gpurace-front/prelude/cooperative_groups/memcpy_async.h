// gpurace stub for <cooperative_groups/memcpy_async.h>: everything lives in the force-included prelude.
#pragma once
#include "../gpurace_prelude.h"
