// gpurace stub for <texture_fetch_functions.h>: everything lives in the force-included prelude.
#pragma once
#include "gpurace_prelude.h"
