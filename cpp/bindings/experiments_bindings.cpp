// experiments_bindings.cpp — the adapters of cpp/experiments.h, relative_position.h, depth.h
// and the memory experiment. No maths here.
//
// Conventions as in bindings.cpp (the call protocol is wire.h's):
//  * a matrix crosses as { data: Float64Array, rows, cols }, a mask as
//    { data: Uint8Array, rows, cols } or null, a list of numbers (ds, perm,
//    xs, ys, q, k) as a typed array or a plain array; a permutation crosses
//    out as a Uint32Array;
//  * every function returns { ok: true, …fields } or { ok: false, code, message };
//  * counts and seeds arrive as JS numbers and are checked here (count_arg,
//    seed_arg in js_numbers.h) to be whole numbers 0 … their limit before any
//    cast (a cast of −1 or NaN to size_t would be undefined behaviour, and
//    2³² + 4 would wrap to 4 in wasm32's 32-bit size_t); 0 reaches the core,
//    which reports it.
// Each adapter reads its arguments in order (wire.h's Args), then checks them.
#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "bindings/js_numbers.h"
#include "bindings/wire.h"
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

// The fields of one scaling point, into the open object.
void point_fields(Out& o, const ap::ScalingPoint& p) {
  o.number("d", static_cast<double>(p.d));
  o.number("n", static_cast<double>(p.n));
  o.number("trials", static_cast<double>(p.trials));
  o.text("point_seed", std::to_string(p.seed));  // a uint64: a string keeps every digit
  o.number("max_scaled_mean", p.max_scaled_mean);
  o.number("max_scaled_std", p.max_scaled_std);
  o.number("max_unscaled_mean", p.max_unscaled_mean);
  o.number("max_unscaled_std", p.max_unscaled_std);
  o.number("max_scaled_median", p.max_scaled_median);
  o.number("max_unscaled_median", p.max_unscaled_median);
  o.number("entropy_scaled_mean", p.entropy_scaled_mean);
  o.number("entropy_unscaled_mean", p.entropy_unscaled_mean);
  o.number("entropy_max", p.entropy_max);
}

void scaling_point(Args& a, Out& o) {
  const char* fn = "scaling_point";
  const double d = a.number();
  const double n = a.number();
  const double trials = a.number();
  const double seed = a.number();
  std::size_t d_ = 0, n_ = 0, t_ = 0;
  std::uint64_t s_ = 0;
  ap::Status s = first_failure(
      {count(fn, "d", d, ap::kMaxCols, d_), count(fn, "n", n, ap::kMaxRows, n_),
       count(fn, "trials", trials, ap::kMaxTrials, t_), seed_arg(fn, "seed", seed, s_)});
  if (!s.ok()) return o.fail(s);
  auto r = ap::scaling_point(d_, n_, t_, s_);
  if (!o.begin(r)) return;
  point_fields(o, r.value);
}

void scaling_experiment(Args& a, Out& o) {
  const char* fn = "scaling_experiment";
  const std::vector<double> ds = a.doubles("ds");
  const double n = a.number();
  const double trials = a.number();
  const double seed = a.number();
  std::vector<std::size_t> ds_;
  std::size_t n_ = 0, t_ = 0;
  std::uint64_t s_ = 0;
  ap::Status s = first_failure(
      {counts(fn, "ds", ds, ap::kMaxCols, ds_), count(fn, "n", n, ap::kMaxRows, n_),
       count(fn, "trials", trials, ap::kMaxTrials, t_), seed_arg(fn, "seed", seed, s_)});
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  auto r = ap::scaling_experiment(ds_, n_, t_, s_);
  if (!o.begin(r)) return;
  o.begin_array("points");
  for (const ap::ScalingPoint& p : r.value) {
    o.begin_object(nullptr);
    point_fields(o, p);
    o.end();
  }
  o.end();
}

// The fields of a permutation experiment, with `positions` after use_pe when given.
void permutation_fields(Out& o, ap::PermutationResult& v, const std::string* positions) {
  o.indices("perm", v.perm);
  o.flag("use_pe", v.use_pe);
  if (positions) o.text("positions", *positions);
  o.matrix("permuted_input", std::move(v.permuted_input));
  o.matrix("out", std::move(v.out));
  o.matrix("out_permuted", std::move(v.out_permuted));
  o.matrix("permuted_out", std::move(v.permuted_out));
  o.matrix("weights", std::move(v.weights));
  o.matrix("weights_permuted", std::move(v.weights_permuted));
  o.number("max_abs_diff", v.max_abs_diff);
}

