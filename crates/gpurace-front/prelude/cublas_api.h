// gpurace stub for <cublas_api.h>: see <cublas_v2.h>.
#pragma once
#include "cublas_v2.h"
