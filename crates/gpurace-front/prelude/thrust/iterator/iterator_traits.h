// gpurace stub for <thrust/iterator/iterator_traits.h>: everything lives in <thrust/__gpurace_thrust.h>.
#pragma once
#include "../__gpurace_thrust.h"
