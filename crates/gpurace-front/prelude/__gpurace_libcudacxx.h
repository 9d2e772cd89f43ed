/*
 * __gpurace_libcudacxx.h -- the libcu++ subset gpurace models: thread
 * scopes and memory orders, cuda::atomic_ref, cuda::atomic,
 * cuda::std::atomic(_ref), cuda::atomic_thread_fence and cuda::barrier.
 * Included by gpurace_prelude.h (section 17); <cuda/atomic>,
 * <cuda/barrier>, <cuda/std/atomic> and <cuda/std/barrier> are stubs.
 *
 * An atomic object is its value and nothing else, so an array of
 * cuda::atomic<int> is laid out as an array of int: `a[i].fetch_min(v)`
 * is an atomic on the element `a[i]` (its object and byte offset), and
 * `cuda::atomic_ref<int, S> r(a[k])` keeps the address of `a[k]` (the
 * lowering binds the pointer member of a constructor with an empty body,
 * lower/objects.rs).  Every operation is one of the bodiless atomics
 * below, recognised by name like atomicAdd (any element type):
 * `load()` an atomic load and `store()` an atomic store, which are
 * atomic accesses and not plain ones (a load writes nothing, so it does
 * not conflict with plain reads).
 *
 * Scopes: thread_scope_block -> the _block atomics, thread_scope_device
 * -> the unsuffixed ones, thread_scope_system -> the _system ones.  An
 * atomic at thread_scope_thread is atomic only with respect to its own
 * thread: for any other thread it is a plain read and a plain write, and
 * it is modelled so.
 *
 * Memory orders, as PTX builds them from fences: a release operation is
 * a fence of its scope followed by the operation, an acquire operation
 * the operation followed by a fence, seq_cst a fence before and after
 * (loads and read-modify-writes; a seq_cst store is a fence and a release
 * store).  relaxed adds nothing.  The order must be a constant for the
 * fences to fold away; a variable one keeps both branches.
 *
 * Written from the libcu++ documentation's API descriptions; no NVIDIA
 * header text is copied.
 */
#pragma once

/* Bodiless atomics on any element type (primitives, see call.rs:
 * `__gpurace_atomicX` is atomicX, `_block`/`_system` its scope). */
#define __GPURACE_GENERIC_ATOMIC(RET, NAME, ...)                               \
  template <class _Tp> __device__ RET NAME(__VA_ARGS__);                       \
  template <class _Tp> __device__ RET NAME##_block(__VA_ARGS__);               \
  template <class _Tp> __device__ RET NAME##_system(__VA_ARGS__);
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicLoad, const _Tp *__address)
__GPURACE_GENERIC_ATOMIC(void, __gpurace_atomicStore, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicAdd, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicSub, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicExch, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicMin, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicMax, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicAnd, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicOr, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicXor, _Tp *__address, _Tp __val)
__GPURACE_GENERIC_ATOMIC(_Tp, __gpurace_atomicCAS, _Tp *__address, _Tp __compare, _Tp __val)
#undef __GPURACE_GENERIC_ATOMIC

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

/* NB: inside namespace cuda, `std` means cuda::std. */
namespace __gpurace {
/* A fence of a scope; a thread-scope fence orders nothing another thread
 * sees. */
template <thread_scope _Scope> __device__ void __fence() {
  if (_Scope == thread_scope_block)
    __threadfence_block();
  else if (_Scope == thread_scope_device)
    __threadfence();
  else if (_Scope == thread_scope_system)
    __threadfence_system();
}

/* One operation at a scope: the scoped primitive, or at thread scope the
 * plain read and write it is for other threads.  The scope is a template
 * argument, so the lowering keeps one branch. */
#define __GPURACE_SCOPED(OP, PLAIN)                                            \
  template <thread_scope _Scope, class _Tp>                                    \
  __device__ _Tp __##OP(_Tp *__p, _Tp __v) {                                   \
    if (_Scope == thread_scope_thread) {                                       \
      _Tp __old = *__p;                                                        \
      *__p = PLAIN;                                                            \
      return __old;                                                            \
    } else if (_Scope == thread_scope_block) {                                 \
      return ::__gpurace_atomic##OP##_block(__p, __v);                         \
    } else if (_Scope == thread_scope_system) {                                \
      return ::__gpurace_atomic##OP##_system(__p, __v);                        \
    } else {                                                                   \
      return ::__gpurace_atomic##OP(__p, __v);                                 \
    }                                                                          \
  }
