// gpurace stub for <cusolverDn.h>: cuSOLVER's dense host API, declarations only.
#pragma once
#include "cublas_v2.h"
extern "C" {
typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef struct syevjInfo *syevjInfo_t;
typedef struct gesvdjInfo *gesvdjInfo_t;
typedef struct cusolverDnParams *cusolverDnParams_t;
typedef enum { CUSOLVER_STATUS_SUCCESS = 0, CUSOLVER_STATUS_NOT_INITIALIZED = 1, CUSOLVER_STATUS_ALLOC_FAILED = 2,
               CUSOLVER_STATUS_INVALID_VALUE = 3, CUSOLVER_STATUS_ARCH_MISMATCH = 4,
               CUSOLVER_STATUS_EXECUTION_FAILED = 6, CUSOLVER_STATUS_INTERNAL_ERROR = 7 } cusolverStatus_t;
typedef enum { CUSOLVER_EIG_TYPE_1 = 1, CUSOLVER_EIG_TYPE_2 = 2, CUSOLVER_EIG_TYPE_3 = 3 } cusolverEigType_t;
typedef enum { CUSOLVER_EIG_MODE_NOVECTOR = 0, CUSOLVER_EIG_MODE_VECTOR = 1 } cusolverEigMode_t;
cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *__h);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t __h);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t __h, cudaStream_t __s);
cusolverStatus_t cusolverDnSgetrf(void *__first, ...);
cusolverStatus_t cusolverDnDgetrf(void *__first, ...);
cusolverStatus_t cusolverDnSgetrf_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnDgetrf_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnSgetrs(void *__first, ...);
cusolverStatus_t cusolverDnDgetrs(void *__first, ...);
cusolverStatus_t cusolverDnSpotrf(void *__first, ...);
cusolverStatus_t cusolverDnDpotrf(void *__first, ...);
cusolverStatus_t cusolverDnSpotrf_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnDpotrf_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnSpotrs(void *__first, ...);
cusolverStatus_t cusolverDnDpotrs(void *__first, ...);
cusolverStatus_t cusolverDnSgeqrf(void *__first, ...);
cusolverStatus_t cusolverDnDgeqrf(void *__first, ...);
cusolverStatus_t cusolverDnSgeqrf_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnDgeqrf_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnSormqr(void *__first, ...);
cusolverStatus_t cusolverDnDormqr(void *__first, ...);
cusolverStatus_t cusolverDnSormqr_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnDormqr_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnSgesvd(void *__first, ...);
cusolverStatus_t cusolverDnDgesvd(void *__first, ...);
cusolverStatus_t cusolverDnSgesvd_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnDgesvd_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnSsyevd(void *__first, ...);
cusolverStatus_t cusolverDnDsyevd(void *__first, ...);
cusolverStatus_t cusolverDnSsyevd_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnDsyevd_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnSsyevj(void *__first, ...);
cusolverStatus_t cusolverDnDsyevj(void *__first, ...);
cusolverStatus_t cusolverDnSsyevj_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnDsyevj_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnCreateSyevjInfo(void *__first, ...);
cusolverStatus_t cusolverDnDestroySyevjInfo(void *__first, ...);
cusolverStatus_t cusolverDnSsyevjBatched(void *__first, ...);
cusolverStatus_t cusolverDnDsyevjBatched(void *__first, ...);
cusolverStatus_t cusolverDnSsyevjBatched_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnDsyevjBatched_bufferSize(void *__first, ...);
cusolverStatus_t cusolverDnCreateParams(void *__first, ...);
cusolverStatus_t cusolverDnDestroyParams(void *__first, ...);
}
