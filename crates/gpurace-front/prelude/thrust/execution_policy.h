// gpurace stub for <thrust/execution_policy.h>: everything lives in <thrust/__gpurace_thrust.h>.
#pragma once
#include "__gpurace_thrust.h"
