// linear_bindings.cpp — the adapter of cpp/linear_attention.h. No maths here.
//
// Same conventions as bindings.cpp (the call protocol in wire.h): Q, K, V cross as
// { data: Float64Array, rows, cols } (not copied in over kMaxValues), the result is
// { ok: true, out, weights? } or { ok: false, code, message }; `shift` arrives as a JS
// number and is checked to be a whole number in ±2³¹ before the cast.
#include "bindings/js_numbers.h"
#include "bindings/wire.h"
#include "linear_attention.h"

namespace {

using namespace ap_js;

void linear_attention(Args& a, Out& o) {
  const char* fn = "linear_attention";
  const ap::Matrix Q = a.matrix("Q"), K = a.matrix("K"), V = a.matrix("V");
  ap::LinearOptions opt;
  opt.causal = a.flag();
  const double shift = a.number();
  opt.weights = a.flag();
  ap::Status s = a.status();
  if (s.ok()) s = check_whole(fn, "shift", shift, -2147483648.0, 2147483647.0);
  if (!s.ok()) return o.fail(s);
  opt.shift = static_cast<long long>(shift);
  auto r = ap::linear_attention(Q, K, V, opt);
  if (!o.begin(r)) return;
  o.matrix("out", std::move(r.value.out));
  if (opt.weights) o.matrix("weights", std::move(r.value.weights));
}

const Bindings list{{"linear_attention", "mmmbnb", linear_attention}};

}  // namespace
