// cost_bindings.cpp — the adapter of cpp/cost.h. No maths here.
//
// cost(fn, dims): dims a Float64Array (sizes as doubles: a link's 2³² − 1 rows
// do not wrap); { ok: true, multiply_adds, result_bytes, message } with the
// message the call itself would give when it is over the core's caps ("" when
// within them), or { ok: false, code, message } for an unknown function or the
// wrong number of dimensions.
#include <string>

#include "bindings/wire.h"
#include "cost.h"

namespace {

using namespace ap_js;

void cost(Args& a, Out& o) {
  const std::string fn = a.text();
  const std::vector<double> dims = a.doubles("dims");
  if (!a.ok()) return o.fail(a.status());
  auto r = ap::cost_of(fn, dims);
  if (!o.begin(r)) return;
  o.number("multiply_adds", r.value.multiply_adds);
  o.number("result_bytes", r.value.result_bytes);
  const ap::Status s = ap::check_cost(r.value.fn, r.value);
  o.text("message", s.ok() ? std::string() : s.message);
}

const Bindings list{{"cost", "sv", cost}};

}  // namespace
