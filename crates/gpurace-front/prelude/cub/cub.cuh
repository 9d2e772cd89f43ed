/*
 * gpurace model of CUB (<cub/cub.cuh>): the block, warp and thread
 * primitives kernels call, written in terms of the prelude's primitives so
 * that the lowering inlines them, and the device-wide algorithms as host
 * declarations.
 *
 * What each model keeps is what matters for races, as CUB's documentation
 * states it:
 *   - A block collective (BlockReduce, BlockScan, BlockExchange, BlockLoad
 *     and BlockStore with a transpose, BlockAdjacentDifference,
 *     BlockRadixSort) writes its inputs into the TempStorage the program
 *     gives it, synchronises the block (__syncthreads), and reads what it
 *     needs back.  It does NOT synchronise afterwards: "a subsequent
 *     __syncthreads() threadblock barrier should be invoked after calling
 *     this method if the collective's temporary storage is to be reused or
 *     repurposed".  Reusing the storage without that barrier is a race on
 *     it, as on a GPU.
 *   - A warp collective (WarpReduce, WarpScan) is a shuffle tree (no shared
 *     memory); WarpExchange goes through its TempStorage with __syncwarp.
 *   - Results are valid where CUB says: a reduction's in thread (lane) 0.
 *   - BlockLoad/BlockStore read and write the elements of their
 *     arrangement: blocked (thread t owns items t*N .. t*N+N-1) for DIRECT
 *     and VECTORIZE, striped (item i of thread t is i*BLOCK+t) for STRIPED,
 *     and for the TRANSPOSE kinds global memory striped (warp-striped) and
 *     the exchange through TempStorage.
 *   - Iterators over memory (CacheModifiedInputIterator,
 *     CacheModifiedOutputIterator, ArgIndexInputIterator) keep the pointer
 *     they wrap and access its elements plainly; TexObjInputIterator is not
 *     modelled.
 *   - Device-wide algorithms (DeviceReduce, DeviceScan, ...) are host calls
 *     the analysis does not follow: their pointer arguments (the temporary
 *     storage size) become unknown.
 *
 * Written from CUB's documented API; no CUB source text is copied.
 */
#pragma once
#include "../gpurace_prelude.h"
/* The real CUB (through libcu++) brings <chrono> and <vector> with it:
 * programs use std::chrono after including only <cub/cub.cuh>. */
#include <chrono>
#include <vector>

namespace cub {
/* The shared storage a collective constructed without one uses (CUB's
 * PrivateStorage): one __shared__ object per storage type and block. */
template <class _Storage> __device__ _Storage &__gpurace_private_storage() {
  __shared__ _Storage __private;
  return __private;
}

/* ---- Operators ---------------------------------------------------------- */
struct Sum {
  template <class _Tp> __host__ __device__ _Tp operator()(const _Tp &__a, const _Tp &__b) const {
    return __a + __b;
  }
};
struct Max {
  template <class _Tp> __host__ __device__ _Tp operator()(const _Tp &__a, const _Tp &__b) const {
    return __a < __b ? __b : __a;
  }
};
struct Min {
  template <class _Tp> __host__ __device__ _Tp operator()(const _Tp &__a, const _Tp &__b) const {
    return __b < __a ? __b : __a;
  }
};
struct Equality {
  template <class _Tp> __host__ __device__ bool operator()(const _Tp &__a, const _Tp &__b) const {
    return __a == __b;
  }
};
struct Inequality {
  template <class _Tp> __host__ __device__ bool operator()(const _Tp &__a, const _Tp &__b) const {
    return !(__a == __b);
  }
};
struct Difference {
  template <class _Tp> __host__ __device__ _Tp operator()(const _Tp &__a, const _Tp &__b) const {
    return __a - __b;
  }
};
template <class _Tp> struct CastOp {
  template <class _Up> __host__ __device__ _Tp operator()(const _Up &__a) const { return (_Tp)__a; }
};
struct NullType {};

template <class _Key, class _Value> struct KeyValuePair {
  typedef _Key Key;
  typedef _Value Value;
  _Key key;
  _Value value;
  __host__ __device__ KeyValuePair() {}
  __host__ __device__ KeyValuePair(const _Key &__k, const _Value &__v) : key(__k), value(__v) {}
};
struct ArgMax {
  template <class _Tp, class _Offset>
  __host__ __device__ KeyValuePair<_Offset, _Tp> operator()(const KeyValuePair<_Offset, _Tp> &__a,
                                                            const KeyValuePair<_Offset, _Tp> &__b) const {
    return (__b.value > __a.value || (__b.value == __a.value && __b.key < __a.key)) ? __b : __a;
  }
};
struct ArgMin {
  template <class _Tp, class _Offset>
  __host__ __device__ KeyValuePair<_Offset, _Tp> operator()(const KeyValuePair<_Offset, _Tp> &__a,
                                                            const KeyValuePair<_Offset, _Tp> &__b) const {
    return (__b.value < __a.value || (__b.value == __a.value && __b.key < __a.key)) ? __b : __a;
  }
};

/* ---- Types -------------------------------------------------------------- */
template <int _Bytes> struct __unsigned_bits;
template <> struct __unsigned_bits<1> { typedef unsigned char __type; };
template <> struct __unsigned_bits<2> { typedef unsigned short __type; };
template <> struct __unsigned_bits<4> { typedef unsigned int __type; };
template <> struct __unsigned_bits<8> { typedef unsigned long long __type; };

/* Radix traits: the bits of a key, and the bit twiddles that order them
 * (the sign bit flipped; all bits of a negative float). */
template <class _Tp> struct Traits {
  typedef typename __unsigned_bits<sizeof(_Tp)>::__type UnsignedBits;
  static const UnsignedBits HIGH_BIT = (UnsignedBits)1 << (sizeof(_Tp) * 8 - 1);
  static const UnsignedBits LOWEST_KEY = 0;
  static const UnsignedBits MAX_KEY = (UnsignedBits)~(UnsignedBits)0;
  static __host__ __device__ UnsignedBits TwiddleIn(UnsignedBits __key) {
    UnsignedBits __mask = (__key & HIGH_BIT) ? (UnsignedBits)~(UnsignedBits)0 : HIGH_BIT;
    return __key ^ __mask;
  }
  static __host__ __device__ UnsignedBits TwiddleOut(UnsignedBits __key) {
    UnsignedBits __mask = (__key & HIGH_BIT) ? HIGH_BIT : (UnsignedBits)~(UnsignedBits)0;
    return __key ^ __mask;
  }
};

template <class _Tp> struct DoubleBuffer {
  _Tp *d_buffers[2];
  int selector;
  __host__ __device__ DoubleBuffer() : selector(0) { d_buffers[0] = 0; d_buffers[1] = 0; }
  __host__ __device__ DoubleBuffer(_Tp *__current, _Tp *__alternate) : selector(0) {
    d_buffers[0] = __current;
    d_buffers[1] = __alternate;
  }
  __host__ __device__ _Tp *Current() { return d_buffers[selector]; }
  __host__ __device__ _Tp *Alternate() { return d_buffers[selector ^ 1]; }
};

/* ---- Thread and warp utilities ------------------------------------------ */
__device__ inline void CTA_SYNC() { __syncthreads(); }
__device__ inline void WARP_SYNC(unsigned int __mask) { __syncwarp(__mask); }
__device__ inline unsigned int LaneId() { return threadIdx.x % 32; }
__device__ inline unsigned int WarpId() { return threadIdx.x / 32; }

enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };
template <CacheLoadModifier _Mod, class _Ptr> __device__ auto ThreadLoad(_Ptr __p) -> decltype(*__p) {
  return *__p;
}
template <CacheStoreModifier _Mod, class _Ptr, class _Tp> __device__ void ThreadStore(_Ptr __p, _Tp __v) {
  *__p = __v;
}