__GPURACE_SCOPED(Add, __old + __v)
__GPURACE_SCOPED(Sub, __old - __v)
__GPURACE_SCOPED(Exch, __v)
__GPURACE_SCOPED(Min, __v < __old ? __v : __old)
__GPURACE_SCOPED(Max, __old < __v ? __v : __old)
__GPURACE_SCOPED(And, __old & __v)
__GPURACE_SCOPED(Or, __old | __v)
__GPURACE_SCOPED(Xor, __old ^ __v)
#undef __GPURACE_SCOPED

template <thread_scope _Scope, class _Tp> __device__ _Tp __CAS(_Tp *__p, _Tp __c, _Tp __v) {
  if (_Scope == thread_scope_thread) {
    _Tp __old = *__p;
    if (__old == __c)
      *__p = __v;
    return __old;
  } else if (_Scope == thread_scope_block) {
    return ::__gpurace_atomicCAS_block(__p, __c, __v);
  } else if (_Scope == thread_scope_system) {
    return ::__gpurace_atomicCAS_system(__p, __c, __v);
  } else {
    return ::__gpurace_atomicCAS(__p, __c, __v);
  }
}

template <thread_scope _Scope, class _Tp> __device__ _Tp __Load(const _Tp *__p) {
  if (_Scope == thread_scope_thread)
    return *__p;
  else if (_Scope == thread_scope_block)
    return ::__gpurace_atomicLoad_block(__p);
  else if (_Scope == thread_scope_system)
    return ::__gpurace_atomicLoad_system(__p);
  else
    return ::__gpurace_atomicLoad(__p);
}

template <thread_scope _Scope, class _Tp> __device__ void __Store(_Tp *__p, _Tp __v) {
  if (_Scope == thread_scope_thread)
    *__p = __v;
  else if (_Scope == thread_scope_block)
    ::__gpurace_atomicStore_block(__p, __v);
  else if (_Scope == thread_scope_system)
    ::__gpurace_atomicStore_system(__p, __v);
  else
    ::__gpurace_atomicStore(__p, __v);
}

/* C++20's wait(old): spins while the value is `old`, each time an atomic
 * load (a spin loop the engine recognises as a wait on that element). */
template <thread_scope _Scope, class _Tp> __device__ void __Wait(const _Tp *__p, _Tp __old) {
  if (_Scope == thread_scope_thread) {
    while (*__p == __old) {
    }
  } else if (_Scope == thread_scope_block) {
    while (::__gpurace_atomicLoad_block(__p) == __old) {
    }
  } else if (_Scope == thread_scope_system) {
    while (::__gpurace_atomicLoad_system(__p) == __old) {
    }
  } else {
    while (::__gpurace_atomicLoad(__p) == __old) {
    }
  }
}
} // namespace __gpurace

/* Whether an order releases (a fence before the operation) or acquires (a
 * fence after it).  Macros, not functions: the order stays the method's
 * own parameter, a constant the lowering folds. */
#define __GPURACE_RELEASES(O)                                                  \
  ((O) == memory_order_release || (O) == memory_order_acq_rel || (O) == memory_order_seq_cst)
#define __GPURACE_ACQUIRES(O)                                                  \
  ((O) == memory_order_consume || (O) == memory_order_acquire ||               \
   (O) == memory_order_acq_rel || (O) == memory_order_seq_cst)
/* A read-modify-write OP(PTR, V) at order O. */
#define __GPURACE_RMW(OP, PTR, V, O)                                           \
  {                                                                            \
    if (__GPURACE_RELEASES(O))                                                 \
      __gpurace::__fence<_Scope>();                                            \
    _Tp __r = __gpurace::__##OP<_Scope>(PTR, V);                               \
    if (__GPURACE_ACQUIRES(O))                                                 \
      __gpurace::__fence<_Scope>();                                            \
    return __r;                                                                \
  }

/* A compare-and-swap at order O: the success order fences (a failure's
 * order is never stronger). */
#define __GPURACE_CAS(PTR, O)                                                  \
  {                                                                            \
    if (__GPURACE_RELEASES(O))                                                 \
      __gpurace::__fence<_Scope>();                                            \
    _Tp __old = __gpurace::__CAS<_Scope>(PTR, __expected, __desired);          \
    if (__GPURACE_ACQUIRES(O))                                                 \
      __gpurace::__fence<_Scope>();                                            \
    bool __ok = __old == __expected;                                           \
    __expected = __old;                                                        \
    return __ok;                                                               \
  }

/* The operations of an atomic on the element `PTR` (an expression of type
 * `_Tp *`), shared by atomic_ref and atomic.  MUT qualifies the operations
 * that store: `const` for atomic_ref (a const view still stores), nothing
 * for atomic. */
