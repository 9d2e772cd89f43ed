/*
 * __gpurace_half.h -- half precision (cuda_fp16.h) and bfloat16
 * (cuda_bf16.h), included by gpurace_prelude.h (section 13).
 *
 * A value is its 16 bits (`__x`, a field as in CUDA, so programs that copy
 * or reinterpret halves see two bytes). The arithmetic, comparison, math
 * and conversion intrinsics are bodiless functions of their values: the
 * analysis treats float arithmetic as uninterpreted, so only what a value
 * depends on matters. The C++ operators and constructors have inline bodies
 * written in terms of them, with the overloads CUDA 12 declares, so that an
 * expression nvcc accepts (or rejects as ambiguous) reads the same here.
 *
 * Written from the CUDA Math API's list of half and bfloat16 functions; no
 * NVIDIA header text is copied.
 */
#pragma once

/* ---- the types ---- */
struct __half;
struct __nv_bfloat16;
struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

__host__ __device__ __half __float2half(float);
__host__ __device__ float __half2float(__half);
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);
__host__ __device__ float __bfloat162float(__nv_bfloat16);

/* One 16-bit float type H with its converting constructors (from every
 * arithmetic type, through float) and its conversion to float. */
#define __GPURACE_HALF_TYPE(H, RAW, TO, FROM)                                  \
  struct __align__(2) H {                                                      \
    unsigned short __x;                                                        \
    H() = default;                                                             \
    __host__ __device__ H(const RAW &__r) : __x(__r.x) {}                      \
    __host__ __device__ H(float __f) : H(TO(__f)) {}                           \
    __host__ __device__ H(double __f) : H(TO((float)__f)) {}                   \
    __host__ __device__ H(short __i) : H(TO((float)__i)) {}                    \
    __host__ __device__ H(unsigned short __i) : H(TO((float)__i)) {}           \
    __host__ __device__ H(int __i) : H(TO((float)__i)) {}                      \
    __host__ __device__ H(unsigned int __i) : H(TO((float)__i)) {}             \
    __host__ __device__ H(long __i) : H(TO((float)__i)) {}                     \
    __host__ __device__ H(unsigned long __i) : H(TO((float)__i)) {}            \
    __host__ __device__ H(long long __i) : H(TO((float)__i)) {}                \
    __host__ __device__ H(unsigned long long __i) : H(TO((float)__i)) {}       \
    __host__ __device__ operator float() const { return FROM(*this); }         \
    __host__ __device__ operator RAW() const {                                 \
      RAW __r;                                                                 \
      __r.x = __x;                                                             \
      return __r;                                                              \
    }                                                                          \
  };
__GPURACE_HALF_TYPE(__half, __half_raw, __float2half, __half2float)
__GPURACE_HALF_TYPE(__nv_bfloat16, __nv_bfloat16_raw, __float2bfloat16, __bfloat162float)
#undef __GPURACE_HALF_TYPE

#define __GPURACE_HALF_PAIR(H2, H, RAW2)                                       \
  struct __align__(4) H2 {                                                     \
    H x, y;                                                                    \
    H2() = default;                                                            \
    __host__ __device__ H2(const H &__a, const H &__b) : x(__a), y(__b) {}     \
    __host__ __device__ H2(const RAW2 &__r) {                                  \
      x.__x = __r.x;                                                           \
      y.__x = __r.y;                                                           \
    }                                                                          \
    __host__ __device__ operator RAW2() const {                                \
      RAW2 __r;                                                                \
      __r.x = x.__x;                                                           \
      __r.y = y.__x;                                                           \
      return __r;                                                              \
    }                                                                          \
  };
__GPURACE_HALF_PAIR(__half2, __half, __half2_raw)
__GPURACE_HALF_PAIR(__nv_bfloat162, __nv_bfloat16, __nv_bfloat162_raw)
#undef __GPURACE_HALF_PAIR

typedef struct __half half;
typedef struct __half2 half2;
typedef struct __half __nv_half;
typedef struct __half2 __nv_half2;
typedef struct __half nv_half;
typedef struct __half2 nv_half2;
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;

/* ---- conversions (bodiless) ---- */
#define __GPURACE_ROUNDED4(R, F, ...)                                          \
  __host__ __device__ R F##_rn(__VA_ARGS__);                                   \
  __host__ __device__ R F##_rz(__VA_ARGS__);                                   \
  __host__ __device__ R F##_rd(__VA_ARGS__);                                   \
  __host__ __device__ R F##_ru(__VA_ARGS__);