/* The linear thread id in a block of the given shape: the dimensions the
 * shape has and no others (a kernel that uses a one-dimensional collective
 * is not analysed for blocks of other shapes). A collective's block is the
 * shape its template arguments give (CUB's precondition), which is assumed
 * from here on. */
template <int _Bx, int _By, int _Bz> struct __linear_tid_of {
  __device__ static int __get() {
    __assume(blockDim.x == _Bx && blockDim.y == _By && blockDim.z == _Bz);
    return (int)(threadIdx.x + threadIdx.y * _Bx + threadIdx.z * _Bx * _By);
  }
};
template <int _Bx, int _By> struct __linear_tid_of<_Bx, _By, 1> {
  __device__ static int __get() {
    __assume(blockDim.x == _Bx && blockDim.y == _By);
    return (int)(threadIdx.x + threadIdx.y * _Bx);
  }
};
template <int _Bx> struct __linear_tid_of<_Bx, 1, 1> {
  __device__ static int __get() {
    __assume(blockDim.x == _Bx);
    return (int)threadIdx.x;
  }
};
template <int _Bx, int _By, int _Bz> __device__ inline int __linear_tid() {
  return __linear_tid_of<_Bx, _By, _Bz>::__get();
}

/* ---- Direct loads and stores -------------------------------------------- */
template <class _Tp, int _Items, class _It>
__device__ void LoadDirectBlocked(int __tid, _It __it, _Tp (&__items)[_Items]) {
  for (int __i = 0; __i < _Items; __i++)
    __items[__i] = __it[__tid * _Items + __i];
}
template <class _Tp, int _Items, class _It>
__device__ void LoadDirectBlocked(int __tid, _It __it, _Tp (&__items)[_Items], int __valid) {
  for (int __i = 0; __i < _Items; __i++)
    if (__tid * _Items + __i < __valid)
      __items[__i] = __it[__tid * _Items + __i];
}
template <class _Tp, int _Items, class _It, class _Def>
__device__ void LoadDirectBlocked(int __tid, _It __it, _Tp (&__items)[_Items], int __valid, _Def __oob) {
  for (int __i = 0; __i < _Items; __i++)
    __items[__i] = (__tid * _Items + __i < __valid) ? (_Tp)__it[__tid * _Items + __i] : (_Tp)__oob;
}
template <int _Block, class _Tp, int _Items, class _It>
__device__ void LoadDirectStriped(int __tid, _It __it, _Tp (&__items)[_Items]) {
  for (int __i = 0; __i < _Items; __i++)
    __items[__i] = __it[__i * _Block + __tid];
}
template <int _Block, class _Tp, int _Items, class _It>
__device__ void LoadDirectStriped(int __tid, _It __it, _Tp (&__items)[_Items], int __valid) {
  for (int __i = 0; __i < _Items; __i++)
    if (__i * _Block + __tid < __valid)
      __items[__i] = __it[__i * _Block + __tid];
}
template <int _Block, class _Tp, int _Items, class _It, class _Def>
__device__ void LoadDirectStriped(int __tid, _It __it, _Tp (&__items)[_Items], int __valid, _Def __oob) {
  for (int __i = 0; __i < _Items; __i++)
    __items[__i] = (__i * _Block + __tid < __valid) ? (_Tp)__it[__i * _Block + __tid] : (_Tp)__oob;
}
template <class _Tp, int _Items, class _It>
__device__ void StoreDirectBlocked(int __tid, _It __it, _Tp (&__items)[_Items]) {
  for (int __i = 0; __i < _Items; __i++)
    __it[__tid * _Items + __i] = __items[__i];
}
template <class _Tp, int _Items, class _It>
__device__ void StoreDirectBlocked(int __tid, _It __it, _Tp (&__items)[_Items], int __valid) {
  for (int __i = 0; __i < _Items; __i++)
    if (__tid * _Items + __i < __valid)
      __it[__tid * _Items + __i] = __items[__i];
}
template <int _Block, class _Tp, int _Items, class _It>
__device__ void StoreDirectStriped(int __tid, _It __it, _Tp (&__items)[_Items]) {
  for (int __i = 0; __i < _Items; __i++)
    __it[__i * _Block + __tid] = __items[__i];
}
template <int _Block, class _Tp, int _Items, class _It>
__device__ void StoreDirectStriped(int __tid, _It __it, _Tp (&__items)[_Items], int __valid) {
  for (int __i = 0; __i < _Items; __i++)
    if (__i * _Block + __tid < __valid)
      __it[__i * _Block + __tid] = __items[__i];
}
template <CacheStoreModifier _Mod, int _Block, class _Tp, int _Items, class _It>
__device__ void StoreDirectStriped(int __tid, _It __it, _Tp (&__items)[_Items]) {
  StoreDirectStriped<_Block>(__tid, __it, __items);
}

