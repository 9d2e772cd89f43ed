/*
 * gpurace model of Thrust: enough for clang to parse programs that use it
 * around their kernels. Containers and algorithms are host calls the
 * analysis does not follow (what their pointer arguments reach becomes
 * unknown, their results are unknown); the functional objects, `pair`,
 * `complex`, the counting iterator and the random engines have inline
 * bodies usable in device code.
 *
 * Written from Thrust's documented API; no Thrust source text is copied.
 */
#pragma once
#include "../gpurace_prelude.h"
/* Thrust's containers include <vector>: programs use std::vector after
 * including only Thrust. */
#include <vector>

/* <thrust/version.h> */
#ifndef THRUST_VERSION
#define THRUST_VERSION 200800
#define THRUST_MAJOR_VERSION 2
#define THRUST_MINOR_VERSION 8
#define THRUST_SUBMINOR_VERSION 0
#define THRUST_PATCH_NUMBER 0
#endif

namespace thrust {

/* A result the analysis does not compute: converts to whatever it is used
 * as (declared, not defined: its value is unknown). */
struct __any {
  template <class _Tp> __host__ __device__ operator _Tp() const;
  __host__ __device__ __any operator*() const;
  __host__ __device__ __any operator->() const;
  template <class _Tp> __host__ __device__ __any operator-(const _Tp &) const;
  template <class _Tp> __host__ __device__ __any operator+(const _Tp &) const;
  __host__ __device__ __any operator++();
  template <class _Tp> __host__ __device__ bool operator==(const _Tp &) const;
  template <class _Tp> __host__ __device__ bool operator!=(const _Tp &) const;
  __any first() const;
  __any second() const;
  /* `thrust::tie(a, b) = pair`: an assignment the analysis does not follow. */
  template <class _Tp> __host__ __device__ const __any &operator=(const _Tp &) const;
};

/* Execution policies: `thrust::device`, `thrust::cuda::par.on(stream)`. */
struct __policy {
  template <class _Stream> __host__ __device__ __policy on(_Stream) const { return *this; }
};
static const __policy device = __policy();
static const __policy host = __policy();
static const __policy seq = __policy();
namespace cuda {
static const __policy par = __policy();
static const __policy par_nosync = __policy();
}
namespace system {
namespace cuda {
static const __policy par = __policy();
}
}

template <class _Tp> class device_ptr {
  _Tp *__p;

public:
  typedef _Tp value_type;
  __host__ __device__ device_ptr() : __p(0) {}
  __host__ __device__ explicit device_ptr(_Tp *__q) : __p(__q) {}
  __host__ __device__ _Tp *get() const { return __p; }
  __host__ __device__ _Tp &operator[](long __i) const { return __p[__i]; }
  __host__ __device__ _Tp &operator*() const { return *__p; }
  __host__ __device__ device_ptr operator+(long __n) const { return device_ptr(__p + __n); }
  __host__ __device__ long operator-(const device_ptr &__o) const { return __p - __o.__p; }
};
template <class _Tp> __host__ __device__ _Tp *raw_pointer_cast(device_ptr<_Tp> __p) { return __p.get(); }
template <class _Tp> __host__ __device__ _Tp *raw_pointer_cast(_Tp *__p) { return __p; }
template <class _Tp> __host__ __device__ device_ptr<_Tp> device_pointer_cast(_Tp *__p) { return device_ptr<_Tp>(__p); }
template <class _Tp> __host__ device_ptr<_Tp> device_malloc(size_t __n);
template <class _Tp> __host__ void device_free(device_ptr<_Tp> __p);

/* Containers: their storage is the library's (host calls). */
template <class _Tp, class _Alloc = void> class device_vector {
public:
  typedef _Tp value_type;
  typedef device_ptr<_Tp> iterator;
  typedef device_ptr<const _Tp> const_iterator;
  __host__ device_vector();
  __host__ explicit device_vector(size_t __n);
  __host__ device_vector(size_t __n, const _Tp &__v);
  template <class _It> __host__ device_vector(_It __first, _It __last);
  template <class _Other> __host__ device_vector(const _Other &__o);
  __host__ ~device_vector();
  template <class _Other> __host__ device_vector &operator=(const _Other &__o);
  __host__ size_t size() const;
  __host__ bool empty() const;
  __host__ device_ptr<_Tp> data();
  __host__ device_ptr<const _Tp> data() const;
  __host__ device_ptr<_Tp> begin();
  __host__ device_ptr<_Tp> end();
  __host__ device_ptr<const _Tp> begin() const;
  __host__ device_ptr<const _Tp> end() const;
  __host__ device_ptr<const _Tp> cbegin() const;
  __host__ device_ptr<const _Tp> cend() const;
  __host__ _Tp &operator[](size_t __i);
  __host__ const _Tp &operator[](size_t __i) const;
  __host__ void resize(size_t __n);
  __host__ void resize(size_t __n, const _Tp &__v);
  __host__ void reserve(size_t __n);
  __host__ void clear();
  __host__ void push_back(const _Tp &__v);
  __host__ void shrink_to_fit();
  __host__ void swap(device_vector &__o);
};
template <class _Tp, class _Alloc = void> class host_vector {
public:
  typedef _Tp value_type;
  typedef _Tp *iterator;
  typedef const _Tp *const_iterator;
  __host__ host_vector();
  __host__ explicit host_vector(size_t __n);
  __host__ host_vector(size_t __n, const _Tp &__v);
  template <class _It> __host__ host_vector(_It __first, _It __last);
  template <class _Other> __host__ host_vector(const _Other &__o);
  __host__ ~host_vector();
  template <class _Other> __host__ host_vector &operator=(const _Other &__o);
  __host__ size_t size() const;
  __host__ bool empty() const;
  __host__ _Tp *data();
  __host__ const _Tp *data() const;
  __host__ _Tp *begin();
  __host__ _Tp *end();
  __host__ const _Tp *begin() const;
  __host__ const _Tp *end() const;
  __host__ _Tp &operator[](size_t __i);
  __host__ const _Tp &operator[](size_t __i) const;
  __host__ void resize(size_t __n);
  __host__ void resize(size_t __n, const _Tp &__v);
  __host__ void reserve(size_t __n);
  __host__ void clear();
  __host__ void push_back(const _Tp &__v);
};
template <class _Tp> using universal_vector = device_vector<_Tp>;

/* Function objects. */
#define __GPURACE_THRUST_BINARY(NAME, EXPR)                                                                      \
  template <class _Tp = void> struct NAME {                                                                    \
    typedef _Tp result_type;                                                                                   \
    __host__ __device__ _Tp operator()(const _Tp &__a, const _Tp &__b) const { return EXPR; }                  \
  };
__GPURACE_THRUST_BINARY(plus, __a + __b)
__GPURACE_THRUST_BINARY(minus, __a - __b)
__GPURACE_THRUST_BINARY(multiplies, __a * __b)
__GPURACE_THRUST_BINARY(divides, __a / __b)
__GPURACE_THRUST_BINARY(modulus, __a % __b)
__GPURACE_THRUST_BINARY(maximum, __a < __b ? __b : __a)
__GPURACE_THRUST_BINARY(minimum, __b < __a ? __b : __a)
__GPURACE_THRUST_BINARY(bit_and, __a & __b)
__GPURACE_THRUST_BINARY(bit_or, __a | __b)
__GPURACE_THRUST_BINARY(bit_xor, __a ^ __b)
#undef __GPURACE_THRUST_BINARY
#define __GPURACE_THRUST_PREDICATE(NAME, EXPR)                                                                   \
  template <class _Tp = void> struct NAME {                                                                    \
    __host__ __device__ bool operator()(const _Tp &__a, const _Tp &__b) const { return EXPR; }                 \
  };
__GPURACE_THRUST_PREDICATE(less, __a < __b)
__GPURACE_THRUST_PREDICATE(greater, __b < __a)
__GPURACE_THRUST_PREDICATE(less_equal, !(__b < __a))
__GPURACE_THRUST_PREDICATE(greater_equal, !(__a < __b))
__GPURACE_THRUST_PREDICATE(equal_to, __a == __b)
__GPURACE_THRUST_PREDICATE(not_equal_to, !(__a == __b))
__GPURACE_THRUST_PREDICATE(logical_and, __a && __b)
__GPURACE_THRUST_PREDICATE(logical_or, __a || __b)
#undef __GPURACE_THRUST_PREDICATE
template <class _Tp = void> struct negate {
  __host__ __device__ _Tp operator()(const _Tp &__a) const { return -__a; }
};
template <class _Tp = void> struct identity {
  __host__ __device__ const _Tp &operator()(const _Tp &__a) const { return __a; }
};
template <class _Tp = void> struct logical_not {
  __host__ __device__ bool operator()(const _Tp &__a) const { return !__a; }
};
template <class _Arg, class _Res> struct unary_function {
  typedef _Arg argument_type;
  typedef _Res result_type;
};
template <class _A1, class _A2, class _Res> struct binary_function {
  typedef _A1 first_argument_type;
  typedef _A2 second_argument_type;
  typedef _Res result_type;
};

template <class _T1, class _T2> struct pair {
  _T1 first;
  _T2 second;
  __host__ __device__ pair() {}
  __host__ __device__ pair(const _T1 &__a, const _T2 &__b) : first(__a), second(__b) {}
};
template <class _T1, class _T2> __host__ __device__ pair<_T1, _T2> make_pair(_T1 __a, _T2 __b) {
  return pair<_T1, _T2>(__a, __b);
}

/* Iterators. */
template <class _Tp> class counting_iterator {
  _Tp __v;

public:
  typedef _Tp value_type;
  __host__ __device__ counting_iterator(_Tp __x) : __v(__x) {}
  __host__ __device__ _Tp operator[](long __i) const { return __v + (_Tp)__i; }
  __host__ __device__ _Tp operator*() const { return __v; }
  __host__ __device__ counting_iterator operator+(long __n) const { return counting_iterator(__v + (_Tp)__n); }
  __host__ __device__ long operator-(const counting_iterator &__o) const { return (long)(__v - __o.__v); }
};
template <class _Tp> __host__ __device__ counting_iterator<_Tp> make_counting_iterator(_Tp __x) {
  return counting_iterator<_Tp>(__x);
}
template <class _Tp> class constant_iterator {
  _Tp __v;

public:
  typedef _Tp value_type;
  __host__ __device__ constant_iterator(_Tp __x) : __v(__x) {}
  __host__ __device__ _Tp operator[](long) const { return __v; }
  __host__ __device__ _Tp operator*() const { return __v; }
  __host__ __device__ constant_iterator operator+(long) const { return *this; }
};
template <class _Tp> __host__ __device__ constant_iterator<_Tp> make_constant_iterator(_Tp __x) {
  return constant_iterator<_Tp>(__x);
}
template <class... _Args> __host__ __device__ __any make_transform_iterator(_Args &&...);
template <class... _Args> __host__ __device__ __any make_zip_iterator(_Args &&...);
template <class... _Args> __host__ __device__ __any make_permutation_iterator(_Args &&...);
template <class... _Args> __host__ __device__ __any make_discard_iterator(_Args &&...);
template <class... _Args> __host__ __device__ __any make_reverse_iterator(_Args &&...);
template <class... _Args> __host__ __device__ __any make_tuple(_Args &&...);
template <class... _Args> __host__ __device__ __any tie(_Args &...);
template <int _Ip, class _Tuple> __host__ __device__ __any get(_Tuple &&);
template <class... _Tp> struct tuple {
  __host__ __device__ tuple() {}
  template <class... _Args> __host__ __device__ tuple(_Args &&...) {}
};

/* Algorithms: host calls (each takes anything; results unknown). */
#define __GPURACE_THRUST_ALGO(NAME) template <class... _Args> __host__ __any NAME(_Args &&...);
__GPURACE_THRUST_ALGO(sort)
__GPURACE_THRUST_ALGO(sort_by_key)
__GPURACE_THRUST_ALGO(stable_sort)
__GPURACE_THRUST_ALGO(stable_sort_by_key)
__GPURACE_THRUST_ALGO(reduce)
__GPURACE_THRUST_ALGO(reduce_by_key)
__GPURACE_THRUST_ALGO(transform)
__GPURACE_THRUST_ALGO(transform_if)
__GPURACE_THRUST_ALGO(transform_reduce)
__GPURACE_THRUST_ALGO(inclusive_scan)
__GPURACE_THRUST_ALGO(exclusive_scan)
__GPURACE_THRUST_ALGO(inclusive_scan_by_key)
__GPURACE_THRUST_ALGO(exclusive_scan_by_key)
__GPURACE_THRUST_ALGO(transform_inclusive_scan)
__GPURACE_THRUST_ALGO(transform_exclusive_scan)
__GPURACE_THRUST_ALGO(copy)
__GPURACE_THRUST_ALGO(copy_if)
__GPURACE_THRUST_ALGO(copy_n)
__GPURACE_THRUST_ALGO(fill)
__GPURACE_THRUST_ALGO(fill_n)
__GPURACE_THRUST_ALGO(uninitialized_fill)
__GPURACE_THRUST_ALGO(sequence)
__GPURACE_THRUST_ALGO(tabulate)
__GPURACE_THRUST_ALGO(generate)
__GPURACE_THRUST_ALGO(count)
__GPURACE_THRUST_ALGO(count_if)
__GPURACE_THRUST_ALGO(remove)
__GPURACE_THRUST_ALGO(remove_if)
__GPURACE_THRUST_ALGO(remove_copy_if)
__GPURACE_THRUST_ALGO(unique)
__GPURACE_THRUST_ALGO(unique_by_key)
__GPURACE_THRUST_ALGO(unique_copy)
__GPURACE_THRUST_ALGO(max_element)
__GPURACE_THRUST_ALGO(min_element)
__GPURACE_THRUST_ALGO(minmax_element)
__GPURACE_THRUST_ALGO(for_each)
__GPURACE_THRUST_ALGO(for_each_n)
__GPURACE_THRUST_ALGO(gather)
__GPURACE_THRUST_ALGO(scatter)
__GPURACE_THRUST_ALGO(equal)
__GPURACE_THRUST_ALGO(inner_product)
__GPURACE_THRUST_ALGO(replace)
__GPURACE_THRUST_ALGO(replace_if)
__GPURACE_THRUST_ALGO(reverse)
__GPURACE_THRUST_ALGO(find)
__GPURACE_THRUST_ALGO(find_if)
__GPURACE_THRUST_ALGO(lower_bound)
__GPURACE_THRUST_ALGO(upper_bound)
__GPURACE_THRUST_ALGO(binary_search)
__GPURACE_THRUST_ALGO(adjacent_difference)
__GPURACE_THRUST_ALGO(merge)
__GPURACE_THRUST_ALGO(merge_by_key)
__GPURACE_THRUST_ALGO(partition)
__GPURACE_THRUST_ALGO(stable_partition)
__GPURACE_THRUST_ALGO(all_of)
__GPURACE_THRUST_ALGO(any_of)
__GPURACE_THRUST_ALGO(none_of)
__GPURACE_THRUST_ALGO(shuffle)
__GPURACE_THRUST_ALGO(set_difference)
__GPURACE_THRUST_ALGO(set_intersection)
__GPURACE_THRUST_ALGO(set_union)
__GPURACE_THRUST_ALGO(is_sorted)
#undef __GPURACE_THRUST_ALGO

/* Complex numbers. */
template <class _Tp> struct complex {
  _Tp __re, __im;
  __host__ __device__ complex(_Tp __r = _Tp(), _Tp __i = _Tp()) : __re(__r), __im(__i) {}
  __host__ __device__ _Tp real() const { return __re; }
  __host__ __device__ _Tp imag() const { return __im; }
  __host__ __device__ void real(_Tp __r) { __re = __r; }
  __host__ __device__ void imag(_Tp __i) { __im = __i; }
  __host__ __device__ complex &operator+=(const complex &__o) { __re += __o.__re; __im += __o.__im; return *this; }
  __host__ __device__ complex &operator-=(const complex &__o) { __re -= __o.__re; __im -= __o.__im; return *this; }
  __host__ __device__ complex &operator*=(const complex &__o) {
    _Tp __r = __re * __o.__re - __im * __o.__im;
    __im = __re * __o.__im + __im * __o.__re;
    __re = __r;
    return *this;
  }
};
template <class _Tp> __host__ __device__ complex<_Tp> operator+(const complex<_Tp> &__a, const complex<_Tp> &__b) {
  return complex<_Tp>(__a.real() + __b.real(), __a.imag() + __b.imag());
}
template <class _Tp> __host__ __device__ complex<_Tp> operator-(const complex<_Tp> &__a, const complex<_Tp> &__b) {
  return complex<_Tp>(__a.real() - __b.real(), __a.imag() - __b.imag());
}
template <class _Tp> __host__ __device__ complex<_Tp> operator*(const complex<_Tp> &__a, const complex<_Tp> &__b) {
  return complex<_Tp>(__a.real() * __b.real() - __a.imag() * __b.imag(),
                      __a.real() * __b.imag() + __a.imag() * __b.real());
}
template <class _Tp> __host__ __device__ complex<_Tp> operator*(const complex<_Tp> &__a, const _Tp &__s) {
  return complex<_Tp>(__a.real() * __s, __a.imag() * __s);
}
template <class _Tp> __host__ __device__ complex<_Tp> operator*(const _Tp &__s, const complex<_Tp> &__a) {
  return complex<_Tp>(__a.real() * __s, __a.imag() * __s);
}
template <class _Tp> __host__ __device__ complex<_Tp> operator/(const complex<_Tp> &__a, const complex<_Tp> &__b) {
  _Tp __d = __b.real() * __b.real() + __b.imag() * __b.imag();
  return complex<_Tp>((__a.real() * __b.real() + __a.imag() * __b.imag()) / __d,
                      (__a.imag() * __b.real() - __a.real() * __b.imag()) / __d);
}
template <class _Tp> __host__ __device__ complex<_Tp> operator/(const complex<_Tp> &__a, const _Tp &__s) {
  return complex<_Tp>(__a.real() / __s, __a.imag() / __s);
}
template <class _Tp> __host__ __device__ complex<_Tp> conj(const complex<_Tp> &__a) {
  return complex<_Tp>(__a.real(), -__a.imag());
}
template <class _Tp> __host__ __device__ _Tp norm(const complex<_Tp> &__a) {
  return __a.real() * __a.real() + __a.imag() * __a.imag();
}
template <class _Tp> __host__ __device__ _Tp abs(const complex<_Tp> &__a) { return sqrt(norm(__a)); }
template <class _Tp> __host__ __device__ _Tp arg(const complex<_Tp> &__a) { return atan2(__a.imag(), __a.real()); }
template <class _Tp> __host__ __device__ complex<_Tp> exp(const complex<_Tp> &__a) {
  _Tp __m = ::exp(__a.real());
  return complex<_Tp>(__m * cos(__a.imag()), __m * sin(__a.imag()));
}
template <class _Tp> __host__ __device__ complex<_Tp> polar(const _Tp &__r, const _Tp &__t = _Tp()) {
  return complex<_Tp>(__r * cos(__t), __r * sin(__t));
}
/* The rest of <thrust/complex.h>'s functions: values only (no memory), so
 * each is a bodiless declaration the analyses treat as a pure function. */
#define __GPURACE_COMPLEX1(F) template <class _Tp> __host__ __device__ complex<_Tp> F(const complex<_Tp> &);
__GPURACE_COMPLEX1(log) __GPURACE_COMPLEX1(log10) __GPURACE_COMPLEX1(sqrt) __GPURACE_COMPLEX1(sin)
__GPURACE_COMPLEX1(cos) __GPURACE_COMPLEX1(tan) __GPURACE_COMPLEX1(sinh) __GPURACE_COMPLEX1(cosh)
__GPURACE_COMPLEX1(tanh) __GPURACE_COMPLEX1(asin) __GPURACE_COMPLEX1(acos) __GPURACE_COMPLEX1(atan)
__GPURACE_COMPLEX1(asinh) __GPURACE_COMPLEX1(acosh) __GPURACE_COMPLEX1(atanh) __GPURACE_COMPLEX1(proj)
#undef __GPURACE_COMPLEX1
template <class _Tp> __host__ __device__ complex<_Tp> pow(const complex<_Tp> &, const complex<_Tp> &);
template <class _Tp> __host__ __device__ complex<_Tp> pow(const complex<_Tp> &, const _Tp &);
template <class _Tp> __host__ __device__ complex<_Tp> pow(const _Tp &, const complex<_Tp> &);

/* Random numbers (values unknown to the analysis). */
class default_random_engine {
  unsigned int __s;

public:
  typedef unsigned int result_type;
  __host__ __device__ default_random_engine(unsigned int __seed = 1u) : __s(__seed) {}
  __host__ __device__ void discard(unsigned long long __n) { __s += (unsigned int)__n; }
  __host__ __device__ void seed(unsigned int __seed) { __s = __seed; }
  __host__ __device__ unsigned int operator()() { __s = __s * 48271u % 2147483647u; return __s; }
};
typedef default_random_engine minstd_rand;
typedef default_random_engine taus88;
namespace random {
using thrust::default_random_engine;
using thrust::minstd_rand;
using thrust::taus88;
template <class _Tp = float> class uniform_real_distribution {
  _Tp __a, __b;

public:
  __host__ __device__ uniform_real_distribution(_Tp __lo = 0, _Tp __hi = 1) : __a(__lo), __b(__hi) {}
  template <class _Engine> __host__ __device__ _Tp operator()(_Engine &__e) {
    return __a + (__b - __a) * (_Tp)__e() / (_Tp)2147483647u;
  }
};
template <class _Tp = int> class uniform_int_distribution {
  _Tp __a, __b;

public:
  __host__ __device__ uniform_int_distribution(_Tp __lo = 0, _Tp __hi = 2147483647) : __a(__lo), __b(__hi) {}
  template <class _Engine> __host__ __device__ _Tp operator()(_Engine &__e) {
    return __a + (_Tp)(__e() % (unsigned int)(__b - __a + 1));
  }
};
template <class _Tp = float> class normal_distribution {
  _Tp __m, __s;

public:
  __host__ __device__ normal_distribution(_Tp __mean = 0, _Tp __sd = 1) : __m(__mean), __s(__sd) {}
  template <class _Engine> __host__ __device__ _Tp operator()(_Engine &__e) {
    return __m + __s * ((_Tp)__e() / (_Tp)2147483647u - (_Tp)0.5);
  }
};
} // namespace random
using random::normal_distribution;
using random::uniform_int_distribution;
using random::uniform_real_distribution;

namespace placeholders {
struct __placeholder {};
static const __placeholder _1 = __placeholder();
static const __placeholder _2 = __placeholder();
}

} // namespace thrust
