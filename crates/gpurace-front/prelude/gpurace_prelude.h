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
 * Naming: programs are compiled with -D N=4, -D data=1, ... and #define
 * such names themselves, so everything here that is not CUDA API --
 * template parameters, function parameters, locals, private helpers -- is
 * a reserved identifier (_Tp, __n, __val, details::__lane_id).  Public
 * member names that cannot be renamed are shielded (see before section 4).
 * The stub headers in this folder follow the same rule.
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
 *    The host view (__GPURACE_HOST_VIEW__, nvcc's host pass) leaves it
 *    undefined: host code under #ifndef __CUDA_ARCH__ is read from there.
 * ---------------------------------------------------------------------- */
#define __GPURACE__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#if !defined(__CUDA_ARCH__) && !defined(__GPURACE_HOST_VIEW__)
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
#ifdef __cplusplus
/* nvcc's cuda_runtime.h includes <utility> in C++11 and later, so CUDA code
 * uses std::forward, std::move, std::pair and <type_traits> (which comes with
 * it: std::integral_constant, std::is_same_v) without including them.  Read
 * with the program's `size` and `value` macros set aside (`-D value=1`), as
 * libstdc++ uses both as member names. */
#pragma push_macro("size")
#pragma push_macro("value")
#undef size
#undef value
#include <utility>
#pragma pop_macro("value")
#pragma pop_macro("size")
#endif
/* <math.h>'s constants, as glibc spells them: nvcc's headers include
 * <math.h>, so CUDA code uses M_PI without including it (the prelude does
 * not include <math.h>, see above; the same spelling keeps a later
 * <math.h> from redefining them differently). */
#ifndef M_PI
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
#endif

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

/* Public member names that programs also commonly define as macros
 * (-D size=256, #define offset ...): thread_group::size(), cudaExtent's
 * width/height/depth, cudaPitchedPtr's ptr/pitch, cudaResourceDesc's
 * res/array, cudaChannelFormatDesc's f, the cuRAND state fields and the
 * runtime API's val/value/src/dst/result members.  They
 * are shielded while the prelude is parsed and restored at its end
 * (section 18), so such a macro only breaks code that uses the member
 * itself.  x, y, z and w are not shielded: a program that defines them
 * cannot use threadIdx.x anyway. */
#pragma push_macro("size")
#undef size
#pragma push_macro("width")
#undef width
#pragma push_macro("height")
#undef height
#pragma push_macro("depth")
#undef depth
#pragma push_macro("pitch")
#undef pitch
#pragma push_macro("ptr")
#undef ptr
#pragma push_macro("res")
#undef res
#pragma push_macro("array")
#undef array
#pragma push_macro("offset")
#undef offset
#pragma push_macro("f")
#undef f
#pragma push_macro("d")
#undef d
#pragma push_macro("v")
#undef v
#pragma push_macro("s")
#undef s
#pragma push_macro("k")
#undef k
#pragma push_macro("i")
#undef i
#pragma push_macro("c")
#undef c
/* launch attributes (cudaLaunchAttribute::val), graph node and memset
 * parameters (value, src, dst) and instantiate results (result) */
#pragma push_macro("val")
#undef val
#pragma push_macro("value")
#undef value
#pragma push_macro("src")
#undef src
#pragma push_macro("dst")
#undef dst
#pragma push_macro("result")
#undef result

/* ------------------------------------------------------------------------
 * 4. Vector types (char1 .. double4) and their make_* constructors.
 *    Alignments follow the CUDA programming guide's table.
 * ---------------------------------------------------------------------- */
#define __GPURACE_VEC1(T, N, A)                                                \
  struct __align__(A) N##1 { T x; };                                           \
  typedef struct N##1 N##1;                                                    \
  __host__ __device__ inline N##1 make_##N##1(T __x) {                         \
    N##1 __r; __r.x = __x; return __r;                                         \
  }
#define __GPURACE_VEC2(T, N, A)                                                \
  struct __align__(A) N##2 { T x, y; };                                        \
  typedef struct N##2 N##2;                                                    \
  __host__ __device__ inline N##2 make_##N##2(T __x, T __y) {                  \
    N##2 __r; __r.x = __x; __r.y = __y; return __r;                            \
  }
#define __GPURACE_VEC3(T, N)                                                   \
  struct N##3 { T x, y, z; };                                                  \
  typedef struct N##3 N##3;                                                    \
  __host__ __device__ inline N##3 make_##N##3(T __x, T __y, T __z) {           \
    N##3 __r; __r.x = __x; __r.y = __y; __r.z = __z; return __r;               \
  }
#define __GPURACE_VEC4(T, N, A)                                                \
  struct __align__(A) N##4 { T x, y, z, w; };                                  \
  typedef struct N##4 N##4;                                                    \
  __host__ __device__ inline N##4 make_##N##4(T __x, T __y, T __z, T __w) {    \
    N##4 __r; __r.x = __x; __r.y = __y; __r.z = __z; __r.w = __w; return __r;  \
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
  __host__ __device__ constexpr dim3(unsigned int __vx = 1, unsigned int __vy = 1,
                                     unsigned int __vz = 1)
      : x(__vx), y(__vy), z(__vz) {}
  __host__ __device__ constexpr dim3(uint3 __v) : x(__v.x), y(__v.y), z(__v.z) {}
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
 *    grid_group::sync() lowers to; __gpurace_tile_sync(n) is the barrier
 *    of a tile of n consecutive threads (thread_block_tile<n>::sync()).
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
/* sine and cosine at once: two stores through the pointers */
__device__ inline void sincos(double __x, double *__s, double *__c) { *__s = sin(__x); *__c = cos(__x); }
__device__ inline void sincosf(float __x, float *__s, float *__c) { *__s = sinf(__x); *__c = cosf(__x); }
__device__ inline void sincos(float __x, float *__s, float *__c) { *__s = sinf(__x); *__c = cosf(__x); }
__device__ inline void sincospi(double __x, double *__s, double *__c) { *__s = sinpi(__x); *__c = cospi(__x); }
__device__ inline void sincospif(float __x, float *__s, float *__c) { *__s = sinpif(__x); *__c = cospif(__x); }
__device__ inline double modf(double __x, double *__i) { *__i = trunc(__x); return __x - trunc(__x); }
/* the exponent through the pointer (ilogb's, one more; 0 for 0) */
__device__ inline double frexp(double __x, int *__e) {
  *__e = __x == 0.0 ? 0 : ilogb(__x) + 1;
  return __x == 0.0 ? __x : ldexp(__x, -*__e);
}
__device__ inline float frexpf(float __x, int *__e) {
  *__e = __x == 0.0f ? 0 : ilogbf(__x) + 1;
  return __x == 0.0f ? __x : ldexpf(__x, -*__e);
}
__device__ inline double remquo(double __x, double __y, int *__q) {
  *__q = (int)rint(__x / __y);
  return remainder(__x, __y);
}
__device__ inline float remquof(float __x, float __y, int *__q) {
  *__q = (int)rintf(__x / __y);
  return remainderf(__x, __y);
}
__device__ inline float modff(float __x, float *__i) { *__i = truncf(__x); return __x - truncf(__x); }
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
template <class _Tp, class _Up>
__host__ __device__ auto min(_Tp __a, _Up __b) -> decltype(true ? _Tp() : _Up());
template <class _Tp, class _Up>
__host__ __device__ auto max(_Tp __a, _Up __b) -> decltype(true ? _Tp() : _Up());
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
 * 9. Intrinsics: fast math and conversions (bodiless), bit tricks and SIMD
 *    functions with their bodies (__gpurace_bits.h), loads.
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
__device__ inline void __sincosf(float __x, float *__s, float *__c) { *__s = __sinf(__x); *__c = __cosf(__x); }
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

__device__ unsigned int __fns(unsigned int, unsigned int, int);
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ long long __mul64hi(long long, long long);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
#include "__gpurace_bits.h"
/* DPX (sm_90): three-way and add-then max/min, plain or clamped at zero. */
#define __GPURACE_DPX(F)                                                       \
  __device__ int F##_s32(int, int, int);                                       \
  __device__ int F##_s32_relu(int, int, int);                                  \
  __device__ unsigned int F##_s16x2(unsigned int, unsigned int, unsigned int); \
  __device__ unsigned int F##_s16x2_relu(unsigned int, unsigned int, unsigned int); \
  __device__ unsigned int F##_u32(unsigned int, unsigned int, unsigned int);   \
  __device__ unsigned int F##_u16x2(unsigned int, unsigned int, unsigned int);
__GPURACE_DPX(__vimax3) __GPURACE_DPX(__vimin3)
__GPURACE_DPX(__viaddmax) __GPURACE_DPX(__viaddmin)
#undef __GPURACE_DPX
__device__ int __vimax_s32_relu(int, int);
__device__ int __vimin_s32_relu(int, int);
__device__ unsigned int __vimax_s16x2_relu(unsigned int, unsigned int);
__device__ unsigned int __vimin_s16x2_relu(unsigned int, unsigned int);
/* The max/min and, through the pointers, which operand it was. */
__device__ inline int __vibmax_s32(int __a, int __b, bool *__p) { *__p = __a >= __b; return __a >= __b ? __a : __b; }
__device__ inline int __vibmin_s32(int __a, int __b, bool *__p) { *__p = __a <= __b; return __a <= __b ? __a : __b; }
__device__ inline unsigned int __vibmax_u32(unsigned int __a, unsigned int __b, bool *__p) {
  *__p = __a >= __b;
  return __a >= __b ? __a : __b;
}
__device__ inline unsigned int __vibmin_u32(unsigned int __a, unsigned int __b, bool *__p) {
  *__p = __a <= __b;
  return __a <= __b ? __a : __b;
}
#define __GPURACE_DPX_B16(F, OP, T, PAIR)                                      \
  __device__ inline unsigned int F(unsigned int __a, unsigned int __b, bool *__lo, bool *__hi) { \
    *__lo = (T)(__a & 0xffffu) OP (T)(__b & 0xffffu);                          \
    *__hi = (T)(__a >> 16) OP (T)(__b >> 16);                                  \
    return PAIR(__a, __b);                                                     \
  }
