/* gpurace model of <thrust/version.h>: see __gpurace_thrust.h. */
#pragma once
#include "__gpurace_thrust.h"
