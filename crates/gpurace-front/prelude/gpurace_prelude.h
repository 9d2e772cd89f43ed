/*
 * gpurace_prelude.h -- the CUDA "headers" gpurace parses against.
 *
 * gpurace runs clang in CUDA host-only mode with -nocudainc, so no CUDA
 * toolkit is needed; this file (force-included with -include, and reached
 * through the stub headers cuda.h, cuda_runtime.h, ... in this folder)
 * declares everything a CUDA program expects.
 *
 * Contract with the Rust lowering pass (gpurace-front):
 *   - A call to a function WITHOUT a body is a primitive, recognised by its
 *     name (__syncthreads, atomicAdd, __shfl_sync, __requires, ...).  Keep
 *     primitives bodiless; renaming one is an interface change.
 *   - A call to a function WITH a body is inlined.  Convenience layers
 *     (cooperative groups, make_int2, cuda::atomic_ref, ...) therefore have
 *     inline bodies written in terms of the primitives.
 *   - threadIdx/blockIdx/blockDim/gridDim/warpSize are plain extern
 *     variables, so the AST shows DeclRefExpr 'threadIdx' followed by a
 *     MemberExpr '.x'.
 *
 * Written from the CUDA programming guide's API descriptions; no NVIDIA
 * header text is copied.
 */
#pragma once

#if !defined(__CUDA__)
#error "gpurace_prelude.h expects clang in CUDA mode (-x cuda)"
#endif

/* ------------------------------------------------------------------------
 * 1. Version and mode macros.
 *    We analyse device code, so present a device compilation view:
 *    __CUDA_ARCH__ is defined (sm_80: every intrinsic below exists there),
 *    which also hides the "pre-sm_60 atomicAdd(double*)" fallbacks that many
 *    programs define themselves.  Override with -D__CUDA_ARCH__=NNN.
 * ---------------------------------------------------------------------- */
#define __GPURACE__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#ifndef __CUDA_ARCH__
#define __CUDA_ARCH__ 800
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12000
#endif
#define __CUDART_API_VERSION 12000
/* Guard macros of the real headers, for code that tests them. */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define _COOPERATIVE_GROUPS_H_
#define CURAND_KERNEL_H_

/* ------------------------------------------------------------------------
 * 2. Execution-space and storage attributes, as clang's CUDA attributes.
 *    __noinline__ is deliberately NOT a macro: clang >= 15 treats it as a
 *    keyword in CUDA mode, and libstdc++ spells __attribute__((__noinline__)).
 *    __restrict__ is a clang keyword already.
 * ---------------------------------------------------------------------- */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* clang accepts `managed` only for HIP (it warns and drops it in CUDA mode);
 * keep the information in the AST as an annotation instead. */
#define __managed__ __attribute__((device)) __attribute__((annotate("gpurace_managed")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __inline_hint__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __grid_constant__ /* clang 19 has no grid_constant attribute */
#define __cluster_dims__(...)
#define __device_builtin__
#define __cudart_builtin__
#define __device_builtin_texture_type__ __attribute__((device_builtin_texture_type))
#define __device_builtin_surface_type__ __attribute__((device_builtin_surface_type))
#define CUDARTAPI
#define CUDAAPI
#define __CUDA_DEPRECATED
#define __location__(a) __attribute__((a))

/* ------------------------------------------------------------------------
 * 3. C library.  nvcc's headers pull these in, so CUDA code uses printf,
 *    malloc, memcpy, assert, clock without including anything.  <math.h> is
 *    NOT included (in C++ it drags in <cmath>, ~8 MB of AST); the math
 *    functions are declared by hand in section 8 instead.
 *    Device twins of the libc functions usable in kernels follow: bodiless
 *    __device__ declarations beside libc's host ones (clang overloads on the
 *    execution space, even for extern "C"), so a call in device code
 *    resolves to the __device__ declaration and a call in host code to
 *    libc's.  assert() is glibc's macro; in device code it calls the
 *    __device__ __assert_fail below.
 * ---------------------------------------------------------------------- */
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <assert.h>

extern "C" {
/* extern "C" like libc's: printf is then clang's builtin, which is exempt
 * from the "no variadic device functions" rule. */
__device__ int printf(const char *__format, ...);
__device__ void *malloc(size_t __size);
__device__ void free(void *__ptr);
__device__ void *memcpy(void *__dst, const void *__src, size_t __n);
__device__ void *memset(void *__dst, int __c, size_t __n);
/* glibc's assert(e) expands to (e ? void(0) : __assert_fail(...)). */
__device__ void __assert_fail(const char *__assertion, const char *__file,
                              unsigned int __line, const char *__function);
__device__ void __assertfail(const char *__message, const char *__file,
                             unsigned int __line, const char *__function,
                             size_t __charSize);
}
__device__ clock_t clock();
__device__ long long clock64();
__device__ unsigned long long __globaltimer();
__device__ void __nanosleep(unsigned int __ns);
__device__ void __trap();
__device__ void __brkpt();
__device__ void __prof_trigger(int __counter);

/* ------------------------------------------------------------------------
 * 4. Vector types (char1 .. double4) and their make_* constructors.
 *    Alignments follow the CUDA programming guide's table.
 * ---------------------------------------------------------------------- */
#define __GPURACE_VEC1(T, N, A)                                                \
  struct __align__(A) N##1 { T x; };                                           \
  typedef struct N##1 N##1;                                                    \
  __host__ __device__ inline N##1 make_##N##1(T x) {                           \
    N##1 r; r.x = x; return r;                                                 \
  }
#define __GPURACE_VEC2(T, N, A)                                                \
  struct __align__(A) N##2 { T x, y; };                                        \
  typedef struct N##2 N##2;                                                    \
  __host__ __device__ inline N##2 make_##N##2(T x, T y) {                      \
    N##2 r; r.x = x; r.y = y; return r;                                        \
  }
#define __GPURACE_VEC3(T, N)                                                   \
  struct N##3 { T x, y, z; };                                                  \
  typedef struct N##3 N##3;                                                    \
  __host__ __device__ inline N##3 make_##N##3(T x, T y, T z) {                 \
    N##3 r; r.x = x; r.y = y; r.z = z; return r;                               \
  }
#define __GPURACE_VEC4(T, N, A)                                                \
  struct __align__(A) N##4 { T x, y, z, w; };                                  \
  typedef struct N##4 N##4;                                                    \
  __host__ __device__ inline N##4 make_##N##4(T x, T y, T z, T w) {            \
    N##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r;                      \
  }
#define __GPURACE_VECS(T, N, A1, A2, A4)                                       \
  __GPURACE_VEC1(T, N, A1)                                                     \
  __GPURACE_VEC2(T, N, A2)                                                     \
  __GPURACE_VEC3(T, N)                                                         \
  __GPURACE_VEC4(T, N, A4)

__GPURACE_VECS(signed char, char, 1, 2, 4)
__GPURACE_VECS(unsigned char, uchar, 1, 2, 4)
__GPURACE_VECS(short, short, 2, 4, 8)
__GPURACE_VECS(unsigned short, ushort, 2, 4, 8)
__GPURACE_VECS(int, int, 4, 8, 16)
__GPURACE_VECS(unsigned int, uint, 4, 8, 16)
__GPURACE_VECS(long, long, 8, 16, 16)
__GPURACE_VECS(unsigned long, ulong, 8, 16, 16)
__GPURACE_VECS(long long, longlong, 8, 16, 16)
__GPURACE_VECS(unsigned long long, ulonglong, 8, 16, 16)
__GPURACE_VECS(float, float, 4, 8, 16)
__GPURACE_VECS(double, double, 8, 16, 16)

#undef __GPURACE_VECS
#undef __GPURACE_VEC1
#undef __GPURACE_VEC2
#undef __GPURACE_VEC3
#undef __GPURACE_VEC4

/* dim3: launch geometry; converts to and from uint3. */
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

/* ------------------------------------------------------------------------
 * 5. Built-in index variables.
 *    Real CUDA (and clang's wrapper) make these magic objects whose members
 *    are properties; here they are plain extern __device__ variables so
 *    that `threadIdx.x` is DeclRefExpr 'threadIdx' + MemberExpr 'x' in the
 *    AST and the lowering can bind them symbolically.  They are never
 *    defined: nothing is linked.
 * ---------------------------------------------------------------------- */
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

/* ------------------------------------------------------------------------
 * 6. Synchronisation primitives (bodiless; recognised by name).
 *    __gpurace_grid_sync is the whole-grid barrier that cooperative groups'
 *    grid_group::sync() lowers to; __gpurace_tile_sync(n) is a barrier among
 *    the n threads of a tile larger than a warp (thread_block_tile<64+>).
 * ---------------------------------------------------------------------- */
__device__ void __syncthreads();
__device__ int __syncthreads_count(int __predicate);
__device__ int __syncthreads_and(int __predicate);
__device__ int __syncthreads_or(int __predicate);
__device__ void __syncwarp(unsigned int __mask = 0xffffffffu);
__device__ void __gpurace_grid_sync();
__device__ void __gpurace_tile_sync(unsigned int __tile_size);
__device__ void __threadfence();
__device__ void __threadfence_block();
__device__ void __threadfence_system();
/* Named barriers (PTX bar.sync id, n) used by some hand-tuned kernels. */
__device__ void __barrier_sync(unsigned int __id);
__device__ void __barrier_sync_count(unsigned int __id, unsigned int __count);

/* ------------------------------------------------------------------------
 * 7. Atomics (bodiless).  Every function has _block (scope: thread block)
 *    and _system (scope: whole system) twins with the same overloads.
 *    Overload sets follow CUDA's; note there is no atomicAdd(long long*).
 * ---------------------------------------------------------------------- */
