// gpurace stub for the CUDA samples' <helper_math.h>: componentwise vector
// operators and the common geometric helpers, as inline bodies (the lowering
// inlines them).  Written from the header's documented behaviour.
#pragma once
#include "gpurace_prelude.h"

inline __host__ __device__ float lerp(float a, float b, float t) { return a + t * (b - a); }
inline __host__ __device__ float clamp(float f, float a, float b) { return fmaxf(a, fminf(f, b)); }
inline __host__ __device__ int clamp(int f, int a, int b) { return max(a, min(f, b)); }
inline __host__ __device__ unsigned int clamp(unsigned int f, unsigned int a, unsigned int b) {
  return max(a, min(f, b));
}

/* Binary operator OP for vector type V (scalar S) with components C... */
#define __GPURACE_HM_BIN2(V, S, OP)                                            \
  inline __host__ __device__ V operator OP(V a, V b) { return make_##V(a.x OP b.x, a.y OP b.y); } \
  inline __host__ __device__ V operator OP(V a, S s) { return make_##V(a.x OP s, a.y OP s); } \
  inline __host__ __device__ V operator OP(S s, V a) { return make_##V(s OP a.x, s OP a.y); } \
  inline __host__ __device__ void operator OP##=(V &a, V b) { a.x OP##= b.x; a.y OP##= b.y; } \
  inline __host__ __device__ void operator OP##=(V &a, S s) { a.x OP##= s; a.y OP##= s; }
#define __GPURACE_HM_BIN3(V, S, OP)                                            \
  inline __host__ __device__ V operator OP(V a, V b) { return make_##V(a.x OP b.x, a.y OP b.y, a.z OP b.z); } \
  inline __host__ __device__ V operator OP(V a, S s) { return make_##V(a.x OP s, a.y OP s, a.z OP s); } \
  inline __host__ __device__ V operator OP(S s, V a) { return make_##V(s OP a.x, s OP a.y, s OP a.z); } \
  inline __host__ __device__ void operator OP##=(V &a, V b) { a.x OP##= b.x; a.y OP##= b.y; a.z OP##= b.z; } \
  inline __host__ __device__ void operator OP##=(V &a, S s) { a.x OP##= s; a.y OP##= s; a.z OP##= s; }
#define __GPURACE_HM_BIN4(V, S, OP)                                            \
  inline __host__ __device__ V operator OP(V a, V b) { return make_##V(a.x OP b.x, a.y OP b.y, a.z OP b.z, a.w OP b.w); } \
  inline __host__ __device__ V operator OP(V a, S s) { return make_##V(a.x OP s, a.y OP s, a.z OP s, a.w OP s); } \
  inline __host__ __device__ V operator OP(S s, V a) { return make_##V(s OP a.x, s OP a.y, s OP a.z, s OP a.w); } \
  inline __host__ __device__ void operator OP##=(V &a, V b) { a.x OP##= b.x; a.y OP##= b.y; a.z OP##= b.z; a.w OP##= b.w; } \
  inline __host__ __device__ void operator OP##=(V &a, S s) { a.x OP##= s; a.y OP##= s; a.z OP##= s; a.w OP##= s; }
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

inline __host__ __device__ float2 operator-(float2 a) { return make_float2(-a.x, -a.y); }
inline __host__ __device__ float3 operator-(float3 a) { return make_float3(-a.x, -a.y, -a.z); }
inline __host__ __device__ float4 operator-(float4 a) { return make_float4(-a.x, -a.y, -a.z, -a.w); }
inline __host__ __device__ int2 operator-(int2 a) { return make_int2(-a.x, -a.y); }
inline __host__ __device__ int3 operator-(int3 a) { return make_int3(-a.x, -a.y, -a.z); }
inline __host__ __device__ int4 operator-(int4 a) { return make_int4(-a.x, -a.y, -a.z, -a.w); }

/* conversions */
inline __host__ __device__ float2 make_float2(float s) { return make_float2(s, s); }
inline __host__ __device__ float3 make_float3(float s) { return make_float3(s, s, s); }
inline __host__ __device__ float3 make_float3(float4 a) { return make_float3(a.x, a.y, a.z); }
inline __host__ __device__ float3 make_float3(float2 a, float z) { return make_float3(a.x, a.y, z); }
inline __host__ __device__ float3 make_float3(int3 a) { return make_float3((float)a.x, (float)a.y, (float)a.z); }
inline __host__ __device__ float4 make_float4(float s) { return make_float4(s, s, s, s); }
inline __host__ __device__ float4 make_float4(float3 a, float w) { return make_float4(a.x, a.y, a.z, w); }
inline __host__ __device__ float4 make_float4(float3 a) { return make_float4(a.x, a.y, a.z, 0.0f); }
inline __host__ __device__ int2 make_int2(int s) { return make_int2(s, s); }
inline __host__ __device__ int3 make_int3(int s) { return make_int3(s, s, s); }
inline __host__ __device__ int4 make_int4(int s) { return make_int4(s, s, s, s); }

/* geometry */
inline __host__ __device__ float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }
inline __host__ __device__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline __host__ __device__ float dot(float4 a, float4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
inline __host__ __device__ int dot(int3 a, int3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline __host__ __device__ float length(float2 v) { return sqrtf(dot(v, v)); }
inline __host__ __device__ float length(float3 v) { return sqrtf(dot(v, v)); }
inline __host__ __device__ float length(float4 v) { return sqrtf(dot(v, v)); }
inline __host__ __device__ float2 normalize(float2 v) { return v * (1.0f / sqrtf(dot(v, v))); }
inline __host__ __device__ float3 normalize(float3 v) { return v * (1.0f / sqrtf(dot(v, v))); }
inline __host__ __device__ float4 normalize(float4 v) { return v * (1.0f / sqrtf(dot(v, v))); }
inline __host__ __device__ float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
inline __host__ __device__ float2 lerp(float2 a, float2 b, float t) { return a + t * (b - a); }
inline __host__ __device__ float3 lerp(float3 a, float3 b, float t) { return a + t * (b - a); }
inline __host__ __device__ float4 lerp(float4 a, float4 b, float t) { return a + t * (b - a); }
inline __host__ __device__ float3 fminf(float3 a, float3 b) {
  return make_float3(fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z));
}
inline __host__ __device__ float3 fmaxf(float3 a, float3 b) {
  return make_float3(fmaxf(a.x, b.x), fmaxf(a.y, b.y), fmaxf(a.z, b.z));
}
inline __host__ __device__ float3 clamp(float3 v, float a, float b) {
  return make_float3(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b));
}
inline __host__ __device__ float3 floorf(float3 v) { return make_float3(floorf(v.x), floorf(v.y), floorf(v.z)); }
inline __host__ __device__ float fracf(float v) { return v - floorf(v); }
inline __host__ __device__ float3 fabs(float3 v) { return make_float3(fabsf(v.x), fabsf(v.y), fabsf(v.z)); }
