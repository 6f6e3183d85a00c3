// bindings.cpp — embind adapters between JavaScript and the core. No maths here.
//
// Conventions (the TypeScript façade web/src/core.ts relies on them) are in
// convert.h: typed arrays in and out, one copy each way, no handles to
// .delete(); every function returns { ok: true, …fields } or
// { ok: false, code, message }: errors cross as data, never as a C++ throw
// (exceptions are off in this build), so the module keeps working.
// Every count (h, n, d, rows, num_heads, …) and seed is checked by
// count_arg / seed_arg (convert.h) before it becomes a size_t or uint64.
// A plain double (eps, temperature) needs no cast: the core checks it on
// entry, as it does natively.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>

#include "alibi.h"  // positions
#include "attention.h"
#include "bindings/convert.h"
#include "block.h"
#include "experiments.h"
#include "flash_attention.h"  // attention at scale
#include "kv_cache.h"         // attention at scale
#include "layer_norm.h"
#include "mask.h"
#include "mask_patterns.h"  // masks
#include "multi_head.h"
#include "positional.h"
#include "projected.h"
#include "random.h"
#include "rope.h"  // positions
#include "size_limits.h"
#include "softmax.h"

using emscripten::val;

namespace {

using namespace ap_js;

// h matrices of the same shape, stacked: { data (h·rows·cols), count, rows, cols }
val stack_to(const std::vector<ap::Matrix>& ms) {
  std::vector<double> all;
  all.reserve(ms.empty() ? 0 : ms.size() * ms[0].data.size());  // one allocation, no regrowth
  for (const ap::Matrix& m : ms) all.insert(all.end(), m.data.begin(), m.data.end());
  val o = val::object();
  o.set("data", copy_out(all));
  o.set("count", ms.size());
  o.set("rows", ms.empty() ? 0 : ms[0].rows);
  o.set("cols", ms.empty() ? 0 : ms[0].cols);
  return o;
}

val js_softmax(val xs) {
  return result_to(ap::softmax(doubles(xs)),
                   [](val& o, const auto& out) { o.set("out", copy_out(out)); });
}

val js_attention_steps(val Q, val K, val V, val mask, bool scale, double temperature, val bias) {
  ap::Mask mask_copy;
  ap::Matrix bias_copy;  // (n_q, n_k), as in js_attention
  const ap::Mask* M = optional_mask(mask, mask_copy);
  const ap::Matrix* B = optional_matrix(bias, bias_copy);
  return result_to(ap::attention_steps(matrix_from(Q), matrix_from(K), matrix_from(V), M,
                                       ap::AttentionOptions{scale, temperature, B}),
                   [](val& o, const auto& v) {
                     o.set("scores", matrix_to(v.scores));
                     o.set("scaled", matrix_to(v.scaled));
                     o.set("masked", matrix_to(v.masked));
                     o.set("weights", matrix_to(v.weights));
                     o.set("out", matrix_to(v.out));
                   });
}

// { ok, data: Uint8Array (rows·cols, 1 = visible), rows, cols } from a mask builder.
val mask_out(const ap::Result<ap::Mask>& r) {
  return result_to(r, [](val& o, const ap::Mask& m) {
    o.set("data", copy_out(m.data));
    o.set("rows", m.rows);
    o.set("cols", m.cols);
  });
}

// Sizes accept 0 here: the core itself reports an empty shape (code "empty").
val js_causal_mask(double n_q, double n_k) {
  const char* fn = "causal_mask";
  std::size_t nq = 0, nk = 0;
  ap::Status s = first_failure({count_arg(fn, "n", n_q, 0, ap::kMaxRows, nq),
                                count_arg(fn, "n_k", n_k, 0, ap::kMaxRows, nk)});
  return s.ok() ? mask_out(ap::causal_mask(nq, nk)) : failure(s);
}

val js_pos_encoding(double n, double d) {
  const char* fn = "pos_encoding";
  std::size_t n_ = 0, d_ = 0;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_), count_arg(fn, "d", d, 0, ap::kMaxCols, d_)});
  if (!s.ok()) return failure(s);
  return result_to(ap::pos_encoding(n_, d_),
                   [](val& o, const ap::Matrix& out) { o.set("out", matrix_to(out)); });
}

val js_layer_norm(val row, double eps) {
  return result_to(ap::layer_norm(doubles(row), eps),
                   [](val& o, const auto& out) { o.set("out", copy_out(out)); });
}

