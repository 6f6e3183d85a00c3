// cost_bindings.cpp — embind adapter for cpp/cost.h. No maths here.
//
// cost(fn, dims): dims a Float64Array (sizes as doubles: a link's 2³² − 1 rows
// do not wrap); { ok: true, multiply_adds, result_bytes, message } with the
// message the call itself would give when it is over the core's caps ("" when
// within them), or { ok: false, code, message } for an unknown function or the
// wrong number of dimensions.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "bindings/convert.h"
#include "cost.h"

using emscripten::val;

namespace {

using namespace ap_js;

val js_cost(std::string fn, val dims) {
  return result_to(ap::cost_of(fn, doubles(dims)), [](val& o, const ap::Cost& c) {
    o.set("multiply_adds", c.multiply_adds);
    o.set("result_bytes", c.result_bytes);
    const ap::Status s = ap::check_cost(c.fn, c);
    o.set("message", s.ok() ? std::string() : s.message);
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(cost) { emscripten::function("cost", &js_cost); }
