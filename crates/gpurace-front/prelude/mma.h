// gpurace stub for <mma.h>: warp matrix multiply-accumulate (nvcuda::wmma).
//
// A fragment is a lane's own share of a tile (`x[num_elements]`, a local
// array). `load_matrix_sync` and `store_matrix_sync` are warp-collective:
// together the 32 lanes of a warp read or write every element of the tile
// once. Which lane holds which element is unspecified in CUDA; here lane `l`
// holds elements `l, l + 32, ...` of the tile in row order, so the accesses
// of a warp cover the tile exactly and two lanes never write one element.
// They order nothing: the functions are not barriers. `mma_sync` and
// `fill_fragment` compute on fragments only.
//
// Written from the CUDA programming guide's description of the WMMA API; no
// NVIDIA header text is copied.
#pragma once
#include "gpurace_prelude.h"

namespace nvcuda {
namespace wmma {
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
struct tf32 {};
struct u4 {};
struct s4 {};
struct b1 {};
} // namespace precision
namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
} // namespace precision
} // namespace experimental

namespace __detail {
template <class _Tp> struct __storage { typedef _Tp type; };
template <> struct __storage<precision::tf32> { typedef float type; };
/* Rows and columns of the tile a fragment holds. */
template <class _Use, int _Mp, int _Np, int _Kp> struct __shape;
template <int _Mp, int _Np, int _Kp> struct __shape<matrix_a, _Mp, _Np, _Kp> {
  enum { rows = _Mp, cols = _Kp };
};
template <int _Mp, int _Np, int _Kp> struct __shape<matrix_b, _Mp, _Np, _Kp> {
  enum { rows = _Kp, cols = _Np };
};
template <int _Mp, int _Np, int _Kp> struct __shape<accumulator, _Mp, _Np, _Kp> {
  enum { rows = _Mp, cols = _Np };
};
template <class _Layout> struct __is_col { enum { value = 0 }; };
template <> struct __is_col<col_major> { enum { value = 1 }; };
__device__ inline unsigned int __lane() {
  return ((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) & 31u;
}
} // namespace __detail

template <class _Use, int _Mp, int _Np, int _Kp, class _Tp, class _Layout = void> struct fragment {
  typedef typename __detail::__storage<_Tp>::type element_type;
  typedef __detail::__shape<_Use, _Mp, _Np, _Kp> __tile;
  enum { num_elements = (__tile::rows * __tile::cols + 31) / 32 };
  element_type x[num_elements];
};

/* The lanes' share of a `rows x cols` tile at `__p` with leading dimension
 * `__ldm`, stored by rows or by columns. */
template <class _Frag, class _Ptr>
__device__ inline void __gpurace_wmma_load(_Frag &__f, const _Ptr *__p, unsigned int __ldm, bool __col) {
  const unsigned int __l = __detail::__lane();
  for (int __i = 0; __i < _Frag::num_elements; __i++) {
    unsigned int __e = __l + 32u * __i;
    unsigned int __r = __e / _Frag::__tile::cols, __c = __e % _Frag::__tile::cols;
    __f.x[__i] = __col ? __p[__c * __ldm + __r] : __p[__r * __ldm + __c];
  }
}

template <class _Use, int _Mp, int _Np, int _Kp, class _Tp, class _Layout, class _Ptr>
__device__ inline void load_matrix_sync(fragment<_Use, _Mp, _Np, _Kp, _Tp, _Layout> &__f, const _Ptr *__p,
                                        unsigned int __ldm) {
  __gpurace_wmma_load(__f, __p, __ldm, __detail::__is_col<_Layout>::value);
}
template <int _Mp, int _Np, int _Kp, class _Tp, class _Ptr>
__device__ inline void load_matrix_sync(fragment<accumulator, _Mp, _Np, _Kp, _Tp> &__f, const _Ptr *__p,
                                        unsigned int __ldm, layout_t __layout) {
  __gpurace_wmma_load(__f, __p, __ldm, __layout == mem_col_major);
}
template <int _Mp, int _Np, int _Kp, class _Tp, class _Ptr>
__device__ inline void store_matrix_sync(_Ptr *__p, const fragment<accumulator, _Mp, _Np, _Kp, _Tp> &__f,
                                         unsigned int __ldm, layout_t __layout) {
  typedef fragment<accumulator, _Mp, _Np, _Kp, _Tp> _Frag;
  const unsigned int __l = __detail::__lane();
  for (int __i = 0; __i < _Frag::num_elements; __i++) {
    unsigned int __e = __l + 32u * __i;
    unsigned int __r = __e / _Np, __c = __e % _Np;
    if (__layout == mem_col_major)
      __p[__c * __ldm + __r] = __f.x[__i];
    else
      __p[__r * __ldm + __c] = __f.x[__i];
  }
}
template <class _Use, int _Mp, int _Np, int _Kp, class _Tp, class _Layout, class _Val>
__device__ inline void fill_fragment(fragment<_Use, _Mp, _Np, _Kp, _Tp, _Layout> &__f, const _Val &__v) {
  for (int __i = 0; __i < fragment<_Use, _Mp, _Np, _Kp, _Tp, _Layout>::num_elements; __i++)
    __f.x[__i] = __v;
}
/* d = a * b + c: each element of d depends on the fragments' values. */
template <int _Mp, int _Np, int _Kp, class _Ta, class _La, class _Tb, class _Lb, class _Tc, class _Td>
__device__ inline void mma_sync(fragment<accumulator, _Mp, _Np, _Kp, _Td> &__d,
                                const fragment<matrix_a, _Mp, _Np, _Kp, _Ta, _La> &__a,
                                const fragment<matrix_b, _Mp, _Np, _Kp, _Tb, _Lb> &__b,
                                const fragment<accumulator, _Mp, _Np, _Kp, _Tc> &__c, bool __satf = false) {
  for (int __i = 0; __i < fragment<accumulator, _Mp, _Np, _Kp, _Td>::num_elements; __i++)
    __d.x[__i] = (float)__c.x[__i] + (float)__a.x[0] * (float)__b.x[0];
}
} // namespace wmma
} // namespace nvcuda
