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

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "bindings/convert.h"
#include "depth.h"
#include "experiments.h"
#include "relative_position.h"
#include "size_limits.h"
// memory: the heap counters and memory_point
#include <emscripten/emmalloc.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <unistd.h>

#include <cstdlib>
#include <new>

#include "attention.h"
#include "flash_attention.h"
#include "mask.h"
#include "random.h"

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
  return result_to(ap::scaling_experiment(ds_, n_, t_, s_), [](val& o, const auto& ps) {
    val points = val::array();
    for (const ap::ScalingPoint& p : ps) points.call<void>("push", point_to(p));
    o.set("points", points);
  });
}

// The fields of a permutation experiment, with `positions` after use_pe when given.
void permutation_fields(val& o, const ap::PermutationResult& v, const std::string* positions) {
  o.set("perm", indices_out(v.perm));
  o.set("use_pe", v.use_pe);
  if (positions) o.set("positions", *positions);
  o.set("permuted_input", matrix_to(v.permuted_input));
  o.set("out", matrix_to(v.out));
  o.set("out_permuted", matrix_to(v.out_permuted));
  o.set("permuted_out", matrix_to(v.permuted_out));
  o.set("weights", matrix_to(v.weights));
  o.set("weights_permuted", matrix_to(v.weights_permuted));
  o.set("max_abs_diff", v.max_abs_diff);
}

val js_permutation_experiment(val X, val perm, bool use_pe) {
  std::vector<std::size_t> p;
  ap::Status s = counts("permutation_experiment", "perm", doubles(perm), ap::kMaxRows, p);
  if (!s.ok()) return failure(s);
  return result_to(
      ap::permutation_experiment(matrix_from(X), p, use_pe),
      [](val& o, const ap::PermutationResult& v) { permutation_fields(o, v, nullptr); });
}