#define __GPURACE_ATOMIC_SCOPES(RET, NAME, ...)                                \
  __device__ RET NAME(__VA_ARGS__);                                            \
  __device__ RET NAME##_block(__VA_ARGS__);                                    \
  __device__ RET NAME##_system(__VA_ARGS__);

/* RMW ops: atomicOp(T *address, T val) -> old value */
#define __GPURACE_ATOMIC_RMW(NAME, T) __GPURACE_ATOMIC_SCOPES(T, NAME, T *__address, T __val)

__GPURACE_ATOMIC_RMW(atomicAdd, int)
__GPURACE_ATOMIC_RMW(atomicAdd, unsigned int)
__GPURACE_ATOMIC_RMW(atomicAdd, unsigned long long)
__GPURACE_ATOMIC_RMW(atomicAdd, float)
__GPURACE_ATOMIC_RMW(atomicAdd, double)
__GPURACE_ATOMIC_RMW(atomicAdd, float2)
__GPURACE_ATOMIC_RMW(atomicAdd, float4)

__GPURACE_ATOMIC_RMW(atomicSub, int)
__GPURACE_ATOMIC_RMW(atomicSub, unsigned int)

__GPURACE_ATOMIC_RMW(atomicExch, int)
__GPURACE_ATOMIC_RMW(atomicExch, unsigned int)
__GPURACE_ATOMIC_RMW(atomicExch, unsigned long long)
__GPURACE_ATOMIC_RMW(atomicExch, float)

__GPURACE_ATOMIC_RMW(atomicMin, int)
__GPURACE_ATOMIC_RMW(atomicMin, unsigned int)
__GPURACE_ATOMIC_RMW(atomicMin, long long)
__GPURACE_ATOMIC_RMW(atomicMin, unsigned long long)
__GPURACE_ATOMIC_RMW(atomicMax, int)
__GPURACE_ATOMIC_RMW(atomicMax, unsigned int)
__GPURACE_ATOMIC_RMW(atomicMax, long long)
__GPURACE_ATOMIC_RMW(atomicMax, unsigned long long)

/* atomicInc/atomicDec wrap at val: only unsigned int exists. */
__GPURACE_ATOMIC_RMW(atomicInc, unsigned int)
__GPURACE_ATOMIC_RMW(atomicDec, unsigned int)
/* Extension (not in CUDA): int overloads, as Faial's examples use them. */
__GPURACE_ATOMIC_SCOPES(int, atomicInc, int *__address, unsigned int __val)
__GPURACE_ATOMIC_SCOPES(int, atomicDec, int *__address, unsigned int __val)

__GPURACE_ATOMIC_RMW(atomicAnd, int)
__GPURACE_ATOMIC_RMW(atomicAnd, unsigned int)
__GPURACE_ATOMIC_RMW(atomicAnd, long long)
__GPURACE_ATOMIC_RMW(atomicAnd, unsigned long long)
__GPURACE_ATOMIC_RMW(atomicOr, int)
__GPURACE_ATOMIC_RMW(atomicOr, unsigned int)
__GPURACE_ATOMIC_RMW(atomicOr, long long)
__GPURACE_ATOMIC_RMW(atomicOr, unsigned long long)
__GPURACE_ATOMIC_RMW(atomicXor, int)
__GPURACE_ATOMIC_RMW(atomicXor, unsigned int)
__GPURACE_ATOMIC_RMW(atomicXor, long long)
__GPURACE_ATOMIC_RMW(atomicXor, unsigned long long)

/* atomicCAS(T *address, T compare, T val) -> old value */
#define __GPURACE_ATOMIC_CAS(T) __GPURACE_ATOMIC_SCOPES(T, atomicCAS, T *__address, T __compare, T __val)
__GPURACE_ATOMIC_CAS(int)
__GPURACE_ATOMIC_CAS(unsigned int)
__GPURACE_ATOMIC_CAS(unsigned long long)
__GPURACE_ATOMIC_CAS(unsigned short)

#undef __GPURACE_ATOMIC_CAS
/* __GPURACE_ATOMIC_RMW/_SCOPES are reused for half types in section 13. */

/* ------------------------------------------------------------------------
 * 8. Math.
 *    Device side: bodiless C++ __device__ overloads (C names and the float
 *    overloads of the double names, as CUDA provides), declared BEFORE any
 *    <cmath> the user includes -- that is what keeps libstdc++'s constexpr
 *    std::sqrt(float) etc. host-only instead of an ambiguous host+device
 *    twin.  Host side: the libc names, declared extern "C" with glibc's
 *    exact exception specification so a later <math.h>/<cmath> redeclares
 *    them compatibly whether or not the program includes them.
 * ---------------------------------------------------------------------- */
#if __cplusplus >= 201103L
#define __GPURACE_THROW noexcept(true)
#else
#define __GPURACE_THROW throw()
#endif

/* libc function with a device twin: f(double), ff(float) and f(float) */
#define __GPURACE_MATH1(F)                                                     \
  extern "C" double F(double) __GPURACE_THROW;                                 \
  extern "C" float F##f(float) __GPURACE_THROW;                                \
  __device__ double F(double);                                                 \
  __device__ float F##f(float);                                                \
  __device__ float F(float);
#define __GPURACE_MATH2(F)                                                     \
  extern "C" double F(double, double) __GPURACE_THROW;                         \
  extern "C" float F##f(float, float) __GPURACE_THROW;                         \
  __device__ double F(double, double);                                         \
  __device__ float F##f(float, float);                                         \
  __device__ float F(float, float);
/* CUDA-only functions: device side only */
#define __GPURACE_DMATH1(F)                                                    \
  __device__ double F(double);                                                 \
  __device__ float F##f(float);                                                \
  __device__ float F(float);
#define __GPURACE_DMATH2(F)                                                    \
  __device__ double F(double, double);                                         \
  __device__ float F##f(float, float);                                         \
  __device__ float F(float, float);
/* libc function with an explicit signature (R, A are for double) */
#define __GPURACE_MATHX(F, RD, RF, PD, PF)                                     \
  extern "C" RD F PD __GPURACE_THROW;                                          \
  extern "C" RF F##f PF __GPURACE_THROW;                                       \
  __device__ RD F PD;                                                          \
  __device__ RF F##f PF;                                                       \
  __device__ RF F PF;

__GPURACE_MATH1(acos) __GPURACE_MATH1(acosh) __GPURACE_MATH1(asin)
__GPURACE_MATH1(asinh) __GPURACE_MATH1(atan) __GPURACE_MATH1(atanh)
__GPURACE_MATH1(cbrt) __GPURACE_MATH1(ceil) __GPURACE_MATH1(cos)
__GPURACE_MATH1(cosh) __GPURACE_MATH1(erf) __GPURACE_MATH1(erfc)
__GPURACE_MATH1(exp) __GPURACE_MATH1(exp10) __GPURACE_MATH1(exp2)
__GPURACE_MATH1(expm1) __GPURACE_MATH1(fabs) __GPURACE_MATH1(floor)
__GPURACE_MATH1(j0) __GPURACE_MATH1(j1) __GPURACE_MATH1(lgamma)
__GPURACE_MATH1(log) __GPURACE_MATH1(log10) __GPURACE_MATH1(log1p)
__GPURACE_MATH1(log2) __GPURACE_MATH1(logb) __GPURACE_MATH1(nearbyint)
__GPURACE_MATH1(rint) __GPURACE_MATH1(round) __GPURACE_MATH1(sin)
__GPURACE_MATH1(sinh) __GPURACE_MATH1(sqrt) __GPURACE_MATH1(tan)
__GPURACE_MATH1(tanh) __GPURACE_MATH1(tgamma) __GPURACE_MATH1(trunc)
__GPURACE_MATH1(y0) __GPURACE_MATH1(y1)

__GPURACE_MATH2(atan2) __GPURACE_MATH2(copysign) __GPURACE_MATH2(fdim)
__GPURACE_MATH2(fmax) __GPURACE_MATH2(fmin) __GPURACE_MATH2(fmod)
__GPURACE_MATH2(hypot) __GPURACE_MATH2(nextafter) __GPURACE_MATH2(pow)
__GPURACE_MATH2(remainder)

__GPURACE_MATHX(fma, double, float, (double, double, double), (float, float, float))
__GPURACE_MATHX(ldexp, double, float, (double, int), (float, int))
__GPURACE_MATHX(scalbn, double, float, (double, int), (float, int))
__GPURACE_MATHX(scalbln, double, float, (double, long), (float, long))
__GPURACE_MATHX(frexp, double, float, (double, int *), (float, int *))
__GPURACE_MATHX(modf, double, float, (double, double *), (float, float *))
__GPURACE_MATHX(remquo, double, float, (double, double, int *), (float, float, int *))
__GPURACE_MATHX(sincos, void, void, (double, double *, double *), (float, float *, float *))
__GPURACE_MATHX(ilogb, int, int, (double), (float))
__GPURACE_MATHX(lrint, long, long, (double), (float))
__GPURACE_MATHX(lround, long, long, (double), (float))
__GPURACE_MATHX(llrint, long long, long long, (double), (float))
__GPURACE_MATHX(llround, long long, long long, (double), (float))
extern "C" double nan(const char *) __GPURACE_THROW;
extern "C" float nanf(const char *) __GPURACE_THROW;
__device__ double nan(const char *);
__device__ float nanf(const char *);
extern "C" double jn(int, double) __GPURACE_THROW;
extern "C" float jnf(int, float) __GPURACE_THROW;
extern "C" double yn(int, double) __GPURACE_THROW;
extern "C" float ynf(int, float) __GPURACE_THROW;
__device__ double jn(int, double);
__device__ float jnf(int, float);
__device__ double yn(int, double);
__device__ float ynf(int, float);