// { normed, attended, out, weights (stacked) } of block and its positions overload.
void block_fields(val& o, const ap::BlockResult& v) {
  o.set("normed", matrix_to(v.normed));
  o.set("attended", matrix_to(v.attended));
  o.set("out", matrix_to(v.out));
  o.set("weights", stack_to(v.weights));
}

val js_block(val X, double h, val mask, double eps) {
  std::size_t heads = 0;
  ap::Status s = count_arg("block", "h", h, 1, ap::kMaxHeads, heads);
  if (!s.ok()) return failure(s);
  ap::Mask mask_copy;
  const ap::Mask* M = optional_mask(mask, mask_copy);
  return result_to(ap::block(matrix_from(X), heads, M, eps), block_fields);
}

val js_single_head(val X, val Wq, val Wk, val Wv, bool causal) {
  return result_to(
      ap::single_head(matrix_from(X), matrix_from(Wq), matrix_from(Wk), matrix_from(Wv), causal),
      [](val& o, const auto& v) {
        o.set("q", matrix_to(v.q));
        o.set("k", matrix_to(v.k));
        o.set("v", matrix_to(v.v));
        o.set("weights", matrix_to(v.weights));
        o.set("out", matrix_to(v.out));
      });
}

// { ok, out (n, d_out) }: X·W + b; b a Float64Array or null/undefined (no bias)
val js_project(val X, val W, val b) {
  const char* fn = "project";
  ap::Status s = values_within(fn, "X", X);
  if (s.ok()) s = values_within(fn, "W", W);
  if (!s.ok()) return failure(s);
  const std::vector<double> bias = absent(b) ? std::vector<double>() : doubles(b);
  return result_to(ap::project(matrix_from(X), matrix_from(W), bias),
                   [](val& o, const ap::Matrix& m) { o.set("out", matrix_to(m)); });
}

// { Wq, Wk, Wv, Wo, bq?, bk?, bv?, bo? } → ProjectionParams (grouped_query_attention, kv_decode)
ap::ProjectionParams projection_params_from(const val& params) {
  ap::ProjectionParams p;
  p.Wq = matrix_from(params["Wq"]);
  p.Wk = matrix_from(params["Wk"]);
  p.Wv = matrix_from(params["Wv"]);
  p.Wo = matrix_from(params["Wo"]);
  p.bq = optional_doubles(params, "bq");
  p.bk = optional_doubles(params, "bk");
  p.bv = optional_doubles(params, "bv");
  p.bo = optional_doubles(params, "bo");
  return p;
}

val js_grouped_query_attention(val q, val k, val v, val params, double num_heads,
                               double num_kv_heads, val mask) {
  const char* fn = "grouped_query_attention";
  std::size_t heads = 0, kv_heads = 0;
  ap::Status s =
      first_failure({count_arg(fn, "num_heads", num_heads, 1, ap::kMaxHeads, heads),
                     count_arg(fn, "num_kv_heads", num_kv_heads, 1, ap::kMaxHeads, kv_heads)});
  // a batch over kMaxValues is refused before it is copied into the heap
  if (s.ok()) s = values_within(fn, "q", q);
  if (s.ok()) s = values_within(fn, "k", k);
  if (s.ok()) s = values_within(fn, "v", v);
  if (!s.ok()) return failure(s);
  const ap::ProjectionParams p = projection_params_from(params);
  ap::Mask mask_copy;
  const ap::Mask* M = optional_mask(mask, mask_copy);
  return result_to(ap::grouped_query_attention(tensor_from(q), tensor_from(k), tensor_from(v), p,
                                               heads, kv_heads, M),
                   [](val& o, const auto& r) {
                     o.set("out", tensor_to(r.out));
                     o.set("weights", copy_out(r.weights));
                     o.set("num_heads", r.num_heads);
                   });
}

val js_random_normal(double rows, double cols, double seed, double scale) {
  const char* fn = "random_normal";
  std::size_t rows_ = 0, cols_ = 0;
  std::uint64_t seed_ = 0;
  ap::Status s = first_failure({count_arg(fn, "rows", rows, 0, ap::kMaxRows, rows_),
                                count_arg(fn, "cols", cols, 0, ap::kMaxCols, cols_),
                                seed_arg(fn, "seed", seed, seed_)});
  if (!s.ok()) return failure(s);
  return result_to(ap::random_normal(rows_, cols_, seed_, scale),
                   [](val& o, const ap::Matrix& out) { o.set("out", matrix_to(out)); });
}

