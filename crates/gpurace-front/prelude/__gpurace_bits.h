/* gpurace prelude: the integer intrinsics with their bodies, so that every
 * analysis computes them exactly (bit tricks, byte permutes, funnel shifts,
 * the SIMD video functions on two 16-bit or four 8-bit lanes, lane masks).
 * Written from the CUDA math API's descriptions; no NVIDIA header text.
 * Included by gpurace_prelude.h (section 9). */
#pragma once

__device__ inline int __popc(unsigned int __x) {
  __x = __x - ((__x >> 1) & 0x55555555u);
  __x = (__x & 0x33333333u) + ((__x >> 2) & 0x33333333u);
  __x = (__x + (__x >> 4)) & 0x0f0f0f0fu;
  return (int)((__x * 0x01010101u) >> 24);
}
__device__ inline int __popcll(unsigned long long __x) {
  return __popc((unsigned int)__x) + __popc((unsigned int)(__x >> 32));
}
__device__ inline int __clz(int __v) {
  unsigned int __x = (unsigned int)__v;
  int __n = 0;
  int __s;
  __s = (__x & 0xffff0000u) == 0u ? 16 : 0; __n += __s; __x <<= __s;
  __s = (__x & 0xff000000u) == 0u ? 8 : 0; __n += __s; __x <<= __s;
  __s = (__x & 0xf0000000u) == 0u ? 4 : 0; __n += __s; __x <<= __s;
  __s = (__x & 0xc0000000u) == 0u ? 2 : 0; __n += __s; __x <<= __s;
  __s = (__x & 0x80000000u) == 0u ? 1 : 0; __n += __s; __x <<= __s;
  return (__x & 0x80000000u) == 0u ? __n + 1 : __n;
}
__device__ inline int __clzll(long long __v) {
  unsigned long long __x = (unsigned long long)__v;
  return (__x >> 32) != 0ull ? __clz((int)(unsigned int)(__x >> 32)) : 32 + __clz((int)(unsigned int)__x);
}
__device__ inline int __ffs(int __v) {
  unsigned int __x = (unsigned int)__v;
  return __x == 0u ? 0 : __popc((__x & (0u - __x)) - 1u) + 1;
}
__device__ inline int __ffsll(long long __v) {
  unsigned long long __x = (unsigned long long)__v;
  return __x == 0ull ? 0 : __popcll((__x & (0ull - __x)) - 1ull) + 1;
}
__device__ inline unsigned int __brev(unsigned int __x) {
  __x = ((__x >> 1) & 0x55555555u) | ((__x & 0x55555555u) << 1);
  __x = ((__x >> 2) & 0x33333333u) | ((__x & 0x33333333u) << 2);
  __x = ((__x >> 4) & 0x0f0f0f0fu) | ((__x & 0x0f0f0f0fu) << 4);
  __x = ((__x >> 8) & 0x00ff00ffu) | ((__x & 0x00ff00ffu) << 8);
  return (__x >> 16) | (__x << 16);
}
__device__ inline unsigned long long __brevll(unsigned long long __x) {
  return ((unsigned long long)__brev((unsigned int)__x) << 32) | __brev((unsigned int)(__x >> 32));
}
/* byte n of the result is byte (selector nibble n & 7) of {y, x} */
__device__ inline unsigned int __byte_perm(unsigned int __x, unsigned int __y, unsigned int __s) {
  unsigned long long __v = ((unsigned long long)__y << 32) | __x;
  return (unsigned int)((__v >> (8u * (__s & 7u))) & 0xffu) |
         ((unsigned int)((__v >> (8u * ((__s >> 4) & 7u))) & 0xffu) << 8) |
         ((unsigned int)((__v >> (8u * ((__s >> 8) & 7u))) & 0xffu) << 16) |
         ((unsigned int)((__v >> (8u * ((__s >> 12) & 7u))) & 0xffu) << 24);
}
__device__ inline unsigned int __funnelshift_l(unsigned int __lo, unsigned int __hi, unsigned int __n) {
  unsigned long long __v = ((unsigned long long)__hi << 32) | __lo;
  return (unsigned int)((__v << (__n & 31u)) >> 32);
}
__device__ inline unsigned int __funnelshift_lc(unsigned int __lo, unsigned int __hi, unsigned int __n) {
  unsigned long long __v = ((unsigned long long)__hi << 32) | __lo;
  return (unsigned int)((__v << (__n < 32u ? __n : 32u)) >> 32);
}
__device__ inline unsigned int __funnelshift_r(unsigned int __lo, unsigned int __hi, unsigned int __n) {
  unsigned long long __v = ((unsigned long long)__hi << 32) | __lo;
  return (unsigned int)(__v >> (__n & 31u));
}
__device__ inline unsigned int __funnelshift_rc(unsigned int __lo, unsigned int __hi, unsigned int __n) {
  unsigned long long __v = ((unsigned long long)__hi << 32) | __lo;
  return (unsigned int)(__v >> (__n < 32u ? __n : 32u));
}
__device__ inline int __mulhi(int __a, int __b) { return (int)(((long long)__a * (long long)__b) >> 32); }
__device__ inline unsigned int __umulhi(unsigned int __a, unsigned int __b) {
  return (unsigned int)(((unsigned long long)__a * (unsigned long long)__b) >> 32);
}
__device__ inline unsigned int __sad(int __a, int __b, unsigned int __c) {
  return (__a > __b ? (unsigned int)__a - (unsigned int)__b : (unsigned int)__b - (unsigned int)__a) + __c;
}
__device__ inline unsigned int __usad(unsigned int __a, unsigned int __b, unsigned int __c) {
  return (__a > __b ? __a - __b : __b - __a) + __c;
}
__device__ inline int __hadd(int __a, int __b) { return (int)(((long long)__a + __b) >> 1); }
__device__ inline int __rhadd(int __a, int __b) { return (int)(((long long)__a + __b + 1) >> 1); }
__device__ inline unsigned int __uhadd(unsigned int __a, unsigned int __b) {
  return (unsigned int)(((unsigned long long)__a + __b) >> 1);
}
__device__ inline unsigned int __urhadd(unsigned int __a, unsigned int __b) {
  return (unsigned int)(((unsigned long long)__a + __b + 1) >> 1);
}
__device__ inline int __dp4a(int __a, int __b, int __c) {
  return __c + (int)(signed char)__a * (int)(signed char)__b +
         (int)(signed char)(__a >> 8) * (int)(signed char)(__b >> 8) +
         (int)(signed char)(__a >> 16) * (int)(signed char)(__b >> 16) +
         (int)(signed char)(__a >> 24) * (int)(signed char)(__b >> 24);
}
__device__ inline unsigned int __dp4a(unsigned int __a, unsigned int __b, unsigned int __c) {
  return __c + (__a & 0xffu) * (__b & 0xffu) + ((__a >> 8) & 0xffu) * ((__b >> 8) & 0xffu) +
         ((__a >> 16) & 0xffu) * ((__b >> 16) & 0xffu) + (__a >> 24) * (__b >> 24);
}
/* the lane of this thread in its warp, and the masks of lanes below/above */
__device__ inline unsigned int __gpurace_laneid() {
  return (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y) & 31u;
}
__device__ inline unsigned int __lanemask_eq() { return 1u << __gpurace_laneid(); }
__device__ inline unsigned int __lanemask_lt() { return (1u << __gpurace_laneid()) - 1u; }
__device__ inline unsigned int __lanemask_le() { return (2u << __gpurace_laneid()) - 1u; }
__device__ inline unsigned int __lanemask_ge() { return ~__lanemask_lt(); }
__device__ inline unsigned int __lanemask_gt() { return ~__lanemask_le(); }