#define __GPURACE_ATOMIC_OPERATIONS(PTR, MUT)                                  \
  __device__ _Tp load(memory_order __o = memory_order_seq_cst) const {         \
    if (__o == memory_order_seq_cst)                                           \
      __gpurace::__fence<_Scope>();                                            \
    _Tp __r = __gpurace::__Load<_Scope>(PTR);                                  \
    if (__GPURACE_ACQUIRES(__o))                                               \
      __gpurace::__fence<_Scope>();                                            \
    return __r;                                                                \
  }                                                                            \
  __device__ void store(_Tp __v, memory_order __o = memory_order_seq_cst) MUT { \
    if (__GPURACE_RELEASES(__o))                                               \
      __gpurace::__fence<_Scope>();                                            \
    __gpurace::__Store<_Scope>(PTR, __v);                                      \
  }                                                                            \
  __device__ operator _Tp() const { return load(); }                           \
  __device__ _Tp operator=(_Tp __v) MUT {                                      \
    store(__v);                                                                \
    return __v;                                                                \
  }                                                                            \
  __device__ _Tp exchange(_Tp __v, memory_order __o = memory_order_seq_cst) MUT \
      __GPURACE_RMW(Exch, PTR, __v, __o)                                       \
  __device__ _Tp fetch_add(_Tp __v, memory_order __o = memory_order_seq_cst) MUT \
      __GPURACE_RMW(Add, PTR, __v, __o)                                        \
  __device__ _Tp fetch_sub(_Tp __v, memory_order __o = memory_order_seq_cst) MUT \
      __GPURACE_RMW(Sub, PTR, __v, __o)                                        \
  __device__ _Tp fetch_min(_Tp __v, memory_order __o = memory_order_seq_cst) MUT \
      __GPURACE_RMW(Min, PTR, __v, __o)                                        \
  __device__ _Tp fetch_max(_Tp __v, memory_order __o = memory_order_seq_cst) MUT \
      __GPURACE_RMW(Max, PTR, __v, __o)                                        \
  __device__ _Tp fetch_and(_Tp __v, memory_order __o = memory_order_seq_cst) MUT \
      __GPURACE_RMW(And, PTR, __v, __o)                                        \
  __device__ _Tp fetch_or(_Tp __v, memory_order __o = memory_order_seq_cst) MUT \
      __GPURACE_RMW(Or, PTR, __v, __o)                                         \
  __device__ _Tp fetch_xor(_Tp __v, memory_order __o = memory_order_seq_cst) MUT \
      __GPURACE_RMW(Xor, PTR, __v, __o)                                        \
  __device__ bool compare_exchange_strong(_Tp &__expected, _Tp __desired,      \
                                          memory_order __o = memory_order_seq_cst, \
                                          memory_order = memory_order_seq_cst) MUT \
      __GPURACE_CAS(PTR, __o)                                                  \
  __device__ bool compare_exchange_weak(_Tp &__expected, _Tp __desired,        \
                                        memory_order __o = memory_order_seq_cst, \
                                        memory_order = memory_order_seq_cst) MUT \
      __GPURACE_CAS(PTR, __o)                                                  \
  __device__ void wait(_Tp __old, memory_order __o = memory_order_seq_cst) const { \
    __gpurace::__Wait<_Scope>(PTR, __old);                                     \
    if (__GPURACE_ACQUIRES(__o))                                               \
      __gpurace::__fence<_Scope>();                                            \
  }                                                                            \
  __device__ void notify_one() MUT {}                                          \
  __device__ void notify_all() MUT {}                                          \
  __device__ _Tp operator++() MUT { return fetch_add((_Tp)1) + (_Tp)1; }       \
  __device__ _Tp operator++(int) MUT { return fetch_add((_Tp)1); }             \
  __device__ _Tp operator--() MUT { return fetch_sub((_Tp)1) - (_Tp)1; }       \
  __device__ _Tp operator--(int) MUT { return fetch_sub((_Tp)1); }             \
  __device__ _Tp operator+=(_Tp __v) MUT { return fetch_add(__v) + __v; }      \
  __device__ _Tp operator-=(_Tp __v) MUT { return fetch_sub(__v) - __v; }      \
  __device__ _Tp operator&=(_Tp __v) MUT { return fetch_and(__v) & __v; }      \
  __device__ _Tp operator|=(_Tp __v) MUT { return fetch_or(__v) | __v; }       \
  __device__ _Tp operator^=(_Tp __v) MUT { return fetch_xor(__v) ^ __v; }

/* A view of an element as an atomic: the element's address.  Its
 * constructor only binds the pointer (the lowering does not build it). */