// ---- masks: the sparse mask builders of mask_patterns.h --------
// Each returns { ok, data: Uint8Array (n·n, 1 = visible), rows, cols }
// (mask_out), like causal_mask. Counts cross as doubles through count_arg
// (0 … kMaxRows: the core reports 0 and every relation to n itself, with the
// same messages).

val js_sliding_window_mask(double n, double w) {
  const char* fn = "sliding_window_mask";
  std::size_t n_ = 0, w_ = 0;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_), count_arg(fn, "w", w, 0, ap::kMaxRows, w_)});
  return s.ok() ? mask_out(ap::sliding_window_mask(n_, w_)) : failure(s);
}

val js_prefix_lm_mask(double n, double p) {
  const char* fn = "prefix_lm_mask";
  std::size_t n_ = 0, p_ = 0;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_), count_arg(fn, "p", p, 0, ap::kMaxRows, p_)});
  return s.ok() ? mask_out(ap::prefix_lm_mask(n_, p_)) : failure(s);
}

// globals: a Float64Array of token indices, each a whole number in [0, n)
val js_local_global_mask(double n, double w, val globals) {
  const char* fn = "local_global_mask";
  std::size_t n_ = 0, w_ = 0;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_), count_arg(fn, "w", w, 0, ap::kMaxRows, w_)});
  if (!s.ok()) return failure(s);
  std::vector<std::size_t> g;
  if (n_ >= 1) {  // n = 0: the core says so first
    if (!is_float64_array(globals) || size_of(globals, "length") > ap::kMaxValues)
      return failure(ap::Status::Error(
          "invalid_argument", std::string(fn) + ": globals must be a Float64Array of at most " +
                                  std::to_string(ap::kMaxValues) + " token indices"));
    const std::vector<double> xs = doubles(globals);
    for (std::size_t t = 0; t < xs.size(); ++t) {
      const double x = xs[t];
      if (!(x >= 0) || std::floor(x) != x || x >= static_cast<double>(n_))
        return failure(ap::Status::Error(
            "invalid_argument",
            std::string(fn) + ": globals[" + std::to_string(t) + "] = " + js_number_str(x) +
                " must be a whole number between 0 and " + "n − 1 = " + std::to_string(n_ - 1)));
      g.push_back(static_cast<std::size_t>(x));
    }
  }
  return mask_out(ap::local_global_mask(n_, w_, g));
}

val js_dilated_mask(double n, double w, double dilation) {
  const char* fn = "dilated_mask";
  std::size_t n_ = 0, w_ = 0, d_ = 0;
  ap::Status s = first_failure({count_arg(fn, "n", n, 0, ap::kMaxRows, n_),
                                count_arg(fn, "w", w, 0, ap::kMaxRows, w_),
                                count_arg(fn, "dilation", dilation, 0, ap::kMaxRows, d_)});
  return s.ok() ? mask_out(ap::dilated_mask(n_, w_, d_)) : failure(s);
}

val js_bigbird_mask(double n, double block, double window_blocks, double global_blocks,
                    double random_blocks, double seed) {
  const char* fn = "bigbird_mask";
  std::size_t n_ = 0, block_ = 0;
  ap::BigBirdOptions o;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_),
       count_arg(fn, "block", block, 0, ap::kMaxRows, block_),
       count_arg(fn, "window_blocks", window_blocks, 0, ap::kMaxRows, o.window_blocks),
       count_arg(fn, "global_blocks", global_blocks, 0, ap::kMaxRows, o.global_blocks),
       count_arg(fn, "random_blocks", random_blocks, 0, ap::kMaxRows, o.random_blocks),
       seed_arg(fn, "seed", seed, o.seed)});
  return s.ok() ? mask_out(ap::bigbird_mask(n_, block_, o)) : failure(s);
}

// ---- end of masks ----------------------------------------------

// ---- positions: RoPE and ALiBi (rope.h, alibi.h) ---------------
// rope: X { data, rows, cols }; base and offset plain doubles (the core checks
// them: base finite > 1, offset a whole number 0 … 2³¹); interleaved: the
// pairing, false = 'half' (x_i, x_{i+d/2}), true = (x_{2i}, x_{2i+1}).
val js_rope(val X, double base, bool interleaved, double offset) {
  const ap::Pairing pairing = interleaved ? ap::Pairing::interleaved : ap::Pairing::half;
  return result_to(ap::rope(matrix_from(X), ap::RopeOptions{base, pairing, offset}),
                   [](val& o, const ap::Matrix& out) { o.set("out", matrix_to(out)); });
}