__GPURACE_DPX_B16(__vibmax_s16x2, >=, short, __vmaxs2)
__GPURACE_DPX_B16(__vibmin_s16x2, <=, short, __vmins2)
__GPURACE_DPX_B16(__vibmax_u16x2, >=, unsigned short, __vmaxu2)
__GPURACE_DPX_B16(__vibmin_u16x2, <=, unsigned short, __vminu2)
#undef __GPURACE_DPX_B16
#undef __GPURACE_SIMD1
#undef __GPURACE_SIMD2

/* Cache-hinted loads/stores: templates so every pointee type works. */
template <typename _Tp> __device__ _Tp __ldg(const _Tp *__ptr);
template <typename _Tp> __device__ _Tp __ldcg(const _Tp *__ptr);
template <typename _Tp> __device__ _Tp __ldca(const _Tp *__ptr);
template <typename _Tp> __device__ _Tp __ldcs(const _Tp *__ptr);
template <typename _Tp> __device__ _Tp __ldlu(const _Tp *__ptr);
template <typename _Tp> __device__ _Tp __ldcv(const _Tp *__ptr);
template <typename _Tp> __device__ void __stwb(_Tp *__ptr, _Tp __value);
template <typename _Tp> __device__ void __stcg(_Tp *__ptr, _Tp __value);
template <typename _Tp> __device__ void __stcs(_Tp *__ptr, _Tp __value);
template <typename _Tp> __device__ void __stwt(_Tp *__ptr, _Tp __value);

/* Address-space queries */
__device__ unsigned int __isGlobal(const void *);
__device__ unsigned int __isShared(const void *);
__device__ unsigned int __isConstant(const void *);
__device__ unsigned int __isLocal(const void *);
/* Address-space conversions: one address space in gpurace's memory model,
 * so each is the address itself (its object is still known). */
__device__ inline size_t __cvta_generic_to_shared(const void *__p) { return (size_t)__p; }
__device__ inline size_t __cvta_generic_to_global(const void *__p) { return (size_t)__p; }
__device__ inline size_t __cvta_generic_to_constant(const void *__p) { return (size_t)__p; }
__device__ inline size_t __cvta_generic_to_local(const void *__p) { return (size_t)__p; }
__device__ inline void *__cvta_shared_to_generic(size_t __a) { return (void *)__a; }
__device__ inline void *__cvta_global_to_generic(size_t __a) { return (void *)__a; }
__device__ inline void *__cvta_constant_to_generic(size_t __a) { return (void *)__a; }
__device__ inline void *__cvta_local_to_generic(size_t __a) { return (void *)__a; }

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
/* Any other trivially copyable type (a struct of partial results, as
 * cooperative groups' shuffles take): the shuffle moves the whole object. */
template <class _Tp> __device__ _Tp __shfl_sync(unsigned int __mask, _Tp __var, int __srcLane, int __width = 32);
template <class _Tp> __device__ _Tp __shfl_up_sync(unsigned int __mask, _Tp __var, unsigned int __delta, int __width = 32);
template <class _Tp> __device__ _Tp __shfl_down_sync(unsigned int __mask, _Tp __var, unsigned int __delta, int __width = 32);
template <class _Tp> __device__ _Tp __shfl_xor_sync(unsigned int __mask, _Tp __var, int __laneMask, int __width = 32);

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
  cudaErrorProfilerNotInitialized = 6,
  cudaErrorProfilerAlreadyStarted = 7,
  cudaErrorProfilerAlreadyStopped = 8,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidTexture = 18,
  cudaErrorInvalidTextureBinding = 19,
  cudaErrorInvalidChannelDescriptor = 20,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorAddressOfConstant = 22,
  cudaErrorTextureFetchFailed = 23,
  cudaErrorTextureNotBound = 24,
  cudaErrorSynchronizationError = 25,
  cudaErrorInvalidFilterSetting = 26,
  cudaErrorInvalidNormSetting = 27,
  cudaErrorMixedDeviceExecution = 28,
  cudaErrorNotYetImplemented = 31,
  cudaErrorMemoryValueTooLarge = 32,
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
  cudaErrorPriorLaunchFailure = 53,
  cudaErrorLaunchMaxDepthExceeded = 65,
  cudaErrorLaunchFileScopedTex = 66,
  cudaErrorLaunchFileScopedSurf = 67,
  cudaErrorSyncDepthExceeded = 68,
  cudaErrorLaunchPendingCountExceeded = 69,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorDeviceNotLicensed = 102,
  cudaErrorSoftwareValidityNotEstablished = 103,
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
  cudaErrorNotMappedAsArray = 212,
  cudaErrorNotMappedAsPointer = 213,
  cudaErrorECCUncorrectable = 214,
  cudaErrorUnsupportedLimit = 215,
  cudaErrorDeviceAlreadyInUse = 216,
  cudaErrorPeerAccessUnsupported = 217,
  cudaErrorInvalidPtx = 218,
  cudaErrorInvalidGraphicsContext = 219,
  cudaErrorNvlinkUncorrectable = 220,
  cudaErrorJitCompilerNotFound = 221,
  cudaErrorUnsupportedPtxVersion = 222,
  cudaErrorJitCompilationDisabled = 223,
  cudaErrorUnsupportedExecAffinity = 224,
  cudaErrorUnsupportedDevSideSync = 225,
  cudaErrorContained = 226,
  cudaErrorInvalidSource = 300,
  cudaErrorFileNotFound = 301,
  cudaErrorSharedObjectSymbolNotFound = 302,
  cudaErrorSharedObjectInitFailed = 303,
  cudaErrorOperatingSystem = 304,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorIllegalState = 401,
  cudaErrorLossyQuery = 402,
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
  cudaErrorTensorMemoryLeak = 721,
  cudaErrorNotPermitted = 800,
  cudaErrorNotSupported = 801,
  cudaErrorSystemNotReady = 802,
  cudaErrorSystemDriverMismatch = 803,
  cudaErrorCompatNotSupportedOnDevice = 804,
  cudaErrorMpsConnectionFailed = 805,
  cudaErrorMpsRpcFailure = 806,
  cudaErrorMpsServerNotReady = 807,
  cudaErrorMpsMaxClientsReached = 808,
  cudaErrorMpsMaxConnectionsReached = 809,
  cudaErrorMpsClientTerminated = 810,
  cudaErrorCdpNotSupported = 811,
  cudaErrorCdpVersionMismatch = 812,
  cudaErrorStreamCaptureUnsupported = 900,
  cudaErrorStreamCaptureInvalidated = 901,
  cudaErrorStreamCaptureMerge = 902,
  cudaErrorStreamCaptureUnmatched = 903,
  cudaErrorStreamCaptureUnjoined = 904,
  cudaErrorStreamCaptureIsolation = 905,
  cudaErrorStreamCaptureImplicit = 906,
  cudaErrorCapturedEvent = 907,
  cudaErrorStreamCaptureWrongThread = 908,
  cudaErrorTimeout = 909,
  cudaErrorGraphExecUpdateFailure = 910,
  cudaErrorExternalDevice = 911,
  cudaErrorInvalidClusterSize = 912,
  cudaErrorFunctionNotLoaded = 913,
  cudaErrorInvalidResourceType = 914,
  cudaErrorInvalidResourceConfiguration = 915,
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
  cudaFuncAttributeClusterDimMustBeSet = 10,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
  cudaFuncAttributeMax = 16
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
  cudaDevAttrMaxTexture1DWidth = 21,
  cudaDevAttrMaxTexture2DWidth = 22,
  cudaDevAttrMaxTexture2DHeight = 23,
  cudaDevAttrMaxTexture3DWidth = 24,
  cudaDevAttrMaxTexture3DHeight = 25,
  cudaDevAttrMaxTexture3DDepth = 26,
  cudaDevAttrMaxTexture2DLayeredWidth = 27,
  cudaDevAttrMaxTexture2DLayeredHeight = 28,
  cudaDevAttrMaxTexture2DLayeredLayers = 29,
  cudaDevAttrSurfaceAlignment = 30,
  cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrEccEnabled = 32,
  cudaDevAttrPciBusId = 33,
  cudaDevAttrPciDeviceId = 34,
  cudaDevAttrTccDriver = 35,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrAsyncEngineCount = 40,
  cudaDevAttrUnifiedAddressing = 41,
  cudaDevAttrMaxTexture1DLayeredWidth = 42,
  cudaDevAttrMaxTexture1DLayeredLayers = 43,
  cudaDevAttrMaxTexture2DGatherWidth = 45,
  cudaDevAttrMaxTexture2DGatherHeight = 46,
  cudaDevAttrMaxTexture3DWidthAlt = 47,
  cudaDevAttrMaxTexture3DHeightAlt = 48,
  cudaDevAttrMaxTexture3DDepthAlt = 49,
  cudaDevAttrPciDomainId = 50,
  cudaDevAttrTexturePitchAlignment = 51,
  cudaDevAttrMaxTextureCubemapWidth = 52,
  cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
  cudaDevAttrMaxTextureCubemapLayeredLayers = 54,
  cudaDevAttrMaxSurface1DWidth = 55,
  cudaDevAttrMaxSurface2DWidth = 56,
  cudaDevAttrMaxSurface2DHeight = 57,
  cudaDevAttrMaxSurface3DWidth = 58,
  cudaDevAttrMaxSurface3DHeight = 59,
  cudaDevAttrMaxSurface3DDepth = 60,
  cudaDevAttrMaxSurface1DLayeredWidth = 61,
  cudaDevAttrMaxSurface1DLayeredLayers = 62,
  cudaDevAttrMaxSurface2DLayeredWidth = 63,
  cudaDevAttrMaxSurface2DLayeredHeight = 64,
  cudaDevAttrMaxSurface2DLayeredLayers = 65,
  cudaDevAttrMaxSurfaceCubemapWidth = 66,
  cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
  cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68,
  cudaDevAttrMaxTexture1DLinearWidth = 69,
  cudaDevAttrMaxTexture2DLinearWidth = 70,
  cudaDevAttrMaxTexture2DLinearHeight = 71,
  cudaDevAttrMaxTexture2DLinearPitch = 72,
  cudaDevAttrMaxTexture2DMipmappedWidth = 73,
  cudaDevAttrMaxTexture2DMipmappedHeight = 74,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxTexture1DMipmappedWidth = 77,
  cudaDevAttrStreamPrioritiesSupported = 78,
  cudaDevAttrGlobalL1CacheSupported = 79,
  cudaDevAttrLocalL1CacheSupported = 80,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrManagedMemory = 83,
  cudaDevAttrIsMultiGpuBoard = 84,
  cudaDevAttrMultiGpuBoardGroupID = 85,
  cudaDevAttrHostNativeAtomicSupported = 86,
  cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
  cudaDevAttrPageableMemoryAccess = 88,
  cudaDevAttrConcurrentManagedAccess = 89,
  cudaDevAttrComputePreemptionSupported = 90,
  cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
  cudaDevAttrReserved92 = 92,
  cudaDevAttrReserved93 = 93,
  cudaDevAttrReserved94 = 94,
  cudaDevAttrCooperativeLaunch = 95,
  cudaDevAttrCooperativeMultiDeviceLaunch = 96,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrCanFlushRemoteWrites = 98,
  cudaDevAttrHostRegisterSupported = 99,
  cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
  cudaDevAttrDirectManagedMemAccessFromHost = 101,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106,
  cudaDevAttrMaxPersistingL2CacheSize = 108,
  cudaDevAttrMaxAccessPolicyWindowSize = 109,
  cudaDevAttrReservedSharedMemoryPerBlock = 111,
  cudaDevAttrSparseCudaArraySupported = 112,
  cudaDevAttrHostRegisterReadOnlySupported = 113,
  cudaDevAttrTimelineSemaphoreInteropSupported = 114,
  cudaDevAttrMaxTimelineSemaphoreInteropSupported = 114,
  cudaDevAttrMemoryPoolsSupported = 115,
  cudaDevAttrGPUDirectRDMASupported = 116,
  cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
  cudaDevAttrGPUDirectRDMAWritesOrdering = 118,
  cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
  cudaDevAttrClusterLaunch = 120,
  cudaDevAttrDeferredMappingCudaArraySupported = 121,
  cudaDevAttrReserved122 = 122,
  cudaDevAttrReserved123 = 123,
  cudaDevAttrReserved124 = 124,
  cudaDevAttrIpcEventSupport = 125,
  cudaDevAttrMemSyncDomainCount = 126,
  cudaDevAttrReserved127 = 127,
  cudaDevAttrReserved128 = 128,
  cudaDevAttrReserved129 = 129,
  cudaDevAttrNumaConfig = 130,
  cudaDevAttrNumaId = 131,
  cudaDevAttrReserved132 = 132,
  cudaDevAttrMpsEnabled = 133,
  cudaDevAttrHostNumaId = 134,
  cudaDevAttrD3D12CigSupported = 135,
  cudaDevAttrVulkanCigSupported = 138,
  cudaDevAttrGpuPciDeviceId = 139,
  cudaDevAttrGpuPciSubsystemId = 140,
  cudaDevAttrReserved141 = 141,
  cudaDevAttrHostNumaMemoryPoolsSupported = 142,
  cudaDevAttrHostNumaMultinodeIpcSupported = 143,
  cudaDevAttrMax = 144
};

