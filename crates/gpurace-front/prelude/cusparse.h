// gpurace stub for <cusparse.h>: cuSPARSE's host API, declarations only.
#pragma once
#include "gpurace_prelude.h"
#include "library_types.h"
extern "C" {
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef struct cusparseSpGEMMDescr *cusparseSpGEMMDescr_t;
typedef struct cusparseSpSVDescr *cusparseSpSVDescr_t;
typedef struct cusparseSpSMDescr *cusparseSpSMDescr_t;
typedef struct csrsv2Info *csrsv2Info_t;
typedef struct bsrsv2Info *bsrsv2Info_t;
typedef enum { CUSPARSE_STATUS_SUCCESS = 0, CUSPARSE_STATUS_NOT_INITIALIZED = 1, CUSPARSE_STATUS_ALLOC_FAILED = 2,
               CUSPARSE_STATUS_INVALID_VALUE = 3, CUSPARSE_STATUS_ARCH_MISMATCH = 4, CUSPARSE_STATUS_EXECUTION_FAILED = 6,
               CUSPARSE_STATUS_INTERNAL_ERROR = 7, CUSPARSE_STATUS_NOT_SUPPORTED = 10 } cusparseStatus_t;
typedef enum { CUSPARSE_OPERATION_NON_TRANSPOSE = 0, CUSPARSE_OPERATION_TRANSPOSE = 1,
               CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2 } cusparseOperation_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum { CUSPARSE_INDEX_16U = 1, CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3 } cusparseIndexType_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum { CUSPARSE_MATRIX_TYPE_GENERAL = 0, CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1, CUSPARSE_MATRIX_TYPE_HERMITIAN = 2,
               CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3 } cusparseMatrixType_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
typedef enum { CUSPARSE_SPMV_ALG_DEFAULT = 0, CUSPARSE_SPMV_CSR_ALG1 = 2, CUSPARSE_SPMV_CSR_ALG2 = 3,
               CUSPARSE_SPMV_COO_ALG1 = 1, CUSPARSE_SPMV_COO_ALG2 = 4, CUSPARSE_MV_ALG_DEFAULT = 0,
               CUSPARSE_CSRMV_ALG1 = 2, CUSPARSE_CSRMV_ALG2 = 3 } cusparseSpMVAlg_t;
typedef enum { CUSPARSE_SPMM_ALG_DEFAULT = 0, CUSPARSE_SPMM_CSR_ALG1 = 4, CUSPARSE_SPMM_CSR_ALG2 = 6,
               CUSPARSE_SPMM_CSR_ALG3 = 12, CUSPARSE_MM_ALG_DEFAULT = 0, CUSPARSE_CSRMM_ALG1 = 4 } cusparseSpMMAlg_t;
typedef enum { CUSPARSE_SPGEMM_DEFAULT = 0, CUSPARSE_SPGEMM_ALG1 = 3 } cusparseSpGEMMAlg_t;
typedef enum { CUSPARSE_SPSV_ALG_DEFAULT = 0 } cusparseSpSVAlg_t;
typedef enum { CUSPARSE_SDDMM_ALG_DEFAULT = 0 } cusparseSDDMMAlg_t;
typedef enum { CUSPARSE_SPMAT_FILL_MODE = 0, CUSPARSE_SPMAT_DIAG_TYPE = 1 } cusparseSpMatAttribute_t;
typedef enum { CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0, CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1 } cusparseSolvePolicy_t;
typedef enum { CUSPARSE_ACTION_SYMBOLIC = 0, CUSPARSE_ACTION_NUMERIC = 1 } cusparseAction_t;
typedef enum { CUSPARSE_CSR2CSC_ALG_DEFAULT = 1, CUSPARSE_CSR2CSC_ALG1 = 1 } cusparseCsr2CscAlg_t;
typedef enum { CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0 } cusparseSparseToDenseAlg_t;
typedef enum { CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0 } cusparseDenseToSparseAlg_t;
cusparseStatus_t cusparseCreate(cusparseHandle_t *__h);
cusparseStatus_t cusparseDestroy(cusparseHandle_t __h);
cusparseStatus_t cusparseSetStream(cusparseHandle_t __h, cudaStream_t __s);
const char *cusparseGetErrorString(cusparseStatus_t __s);
cusparseStatus_t cusparseCreateCsr(void *__first, ...);
cusparseStatus_t cusparseCreateCoo(void *__first, ...);
cusparseStatus_t cusparseCreateCsc(void *__first, ...);
cusparseStatus_t cusparseCreateBlockedEll(void *__first, ...);
cusparseStatus_t cusparseCreateDnVec(void *__first, ...);
cusparseStatus_t cusparseCreateDnMat(void *__first, ...);
cusparseStatus_t cusparseCreateSpVec(void *__first, ...);
cusparseStatus_t cusparseDestroySpMat(void *__first, ...);
cusparseStatus_t cusparseDestroyDnVec(void *__first, ...);
cusparseStatus_t cusparseDestroyDnMat(void *__first, ...);
cusparseStatus_t cusparseDestroySpVec(void *__first, ...);
cusparseStatus_t cusparseSpMV(void *__first, ...);
cusparseStatus_t cusparseSpMV_bufferSize(void *__first, ...);
cusparseStatus_t cusparseSpMM(void *__first, ...);
cusparseStatus_t cusparseSpMM_bufferSize(void *__first, ...);
cusparseStatus_t cusparseSpMM_preprocess(void *__first, ...);
cusparseStatus_t cusparseSpGEMM_createDescr(void *__first, ...);
cusparseStatus_t cusparseSpGEMM_destroyDescr(void *__first, ...);
cusparseStatus_t cusparseSpGEMM_workEstimation(void *__first, ...);
cusparseStatus_t cusparseSpGEMM_compute(void *__first, ...);
cusparseStatus_t cusparseSpGEMM_copy(void *__first, ...);
cusparseStatus_t cusparseSpMatGetSize(void *__first, ...);
cusparseStatus_t cusparseCsrSetPointers(void *__first, ...);
cusparseStatus_t cusparseSpSV_createDescr(void *__first, ...);
cusparseStatus_t cusparseSpSV_destroyDescr(void *__first, ...);
cusparseStatus_t cusparseSpSV_bufferSize(void *__first, ...);
cusparseStatus_t cusparseSpSV_analysis(void *__first, ...);
cusparseStatus_t cusparseSpSV_solve(void *__first, ...);
cusparseStatus_t cusparseSpMatSetAttribute(void *__first, ...);
cusparseStatus_t cusparseSDDMM(void *__first, ...);
cusparseStatus_t cusparseSDDMM_bufferSize(void *__first, ...);
cusparseStatus_t cusparseSDDMM_preprocess(void *__first, ...);
cusparseStatus_t cusparseCsr2cscEx2(void *__first, ...);
cusparseStatus_t cusparseCsr2cscEx2_bufferSize(void *__first, ...);
cusparseStatus_t cusparseCreateMatDescr(void *__first, ...);
cusparseStatus_t cusparseDestroyMatDescr(void *__first, ...);
cusparseStatus_t cusparseSetMatType(void *__first, ...);
cusparseStatus_t cusparseSetMatIndexBase(void *__first, ...);
cusparseStatus_t cusparseSetMatFillMode(void *__first, ...);
cusparseStatus_t cusparseSetMatDiagType(void *__first, ...);
cusparseStatus_t cusparseScsrmv(void *__first, ...);
cusparseStatus_t cusparseDcsrmv(void *__first, ...);
cusparseStatus_t cusparseScsrmm(void *__first, ...);
cusparseStatus_t cusparseDcsrmm(void *__first, ...);
cusparseStatus_t cusparseXcoo2csr(void *__first, ...);
cusparseStatus_t cusparseXcsr2coo(void *__first, ...);
cusparseStatus_t cusparseSparseToDense(void *__first, ...);
cusparseStatus_t cusparseSparseToDense_bufferSize(void *__first, ...);
cusparseStatus_t cusparseDenseToSparse_bufferSize(void *__first, ...);
cusparseStatus_t cusparseDenseToSparse_analysis(void *__first, ...);
cusparseStatus_t cusparseDenseToSparse_convert(void *__first, ...);
cusparseStatus_t cusparseCreateCsrsv2Info(void *__first, ...);
cusparseStatus_t cusparseDestroyCsrsv2Info(void *__first, ...);
cusparseStatus_t cusparseScsrsv2_bufferSize(void *__first, ...);
cusparseStatus_t cusparseScsrsv2_analysis(void *__first, ...);
cusparseStatus_t cusparseScsrsv2_solve(void *__first, ...);
cusparseStatus_t cusparseDcsrsv2_bufferSize(void *__first, ...);
cusparseStatus_t cusparseDcsrsv2_analysis(void *__first, ...);
cusparseStatus_t cusparseDcsrsv2_solve(void *__first, ...);
cusparseStatus_t cusparseSgtsv2(void *__first, ...);
cusparseStatus_t cusparseSgtsv2_bufferSizeExt(void *__first, ...);
cusparseStatus_t cusparseSgtsv2StridedBatch(void *__first, ...);
cusparseStatus_t cusparseSgtsv2StridedBatch_bufferSizeExt(void *__first, ...);
cusparseStatus_t cusparseSgtsvInterleavedBatch(void *__first, ...);
cusparseStatus_t cusparseSgtsvInterleavedBatch_bufferSizeExt(void *__first, ...);
cusparseStatus_t cusparseAxpby(void *__first, ...);
cusparseStatus_t cusparseGather(void *__first, ...);
cusparseStatus_t cusparseScatter(void *__first, ...);
}