val js_seeded_permutation(double n, double seed) {
  const char* fn = "seeded_permutation";
  std::size_t n_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s : {count(fn, "n", n, ap::kMaxRows, n_), seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  return result_to(ap::seeded_permutation(n_, s_),
                   [](val& o, const auto& perm) { o.set("perm", indices_out(perm)); });
}

val js_quadratic_point(double n, double d, double seed) {
  const char* fn = "quadratic_point";
  std::size_t n_ = 0, d_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s : {count(fn, "n", n, ap::kMaxRows, n_), count(fn, "d", d, ap::kMaxCols, d_),
                       seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  return result_to(ap::quadratic_point(n_, d_, s_), [](val& o, const auto& v) {
    o.set("n", v.n);
    o.set("d", v.d);
    o.set("entries", v.entries);
    o.set("bytes", v.bytes);
    o.set("checksum", v.checksum);
  });
}

val js_fit_loglog_slope(val xs, val ys) {
  return result_to(ap::fit_loglog_slope(doubles(xs), doubles(ys)), [](val& o, const auto& v) {
    o.set("slope", v.slope);
    o.set("intercept", v.intercept);
    o.set("r2", v.r2);
  });
}

val js_h1_check(val Q, val K, val V, val mask) {
  ap::Mask mask_copy;
  const ap::Mask* M = optional_mask(mask, mask_copy);
  return result_to(ap::h1_check(matrix_from(Q), matrix_from(K), matrix_from(V), M),
                   [](val& o, const auto& v) {
                     o.set("max_out_diff", v.max_out_diff);
                     o.set("max_weight_diff", v.max_weight_diff);
                   });
}

// ---- relative position ------------------------------------------
// relative_position_experiment(n, d, seed, base, interleaved),
// relative_position_scores(q, k, n, base, interleaved) and
// permutation_positions(X, perm, positions, base, interleaved) with positions
// 'none' | 'sinusoidal' | 'rope' | 'alibi'; interleaved false = 'half' pairing.

// The fields of a relative-position result: n, d, q, k, the score matrices, the deviations.
void relative_fields(val& o, const ap::RelativePositionResult& r) {
  o.set("n", r.n);
  o.set("d", r.d);
  o.set("q", copy_out(r.q));
  o.set("k", copy_out(r.k));
  o.set("rope_scores", matrix_to(r.rope_scores));
  o.set("sin_scores", matrix_to(r.sin_scores));
  o.set("rope_deviation", r.rope_deviation);
  o.set("sin_deviation", r.sin_deviation);
}

ap::RopeOptions rope_options(double base, bool interleaved) {
  return ap::RopeOptions{base, interleaved ? ap::Pairing::interleaved : ap::Pairing::half, 0.0};
}

val js_relative_position_experiment(double n, double d, double seed, double base,
                                    bool interleaved) {
  const char* fn = "relative_position_experiment";
  std::size_t n_ = 0, d_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s : {count(fn, "n", n, ap::kMaxRows, n_), count(fn, "d", d, ap::kMaxCols, d_),
                       seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  return result_to(ap::relative_position_experiment(n_, d_, s_, rope_options(base, interleaved)),
                   relative_fields);
}

val js_relative_position_scores(val q, val k, double n, double base, bool interleaved) {
  std::size_t n_ = 0;
  ap::Status s = count("relative_position_scores", "n", n, ap::kMaxRows, n_);
  if (!s.ok()) return failure(s);
  return result_to(
      ap::relative_position_scores(doubles(q), doubles(k), n_, rope_options(base, interleaved)),
      relative_fields);
}

val js_permutation_positions(val X, val perm, std::string positions, double base,
                             bool interleaved) {
  const char* fn = "permutation_positions";
  const ap::Positions p = positions == "sinusoidal" ? ap::Positions::sinusoidal
                          : positions == "rope"     ? ap::Positions::rope
                          : positions == "alibi"    ? ap::Positions::alibi
                                                    : ap::Positions::none;
  if (p == ap::Positions::none && positions != "none")
    return failure(
        ap::Status::Error("invalid_argument",
                          std::string(fn) + ": positions must be none, sinusoidal, rope or alibi"));
  std::vector<std::size_t> order;
  ap::Status s = counts(fn, "perm", doubles(perm), ap::kMaxRows, order);
  if (!s.ok()) return failure(s);
  return result_to(
      ap::permutation_experiment(matrix_from(X), order, p, rope_options(base, interleaved)),
      [&positions](val& o, const ap::PermutationResult& v) {
        permutation_fields(o, v, &positions);
      });
}
// ---- end of relative position -----------------------------------

// ---- depth -------------------------------------------------------
// depth_experiment(n, d, L, seed) and depth_curves(X0, layers) with layers an
// array of { Wq, Wk, Wv } matrices: each returns { attention, residual,
// pre_ln } (each { r: Float64Array (L + 1), ratio, collapsed }) and the
// collapse threshold.

// The three depth curves, by variant name, and the collapse threshold.
void depth_fields(val& o, const ap::DepthCurves& curves) {
  for (std::size_t v = 0; v < ap::kDepthVariants; ++v) {
    const ap::DepthCurve& c = curves[v];
    val curve = val::object();
    curve.set("r", copy_out(c.r));
    curve.set("ratio", c.ratio);
    curve.set("collapsed", c.collapsed);
    o.set(ap::depth_variant_name(static_cast<ap::DepthVariant>(v)), curve);
  }
  o.set("threshold", ap::kCollapseThreshold);
}

val js_depth_experiment(double n, double d, double L, double seed) {
  const char* fn = "depth_experiment";
  std::size_t n_ = 0, d_ = 0, L_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s : {count(fn, "n", n, ap::kMaxRows, n_), count(fn, "d", d, ap::kMaxCols, d_),
                       count(fn, "L", L, ap::kMaxDepthLayers, L_), seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  return result_to(ap::depth_experiment(n_, d_, L_, s_), [](val& o, const auto& v) {
    depth_fields(o, v.curves);
    o.set("n", v.n);
    o.set("d", v.d);
    o.set("L", v.layers);
  });
}

val js_depth_curves(val X0, val layers) {
  std::vector<ap::DepthLayer> ls(layers["length"].as<std::size_t>());
  for (std::size_t l = 0; l < ls.size(); ++l) {
    const val layer = layers[l];
    ls[l] = {matrix_from(layer["Wq"]), matrix_from(layer["Wk"]), matrix_from(layer["Wv"])};
  }
  return result_to(ap::depth_curves(matrix_from(X0), ls), depth_fields);
}
// ---- end of depth ------------------------------------------------

// ---- memory -------------------------------------------------------
// heap_stats() → { heap_size, sbrk, in_use, peak }: the WASM memory's size
// (emscripten_get_heap_size, what HEAP8.byteLength reads), the sbrk break,
// and the bytes the C++ side holds through operator new (every std::vector,
// Matrix and Mask of the core) with their high-water mark since the last
// memory_point (the counting operator new at the end of this file).
// memory_point(op, n, d, causal, seed): Q, K, V (n, d) drawn standard normal
// from `seed` (Q, then K, then V, as quadratic_point), and for 'attention'
// with causal its (n, n) mask, all before the measurement; then one call of
// attention() ('attention') or flash_attention() ('flash'), timed with
// emscripten_get_now, and `peak_bytes` = the high-water mark of the bytes in
// use during the call minus those in use before it: the call's own memory
// (its result and its scratch), not its inputs. heap_before / heap_after: the
// WASM memory's size around the call (it only grows).

// Atomic: in the build with two threads both threads allocate (multi_head's heads, for one).
struct HeapCount {
  std::atomic<std::size_t> in_use{0};
  std::atomic<std::size_t> peak{0};
};
HeapCount& heap_count() {
  static HeapCount c;  // zero before any operator new runs (constant-initialised)
  return c;
}

double heap_size() { return static_cast<double>(emscripten_get_heap_size()); }

val js_heap_stats() {
  val o = success();
  o.set("heap_size", heap_size());
  o.set("sbrk", static_cast<double>(reinterpret_cast<std::uintptr_t>(sbrk(0))));
  o.set("in_use", static_cast<double>(heap_count().in_use.load()));
  o.set("peak", static_cast<double>(heap_count().peak.load()));
  return o;
}

template <class R>
val memory_result(const char* op, const R& r, std::size_t n, std::size_t d, bool causal, double ms,
                  std::size_t before, double heap_before) {
  return result_to(r, [&](val& o, const auto& v) {
    o.set("op", std::string(op));
    o.set("n", n);
    o.set("d", d);
    o.set("causal", causal);
    o.set("ms", ms);
    o.set("peak_bytes", static_cast<double>(heap_count().peak.load() - before));
    o.set("heap_before", heap_before);
    o.set("heap_after", heap_size());
    double sum = 0;
    for (double x : v.out.data) sum += x;
    o.set("checksum", sum);
  });
}

val js_memory_point(std::string op, double n, double d, bool causal, double seed) {
  const char* fn = "memory_point";
  if (op != "attention" && op != "flash")
    return failure(
        ap::Status::Error("invalid_argument", std::string(fn) + ": op must be attention or flash"));
  const bool flash = op == "flash";
  std::size_t n_ = 0, d_ = 0;
  std::uint64_t s_ = 0;
  for (ap::Status s : {count(fn, "n", n, flash ? ap::kMaxFlashRows : ap::kMaxRows, n_),
                       count(fn, "d", d, ap::kMaxCols, d_), seed_arg(fn, "seed", seed, s_)})
    if (!s.ok()) return failure(s);
  if (n_ == 0 || d_ == 0)
    return failure(
        ap::Status::Error("invalid_argument", std::string(fn) + ": n and d must be ≥ 1"));
  if (n_ * d_ > ap::kMaxValues)
    return failure(ap::Status::Error(
        "too_large", std::string(fn) + ": n·d = " + std::to_string(n_ * d_) +
                         " values per matrix: the limit is " + std::to_string(ap::kMaxValues)));
  ap::Rng rng(s_);
  ap::Matrix Q(n_, d_), K(n_, d_), V(n_, d_);
  for (ap::Matrix* m : {&Q, &K, &V})
    for (double& x : m->data) x = rng.normal();
  ap::Mask mask;
  if (!flash && causal) {
    auto m = ap::causal_mask(n_);
    if (!m.ok()) return failure(m.status);
    mask = std::move(m.value);
  }
  const double heap_before = heap_size();
  HeapCount& c = heap_count();
  const std::size_t before = c.in_use.load();
  c.peak.store(before);
  const double t0 = emscripten_get_now();
  if (flash) {
    ap::FlashOptions o;
    o.causal = causal;
    auto r = ap::flash_attention(Q, K, V, nullptr, o);
    return memory_result("flash", r, n_, d_, causal, emscripten_get_now() - t0, before,
                         heap_before);
  }
  auto r = ap::attention(Q, K, V, causal ? &mask : nullptr);
  return memory_result("attention", r, n_, d_, causal, emscripten_get_now() - t0, before,
                       heap_before);
}
// ---- end of memory ------------------------------------------------

}  // namespace

EMSCRIPTEN_BINDINGS(experiments) {
  emscripten::function("scaling_point", &js_scaling_point);
  emscripten::function("scaling_experiment", &js_scaling_experiment);
  emscripten::function("permutation_experiment", &js_permutation_experiment);
  emscripten::function("seeded_permutation", &js_seeded_permutation);
  emscripten::function("quadratic_point", &js_quadratic_point);
  emscripten::function("fit_loglog_slope", &js_fit_loglog_slope);
  emscripten::function("h1_check", &js_h1_check);
  // relative position (experiments 5 and 7)
  emscripten::function("relative_position_experiment", &js_relative_position_experiment);
  emscripten::function("relative_position_scores", &js_relative_position_scores);
  emscripten::function("permutation_positions", &js_permutation_positions);
  // depth (experiment 6)
  emscripten::function("depth_experiment", &js_depth_experiment);
  emscripten::function("depth_curves", &js_depth_curves);
  // memory (experiment 7)
  emscripten::function("heap_stats", &js_heap_stats);
  emscripten::function("memory_point", &js_memory_point);
}

// ---- memory (experiment 7): the counting operator new --------------
// Every operator new / delete of the module goes through these (a program may
// replace them, [replacement.functions]); they keep heap_count()'s bytes in
// use (malloc_usable_size of each block) and their high-water mark, for
// memory_point. Same behaviour otherwise: malloc, free, bad_alloc when malloc fails.
namespace {
void* counted(void* p) {
  if (!p) throw std::bad_alloc();
  HeapCount& c = heap_count();
  const std::size_t size = malloc_usable_size(p);
  const std::size_t now = c.in_use.fetch_add(size, std::memory_order_relaxed) + size;
  std::size_t peak = c.peak.load(std::memory_order_relaxed);
  while (now > peak && !c.peak.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
  return p;
}
void uncounted(void* p) noexcept {
  if (!p) return;
  // never below 0 (in_use is unsigned): the first fit_loglog_slope call frees 4 bytes more than
  // were counted (a block whose usable size grew, or one not allocated here; not traced further)
  HeapCount& c = heap_count();
  const std::size_t size = malloc_usable_size(p);
  std::size_t held = c.in_use.load(std::memory_order_relaxed);
  while (!c.in_use.compare_exchange_weak(held, held - (size < held ? size : held),
                                         std::memory_order_relaxed)) {
  }
  std::free(p);
}
void* aligned(std::size_t size, std::align_val_t a) {
  return counted(memalign(static_cast<std::size_t>(a), size ? size : 1));
}
}  // namespace

void* operator new(std::size_t size) { return counted(std::malloc(size ? size : 1)); }
void* operator new[](std::size_t size) { return counted(std::malloc(size ? size : 1)); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  void* p = std::malloc(size ? size : 1);
  return p ? counted(p) : nullptr;
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  void* p = std::malloc(size ? size : 1);
  return p ? counted(p) : nullptr;
}
void* operator new(std::size_t size, std::align_val_t a) { return aligned(size, a); }
void* operator new[](std::size_t size, std::align_val_t a) { return aligned(size, a); }
void operator delete(void* p) noexcept { uncounted(p); }
void operator delete[](void* p) noexcept { uncounted(p); }
void operator delete(void* p, std::size_t) noexcept { uncounted(p); }
void operator delete[](void* p, std::size_t) noexcept { uncounted(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { uncounted(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { uncounted(p); }
void operator delete(void* p, std::align_val_t) noexcept { uncounted(p); }
void operator delete[](void* p, std::align_val_t) noexcept { uncounted(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { uncounted(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { uncounted(p); }
// ---- end of memory ------------------------------------------------