/* the device UUID (cudaDeviceProp::uuid) */
struct CUuuid_st { char bytes[16]; };
typedef struct CUuuid_st CUuuid;
typedef struct CUuuid_st cudaUUID_t;

/* The fields of CUDA 12.9, in the order of the prelude's first version:
 * gpurace-host reads warpSize, maxThreadsPerBlock and maxThreadsDim at
 * their byte offsets here (292, 304, 308); keep those in place. */
struct cudaDeviceProp {
  char name[256];
  cudaUUID_t uuid;
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
  /* CUDA 12 additions, after the fields above so that their offsets stay */
  char luid[8];
  unsigned int luidDeviceNodeMask;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int hostRegisterSupported;
  int sparseCudaArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int reserved[63];
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
  int clusterDimMustBeSet;
  int requiredClusterWidth;
  int requiredClusterHeight;
  int requiredClusterDepth;
  int clusterSchedulingPolicyPreference;
  int nonPortableClusterSizeAllowed;
  int reserved[16];
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
__host__ inline cudaExtent make_cudaExtent(size_t __w, size_t __h, size_t __d) {
  cudaExtent __e; __e.width = __w; __e.height = __h; __e.depth = __d; return __e;
}
__host__ inline cudaPos make_cudaPos(size_t __x, size_t __y, size_t __z) {
  cudaPos __p; __p.x = __x; __p.y = __y; __p.z = __z; return __p;
}
__host__ inline cudaPitchedPtr make_cudaPitchedPtr(void *__d, size_t __p, size_t __xsz,
                                                   size_t __ysz) {
  cudaPitchedPtr __s;
  __s.ptr = __d; __s.pitch = __p; __s.xsize = __xsz; __s.ysize = __ysz;
  return __s;
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
  cudaChannelFormatKindNone = 3,
  cudaChannelFormatKindNV12 = 4,
  cudaChannelFormatKindUnsignedNormalized8X1 = 5,
  cudaChannelFormatKindUnsignedNormalized8X2 = 6,
  cudaChannelFormatKindUnsignedNormalized8X4 = 7,
  cudaChannelFormatKindUnsignedNormalized16X1 = 8,
  cudaChannelFormatKindUnsignedNormalized16X2 = 9,
  cudaChannelFormatKindUnsignedNormalized16X4 = 10,
  cudaChannelFormatKindSignedNormalized8X1 = 11,
  cudaChannelFormatKindSignedNormalized8X2 = 12,
  cudaChannelFormatKindSignedNormalized8X4 = 13,
  cudaChannelFormatKindSignedNormalized16X1 = 14,
  cudaChannelFormatKindSignedNormalized16X2 = 15,
  cudaChannelFormatKindSignedNormalized16X4 = 16,
  cudaChannelFormatKindUnsignedBlockCompressed1 = 17,
  cudaChannelFormatKindUnsignedBlockCompressed1SRGB = 18,
  cudaChannelFormatKindUnsignedBlockCompressed2 = 19,
  cudaChannelFormatKindUnsignedBlockCompressed2SRGB = 20,
  cudaChannelFormatKindUnsignedBlockCompressed3 = 21,
  cudaChannelFormatKindUnsignedBlockCompressed3SRGB = 22,
  cudaChannelFormatKindUnsignedBlockCompressed4 = 23,
  cudaChannelFormatKindSignedBlockCompressed4 = 24,
  cudaChannelFormatKindUnsignedBlockCompressed5 = 25,
  cudaChannelFormatKindSignedBlockCompressed5 = 26,
  cudaChannelFormatKindUnsignedBlockCompressed6H = 27,
  cudaChannelFormatKindSignedBlockCompressed6H = 28,
  cudaChannelFormatKindUnsignedBlockCompressed7 = 29,
  cudaChannelFormatKindUnsignedBlockCompressed7SRGB = 30,
  cudaChannelFormatKindUnsignedNormalized1010102 = 31
};
struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };

/* Kernel launch.  clang lowers `k<<<g, b, s, st>>>(args)` to a call of the
 * configuration function; without a CUDA SDK clang 19 assumes the pre-9.2
 * ABI and looks up cudaConfigureCall.  __cudaPushCallConfiguration is what
 * it uses when it detects CUDA >= 9.2, declared too so a toolkit that clang
 * happens to find does not break parsing. */
extern "C" cudaError_t cudaConfigureCall(dim3 __gridDim, dim3 __blockDim,
                                         size_t __sharedMem = 0,
                                         cudaStream_t __stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 __gridDim, dim3 __blockDim,
                                                size_t __sharedMem = 0,
                                                void *__stream = 0);

/* The runtime API is declared host+device: CUDA's device runtime (dynamic
 * parallelism) offers much of it in kernels too, and being lenient here
 * costs nothing. */
