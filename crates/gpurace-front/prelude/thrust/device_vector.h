// gpurace stub for <thrust/device_vector.h>: everything lives in <thrust/__gpurace_thrust.h>.
#pragma once
#include "__gpurace_thrust.h"