/* CUDA-only math */
__GPURACE_DMATH1(cospi) __GPURACE_DMATH1(sinpi) __GPURACE_DMATH1(erfinv)
__GPURACE_DMATH1(erfcinv) __GPURACE_DMATH1(erfcx) __GPURACE_DMATH1(normcdf)
__GPURACE_DMATH1(normcdfinv) __GPURACE_DMATH1(rcbrt) __GPURACE_DMATH1(rsqrt)
__GPURACE_DMATH2(rhypot)
__device__ void sincospi(double, double *, double *);
__device__ void sincospif(float, float *, float *);
__device__ float fdividef(float, float);
__device__ double norm3d(double, double, double);
__device__ float norm3df(float, float, float);
__device__ double rnorm3d(double, double, double);
__device__ float rnorm3df(float, float, float);
__device__ double norm4d(double, double, double, double);
__device__ float norm4df(float, float, float, float);
__device__ double rnorm4d(double, double, double, double);
__device__ float rnorm4df(float, float, float, float);
__device__ double norm(int, const double *);
__device__ float normf(int, const float *);
__device__ double rnorm(int, const double *);
__device__ float rnormf(int, const float *);
__device__ double cyl_bessel_i0(double);
__device__ float cyl_bessel_i0f(float);
__device__ double cyl_bessel_i1(double);
__device__ float cyl_bessel_i1f(float);

/* classification (device; the host ones come from <cmath> when included) */
__device__ bool isnan(float);
__device__ bool isnan(double);
__device__ bool isinf(float);
__device__ bool isinf(double);
__device__ bool isfinite(float);
__device__ bool isfinite(double);
__device__ bool signbit(float);
__device__ bool signbit(double);

/* abs: int/long/long long from libc on the host; device overloads here */
__device__ int abs(int);
__device__ long abs(long);
__device__ long long abs(long long);
__device__ float abs(float);
__device__ double abs(double);
__device__ long labs(long);
__device__ long long llabs(long long);

/* min/max: CUDA has global-namespace overloads for every pair of arithmetic
 * types, usable from host code too (CUDA programs call them unqualified in
 * host code).  One bodiless host+device template with CUDA's result type
 * (the usual arithmetic conversions) covers them all, and -- unlike
 * non-template declarations -- does not clash with a program's own
 * min/max, which wins overload resolution as a non-template or as a more
 * specialised template. */
template <class A, class B>
__host__ __device__ auto min(A a, B b) -> decltype(true ? A() : B());
template <class A, class B>
__host__ __device__ auto max(A a, B b) -> decltype(true ? A() : B());
__device__ unsigned int umin(unsigned int, unsigned int);
__device__ unsigned int umax(unsigned int, unsigned int);
__device__ long long llmin(long long, long long);
__device__ long long llmax(long long, long long);
__device__ unsigned long long ullmin(unsigned long long, unsigned long long);
__device__ unsigned long long ullmax(unsigned long long, unsigned long long);

#undef __GPURACE_MATH1
#undef __GPURACE_MATH2
#undef __GPURACE_DMATH1
#undef __GPURACE_DMATH2
#undef __GPURACE_MATHX

/* ------------------------------------------------------------------------
 * 9. Intrinsics (bodiless): fast math, conversions, bit tricks, loads.
 * ---------------------------------------------------------------------- */