#pragma clang force_cuda_host_device begin
extern "C" {
/* memory */
cudaError_t cudaMalloc(void **__devPtr, size_t __size);
cudaError_t cudaMallocHost(void **__ptr, size_t __size);
cudaError_t cudaHostAlloc(void **__pHost, size_t __size, unsigned int __flags);
cudaError_t cudaMallocManaged(void **__devPtr, size_t __size,
                              unsigned int __flags = cudaMemAttachGlobal);
cudaError_t cudaMallocPitch(void **__devPtr, size_t *__pitch, size_t __width, size_t __height);
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *__pitchedDevPtr, struct cudaExtent __extent);
cudaError_t cudaMallocArray(cudaArray_t *__array, const struct cudaChannelFormatDesc *__desc,
                            size_t __width, size_t __height = 0, unsigned int __flags = 0);
cudaError_t cudaMalloc3DArray(cudaArray_t *__array, const struct cudaChannelFormatDesc *__desc,
                              struct cudaExtent __extent, unsigned int __flags = 0);
cudaError_t cudaMallocAsync(void **__devPtr, size_t __size, cudaStream_t __hStream);
cudaError_t cudaFree(void *__devPtr);
cudaError_t cudaFreeHost(void *__ptr);
cudaError_t cudaFreeArray(cudaArray_t __array);
cudaError_t cudaFreeAsync(void *__devPtr, cudaStream_t __hStream);
cudaError_t cudaHostRegister(void *__ptr, size_t __size, unsigned int __flags);
cudaError_t cudaHostUnregister(void *__ptr);
cudaError_t cudaHostGetDevicePointer(void **__pDevice, void *__pHost, unsigned int __flags);
cudaError_t cudaHostGetFlags(unsigned int *__pFlags, void *__pHost);
cudaError_t cudaMemGetInfo(size_t *__free, size_t *__total);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *__attributes, const void *__ptr);
cudaError_t cudaMemcpy(void *__dst, const void *__src, size_t __count, enum cudaMemcpyKind __kind);
cudaError_t cudaMemcpyAsync(void *__dst, const void *__src, size_t __count,
                            enum cudaMemcpyKind __kind, cudaStream_t __stream = 0);
cudaError_t cudaMemcpy2D(void *__dst, size_t __dpitch, const void *__src, size_t __spitch,
                         size_t __width, size_t __height, enum cudaMemcpyKind __kind);
cudaError_t cudaMemcpy2DAsync(void *__dst, size_t __dpitch, const void *__src, size_t __spitch,
                              size_t __width, size_t __height, enum cudaMemcpyKind __kind,
                              cudaStream_t __stream = 0);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *__p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *__p, cudaStream_t __stream = 0);
cudaError_t cudaMemcpyToArray(cudaArray_t __dst, size_t __wOffset, size_t __hOffset,
                              const void *__src, size_t __count, enum cudaMemcpyKind __kind);
cudaError_t cudaMemcpyFromArray(void *__dst, cudaArray_const_t __src, size_t __wOffset,
                                size_t __hOffset, size_t __count, enum cudaMemcpyKind __kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t __dst, size_t __wOffset, size_t __hOffset,
                                const void *__src, size_t __spitch, size_t __width,
                                size_t __height, enum cudaMemcpyKind __kind);
cudaError_t cudaMemcpyPeer(void *__dst, int __dstDevice, const void *__src, int __srcDevice,
                           size_t __count);
cudaError_t cudaMemcpyPeerAsync(void *__dst, int __dstDevice, const void *__src, int __srcDevice,
                                size_t __count, cudaStream_t __stream = 0);
cudaError_t cudaMemcpyToSymbol(const void *__symbol, const void *__src, size_t __count,
                               size_t __offset = 0,
                               enum cudaMemcpyKind __kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void *__dst, const void *__symbol, size_t __count,
                                 size_t __offset = 0,
                                 enum cudaMemcpyKind __kind = cudaMemcpyDeviceToHost);
cudaError_t cudaMemcpyToSymbolAsync(const void *__symbol, const void *__src, size_t __count,
                                    size_t __offset, enum cudaMemcpyKind __kind,
                                    cudaStream_t __stream = 0);
cudaError_t cudaMemcpyFromSymbolAsync(void *__dst, const void *__symbol, size_t __count,
                                      size_t __offset, enum cudaMemcpyKind __kind,
                                      cudaStream_t __stream = 0);
cudaError_t cudaGetSymbolAddress(void **__devPtr, const void *__symbol);
cudaError_t cudaGetSymbolSize(size_t *__size, const void *__symbol);
cudaError_t cudaMemset(void *__devPtr, int __value, size_t __count);
cudaError_t cudaMemsetAsync(void *__devPtr, int __value, size_t __count, cudaStream_t __stream = 0);
cudaError_t cudaMemset2D(void *__devPtr, size_t __pitch, int __value, size_t __width,
                         size_t __height);
cudaError_t cudaMemset3D(struct cudaPitchedPtr __pitchedDevPtr, int __value,
                         struct cudaExtent __extent);
cudaError_t cudaMemPrefetchAsync(const void *__devPtr, size_t __count, int __dstDevice,
                                 cudaStream_t __stream = 0);
cudaError_t cudaMemAdvise(const void *__devPtr, size_t __count, enum cudaMemoryAdvise __advice,
                          int __device);
/* Memory locations and stream-ordered memory pools (CUDA 11.2, 12.2). */
enum cudaMemLocationType {
  cudaMemLocationTypeInvalid = 0,
  cudaMemLocationTypeDevice = 1,
  cudaMemLocationTypeHost = 2,
  cudaMemLocationTypeHostNuma = 3,
  cudaMemLocationTypeHostNumaCurrent = 4
};
struct cudaMemLocation {
  enum cudaMemLocationType type;
  int id;
};
enum cudaMemAccessFlags { cudaMemAccessFlagsProtNone = 0, cudaMemAccessFlagsProtRead = 1, cudaMemAccessFlagsProtReadWrite = 3 };
struct cudaMemAccessDesc {
  struct cudaMemLocation location;
  enum cudaMemAccessFlags flags;
};
enum cudaMemAllocationType {
  cudaMemAllocationTypeInvalid = 0,
  cudaMemAllocationTypePinned = 1,
  cudaMemAllocationTypeMax = 0x7fffffff
};
enum cudaMemAllocationHandleType {
  cudaMemHandleTypeNone = 0,
  cudaMemHandleTypePosixFileDescriptor = 1,
  cudaMemHandleTypeWin32 = 2,
  cudaMemHandleTypeWin32Kmt = 4,
  cudaMemHandleTypeFabric = 8
};
struct cudaMemPoolProps {
  enum cudaMemAllocationType allocType;
  enum cudaMemAllocationHandleType handleTypes;
  struct cudaMemLocation location;
  void *win32SecurityAttributes;
  size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
};
enum cudaMemPoolAttr {
  cudaMemPoolReuseFollowEventDependencies = 1,
  cudaMemPoolReuseAllowOpportunistic = 2,
  cudaMemPoolReuseAllowInternalDependencies = 3,
  cudaMemPoolAttrReleaseThreshold = 4,
  cudaMemPoolAttrReservedMemCurrent = 5,
  cudaMemPoolAttrReservedMemHigh = 6,
  cudaMemPoolAttrUsedMemCurrent = 7,
  cudaMemPoolAttrUsedMemHigh = 8
};
typedef struct CUmemPoolHandle_st *cudaMemPool_t;
cudaError_t cudaMemPrefetchAsync(const void *__devPtr, size_t __count, struct cudaMemLocation __location,
                                 unsigned int __flags, cudaStream_t __stream = 0);
cudaError_t cudaMemAdvise(const void *__devPtr, size_t __count, enum cudaMemoryAdvise __advice,
                          struct cudaMemLocation __location);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *__memPool, int __device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *__memPool, int __device);
cudaError_t cudaDeviceSetMemPool(int __device, cudaMemPool_t __memPool);
cudaError_t cudaMemPoolCreate(cudaMemPool_t *__memPool, const struct cudaMemPoolProps *__poolProps);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t __memPool);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t __memPool, enum cudaMemPoolAttr __attr, void *__value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t __memPool, enum cudaMemPoolAttr __attr, void *__value);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t __memPool, const struct cudaMemAccessDesc *__descList,
                                 size_t __count);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t __memPool, size_t __minBytesToKeep);
cudaError_t cudaMallocFromPoolAsync(void **__ptr, size_t __size, cudaMemPool_t __memPool, cudaStream_t __stream);

/* device management */
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaThreadExit(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t __error);
const char *cudaGetErrorName(cudaError_t __error);
cudaError_t cudaGetDeviceCount(int *__count);
cudaError_t cudaSetDevice(int __device);
cudaError_t cudaGetDevice(int *__device);
cudaError_t cudaChooseDevice(int *__device, const struct cudaDeviceProp *__prop);
cudaError_t cudaSetDeviceFlags(unsigned int __flags);
cudaError_t cudaGetDeviceFlags(unsigned int *__flags);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *__prop, int __device);
cudaError_t cudaDeviceGetAttribute(int *__value, enum cudaDeviceAttr __attr, int __device);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache __cacheConfig);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *__pCacheConfig);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig __config);
cudaError_t cudaDeviceSetLimit(enum cudaLimit __limit, size_t __value);
cudaError_t cudaDeviceGetLimit(size_t *__pValue, enum cudaLimit __limit);
cudaError_t cudaDeviceCanAccessPeer(int *__canAccessPeer, int __device, int __peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int __peerDevice, unsigned int __flags);
cudaError_t cudaDeviceDisablePeerAccess(int __peerDevice);
cudaError_t cudaDriverGetVersion(int *__driverVersion);
cudaError_t cudaRuntimeGetVersion(int *__runtimeVersion);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);