void permutation_experiment(Args& a, Out& o) {
  const ap::Matrix X = a.matrix("X");
  const std::vector<double> perm = a.doubles("perm");
  const bool use_pe = a.flag();
  std::vector<std::size_t> p;
  ap::Status s = counts("permutation_experiment", "perm", perm, ap::kMaxRows, p);
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  auto r = ap::permutation_experiment(X, p, use_pe);
  if (!o.begin(r)) return;
  permutation_fields(o, r.value, nullptr);
}

void seeded_permutation(Args& a, Out& o) {
  const char* fn = "seeded_permutation";
  const double n = a.number();
  const double seed = a.number();
  std::size_t n_ = 0;
  std::uint64_t s_ = 0;
  ap::Status s =
      first_failure({count(fn, "n", n, ap::kMaxRows, n_), seed_arg(fn, "seed", seed, s_)});
  if (!s.ok()) return o.fail(s);
  auto r = ap::seeded_permutation(n_, s_);
  if (!o.begin(r)) return;
  o.indices("perm", r.value);
}

void quadratic_point(Args& a, Out& o) {
  const char* fn = "quadratic_point";
  const double n = a.number();
  const double d = a.number();
  const double seed = a.number();
  std::size_t n_ = 0, d_ = 0;
  std::uint64_t s_ = 0;
  ap::Status s =
      first_failure({count(fn, "n", n, ap::kMaxRows, n_), count(fn, "d", d, ap::kMaxCols, d_),
                     seed_arg(fn, "seed", seed, s_)});
  if (!s.ok()) return o.fail(s);
  auto r = ap::quadratic_point(n_, d_, s_);
  if (!o.begin(r)) return;
  o.number("n", static_cast<double>(r.value.n));
  o.number("d", static_cast<double>(r.value.d));
  o.number("entries", r.value.entries);
  o.number("bytes", r.value.bytes);
  o.number("checksum", r.value.checksum);
}

void fit_loglog_slope(Args& a, Out& o) {
  const std::vector<double> xs = a.doubles("xs");
  const std::vector<double> ys = a.doubles("ys");
  if (!a.ok()) return o.fail(a.status());
  auto r = ap::fit_loglog_slope(xs, ys);
  if (!o.begin(r)) return;
  o.number("slope", r.value.slope);
  o.number("intercept", r.value.intercept);
  o.number("r2", r.value.r2);
}

void h1_check(Args& a, Out& o) {
  const ap::Matrix Q = a.matrix("Q");
  const ap::Matrix K = a.matrix("K");
  const ap::Matrix V = a.matrix("V");
  ap::Mask mask_copy;
  const ap::Mask* M = a.optional_mask(mask_copy);
  if (!a.ok()) return o.fail(a.status());
  auto r = ap::h1_check(Q, K, V, M);
  if (!o.begin(r)) return;
  o.number("max_out_diff", r.value.max_out_diff);
  o.number("max_weight_diff", r.value.max_weight_diff);
}

// ---- relative position ------------------------------------------
// relative_position_experiment(n, d, seed, base, interleaved),
// relative_position_scores(q, k, n, base, interleaved) and
// permutation_positions(X, perm, positions, base, interleaved) with positions
// 'none' | 'sinusoidal' | 'rope' | 'alibi'; interleaved false = 'half' pairing.

// The fields of a relative-position result: n, d, q, k, the score matrices, the deviations.
void relative_fields(Out& o, ap::RelativePositionResult& r) {
  o.number("n", static_cast<double>(r.n));
  o.number("d", static_cast<double>(r.d));
  o.doubles("q", std::move(r.q));
  o.doubles("k", std::move(r.k));
  o.matrix("rope_scores", std::move(r.rope_scores));
  o.matrix("sin_scores", std::move(r.sin_scores));
  o.number("rope_deviation", r.rope_deviation);
  o.number("sin_deviation", r.sin_deviation);
}

ap::RopeOptions rope_options(double base, bool interleaved) {
  return ap::RopeOptions{base, interleaved ? ap::Pairing::interleaved : ap::Pairing::half, 0.0};
}

void relative_position_experiment(Args& a, Out& o) {
  const char* fn = "relative_position_experiment";
  const double n = a.number();
  const double d = a.number();
  const double seed = a.number();
  const double base = a.number();
  const bool interleaved = a.flag();
  std::size_t n_ = 0, d_ = 0;
  std::uint64_t s_ = 0;
  ap::Status s =
      first_failure({count(fn, "n", n, ap::kMaxRows, n_), count(fn, "d", d, ap::kMaxCols, d_),
                     seed_arg(fn, "seed", seed, s_)});
  if (!s.ok()) return o.fail(s);
  auto r = ap::relative_position_experiment(n_, d_, s_, rope_options(base, interleaved));
  if (!o.begin(r)) return;
  relative_fields(o, r.value);
}

