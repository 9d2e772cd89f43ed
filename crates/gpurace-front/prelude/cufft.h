// gpurace stub for <cufft.h>: cuFFT's host API, declarations only.
#pragma once
#include "gpurace_prelude.h"
extern "C" {
typedef int cufftHandle;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef float2 cufftComplex;
typedef double2 cufftDoubleComplex;
typedef enum { CUFFT_SUCCESS = 0, CUFFT_INVALID_PLAN = 1, CUFFT_ALLOC_FAILED = 2, CUFFT_INVALID_TYPE = 3,
               CUFFT_INVALID_VALUE = 4, CUFFT_INTERNAL_ERROR = 5, CUFFT_EXEC_FAILED = 6, CUFFT_SETUP_FAILED = 7,
               CUFFT_INVALID_SIZE = 8 } cufftResult;
typedef enum { CUFFT_R2C = 0x2a, CUFFT_C2R = 0x2c, CUFFT_C2C = 0x29, CUFFT_D2Z = 0x6a, CUFFT_Z2D = 0x6c,
               CUFFT_Z2Z = 0x69 } cufftType;
#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1
cufftResult cufftPlan1d(void *__first, ...);
cufftResult cufftPlan2d(void *__first, ...);
cufftResult cufftPlan3d(void *__first, ...);
cufftResult cufftPlanMany(void *__first, ...);
cufftResult cufftCreate(void *__first, ...);
cufftResult cufftDestroy(cufftHandle __plan);
cufftResult cufftSetStream(cufftHandle __plan, ...);
cufftResult cufftExecC2C(cufftHandle __plan, ...);
cufftResult cufftExecR2C(cufftHandle __plan, ...);
cufftResult cufftExecC2R(cufftHandle __plan, ...);
cufftResult cufftExecZ2Z(cufftHandle __plan, ...);
cufftResult cufftExecD2Z(cufftHandle __plan, ...);
cufftResult cufftExecZ2D(cufftHandle __plan, ...);
cufftResult cufftMakePlan1d(cufftHandle __plan, ...);
cufftResult cufftMakePlan2d(cufftHandle __plan, ...);
cufftResult cufftMakePlan3d(cufftHandle __plan, ...);
cufftResult cufftMakePlanMany(cufftHandle __plan, ...);
cufftResult cufftGetSize(cufftHandle __plan, ...);
cufftResult cufftSetAutoAllocation(cufftHandle __plan, ...);
cufftResult cufftSetWorkArea(cufftHandle __plan, ...);
}