/* ---- BlockReduce -------------------------------------------------------- */
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };

template <class _Tp, int _Bx, BlockReduceAlgorithm _Alg = BLOCK_REDUCE_WARP_REDUCTIONS, int _By = 1,
          int _Bz = 1, int _Arch = 0>
class BlockReduce {
  enum { __threads = _Bx * _By * _Bz };

public:
  struct TempStorage {
    _Tp __slot[__threads];
  };

private:
  TempStorage &__storage;

public:
  __device__ BlockReduce(TempStorage &__t) : __storage(__t) {}
  /* CUB's default: the block's private storage, one per specialization */
  __device__ BlockReduce() : __storage(__gpurace_private_storage<TempStorage>()) {}

  /* Every thread publishes its value; after the barrier thread 0 combines
   * the first `__valid` of them. */
  template <class _Op> __device__ _Tp Reduce(_Tp __input, _Op __op, int __valid) {
    int __tid = __linear_tid<_Bx, _By, _Bz>();
    __storage.__slot[__tid] = __input;
    __syncthreads();
    _Tp __acc = __input;
    if (__tid == 0)
      for (int __i = 1; __i < __valid && __i < __threads; __i++)
        __acc = __op(__acc, __storage.__slot[__i]);
    return __acc;
  }
  template <class _Op> __device__ _Tp Reduce(_Tp __input, _Op __op) { return Reduce(__input, __op, __threads); }
  template <int _Items, class _Op> __device__ _Tp Reduce(_Tp (&__inputs)[_Items], _Op __op) {
    _Tp __partial = __inputs[0];
    for (int __i = 1; __i < _Items; __i++)
      __partial = __op(__partial, __inputs[__i]);
    return Reduce(__partial, __op, __threads);
  }
  __device__ _Tp Sum(_Tp __input) { return Reduce(__input, cub::Sum(), __threads); }
  __device__ _Tp Sum(_Tp __input, int __valid) { return Reduce(__input, cub::Sum(), __valid); }
  template <int _Items> __device__ _Tp Sum(_Tp (&__inputs)[_Items]) { return Reduce(__inputs, cub::Sum()); }
};

/* ---- BlockScan ---------------------------------------------------------- */
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

template <class _Tp, int _Bx, BlockScanAlgorithm _Alg = BLOCK_SCAN_RAKING, int _By = 1, int _Bz = 1,
          int _Arch = 0>
class BlockScan {
  enum { __threads = _Bx * _By * _Bz };

public:
  struct TempStorage {
    _Tp __slot[__threads];
    _Tp __prefix;
  };

private:
  TempStorage &__storage;

  /* Publishes each thread's value; after the barrier each thread combines
   * those of the threads before it (and, for the aggregate, all). */
  template <class _Op> __device__ _Tp __scan(_Tp __input, _Op __op, bool __inclusive, _Tp *__aggregate) {
    int __tid = __linear_tid<_Bx, _By, _Bz>();
    __storage.__slot[__tid] = __input;
    __syncthreads();
    _Tp __acc = __storage.__slot[0];
    int __last = __inclusive ? __tid : __tid - 1;
    for (int __i = 1; __i <= __last; __i++)
      __acc = __op(__acc, __storage.__slot[__i]);
    if (__aggregate) {
      _Tp __all = __storage.__slot[0];
      for (int __i = 1; __i < __threads; __i++)
        __all = __op(__all, __storage.__slot[__i]);
      *__aggregate = __all;
    }
    return __acc;
  }
  /* A block prefix callback is called by the first warp; its result reaches
   * the block through the storage (and a barrier). */
  template <class _Op, class _Callback> __device__ _Tp __prefix_of(_Tp __aggregate, _Op __op, _Callback &__cb) {
    int __tid = __linear_tid<_Bx, _By, _Bz>();
    (void)__op;
    if (__tid < 32) {
      _Tp __p = __cb(__aggregate);
      if (__tid == 0)
        __storage.__prefix = __p;
    }
    __syncthreads();
    return __storage.__prefix;
  }

public:
  __device__ BlockScan(TempStorage &__t) : __storage(__t) {}
  /* CUB's default: the block's private storage, one per specialization */
  __device__ BlockScan() : __storage(__gpurace_private_storage<TempStorage>()) {}

