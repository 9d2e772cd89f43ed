// gpurace stub for the old CUDA SDK's <cutil_inline.h>.
#pragma once
#include "cutil.h"