/* functions (non-template forms take the kernel as const void*) */
cudaError_t cudaFuncSetCacheConfig(const void *__func, enum cudaFuncCache __cacheConfig);
cudaError_t cudaFuncSetSharedMemConfig(const void *__func, enum cudaSharedMemConfig __config);
cudaError_t cudaFuncSetAttribute(const void *__func, enum cudaFuncAttribute __attr, int __value);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *__attr, const void *__func);
cudaError_t cudaLaunchKernel(const void *__func, dim3 __gridDim, dim3 __blockDim, void **__args,
                             size_t __sharedMem = 0, cudaStream_t __stream = 0);
cudaError_t cudaLaunchCooperativeKernel(const void *__func, dim3 __gridDim, dim3 __blockDim,
                                        void **__args, size_t __sharedMem = 0,
                                        cudaStream_t __stream = 0);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *__numBlocks, const void *__func,
                                                          int __blockSize,
                                                          size_t __dynamicSMemSize);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *__numBlocks, const void *__func, int __blockSize, size_t __dynamicSMemSize,
    unsigned int __flags);

/* streams and events */
cudaError_t cudaStreamCreate(cudaStream_t *__pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *__pStream, unsigned int __flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *__pStream, unsigned int __flags,
                                         int __priority);
cudaError_t cudaStreamDestroy(cudaStream_t __stream);
cudaError_t cudaStreamSynchronize(cudaStream_t __stream);
cudaError_t cudaStreamQuery(cudaStream_t __stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t __stream, cudaEvent_t __event,
                                unsigned int __flags = 0);
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);
cudaError_t cudaStreamAddCallback(cudaStream_t __stream, cudaStreamCallback_t __callback,
                                  void *__userData, unsigned int __flags);
typedef void (*cudaHostFn_t)(void *userData);
cudaError_t cudaLaunchHostFunc(cudaStream_t __stream, cudaHostFn_t __fn, void *__userData);
cudaError_t cudaDeviceGetStreamPriorityRange(int *__leastPriority, int *__greatestPriority);
cudaError_t cudaEventCreate(cudaEvent_t *__event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *__event, unsigned int __flags);
cudaError_t cudaEventRecord(cudaEvent_t __event, cudaStream_t __stream = 0);
cudaError_t cudaEventQuery(cudaEvent_t __event);
cudaError_t cudaEventSynchronize(cudaEvent_t __event);
cudaError_t cudaEventElapsedTime(float *__ms, cudaEvent_t __start, cudaEvent_t __end);
cudaError_t cudaEventDestroy(cudaEvent_t __event);

/* textures and channel descriptors */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int __x, int __y, int __z, int __w,
                                                   enum cudaChannelFormatKind __f);
} /* extern "C" */

/* C++ conveniences of cuda_runtime.h: templates taking typed pointers or the
 * kernel itself (_Tp deduces to the function type).  Bodiless as well. */
template <class _Tp> cudaError_t cudaMalloc(_Tp **__devPtr, size_t __size);
template <class _Tp> cudaError_t cudaMallocHost(_Tp **__ptr, size_t __size,
                                                unsigned int __flags = 0);
template <class _Tp> cudaError_t cudaHostAlloc(_Tp **__ptr, size_t __size, unsigned int __flags);
template <class _Tp>
cudaError_t cudaMallocManaged(_Tp **__devPtr, size_t __size,
                              unsigned int __flags = cudaMemAttachGlobal);
template <class _Tp>
cudaError_t cudaMallocPitch(_Tp **__devPtr, size_t *__pitch, size_t __width, size_t __height);
template <class _Tp>
cudaError_t cudaHostGetDevicePointer(_Tp **__pDevice, void *__pHost, unsigned int __flags);
template <class _Tp>
cudaError_t cudaMemcpyToSymbol(const _Tp &__symbol, const void *__src, size_t __count,
                               size_t __offset = 0,
                               enum cudaMemcpyKind __kind = cudaMemcpyHostToDevice);
template <class _Tp>
cudaError_t cudaMemcpyFromSymbol(void *__dst, const _Tp &__symbol, size_t __count,
                                 size_t __offset = 0,
                                 enum cudaMemcpyKind __kind = cudaMemcpyDeviceToHost);
template <class _Tp>
cudaError_t cudaMemcpyToSymbolAsync(const _Tp &__symbol, const void *__src, size_t __count,
                                    size_t __offset = 0,
                                    enum cudaMemcpyKind __kind = cudaMemcpyHostToDevice,
                                    cudaStream_t __stream = 0);
template <class _Tp>
cudaError_t cudaMemcpyFromSymbolAsync(void *__dst, const _Tp &__symbol, size_t __count,
                                      size_t __offset = 0,
                                      enum cudaMemcpyKind __kind = cudaMemcpyDeviceToHost,
                                      cudaStream_t __stream = 0);
template <class _Tp> cudaError_t cudaGetSymbolAddress(void **__devPtr, const _Tp &__symbol);
template <class _Tp> cudaError_t cudaGetSymbolSize(size_t *__size, const _Tp &__symbol);
template <class _Tp> cudaError_t cudaFuncSetCacheConfig(_Tp *__func,
                                                        enum cudaFuncCache __cacheConfig);
template <class _Tp>
cudaError_t cudaFuncSetSharedMemConfig(_Tp *__func, enum cudaSharedMemConfig __config);
template <class _Tp>
cudaError_t cudaFuncSetAttribute(_Tp *__func, enum cudaFuncAttribute __attr, int __value);
template <class _Tp> cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *__attr,
                                                       _Tp *__func);
template <class _Tp>
cudaError_t cudaLaunchKernel(_Tp *__func, dim3 __gridDim, dim3 __blockDim, void **__args,
                             size_t __sharedMem = 0, cudaStream_t __stream = 0);
template <class _Tp>
cudaError_t cudaLaunchCooperativeKernel(_Tp *__func, dim3 __gridDim, dim3 __blockDim,
                                        void **__args, size_t __sharedMem = 0,
                                        cudaStream_t __stream = 0);
template <class _Tp>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *__numBlocks, _Tp __func,
                                                          int __blockSize,
                                                          size_t __dynamicSMemSize);
template <class _Tp>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *__numBlocks, _Tp __func, int __blockSize, size_t __dynamicSMemSize, unsigned int __flags);
template <class _Tp>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *__minGridSize, int *__blockSize, _Tp __func,
                                               size_t __dynamicSMemSize = 0,
                                               int __blockSizeLimit = 0);
template <class _Tp> struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
cudaError_t cudaEventCreate(cudaEvent_t *__event, unsigned int __flags);
#pragma clang force_cuda_host_device end

/* Driver API basics (cuda.h); the rest of the driver API is in
 * __gpurace_driver_api.h, which the cuda.h stand-in includes.  CUresult has
 * all of CUDA 12.9's codes: an enum cannot be completed later. */
typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_PROFILER_DISABLED = 5,
  CUDA_ERROR_PROFILER_NOT_INITIALIZED = 6,
  CUDA_ERROR_PROFILER_ALREADY_STARTED = 7,
  CUDA_ERROR_PROFILER_ALREADY_STOPPED = 8,
  CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_DEVICE_UNAVAILABLE = 46,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_DEVICE_NOT_LICENSED = 102,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_CONTEXT_ALREADY_CURRENT = 202,
  CUDA_ERROR_MAP_FAILED = 205,
  CUDA_ERROR_UNMAP_FAILED = 206,
  CUDA_ERROR_ARRAY_IS_MAPPED = 207,
  CUDA_ERROR_ALREADY_MAPPED = 208,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_ALREADY_ACQUIRED = 210,
  CUDA_ERROR_NOT_MAPPED = 211,
  CUDA_ERROR_NOT_MAPPED_AS_ARRAY = 212,
  CUDA_ERROR_NOT_MAPPED_AS_POINTER = 213,
  CUDA_ERROR_ECC_UNCORRECTABLE = 214,
  CUDA_ERROR_UNSUPPORTED_LIMIT = 215,
  CUDA_ERROR_CONTEXT_ALREADY_IN_USE = 216,
  CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_INVALID_GRAPHICS_CONTEXT = 219,
  CUDA_ERROR_NVLINK_UNCORRECTABLE = 220,
  CUDA_ERROR_JIT_COMPILER_NOT_FOUND = 221,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_JIT_COMPILATION_DISABLED = 223,
  CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY = 224,
  CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC = 225,
  CUDA_ERROR_CONTAINED = 226,
  CUDA_ERROR_INVALID_SOURCE = 300,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND = 302,
  CUDA_ERROR_SHARED_OBJECT_INIT_FAILED = 303,
  CUDA_ERROR_OPERATING_SYSTEM = 304,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_ILLEGAL_STATE = 401,
  CUDA_ERROR_LOSSY_QUERY = 402,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING = 703,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_PEER_ACCESS_NOT_ENABLED = 705,
  CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE = 708,
  CUDA_ERROR_CONTEXT_IS_DESTROYED = 709,
  CUDA_ERROR_ASSERT = 710,
  CUDA_ERROR_TOO_MANY_PEERS = 711,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
  CUDA_ERROR_HARDWARE_STACK_ERROR = 714,
  CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
  CUDA_ERROR_MISALIGNED_ADDRESS = 716,
  CUDA_ERROR_INVALID_ADDRESS_SPACE = 717,
  CUDA_ERROR_INVALID_PC = 718,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720,
  CUDA_ERROR_TENSOR_MEMORY_LEAK = 721,
  CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_SYSTEM_NOT_READY = 802,
  CUDA_ERROR_SYSTEM_DRIVER_MISMATCH = 803,
  CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE = 804,
  CUDA_ERROR_MPS_CONNECTION_FAILED = 805,
  CUDA_ERROR_MPS_RPC_FAILURE = 806,
  CUDA_ERROR_MPS_SERVER_NOT_READY = 807,
  CUDA_ERROR_MPS_MAX_CLIENTS_REACHED = 808,
  CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED = 809,
  CUDA_ERROR_MPS_CLIENT_TERMINATED = 810,
  CUDA_ERROR_CDP_NOT_SUPPORTED = 811,
  CUDA_ERROR_CDP_VERSION_MISMATCH = 812,
  CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
  CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901,
  CUDA_ERROR_STREAM_CAPTURE_MERGE = 902,
  CUDA_ERROR_STREAM_CAPTURE_UNMATCHED = 903,
  CUDA_ERROR_STREAM_CAPTURE_UNJOINED = 904,
  CUDA_ERROR_STREAM_CAPTURE_ISOLATION = 905,
  CUDA_ERROR_STREAM_CAPTURE_IMPLICIT = 906,
  CUDA_ERROR_CAPTURED_EVENT = 907,
  CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD = 908,
  CUDA_ERROR_TIMEOUT = 909,
  CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE = 910,
  CUDA_ERROR_EXTERNAL_DEVICE = 911,
  CUDA_ERROR_INVALID_CLUSTER_SIZE = 912,
  CUDA_ERROR_FUNCTION_NOT_LOADED = 913,
  CUDA_ERROR_INVALID_RESOURCE_TYPE = 914,
  CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION = 915,
  CUDA_ERROR_KEY_ROTATION = 916,
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
CUresult cuInit(unsigned int __Flags);
CUresult cuDriverGetVersion(int *__driverVersion);
CUresult cuDeviceGet(CUdevice *__device, int __ordinal);
CUresult cuDeviceGetCount(int *__count);
CUresult cuDeviceGetName(char *__name, int __len, CUdevice __dev);
CUresult cuCtxCreate(CUcontext *__pctx, unsigned int __flags, CUdevice __dev);
CUresult cuCtxDestroy(CUcontext __ctx);
CUresult cuCtxSynchronize(void);
CUresult cuGetErrorString(CUresult __error, const char **__pStr);
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

template <class _Tp, int _TexType = cudaTextureType1D,
          enum cudaTextureReadMode _Mode = cudaReadModeElementType>
struct __device_builtin_texture_type__ texture : public textureReference {
  __host__ texture(int __norm = 0,
                   enum cudaTextureFilterMode __fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode __aMode = cudaAddressModeClamp) {
    normalized = __norm;
    filterMode = __fMode;
    addressMode[0] = __aMode;
    addressMode[1] = __aMode;
    addressMode[2] = __aMode;
  }
};

/* Result type of a fetch: _Tp, or float/floatN for normalized reads (the
 * lowering only needs the call to be well typed). */
template <class _Tp, enum cudaTextureReadMode _Mode> struct __gpurace_tex_result {
  typedef _Tp __type;
};
template <class _Tp> struct __gpurace_tex_result<_Tp, cudaReadModeNormalizedFloat> {
  typedef float __type;
};

#define __GPURACE_TEXREF_T typename __gpurace_tex_result<_Tp, _Mode>::__type
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
__device__ __GPURACE_TEXREF_T tex1Dfetch(texture<_Tp, _Dim, _Mode> __t, int __x);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
__device__ __GPURACE_TEXREF_T tex1D(texture<_Tp, _Dim, _Mode> __t, float __x);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
__device__ __GPURACE_TEXREF_T tex2D(texture<_Tp, _Dim, _Mode> __t, float __x, float __y);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
__device__ __GPURACE_TEXREF_T tex3D(texture<_Tp, _Dim, _Mode> __t, float __x, float __y, float __z);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
__device__ __GPURACE_TEXREF_T tex1DLayered(texture<_Tp, _Dim, _Mode> __t, float __x, int __layer);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
__device__ __GPURACE_TEXREF_T tex2DLayered(texture<_Tp, _Dim, _Mode> __t, float __x, float __y,
                                           int __layer);
#undef __GPURACE_TEXREF_T
/* texture objects: tex1Dfetch<float>(obj, i) */
template <class _Tp> __device__ _Tp tex1Dfetch(cudaTextureObject_t __obj, int __x);
template <class _Tp> __device__ _Tp tex1D(cudaTextureObject_t __obj, float __x);
template <class _Tp> __device__ _Tp tex2D(cudaTextureObject_t __obj, float __x, float __y);
template <class _Tp> __device__ _Tp tex3D(cudaTextureObject_t __obj, float __x, float __y,
                                          float __z);
template <class _Tp> __device__ void surf2Dwrite(_Tp __data, cudaSurfaceObject_t __surf, int __x,
                                                 int __y);
template <class _Tp> __device__ _Tp surf2Dread(cudaSurfaceObject_t __surf, int __x, int __y);

extern "C" {
cudaError_t cudaBindTexture(size_t *__offset, const struct textureReference *__texref,
                            const void *__devPtr, const struct cudaChannelFormatDesc *__desc,
                            size_t __size = UINT_MAX);
cudaError_t cudaBindTexture2D(size_t *__offset, const struct textureReference *__texref,
                              const void *__devPtr, const struct cudaChannelFormatDesc *__desc,
                              size_t __width, size_t __height, size_t __pitch);
cudaError_t cudaBindTextureToArray(const struct textureReference *__texref,
                                   cudaArray_const_t __array,
                                   const struct cudaChannelFormatDesc *__desc);
cudaError_t cudaUnbindTexture(const struct textureReference *__texref);
}
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
cudaError_t cudaBindTexture(size_t *__offset, const struct texture<_Tp, _Dim, _Mode> &__tex,
                            const void *__devPtr, size_t __size = UINT_MAX);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
cudaError_t cudaBindTexture(size_t *__offset, const struct texture<_Tp, _Dim, _Mode> &__tex,
                            const void *__devPtr, const struct cudaChannelFormatDesc &__desc,
                            size_t __size = UINT_MAX);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
cudaError_t cudaBindTexture2D(size_t *__offset, const struct texture<_Tp, _Dim, _Mode> &__tex,
                              const void *__devPtr, size_t __width, size_t __height,
                              size_t __pitch);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
cudaError_t cudaBindTexture2D(size_t *__offset, const struct texture<_Tp, _Dim, _Mode> &__tex,
                              const void *__devPtr, const struct cudaChannelFormatDesc &__desc,
                              size_t __width, size_t __height, size_t __pitch);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
cudaError_t cudaBindTextureToArray(const struct texture<_Tp, _Dim, _Mode> &__tex,
                                   cudaArray_const_t __array);
template <class _Tp, int _Dim, enum cudaTextureReadMode _Mode>
cudaError_t cudaUnbindTexture(const struct texture<_Tp, _Dim, _Mode> &__tex);

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
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};
extern "C" {
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *__pTexObject,
                                    const struct cudaResourceDesc *__pResDesc,
                                    const struct cudaTextureDesc *__pTexDesc,
                                    const void *__pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t __texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *__pSurfObject,
                                    const struct cudaResourceDesc *__pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t __surfObject);
}

/* The rest of the runtime API (graphs, launch attributes and
 * cudaLaunchKernelEx, external memory, IPC, libraries, the device runtime,
 * ...) and cudaDataType: declarations only, in their own files. */
#include "library_types.h"
#include "__gpurace_runtime_api.h"

/* ------------------------------------------------------------------------
 * 13. Half precision and bfloat16 (cuda_fp16.h, cuda_bf16.h): the types,
 *     their operators and the intrinsics, in __gpurace_half.h.
 * ---------------------------------------------------------------------- */
#include "__gpurace_half.h"

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
template <class... _Tp> __host__ __device__ void __barrier_invariant(bool, _Tp...);
template <class... _Tp> __host__ __device__ void __barrier_invariant_binary(bool, _Tp...);
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
 *        tile<N>::sync        -> __gpurace_tile_sync(N)
 *        coalesced_group::sync-> __syncwarp(captured __activemask())
 *     A type-erased thread_group keeps a kind tag set by the constructors
 *     of the concrete group it was copied from and branches on it.
 *     Ranks and sizes are computed from threadIdx/blockDim/gridDim.
 * ---------------------------------------------------------------------- */
