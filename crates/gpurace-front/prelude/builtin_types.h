// gpurace stub for <builtin_types.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
