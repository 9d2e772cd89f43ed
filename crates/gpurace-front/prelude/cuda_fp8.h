// gpurace stub for <cuda_fp8.h>: the 8-bit float types. A value is its byte;
// conversions are functions of the value (the analysis treats float
// arithmetic as uninterpreted), so only their data dependence matters.
#pragma once
#include "gpurace_prelude.h"
#include "cuda_fp16.h"
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_float_to_fp8(float __f, __nv_saturation_t,
                                                                     __nv_fp8_interpretation_t) {
  return (__nv_fp8_storage_t)(int)__f;
}
__host__ __device__ inline __nv_fp8_storage_t __nv_cvt_double_to_fp8(double __f, __nv_saturation_t,
                                                                      __nv_fp8_interpretation_t) {
  return (__nv_fp8_storage_t)(int)__f;
}
__host__ __device__ inline __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 __f, __nv_saturation_t,
                                                                          __nv_fp8_interpretation_t) {
  return (__nv_fp8x2_storage_t)(((int)__f.x & 0xff) | (((int)__f.y & 0xff) << 8));
}
#define __GPURACE_FP8(NAME, X2, X4)                                                                              \
  struct NAME {                                                                                                \
    __nv_fp8_storage_t __x;                                                                                    \
    NAME() = default;                                                                                          \
    __host__ __device__ NAME(float __f) : __x((__nv_fp8_storage_t)(int)__f) {}                                 \
    __host__ __device__ NAME(double __f) : __x((__nv_fp8_storage_t)(int)__f) {}                                \
    __host__ __device__ NAME(int __f) : __x((__nv_fp8_storage_t)__f) {}                                        \
    __host__ __device__ NAME(__half __f) : __x((__nv_fp8_storage_t)(int)(float)__f) {}                         \
    __host__ __device__ operator float() const { return (float)__x; }                                          \
    __host__ __device__ operator __half() const { return __half((float)__x); }                                 \
  };                                                                                                           \
  struct X2 {                                                                                                  \
    __nv_fp8x2_storage_t __x;                                                                                  \
    X2() = default;                                                                                            \
    __host__ __device__ X2(float2 __f) : __x(__nv_cvt_float2_to_fp8x2(__f, __NV_SATFINITE, __NV_E4M3)) {}      \
    __host__ __device__ operator float2() const { return make_float2((float)(__x & 0xff), (float)(__x >> 8)); } \
  };                                                                                                           \
  struct X4 {                                                                                                  \
    __nv_fp8x4_storage_t __x;                                                                                  \
    X4() = default;                                                                                            \
  };
__GPURACE_FP8(__nv_fp8_e4m3, __nv_fp8x2_e4m3, __nv_fp8x4_e4m3)
__GPURACE_FP8(__nv_fp8_e5m2, __nv_fp8x2_e5m2, __nv_fp8x4_e5m2)
#undef __GPURACE_FP8