__device__ float __fdividef(float, float);
__device__ float __expf(float);
__device__ float __exp10f(float);
__device__ float __logf(float);
__device__ float __log2f(float);
__device__ float __log10f(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __tanf(float);
__device__ void __sincosf(float, float *, float *);
__device__ float __powf(float, float);
__device__ float __saturatef(float);
#define __GPURACE_ROUNDED(R, F, ...)                                           \
  __device__ R F##_rn(__VA_ARGS__);                                            \
  __device__ R F##_rz(__VA_ARGS__);                                            \
  __device__ R F##_ru(__VA_ARGS__);                                            \
  __device__ R F##_rd(__VA_ARGS__);
__GPURACE_ROUNDED(float, __fadd, float, float)
__GPURACE_ROUNDED(float, __fsub, float, float)
__GPURACE_ROUNDED(float, __fmul, float, float)
__GPURACE_ROUNDED(float, __fdiv, float, float)
__GPURACE_ROUNDED(float, __fmaf, float, float, float)
__GPURACE_ROUNDED(float, __frcp, float)
__GPURACE_ROUNDED(float, __fsqrt, float)
__GPURACE_ROUNDED(double, __dadd, double, double)
__GPURACE_ROUNDED(double, __dsub, double, double)
__GPURACE_ROUNDED(double, __dmul, double, double)
__GPURACE_ROUNDED(double, __ddiv, double, double)
__GPURACE_ROUNDED(double, __fma, double, double, double)
__GPURACE_ROUNDED(double, __drcp, double)
__GPURACE_ROUNDED(double, __dsqrt, double)
__device__ float __frsqrt_rn(float);
__GPURACE_ROUNDED(int, __float2int, float)
__GPURACE_ROUNDED(unsigned int, __float2uint, float)
__GPURACE_ROUNDED(long long, __float2ll, float)
__GPURACE_ROUNDED(unsigned long long, __float2ull, float)
__GPURACE_ROUNDED(float, __int2float, int)
__GPURACE_ROUNDED(float, __uint2float, unsigned int)
__GPURACE_ROUNDED(float, __ll2float, long long)
__GPURACE_ROUNDED(float, __ull2float, unsigned long long)
__GPURACE_ROUNDED(float, __double2float, double)
__GPURACE_ROUNDED(int, __double2int, double)
__GPURACE_ROUNDED(unsigned int, __double2uint, double)
__GPURACE_ROUNDED(long long, __double2ll, double)
__GPURACE_ROUNDED(unsigned long long, __double2ull, double)
__GPURACE_ROUNDED(double, __ll2double, long long)
__GPURACE_ROUNDED(double, __ull2double, unsigned long long)
#undef __GPURACE_ROUNDED
__device__ double __int2double_rn(int);
__device__ double __uint2double_rn(unsigned int);
__device__ float __int_as_float(int);
__device__ int __float_as_int(float);
__device__ float __uint_as_float(unsigned int);
__device__ unsigned int __float_as_uint(float);
__device__ double __longlong_as_double(long long);
__device__ long long __double_as_longlong(double);
__device__ int __double2hiint(double);
__device__ int __double2loint(double);
__device__ double __hiloint2double(int, int);

__device__ int __popc(unsigned int);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __clzll(long long);
__device__ int __ffs(int);
__device__ int __ffsll(long long);
__device__ unsigned int __brev(unsigned int);
__device__ unsigned long long __brevll(unsigned long long);
__device__ unsigned int __byte_perm(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_l(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_lc(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_r(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __funnelshift_rc(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __fns(unsigned int, unsigned int, int);
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ int __mulhi(int, int);
__device__ unsigned int __umulhi(unsigned int, unsigned int);
__device__ long long __mul64hi(long long, long long);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
__device__ unsigned int __sad(int, int, unsigned int);
__device__ unsigned int __usad(unsigned int, unsigned int, unsigned int);
__device__ int __hadd(int, int);
__device__ int __rhadd(int, int);
__device__ unsigned int __uhadd(unsigned int, unsigned int);
__device__ unsigned int __urhadd(unsigned int, unsigned int);
__device__ int __dp4a(int, int, int);
__device__ unsigned int __dp4a(unsigned int, unsigned int, unsigned int);
__device__ unsigned int __lanemask_lt();
__device__ unsigned int __lanemask_le();
__device__ unsigned int __lanemask_eq();
__device__ unsigned int __lanemask_ge();
__device__ unsigned int __lanemask_gt();

/* Cache-hinted loads/stores: templates so every pointee type works. */
template <typename T> __device__ T __ldg(const T *__ptr);
template <typename T> __device__ T __ldcg(const T *__ptr);
template <typename T> __device__ T __ldca(const T *__ptr);
template <typename T> __device__ T __ldcs(const T *__ptr);
template <typename T> __device__ T __ldlu(const T *__ptr);
template <typename T> __device__ T __ldcv(const T *__ptr);
template <typename T> __device__ void __stwb(T *__ptr, T __value);
template <typename T> __device__ void __stcg(T *__ptr, T __value);
template <typename T> __device__ void __stcs(T *__ptr, T __value);
template <typename T> __device__ void __stwt(T *__ptr, T __value);

/* Address-space queries */
__device__ unsigned int __isGlobal(const void *);
__device__ unsigned int __isShared(const void *);
__device__ unsigned int __isConstant(const void *);
__device__ unsigned int __isLocal(const void *);
__device__ size_t __cvta_generic_to_shared(const void *);
__device__ size_t __cvta_generic_to_global(const void *);

/* ------------------------------------------------------------------------
 * 10. Warp-level primitives (bodiless).  Overloaded over the element types
 *     CUDA supports; `width` defaults to warpSize (32).
 *     NOTE: __all doubles as GPUVerify's __all(bool) annotation.
 * ---------------------------------------------------------------------- */
#define __GPURACE_SHFL(T)                                                      \
  __device__ T __shfl_sync(unsigned int __mask, T __var, int __srcLane,        \
                           int __width = 32);                                  \
  __device__ T __shfl_up_sync(unsigned int __mask, T __var,                    \
                              unsigned int __delta, int __width = 32);         \
  __device__ T __shfl_down_sync(unsigned int __mask, T __var,                  \
                                unsigned int __delta, int __width = 32);       \
  __device__ T __shfl_xor_sync(unsigned int __mask, T __var, int __laneMask,   \
                               int __width = 32);                              \
  __device__ T __shfl(T __var, int __srcLane, int __width = 32);               \
  __device__ T __shfl_up(T __var, unsigned int __delta, int __width = 32);     \
  __device__ T __shfl_down(T __var, unsigned int __delta, int __width = 32);   \
  __device__ T __shfl_xor(T __var, int __laneMask, int __width = 32);          \
  __device__ unsigned int __match_any_sync(unsigned int __mask, T __value);    \
  __device__ unsigned int __match_all_sync(unsigned int __mask, T __value,     \
                                           int *__pred);
__GPURACE_SHFL(int)
__GPURACE_SHFL(unsigned int)
__GPURACE_SHFL(long)
__GPURACE_SHFL(unsigned long)
__GPURACE_SHFL(long long)
__GPURACE_SHFL(unsigned long long)
__GPURACE_SHFL(float)
__GPURACE_SHFL(double)
/* __GPURACE_SHFL is reused for half types in section 13. */

__device__ unsigned int __ballot_sync(unsigned int __mask, int __predicate);
__device__ int __all_sync(unsigned int __mask, int __predicate);
__device__ int __any_sync(unsigned int __mask, int __predicate);
__device__ int __uni_sync(unsigned int __mask, int __predicate);
__device__ unsigned int __activemask();
__device__ unsigned int __ballot(int __predicate);
__host__ __device__ int __all(int __predicate);
__device__ int __any(int __predicate);
__device__ unsigned int __reduce_add_sync(unsigned int __mask, unsigned int __value);
__device__ int __reduce_add_sync(unsigned int __mask, int __value);
__device__ unsigned int __reduce_min_sync(unsigned int __mask, unsigned int __value);
__device__ int __reduce_min_sync(unsigned int __mask, int __value);
__device__ unsigned int __reduce_max_sync(unsigned int __mask, unsigned int __value);
__device__ int __reduce_max_sync(unsigned int __mask, int __value);
__device__ unsigned int __reduce_and_sync(unsigned int __mask, unsigned int __value);
__device__ unsigned int __reduce_or_sync(unsigned int __mask, unsigned int __value);
__device__ unsigned int __reduce_xor_sync(unsigned int __mask, unsigned int __value);

/* ------------------------------------------------------------------------
 * 11. Host runtime API (bodiless; the lowering models the ones it needs).
 * ---------------------------------------------------------------------- */
enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorCudartUnloading = 4,
  cudaErrorProfilerDisabled = 5,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidTexture = 18,
  cudaErrorInvalidTextureBinding = 19,
  cudaErrorInvalidChannelDescriptor = 20,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInvalidFilterSetting = 26,
  cudaErrorInvalidNormSetting = 27,
  cudaErrorStubLibrary = 34,
  cudaErrorInsufficientDriver = 35,
  cudaErrorCallRequiresNewerDriver = 36,
  cudaErrorInvalidSurface = 37,
  cudaErrorDuplicateVariableName = 43,
  cudaErrorDuplicateTextureName = 44,
  cudaErrorDuplicateSurfaceName = 45,
  cudaErrorDevicesUnavailable = 46,
  cudaErrorIncompatibleDriverContext = 49,
  cudaErrorMissingConfiguration = 52,
  cudaErrorLaunchMaxDepthExceeded = 65,
  cudaErrorSyncDepthExceeded = 68,
  cudaErrorLaunchPendingCountExceeded = 69,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorDeviceNotLicensed = 102,
  cudaErrorStartupFailure = 127,
  cudaErrorInvalidKernelImage = 200,
  cudaErrorDeviceUninitialized = 201,
  cudaErrorMapBufferObjectFailed = 205,
  cudaErrorUnmapBufferObjectFailed = 206,
  cudaErrorArrayIsMapped = 207,
  cudaErrorAlreadyMapped = 208,
  cudaErrorNoKernelImageForDevice = 209,
  cudaErrorAlreadyAcquired = 210,
  cudaErrorNotMapped = 211,
  cudaErrorECCUncorrectable = 214,
  cudaErrorUnsupportedLimit = 215,
  cudaErrorPeerAccessUnsupported = 217,
  cudaErrorInvalidPtx = 218,
  cudaErrorInvalidSource = 300,
  cudaErrorFileNotFound = 301,
  cudaErrorSharedObjectSymbolNotFound = 302,
  cudaErrorSharedObjectInitFailed = 303,
  cudaErrorOperatingSystem = 304,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorIllegalState = 401,
  cudaErrorSymbolNotFound = 500,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorLaunchIncompatibleTexturing = 703,
  cudaErrorPeerAccessAlreadyEnabled = 704,
  cudaErrorPeerAccessNotEnabled = 705,
  cudaErrorSetOnActiveProcess = 708,
  cudaErrorContextIsDestroyed = 709,
  cudaErrorAssert = 710,
  cudaErrorTooManyPeers = 711,
  cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorHardwareStackError = 714,
  cudaErrorIllegalInstruction = 715,
  cudaErrorMisalignedAddress = 716,
  cudaErrorInvalidAddressSpace = 717,
  cudaErrorInvalidPc = 718,
  cudaErrorLaunchFailure = 719,
  cudaErrorCooperativeLaunchTooLarge = 720,
  cudaErrorNotPermitted = 800,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999,
  cudaErrorApiFailureBase = 10000
};
typedef enum cudaError cudaError_t;

/* Opaque handles */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)

/* Flags (macros in CUDA too) */
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0,
  cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeMax
};
enum cudaLimit {
  cudaLimitStackSize = 0x00,
  cudaLimitPrintfFifoSize = 0x01,
  cudaLimitMallocHeapSize = 0x02,
  cudaLimitDevRuntimeSyncDepth = 0x03,
  cudaLimitDevRuntimePendingLaunchCount = 0x04,
  cudaLimitMaxL2FetchGranularity = 0x05,
  cudaLimitPersistingL2CacheSize = 0x06
};
enum cudaComputeMode {
  cudaComputeModeDefault = 0,
  cudaComputeModeExclusive = 1,
  cudaComputeModeProhibited = 2,
  cudaComputeModeExclusiveProcess = 3
};
enum cudaMemoryAdvise {
  cudaMemAdviseSetReadMostly = 1,
  cudaMemAdviseUnsetReadMostly = 2,
  cudaMemAdviseSetPreferredLocation = 3,
  cudaMemAdviseUnsetPreferredLocation = 4,
  cudaMemAdviseSetAccessedBy = 5,
  cudaMemAdviseUnsetAccessedBy = 6
};
enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxPitch = 11,
  cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrClockRate = 13,
  cudaDevAttrTextureAlignment = 14,
  cudaDevAttrGpuOverlap = 15,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrKernelExecTimeout = 17,
  cudaDevAttrIntegrated = 18,
  cudaDevAttrCanMapHostMemory = 19,
  cudaDevAttrComputeMode = 20,
  cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33,
  cudaDevAttrPciDeviceId = 34,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrAsyncEngineCount = 40,
  cudaDevAttrUnifiedAddressing = 41,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrManagedMemory = 83,
  cudaDevAttrIsMultiGpuBoard = 84,
  cudaDevAttrConcurrentManagedAccess = 89,
  cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrCooperativeMultiDeviceLaunch = 96,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106
};

struct cudaDeviceProp {
  char name[256];
  char uuid[16];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int maxTexture1D;
  int maxTexture2D[2];
  int maxTexture3D[3];
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
};

struct cudaFuncAttributes {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
};

struct cudaPointerAttributes {
  enum cudaMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
};

struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void *ptr; size_t pitch; size_t xsize; size_t ysize; };
__host__ inline cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) {
  cudaExtent e; e.width = w; e.height = h; e.depth = d; return e;
}
__host__ inline cudaPos make_cudaPos(size_t x, size_t y, size_t z) {
  cudaPos p; p.x = x; p.y = y; p.z = z; return p;
}
__host__ inline cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
  cudaPitchedPtr s; s.ptr = d; s.pitch = p; s.xsize = xsz; s.ysize = ysz; return s;
}
struct cudaMemcpy3DParms {
  cudaArray_t srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  cudaArray_t dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent;
  enum cudaMemcpyKind kind;
};

/* Channel descriptions (textures, arrays) */
enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };

/* Kernel launch.  clang lowers `k<<<g, b, s, st>>>(args)` to a call of the
 * configuration function; without a CUDA SDK clang 19 assumes the pre-9.2
 * ABI and looks up cudaConfigureCall.  __cudaPushCallConfiguration is what
 * it uses when it detects CUDA >= 9.2, declared too so a toolkit that clang
 * happens to find does not break parsing. */
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                         size_t sharedMem = 0,
                                         cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                size_t sharedMem = 0,
                                                void *stream = 0);

/* The runtime API is declared host+device: CUDA's device runtime (dynamic
 * parallelism) offers much of it in kernels too, and being lenient here
 * costs nothing. */
#pragma clang force_cuda_host_device begin
extern "C" {
/* memory */
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent);
cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height = 0, unsigned int flags = 0);
cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags = 0);
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                         size_t width, size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream = 0);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream = 0);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset,
                                size_t hOffset, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                const void *src, size_t spitch, size_t width,
                                size_t height, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream = 0);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                               size_t offset = 0,
                               enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset = 0,
                                 enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind,
                                    cudaStream_t stream = 0);
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count,
                                      size_t offset, enum cudaMemcpyKind kind,
                                      cudaStream_t stream = 0);
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                                 cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          int device);

/* device management */
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaThreadExit(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDriverGetVersion(int *driverVersion);
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);

/* functions (non-template forms take the kernel as const void*) */
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig);
cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem = 0, cudaStream_t stream = 0);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim,
                                        void **args, size_t sharedMem = 0,
                                        cudaStream_t stream = 0);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize,
                                                          size_t dynamicSMemSize);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags);

