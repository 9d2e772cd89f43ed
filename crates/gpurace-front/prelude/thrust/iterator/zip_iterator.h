// gpurace stub for <thrust/iterator/zip_iterator.h>: everything lives in <thrust/__gpurace_thrust.h>.
#pragma once
#include "../__gpurace_thrust.h"
