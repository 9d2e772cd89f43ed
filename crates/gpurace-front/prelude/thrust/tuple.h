// gpurace stub for <thrust/tuple.h>: everything lives in <thrust/__gpurace_thrust.h>.
#pragma once
#include "__gpurace_thrust.h"
