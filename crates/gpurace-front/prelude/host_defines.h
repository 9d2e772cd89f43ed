// gpurace stub for <host_defines.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
