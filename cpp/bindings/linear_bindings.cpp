// linear_bindings.cpp — embind adapter for cpp/linear_attention.h. No maths here.
//
// Same conventions as bindings.cpp (conversions in convert.h): Q, K, V cross as
// { data: Float64Array, rows, cols } (checked against kMaxValues before the
// copy), the result is { ok: true, out, weights? } or { ok: false, code,
// message }; `shift` arrives as a JS number and is checked to be a whole
// number in ±2³¹ before the cast.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "bindings/convert.h"
#include "linear_attention.h"

using emscripten::val;

namespace {

using namespace ap_js;

// { ok, out (n_q, d_v), weights (n_q, n_k) when asked }
val js_linear_attention(val Q, val K, val V, bool causal, double shift, bool weights) {
  const char* fn = "linear_attention";
  ap::Status s = values_within(fn, "Q", Q);
  if (s.ok()) s = values_within(fn, "K", K);
  if (s.ok()) s = values_within(fn, "V", V);
  if (s.ok()) s = check_whole(fn, "shift", shift, -2147483648.0, 2147483647.0);
  if (!s.ok()) return failure(s);
  ap::LinearOptions o;
  o.causal = causal;
  o.shift = static_cast<long long>(shift);
  o.weights = weights;
  return result_to(ap::linear_attention(matrix_from(Q), matrix_from(K), matrix_from(V), o),
                   [weights](val& out, const ap::LinearResult& r) {
                     out.set("out", matrix_to(r.out));
                     if (weights) out.set("weights", matrix_to(r.weights));
                   });
}

}  // namespace

EMSCRIPTEN_BINDINGS(linear_attention) {
  emscripten::function("linear_attention", &js_linear_attention);
}