// { ok, out: Float64Array (h) }. h = 0 is the core's own error.
val js_alibi_slopes(double h) {
  std::size_t h_ = 0;
  ap::Status s = count_arg("alibi_slopes", "h", h, 0, ap::kMaxHeads, h_);
  if (!s.ok()) return failure(s);
  return result_to(ap::alibi_slopes(h_),
                   [](val& o, const auto& out) { o.set("out", copy_out(out)); });
}

// { ok, out: { data (h·n_q·n_k), batch: h, rows: n_q, cols: n_k } }.
val js_alibi_bias(double h, double n_q, double n_k) {
  const char* fn = "alibi_bias";
  std::size_t h_ = 0, nq = 0, nk = 0;
  ap::Status s = first_failure({count_arg(fn, "h", h, 0, ap::kMaxHeads, h_),
                                count_arg(fn, "n_q", n_q, 0, ap::kMaxRows, nq),
                                count_arg(fn, "n_k", n_k, 0, ap::kMaxRows, nk)});
  if (!s.ok()) return failure(s);
  return result_to(ap::alibi_bias(h_, nq, nk),
                   [](val& o, const ap::Tensor3& out) { o.set("out", tensor_to(out)); });
}

// ---- end of positions ------------------------------------------
// ---- rope options: block's rope and alibi ----
// An overload by argument count (embind), so the shorter call above still works
// (multi_head's is in scale_bindings.cpp):
//   block(X, h, mask, eps, rope, base, interleaved, offset, alibi)
// rope: false = no RoPE (base, interleaved, offset then unused); the core checks
// base (finite > 1), offset (a whole number 0 … 2³¹) and d/h even.
val js_block_positions(val X, double h, val mask, double eps, bool rope, double base,
                       bool interleaved, double offset, bool alibi) {
  std::size_t heads = 0;
  ap::Status s = count_arg("block", "h", h, 1, ap::kMaxHeads, heads);
  if (!s.ok()) return failure(s);
  ap::Mask mask_copy;
  const ap::Mask* M = optional_mask(mask, mask_copy);
  const ap::RopeOptions R{base, interleaved ? ap::Pairing::interleaved : ap::Pairing::half, offset};
  return result_to(
      ap::block(matrix_from(X), heads, M, ap::BlockOptions{eps, rope ? &R : nullptr, alibi}),
      block_fields);
}

// ---- end of rope options -----------------------------------------
// ---- attention at scale: flash_trace, kv_decode (flash_attention is in scale_bindings.cpp) ----
// { ok, steps: [{ key_begin, key_end, m, l (n_q), acc, partial (n_q, d_v) }], out, lse }
void trace_fields(val& out, const ap::FlashTrace& r) {
  val steps = val::array();
  for (const ap::FlashTraceStep& t : r.steps) {
    val step = val::object();
    step.set("key_begin", t.key_begin);
    step.set("key_end", t.key_end);
    step.set("m", copy_out(t.m));
    step.set("l", copy_out(t.l));
    step.set("acc", matrix_to(t.acc));
    step.set("partial", matrix_to(t.partial));
    steps.call<void>("push", step);
  }
  out.set("steps", steps);
  out.set("out", matrix_to(r.result.out));
  out.set("lse", copy_out(r.result.lse));
}

val js_flash_trace(val Q, val K, val V, bool scale, bool causal, double block_k) {
  const char* fn = "flash_trace";
  ap::FlashOptions o{scale, causal, 1, 0};
  ap::Status s = first_failure({count_arg(fn, "block_k", block_k, 1, ap::kMaxFlashRows, o.block_k),
                                flash_values_within(fn, Q, K, V)});
  if (!s.ok()) return failure(s);
  return result_to(ap::flash_trace(matrix_from(Q), matrix_from(K), matrix_from(V), o),
                   trace_fields);
}