/* streams and events */
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags);
typedef void (*cudaHostFn_t)(void *userData);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

/* textures and channel descriptors */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f);
} /* extern "C" */

/* C++ conveniences of cuda_runtime.h: templates taking typed pointers or the
 * kernel itself (T deduces to the function type).  Bodiless as well. */
template <class T> cudaError_t cudaMalloc(T **devPtr, size_t size);
template <class T> cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0);
template <class T> cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags);
template <class T>
cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
template <class T>
cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height);
template <class T>
cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags);
template <class T>
cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                               size_t offset = 0,
                               enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                 size_t offset = 0,
                                 enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                                    size_t offset = 0,
                                    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                    cudaStream_t stream = 0);
template <class T>
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                                      size_t offset = 0,
                                      enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                      cudaStream_t stream = 0);
template <class T> cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);
template <class T> cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol);
template <class T> cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig);
template <class T>
cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config);
template <class T>
cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value);
template <class T> cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func);
template <class T>
cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem = 0, cudaStream_t stream = 0);
template <class T>
cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                                        void **args, size_t sharedMem = 0,
                                        cudaStream_t stream = 0);
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                                          int blockSize,
                                                          size_t dynamicSMemSize);
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags);
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                               size_t dynamicSMemSize = 0,
                                               int blockSizeLimit = 0);
template <class T> struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags);
#pragma clang force_cuda_host_device end

/* Driver API basics (cuda.h) */
typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;
extern "C" {
CUresult cuInit(unsigned int Flags);
CUresult cuDriverGetVersion(int *driverVersion);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuDeviceGetCount(int *count);
CUresult cuDeviceGetName(char *name, int len, CUdevice dev);
CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev);
CUresult cuCtxDestroy(CUcontext ctx);
CUresult cuCtxSynchronize(void);
CUresult cuGetErrorString(CUresult error, const char **pStr);
}

/* ------------------------------------------------------------------------
 * 12. Textures (texture references and objects).  The texture template
 *     carries clang's device_builtin_texture_type attribute so that a
 *     file-scope `texture<...> t;` may be used from kernels.  Fetches are
 *     bodiless reads.
 * ---------------------------------------------------------------------- */
enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC

struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  int __gpurace_reserved[16];
};

template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __device_builtin_texture_type__ texture : public textureReference {
  __host__ texture(int norm = 0,
                   enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = aMode;
    addressMode[1] = aMode;
    addressMode[2] = aMode;
  }
};

/* Result type of a fetch: T, or float/floatN for normalized reads (the
 * lowering only needs the call to be well typed). */
template <class T, enum cudaTextureReadMode M> struct __gpurace_tex_result { typedef T type; };
template <class T> struct __gpurace_tex_result<T, cudaReadModeNormalizedFloat> { typedef float type; };

#define __GPURACE_TEXREF_T typename __gpurace_tex_result<T, M>::type
template <class T, int D, enum cudaTextureReadMode M>
__device__ __GPURACE_TEXREF_T tex1Dfetch(texture<T, D, M> t, int x);
template <class T, int D, enum cudaTextureReadMode M>
__device__ __GPURACE_TEXREF_T tex1D(texture<T, D, M> t, float x);
template <class T, int D, enum cudaTextureReadMode M>
__device__ __GPURACE_TEXREF_T tex2D(texture<T, D, M> t, float x, float y);
template <class T, int D, enum cudaTextureReadMode M>
__device__ __GPURACE_TEXREF_T tex3D(texture<T, D, M> t, float x, float y, float z);
template <class T, int D, enum cudaTextureReadMode M>
__device__ __GPURACE_TEXREF_T tex1DLayered(texture<T, D, M> t, float x, int layer);
template <class T, int D, enum cudaTextureReadMode M>
__device__ __GPURACE_TEXREF_T tex2DLayered(texture<T, D, M> t, float x, float y, int layer);
#undef __GPURACE_TEXREF_T
/* texture objects: tex1Dfetch<float>(obj, i) */
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t obj, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t obj, float x);
template <class T> __device__ T tex2D(cudaTextureObject_t obj, float x, float y);
template <class T> __device__ T tex3D(cudaTextureObject_t obj, float x, float y, float z);
template <class T> __device__ void surf2Dwrite(T data, cudaSurfaceObject_t surf, int x, int y);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t surf, int x, int y);

extern "C" {
cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr, const struct cudaChannelFormatDesc *desc,
                            size_t size = UINT_MAX);
cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr, const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch);
cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc);
cudaError_t cudaUnbindTexture(const struct textureReference *texref);
}
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, D, M> &tex,
                            const void *devPtr, size_t size = UINT_MAX);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, D, M> &tex,
                            const void *devPtr, const struct cudaChannelFormatDesc &desc,
                            size_t size = UINT_MAX);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, D, M> &tex,
                              const void *devPtr, size_t width, size_t height, size_t pitch);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, D, M> &tex,
                              const void *devPtr, const struct cudaChannelFormatDesc &desc,
                              size_t width, size_t height, size_t pitch);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaBindTextureToArray(const struct texture<T, D, M> &tex, cudaArray_const_t array);
template <class T, int D, enum cudaTextureReadMode M>
cudaError_t cudaUnbindTexture(const struct texture<T, D, M> &tex);

enum cudaResourceType {
  cudaResourceTypeArray = 0,
  cudaResourceTypeMipmappedArray = 1,
  cudaResourceTypeLinear = 2,
  cudaResourceTypePitch2D = 3
};
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct { void *devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct {
      void *devPtr; struct cudaChannelFormatDesc desc;
      size_t width; size_t height; size_t pitchInBytes;
    } pitch2D;
  } res;
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
};
extern "C" {
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const void *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
}

/* ------------------------------------------------------------------------
 * 13. Half precision (cuda_fp16.h), minimal.  The conversions are bodiless
 *     primitives; constructors and operators are inline wrappers on them.
 * ---------------------------------------------------------------------- */
struct __half;
__host__ __device__ __half __float2half(float);
__host__ __device__ __half __float2half_rn(float);
__host__ __device__ float __half2float(__half);
struct __align__(2) __half {
  unsigned short __x;
  __half() = default;
  __host__ __device__ __half(float f) : __half(__float2half(f)) {}
  __host__ __device__ __half(double f) : __half(__float2half((float)f)) {}
  __host__ __device__ __half(int i) : __half(__float2half((float)i)) {}
  __host__ __device__ operator float() const { return __half2float(*this); }
};
typedef struct __half half;
struct __align__(4) __half2 {
  __half x, y;
};
typedef struct __half2 half2;
__device__ __half __hadd(__half, __half);
__device__ __half __hsub(__half, __half);
__device__ __half __hmul(__half, __half);
__device__ __half __hdiv(__half, __half);
__device__ __half __hfma(__half, __half, __half);
__device__ __half __hneg(__half);
__device__ bool __heq(__half, __half);
__device__ bool __hlt(__half, __half);
__device__ bool __hgt(__half, __half);
__device__ __half2 __hadd2(__half2, __half2);
__device__ __half2 __hsub2(__half2, __half2);
__device__ __half2 __hmul2(__half2, __half2);
__device__ __half2 __hfma2(__half2, __half2, __half2);
__host__ __device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ __half2 __float2half2_rn(float);
__host__ __device__ float2 __half22float2(__half2);
__host__ __device__ __half2 __halves2half2(__half, __half);
__host__ __device__ __half2 __half2half2(__half);
__host__ __device__ __half __low2half(__half2);
__host__ __device__ __half __high2half(__half2);
__host__ __device__ float __low2float(__half2);
__host__ __device__ float __high2float(__half2);
__device__ __half hsqrt(__half);
__device__ __half hexp(__half);
__device__ __half __habs(__half);
__device__ __half __hmax(__half, __half);
__device__ __half __hmin(__half, __half);
__GPURACE_ATOMIC_RMW(atomicAdd, __half)
__GPURACE_ATOMIC_RMW(atomicAdd, __half2)
__GPURACE_SHFL(__half)
__GPURACE_SHFL(__half2)

/* bfloat16 (cuda_bf16.h), minimal */
struct __nv_bfloat16;
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);
__host__ __device__ float __bfloat162float(__nv_bfloat16);
struct __align__(2) __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(float f) : __nv_bfloat16(__float2bfloat16(f)) {}
  __host__ __device__ operator float() const { return __bfloat162float(*this); }
};
struct __align__(4) __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;
__GPURACE_ATOMIC_RMW(atomicAdd, __nv_bfloat16)

#undef __GPURACE_SHFL
#undef __GPURACE_ATOMIC_RMW
#undef __GPURACE_ATOMIC_SCOPES

/* ------------------------------------------------------------------------
 * 14. GPUVerify / Faial specification annotations.
 *     Bodiless FUNCTIONS, never macros: __read and __write are ordinary
 *     identifiers inside libstdc++.  Pointer arguments are
 *     `const volatile void *` so any data pointer converts.  __all is the
 *     warp vote declared in section 10.  The only macros are __axiom (it is
 *     used at file scope) and __return_val_funptr (its argument is a type).
 * ---------------------------------------------------------------------- */
