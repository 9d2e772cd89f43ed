// gpurace stub for <cublas.h>: see <cublas_v2.h>.
#pragma once
#include "cublas_v2.h"
cublasStatus_t cublasInit(void);
cublasStatus_t cublasShutdown(void);
