// gpurace stub for <thrust/universal_vector.h>: everything lives in <thrust/__gpurace_thrust.h>.
#pragma once
#include "__gpurace_thrust.h"
