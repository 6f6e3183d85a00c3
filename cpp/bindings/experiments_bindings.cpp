// experiments_bindings.cpp — embind adapters for cpp/experiments.h. No maths here.
//
// Same conventions as bindings.cpp (conversions in convert.h):
//  * a matrix crosses as { data: Float64Array, rows, cols }, a mask as
//    { data: Uint8Array, rows, cols } or null, a list of numbers (ds, perm,
//    xs, ys) as a typed array or a plain array;
//  * every function returns { ok: true, …fields } or { ok: false, code, message };
//  * counts and seeds arrive as JS numbers and are checked here (count_arg,
//    seed_arg in convert.h) to be whole numbers 0 … their limit before any
//    cast (a cast of −1 or NaN to size_t would be undefined behaviour, and
//    2³² + 4 would wrap to 4 in wasm32's 32-bit size_t); 0 reaches the core,
//    which reports it.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings/convert.h"
#include "experiments.h"
#include "size_limits.h"

using emscripten::val;

namespace {

using namespace ap_js;

// A count 0 … max (count_arg with 0 allowed: the core reports 0 in its own words).
ap::Status count(const char* fn, const char* arg, double x, std::size_t max, std::size_t& out) {
  return count_arg(fn, arg, x, 0, max, out);
}

// Every entry of `xs` a count 0 … max; `arg` names the list ("perm" → "perm[2]").
ap::Status counts(const char* fn, const std::string& arg, const std::vector<double>& xs,
                  std::size_t max, std::vector<std::size_t>& out) {
  out.resize(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const std::string name = arg + "[" + std::to_string(i) + "]";
    ap::Status s = count(fn, name.c_str(), xs[i], max, out[i]);
    if (!s.ok()) return s;
  }
  return ap::Status::Ok();
}

val indices_out(const std::vector<std::size_t>& v) {
  return copy_out(std::vector<std::uint32_t>(v.begin(), v.end()));
}

val point_to(const ap::ScalingPoint& p) {
  val o = val::object();
  o.set("d", p.d);
  o.set("n", p.n);
  o.set("trials", p.trials);
  o.set("point_seed", std::to_string(p.seed));  // a uint64: a string keeps every digit
  o.set("max_scaled_mean", p.max_scaled_mean);
  o.set("max_scaled_std", p.max_scaled_std);
  o.set("max_unscaled_mean", p.max_unscaled_mean);
  o.set("max_unscaled_std", p.max_unscaled_std);
  o.set("max_scaled_median", p.max_scaled_median);
  o.set("max_unscaled_median", p.max_unscaled_median);
  o.set("entropy_scaled_mean", p.entropy_scaled_mean);
  o.set("entropy_unscaled_mean", p.entropy_unscaled_mean);
  o.set("entropy_max", p.entropy_max);
  return o;
}

val js_scaling_point(double d, double n, double trials, double seed) {
  const char* fn = "scaling_point";
  std::size_t d_ = 0, n_ = 0, t_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s :
       {count(fn, "d", d, ap::kMaxCols, d_), count(fn, "n", n, ap::kMaxRows, n_),
        count(fn, "trials", trials, ap::kMaxTrials, t_), seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  auto r = ap::scaling_point(d_, n_, t_, s_);
  if (!r.ok()) return failure(r.status);
  val o = point_to(r.value);
  o.set("ok", true);
  return o;
}

val js_scaling_experiment(val ds, double n, double trials, double seed) {
  const char* fn = "scaling_experiment";
  std::vector<std::size_t> ds_;
  std::size_t n_ = 0, t_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s :
       {counts(fn, "ds", doubles(ds), ap::kMaxCols, ds_), count(fn, "n", n, ap::kMaxRows, n_),
        count(fn, "trials", trials, ap::kMaxTrials, t_), seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  auto r = ap::scaling_experiment(ds_, n_, t_, s_);
  if (!r.ok()) return failure(r.status);
  val points = val::array();
  for (const ap::ScalingPoint& p : r.value) points.call<void>("push", point_to(p));
  val o = success();
  o.set("points", points);
  return o;
}

val js_permutation_experiment(val X, val perm, bool use_pe) {
  std::vector<std::size_t> p;
  ap::Status s = counts("permutation_experiment", "perm", doubles(perm), ap::kMaxRows, p);
  if (!s.ok()) return failure(s);
  auto r = ap::permutation_experiment(matrix_from(X), p, use_pe);
  if (!r.ok()) return failure(r.status);
  val o = success();
  o.set("perm", indices_out(r.value.perm));
  o.set("use_pe", r.value.use_pe);
  o.set("permuted_input", matrix_to(r.value.permuted_input));
  o.set("out", matrix_to(r.value.out));
  o.set("out_permuted", matrix_to(r.value.out_permuted));
  o.set("permuted_out", matrix_to(r.value.permuted_out));
  o.set("weights", matrix_to(r.value.weights));
  o.set("weights_permuted", matrix_to(r.value.weights_permuted));
  o.set("max_abs_diff", r.value.max_abs_diff);
  return o;
}

val js_seeded_permutation(double n, double seed) {
  const char* fn = "seeded_permutation";
  std::size_t n_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s : {count(fn, "n", n, ap::kMaxRows, n_), seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  auto r = ap::seeded_permutation(n_, s_);
  if (!r.ok()) return failure(r.status);
  val o = success();
  o.set("perm", indices_out(r.value));
  return o;
}

val js_quadratic_point(double n, double d, double seed) {
  const char* fn = "quadratic_point";
  std::size_t n_ = 0, d_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s : {count(fn, "n", n, ap::kMaxRows, n_), count(fn, "d", d, ap::kMaxCols, d_),
                       seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  auto r = ap::quadratic_point(n_, d_, s_);
  if (!r.ok()) return failure(r.status);
  val o = success();
  o.set("n", r.value.n);
  o.set("d", r.value.d);
  o.set("entries", r.value.entries);
  o.set("bytes", r.value.bytes);
  o.set("checksum", r.value.checksum);
  return o;
}

val js_fit_loglog_slope(val xs, val ys) {
  auto r = ap::fit_loglog_slope(doubles(xs), doubles(ys));
  if (!r.ok()) return failure(r.status);
  val o = success();
  o.set("slope", r.value.slope);
  o.set("intercept", r.value.intercept);
  o.set("r2", r.value.r2);
  return o;
}

val js_h1_check(val Q, val K, val V, val mask) {
  ap::Mask m;
  const bool has = mask_from(mask, m);
  auto r = ap::h1_check(matrix_from(Q), matrix_from(K), matrix_from(V), has ? &m : nullptr);
  if (!r.ok()) return failure(r.status);
  val o = success();
  o.set("max_out_diff", r.value.max_out_diff);
  o.set("max_weight_diff", r.value.max_weight_diff);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(experiments) {
  emscripten::function("scaling_point", &js_scaling_point);
  emscripten::function("scaling_experiment", &js_scaling_experiment);
  emscripten::function("permutation_experiment", &js_permutation_experiment);
  emscripten::function("seeded_permutation", &js_seeded_permutation);
  emscripten::function("quadratic_point", &js_quadratic_point);
  emscripten::function("fit_loglog_slope", &js_fit_loglog_slope);
  emscripten::function("h1_check", &js_h1_check);
}