/* SIMD video functions. One lane: __x, __y unsigned, __sx, __sy signed. */
#define __GPURACE_LANE2(__a, __i) ((int)(((__a) >> (16 * (__i))) & 65535u))
#define __GPURACE_SLANE2(__a, __i) ((int)(short)((__a) >> (16 * (__i))))
__device__ inline unsigned int __vadd2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(__x + __y) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vadd2(unsigned int __a, unsigned int __b) { return __vadd2_lane(__a, __b, 0) | __vadd2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsub2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(__x - __y) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsub2(unsigned int __a, unsigned int __b) { return __vsub2_lane(__a, __b, 0) | __vsub2_lane(__a, __b, 1); }
__device__ inline unsigned int __vaddss2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((((__sx + __sy) < -32768) ? -32768 : (((__sx + __sy) > 32767) ? 32767 : (__sx + __sy)))) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vaddss2(unsigned int __a, unsigned int __b) { return __vaddss2_lane(__a, __b, 0) | __vaddss2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsubss2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((((__sx - __sy) < -32768) ? -32768 : (((__sx - __sy) > 32767) ? 32767 : (__sx - __sy)))) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsubss2(unsigned int __a, unsigned int __b) { return __vsubss2_lane(__a, __b, 0) | __vsubss2_lane(__a, __b, 1); }
__device__ inline unsigned int __vaddus2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x + __y > 65535 ? 65535 : __x + __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vaddus2(unsigned int __a, unsigned int __b) { return __vaddus2_lane(__a, __b, 0) | __vaddus2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsubus2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y ? __x - __y : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsubus2(unsigned int __a, unsigned int __b) { return __vsubus2_lane(__a, __b, 0) | __vsubus2_lane(__a, __b, 1); }
__device__ inline unsigned int __vabsdiffs2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx > __sy ? __sx - __sy : __sy - __sx)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vabsdiffs2(unsigned int __a, unsigned int __b) { return __vabsdiffs2_lane(__a, __b, 0) | __vabsdiffs2_lane(__a, __b, 1); }
__device__ inline unsigned int __vabsdiffu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y ? __x - __y : __y - __x)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vabsdiffu2(unsigned int __a, unsigned int __b) { return __vabsdiffu2_lane(__a, __b, 0) | __vabsdiffu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vavgs2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(((__sx + __sy + ((__sx + __sy) >= 0 ? 1 : 0)) >> 1)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vavgs2(unsigned int __a, unsigned int __b) { return __vavgs2_lane(__a, __b, 0) | __vavgs2_lane(__a, __b, 1); }
__device__ inline unsigned int __vavgu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(((__x + __y + 1) >> 1)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vavgu2(unsigned int __a, unsigned int __b) { return __vavgu2_lane(__a, __b, 0) | __vavgu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vhaddu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(((__x + __y) >> 1)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vhaddu2(unsigned int __a, unsigned int __b) { return __vhaddu2_lane(__a, __b, 0) | __vhaddu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vmaxs2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx > __sy ? __sx : __sy)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vmaxs2(unsigned int __a, unsigned int __b) { return __vmaxs2_lane(__a, __b, 0) | __vmaxs2_lane(__a, __b, 1); }
__device__ inline unsigned int __vmaxu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y ? __x : __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vmaxu2(unsigned int __a, unsigned int __b) { return __vmaxu2_lane(__a, __b, 0) | __vmaxu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vmins2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx < __sy ? __sx : __sy)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vmins2(unsigned int __a, unsigned int __b) { return __vmins2_lane(__a, __b, 0) | __vmins2_lane(__a, __b, 1); }
__device__ inline unsigned int __vminu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x < __y ? __x : __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vminu2(unsigned int __a, unsigned int __b) { return __vminu2_lane(__a, __b, 0) | __vminu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmpeq2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x == __y ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmpeq2(unsigned int __a, unsigned int __b) { return __vcmpeq2_lane(__a, __b, 0) | __vcmpeq2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmpne2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x != __y ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmpne2(unsigned int __a, unsigned int __b) { return __vcmpne2_lane(__a, __b, 0) | __vcmpne2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmpges2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx >= __sy ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmpges2(unsigned int __a, unsigned int __b) { return __vcmpges2_lane(__a, __b, 0) | __vcmpges2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmpgeu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x >= __y ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmpgeu2(unsigned int __a, unsigned int __b) { return __vcmpgeu2_lane(__a, __b, 0) | __vcmpgeu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmpgts2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx > __sy ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmpgts2(unsigned int __a, unsigned int __b) { return __vcmpgts2_lane(__a, __b, 0) | __vcmpgts2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmpgtu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmpgtu2(unsigned int __a, unsigned int __b) { return __vcmpgtu2_lane(__a, __b, 0) | __vcmpgtu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmples2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx <= __sy ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmples2(unsigned int __a, unsigned int __b) { return __vcmples2_lane(__a, __b, 0) | __vcmples2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmpleu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x <= __y ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmpleu2(unsigned int __a, unsigned int __b) { return __vcmpleu2_lane(__a, __b, 0) | __vcmpleu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmplts2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx < __sy ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmplts2(unsigned int __a, unsigned int __b) { return __vcmplts2_lane(__a, __b, 0) | __vcmplts2_lane(__a, __b, 1); }
__device__ inline unsigned int __vcmpltu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x < __y ? 65535 : 0)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vcmpltu2(unsigned int __a, unsigned int __b) { return __vcmpltu2_lane(__a, __b, 0) | __vcmpltu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vseteq2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x == __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vseteq2(unsigned int __a, unsigned int __b) { return __vseteq2_lane(__a, __b, 0) | __vseteq2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetne2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x != __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetne2(unsigned int __a, unsigned int __b) { return __vsetne2_lane(__a, __b, 0) | __vsetne2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetges2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx >= __sy)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetges2(unsigned int __a, unsigned int __b) { return __vsetges2_lane(__a, __b, 0) | __vsetges2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetgeu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x >= __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetgeu2(unsigned int __a, unsigned int __b) { return __vsetgeu2_lane(__a, __b, 0) | __vsetgeu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetgts2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx > __sy)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetgts2(unsigned int __a, unsigned int __b) { return __vsetgts2_lane(__a, __b, 0) | __vsetgts2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetgtu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetgtu2(unsigned int __a, unsigned int __b) { return __vsetgtu2_lane(__a, __b, 0) | __vsetgtu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetles2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx <= __sy)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetles2(unsigned int __a, unsigned int __b) { return __vsetles2_lane(__a, __b, 0) | __vsetles2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetleu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x <= __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetleu2(unsigned int __a, unsigned int __b) { return __vsetleu2_lane(__a, __b, 0) | __vsetleu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetlts2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx < __sy)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetlts2(unsigned int __a, unsigned int __b) { return __vsetlts2_lane(__a, __b, 0) | __vsetlts2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsetltu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x < __y)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vsetltu2(unsigned int __a, unsigned int __b) { return __vsetltu2_lane(__a, __b, 0) | __vsetltu2_lane(__a, __b, 1); }
__device__ inline unsigned int __vabs2_lane(unsigned int __a, int __i) {
  int __sx = __GPURACE_SLANE2(__a, __i);
  return ((unsigned int)((__sx < 0 ? -__sx : __sx)) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vabs2(unsigned int __a) { return __vabs2_lane(__a, 0) | __vabs2_lane(__a, 1); }
__device__ inline unsigned int __vabsss2_lane(unsigned int __a, int __i) {
  int __sx = __GPURACE_SLANE2(__a, __i);
  return ((unsigned int)(((((__sx < 0 ? -__sx : __sx)) < -32768) ? -32768 : ((((__sx < 0 ? -__sx : __sx)) > 32767) ? 32767 : ((__sx < 0 ? -__sx : __sx))))) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vabsss2(unsigned int __a) { return __vabsss2_lane(__a, 0) | __vabsss2_lane(__a, 1); }
__device__ inline unsigned int __vneg2_lane(unsigned int __a, int __i) {
  int __sx = __GPURACE_SLANE2(__a, __i);
  return ((unsigned int)(-__sx) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vneg2(unsigned int __a) { return __vneg2_lane(__a, 0) | __vneg2_lane(__a, 1); }
__device__ inline unsigned int __vnegss2_lane(unsigned int __a, int __i) {
  int __sx = __GPURACE_SLANE2(__a, __i);
  return ((unsigned int)((((-__sx) < -32768) ? -32768 : (((-__sx) > 32767) ? 32767 : (-__sx)))) & 65535u) << (16 * __i);
}
__device__ inline unsigned int __vnegss2(unsigned int __a) { return __vnegss2_lane(__a, 0) | __vnegss2_lane(__a, 1); }
__device__ inline unsigned int __vsads2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return (unsigned int)(__sx > __sy ? __sx - __sy : __sy - __sx);
}
__device__ inline unsigned int __vsads2(unsigned int __a, unsigned int __b) { return __vsads2_lane(__a, __b, 0) + __vsads2_lane(__a, __b, 1); }
__device__ inline unsigned int __vsadu2_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE2(__a, __i), __y = __GPURACE_LANE2(__b, __i);
  int __sx = __GPURACE_SLANE2(__a, __i), __sy = __GPURACE_SLANE2(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return (unsigned int)(__x > __y ? __x - __y : __y - __x);
}
__device__ inline unsigned int __vsadu2(unsigned int __a, unsigned int __b) { return __vsadu2_lane(__a, __b, 0) + __vsadu2_lane(__a, __b, 1); }
#undef __GPURACE_LANE2
#undef __GPURACE_SLANE2
#define __GPURACE_LANE4(__a, __i) ((int)(((__a) >> (8 * (__i))) & 255u))
#define __GPURACE_SLANE4(__a, __i) ((int)(signed char)((__a) >> (8 * (__i))))
__device__ inline unsigned int __vadd4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(__x + __y) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vadd4(unsigned int __a, unsigned int __b) { return __vadd4_lane(__a, __b, 0) | __vadd4_lane(__a, __b, 1) | __vadd4_lane(__a, __b, 2) | __vadd4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsub4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(__x - __y) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsub4(unsigned int __a, unsigned int __b) { return __vsub4_lane(__a, __b, 0) | __vsub4_lane(__a, __b, 1) | __vsub4_lane(__a, __b, 2) | __vsub4_lane(__a, __b, 3); }
__device__ inline unsigned int __vaddss4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((((__sx + __sy) < -128) ? -128 : (((__sx + __sy) > 127) ? 127 : (__sx + __sy)))) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vaddss4(unsigned int __a, unsigned int __b) { return __vaddss4_lane(__a, __b, 0) | __vaddss4_lane(__a, __b, 1) | __vaddss4_lane(__a, __b, 2) | __vaddss4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsubss4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((((__sx - __sy) < -128) ? -128 : (((__sx - __sy) > 127) ? 127 : (__sx - __sy)))) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsubss4(unsigned int __a, unsigned int __b) { return __vsubss4_lane(__a, __b, 0) | __vsubss4_lane(__a, __b, 1) | __vsubss4_lane(__a, __b, 2) | __vsubss4_lane(__a, __b, 3); }
__device__ inline unsigned int __vaddus4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x + __y > 255 ? 255 : __x + __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vaddus4(unsigned int __a, unsigned int __b) { return __vaddus4_lane(__a, __b, 0) | __vaddus4_lane(__a, __b, 1) | __vaddus4_lane(__a, __b, 2) | __vaddus4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsubus4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y ? __x - __y : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsubus4(unsigned int __a, unsigned int __b) { return __vsubus4_lane(__a, __b, 0) | __vsubus4_lane(__a, __b, 1) | __vsubus4_lane(__a, __b, 2) | __vsubus4_lane(__a, __b, 3); }
__device__ inline unsigned int __vabsdiffs4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx > __sy ? __sx - __sy : __sy - __sx)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vabsdiffs4(unsigned int __a, unsigned int __b) { return __vabsdiffs4_lane(__a, __b, 0) | __vabsdiffs4_lane(__a, __b, 1) | __vabsdiffs4_lane(__a, __b, 2) | __vabsdiffs4_lane(__a, __b, 3); }
__device__ inline unsigned int __vabsdiffu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y ? __x - __y : __y - __x)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vabsdiffu4(unsigned int __a, unsigned int __b) { return __vabsdiffu4_lane(__a, __b, 0) | __vabsdiffu4_lane(__a, __b, 1) | __vabsdiffu4_lane(__a, __b, 2) | __vabsdiffu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vavgs4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(((__sx + __sy + ((__sx + __sy) >= 0 ? 1 : 0)) >> 1)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vavgs4(unsigned int __a, unsigned int __b) { return __vavgs4_lane(__a, __b, 0) | __vavgs4_lane(__a, __b, 1) | __vavgs4_lane(__a, __b, 2) | __vavgs4_lane(__a, __b, 3); }
__device__ inline unsigned int __vavgu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(((__x + __y + 1) >> 1)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vavgu4(unsigned int __a, unsigned int __b) { return __vavgu4_lane(__a, __b, 0) | __vavgu4_lane(__a, __b, 1) | __vavgu4_lane(__a, __b, 2) | __vavgu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vhaddu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)(((__x + __y) >> 1)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vhaddu4(unsigned int __a, unsigned int __b) { return __vhaddu4_lane(__a, __b, 0) | __vhaddu4_lane(__a, __b, 1) | __vhaddu4_lane(__a, __b, 2) | __vhaddu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vmaxs4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx > __sy ? __sx : __sy)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vmaxs4(unsigned int __a, unsigned int __b) { return __vmaxs4_lane(__a, __b, 0) | __vmaxs4_lane(__a, __b, 1) | __vmaxs4_lane(__a, __b, 2) | __vmaxs4_lane(__a, __b, 3); }
__device__ inline unsigned int __vmaxu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y ? __x : __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vmaxu4(unsigned int __a, unsigned int __b) { return __vmaxu4_lane(__a, __b, 0) | __vmaxu4_lane(__a, __b, 1) | __vmaxu4_lane(__a, __b, 2) | __vmaxu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vmins4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx < __sy ? __sx : __sy)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vmins4(unsigned int __a, unsigned int __b) { return __vmins4_lane(__a, __b, 0) | __vmins4_lane(__a, __b, 1) | __vmins4_lane(__a, __b, 2) | __vmins4_lane(__a, __b, 3); }
__device__ inline unsigned int __vminu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x < __y ? __x : __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vminu4(unsigned int __a, unsigned int __b) { return __vminu4_lane(__a, __b, 0) | __vminu4_lane(__a, __b, 1) | __vminu4_lane(__a, __b, 2) | __vminu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmpeq4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x == __y ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmpeq4(unsigned int __a, unsigned int __b) { return __vcmpeq4_lane(__a, __b, 0) | __vcmpeq4_lane(__a, __b, 1) | __vcmpeq4_lane(__a, __b, 2) | __vcmpeq4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmpne4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x != __y ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmpne4(unsigned int __a, unsigned int __b) { return __vcmpne4_lane(__a, __b, 0) | __vcmpne4_lane(__a, __b, 1) | __vcmpne4_lane(__a, __b, 2) | __vcmpne4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmpges4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx >= __sy ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmpges4(unsigned int __a, unsigned int __b) { return __vcmpges4_lane(__a, __b, 0) | __vcmpges4_lane(__a, __b, 1) | __vcmpges4_lane(__a, __b, 2) | __vcmpges4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmpgeu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x >= __y ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmpgeu4(unsigned int __a, unsigned int __b) { return __vcmpgeu4_lane(__a, __b, 0) | __vcmpgeu4_lane(__a, __b, 1) | __vcmpgeu4_lane(__a, __b, 2) | __vcmpgeu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmpgts4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx > __sy ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmpgts4(unsigned int __a, unsigned int __b) { return __vcmpgts4_lane(__a, __b, 0) | __vcmpgts4_lane(__a, __b, 1) | __vcmpgts4_lane(__a, __b, 2) | __vcmpgts4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmpgtu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmpgtu4(unsigned int __a, unsigned int __b) { return __vcmpgtu4_lane(__a, __b, 0) | __vcmpgtu4_lane(__a, __b, 1) | __vcmpgtu4_lane(__a, __b, 2) | __vcmpgtu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmples4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx <= __sy ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmples4(unsigned int __a, unsigned int __b) { return __vcmples4_lane(__a, __b, 0) | __vcmples4_lane(__a, __b, 1) | __vcmples4_lane(__a, __b, 2) | __vcmples4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmpleu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x <= __y ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmpleu4(unsigned int __a, unsigned int __b) { return __vcmpleu4_lane(__a, __b, 0) | __vcmpleu4_lane(__a, __b, 1) | __vcmpleu4_lane(__a, __b, 2) | __vcmpleu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmplts4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx < __sy ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmplts4(unsigned int __a, unsigned int __b) { return __vcmplts4_lane(__a, __b, 0) | __vcmplts4_lane(__a, __b, 1) | __vcmplts4_lane(__a, __b, 2) | __vcmplts4_lane(__a, __b, 3); }
__device__ inline unsigned int __vcmpltu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x < __y ? 255 : 0)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vcmpltu4(unsigned int __a, unsigned int __b) { return __vcmpltu4_lane(__a, __b, 0) | __vcmpltu4_lane(__a, __b, 1) | __vcmpltu4_lane(__a, __b, 2) | __vcmpltu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vseteq4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x == __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vseteq4(unsigned int __a, unsigned int __b) { return __vseteq4_lane(__a, __b, 0) | __vseteq4_lane(__a, __b, 1) | __vseteq4_lane(__a, __b, 2) | __vseteq4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetne4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x != __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetne4(unsigned int __a, unsigned int __b) { return __vsetne4_lane(__a, __b, 0) | __vsetne4_lane(__a, __b, 1) | __vsetne4_lane(__a, __b, 2) | __vsetne4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetges4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx >= __sy)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetges4(unsigned int __a, unsigned int __b) { return __vsetges4_lane(__a, __b, 0) | __vsetges4_lane(__a, __b, 1) | __vsetges4_lane(__a, __b, 2) | __vsetges4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetgeu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x >= __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetgeu4(unsigned int __a, unsigned int __b) { return __vsetgeu4_lane(__a, __b, 0) | __vsetgeu4_lane(__a, __b, 1) | __vsetgeu4_lane(__a, __b, 2) | __vsetgeu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetgts4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx > __sy)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetgts4(unsigned int __a, unsigned int __b) { return __vsetgts4_lane(__a, __b, 0) | __vsetgts4_lane(__a, __b, 1) | __vsetgts4_lane(__a, __b, 2) | __vsetgts4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetgtu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x > __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetgtu4(unsigned int __a, unsigned int __b) { return __vsetgtu4_lane(__a, __b, 0) | __vsetgtu4_lane(__a, __b, 1) | __vsetgtu4_lane(__a, __b, 2) | __vsetgtu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetles4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx <= __sy)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetles4(unsigned int __a, unsigned int __b) { return __vsetles4_lane(__a, __b, 0) | __vsetles4_lane(__a, __b, 1) | __vsetles4_lane(__a, __b, 2) | __vsetles4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetleu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x <= __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetleu4(unsigned int __a, unsigned int __b) { return __vsetleu4_lane(__a, __b, 0) | __vsetleu4_lane(__a, __b, 1) | __vsetleu4_lane(__a, __b, 2) | __vsetleu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetlts4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__sx < __sy)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetlts4(unsigned int __a, unsigned int __b) { return __vsetlts4_lane(__a, __b, 0) | __vsetlts4_lane(__a, __b, 1) | __vsetlts4_lane(__a, __b, 2) | __vsetlts4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsetltu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return ((unsigned int)((__x < __y)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vsetltu4(unsigned int __a, unsigned int __b) { return __vsetltu4_lane(__a, __b, 0) | __vsetltu4_lane(__a, __b, 1) | __vsetltu4_lane(__a, __b, 2) | __vsetltu4_lane(__a, __b, 3); }
__device__ inline unsigned int __vabs4_lane(unsigned int __a, int __i) {
  int __sx = __GPURACE_SLANE4(__a, __i);
  return ((unsigned int)((__sx < 0 ? -__sx : __sx)) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vabs4(unsigned int __a) { return __vabs4_lane(__a, 0) | __vabs4_lane(__a, 1) | __vabs4_lane(__a, 2) | __vabs4_lane(__a, 3); }
__device__ inline unsigned int __vabsss4_lane(unsigned int __a, int __i) {
  int __sx = __GPURACE_SLANE4(__a, __i);
  return ((unsigned int)(((((__sx < 0 ? -__sx : __sx)) < -128) ? -128 : ((((__sx < 0 ? -__sx : __sx)) > 127) ? 127 : ((__sx < 0 ? -__sx : __sx))))) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vabsss4(unsigned int __a) { return __vabsss4_lane(__a, 0) | __vabsss4_lane(__a, 1) | __vabsss4_lane(__a, 2) | __vabsss4_lane(__a, 3); }
__device__ inline unsigned int __vneg4_lane(unsigned int __a, int __i) {
  int __sx = __GPURACE_SLANE4(__a, __i);
  return ((unsigned int)(-__sx) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vneg4(unsigned int __a) { return __vneg4_lane(__a, 0) | __vneg4_lane(__a, 1) | __vneg4_lane(__a, 2) | __vneg4_lane(__a, 3); }
__device__ inline unsigned int __vnegss4_lane(unsigned int __a, int __i) {
  int __sx = __GPURACE_SLANE4(__a, __i);
  return ((unsigned int)((((-__sx) < -128) ? -128 : (((-__sx) > 127) ? 127 : (-__sx)))) & 255u) << (8 * __i);
}
__device__ inline unsigned int __vnegss4(unsigned int __a) { return __vnegss4_lane(__a, 0) | __vnegss4_lane(__a, 1) | __vnegss4_lane(__a, 2) | __vnegss4_lane(__a, 3); }
__device__ inline unsigned int __vsads4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return (unsigned int)(__sx > __sy ? __sx - __sy : __sy - __sx);
}
__device__ inline unsigned int __vsads4(unsigned int __a, unsigned int __b) { return __vsads4_lane(__a, __b, 0) + __vsads4_lane(__a, __b, 1) + __vsads4_lane(__a, __b, 2) + __vsads4_lane(__a, __b, 3); }
__device__ inline unsigned int __vsadu4_lane(unsigned int __a, unsigned int __b, int __i) {
  int __x = __GPURACE_LANE4(__a, __i), __y = __GPURACE_LANE4(__b, __i);
  int __sx = __GPURACE_SLANE4(__a, __i), __sy = __GPURACE_SLANE4(__b, __i);
  (void)__x; (void)__y; (void)__sx; (void)__sy;
  return (unsigned int)(__x > __y ? __x - __y : __y - __x);
}
__device__ inline unsigned int __vsadu4(unsigned int __a, unsigned int __b) { return __vsadu4_lane(__a, __b, 0) + __vsadu4_lane(__a, __b, 1) + __vsadu4_lane(__a, __b, 2) + __vsadu4_lane(__a, __b, 3); }
#undef __GPURACE_LANE4
#undef __GPURACE_SLANE4