  __device__ void InclusiveSum(_Tp __in, _Tp &__out) { __out = __scan(__in, cub::Sum(), true, (_Tp *)0); }
  __device__ void InclusiveSum(_Tp __in, _Tp &__out, _Tp &__aggregate) {
    __out = __scan(__in, cub::Sum(), true, &__aggregate);
  }
  __device__ void ExclusiveSum(_Tp __in, _Tp &__out) {
    _Tp __r = __scan(__in, cub::Sum(), false, (_Tp *)0);
    __out = __linear_tid<_Bx, _By, _Bz>() == 0 ? (_Tp)0 : __r;
  }
  __device__ void ExclusiveSum(_Tp __in, _Tp &__out, _Tp &__aggregate) {
    _Tp __r = __scan(__in, cub::Sum(), false, &__aggregate);
    __out = __linear_tid<_Bx, _By, _Bz>() == 0 ? (_Tp)0 : __r;
  }
  template <class _Callback> __device__ void ExclusiveSum(_Tp __in, _Tp &__out, _Callback &__cb) {
    _Tp __aggregate;
    _Tp __r = __scan(__in, cub::Sum(), false, &__aggregate);
    _Tp __p = __prefix_of(__aggregate, cub::Sum(), __cb);
    __out = __linear_tid<_Bx, _By, _Bz>() == 0 ? __p : __p + __r;
  }
  template <class _Op> __device__ void InclusiveScan(_Tp __in, _Tp &__out, _Op __op) {
    __out = __scan(__in, __op, true, (_Tp *)0);
  }
  template <class _Op> __device__ void InclusiveScan(_Tp __in, _Tp &__out, _Op __op, _Tp &__aggregate) {
    __out = __scan(__in, __op, true, &__aggregate);
  }
  template <class _Op> __device__ void ExclusiveScan(_Tp __in, _Tp &__out, _Tp __init, _Op __op) {
    _Tp __r = __scan(__in, __op, false, (_Tp *)0);
    __out = __linear_tid<_Bx, _By, _Bz>() == 0 ? __init : __op(__init, __r);
  }
  template <class _Op>
  __device__ void ExclusiveScan(_Tp __in, _Tp &__out, _Tp __init, _Op __op, _Tp &__aggregate) {
    _Tp __r = __scan(__in, __op, false, &__aggregate);
    __out = __linear_tid<_Bx, _By, _Bz>() == 0 ? __init : __op(__init, __r);
  }
  template <class _Op, class _Callback> __device__ void ExclusiveScan(_Tp __in, _Tp &__out, _Op __op, _Callback &__cb) {
    _Tp __aggregate;
    _Tp __r = __scan(__in, __op, false, &__aggregate);
    _Tp __p = __prefix_of(__aggregate, __op, __cb);
    __out = __linear_tid<_Bx, _By, _Bz>() == 0 ? __p : __op(__p, __r);
  }

  /* Several items per thread: a scan of the threads' partials, then of
   * each thread's own items. */
  template <int _Items, class _Op>
  __device__ void __items_scan(_Tp (&__in)[_Items], _Tp (&__out)[_Items], _Op __op, bool __inclusive,
                               _Tp *__aggregate) {
    _Tp __partial = __in[0];
    for (int __i = 1; __i < _Items; __i++)
      __partial = __op(__partial, __in[__i]);
    _Tp __before = __scan(__partial, __op, false, __aggregate);
    bool __first = __linear_tid<_Bx, _By, _Bz>() == 0;
    _Tp __run = __before;
    for (int __i = 0; __i < _Items; __i++) {
      _Tp __v = __in[__i];
      if (__inclusive) {
        __run = (__first && __i == 0) ? __v : __op(__run, __v);
        __out[__i] = __run;
      } else {
        __out[__i] = (__first && __i == 0) ? (_Tp)0 : __run;
        __run = (__first && __i == 0) ? __v : __op(__run, __v);
      }
    }
  }
  template <int _Items> __device__ void InclusiveSum(_Tp (&__in)[_Items], _Tp (&__out)[_Items]) {
    __items_scan(__in, __out, cub::Sum(), true, (_Tp *)0);
  }
  template <int _Items>
  __device__ void InclusiveSum(_Tp (&__in)[_Items], _Tp (&__out)[_Items], _Tp &__aggregate) {
    __items_scan(__in, __out, cub::Sum(), true, &__aggregate);
  }
  template <int _Items> __device__ void ExclusiveSum(_Tp (&__in)[_Items], _Tp (&__out)[_Items]) {
    __items_scan(__in, __out, cub::Sum(), false, (_Tp *)0);
  }
  template <int _Items>
  __device__ void ExclusiveSum(_Tp (&__in)[_Items], _Tp (&__out)[_Items], _Tp &__aggregate) {
    __items_scan(__in, __out, cub::Sum(), false, &__aggregate);
  }
  template <int _Items, class _Op>
  __device__ void InclusiveScan(_Tp (&__in)[_Items], _Tp (&__out)[_Items], _Op __op) {
    __items_scan(__in, __out, __op, true, (_Tp *)0);
  }
  template <int _Items, class _Op>
  __device__ void ExclusiveScan(_Tp (&__in)[_Items], _Tp (&__out)[_Items], _Tp __init, _Op __op) {
    (void)__init;
    __items_scan(__in, __out, __op, false, (_Tp *)0);
  }
};

/* ---- BlockExchange ------------------------------------------------------ */
template <class _Tp, int _Bx, int _Items, bool _TimeSlicing = false, int _By = 1, int _Bz = 1, int _Arch = 0>
class BlockExchange {
  enum { __threads = _Bx * _By * _Bz };

public:
  struct TempStorage {
    _Tp __slot[__threads * _Items];
  };

private:
  TempStorage &__storage;

  /* Writes item i of this thread at `__from(i)`, synchronises, and reads
   * item i back from `__to(i)`. */
  template <class _Out>
  __device__ void __exchange(const _Tp (&__in)[_Items], _Out (&__out)[_Items], bool __from_striped, bool __warp) {
    int __tid = __linear_tid<_Bx, _By, _Bz>();
    int __lane = __tid % 32, __base = (__tid / 32) * 32 * _Items;
    for (int __i = 0; __i < _Items; __i++) {
      int __at = __warp ? (__from_striped ? __base + __i * 32 + __lane : __base + __lane * _Items + __i)
                        : (__from_striped ? __i * __threads + __tid : __tid * _Items + __i);
      __storage.__slot[__at] = __in[__i];
    }
    if (__warp)
      __syncwarp();
    else
      __syncthreads();
    for (int __i = 0; __i < _Items; __i++) {
      int __at = __warp ? (__from_striped ? __base + __lane * _Items + __i : __base + __i * 32 + __lane)
                        : (__from_striped ? __tid * _Items + __i : __i * __threads + __tid);
      __out[__i] = __storage.__slot[__at];
    }
  }

public:
  __device__ BlockExchange(TempStorage &__t) : __storage(__t) {}
  /* CUB's default: the block's private storage, one per specialization */
  __device__ BlockExchange() : __storage(__gpurace_private_storage<TempStorage>()) {}
  template <class _Out> __device__ void StripedToBlocked(const _Tp (&__in)[_Items], _Out (&__out)[_Items]) {
    __exchange(__in, __out, true, false);
  }
  __device__ void StripedToBlocked(_Tp (&__items)[_Items]) { __exchange(__items, __items, true, false); }
  template <class _Out> __device__ void BlockedToStriped(const _Tp (&__in)[_Items], _Out (&__out)[_Items]) {
    __exchange(__in, __out, false, false);
  }
  __device__ void BlockedToStriped(_Tp (&__items)[_Items]) { __exchange(__items, __items, false, false); }
  template <class _Out> __device__ void WarpStripedToBlocked(const _Tp (&__in)[_Items], _Out (&__out)[_Items]) {
    __exchange(__in, __out, true, true);
  }
  __device__ void WarpStripedToBlocked(_Tp (&__items)[_Items]) { __exchange(__items, __items, true, true); }
  template <class _Out> __device__ void BlockedToWarpStriped(const _Tp (&__in)[_Items], _Out (&__out)[_Items]) {
    __exchange(__in, __out, false, true);
  }
  __device__ void BlockedToWarpStriped(_Tp (&__items)[_Items]) { __exchange(__items, __items, false, true); }
};