namespace cooperative_groups {
namespace details {
enum __group_kind : unsigned int {
  __kind_grid = 0,
  __kind_multi_grid = 1,
  __kind_block = 2,
  __kind_tile = 3,
  __kind_coalesced = 4
};
__device__ inline unsigned int __block_rank_of_thread() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ inline unsigned int __block_num_threads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
__device__ inline unsigned long long __grid_block_rank() {
  return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
__device__ inline unsigned long long __grid_num_blocks() {
  return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
}
__device__ inline unsigned int __lane_id() { return __block_rank_of_thread() & 31u; }
/* mask of the lanes in this thread's aligned tile of __size (<= 32) lanes */
__device__ inline unsigned int __tile_lane_mask(unsigned int __size) {
  return __size >= 32u ? 0xffffffffu
                     : (((1u << __size) - 1u) << (__lane_id() & ~(__size - 1u)));
}
} // namespace details

class thread_group {
protected:
  unsigned int __kind;
  unsigned int __size; /* tiles: tile size */
  unsigned int __mask; /* tiles <= 32 and coalesced groups: lane mask */
  __device__ thread_group(unsigned int __k, unsigned int __n = 0, unsigned int __lanes = 0)
      : __kind(__k), __size(__n), __mask(__lanes) {}

public:
  __device__ void sync() const {
    if (__kind == details::__kind_block)
      __syncthreads();
    else if (__kind == details::__kind_grid || __kind == details::__kind_multi_grid)
      __gpurace_grid_sync();
    else if (__kind == details::__kind_tile)
      __gpurace_tile_sync(__size);
    else
      __syncwarp(__mask);
  }
  __device__ unsigned long long size() const {
    if (__kind == details::__kind_block)
      return details::__block_num_threads();
    if (__kind == details::__kind_grid || __kind == details::__kind_multi_grid)
      return details::__grid_num_blocks() * details::__block_num_threads();
    if (__kind == details::__kind_coalesced)
      return (unsigned long long)__popc(__mask);
    return __size;
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long thread_rank() const {
    if (__kind == details::__kind_block)
      return details::__block_rank_of_thread();
    if (__kind == details::__kind_grid || __kind == details::__kind_multi_grid)
      return details::__grid_block_rank() * details::__block_num_threads() +
             details::__block_rank_of_thread();
    if (__kind == details::__kind_coalesced)
      return (unsigned long long)__popc(__mask & __lanemask_lt());
    return details::__block_rank_of_thread() & (__size - 1u);
  }
  __device__ bool is_valid() const { return true; }
  __device__ unsigned int get_type() const { return __kind; }
};

class thread_block : public thread_group {
  friend __device__ thread_block this_thread_block();

protected:
  __device__ thread_block() : thread_group(details::__kind_block) {}

public:
  __device__ static void sync() { __syncthreads(); }
  __device__ static unsigned int thread_rank() { return details::__block_rank_of_thread(); }
  __device__ static unsigned int size() { return details::__block_num_threads(); }
  __device__ static unsigned int num_threads() { return details::__block_num_threads(); }
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
  __device__ grid_group() : thread_group(details::__kind_grid) {}

public:
  __device__ static void sync() { __gpurace_grid_sync(); }
  __device__ static bool is_valid() { return true; }
  __device__ static unsigned long long thread_rank() {
    return details::__grid_block_rank() * details::__block_num_threads() +
           details::__block_rank_of_thread();
  }
  __device__ static unsigned long long size() {
    return details::__grid_num_blocks() * details::__block_num_threads();
  }
  __device__ static unsigned long long num_threads() { return size(); }
  __device__ static unsigned long long block_rank() { return details::__grid_block_rank(); }
  __device__ static unsigned long long num_blocks() { return details::__grid_num_blocks(); }
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
  __device__ multi_grid_group() : thread_group(details::__kind_multi_grid) {}

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
  template <class _Group> friend __device__ coalesced_group labeled_partition(const _Group &, int);
  template <class _Group> friend __device__ coalesced_group binary_partition(const _Group &, bool);

protected:
  __device__ explicit coalesced_group(unsigned int __lanes)
      : thread_group(details::__kind_coalesced, 0, __lanes) {}
  /* lane of the member with rank __r */
  __device__ int __lane_of(unsigned int __r) const { return __fns(__mask, 0, (int)__r + 1); }

public:
  __device__ void sync() const { __syncwarp(__mask); }
  __device__ unsigned int size() const { return (unsigned int)__popc(__mask); }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ unsigned int thread_rank() const {
    return (unsigned int)__popc(__mask & __lanemask_lt());
  }
  __device__ unsigned int meta_group_rank() const { return 0; }
  __device__ unsigned int meta_group_size() const { return 1; }
  __device__ bool is_valid() const { return true; }
  template <class _Tp> __device__ _Tp shfl(_Tp __var, unsigned int __srcRank) const {
    return __shfl_sync(__mask, __var, __lane_of(__srcRank), 32);
  }
  template <class _Tp> __device__ _Tp shfl_up(_Tp __var, unsigned int __delta) const {
    return __shfl_sync(
        __mask, __var,
        __lane_of(thread_rank() >= __delta ? thread_rank() - __delta : thread_rank()), 32);
  }
  template <class _Tp> __device__ _Tp shfl_down(_Tp __var, unsigned int __delta) const {
    return __shfl_sync(
        __mask, __var,
        __lane_of(thread_rank() + __delta < size() ? thread_rank() + __delta : thread_rank()), 32);
  }
  __device__ int any(int __pred) const { return __any_sync(__mask, __pred); }
  __device__ int all(int __pred) const { return __all_sync(__mask, __pred); }
  __device__ unsigned int ballot(int __pred) const { return __ballot_sync(__mask, __pred); }
  template <class _Tp> __device__ unsigned int match_any(_Tp __val) const {
    return __match_any_sync(__mask, __val);
  }
  template <class _Tp> __device__ unsigned int match_all(_Tp __val, int &__pred) const {
    return __match_all_sync(__mask, __val, &__pred);
  }
};
__device__ inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

/* Statically sized tile of _Size threads (a power of two).  _ParentT is
 * accepted for source compatibility and otherwise ignored. */
template <unsigned int _Size, typename _ParentT = void>
class thread_block_tile : public thread_group {
  static_assert(_Size > 0 && (_Size & (_Size - 1)) == 0, "tile size must be a power of two");
  template <unsigned int, typename> friend class thread_block_tile;

  __device__ static unsigned int __lane_base() {
    return _Size >= 32u ? 0u : (details::__lane_id() & ~(_Size - 1u));
  }

public:
  __device__ thread_block_tile()
      : thread_group(details::__kind_tile, _Size, details::__tile_lane_mask(_Size)) {}
  template <typename _OtherParent>
  __device__ thread_block_tile(const thread_block_tile<_Size, _OtherParent> &)
      : thread_group(details::__kind_tile, _Size, details::__tile_lane_mask(_Size)) {}

  /* mask of this tile's lanes (tiles wider than a warp: whole warp) */
  __device__ static unsigned int __tile_mask() { return details::__tile_lane_mask(_Size); }

  __device__ void sync() const { __gpurace_tile_sync(_Size); }
  __device__ static constexpr unsigned int size() { return _Size; }
  __device__ static constexpr unsigned int num_threads() { return _Size; }
  __device__ static unsigned int thread_rank() {
    return details::__block_rank_of_thread() & (_Size - 1u);
  }
  __device__ static unsigned int meta_group_rank() {
    return details::__block_rank_of_thread() / _Size;
  }
  __device__ static unsigned int meta_group_size() {
    return (details::__block_num_threads() + _Size - 1u) / _Size;
  }
  __device__ static bool is_valid() { return true; }