// params as grouped_query_attention's; steps: a count (the core checks 1 … n).
// { ok, out (steps, d_o), weights: Float64Array (step t's H × (t + 1) after
// the earlier steps'), cache_values: Float64Array (steps), head_dim_k, head_dim_v }
val js_kv_decode(val X, val params, double num_heads, double num_kv_heads, double steps) {
  const char* fn = "kv_decode";
  ap::KvDecodeOptions o;
  ap::Status s =
      first_failure({count_arg(fn, "num_heads", num_heads, 1, ap::kMaxHeads, o.num_heads),
                     count_arg(fn, "num_kv_heads", num_kv_heads, 1, ap::kMaxHeads, o.num_kv_heads),
                     count_arg(fn, "steps", steps, 0, ap::kMaxRows, o.steps)});
  if (!s.ok()) return failure(s);
  const ap::ProjectionParams p = projection_params_from(params);
  return result_to(ap::kv_decode(matrix_from(X), p, o), [](val& out, const auto& r) {
    std::vector<double> weights, cache;
    for (const ap::Matrix& w : r.weights)
      weights.insert(weights.end(), w.data.begin(), w.data.end());
    for (std::size_t c : r.cache_values) cache.push_back(static_cast<double>(c));
    out.set("out", matrix_to(r.out));
    out.set("weights", copy_out(weights));
    out.set("cache_values", copy_out(cache));
    out.set("head_dim_k", r.head_dim_k);
    out.set("head_dim_v", r.head_dim_v);
  });
}

// ---- end of attention at scale -----------------------------------
// The size limits the core checks, for the page to validate its inputs
// against (and to show them) without copying the numbers. Plain numbers.
val js_limits() {
  val o = val::object();
  o.set("maxRows", ap::kMaxRows);        // n, n_q, n_k: rows of a matrix (tokens, keys)
  o.set("maxCols", ap::kMaxCols);        // d, d_k, d_v: columns of a matrix (widths)
  o.set("maxHeads", ap::kMaxHeads);      // h, num_heads, num_kv_heads
  o.set("maxBatch", ap::kMaxBatch);      // batch of grouped_query_attention
  o.set("maxWeights", ap::kMaxWeights);  // entries of all score matrices of one call together
  o.set("maxValues", ap::kMaxValues);    // values of one argument: vector, matrix or batch
  o.set("maxMultiplyAdds", ap::kMaxMultiplyAdds);    // work of one call (2³²)
  o.set("maxResultBytes", ap::kMaxResultBytes);      // bytes of one call's results (256 MiB)
  o.set("maxTrials", ap::kMaxTrials);                // trials of the scaling experiment
  o.set("maxScalingPoints", ap::kMaxScalingPoints);  // values of d in one scaling experiment
  o.set("maxSeed", kMaxSeed);                        // seeds: 0 … 2⁵³ − 1
  // attention at scale
  o.set("maxFlashRows", ap::kMaxFlashRows);                  // rows of flash_attention's Q, K, V
  o.set("maxFlashMultiplyAdds", ap::kMaxFlashMultiplyAdds);  // work of one flash_attention (2³⁷)
  o.set("maxTraceRows", ap::kMaxTraceRows);                  // rows of flash_trace's Q, K, V
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_core) {
  emscripten::function("limits", &js_limits);
  emscripten::function("softmax", &js_softmax);
  emscripten::function("attention_steps", &js_attention_steps);
  emscripten::function("causal_mask", &js_causal_mask);
  emscripten::function("pos_encoding", &js_pos_encoding);
  emscripten::function("layer_norm", &js_layer_norm);
  emscripten::function("block", &js_block);
  emscripten::function("single_head", &js_single_head);
  emscripten::function("project", &js_project);
  emscripten::function("grouped_query_attention", &js_grouped_query_attention);
  emscripten::function("random_normal", &js_random_normal);
  // masks
  emscripten::function("sliding_window_mask", &js_sliding_window_mask);
  emscripten::function("prefix_lm_mask", &js_prefix_lm_mask);
  emscripten::function("local_global_mask", &js_local_global_mask);
  emscripten::function("dilated_mask", &js_dilated_mask);
  emscripten::function("bigbird_mask", &js_bigbird_mask);
  // positions
  emscripten::function("rope", &js_rope);
  emscripten::function("alibi_slopes", &js_alibi_slopes);
  emscripten::function("alibi_bias", &js_alibi_bias);
  // rope options: the longer overloads of multi_head and block
  emscripten::function("block", &js_block_positions);
  // attention at scale
  emscripten::function("flash_trace", &js_flash_trace);
  emscripten::function("kv_decode", &js_kv_decode);
}