void relative_position_scores(Args& a, Out& o) {
  const std::vector<double> q = a.doubles("q");
  const std::vector<double> k = a.doubles("k");
  const double n = a.number();
  const double base = a.number();
  const bool interleaved = a.flag();
  std::size_t n_ = 0;
  ap::Status s = count("relative_position_scores", "n", n, ap::kMaxRows, n_);
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  auto r = ap::relative_position_scores(q, k, n_, rope_options(base, interleaved));
  if (!o.begin(r)) return;
  relative_fields(o, r.value);
}

void permutation_positions(Args& a, Out& o) {
  const char* fn = "permutation_positions";
  const ap::Matrix X = a.matrix("X");
  const std::vector<double> perm = a.doubles("perm");
  const std::string positions = a.text();
  const double base = a.number();
  const bool interleaved = a.flag();
  const ap::Positions p = positions == "sinusoidal" ? ap::Positions::sinusoidal
                          : positions == "rope"     ? ap::Positions::rope
                          : positions == "alibi"    ? ap::Positions::alibi
                                                    : ap::Positions::none;
  if (p == ap::Positions::none && positions != "none")
    return o.fail(
        ap::Status::Error("invalid_argument",
                          std::string(fn) + ": positions must be none, sinusoidal, rope or alibi"));
  std::vector<std::size_t> order;
  ap::Status s = counts(fn, "perm", perm, ap::kMaxRows, order);
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  auto r = ap::permutation_experiment(X, order, p, rope_options(base, interleaved));
  if (!o.begin(r)) return;
  permutation_fields(o, r.value, &positions);
}
// ---- end of relative position -----------------------------------

// ---- depth -------------------------------------------------------
// depth_experiment(n, d, L, seed) and depth_curves(X0, layers) with layers an
// array of { Wq, Wk, Wv } matrices (it crosses as its length, then each
// layer's Wq, Wk, Wv): each returns { attention, residual, pre_ln } (each
// { r: Float64Array (L + 1), ratio, collapsed }) and the collapse threshold.

// The three depth curves, by variant name, and the collapse threshold.
void depth_fields(Out& o, ap::DepthCurves& curves) {
  for (std::size_t v = 0; v < ap::kDepthVariants; ++v) {
    ap::DepthCurve& c = curves[v];
    o.begin_object(ap::depth_variant_name(static_cast<ap::DepthVariant>(v)));
    o.doubles("r", std::move(c.r));
    o.number("ratio", c.ratio);
    o.flag("collapsed", c.collapsed);
    o.end();
  }
  o.number("threshold", ap::kCollapseThreshold);
}

void depth_experiment(Args& a, Out& o) {
  const char* fn = "depth_experiment";
  const double n = a.number();
  const double d = a.number();
  const double L = a.number();
  const double seed = a.number();
  std::size_t n_ = 0, d_ = 0, L_ = 0;
  std::uint64_t s_ = 0;
  ap::Status s =
      first_failure({count(fn, "n", n, ap::kMaxRows, n_), count(fn, "d", d, ap::kMaxCols, d_),
                     count(fn, "L", L, ap::kMaxDepthLayers, L_), seed_arg(fn, "seed", seed, s_)});
  if (!s.ok()) return o.fail(s);
  auto r = ap::depth_experiment(n_, d_, L_, s_);
  if (!o.begin(r)) return;
  depth_fields(o, r.value.curves);
  o.number("n", static_cast<double>(r.value.n));
  o.number("d", static_cast<double>(r.value.d));
  o.number("L", static_cast<double>(r.value.layers));
}

