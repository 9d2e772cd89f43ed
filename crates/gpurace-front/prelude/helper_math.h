// gpurace stub for the CUDA samples' <helper_math.h>: componentwise vector
// operators and the common geometric helpers, as inline bodies (the lowering
// inlines them).  Written from the header's documented behaviour.
#pragma once
#include "gpurace_prelude.h"

inline __host__ __device__ float lerp(float __a, float __b, float __t) { return __a + __t * (__b - __a); }
inline __host__ __device__ float clamp(float __f, float __a, float __b) { return fmaxf(__a, fminf(__f, __b)); }
inline __host__ __device__ int clamp(int __f, int __a, int __b) { return max(__a, min(__f, __b)); }
inline __host__ __device__ unsigned int clamp(unsigned int __f, unsigned int __a, unsigned int __b) {
  return max(__a, min(__f, __b));
}

/* Binary operator OP for vector type V (scalar S) with components C... */
#define __GPURACE_HM_BIN2(V, S, OP)                                            \
  inline __host__ __device__ V operator OP(V __a, V __b) { return make_##V(__a.x OP __b.x, __a.y OP __b.y); } \
  inline __host__ __device__ V operator OP(V __a, S __s) { return make_##V(__a.x OP __s, __a.y OP __s); } \
  inline __host__ __device__ V operator OP(S __s, V __a) { return make_##V(__s OP __a.x, __s OP __a.y); } \
  inline __host__ __device__ void operator OP##=(V &__a, V __b) { __a.x OP##= __b.x; __a.y OP##= __b.y; } \
  inline __host__ __device__ void operator OP##=(V &__a, S __s) { __a.x OP##= __s; __a.y OP##= __s; }
#define __GPURACE_HM_BIN3(V, S, OP)                                            \
  inline __host__ __device__ V operator OP(V __a, V __b) { return make_##V(__a.x OP __b.x, __a.y OP __b.y, __a.z OP __b.z); } \
  inline __host__ __device__ V operator OP(V __a, S __s) { return make_##V(__a.x OP __s, __a.y OP __s, __a.z OP __s); } \
  inline __host__ __device__ V operator OP(S __s, V __a) { return make_##V(__s OP __a.x, __s OP __a.y, __s OP __a.z); } \
  inline __host__ __device__ void operator OP##=(V &__a, V __b) { __a.x OP##= __b.x; __a.y OP##= __b.y; __a.z OP##= __b.z; } \
  inline __host__ __device__ void operator OP##=(V &__a, S __s) { __a.x OP##= __s; __a.y OP##= __s; __a.z OP##= __s; }
#define __GPURACE_HM_BIN4(V, S, OP)                                            \
  inline __host__ __device__ V operator OP(V __a, V __b) { return make_##V(__a.x OP __b.x, __a.y OP __b.y, __a.z OP __b.z, __a.w OP __b.w); } \
  inline __host__ __device__ V operator OP(V __a, S __s) { return make_##V(__a.x OP __s, __a.y OP __s, __a.z OP __s, __a.w OP __s); } \
  inline __host__ __device__ V operator OP(S __s, V __a) { return make_##V(__s OP __a.x, __s OP __a.y, __s OP __a.z, __s OP __a.w); } \
  inline __host__ __device__ void operator OP##=(V &__a, V __b) { __a.x OP##= __b.x; __a.y OP##= __b.y; __a.z OP##= __b.z; __a.w OP##= __b.w; } \
  inline __host__ __device__ void operator OP##=(V &__a, S __s) { __a.x OP##= __s; __a.y OP##= __s; __a.z OP##= __s; __a.w OP##= __s; }
#define __GPURACE_HM_ALL(N, V, S)                                              \
  __GPURACE_HM_BIN##N(V, S, +) __GPURACE_HM_BIN##N(V, S, -)                    \
  __GPURACE_HM_BIN##N(V, S, *) __GPURACE_HM_BIN##N(V, S, /)

__GPURACE_HM_ALL(2, float2, float) __GPURACE_HM_ALL(3, float3, float) __GPURACE_HM_ALL(4, float4, float)
__GPURACE_HM_ALL(2, int2, int) __GPURACE_HM_ALL(3, int3, int) __GPURACE_HM_ALL(4, int4, int)
__GPURACE_HM_ALL(2, uint2, unsigned int) __GPURACE_HM_ALL(3, uint3, unsigned int) __GPURACE_HM_ALL(4, uint4, unsigned int)
#undef __GPURACE_HM_ALL
#undef __GPURACE_HM_BIN2
#undef __GPURACE_HM_BIN3
#undef __GPURACE_HM_BIN4

inline __host__ __device__ float2 operator-(float2 __a) { return make_float2(-__a.x, -__a.y); }
inline __host__ __device__ float3 operator-(float3 __a) { return make_float3(-__a.x, -__a.y, -__a.z); }
inline __host__ __device__ float4 operator-(float4 __a) { return make_float4(-__a.x, -__a.y, -__a.z, -__a.w); }
inline __host__ __device__ int2 operator-(int2 __a) { return make_int2(-__a.x, -__a.y); }
inline __host__ __device__ int3 operator-(int3 __a) { return make_int3(-__a.x, -__a.y, -__a.z); }
inline __host__ __device__ int4 operator-(int4 __a) { return make_int4(-__a.x, -__a.y, -__a.z, -__a.w); }

/* conversions */
inline __host__ __device__ float2 make_float2(float __s) { return make_float2(__s, __s); }
inline __host__ __device__ float3 make_float3(float __s) { return make_float3(__s, __s, __s); }
inline __host__ __device__ float3 make_float3(float4 __a) { return make_float3(__a.x, __a.y, __a.z); }
inline __host__ __device__ float3 make_float3(float2 __a, float __z) { return make_float3(__a.x, __a.y, __z); }
inline __host__ __device__ float3 make_float3(int3 __a) { return make_float3((float)__a.x, (float)__a.y, (float)__a.z); }
inline __host__ __device__ float4 make_float4(float __s) { return make_float4(__s, __s, __s, __s); }
inline __host__ __device__ float4 make_float4(float3 __a, float __w) { return make_float4(__a.x, __a.y, __a.z, __w); }
inline __host__ __device__ float4 make_float4(float3 __a) { return make_float4(__a.x, __a.y, __a.z, 0.0f); }
inline __host__ __device__ int2 make_int2(int __s) { return make_int2(__s, __s); }
inline __host__ __device__ int3 make_int3(int __s) { return make_int3(__s, __s, __s); }
inline __host__ __device__ int4 make_int4(int __s) { return make_int4(__s, __s, __s, __s); }

/* geometry */
inline __host__ __device__ float dot(float2 __a, float2 __b) { return __a.x * __b.x + __a.y * __b.y; }
inline __host__ __device__ float dot(float3 __a, float3 __b) { return __a.x * __b.x + __a.y * __b.y + __a.z * __b.z; }
inline __host__ __device__ float dot(float4 __a, float4 __b) { return __a.x * __b.x + __a.y * __b.y + __a.z * __b.z + __a.w * __b.w; }
inline __host__ __device__ int dot(int3 __a, int3 __b) { return __a.x * __b.x + __a.y * __b.y + __a.z * __b.z; }
inline __host__ __device__ float length(float2 __v) { return sqrtf(dot(__v, __v)); }
inline __host__ __device__ float length(float3 __v) { return sqrtf(dot(__v, __v)); }
inline __host__ __device__ float length(float4 __v) { return sqrtf(dot(__v, __v)); }
inline __host__ __device__ float2 normalize(float2 __v) { return __v * (1.0f / sqrtf(dot(__v, __v))); }
inline __host__ __device__ float3 normalize(float3 __v) { return __v * (1.0f / sqrtf(dot(__v, __v))); }
inline __host__ __device__ float4 normalize(float4 __v) { return __v * (1.0f / sqrtf(dot(__v, __v))); }
inline __host__ __device__ float3 cross(float3 __a, float3 __b) {
  return make_float3(__a.y * __b.z - __a.z * __b.y, __a.z * __b.x - __a.x * __b.z, __a.x * __b.y - __a.y * __b.x);
}
inline __host__ __device__ float2 lerp(float2 __a, float2 __b, float __t) { return __a + __t * (__b - __a); }
inline __host__ __device__ float3 lerp(float3 __a, float3 __b, float __t) { return __a + __t * (__b - __a); }
inline __host__ __device__ float4 lerp(float4 __a, float4 __b, float __t) { return __a + __t * (__b - __a); }
inline __host__ __device__ float3 fminf(float3 __a, float3 __b) {
  return make_float3(fminf(__a.x, __b.x), fminf(__a.y, __b.y), fminf(__a.z, __b.z));
}
inline __host__ __device__ float3 fmaxf(float3 __a, float3 __b) {
  return make_float3(fmaxf(__a.x, __b.x), fmaxf(__a.y, __b.y), fmaxf(__a.z, __b.z));
}
inline __host__ __device__ float3 clamp(float3 __v, float __a, float __b) {
  return make_float3(clamp(__v.x, __a, __b), clamp(__v.y, __a, __b), clamp(__v.z, __a, __b));
}
inline __host__ __device__ float3 floorf(float3 __v) { return make_float3(floorf(__v.x), floorf(__v.y), floorf(__v.z)); }
inline __host__ __device__ float fracf(float __v) { return __v - floorf(__v); }
inline __host__ __device__ float3 fabs(float3 __v) { return make_float3(fabsf(__v.x), fabsf(__v.y), fabsf(__v.z)); }
