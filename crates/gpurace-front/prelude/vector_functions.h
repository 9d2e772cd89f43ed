// gpurace stub for <vector_functions.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
