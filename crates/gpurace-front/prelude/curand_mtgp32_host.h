// gpurace stub for <curand_mtgp32_host.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
