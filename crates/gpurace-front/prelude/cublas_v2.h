// gpurace stub for <cublas_v2.h>: cuBLAS's host API, declarations only.
// The routines take any arguments (a call the analysis does not follow: the
// memory its pointer arguments reach becomes unknown).
#pragma once
#include "gpurace_prelude.h"
#include "library_types.h"
extern "C" {
typedef struct cublasContext *cublasHandle_t;
typedef enum {
  CUBLAS_STATUS_SUCCESS = 0, CUBLAS_STATUS_NOT_INITIALIZED = 1, CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7, CUBLAS_STATUS_ARCH_MISMATCH = 8, CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13, CUBLAS_STATUS_INTERNAL_ERROR = 14, CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2, CUBLAS_OP_HERMITAN = 2, CUBLAS_OP_CONJG = 3 } cublasOperation_t;
typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1, CUBLAS_PEDANTIC_MATH = 2, CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
  CUBLAS_GEMM_DFALT = -1, CUBLAS_GEMM_DEFAULT = -1, CUBLAS_GEMM_ALGO0 = 0, CUBLAS_GEMM_ALGO1 = 1,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99, CUBLAS_GEMM_DFALT_TENSOR_OP = 99, CUBLAS_GEMM_ALGO0_TENSOR_OP = 100
} cublasGemmAlgo_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_16F_PEDANTIC = 65, CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69, CUBLAS_COMPUTE_32F_FAST_16F = 74, CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77, CUBLAS_COMPUTE_64F = 70, CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_32I = 72, CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;
typedef cudaDataType cublasDataType_t;
cublasStatus_t cublasCreate_v2(cublasHandle_t *__h);
cublasStatus_t cublasDestroy_v2(cublasHandle_t __h);
#define cublasCreate cublasCreate_v2
#define cublasDestroy cublasDestroy_v2
cublasStatus_t cublasSetStream(cublasHandle_t __h, cudaStream_t __s);
cublasStatus_t cublasGetStream(cublasHandle_t __h, cudaStream_t *__s);
cublasStatus_t cublasSetMathMode(cublasHandle_t __h, cublasMath_t __m);
cublasStatus_t cublasSetPointerMode(cublasHandle_t __h, cublasPointerMode_t __m);
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t __h, cublasAtomicsMode_t __m);
cublasStatus_t cublasSetWorkspace(cublasHandle_t __h, void *__w, size_t __bytes);
cublasStatus_t cublasGetVersion(cublasHandle_t __h, int *__v);
cublasStatus_t cublasSetVector(int __n, int __elem, const void *__x, int __incx, void *__y, int __incy);
cublasStatus_t cublasGetVector(int __n, int __elem, const void *__x, int __incx, void *__y, int __incy);
cublasStatus_t cublasSetMatrix(int __rows, int __cols, int __elem, const void *__a, int __lda, void *__b, int __ldb);
cublasStatus_t cublasGetMatrix(int __rows, int __cols, int __elem, const void *__a, int __lda, void *__b, int __ldb);
const char *cublasGetStatusString(cublasStatus_t __s);
const char *cublasGetStatusName(cublasStatus_t __s);
cublasStatus_t cublasSgemm(cublasHandle_t __h, ...);
cublasStatus_t cublasDgemm(cublasHandle_t __h, ...);
cublasStatus_t cublasCgemm(cublasHandle_t __h, ...);
cublasStatus_t cublasZgemm(cublasHandle_t __h, ...);
cublasStatus_t cublasHgemm(cublasHandle_t __h, ...);
cublasStatus_t cublasSgemmBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasDgemmBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasHgemmBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasDgemmStridedBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasCgemmStridedBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasGemmEx(cublasHandle_t __h, ...);
cublasStatus_t cublasGemmBatchedEx(cublasHandle_t __h, ...);
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t __h, ...);
cublasStatus_t cublasSgemv(cublasHandle_t __h, ...);
cublasStatus_t cublasDgemv(cublasHandle_t __h, ...);
cublasStatus_t cublasCgemv(cublasHandle_t __h, ...);
cublasStatus_t cublasSger(cublasHandle_t __h, ...);
cublasStatus_t cublasDger(cublasHandle_t __h, ...);
cublasStatus_t cublasSaxpy(cublasHandle_t __h, ...);
cublasStatus_t cublasDaxpy(cublasHandle_t __h, ...);
cublasStatus_t cublasCaxpy(cublasHandle_t __h, ...);
cublasStatus_t cublasSscal(cublasHandle_t __h, ...);
cublasStatus_t cublasDscal(cublasHandle_t __h, ...);
cublasStatus_t cublasCsscal(cublasHandle_t __h, ...);
cublasStatus_t cublasSdot(cublasHandle_t __h, ...);
cublasStatus_t cublasDdot(cublasHandle_t __h, ...);
cublasStatus_t cublasSnrm2(cublasHandle_t __h, ...);
cublasStatus_t cublasDnrm2(cublasHandle_t __h, ...);
cublasStatus_t cublasSasum(cublasHandle_t __h, ...);
cublasStatus_t cublasDasum(cublasHandle_t __h, ...);
cublasStatus_t cublasScopy(cublasHandle_t __h, ...);
cublasStatus_t cublasDcopy(cublasHandle_t __h, ...);
cublasStatus_t cublasSswap(cublasHandle_t __h, ...);
cublasStatus_t cublasDswap(cublasHandle_t __h, ...);
cublasStatus_t cublasIsamax(cublasHandle_t __h, ...);
cublasStatus_t cublasIdamax(cublasHandle_t __h, ...);
cublasStatus_t cublasIsamin(cublasHandle_t __h, ...);
cublasStatus_t cublasIdamin(cublasHandle_t __h, ...);
cublasStatus_t cublasStrsm(cublasHandle_t __h, ...);
cublasStatus_t cublasDtrsm(cublasHandle_t __h, ...);
cublasStatus_t cublasSsyrk(cublasHandle_t __h, ...);
cublasStatus_t cublasDsyrk(cublasHandle_t __h, ...);
cublasStatus_t cublasSsymm(cublasHandle_t __h, ...);
cublasStatus_t cublasDsymm(cublasHandle_t __h, ...);
cublasStatus_t cublasSgeam(cublasHandle_t __h, ...);
cublasStatus_t cublasDgeam(cublasHandle_t __h, ...);
cublasStatus_t cublasSdgmm(cublasHandle_t __h, ...);
cublasStatus_t cublasDdgmm(cublasHandle_t __h, ...);
cublasStatus_t cublasStrsv(cublasHandle_t __h, ...);
cublasStatus_t cublasDtrsv(cublasHandle_t __h, ...);
cublasStatus_t cublasSgetrfBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasDgetrfBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasSgetriBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasDgetriBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasSmatinvBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasDmatinvBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasSgelsBatched(cublasHandle_t __h, ...);
cublasStatus_t cublasSrot(cublasHandle_t __h, ...);
cublasStatus_t cublasDrot(cublasHandle_t __h, ...);
cublasStatus_t cublasAxpyEx(cublasHandle_t __h, ...);
cublasStatus_t cublasDotEx(cublasHandle_t __h, ...);
cublasStatus_t cublasScalEx(cublasHandle_t __h, ...);
cublasStatus_t cublasNrm2Ex(cublasHandle_t __h, ...);
}
