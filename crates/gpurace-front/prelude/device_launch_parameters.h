// gpurace stub for <device_launch_parameters.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
