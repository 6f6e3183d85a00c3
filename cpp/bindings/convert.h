// convert.h — the conversions both binding files share (no maths here).
//
// A matrix crosses as { data: Float64Array, rows, cols }, a batch as
// { data, batch, rows, cols }, a mask as { data: Uint8Array, rows, cols }
// (1 = visible) or null/undefined. Inputs are copied once into C++
// (convertJSArrayToNumberVector is one TypedArray.set), outputs once out
// (new TypedArray(typed_memory_view(...))), so JS never holds a handle to .delete().
// Results are { ok: true, …fields } or { ok: false, code, message }.
#pragma once

#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "tensor.h"

namespace ap_js {

using emscripten::val;

inline std::size_t size_of(const val& o, const char* key) {
  const val v = o[key];
  return v.isNumber() ? static_cast<std::size_t>(v.as<double>()) : 0;
}

inline std::vector<double> doubles(const val& typed) {
  return emscripten::convertJSArrayToNumberVector<double>(typed);
}

inline ap::Matrix matrix_from(const val& o) {
  return ap::Matrix(size_of(o, "rows"), size_of(o, "cols"), doubles(o["data"]));
}

inline ap::Tensor3 tensor_from(const val& o) {
  ap::Tensor3 t;
  t.batch = size_of(o, "batch");
  t.rows = size_of(o, "rows");
  t.cols = size_of(o, "cols");
  t.data = doubles(o["data"]);
  return t;
}

// The mask, or false when JS passed null/undefined.
inline bool mask_from(const val& o, ap::Mask& m) {
  if (o.isNull() || o.isUndefined()) return false;
  m.rows = size_of(o, "rows");
  m.cols = size_of(o, "cols");
  m.data = emscripten::convertJSArrayToNumberVector<std::uint8_t>(o["data"]);
  return true;
}

// A JS-owned copy of `v`. `new Float64Array(view)` copies in one block;
// view.slice() was 3–4× slower on an 8 MB weight matrix in V8.
template <class T>
val copy_out(const T* data, std::size_t size) {
  const val view(emscripten::typed_memory_view(size, data));
  return view["constructor"].new_(view);
}

// `into` (a JS typed array of exactly `size` elements, checked by the caller)
// filled from `data`: one TypedArray.set, no allocation.
template <class T>
val copy_into(val into, const T* data, std::size_t size) {
  into.call<void>("set", val(emscripten::typed_memory_view(size, data)));
  return into;
}

template <class T>
val copy_out(const std::vector<T>& v) {
  return copy_out(v.data(), v.size());
}

// { data, rows, cols } from a row-major buffer of rows·cols values.
inline val matrix_to(const double* data, std::size_t rows, std::size_t cols) {
  val o = val::object();
  o.set("data", copy_out(data, rows * cols));
  o.set("rows", rows);
  o.set("cols", cols);
  return o;
}

inline val matrix_to(const ap::Matrix& m) { return matrix_to(m.data.data(), m.rows, m.cols); }

inline val failure(const ap::Status& s) {
  val o = val::object();
  o.set("ok", false);
  o.set("code", s.code);
  o.set("message", s.message);
  return o;
}

inline val success() {
  val o = val::object();
  o.set("ok", true);
  return o;
}

}  // namespace ap_js
