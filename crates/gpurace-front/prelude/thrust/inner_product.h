// gpurace stub for <thrust/inner_product.h>: everything lives in <thrust/__gpurace_thrust.h>.
#pragma once
#include "__gpurace_thrust.h"