/* ---- BlockLoad / BlockStore --------------------------------------------- */
enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

/* Global index of item i of this thread in an arrangement: blocked (thread
 * t owns items t*N .. t*N+N-1), striped (item i of thread t is i*BLOCK+t),
 * or warp-striped (striped within each warp's N*32 items). */
template <int _Bx, int _By, int _Bz, int _Items> __device__ int __item_index(int __i, bool __striped, bool __warp) {
  int __tid = __linear_tid<_Bx, _By, _Bz>();
  if (__striped)
    return __i * (_Bx * _By * _Bz) + __tid;
  if (__warp)
    return (__tid / 32) * 32 * _Items + __i * 32 + __tid % 32;
  return __tid * _Items + __i;
}

template <class _Tp, int _Bx, int _Items, BlockLoadAlgorithm _Alg = BLOCK_LOAD_DIRECT, int _By = 1, int _Bz = 1,
          int _Arch = 0>
class BlockLoad {
  enum { __threads = _Bx * _By * _Bz };
  typedef BlockExchange<_Tp, _Bx, _Items, false, _By, _Bz> __Exchange;

public:
  typedef typename __Exchange::TempStorage TempStorage;

private:
  TempStorage &__storage;

  /* Global index of item i of this thread as the algorithm reads it. */
  __device__ int __index(int __i) {
    bool __striped = _Alg == BLOCK_LOAD_STRIPED || _Alg == BLOCK_LOAD_TRANSPOSE;
    bool __warp = _Alg == BLOCK_LOAD_WARP_TRANSPOSE || _Alg == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED;
    return __item_index<_Bx, _By, _Bz, _Items>(__i, __striped, __warp);
  }
  __device__ void __exchange(_Tp (&__items)[_Items]) {
    __Exchange __x(__storage);
    if (_Alg == BLOCK_LOAD_TRANSPOSE)
      __x.StripedToBlocked(__items);
    else if (_Alg == BLOCK_LOAD_WARP_TRANSPOSE || _Alg == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED)
      __x.WarpStripedToBlocked(__items);
  }

public:
  __device__ BlockLoad(TempStorage &__t) : __storage(__t) {}
  /* CUB's default: the block's private storage, one per specialization */
  __device__ BlockLoad() : __storage(__gpurace_private_storage<TempStorage>()) {}
  template <class _It> __device__ void Load(_It __it, _Tp (&__items)[_Items]) {
    for (int __i = 0; __i < _Items; __i++)
      __items[__i] = __it[__index(__i)];
    __exchange(__items);
  }
  template <class _It> __device__ void Load(_It __it, _Tp (&__items)[_Items], int __valid) {
    for (int __i = 0; __i < _Items; __i++)
      if (__index(__i) < __valid)
        __items[__i] = __it[__index(__i)];
    __exchange(__items);
  }
  template <class _It, class _Def> __device__ void Load(_It __it, _Tp (&__items)[_Items], int __valid, _Def __oob) {
    for (int __i = 0; __i < _Items; __i++)
      __items[__i] = __index(__i) < __valid ? (_Tp)__it[__index(__i)] : (_Tp)__oob;
    __exchange(__items);
  }
};

template <class _Tp, int _Bx, int _Items, BlockStoreAlgorithm _Alg = BLOCK_STORE_DIRECT, int _By = 1, int _Bz = 1,
          int _Arch = 0>
class BlockStore {
  enum { __threads = _Bx * _By * _Bz };
  typedef BlockExchange<_Tp, _Bx, _Items, false, _By, _Bz> __Exchange;

public:
  typedef typename __Exchange::TempStorage TempStorage;

private:
  TempStorage &__storage;

  __device__ int __index(int __i) {
    bool __striped = _Alg == BLOCK_STORE_STRIPED || _Alg == BLOCK_STORE_TRANSPOSE;
    bool __warp = _Alg == BLOCK_STORE_WARP_TRANSPOSE || _Alg == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED;
    return __item_index<_Bx, _By, _Bz, _Items>(__i, __striped, __warp);
  }
  __device__ void __exchange(_Tp (&__items)[_Items]) {
    __Exchange __x(__storage);
    if (_Alg == BLOCK_STORE_TRANSPOSE)
      __x.BlockedToStriped(__items);
    else if (_Alg == BLOCK_STORE_WARP_TRANSPOSE || _Alg == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED)
      __x.BlockedToWarpStriped(__items);
  }

public:
  __device__ BlockStore(TempStorage &__t) : __storage(__t) {}
  /* CUB's default: the block's private storage, one per specialization */
  __device__ BlockStore() : __storage(__gpurace_private_storage<TempStorage>()) {}
  template <class _It> __device__ void Store(_It __it, _Tp (&__items)[_Items]) {
    __exchange(__items);
    for (int __i = 0; __i < _Items; __i++)
      __it[__index(__i)] = __items[__i];
  }
  template <class _It> __device__ void Store(_It __it, _Tp (&__items)[_Items], int __valid) {
    __exchange(__items);
    for (int __i = 0; __i < _Items; __i++)
      if (__index(__i) < __valid)
        __it[__index(__i)] = __items[__i];
  }
};

