// gpurace stub for <thrust/iterator/reverse_iterator.h>: everything lives in <thrust/__gpurace_thrust.h>.
#pragma once
#include "../__gpurace_thrust.h"
