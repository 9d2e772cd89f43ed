// gpurace stub for <cuComplex.h>: single and double precision complex
// numbers as float2 and double2, with inline arithmetic on their parts.
#pragma once
#include "gpurace_prelude.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define __GPURACE_COMPLEX(C, R, S, SQRT)                                                      \
  __host__ __device__ inline R cuCreal##S(C __x) { return __x.x; }                            \
  __host__ __device__ inline R cuCimag##S(C __x) { return __x.y; }                            \
  __host__ __device__ inline C __gpurace_complex##S(R __r, R __i) {                           \
    C __c;                                                                                    \
    __c.x = __r;                                                                              \
    __c.y = __i;                                                                              \
    return __c;                                                                               \
  }                                                                                           \
  __host__ __device__ inline C cuConj##S(C __x) { return __gpurace_complex##S(__x.x, -__x.y); } \
  __host__ __device__ inline C cuCadd##S(C __x, C __y) {                                      \
    return __gpurace_complex##S(__x.x + __y.x, __x.y + __y.y);                                \
  }                                                                                           \
  __host__ __device__ inline C cuCsub##S(C __x, C __y) {                                      \
    return __gpurace_complex##S(__x.x - __y.x, __x.y - __y.y);                                \
  }                                                                                           \
  __host__ __device__ inline C cuCmul##S(C __x, C __y) {                                      \
    return __gpurace_complex##S(__x.x * __y.x - __x.y * __y.y, __x.x * __y.y + __x.y * __y.x); \
  }                                                                                           \
  __host__ __device__ inline C cuCdiv##S(C __x, C __y) {                                      \
    R __d = __y.x * __y.x + __y.y * __y.y;                                                    \
    return __gpurace_complex##S((__x.x * __y.x + __x.y * __y.y) / __d,                        \
                                (__x.y * __y.x - __x.x * __y.y) / __d);                       \
  }                                                                                           \
  __host__ __device__ inline R cuCabs##S(C __x) { return SQRT(__x.x * __x.x + __x.y * __x.y); } \
  __host__ __device__ inline C cuCfma##S(C __x, C __y, C __d) {                               \
    return cuCadd##S(cuCmul##S(__x, __y), __d);                                               \
  }
__GPURACE_COMPLEX(cuFloatComplex, float, f, sqrtf)
__GPURACE_COMPLEX(cuDoubleComplex, double, , sqrt)
#undef __GPURACE_COMPLEX

__host__ __device__ inline cuFloatComplex make_cuFloatComplex(float __r, float __i) {
  return __gpurace_complexf(__r, __i);
}
__host__ __device__ inline cuDoubleComplex make_cuDoubleComplex(double __r, double __i) {
  return __gpurace_complex(__r, __i);
}
__host__ __device__ inline cuComplex make_cuComplex(float __r, float __i) { return __gpurace_complexf(__r, __i); }
__host__ __device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex __c) {
  return __gpurace_complex((double)__c.x, (double)__c.y);
}
__host__ __device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex __c) {
  return __gpurace_complexf((float)__c.x, (float)__c.y);
}