__host__ __device__ void __requires(bool);
__host__ __device__ void __ensures(bool);
__host__ __device__ void __assert(bool);
__host__ __device__ void __assume(bool);
__host__ __device__ void __invariant(bool);
__host__ __device__ void __global_invariant(bool);
__host__ __device__ void __candidate_invariant(bool);
__host__ __device__ void __candidate_global_invariant(bool);
__host__ __device__ void __function_wide_invariant(bool);
__host__ __device__ void __function_wide_candidate_invariant(bool);
__host__ __device__ void __global_requires(bool);
__host__ __device__ void __global_ensures(bool);
__host__ __device__ void __global_assert(bool);
__host__ __device__ void __candidate_assert(bool);
__host__ __device__ void __non_temporal_loads_begin();
__host__ __device__ void __non_temporal_loads_end();
/* variadic templates: C-style variadic functions are not allowed on the device */
template <class... T> __host__ __device__ void __barrier_invariant(bool, T...);
template <class... T> __host__ __device__ void __barrier_invariant_binary(bool, T...);
__host__ __device__ bool __implies(bool, bool);
__host__ __device__ bool __enabled();
__host__ __device__ bool __dominator_enabled();
__host__ __device__ bool __same_group();
__host__ __device__ bool __uniform_int(long long);
__host__ __device__ bool __uniform_bool(bool);
__host__ __device__ bool __distinct_int(long long);
__host__ __device__ bool __distinct_bool(bool);
__host__ __device__ bool __at_most_one(bool);
__host__ __device__ bool __exactly_one(bool);
__host__ __device__ int __other_int(int);
__host__ __device__ bool __other_bool(bool);
__host__ __device__ void *__other_ptr(const volatile void *);
__host__ __device__ int __old_int(int);
__host__ __device__ bool __old_bool(bool);
__host__ __device__ int __return_val_int();
__host__ __device__ bool __return_val_bool();
__host__ __device__ void *__return_val_ptr();
__host__ __device__ bool __read(const volatile void *);
__host__ __device__ bool __write(const volatile void *);
__host__ __device__ bool __atomic(const volatile void *);
__host__ __device__ bool __no_read(const volatile void *);
__host__ __device__ bool __no_write(const volatile void *);
__host__ __device__ bool __read_implies(const volatile void *, bool);
__host__ __device__ bool __write_implies(const volatile void *, bool);
__host__ __device__ bool __atomic_implies(const volatile void *, bool);
__host__ __device__ size_t __read_offset_bytes(const volatile void *);
__host__ __device__ size_t __write_offset_bytes(const volatile void *);
__host__ __device__ size_t __atomic_offset_bytes(const volatile void *);
__host__ __device__ size_t __read_offset(const volatile void *);
__host__ __device__ size_t __write_offset(const volatile void *);
__host__ __device__ const volatile void *__ptr_base(const volatile void *);
__host__ __device__ size_t __ptr_offset_bytes(const volatile void *);
__host__ __device__ size_t __ptr_offset(const volatile void *);
__host__ __device__ void __array_snapshot(const volatile void *, const volatile void *);
__host__ __device__ void __requires_fresh_array(const volatile void *);
__host__ __device__ bool __is_pow2(unsigned long long);
__host__ __device__ unsigned long long __mod_pow2(unsigned long long, unsigned long long);
__host__ __device__ bool __add_noovfl(unsigned int, unsigned int);
__host__ __device__ bool __add_noovfl_int(int, int);
__host__ __device__ bool __add_noovfl_unsigned(unsigned int, unsigned int);
__host__ __device__ bool __ite_bool(bool, bool, bool);
__host__ __device__ int __ite_int(bool, int, int);
/* __axiom(e) at file scope: an unused static device function holding
 * __assume(e), so the condition stays in the AST. */
#define __GPURACE_CAT2(a, b) a##b
#define __GPURACE_CAT(a, b) __GPURACE_CAT2(a, b)
#define __axiom(e)                                                             \
  static __device__ __attribute__((unused)) void __GPURACE_CAT(                \
      __gpurace_axiom_, __COUNTER__)() { __assume(e); }
/* __return_val_funptr(FnPtrType): the function's return value, typed. */
#define __return_val_funptr(T) ((T)__return_val_ptr())

/* ------------------------------------------------------------------------
 * 15. Cooperative groups.  Every method has an inline body written in terms
 *     of the primitives above (the lowering inlines it):
 *        thread_block::sync   -> __syncthreads()
 *        grid_group::sync     -> __gpurace_grid_sync()
 *        tile<N<=32>::sync    -> __syncwarp(tile mask)
 *        tile<N>32>::sync     -> __gpurace_tile_sync(N)
 *        coalesced_group::sync-> __syncwarp(captured __activemask())
 *     A type-erased thread_group keeps a kind tag set by the constructors
 *     of the concrete group it was copied from and branches on it.
 *     Ranks and sizes are computed from threadIdx/blockDim/gridDim.
 * ---------------------------------------------------------------------- */
namespace cooperative_groups {
namespace details {
enum group_kind : unsigned int {
  kind_grid = 0,
  kind_multi_grid = 1,
  kind_block = 2,
  kind_tile = 3,
  kind_coalesced = 4
};
__device__ inline unsigned int block_rank_of_thread() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ inline unsigned int block_num_threads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
__device__ inline unsigned long long grid_block_rank() {
  return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
__device__ inline unsigned long long grid_num_blocks() {
  return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
}
__device__ inline unsigned int lane_id() { return block_rank_of_thread() & 31u; }
/* mask of the lanes in this thread's aligned tile of `size` (<= 32) lanes */
__device__ inline unsigned int tile_mask(unsigned int size) {
  return size >= 32u ? 0xffffffffu
                     : (((1u << size) - 1u) << (lane_id() & ~(size - 1u)));
}
} // namespace details

class thread_group {
protected:
  unsigned int __kind;
  unsigned int __size; /* tiles: tile size */
  unsigned int __mask; /* tiles <= 32 and coalesced groups: lane mask */
  __device__ thread_group(unsigned int kind, unsigned int size = 0, unsigned int mask = 0)
      : __kind(kind), __size(size), __mask(mask) {}

public:
  __device__ void sync() const {
    if (__kind == details::kind_block)
      __syncthreads();
    else if (__kind == details::kind_grid || __kind == details::kind_multi_grid)
      __gpurace_grid_sync();
    else if (__kind == details::kind_tile && __size > 32u)
      __gpurace_tile_sync(__size);
    else
      __syncwarp(__mask);
  }
  __device__ unsigned long long size() const {
    if (__kind == details::kind_block)
      return details::block_num_threads();
    if (__kind == details::kind_grid || __kind == details::kind_multi_grid)
      return details::grid_num_blocks() * details::block_num_threads();
    if (__kind == details::kind_coalesced)
      return (unsigned long long)__popc(__mask);
    return __size;
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long thread_rank() const {
    if (__kind == details::kind_block)
      return details::block_rank_of_thread();
    if (__kind == details::kind_grid || __kind == details::kind_multi_grid)
      return details::grid_block_rank() * details::block_num_threads() +
             details::block_rank_of_thread();
    if (__kind == details::kind_coalesced)
      return (unsigned long long)__popc(__mask & __lanemask_lt());
    return details::block_rank_of_thread() & (__size - 1u);
  }
  __device__ bool is_valid() const { return true; }
  __device__ unsigned int get_type() const { return __kind; }
};

class thread_block : public thread_group {
  friend __device__ thread_block this_thread_block();

protected:
  __device__ thread_block() : thread_group(details::kind_block) {}

public:
  __device__ static void sync() { __syncthreads(); }
  __device__ static unsigned int thread_rank() { return details::block_rank_of_thread(); }
  __device__ static unsigned int size() { return details::block_num_threads(); }
  __device__ static unsigned int num_threads() { return details::block_num_threads(); }
  __device__ static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ static dim3 group_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ static dim3 dim_threads() { return group_dim(); }
  __device__ static bool is_valid() { return true; }
};
__device__ inline thread_block this_thread_block() { return thread_block(); }

class grid_group : public thread_group {
  friend __device__ grid_group this_grid();

protected:
  __device__ grid_group() : thread_group(details::kind_grid) {}

public:
  __device__ static void sync() { __gpurace_grid_sync(); }
  __device__ static bool is_valid() { return true; }
  __device__ static unsigned long long thread_rank() {
    return details::grid_block_rank() * details::block_num_threads() +
           details::block_rank_of_thread();
  }
  __device__ static unsigned long long size() {
    return details::grid_num_blocks() * details::block_num_threads();
  }
  __device__ static unsigned long long num_threads() { return size(); }
  __device__ static unsigned long long block_rank() { return details::grid_block_rank(); }
  __device__ static unsigned long long num_blocks() { return details::grid_num_blocks(); }
  __device__ static dim3 group_dim() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ static dim3 dim_blocks() { return group_dim(); }
  __device__ static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ static dim3 group_index() { return block_index(); }
  __device__ static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
};
__device__ inline grid_group this_grid() { return grid_group(); }

/* Multi-device grids: analysed per device, so its barrier is the grid one. */
class multi_grid_group : public thread_group {
  friend __device__ multi_grid_group this_multi_grid();

protected:
  __device__ multi_grid_group() : thread_group(details::kind_multi_grid) {}

public:
  __device__ static void sync() { __gpurace_grid_sync(); }
  __device__ static bool is_valid() { return true; }
  __device__ static unsigned long long thread_rank() { return grid_group::thread_rank(); }
  __device__ static unsigned long long size() { return grid_group::size(); }
  __device__ static unsigned long long num_threads() { return size(); }
  __device__ static unsigned int grid_rank() { return 0; }
  __device__ static unsigned int num_grids() { return 1; }
};
__device__ inline multi_grid_group this_multi_grid() { return multi_grid_group(); }

/* Threads of a warp that were active when the group was formed. */
class coalesced_group : public thread_group {
  friend __device__ coalesced_group coalesced_threads();
  template <class G> friend __device__ coalesced_group labeled_partition(const G &, int);
  template <class G> friend __device__ coalesced_group binary_partition(const G &, bool);

protected:
  __device__ explicit coalesced_group(unsigned int mask)
      : thread_group(details::kind_coalesced, 0, mask) {}
  /* lane of the member with rank r */
  __device__ int lane_of(unsigned int r) const { return __fns(__mask, 0, (int)r + 1); }

public:
  __device__ void sync() const { __syncwarp(__mask); }
  __device__ unsigned int size() const { return (unsigned int)__popc(__mask); }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ unsigned int thread_rank() const { return (unsigned int)__popc(__mask & __lanemask_lt()); }
  __device__ unsigned int meta_group_rank() const { return 0; }
  __device__ unsigned int meta_group_size() const { return 1; }
  __device__ bool is_valid() const { return true; }
  template <class T> __device__ T shfl(T var, unsigned int srcRank) const {
    return __shfl_sync(__mask, var, lane_of(srcRank), 32);
  }
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const {
    return __shfl_sync(__mask, var, lane_of(thread_rank() >= delta ? thread_rank() - delta : thread_rank()), 32);
  }
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const {
    return __shfl_sync(__mask, var, lane_of(thread_rank() + delta < size() ? thread_rank() + delta : thread_rank()), 32);
  }
  __device__ int any(int pred) const { return __any_sync(__mask, pred); }
  __device__ int all(int pred) const { return __all_sync(__mask, pred); }
  __device__ unsigned int ballot(int pred) const { return __ballot_sync(__mask, pred); }
  template <class T> __device__ unsigned int match_any(T val) const {
    return __match_any_sync(__mask, val);
  }
  template <class T> __device__ unsigned int match_all(T val, int &pred) const {
    return __match_all_sync(__mask, val, &pred);
  }
};
__device__ inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

/* Statically sized tile of Size threads (a power of two).  ParentT is
 * accepted for source compatibility and otherwise ignored. */
template <unsigned int Size, typename ParentT = void>
class thread_block_tile : public thread_group {
  static_assert(Size > 0 && (Size & (Size - 1)) == 0, "tile size must be a power of two");
  template <unsigned int, typename> friend class thread_block_tile;