void depth_curves(Args& a, Out& o) {
  const ap::Matrix X0 = a.matrix("X0");
  const double layer_count = a.number();  // layers.length
  std::vector<ap::DepthLayer> layers;
  // compared as doubles: no cast of the JS number (NaN reads no layer)
  for (std::size_t l = 0; static_cast<double>(l) < layer_count; ++l) {
    ap::DepthLayer layer;
    layer.Wq = a.matrix("Wq");
    layer.Wk = a.matrix("Wk");
    layer.Wv = a.matrix("Wv");
    layers.push_back(std::move(layer));
  }
  if (!a.ok()) return o.fail(a.status());
  auto r = ap::depth_curves(X0, layers);
  if (!o.begin(r)) return;
  depth_fields(o, r.value);
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
// Both read their counters before writing the result: the result's tokens are allocated
// through operator new too.

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

void heap_stats(Args&, Out& o) {
  const double size = heap_size();
  const double brk = static_cast<double>(reinterpret_cast<std::uintptr_t>(sbrk(0)));
  const double in_use = static_cast<double>(heap_count().in_use.load());
  const double peak = static_cast<double>(heap_count().peak.load());
  o.begin_ok();
  o.number("heap_size", size);
  o.number("sbrk", brk);
  o.number("in_use", in_use);
  o.number("peak", peak);
}

template <class R>
void memory_result(Out& o, const char* op, const R& r, std::size_t n, std::size_t d, bool causal,
                   double ms, std::size_t before, double heap_before) {
  const double peak_bytes = static_cast<double>(heap_count().peak.load() - before);
  const double heap_after = heap_size();
  if (!o.begin(r)) return;
  o.text("op", op);
  o.number("n", static_cast<double>(n));
  o.number("d", static_cast<double>(d));
  o.flag("causal", causal);
  o.number("ms", ms);
  o.number("peak_bytes", peak_bytes);
  o.number("heap_before", heap_before);
  o.number("heap_after", heap_after);
  double sum = 0;
  for (double x : r.value.out.data) sum += x;
  o.number("checksum", sum);
}

void memory_point(Args& a, Out& o) {
  const char* fn = "memory_point";
  const std::string op = a.text();
  const double n = a.number();
  const double d = a.number();
  const bool causal = a.flag();
  const double seed = a.number();
  if (op != "attention" && op != "flash")
    return o.fail(
        ap::Status::Error("invalid_argument", std::string(fn) + ": op must be attention or flash"));
  const bool flash = op == "flash";
  std::size_t n_ = 0, d_ = 0;
  std::uint64_t s_ = 0;
  ap::Status s =
      first_failure({count(fn, "n", n, flash ? ap::kMaxFlashRows : ap::kMaxRows, n_),
                     count(fn, "d", d, ap::kMaxCols, d_), seed_arg(fn, "seed", seed, s_)});
  if (!s.ok()) return o.fail(s);
  if (n_ == 0 || d_ == 0)
    return o.fail(ap::Status::Error("invalid_argument", std::string(fn) + ": n and d must be ≥ 1"));
  if (n_ * d_ > ap::kMaxValues)
    return o.fail(ap::Status::Error(
        "too_large", std::string(fn) + ": n·d = " + std::to_string(n_ * d_) +
                         " values per matrix: the limit is " + std::to_string(ap::kMaxValues)));
  ap::Rng rng(s_);
  ap::Matrix Q(n_, d_), K(n_, d_), V(n_, d_);
  for (ap::Matrix* m : {&Q, &K, &V})
    for (double& x : m->data) x = rng.normal();
  ap::Mask mask;
  if (!flash && causal) {
    auto m = ap::causal_mask(n_);
    if (!m.ok()) return o.fail(m.status);
    mask = std::move(m.value);
  }
  const double heap_before = heap_size();
  HeapCount& c = heap_count();
  const std::size_t before = c.in_use.load();
  c.peak.store(before);
  const double t0 = emscripten_get_now();
  if (flash) {
    ap::FlashOptions opt;
    opt.causal = causal;
    auto r = ap::flash_attention(Q, K, V, nullptr, opt);
    return memory_result(o, "flash", r, n_, d_, causal, emscripten_get_now() - t0, before,
                         heap_before);
  }
  auto r = ap::attention(Q, K, V, causal ? &mask : nullptr);
  memory_result(o, "attention", r, n_, d_, causal, emscripten_get_now() - t0, before, heap_before);
}
// ---- end of memory ------------------------------------------------

// Kinds (web/src/core/wire.ts): n number, b flag, m matrix, M mask or null, v list of numbers,
// s string, L depth_curves' layers (their count, then each layer's Wq, Wk, Wv matrices).
const Bindings list{
    {"scaling_point", "nnnn", scaling_point},
    {"scaling_experiment", "vnnn", scaling_experiment},
    {"permutation_experiment", "mvb", permutation_experiment},
    {"seeded_permutation", "nn", seeded_permutation},
    {"quadratic_point", "nnn", quadratic_point},
    {"fit_loglog_slope", "vv", fit_loglog_slope},
    {"h1_check", "mmmM", h1_check},
    // relative position (experiments 5 and 7)
    {"relative_position_experiment", "nnnnb", relative_position_experiment},
    {"relative_position_scores", "vvnnb", relative_position_scores},
    {"permutation_positions", "mvsnb", permutation_positions},
    // depth (experiment 6)
    {"depth_experiment", "nnnn", depth_experiment},
    {"depth_curves", "mL", depth_curves},
    // memory (experiment 7)
    {"heap_stats", "", heap_stats},
    {"memory_point", "snnbn", memory_point},
};

}  // namespace

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