/* ---- BlockAdjacentDifference -------------------------------------------- */
template <class _Tp, int _Bx, int _By = 1, int _Bz = 1, int _Arch = 0> class BlockAdjacentDifference {
  enum { __threads = _Bx * _By * _Bz };

public:
  struct TempStorage {
    _Tp __slot[__threads];
  };

private:
  TempStorage &__storage;

public:
  __device__ BlockAdjacentDifference(TempStorage &__t) : __storage(__t) {}
  /* CUB's default: the block's private storage, one per specialization */
  __device__ BlockAdjacentDifference() : __storage(__gpurace_private_storage<TempStorage>()) {}
  /* Each thread publishes its last item; the next thread differences its
   * first item against it. */
  template <int _Items, class _Out, class _Op>
  __device__ void SubtractLeft(_Tp (&__in)[_Items], _Out (&__out)[_Items], _Op __op) {
    int __tid = __linear_tid<_Bx, _By, _Bz>();
    __storage.__slot[__tid] = __in[_Items - 1];
    __syncthreads();
    for (int __i = _Items - 1; __i > 0; __i--)
      __out[__i] = __op(__in[__i], __in[__i - 1]);
    __out[0] = __tid == 0 ? (_Out)__in[0] : (_Out)__op(__in[0], __storage.__slot[__tid - 1]);
  }
  template <int _Items, class _Out, class _Op>
  __device__ void SubtractLeft(_Tp (&__in)[_Items], _Out (&__out)[_Items], _Op __op, _Tp __predecessor) {
    int __tid = __linear_tid<_Bx, _By, _Bz>();
    __storage.__slot[__tid] = __in[_Items - 1];
    __syncthreads();
    for (int __i = _Items - 1; __i > 0; __i--)
      __out[__i] = __op(__in[__i], __in[__i - 1]);
    __out[0] = __op(__in[0], __tid == 0 ? __predecessor : __storage.__slot[__tid - 1]);
  }
  template <int _Items, class _Out, class _Op>
  __device__ void SubtractRight(_Tp (&__in)[_Items], _Out (&__out)[_Items], _Op __op) {
    int __tid = __linear_tid<_Bx, _By, _Bz>();
    __storage.__slot[__tid] = __in[0];
    __syncthreads();
    for (int __i = 0; __i < _Items - 1; __i++)
      __out[__i] = __op(__in[__i], __in[__i + 1]);
    __out[_Items - 1] =
        __tid == __threads - 1 ? (_Out)__in[_Items - 1] : (_Out)__op(__in[_Items - 1], __storage.__slot[__tid + 1]);
  }
};

/* ---- BlockRadixSort ----------------------------------------------------- */
/* The keys (and values) move between threads through the storage; which
 * thread ends with which key depends on the data, so each thread reads back
 * slots the exchange chose. */
template <class _Key, int _Bx, int _Items, class _Value = NullType, int _RadixBits = 4, bool _Memoize = true,
          BlockScanAlgorithm _Alg = BLOCK_SCAN_WARP_SCANS, int _By = 1, int _Bz = 1, int _Arch = 0>
class BlockRadixSort {
  enum { __threads = _Bx * _By * _Bz };

public:
  struct TempStorage {
    _Key __keys[__threads * _Items];
    _Value __values[__threads * _Items];
  };

private:
  TempStorage &__storage;

  template <class _Tp, class _Slots> __device__ void __move(_Tp (&__items)[_Items], _Slots &__slots) {
    int __tid = __linear_tid<_Bx, _By, _Bz>();
    for (int __i = 0; __i < _Items; __i++)
      __slots[__tid * _Items + __i] = __items[__i];
    __syncthreads();
    for (int __i = 0; __i < _Items; __i++)
      __items[__i] = __slots[__tid * _Items + __i];
  }

public:
  __device__ BlockRadixSort(TempStorage &__t) : __storage(__t) {}
  /* CUB's default: the block's private storage, one per specialization */
  __device__ BlockRadixSort() : __storage(__gpurace_private_storage<TempStorage>()) {}
  __device__ void Sort(_Key (&__keys)[_Items], int __begin = 0, int __end = sizeof(_Key) * 8) {
    (void)__begin;
    (void)__end;
    __move(__keys, __storage.__keys);
  }
  __device__ void Sort(_Key (&__keys)[_Items], _Value (&__values)[_Items], int __begin = 0,
                       int __end = sizeof(_Key) * 8) {
    (void)__begin;
    (void)__end;
    __move(__keys, __storage.__keys);
    __move(__values, __storage.__values);
  }
  __device__ void SortDescending(_Key (&__keys)[_Items], int __begin = 0, int __end = sizeof(_Key) * 8) {
    Sort(__keys, __begin, __end);
  }
  __device__ void SortDescending(_Key (&__keys)[_Items], _Value (&__values)[_Items], int __begin = 0,
                                 int __end = sizeof(_Key) * 8) {
    Sort(__keys, __values, __begin, __end);
  }
  __device__ void SortBlockedToStriped(_Key (&__keys)[_Items], int __begin = 0, int __end = sizeof(_Key) * 8) {
    Sort(__keys, __begin, __end);
  }
  __device__ void SortBlockedToStriped(_Key (&__keys)[_Items], _Value (&__values)[_Items], int __begin = 0,
                                       int __end = sizeof(_Key) * 8) {
    Sort(__keys, __values, __begin, __end);
  }
};

/* ---- Warp collectives --------------------------------------------------- */
template <class _Tp, int _Lanes = 32, int _Arch = 0> class WarpReduce {
public:
  struct TempStorage {
    _Tp __unused;
  };
  __device__ WarpReduce(TempStorage &__t) { (void)__t; }
  /* A shuffle tree towards lane 0 of each logical warp. */
  template <class _Op> __device__ _Tp Reduce(_Tp __input, _Op __op, int __valid = _Lanes) {
    int __lane = (int)(threadIdx.x % _Lanes);
    for (int __offset = 1; __offset < _Lanes; __offset <<= 1) {
      _Tp __other = __shfl_down_sync(0xffffffffu, __input, __offset, _Lanes);
      if (__lane + __offset < __valid)
        __input = __op(__input, __other);
    }
    return __input;
  }
  __device__ _Tp Sum(_Tp __input) { return Reduce(__input, cub::Sum()); }
  __device__ _Tp Sum(_Tp __input, int __valid) { return Reduce(__input, cub::Sum(), __valid); }
};