  __device__ static unsigned int lane_base() {
    return Size >= 32u ? 0u : (details::lane_id() & ~(Size - 1u));
  }

public:
  __device__ thread_block_tile()
      : thread_group(details::kind_tile, Size, details::tile_mask(Size)) {}
  template <typename P>
  __device__ thread_block_tile(const thread_block_tile<Size, P> &)
      : thread_group(details::kind_tile, Size, details::tile_mask(Size)) {}

  /* mask of this tile's lanes (tiles wider than a warp: whole warp) */
  __device__ static unsigned int __tile_mask() { return details::tile_mask(Size); }

  __device__ void sync() const {
    if (Size > 32u)
      __gpurace_tile_sync(Size);
    else
      __syncwarp(__tile_mask());
  }
  __device__ static constexpr unsigned int size() { return Size; }
  __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ static unsigned int thread_rank() {
    return details::block_rank_of_thread() & (Size - 1u);
  }
  __device__ static unsigned int meta_group_rank() {
    return details::block_rank_of_thread() / Size;
  }
  __device__ static unsigned int meta_group_size() {
    return (details::block_num_threads() + Size - 1u) / Size;
  }
  __device__ static bool is_valid() { return true; }

  template <class T> __device__ T shfl(T var, int srcRank) const {
    return __shfl_sync(__tile_mask(), var, srcRank, Size);
  }
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const {
    return __shfl_up_sync(__tile_mask(), var, delta, Size);
  }
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const {
    return __shfl_down_sync(__tile_mask(), var, delta, Size);
  }
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const {
    return __shfl_xor_sync(__tile_mask(), var, (int)laneMask, Size);
  }
  __device__ int any(int pred) const { return __any_sync(__tile_mask(), pred); }
  __device__ int all(int pred) const { return __all_sync(__tile_mask(), pred); }
  /* bit i = predicate of tile rank i */
  __device__ unsigned int ballot(int pred) const {
    return __ballot_sync(__tile_mask(), pred) >> lane_base();
  }
  template <class T> __device__ unsigned int match_any(T val) const {
    return __match_any_sync(__tile_mask(), val) >> lane_base();
  }
  template <class T> __device__ unsigned int match_all(T val, int &pred) const {
    return __match_all_sync(__tile_mask(), val, &pred) >> lane_base();
  }
};

__device__ inline thread_block_tile<1> this_thread() { return thread_block_tile<1>(); }

template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &) {
  return thread_block_tile<Size, ParentT>();
}
/* Dynamic partition into tiles of n threads (n a power of two). */
template <class ParentT>
__device__ thread_group tiled_partition(const ParentT &, unsigned int n) {
  struct dyn_tile : thread_group {
    __device__ dyn_tile(unsigned int n)
        : thread_group(details::kind_tile, n, n <= 32u ? details::tile_mask(n) : 0xffffffffu) {}
  };
  return dyn_tile(n);
}
template <class G> __device__ coalesced_group labeled_partition(const G &g, int label) {
  return coalesced_group(__match_any_sync(__activemask(), label));
}
template <class G> __device__ coalesced_group binary_partition(const G &g, bool pred) {
  unsigned int active = __activemask();
  unsigned int yes = __ballot_sync(active, pred);
  return coalesced_group(pred ? yes : (active & ~yes));
}

/* Free functions on any group. */
template <class G> __device__ void sync(const G &g) { g.sync(); }
template <class G> __device__ void synchronize(const G &g) { g.sync(); } /* pre-CUDA-9 name */
template <class G> __device__ unsigned long long thread_rank(const G &g) { return g.thread_rank(); }
template <class G> __device__ unsigned long long group_size(const G &g) { return g.size(); }
template <class G> __device__ unsigned long long num_threads(const G &g) { return g.num_threads(); }

/* Reduction / scan operators (cooperative_groups/reduce.h).  less/greater
 * pick the smaller/larger value, as CUDA's do. */
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const { return a ^ b; } };

/* Tree reduction towards rank 0, then a broadcast: every member gets the
 * result.  Works for tiles and for coalesced groups of any size. */
template <class G, class T, class Op>
__device__ T reduce(const G &g, T val, Op op) {
  for (unsigned int offset = 1; offset < (unsigned int)g.size(); offset <<= 1) {
    T other = g.shfl_down(val, offset);
    if (g.thread_rank() + offset < g.size())
      val = op(val, other);
  }
  return g.shfl(val, 0);
}
template <class G, class T, class Op>
__device__ T inclusive_scan(const G &g, T val, Op op) {
  for (unsigned int offset = 1; offset < (unsigned int)g.size(); offset <<= 1) {
    T other = g.shfl_up(val, offset);
    if (g.thread_rank() >= offset)
      val = op(val, other);
  }
  return val;
}
template <class G, class T> __device__ T inclusive_scan(const G &g, T val) {
  return inclusive_scan(g, val, plus<T>());
}
template <class G, class T, class Op>
__device__ T exclusive_scan(const G &g, T val, Op op) {
  T incl = inclusive_scan(g, val, op);
  T prev = g.shfl_up(incl, 1);
  return g.thread_rank() == 0 ? T() : prev;
}
template <class G, class T> __device__ T exclusive_scan(const G &g, T val) {
  return exclusive_scan(g, val, plus<T>());
}

/* memcpy_async (cooperative_groups/memcpy_async.h), modelled as a
 * synchronous strided copy by the group's threads; wait() is the group's
 * barrier.  (The real copy may still be in flight until wait.) */
template <class G>
__device__ void memcpy_async(const G &g, void *dst, const void *src, size_t bytes) {
  char *d = (char *)dst;
  const char *s = (const char *)src;
  for (size_t i = (size_t)g.thread_rank(); i < bytes; i += (size_t)g.size())
    d[i] = s[i];
}
template <class G, class T>
__device__ void memcpy_async(const G &g, T *dst, size_t dstCount, const T *src, size_t srcCount) {
  size_t n = dstCount < srcCount ? dstCount : srcCount;
  for (size_t i = (size_t)g.thread_rank(); i < n; i += (size_t)g.size())
    dst[i] = src[i];
}
template <class G> __device__ void wait(const G &g) { g.sync(); }
template <unsigned int N, class G> __device__ void wait_prior(const G &g) { g.sync(); }
} // namespace cooperative_groups

/* ------------------------------------------------------------------------
 * 16. cuRAND.  Device API: bodiless; curand_init/curand* read and write
 *     *state (the lowering should model that).  Host API: bodiless.
 * ---------------------------------------------------------------------- */
struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStateMtgp32 {
  unsigned int s[1024];
  int offset;
  int pIdx;
  void *k;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;
struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;

template <class S>
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, S *state);
template <class S> __device__ unsigned int curand(S *state);
template <class S> __device__ uint4 curand4(S *state);
template <class S> __device__ float curand_uniform(S *state);
template <class S> __device__ float4 curand_uniform4(S *state);
template <class S> __device__ double curand_uniform_double(S *state);
template <class S> __device__ double2 curand_uniform2_double(S *state);
template <class S> __device__ float curand_normal(S *state);
template <class S> __device__ float2 curand_normal2(S *state);
template <class S> __device__ float4 curand_normal4(S *state);
template <class S> __device__ double curand_normal_double(S *state);
template <class S> __device__ double2 curand_normal2_double(S *state);
template <class S> __device__ float curand_log_normal(S *state, float mean, float stddev);
template <class S> __device__ double curand_log_normal_double(S *state, double mean, double stddev);
template <class S> __device__ unsigned int curand_poisson(S *state, double lambda);
__device__ void skipahead(unsigned long long n, curandStateXORWOW_t *state);
__device__ void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state);