/* H: the type, P: its name in conversions (half, bfloat16). */
#define __GPURACE_HALF_INT(H, P, T, N)                                         \
  __GPURACE_ROUNDED4(T, __##P##2##N, H)                                        \
  __GPURACE_ROUNDED4(H, __##N##2##P, T)
#define __GPURACE_HALF_CONVERSIONS(H, H2, P)                                   \
  __GPURACE_ROUNDED4(H, __float2##P, float)                                    \
  __host__ __device__ H __double2##P(double);                                  \
  __GPURACE_HALF_INT(H, P, int, int)                                           \
  __GPURACE_HALF_INT(H, P, unsigned int, uint)                                 \
  __GPURACE_HALF_INT(H, P, short, short)                                       \
  __GPURACE_HALF_INT(H, P, unsigned short, ushort)                             \
  __GPURACE_HALF_INT(H, P, long long, ll)                                      \
  __GPURACE_HALF_INT(H, P, unsigned long long, ull)                            \
  __host__ __device__ signed char __##P##2char_rz(H);                          \
  __host__ __device__ unsigned char __##P##2uchar_rz(H);                       \
  __host__ __device__ short __##P##_as_short(H);                               \
  __host__ __device__ unsigned short __##P##_as_ushort(H);                     \
  __host__ __device__ H __short_as_##P(short);                                 \
  __host__ __device__ H __ushort_as_##P(unsigned short);                       \
  __host__ __device__ float __low2float(H2);                                   \
  __host__ __device__ float __high2float(H2);                                  \
  __host__ __device__ H2 __lowhigh2highlow(H2);
__GPURACE_HALF_CONVERSIONS(__half, __half2, half)
__GPURACE_HALF_CONVERSIONS(__nv_bfloat16, __nv_bfloat162, bfloat16)
#undef __GPURACE_HALF_CONVERSIONS
#undef __GPURACE_HALF_INT
#undef __GPURACE_ROUNDED4

__host__ __device__ __half2 __float2half2_rn(float);
__host__ __device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ __half2 __float22half2_rn(float2);
__host__ __device__ float2 __half22float2(__half2);
__host__ __device__ __half2 __half2half2(__half);
__host__ __device__ __half2 __halves2half2(__half, __half);
__host__ __device__ __half __low2half(__half2);
__host__ __device__ __half __high2half(__half2);
__host__ __device__ __half2 __low2half2(__half2);
__host__ __device__ __half2 __high2half2(__half2);
__host__ __device__ __half2 __lows2half2(__half2, __half2);
__host__ __device__ __half2 __highs2half2(__half2, __half2);
__host__ __device__ inline __half2 make_half2(__half __x, __half __y) { return __half2(__x, __y); }

__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float, float);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162);
__host__ __device__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 __low2bfloat162(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 __high2bfloat162(__nv_bfloat162);
__host__ __device__ __nv_bfloat162 __lows2bfloat162(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat162 __highs2bfloat162(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 __x, __nv_bfloat16 __y) {
  return __nv_bfloat162(__x, __y);
}

/* ---- arithmetic, comparisons and math (bodiless), for both types ---- */
#define __GPURACE_HALF_FUNCS(H, H2)                                            \
  __host__ __device__ H __hadd(H, H);                                          \
  __host__ __device__ H __hsub(H, H);                                          \
  __host__ __device__ H __hmul(H, H);                                          \
  __host__ __device__ H __hdiv(H, H);                                          \
  __host__ __device__ H __hadd_sat(H, H);                                      \
  __host__ __device__ H __hsub_sat(H, H);                                      \
  __host__ __device__ H __hmul_sat(H, H);                                      \
  __host__ __device__ H __hadd_rn(H, H);                                       \
  __host__ __device__ H __hsub_rn(H, H);                                       \
  __host__ __device__ H __hmul_rn(H, H);                                       \
  __host__ __device__ H __hfma(H, H, H);                                       \
  __host__ __device__ H __hfma_sat(H, H, H);                                   \
  __host__ __device__ H __hfma_relu(H, H, H);                                  \
  __host__ __device__ H __hneg(H);                                             \
  __host__ __device__ H __habs(H);                                             \
  __host__ __device__ H __hmax(H, H);                                          \
  __host__ __device__ H __hmin(H, H);                                          \
  __host__ __device__ H __hmax_nan(H, H);                                      \
  __host__ __device__ H __hmin_nan(H, H);                                      \
  __host__ __device__ H2 __hadd2(H2, H2);                                      \
  __host__ __device__ H2 __hsub2(H2, H2);                                      \
  __host__ __device__ H2 __hmul2(H2, H2);                                      \
  __host__ __device__ H2 __h2div(H2, H2);                                      \
  __host__ __device__ H2 __hadd2_sat(H2, H2);                                  \
  __host__ __device__ H2 __hsub2_sat(H2, H2);                                  \
  __host__ __device__ H2 __hmul2_sat(H2, H2);                                  \
  __host__ __device__ H2 __hadd2_rn(H2, H2);                                   \
  __host__ __device__ H2 __hsub2_rn(H2, H2);                                   \
  __host__ __device__ H2 __hmul2_rn(H2, H2);                                   \
  __host__ __device__ H2 __hfma2(H2, H2, H2);                                  \
  __host__ __device__ H2 __hfma2_sat(H2, H2, H2);                              \
  __host__ __device__ H2 __hfma2_relu(H2, H2, H2);                             \
  __host__ __device__ H2 __hcmadd(H2, H2, H2);                                 \
  __host__ __device__ H2 __hneg2(H2);                                          \
  __host__ __device__ H2 __habs2(H2);                                          \
  __host__ __device__ H2 __hmax2(H2, H2);                                      \
  __host__ __device__ H2 __hmin2(H2, H2);                                      \
  __host__ __device__ H2 __hmax2_nan(H2, H2);                                  \
  __host__ __device__ H2 __hmin2_nan(H2, H2);                                  \
  __GPURACE_HALF_CMP(H, H2, eq) __GPURACE_HALF_CMP(H, H2, ne)                  \
  __GPURACE_HALF_CMP(H, H2, le) __GPURACE_HALF_CMP(H, H2, ge)                  \
  __GPURACE_HALF_CMP(H, H2, lt) __GPURACE_HALF_CMP(H, H2, gt)                  \
  __GPURACE_HALF_CMP(H, H2, equ) __GPURACE_HALF_CMP(H, H2, neu)                \
  __GPURACE_HALF_CMP(H, H2, leu) __GPURACE_HALF_CMP(H, H2, geu)                \
  __GPURACE_HALF_CMP(H, H2, ltu) __GPURACE_HALF_CMP(H, H2, gtu)                \
  __host__ __device__ bool __hisnan(H);                                        \
  __host__ __device__ int __hisinf(H);                                         \
  __host__ __device__ H2 __hisnan2(H2);                                        \
  __GPURACE_HALF_MATH(H, H2, sqrt) __GPURACE_HALF_MATH(H, H2, rsqrt)           \
  __GPURACE_HALF_MATH(H, H2, rcp) __GPURACE_HALF_MATH(H, H2, log)              \
  __GPURACE_HALF_MATH(H, H2, log2) __GPURACE_HALF_MATH(H, H2, log10)           \
  __GPURACE_HALF_MATH(H, H2, exp) __GPURACE_HALF_MATH(H, H2, exp2)             \
  __GPURACE_HALF_MATH(H, H2, exp10) __GPURACE_HALF_MATH(H, H2, cos)            \
  __GPURACE_HALF_MATH(H, H2, sin) __GPURACE_HALF_MATH(H, H2, ceil)             \
  __GPURACE_HALF_MATH(H, H2, floor) __GPURACE_HALF_MATH(H, H2, rint)           \
  __GPURACE_HALF_MATH(H, H2, trunc) __GPURACE_HALF_MATH(H, H2, tanh)           \
  __GPURACE_HALF_MATH(H, H2, tanh_approx)
/* `__hOP` (bool), `__hOP2` (per half), `__hOP2_mask` and `__hbOP2` (both). */
#define __GPURACE_HALF_CMP(H, H2, OP)                                          \
  __host__ __device__ bool __h##OP(H, H);                                      \
  __host__ __device__ H2 __h##OP##2(H2, H2);                                   \
  __host__ __device__ unsigned int __h##OP##2_mask(H2, H2);                    \
  __host__ __device__ bool __hb##OP##2(H2, H2);
#define __GPURACE_HALF_MATH(H, H2, F)                                          \
  __host__ __device__ H h##F(H);                                               \
  __host__ __device__ H2 h2##F(H2);
__GPURACE_HALF_FUNCS(__half, __half2)
__GPURACE_HALF_FUNCS(__nv_bfloat16, __nv_bfloat162)
#undef __GPURACE_HALF_FUNCS
#undef __GPURACE_HALF_CMP
#undef __GPURACE_HALF_MATH

/* ---- C++ operators, in terms of the intrinsics ---- */
#define __GPURACE_HALF_OPERATORS(H, ADD, SUB, MUL, DIV, NEG, ONE, EQ, NE, LT, GT, LE, GE) \
  __host__ __device__ inline H operator+(const H &__a, const H &__b) { return ADD(__a, __b); } \
  __host__ __device__ inline H operator-(const H &__a, const H &__b) { return SUB(__a, __b); } \
  __host__ __device__ inline H operator*(const H &__a, const H &__b) { return MUL(__a, __b); } \
  __host__ __device__ inline H operator/(const H &__a, const H &__b) { return DIV(__a, __b); } \
  __host__ __device__ inline H &operator+=(H &__a, const H &__b) { __a = ADD(__a, __b); return __a; } \
  __host__ __device__ inline H &operator-=(H &__a, const H &__b) { __a = SUB(__a, __b); return __a; } \
  __host__ __device__ inline H &operator*=(H &__a, const H &__b) { __a = MUL(__a, __b); return __a; } \
  __host__ __device__ inline H &operator/=(H &__a, const H &__b) { __a = DIV(__a, __b); return __a; } \
  __host__ __device__ inline H &operator++(H &__a) { __a = ADD(__a, ONE); return __a; } \
  __host__ __device__ inline H &operator--(H &__a) { __a = SUB(__a, ONE); return __a; } \
  __host__ __device__ inline H operator++(H &__a, int) { H __old = __a; __a = ADD(__a, ONE); return __old; } \
  __host__ __device__ inline H operator--(H &__a, int) { H __old = __a; __a = SUB(__a, ONE); return __old; } \
  __host__ __device__ inline H operator+(const H &__a) { return __a; } \
  __host__ __device__ inline H operator-(const H &__a) { return NEG(__a); } \
  __host__ __device__ inline bool operator==(const H &__a, const H &__b) { return EQ(__a, __b); } \
  __host__ __device__ inline bool operator!=(const H &__a, const H &__b) { return NE(__a, __b); } \
  __host__ __device__ inline bool operator<(const H &__a, const H &__b) { return LT(__a, __b); } \
  __host__ __device__ inline bool operator>(const H &__a, const H &__b) { return GT(__a, __b); } \
  __host__ __device__ inline bool operator<=(const H &__a, const H &__b) { return LE(__a, __b); } \
  __host__ __device__ inline bool operator>=(const H &__a, const H &__b) { return GE(__a, __b); }
__GPURACE_HALF_OPERATORS(__half, __hadd, __hsub, __hmul, __hdiv, __hneg, __half(1.0f),
                         __heq, __hne, __hlt, __hgt, __hle, __hge)
__GPURACE_HALF_OPERATORS(__half2, __hadd2, __hsub2, __hmul2, __h2div, __hneg2,
                         __half2(__half(1.0f), __half(1.0f)),
                         __hbeq2, __hbne2, __hblt2, __hbgt2, __hble2, __hbge2)
__GPURACE_HALF_OPERATORS(__nv_bfloat16, __hadd, __hsub, __hmul, __hdiv, __hneg, __nv_bfloat16(1.0f),
                         __heq, __hne, __hlt, __hgt, __hle, __hge)
__GPURACE_HALF_OPERATORS(__nv_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hneg2,
                         __nv_bfloat162(__nv_bfloat16(1.0f), __nv_bfloat16(1.0f)),
                         __hbeq2, __hbne2, __hblt2, __hbgt2, __hble2, __hbge2)
#undef __GPURACE_HALF_OPERATORS

/* ---- atomics and warp shuffles (macros of gpurace_prelude.h) ---- */
__GPURACE_ATOMIC_RMW(atomicAdd, __half)
__GPURACE_ATOMIC_RMW(atomicAdd, __half2)
__GPURACE_ATOMIC_RMW(atomicAdd, __nv_bfloat16)
__GPURACE_ATOMIC_RMW(atomicAdd, __nv_bfloat162)
__GPURACE_SHFL(__half)
__GPURACE_SHFL(__half2)
__GPURACE_SHFL(__nv_bfloat16)
__GPURACE_SHFL(__nv_bfloat162)