template <class _Tp, int _Lanes = 32, int _Arch = 0> class WarpScan {
public:
  struct TempStorage {
    _Tp __unused;
  };
  __device__ WarpScan(TempStorage &__t) { (void)__t; }
  template <class _Op> __device__ void InclusiveScan(_Tp __in, _Tp &__out, _Op __op) {
    int __lane = (int)(threadIdx.x % _Lanes);
    for (int __offset = 1; __offset < _Lanes; __offset <<= 1) {
      _Tp __other = __shfl_up_sync(0xffffffffu, __in, __offset, _Lanes);
      if (__lane >= __offset)
        __in = __op(__in, __other);
    }
    __out = __in;
  }
  template <class _Op> __device__ void InclusiveScan(_Tp __in, _Tp &__out, _Op __op, _Tp &__aggregate) {
    InclusiveScan(__in, __out, __op);
    __aggregate = __shfl_sync(0xffffffffu, __out, _Lanes - 1, _Lanes);
  }
  __device__ void InclusiveSum(_Tp __in, _Tp &__out) { InclusiveScan(__in, __out, cub::Sum()); }
  __device__ void InclusiveSum(_Tp __in, _Tp &__out, _Tp &__aggregate) {
    InclusiveScan(__in, __out, cub::Sum(), __aggregate);
  }
  template <class _Op> __device__ void ExclusiveScan(_Tp __in, _Tp &__out, _Tp __init, _Op __op) {
    _Tp __incl;
    InclusiveScan(__in, __incl, __op);
    _Tp __prev = __shfl_up_sync(0xffffffffu, __incl, 1, _Lanes);
    __out = threadIdx.x % _Lanes == 0 ? __init : __op(__init, __prev);
  }
  __device__ void ExclusiveSum(_Tp __in, _Tp &__out) {
    _Tp __incl;
    InclusiveScan(__in, __incl, cub::Sum());
    _Tp __prev = __shfl_up_sync(0xffffffffu, __incl, 1, _Lanes);
    __out = threadIdx.x % _Lanes == 0 ? (_Tp)0 : __prev;
  }
  __device__ void ExclusiveSum(_Tp __in, _Tp &__out, _Tp &__aggregate) {
    ExclusiveSum(__in, __out);
    __aggregate = __shfl_sync(0xffffffffu, __out + __in, _Lanes - 1, _Lanes);
  }
  __device__ _Tp Broadcast(_Tp __v, unsigned int __src) { return __shfl_sync(0xffffffffu, __v, __src, _Lanes); }
};

/* The program gives each warp its own storage (`temp[warp_id]`). */
template <class _Tp, int _Items, int _Lanes = 32, int _Arch = 0> class WarpExchange {
public:
  struct TempStorage {
    _Tp __slot[_Items * _Lanes];
  };

private:
  TempStorage &__storage;

  template <class _Out>
  __device__ void __exchange(const _Tp (&__in)[_Items], _Out (&__out)[_Items], bool __from_striped) {
    int __lane = (int)(threadIdx.x % _Lanes);
    for (int __i = 0; __i < _Items; __i++)
      __storage.__slot[__from_striped ? __i * _Lanes + __lane : __lane * _Items + __i] = __in[__i];
    __syncwarp();
    for (int __i = 0; __i < _Items; __i++)
      __out[__i] = __storage.__slot[__from_striped ? __lane * _Items + __i : __i * _Lanes + __lane];
  }

public:
  __device__ WarpExchange(TempStorage &__t) : __storage(__t) {}
  template <class _Out> __device__ void StripedToBlocked(const _Tp (&__in)[_Items], _Out (&__out)[_Items]) {
    __exchange(__in, __out, true);
  }
  template <class _Out> __device__ void BlockedToStriped(const _Tp (&__in)[_Items], _Out (&__out)[_Items]) {
    __exchange(__in, __out, false);
  }
};

/* ---- Iterators ---------------------------------------------------------- */
template <class _Tp, class _Offset = long long> class CountingInputIterator {
  _Tp __base;

public:
  typedef _Tp value_type;
  __host__ __device__ CountingInputIterator(const _Tp &__b) : __base(__b) {}
  __host__ __device__ _Tp operator[](_Offset __i) const { return __base + (_Tp)__i; }
  __host__ __device__ _Tp operator*() const { return __base; }
  __host__ __device__ CountingInputIterator operator+(_Offset __n) const {
    return CountingInputIterator(__base + (_Tp)__n);
  }
};
template <class _Tp, class _Offset = long long> class ConstantInputIterator {
  _Tp __val;

public:
  typedef _Tp value_type;
  __host__ __device__ ConstantInputIterator(const _Tp &__v) : __val(__v) {}
  __host__ __device__ _Tp operator[](_Offset) const { return __val; }
  __host__ __device__ _Tp operator*() const { return __val; }
};
/* Iterators over the program's memory: the pointer they wrap (a
 * constructor that only binds it, so the lowering keeps its object), and
 * a plain access of the element (a cache modifier changes no ordering). */