typedef enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
} curandStatus_t;
typedef enum curandRngType {
  CURAND_RNG_TEST = 0,
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
} curandRngType_t;
typedef struct curandGenerator_st *curandGenerator_t;
extern "C" {
curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset);
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr,
                                           size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                    float mean, float stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr,
                                          size_t n, double mean, double stddev);
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                       float mean, float stddev);
curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr,
                                     size_t n, double lambda);
}

/* MTGP32 set-up (curand_mtgp32_host.h); the parameter tables are opaque. */
struct mtgp32_params_fast;
typedef struct mtgp32_params_fast mtgp32_params_fast_t;
struct mtgp32_kernel_params;
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;
extern mtgp32_params_fast_t mtgp32dc_params_fast_11213[];
curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[],
                                         mtgp32_kernel_params_t *p);
curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s, mtgp32_params_fast_t params[],
                                           mtgp32_kernel_params_t *k, int n,
                                           unsigned long long seed);

/* ------------------------------------------------------------------------
 * 17. libcu++ subset: cuda::thread_scope, cuda::atomic_ref, cuda::atomic,
 *     cuda::std::atomic(_ref), cuda::barrier.  Operations have inline
 *     bodies on the scoped atomics of section 7 (load = atomicAdd(p, 0),
 *     store = atomicExch), so the lowering needs nothing new; memory_order
 *     arguments are accepted and ignored.
 *     NB: inside namespace cuda, `std` means cuda::std.
 * ---------------------------------------------------------------------- */
namespace cuda {
enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3
};
namespace std {
enum memory_order {
  memory_order_relaxed,
  memory_order_consume,
  memory_order_acquire,
  memory_order_release,
  memory_order_acq_rel,
  memory_order_seq_cst
};
} // namespace std
using std::memory_order;
using std::memory_order_relaxed;
using std::memory_order_consume;
using std::memory_order_acquire;
using std::memory_order_release;
using std::memory_order_acq_rel;
using std::memory_order_seq_cst;

namespace __gpurace {
/* scope dispatch onto atomicX / atomicX_block / atomicX_system */
#define __GPURACE_SCOPED(OP)                                                   \
  template <thread_scope S, class T> __device__ T OP##_s(T *p, T v) {          \
    if (S == thread_scope_block || S == thread_scope_thread)                   \
      return ::OP##_block(p, v);                                               \
    if (S == thread_scope_system)                                              \
      return ::OP##_system(p, v);                                              \
    return ::OP(p, v);                                                         \
  }
__GPURACE_SCOPED(atomicAdd)
__GPURACE_SCOPED(atomicSub)
__GPURACE_SCOPED(atomicExch)
__GPURACE_SCOPED(atomicMin)
__GPURACE_SCOPED(atomicMax)
__GPURACE_SCOPED(atomicAnd)
__GPURACE_SCOPED(atomicOr)
__GPURACE_SCOPED(atomicXor)
#undef __GPURACE_SCOPED
template <thread_scope S, class T> __device__ T atomicCAS_s(T *p, T c, T v) {
  if (S == thread_scope_block || S == thread_scope_thread)
    return ::atomicCAS_block(p, c, v);
  if (S == thread_scope_system)
    return ::atomicCAS_system(p, c, v);
  return ::atomicCAS(p, c, v);
}
} // namespace __gpurace

template <class T, thread_scope Scope = thread_scope_system> class atomic_ref {
  T *__ptr;

public:
  typedef T value_type;
  __device__ explicit atomic_ref(T &obj) : __ptr(&obj) {}
  __device__ atomic_ref(const atomic_ref &) = default;
  __device__ T load(memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicAdd_s<Scope>(__ptr, (T)0);
  }
  __device__ void store(T v, memory_order = memory_order_seq_cst) const {
    __gpurace::atomicExch_s<Scope>(__ptr, v);
  }
  __device__ operator T() const { return load(); }
  __device__ T operator=(T v) const { store(v); return v; }
  __device__ T exchange(T v, memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicExch_s<Scope>(__ptr, v);
  }
  __device__ bool compare_exchange_strong(T &expected, T desired,
                                          memory_order = memory_order_seq_cst,
                                          memory_order = memory_order_seq_cst) const {
    T old = __gpurace::atomicCAS_s<Scope>(__ptr, expected, desired);
    bool ok = old == expected;
    expected = old;
    return ok;
  }
  __device__ bool compare_exchange_weak(T &expected, T desired,
                                        memory_order o1 = memory_order_seq_cst,
                                        memory_order o2 = memory_order_seq_cst) const {
    return compare_exchange_strong(expected, desired, o1, o2);
  }
  __device__ T fetch_add(T v, memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicAdd_s<Scope>(__ptr, v);
  }
  __device__ T fetch_sub(T v, memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicAdd_s<Scope>(__ptr, (T)(0 - v));
  }
  __device__ T fetch_min(T v, memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicMin_s<Scope>(__ptr, v);
  }
  __device__ T fetch_max(T v, memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicMax_s<Scope>(__ptr, v);
  }
  __device__ T fetch_and(T v, memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicAnd_s<Scope>(__ptr, v);
  }
  __device__ T fetch_or(T v, memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicOr_s<Scope>(__ptr, v);
  }
  __device__ T fetch_xor(T v, memory_order = memory_order_seq_cst) const {
    return __gpurace::atomicXor_s<Scope>(__ptr, v);
  }
  __device__ T operator++() const { return fetch_add((T)1) + (T)1; }
  __device__ T operator++(int) const { return fetch_add((T)1); }
  __device__ T operator--() const { return fetch_sub((T)1) - (T)1; }
  __device__ T operator--(int) const { return fetch_sub((T)1); }
  __device__ T operator+=(T v) const { return fetch_add(v) + v; }
  __device__ T operator-=(T v) const { return fetch_sub(v) - v; }
};

/* An atomic object: the value plus an atomic_ref view of it. */
template <class T, thread_scope Scope = thread_scope_system> class atomic {
  T __value;
  __device__ atomic_ref<T, Scope> ref() const { return atomic_ref<T, Scope>(const_cast<T &>(__value)); }

public:
  typedef T value_type;
  atomic() = default;
  __host__ __device__ constexpr atomic(T v) : __value(v) {}
  atomic(const atomic &) = delete;
  __device__ T load(memory_order o = memory_order_seq_cst) const { return ref().load(o); }
  __device__ void store(T v, memory_order o = memory_order_seq_cst) { ref().store(v, o); }
  __device__ operator T() const { return load(); }
  __device__ T operator=(T v) { store(v); return v; }
  __device__ T exchange(T v, memory_order o = memory_order_seq_cst) { return ref().exchange(v, o); }
  __device__ bool compare_exchange_strong(T &e, T d, memory_order o1 = memory_order_seq_cst,
                                          memory_order o2 = memory_order_seq_cst) {
    return ref().compare_exchange_strong(e, d, o1, o2);
  }
  __device__ bool compare_exchange_weak(T &e, T d, memory_order o1 = memory_order_seq_cst,
                                        memory_order o2 = memory_order_seq_cst) {
    return ref().compare_exchange_weak(e, d, o1, o2);
  }
  __device__ T fetch_add(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_add(v, o); }
  __device__ T fetch_sub(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_sub(v, o); }
  __device__ T fetch_min(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_min(v, o); }
  __device__ T fetch_max(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_max(v, o); }
  __device__ T fetch_and(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_and(v, o); }
  __device__ T fetch_or(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_or(v, o); }
  __device__ T fetch_xor(T v, memory_order o = memory_order_seq_cst) { return ref().fetch_xor(v, o); }
  __device__ T operator++() { return ref()++ + (T)1; }
  __device__ T operator++(int) { return ref()++; }
  __device__ T operator--() { return ref()-- - (T)1; }
  __device__ T operator--(int) { return ref()--; }
  __device__ T operator+=(T v) { return ref() += v; }
  __device__ T operator-=(T v) { return ref() -= v; }
};

namespace std {
template <class T> using atomic = cuda::atomic<T, thread_scope_system>;
template <class T> using atomic_ref = cuda::atomic_ref<T, thread_scope_system>;
} // namespace std

/* Fences by scope */
__device__ inline void atomic_thread_fence(memory_order, thread_scope s = thread_scope_system) {
  if (s == thread_scope_block || s == thread_scope_thread)
    __threadfence_block();
  else if (s == thread_scope_system)
    __threadfence_system();
  else
    __threadfence();
}
namespace std {
__device__ inline void atomic_thread_fence(memory_order o) {
  cuda::atomic_thread_fence(o, thread_scope_system);
}
} // namespace std

/* cuda::barrier<thread_scope_block> initialised with the block size is a
 * __syncthreads; other uses are approximated the same way (a block-level
 * barrier is what it is used for in practice).  Grid/device-scope barriers
 * map to the grid barrier. */
template <thread_scope Scope> class barrier {
public:
  typedef long long arrival_token;
  barrier() = default;
  __device__ barrier(long long expected) { (void)expected; }
  barrier(const barrier &) = delete;
  __device__ static void __gpurace_sync() {
    if (Scope == thread_scope_block)
      __syncthreads();
    else if (Scope == thread_scope_thread)
      return;
    else
      __gpurace_grid_sync();
  }
  __device__ void arrive_and_wait() { __gpurace_sync(); }
  __device__ arrival_token arrive(long long = 1) { return 0; }
  __device__ void wait(arrival_token &&) const { __gpurace_sync(); }
  __device__ void arrive_and_drop() {}
  template <class U> friend __device__ void init(barrier *b, long long expected, U) { (void)b; (void)expected; }
  friend __device__ void init(barrier *b, long long expected) { (void)b; (void)expected; }
};
} // namespace cuda