  template <class _Tp> __device__ _Tp shfl(_Tp __var, int __srcRank) const {
    return __shfl_sync(__tile_mask(), __var, __srcRank, _Size);
  }
  template <class _Tp> __device__ _Tp shfl_up(_Tp __var, unsigned int __delta) const {
    return __shfl_up_sync(__tile_mask(), __var, __delta, _Size);
  }
  template <class _Tp> __device__ _Tp shfl_down(_Tp __var, unsigned int __delta) const {
    return __shfl_down_sync(__tile_mask(), __var, __delta, _Size);
  }
  template <class _Tp> __device__ _Tp shfl_xor(_Tp __var, unsigned int __laneMask) const {
    return __shfl_xor_sync(__tile_mask(), __var, (int)__laneMask, _Size);
  }
  __device__ int any(int __pred) const { return __any_sync(__tile_mask(), __pred); }
  __device__ int all(int __pred) const { return __all_sync(__tile_mask(), __pred); }
  /* bit i = predicate of tile rank i */
  __device__ unsigned int ballot(int __pred) const {
    return __ballot_sync(__tile_mask(), __pred) >> __lane_base();
  }
  template <class _Tp> __device__ unsigned int match_any(_Tp __val) const {
    return __match_any_sync(__tile_mask(), __val) >> __lane_base();
  }
  template <class _Tp> __device__ unsigned int match_all(_Tp __val, int &__pred) const {
    return __match_all_sync(__tile_mask(), __val, &__pred) >> __lane_base();
  }
};

__device__ inline thread_block_tile<1> this_thread() { return thread_block_tile<1>(); }

template <unsigned int _Size, class _ParentT>
__device__ thread_block_tile<_Size, _ParentT> tiled_partition(const _ParentT &) {
  return thread_block_tile<_Size, _ParentT>();
}
/* Dynamic partition into tiles of __n threads (a power of two). */
template <class _ParentT>
__device__ thread_group tiled_partition(const _ParentT &, unsigned int __n) {
  struct __dyn_tile : thread_group {
    __device__ __dyn_tile(unsigned int __n)
        : thread_group(details::__kind_tile, __n,
                       __n <= 32u ? details::__tile_lane_mask(__n) : 0xffffffffu) {}
  };
  return __dyn_tile(__n);
}
template <class _Group> __device__ coalesced_group labeled_partition(const _Group &__g,
                                                                     int __label) {
  return coalesced_group(__match_any_sync(__activemask(), __label));
}
template <class _Group> __device__ coalesced_group binary_partition(const _Group &__g,
                                                                    bool __pred) {
  unsigned int __active = __activemask();
  unsigned int __yes = __ballot_sync(__active, __pred);
  return coalesced_group(__pred ? __yes : (__active & ~__yes));
}

/* Free functions on any group. */
template <class _Group> __device__ void sync(const _Group &__g) { __g.sync(); }
/* pre-CUDA-9 name */
template <class _Group> __device__ void synchronize(const _Group &__g) { __g.sync(); }
template <class _Group> __device__ unsigned long long thread_rank(const _Group &__g) {
  return __g.thread_rank();
}
template <class _Group> __device__ unsigned long long group_size(const _Group &__g) {
  return __g.size();
}
template <class _Group> __device__ unsigned long long num_threads(const _Group &__g) {
  return __g.num_threads();
}

/* Reduction / scan operators (cooperative_groups/reduce.h).  less/greater
 * pick the smaller/larger value, as CUDA's do. */
template <class _Tp> struct plus {
  __device__ _Tp operator()(_Tp __a, _Tp __b) const { return __a + __b; }
};
template <class _Tp> struct less {
  __device__ _Tp operator()(_Tp __a, _Tp __b) const { return __b < __a ? __b : __a; }
};
template <class _Tp> struct greater {
  __device__ _Tp operator()(_Tp __a, _Tp __b) const { return __a < __b ? __b : __a; }
};
template <class _Tp> struct bit_and {
  __device__ _Tp operator()(_Tp __a, _Tp __b) const { return __a & __b; }
};
template <class _Tp> struct bit_or {
  __device__ _Tp operator()(_Tp __a, _Tp __b) const { return __a | __b; }
};
template <class _Tp> struct bit_xor {
  __device__ _Tp operator()(_Tp __a, _Tp __b) const { return __a ^ __b; }
};

/* Tree reduction towards rank 0, then a broadcast: every member gets the
 * result.  Works for tiles and for coalesced groups of any size. */
template <class _Group, class _Tp, class _Op>
__device__ _Tp reduce(const _Group &__g, _Tp __val, _Op __op) {
  for (unsigned int __offset = 1; __offset < (unsigned int)__g.size(); __offset <<= 1) {
    _Tp __other = __g.shfl_down(__val, __offset);
    if (__g.thread_rank() + __offset < __g.size())
      __val = __op(__val, __other);
  }
  return __g.shfl(__val, 0);
}
template <class _Group, class _Tp, class _Op>
__device__ _Tp inclusive_scan(const _Group &__g, _Tp __val, _Op __op) {
  for (unsigned int __offset = 1; __offset < (unsigned int)__g.size(); __offset <<= 1) {
    _Tp __other = __g.shfl_up(__val, __offset);
    if (__g.thread_rank() >= __offset)
      __val = __op(__val, __other);
  }
  return __val;
}
template <class _Group, class _Tp> __device__ _Tp inclusive_scan(const _Group &__g, _Tp __val) {
  return inclusive_scan(__g, __val, plus<_Tp>());
}
template <class _Group, class _Tp, class _Op>
__device__ _Tp exclusive_scan(const _Group &__g, _Tp __val, _Op __op) {
  _Tp __incl = inclusive_scan(__g, __val, __op);
  _Tp __prev = __g.shfl_up(__incl, 1);
  return __g.thread_rank() == 0 ? _Tp() : __prev;
}
template <class _Group, class _Tp> __device__ _Tp exclusive_scan(const _Group &__g, _Tp __val) {
  return exclusive_scan(__g, __val, plus<_Tp>());
}

/* memcpy_async (cooperative_groups/memcpy_async.h), modelled as a
 * synchronous strided copy by the group's threads; wait() is the group's
 * barrier.  (The real copy may still be in flight until wait.) */
template <class _Group>
__device__ void memcpy_async(const _Group &__g, void *__dst, const void *__src, size_t __bytes) {
  char *__d = (char *)__dst;
  const char *__s = (const char *)__src;
  for (size_t __i = (size_t)__g.thread_rank(); __i < __bytes; __i += (size_t)__g.size())
    __d[__i] = __s[__i];
}
template <class _Group, class _Tp>
__device__ void memcpy_async(const _Group &__g, _Tp *__dst, size_t __dstCount, const _Tp *__src,
                             size_t __srcCount) {
  size_t __n = __dstCount < __srcCount ? __dstCount : __srcCount;
  for (size_t __i = (size_t)__g.thread_rank(); __i < __n; __i += (size_t)__g.size())
    __dst[__i] = __src[__i];
}
template <class _Group> __device__ void wait(const _Group &__g) { __g.sync(); }
template <unsigned int _Np, class _Group> __device__ void wait_prior(const _Group &__g) {
  __g.sync();
}
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

template <class _State>
__device__ void curand_init(unsigned long long __seed, unsigned long long __subsequence,
                            unsigned long long __offset, _State *__state);
template <class _State> __device__ unsigned int curand(_State *__state);
template <class _State> __device__ uint4 curand4(_State *__state);
template <class _State> __device__ float curand_uniform(_State *__state);
template <class _State> __device__ float4 curand_uniform4(_State *__state);
template <class _State> __device__ double curand_uniform_double(_State *__state);
template <class _State> __device__ double2 curand_uniform2_double(_State *__state);
template <class _State> __device__ float curand_normal(_State *__state);
template <class _State> __device__ float2 curand_normal2(_State *__state);
template <class _State> __device__ float4 curand_normal4(_State *__state);
template <class _State> __device__ double curand_normal_double(_State *__state);
template <class _State> __device__ double2 curand_normal2_double(_State *__state);
template <class _State> __device__ float curand_log_normal(_State *__state, float __mean,
                                                           float __stddev);
template <class _State> __device__ double curand_log_normal_double(_State *__state, double __mean,
                                                                   double __stddev);
template <class _State> __device__ unsigned int curand_poisson(_State *__state, double __lambda);
__device__ void skipahead(unsigned long long __n, curandStateXORWOW_t *__state);
__device__ void skipahead_sequence(unsigned long long __n, curandStateXORWOW_t *__state);

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
curandStatus_t curandCreateGenerator(curandGenerator_t *__generator, curandRngType_t __rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *__generator,
                                         curandRngType_t __rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t __generator);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t __generator,
                                                  unsigned long long __seed);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t __generator, unsigned long long __offset);
curandStatus_t curandSetStream(curandGenerator_t __generator, cudaStream_t __stream);
curandStatus_t curandGenerate(curandGenerator_t __generator, unsigned int *__outputPtr,
                              size_t __num);
curandStatus_t curandGenerateUniform(curandGenerator_t __generator, float *__outputPtr,
                                     size_t __num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t __generator, double *__outputPtr,
                                           size_t __num);
curandStatus_t curandGenerateNormal(curandGenerator_t __generator, float *__outputPtr, size_t __n,
                                    float __mean, float __stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t __generator, double *__outputPtr,
                                          size_t __n, double __mean, double __stddev);
curandStatus_t curandGenerateLogNormal(curandGenerator_t __generator, float *__outputPtr,
                                       size_t __n, float __mean, float __stddev);
curandStatus_t curandGeneratePoisson(curandGenerator_t __generator, unsigned int *__outputPtr,
                                     size_t __n, double __lambda);
}

/* MTGP32 set-up (curand_mtgp32_host.h); the parameter tables are opaque. */
struct mtgp32_params_fast;
typedef struct mtgp32_params_fast mtgp32_params_fast_t;
struct mtgp32_kernel_params;
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;
extern mtgp32_params_fast_t mtgp32dc_params_fast_11213[];
curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t __params[],
                                         mtgp32_kernel_params_t *__p);
curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *__s,
                                           mtgp32_params_fast_t __params[],
                                           mtgp32_kernel_params_t *__k, int __n,
                                           unsigned long long __seed);

/* ------------------------------------------------------------------------
 * 17. libcu++ subset (__gpurace_libcudacxx.h): cuda::thread_scope,
 *     memory orders, cuda::atomic_ref, cuda::atomic, cuda::std::atomic(_ref),
 *     cuda::atomic_thread_fence, cuda::barrier.  Not when the real libcu++
 *     is on the include path (the user's -I, or --cccl real): gpurace then
 *     defines __GPURACE_REAL_CCCL__, and the program's includes reach the
 *     real headers, which define the same names.
 * ---------------------------------------------------------------------- */
#ifndef __GPURACE_REAL_CCCL__
#include "__gpurace_libcudacxx.h"
#endif

/* ------------------------------------------------------------------------
 * 18. Restore the program's macros shielded before section 4.
 * ---------------------------------------------------------------------- */
#pragma pop_macro("size")
#pragma pop_macro("width")
#pragma pop_macro("height")
#pragma pop_macro("depth")
#pragma pop_macro("pitch")
#pragma pop_macro("ptr")
#pragma pop_macro("res")
#pragma pop_macro("array")
#pragma pop_macro("offset")
#pragma pop_macro("f")
#pragma pop_macro("d")
#pragma pop_macro("v")
#pragma pop_macro("s")
#pragma pop_macro("k")
#pragma pop_macro("i")
#pragma pop_macro("c")
#pragma pop_macro("val")
#pragma pop_macro("value")
#pragma pop_macro("src")
#pragma pop_macro("dst")
#pragma pop_macro("result")