template <CacheLoadModifier _Mod, class _Tp, class _Offset = long long> class CacheModifiedInputIterator {
  _Tp *__ptr;

public:
  typedef _Tp value_type;
  __host__ __device__ CacheModifiedInputIterator(const _Tp *__p) : __ptr(const_cast<_Tp *>(__p)) {}
  __device__ _Tp operator[](_Offset __i) const { return __ptr[__i]; }
  __device__ _Tp operator*() const { return *__ptr; }
  __host__ __device__ CacheModifiedInputIterator operator+(_Offset __n) const {
    return CacheModifiedInputIterator(__ptr + __n);
  }
};
template <CacheStoreModifier _Mod, class _Tp, class _Offset = long long> class CacheModifiedOutputIterator {
  _Tp *__ptr;

public:
  typedef _Tp value_type;
  __host__ __device__ CacheModifiedOutputIterator(_Tp *__p) : __ptr(__p) {}
  __device__ _Tp &operator[](_Offset __i) const { return __ptr[__i]; }
  __device__ _Tp &operator*() const { return *__ptr; }
  __host__ __device__ CacheModifiedOutputIterator operator+(_Offset __n) const {
    return CacheModifiedOutputIterator(__ptr + __n);
  }
};
/* Element i with its index: {i, ptr[i]}. */
template <class _Tp, class _Offset = long long, class _Out = _Tp> class ArgIndexInputIterator {
  _Tp *__ptr;

public:
  typedef KeyValuePair<_Offset, _Out> value_type;
  __host__ __device__ ArgIndexInputIterator(const _Tp *__p) : __ptr(const_cast<_Tp *>(__p)) {}
  __device__ value_type operator[](_Offset __i) const { return value_type(__i, (_Out)__ptr[__i]); }
  __device__ value_type operator*() const { return value_type(0, (_Out)*__ptr); }
};
template <class _Value, class _Op, class _It, class _Offset = long long> class TransformInputIterator {
  _It __it;
  _Op __op;

public:
  typedef _Value value_type;
  __host__ __device__ TransformInputIterator(_It __i, _Op __o) : __it(__i), __op(__o) {}
  __host__ __device__ _Value operator[](_Offset __i) const { return __op(__it[__i]); }
  __host__ __device__ _Value operator*() const { return __op(*__it); }
};

/* ---- Device-wide algorithms (host calls, not followed) ------------------ */
#define __GPURACE_CUB_HOST(name) \
  template <class... _Args> static __host__ cudaError_t name(_Args &&...);
struct DeviceReduce {
  __GPURACE_CUB_HOST(Sum) __GPURACE_CUB_HOST(Max) __GPURACE_CUB_HOST(Min)
  __GPURACE_CUB_HOST(Reduce) __GPURACE_CUB_HOST(ArgMax) __GPURACE_CUB_HOST(ArgMin)
  __GPURACE_CUB_HOST(ReduceByKey) __GPURACE_CUB_HOST(TransformReduce)
};
struct DeviceSegmentedReduce {
  __GPURACE_CUB_HOST(Sum) __GPURACE_CUB_HOST(Max) __GPURACE_CUB_HOST(Min)
  __GPURACE_CUB_HOST(Reduce) __GPURACE_CUB_HOST(ArgMax) __GPURACE_CUB_HOST(ArgMin)
};
struct DeviceScan {
  __GPURACE_CUB_HOST(InclusiveSum) __GPURACE_CUB_HOST(ExclusiveSum)
  __GPURACE_CUB_HOST(InclusiveScan) __GPURACE_CUB_HOST(ExclusiveScan)
  __GPURACE_CUB_HOST(InclusiveSumByKey) __GPURACE_CUB_HOST(ExclusiveSumByKey)
  __GPURACE_CUB_HOST(InclusiveScanByKey) __GPURACE_CUB_HOST(ExclusiveScanByKey)
};
struct DeviceRadixSort {
  __GPURACE_CUB_HOST(SortKeys) __GPURACE_CUB_HOST(SortPairs)
  __GPURACE_CUB_HOST(SortKeysDescending) __GPURACE_CUB_HOST(SortPairsDescending)
};
struct DeviceSegmentedRadixSort {
  __GPURACE_CUB_HOST(SortKeys) __GPURACE_CUB_HOST(SortPairs)
  __GPURACE_CUB_HOST(SortKeysDescending) __GPURACE_CUB_HOST(SortPairsDescending)
};
struct DeviceSegmentedSort {
  __GPURACE_CUB_HOST(SortKeys) __GPURACE_CUB_HOST(SortPairs)
  __GPURACE_CUB_HOST(StableSortKeys) __GPURACE_CUB_HOST(StableSortPairs)
};
struct DeviceMergeSort {
  __GPURACE_CUB_HOST(SortKeys) __GPURACE_CUB_HOST(SortPairs)
  __GPURACE_CUB_HOST(StableSortKeys) __GPURACE_CUB_HOST(StableSortPairs)
};
struct DeviceSelect {
  __GPURACE_CUB_HOST(Flagged) __GPURACE_CUB_HOST(If) __GPURACE_CUB_HOST(Unique)
  __GPURACE_CUB_HOST(UniqueByKey)
};
struct DevicePartition {
  __GPURACE_CUB_HOST(Flagged) __GPURACE_CUB_HOST(If)
};
struct DeviceHistogram {
  __GPURACE_CUB_HOST(HistogramEven) __GPURACE_CUB_HOST(HistogramRange)
  __GPURACE_CUB_HOST(MultiHistogramEven) __GPURACE_CUB_HOST(MultiHistogramRange)
};
struct DeviceRunLengthEncode {
  __GPURACE_CUB_HOST(Encode) __GPURACE_CUB_HOST(NonTrivialRuns)
};
struct DeviceSpmv {
  __GPURACE_CUB_HOST(CsrMV)
};
#undef __GPURACE_CUB_HOST

struct CachingDeviceAllocator {
  __host__ CachingDeviceAllocator(...) {}
  __host__ cudaError_t DeviceAllocate(void **__p, size_t __bytes, cudaStream_t __s = 0);
  __host__ cudaError_t DeviceAllocate(int __device, void **__p, size_t __bytes, cudaStream_t __s = 0);
  __host__ cudaError_t DeviceFree(void *__p);
  __host__ cudaError_t DeviceFree(int __device, void *__p);
  __host__ cudaError_t FreeAllCached();
};

} // namespace cub

#ifndef CUB_MAX
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#endif
#ifndef CUB_MIN
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#endif
#ifndef CUB_STDERR
#define CUB_STDERR
#endif
#ifndef CubDebug
#define CubDebug(e) (e)
#endif
#ifndef CubDebugExit
#define CubDebugExit(e) (e)
#endif
#ifndef CUB_PTX_ARCH
#define CUB_PTX_ARCH 800
#endif
#ifndef CUB_RUNTIME_FUNCTION
#define CUB_RUNTIME_FUNCTION __host__ __device__
#endif
