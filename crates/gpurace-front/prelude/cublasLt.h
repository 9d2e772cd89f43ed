// gpurace stub for <cublasLt.h>: cuBLASLt's host API, declarations only.
#pragma once
#include "cublas_v2.h"
extern "C" {
typedef struct cublasLtContext *cublasLtHandle_t;
typedef struct cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;
typedef struct cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;
typedef struct cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;
typedef struct cublasLtMatrixTransformDescOpaque_t *cublasLtMatrixTransformDesc_t;
typedef struct { unsigned long long data[8]; } cublasLtMatmulAlgo_t;
typedef struct {
  cublasLtMatmulAlgo_t algo;
  size_t workspaceSize;
  cublasStatus_t state;
  float wavesCount;
  int reserved[4];
} cublasLtMatmulHeuristicResult_t;
typedef enum { CUBLASLT_ORDER_COL = 0, CUBLASLT_ORDER_ROW = 1, CUBLASLT_ORDER_COL32 = 2, CUBLASLT_ORDER_COL4_4R2_8C = 3,
               CUBLASLT_ORDER_COL32_2R_4R4 = 4 } cublasLtOrder_t;
typedef enum { CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0, CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,
               CUBLASLT_MATMUL_DESC_POINTER_MODE = 2, CUBLASLT_MATMUL_DESC_TRANSA = 3, CUBLASLT_MATMUL_DESC_TRANSB = 4,
               CUBLASLT_MATMUL_DESC_TRANSC = 5, CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
               CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17,
               CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20 } cublasLtMatmulDescAttributes_t;
typedef enum { CUBLASLT_MATRIX_LAYOUT_TYPE = 0, CUBLASLT_MATRIX_LAYOUT_ORDER = 1, CUBLASLT_MATRIX_LAYOUT_ROWS = 2,
               CUBLASLT_MATRIX_LAYOUT_COLS = 3, CUBLASLT_MATRIX_LAYOUT_LD = 4, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,
               CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6 } cublasLtMatrixLayoutAttribute_t;
typedef enum { CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1 } cublasLtMatmulPreferenceAttributes_t;
typedef enum { CUBLASLT_EPILOGUE_DEFAULT = 1, CUBLASLT_EPILOGUE_RELU = 2, CUBLASLT_EPILOGUE_BIAS = 4,
               CUBLASLT_EPILOGUE_RELU_BIAS = 6, CUBLASLT_EPILOGUE_GELU = 32, CUBLASLT_EPILOGUE_GELU_BIAS = 36 } cublasLtEpilogue_t;
cublasStatus_t cublasLtCreate(void *__first, ...);
cublasStatus_t cublasLtDestroy(void *__first, ...);
cublasStatus_t cublasLtMatmul(void *__first, ...);
cublasStatus_t cublasLtMatmulDescCreate(void *__first, ...);
cublasStatus_t cublasLtMatmulDescDestroy(void *__first, ...);
cublasStatus_t cublasLtMatmulDescSetAttribute(void *__first, ...);
cublasStatus_t cublasLtMatrixLayoutCreate(void *__first, ...);
cublasStatus_t cublasLtMatrixLayoutDestroy(void *__first, ...);
cublasStatus_t cublasLtMatrixLayoutSetAttribute(void *__first, ...);
cublasStatus_t cublasLtMatmulPreferenceCreate(void *__first, ...);
cublasStatus_t cublasLtMatmulPreferenceDestroy(void *__first, ...);
cublasStatus_t cublasLtMatmulPreferenceSetAttribute(void *__first, ...);
cublasStatus_t cublasLtMatmulAlgoGetHeuristic(void *__first, ...);
cublasStatus_t cublasLtMatrixTransform(void *__first, ...);
cublasStatus_t cublasLtMatrixTransformDescCreate(void *__first, ...);
cublasStatus_t cublasLtMatrixTransformDescDestroy(void *__first, ...);
cublasStatus_t cublasLtMatrixTransformDescSetAttribute(void *__first, ...);
}