template <class _Tp, thread_scope _Scope = thread_scope_system> class atomic_ref {
  _Tp *__ptr;

public:
  typedef _Tp value_type;
  static constexpr bool is_always_lock_free = true;
  __device__ explicit atomic_ref(_Tp &__obj) : __ptr(&__obj) {}
  __device__ atomic_ref(const atomic_ref &) = default;
  __device__ bool is_lock_free() const { return true; }
  __GPURACE_ATOMIC_OPERATIONS(__ptr, const)
};

/* An atomic object: the value alone, so arrays of atomics are arrays of
 * values.  Its value constructor has a (null) statement in its body, so
 * the lowering builds the object instead of binding `__value` to a
 * variable: the operations take the member's address. */
template <class _Tp, thread_scope _Scope = thread_scope_system> class atomic {
  _Tp __value;

public:
  typedef _Tp value_type;
  static constexpr bool is_always_lock_free = true;
  atomic() = default;
  __host__ __device__ constexpr atomic(_Tp __v) : __value(__v) { ; }
  atomic(const atomic &) = delete;
  atomic &operator=(const atomic &) = delete;
  __device__ bool is_lock_free() const { return true; }
  __GPURACE_ATOMIC_OPERATIONS(const_cast<_Tp *>(&__value), )
};

#undef __GPURACE_ATOMIC_OPERATIONS
#undef __GPURACE_CAS
#undef __GPURACE_RMW
#undef __GPURACE_ACQUIRES
#undef __GPURACE_RELEASES

namespace std {
template <class _Tp> using atomic = cuda::atomic<_Tp, thread_scope_system>;
template <class _Tp> using atomic_ref = cuda::atomic_ref<_Tp, thread_scope_system>;
} // namespace std

/* Fences by scope */
__device__ inline void atomic_thread_fence(memory_order, thread_scope __s = thread_scope_system) {
  if (__s == thread_scope_block)
    __threadfence_block();
  else if (__s == thread_scope_device)
    __threadfence();
  else if (__s == thread_scope_system)
    __threadfence_system();
}
namespace std {
__device__ inline void atomic_thread_fence(memory_order __o) {
  cuda::atomic_thread_fence(__o, thread_scope_system);
}
} // namespace std

/* cuda::barrier<thread_scope_block> initialised with the block size is a
 * __syncthreads; other uses are approximated the same way (a block-level
 * barrier is what it is used for in practice).  Grid/device-scope barriers
 * map to the grid barrier. */
template <thread_scope _Scope> class barrier {
public:
  typedef long long arrival_token;
  barrier() = default;
  __device__ barrier(long long __expected) { (void)__expected; }
  barrier(const barrier &) = delete;
  __device__ static void __gpurace_sync() {
    if (_Scope == thread_scope_block)
      __syncthreads();
    else if (_Scope == thread_scope_thread)
      return;
    else
      __gpurace_grid_sync();
  }
  __device__ void arrive_and_wait() { __gpurace_sync(); }
  __device__ arrival_token arrive(long long = 1) { return 0; }
  __device__ void wait(arrival_token &&) const { __gpurace_sync(); }
  __device__ void arrive_and_drop() {}
  template <class _Up> friend __device__ void init(barrier *__b, long long __expected, _Up) {
    (void)__b; (void)__expected;
  }
  friend __device__ void init(barrier *__b, long long __expected) {
    (void)__b; (void)__expected;
  }
};

/* cuda::memcpy_async(dst, src, size, barrier) (<cuda/barrier>): the calling
 * thread's copy of `size` bytes, modelled as a synchronous copy where it is
 * called (the real one completes by the barrier's wait, in the same barrier
 * interval, which is what the analysis compares). */
template <size_t _Alignment> struct aligned_size_t {
  size_t value;
  __host__ __device__ constexpr explicit aligned_size_t(size_t __size) : value(__size) {}
  __host__ __device__ constexpr operator size_t() const { return value; }
};
template <class _Barrier>
__device__ void memcpy_async(void *__dst, const void *__src, size_t __bytes, _Barrier &__b) {
  (void)__b;
  char *__d = (char *)__dst;
  const char *__s = (const char *)__src;
  for (size_t __i = 0; __i < __bytes; __i++)
    __d[__i] = __s[__i];
}
template <size_t _Alignment, class _Barrier>
__device__ void memcpy_async(void *__dst, const void *__src, aligned_size_t<_Alignment> __bytes, _Barrier &__b) {
  (void)__b;
  char *__d = (char *)__dst;
  const char *__s = (const char *)__src;
  for (size_t __i = 0; __i < __bytes.value; __i++)
    __d[__i] = __s[__i];
}
} // namespace cuda
