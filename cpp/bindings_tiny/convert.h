// convert.h — the trainer's embind conversions (no maths here).
//
// A matrix crosses as { data: Float64Array, rows, cols }, a batch as
// { data, batch, rows, cols }, a mask as { data: Uint8Array, rows, cols }
// (1 = visible) or null/undefined (optional_mask; a bias: optional_matrix,
// optional_tensor). Inputs are copied once into C++
// (one TypedArray.set into a C++ vector, convert.cpp), outputs once out
// (new TypedArray(typed_memory_view(...))), so JS never holds a handle to .delete().
// Results are { ok: true, …fields } or { ok: false, code, message } (result_to,
// failure, success).
// Counts and seeds arrive as JS numbers (doubles) and go through count_arg /
// seed_arg (js_numbers.h) before any cast: a cast of −1, NaN or 1e20 to size_t would be
// undefined behaviour (in practice a wrap: 1e20 → 0 on wasm32).
// The helpers are [[gnu::noinline]]: every adapter calls them rather than carrying
// its own copy (0.5 KB less of the gzipped download; they run once per call).
#pragma once

#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "bindings/js_numbers.h"  // js_number_str, check_whole, count_arg, seed_arg, first_failure
#include "size_limits.h"
#include "tensor.h"

namespace ap_js {

using emscripten::val;

// A shape field (rows, cols, batch) of a JS object; 0 when absent. A number
// that is not a whole number 0 … SIZE_MAX (−1, 2.5, NaN, 2³² on wasm32) reads
// as SIZE_MAX, which every shape check rejects, instead of wrapping to a
// plausible size.
[[gnu::noinline]] inline std::size_t size_of(const val& o, const char* key) {
  const val v = o[key];
  if (!v.isNumber()) return 0;
  const double x = v.as<double>();
  constexpr std::size_t kInvalid = std::numeric_limits<std::size_t>::max();
  // 2^digits is exact in a double; SIZE_MAX itself may not be
  const double limit = std::ldexp(1.0, std::numeric_limits<std::size_t>::digits);
  if (!(x >= 0.0) || x >= limit || std::floor(x) != x) return kInvalid;
  return static_cast<std::size_t>(x);
}

// `v instanceof Float64Array`. (clang-format 14 takes `instanceof` for the JS
// operator and would write `v.instanceof (…)`.)
inline bool is_float64_array(const val& v) {
  // clang-format off
  return v.instanceof(val::global("Float64Array"));
  // clang-format on
}

// True when JS passed null or undefined (or left the argument or key out).
inline bool absent(const val& v) { return v.isNull() || v.isUndefined(); }

// Ok when the `data` of argument `o` holds at most kMaxValues numbers, checked
// before the copy: three batches of 96 × 1024 × 1024 (800 MB each) ran the
// 2 GiB heap out of memory and aborted the module while being copied in.
[[gnu::noinline]] inline ap::Status values_within(const char* fn, const char* arg, const val& o) {
  const val data = o["data"];
  const std::size_t n = absent(data) ? 0 : size_of(data, "length");
  if (n <= ap::kMaxValues) return ap::Status::Ok();
  return ap::Status::Error("too_large", std::string(fn) + ": " + arg + " has " + std::to_string(n) +
                                            " values: the limit is " +
                                            std::to_string(ap::kMaxValues) +
                                            " values per argument (128 MiB)");
}

// Ok when Q, K and V each hold at most kMaxValues numbers (values_within), checked before the copy.
[[gnu::noinline]] inline ap::Status flash_values_within(const char* fn, const val& Q, const val& K,
                                                        const val& V) {
  ap::Status s = values_within(fn, "Q", Q);
  if (s.ok()) s = values_within(fn, "K", K);
  if (s.ok()) s = values_within(fn, "V", V);
  return s;
}

// The copies into C++ (convert.cpp, compiled for speed: a 4096-row mask is 16 MB). `typed` is a
// typed array; `o` a { data, rows, cols } (matrix_from) or { data, batch, rows, cols }
// (tensor_from).
std::vector<double> doubles(const val& typed);
ap::Matrix matrix_from(const val& o);
ap::Tensor3 tensor_from(const val& o);

// The mask, matrix (a bias) or batch (a bias per head) `v` copied into `storage`, or nullptr when
// `v` is null/undefined.
const ap::Mask* optional_mask(const val& v, ap::Mask& storage);
const ap::Matrix* optional_matrix(const val& v, ap::Matrix& storage);
const ap::Tensor3* optional_tensor(const val& v, ap::Tensor3& storage);

// The numbers of `o[key]`, or none when the key is missing, null or undefined.
[[gnu::noinline]] inline std::vector<double> optional_doubles(const val& o, const char* key) {
  const val v = o[key];
  return absent(v) ? std::vector<double>() : doubles(v);
}

// A JS-owned copy of `v`. `new Float64Array(view)` copies in one block;
// view.slice() was 3–4× slower on an 8 MB weight matrix in V8.
template <class T>
[[gnu::noinline]] val copy_out(const T* data, std::size_t size) {
  const val view(emscripten::typed_memory_view(size, data));
  return view["constructor"].new_(view);
}

// `into` (a JS typed array of exactly `size` elements, checked by the caller)
// filled from `data`: one TypedArray.set, no allocation.
template <class T>
[[gnu::noinline]] val copy_into(val into, const T* data, std::size_t size) {
  into.call<void>("set", val(emscripten::typed_memory_view(size, data)));
  return into;
}

template <class T>
val copy_out(const std::vector<T>& v) {
  return copy_out(v.data(), v.size());
}

// { data, rows, cols } from a row-major buffer of rows·cols values.
[[gnu::noinline]] inline val matrix_to(const double* data, std::size_t rows, std::size_t cols) {
  val o = val::object();
  o.set("data", copy_out(data, rows * cols));
  o.set("rows", rows);
  o.set("cols", cols);
  return o;
}

inline val matrix_to(const ap::Matrix& m) { return matrix_to(m.data.data(), m.rows, m.cols); }

// { data, batch, rows, cols } from a batch.
[[gnu::noinline]] inline val tensor_to(const ap::Tensor3& t) {
  val o = val::object();
  o.set("data", copy_out(t.data));
  o.set("batch", t.batch);
  o.set("rows", t.rows);
  o.set("cols", t.cols);
  return o;
}

[[gnu::noinline]] inline val failure(const ap::Status& s) {
  val o = val::object();
  o.set("ok", false);
  o.set("code", s.code);
  o.set("message", s.message);
  return o;
}

[[gnu::noinline]] inline val success() {
  val o = val::object();
  o.set("ok", true);
  return o;
}

// failure(r.status) when `r` failed, else { ok: true } with fill(o, r.value) setting its fields.
template <class T, class Fill>
val result_to(const ap::Result<T>& r, Fill fill) {
  if (!r.ok()) return failure(r.status);
  val o = success();
  fill(o, r.value);
  return o;
}

}  // namespace ap_js
