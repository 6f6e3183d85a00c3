// bindings.cpp — the adapters between JavaScript and the core. No maths here.
//
// Conventions (the TypeScript façade web/src/core/ relies on them; the call protocol is
// wire.h's): a matrix crosses as { data: Float64Array, rows, cols }, a mask as
// { data: Uint8Array, rows, cols } (1 = visible) or null; one copy each way, no handles to
// .delete(); every function returns { ok: true, …fields } or { ok: false, code, message }:
// errors cross as data, never as a C++ throw (exceptions are off in this build), so the module
// keeps working.
// Every count (h, n, d, rows, num_heads, …) and seed is checked by count_arg / seed_arg
// (js_numbers.h) before it becomes a size_t or uint64. A plain double (eps, temperature) needs
// no cast: the core checks it on entry, as it does natively.
// Each adapter reads its arguments in order (wire.h's Args), then checks them.
#include <cstdint>

#include "alibi.h"  // positions
#include "attention.h"
#include "bindings/js_numbers.h"
#include "bindings/wire.h"
#include "block.h"
#include "experiments.h"      // limits: trials, scaling points
#include "flash_attention.h"  // limits: attention at scale
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

namespace {

using namespace ap_js;

// h matrices of the same shape, stacked: { data (h·rows·cols), count, rows, cols }
void stack(Out& o, const char* key, std::vector<ap::Matrix>&& ms) {
  std::vector<double> all;
  all.reserve(ms.empty() ? 0 : ms.size() * ms[0].data.size());  // one allocation, no regrowth
  for (const ap::Matrix& m : ms) all.insert(all.end(), m.data.begin(), m.data.end());
  o.begin_object(key);
  o.number("count", static_cast<double>(ms.size()));
  o.number("rows", ms.empty() ? 0 : static_cast<double>(ms[0].rows));
  o.number("cols", ms.empty() ? 0 : static_cast<double>(ms[0].cols));
  o.doubles("data", std::move(all));
  o.end();
}

// { ok, out } of a call whose result is one matrix
void matrix_result(Out& o, ap::Result<ap::Matrix>&& r) {
  if (o.begin(r)) o.matrix("out", std::move(r.value));
}

// { ok, out: Float64Array } of a call whose result is one vector
void vector_result(Out& o, ap::Result<std::vector<double>>&& r) {
  if (o.begin(r)) o.doubles("out", std::move(r.value));
}

void softmax(Args& a, Out& o) {
  std::vector<double> xs = a.doubles("xs");
  if (!a.ok()) return o.fail(a.status());
  vector_result(o, ap::softmax(xs));
}

void attention_steps(Args& a, Out& o) {
  const ap::Matrix Q = a.matrix("Q"), K = a.matrix("K"), V = a.matrix("V");
  ap::Mask mask_copy;
  const ap::Mask* M = a.optional_mask(mask_copy);
  const bool scale = a.flag();
  const double temperature = a.number();
  ap::Matrix bias_copy;  // (n_q, n_k), as in attention
  const ap::Matrix* B = a.optional_matrix("bias", bias_copy);
  if (!a.ok()) return o.fail(a.status());
  auto r = ap::attention_steps(Q, K, V, M, ap::AttentionOptions{scale, temperature, B});
  if (!o.begin(r)) return;
  o.matrix("scores", std::move(r.value.scores));
  o.matrix("scaled", std::move(r.value.scaled));
  o.matrix("masked", std::move(r.value.masked));
  o.matrix("weights", std::move(r.value.weights));
  o.matrix("out", std::move(r.value.out));
}

// { ok, data: Uint8Array (rows·cols, 1 = visible), rows, cols } from a mask builder.
void mask_result(Out& o, ap::Result<ap::Mask>&& r) {
  if (!o.begin(r)) return;
  o.number("rows", static_cast<double>(r.value.rows));
  o.number("cols", static_cast<double>(r.value.cols));
  o.bytes("data", std::move(r.value.data));
}

// Sizes accept 0 here: the core itself reports an empty shape (code "empty").
void causal_mask(Args& a, Out& o) {
  const char* fn = "causal_mask";
  const double n_q = a.number(), n_k = a.number();
  std::size_t nq = 0, nk = 0;
  ap::Status s = first_failure({count_arg(fn, "n", n_q, 0, ap::kMaxRows, nq),
                                count_arg(fn, "n_k", n_k, 0, ap::kMaxRows, nk)});
  s.ok() ? mask_result(o, ap::causal_mask(nq, nk)) : o.fail(s);
}

void pos_encoding(Args& a, Out& o) {
  const char* fn = "pos_encoding";
  const double n = a.number(), d = a.number();
  std::size_t n_ = 0, d_ = 0;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_), count_arg(fn, "d", d, 0, ap::kMaxCols, d_)});
  s.ok() ? matrix_result(o, ap::pos_encoding(n_, d_)) : o.fail(s);
}

void layer_norm(Args& a, Out& o) {
  std::vector<double> row = a.doubles("row");
  const double eps = a.number();
  if (!a.ok()) return o.fail(a.status());
  vector_result(o, ap::layer_norm(row, eps));
}

// { normed, attended, out, weights (stacked) } of block and its positions overload.
void block_result(Out& o, ap::Result<ap::BlockResult>&& r) {
  if (!o.begin(r)) return;
  o.matrix("normed", std::move(r.value.normed));
  o.matrix("attended", std::move(r.value.attended));
  o.matrix("out", std::move(r.value.out));
  stack(o, "weights", std::move(r.value.weights));
}

void block(Args& a, Out& o) {
  const ap::Matrix X = a.matrix("X");
  const double h = a.number();
  ap::Mask mask_copy;
  const ap::Mask* M = a.optional_mask(mask_copy);
  const double eps = a.number();
  std::size_t heads = 0;
  ap::Status s = count_arg("block", "h", h, 1, ap::kMaxHeads, heads);
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  block_result(o, ap::block(X, heads, M, eps));
}

void single_head(Args& a, Out& o) {
  const ap::Matrix X = a.matrix("X"), Wq = a.matrix("Wq"), Wk = a.matrix("Wk"), Wv = a.matrix("Wv");
  const bool causal = a.flag();
  if (!a.ok()) return o.fail(a.status());
  auto r = ap::single_head(X, Wq, Wk, Wv, causal);
  if (!o.begin(r)) return;
  o.matrix("q", std::move(r.value.q));
  o.matrix("k", std::move(r.value.k));
  o.matrix("v", std::move(r.value.v));
  o.matrix("weights", std::move(r.value.weights));
  o.matrix("out", std::move(r.value.out));
}

// { ok, out (n, d_out) }: X·W + b; b a Float64Array or null/undefined (no bias)
void project(Args& a, Out& o) {
  const ap::Matrix X = a.matrix("X"), W = a.matrix("W");
  const std::vector<double> bias = a.optional_doubles("b");
  if (!a.ok()) return o.fail(a.status());
  matrix_result(o, ap::project(X, W, bias));
}

// { Wq, Wk, Wv, Wo, bq?, bk?, bv?, bo? } → ProjectionParams (grouped_query_attention, kv_decode)
ap::ProjectionParams projection_params(Args& a) {
  ap::ProjectionParams p;
  p.Wq = a.matrix("Wq");
  p.Wk = a.matrix("Wk");
  p.Wv = a.matrix("Wv");
  p.Wo = a.matrix("Wo");
  p.bq = a.optional_doubles("bq");
  p.bk = a.optional_doubles("bk");
  p.bv = a.optional_doubles("bv");
  p.bo = a.optional_doubles("bo");
  return p;
}

void grouped_query_attention(Args& a, Out& o) {
  const char* fn = "grouped_query_attention";
  const ap::Tensor3 q = a.tensor("q"), k = a.tensor("k"), v = a.tensor("v");
  const ap::ProjectionParams p = projection_params(a);
  const double num_heads = a.number(), num_kv_heads = a.number();
  ap::Mask mask_copy;
  const ap::Mask* M = a.optional_mask(mask_copy);
  std::size_t heads = 0, kv_heads = 0;
  ap::Status s =
      first_failure({count_arg(fn, "num_heads", num_heads, 1, ap::kMaxHeads, heads),
                     count_arg(fn, "num_kv_heads", num_kv_heads, 1, ap::kMaxHeads, kv_heads)});
  // a batch over kMaxValues was not copied in (wire.h)
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  auto r = ap::grouped_query_attention(q, k, v, p, heads, kv_heads, M);
  if (!o.begin(r)) return;
  o.tensor("out", std::move(r.value.out));
  o.doubles("weights", std::move(r.value.weights));
  o.number("num_heads", static_cast<double>(r.value.num_heads));
}

void random_normal(Args& a, Out& o) {
  const char* fn = "random_normal";
  const double rows = a.number(), cols = a.number(), seed = a.number(), scale = a.number();
  std::size_t rows_ = 0, cols_ = 0;
  std::uint64_t seed_ = 0;
  ap::Status s = first_failure({count_arg(fn, "rows", rows, 0, ap::kMaxRows, rows_),
                                count_arg(fn, "cols", cols, 0, ap::kMaxCols, cols_),
                                seed_arg(fn, "seed", seed, seed_)});
  s.ok() ? matrix_result(o, ap::random_normal(rows_, cols_, seed_, scale)) : o.fail(s);
}

// ---- masks: the sparse mask builders of mask_patterns.h --------
// Each returns { ok, data: Uint8Array (n·n, 1 = visible), rows, cols }
// (mask_result), like causal_mask. Counts cross as doubles through count_arg
// (0 … kMaxRows: the core reports 0 and every relation to n itself, with the
// same messages).

void sliding_window_mask(Args& a, Out& o) {
  const char* fn = "sliding_window_mask";
  const double n = a.number(), w = a.number();
  std::size_t n_ = 0, w_ = 0;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_), count_arg(fn, "w", w, 0, ap::kMaxRows, w_)});
  s.ok() ? mask_result(o, ap::sliding_window_mask(n_, w_)) : o.fail(s);
}

void prefix_lm_mask(Args& a, Out& o) {
  const char* fn = "prefix_lm_mask";
  const double n = a.number(), p = a.number();
  std::size_t n_ = 0, p_ = 0;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_), count_arg(fn, "p", p, 0, ap::kMaxRows, p_)});
  s.ok() ? mask_result(o, ap::prefix_lm_mask(n_, p_)) : o.fail(s);
}

// globals: a Float64Array of token indices, each a whole number in [0, n)
void local_global_mask(Args& a, Out& o) {
  const char* fn = "local_global_mask";
  const double n = a.number(), w = a.number();
  const bool is_float64_array = a.present();  // wire.ts: globals instanceof Float64Array
  const std::vector<double> xs = is_float64_array ? a.doubles("globals") : std::vector<double>();
  std::size_t n_ = 0, w_ = 0;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_), count_arg(fn, "w", w, 0, ap::kMaxRows, w_)});
  if (!s.ok()) return o.fail(s);
  std::vector<std::size_t> g;
  if (n_ >= 1) {  // n = 0: the core says so first
    if (!is_float64_array || !a.ok())
      return o.fail(ap::Status::Error(
          "invalid_argument", std::string(fn) + ": globals must be a Float64Array of at most " +
                                  std::to_string(ap::kMaxValues) + " token indices"));
    for (std::size_t t = 0; t < xs.size(); ++t) {
      const double x = xs[t];
      if (!(x >= 0) || std::floor(x) != x || x >= static_cast<double>(n_))
        return o.fail(ap::Status::Error(
            "invalid_argument",
            std::string(fn) + ": globals[" + std::to_string(t) + "] = " + js_number_str(x) +
                " must be a whole number between 0 and " + "n − 1 = " + std::to_string(n_ - 1)));
      g.push_back(static_cast<std::size_t>(x));
    }
  }
  mask_result(o, ap::local_global_mask(n_, w_, g));
}

void dilated_mask(Args& a, Out& o) {
  const char* fn = "dilated_mask";
  const double n = a.number(), w = a.number(), dilation = a.number();
  std::size_t n_ = 0, w_ = 0, d_ = 0;
  ap::Status s = first_failure({count_arg(fn, "n", n, 0, ap::kMaxRows, n_),
                                count_arg(fn, "w", w, 0, ap::kMaxRows, w_),
                                count_arg(fn, "dilation", dilation, 0, ap::kMaxRows, d_)});
  s.ok() ? mask_result(o, ap::dilated_mask(n_, w_, d_)) : o.fail(s);
}

void bigbird_mask(Args& a, Out& o) {
  const char* fn = "bigbird_mask";
  const double n = a.number(), block = a.number(), window_blocks = a.number(),
               global_blocks = a.number(), random_blocks = a.number(), seed = a.number();
  std::size_t n_ = 0, block_ = 0;
  ap::BigBirdOptions b;
  ap::Status s = first_failure(
      {count_arg(fn, "n", n, 0, ap::kMaxRows, n_),
       count_arg(fn, "block", block, 0, ap::kMaxRows, block_),
       count_arg(fn, "window_blocks", window_blocks, 0, ap::kMaxRows, b.window_blocks),
       count_arg(fn, "global_blocks", global_blocks, 0, ap::kMaxRows, b.global_blocks),
       count_arg(fn, "random_blocks", random_blocks, 0, ap::kMaxRows, b.random_blocks),
       seed_arg(fn, "seed", seed, b.seed)});
  s.ok() ? mask_result(o, ap::bigbird_mask(n_, block_, b)) : o.fail(s);
}

// ---- end of masks ----------------------------------------------

// ---- positions: RoPE and ALiBi (rope.h, alibi.h) ---------------
// rope: X { data, rows, cols }; base and offset plain doubles (the core checks
// them: base finite > 1, offset a whole number 0 … 2³¹); interleaved: the
// pairing, false = 'half' (x_i, x_{i+d/2}), true = (x_{2i}, x_{2i+1}).
void rope(Args& a, Out& o) {
  const ap::Matrix X = a.matrix("X");
  const double base = a.number();
  const ap::Pairing pairing = a.flag() ? ap::Pairing::interleaved : ap::Pairing::half;
  const double offset = a.number();
  if (!a.ok()) return o.fail(a.status());
  matrix_result(o, ap::rope(X, ap::RopeOptions{base, pairing, offset}));
}

// { ok, out: Float64Array (h) }. h = 0 is the core's own error.
void alibi_slopes(Args& a, Out& o) {
  std::size_t h_ = 0;
  ap::Status s = count_arg("alibi_slopes", "h", a.number(), 0, ap::kMaxHeads, h_);
  s.ok() ? vector_result(o, ap::alibi_slopes(h_)) : o.fail(s);
}

// { ok, out: { data (h·n_q·n_k), batch: h, rows: n_q, cols: n_k } }.
void alibi_bias(Args& a, Out& o) {
  const char* fn = "alibi_bias";
  const double h = a.number(), n_q = a.number(), n_k = a.number();
  std::size_t h_ = 0, nq = 0, nk = 0;
  ap::Status s = first_failure({count_arg(fn, "h", h, 0, ap::kMaxHeads, h_),
                                count_arg(fn, "n_q", n_q, 0, ap::kMaxRows, nq),
                                count_arg(fn, "n_k", n_k, 0, ap::kMaxRows, nk)});
  if (!s.ok()) return o.fail(s);
  auto r = ap::alibi_bias(h_, nq, nk);
  if (o.begin(r)) o.tensor("out", std::move(r.value));
}

// ---- end of positions ------------------------------------------
// ---- rope options: block's rope and alibi ----
// An overload by argument count (wire.ts picks by it), so the shorter call above still works
// (multi_head's is in scale_bindings.cpp):
//   block(X, h, mask, eps, rope, base, interleaved, offset, alibi)
// rope: false = no RoPE (base, interleaved, offset then unused); the core checks
// base (finite > 1), offset (a whole number 0 … 2³¹) and d/h even.
void block_positions(Args& a, Out& o) {
  const ap::Matrix X = a.matrix("X");
  const double h = a.number();
  ap::Mask mask_copy;
  const ap::Mask* M = a.optional_mask(mask_copy);
  const double eps = a.number();
  const bool rope = a.flag();
  const double base = a.number();
  const bool interleaved = a.flag();
  const double offset = a.number();
  const bool alibi = a.flag();
  std::size_t heads = 0;
  ap::Status s = count_arg("block", "h", h, 1, ap::kMaxHeads, heads);
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  const ap::RopeOptions R{base, interleaved ? ap::Pairing::interleaved : ap::Pairing::half, offset};
  block_result(o, ap::block(X, heads, M, ap::BlockOptions{eps, rope ? &R : nullptr, alibi}));
}

// ---- end of rope options -----------------------------------------
// ---- attention at scale: kv_decode (flash_attention is in scale_bindings.cpp) ----
// params as grouped_query_attention's; steps: a count (the core checks 1 … n).
// { ok, out (steps, d_o), weights: Float64Array (step t's H × (t + 1) after
// the earlier steps'), cache_values: Float64Array (steps), head_dim_k, head_dim_v }
void kv_decode(Args& a, Out& o) {
  const char* fn = "kv_decode";
  const ap::Matrix X = a.matrix("X");
  const ap::ProjectionParams p = projection_params(a);
  const double num_heads = a.number(), num_kv_heads = a.number(), steps = a.number();
  ap::KvDecodeOptions opt;
  ap::Status s = first_failure(
      {count_arg(fn, "num_heads", num_heads, 1, ap::kMaxHeads, opt.num_heads),
       count_arg(fn, "num_kv_heads", num_kv_heads, 1, ap::kMaxHeads, opt.num_kv_heads),
       count_arg(fn, "steps", steps, 0, ap::kMaxRows, opt.steps)});
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  auto r = ap::kv_decode(X, p, opt);
  if (!o.begin(r)) return;
  std::vector<double> weights, cache;
  for (const ap::Matrix& w : r.value.weights)
    weights.insert(weights.end(), w.data.begin(), w.data.end());
  for (std::size_t c : r.value.cache_values) cache.push_back(static_cast<double>(c));
  o.matrix("out", std::move(r.value.out));
  o.doubles("weights", std::move(weights));
  o.doubles("cache_values", std::move(cache));
  o.number("head_dim_k", static_cast<double>(r.value.head_dim_k));
  o.number("head_dim_v", static_cast<double>(r.value.head_dim_v));
}

// ---- end of attention at scale -----------------------------------
// The size limits the core checks, for the page to validate its inputs
// against (and to show them) without copying the numbers. Plain numbers.
void limits(Args&, Out& o) {
  o.begin_object(nullptr);
  o.number("maxRows", ap::kMaxRows);        // n, n_q, n_k: rows of a matrix (tokens, keys)
  o.number("maxCols", ap::kMaxCols);        // d, d_k, d_v: columns of a matrix (widths)
  o.number("maxHeads", ap::kMaxHeads);      // h, num_heads, num_kv_heads
  o.number("maxBatch", ap::kMaxBatch);      // batch of grouped_query_attention
  o.number("maxWeights", ap::kMaxWeights);  // entries of all score matrices of one call together
  o.number("maxValues", ap::kMaxValues);    // values of one argument: vector, matrix or batch
  o.number("maxMultiplyAdds", static_cast<double>(ap::kMaxMultiplyAdds));  // work of one call (2³²)
  o.number("maxResultBytes",
           static_cast<double>(ap::kMaxResultBytes));   // bytes of one call's results (256 MiB)
  o.number("maxTrials", ap::kMaxTrials);                // trials of the scaling experiment
  o.number("maxScalingPoints", ap::kMaxScalingPoints);  // values of d in one scaling experiment
  o.number("maxSeed", kMaxSeed);                        // seeds: 0 … 2⁵³ − 1
  // attention at scale
  o.number("maxFlashRows", ap::kMaxFlashRows);  // rows of flash_attention's Q, K, V
  o.number("maxFlashMultiplyAdds",
           static_cast<double>(ap::kMaxFlashMultiplyAdds));  // work of one flash_attention (2³⁷)
  o.number("maxTraceRows", ap::kMaxTraceRows);               // rows of flash_trace's Q, K, V
}

// Kinds (web/src/core/wire.ts): n number, b flag, m matrix, M mask or null, o matrix or null,
// t batch, v list of numbers, V list or null, g Float64Array, p projection parameters.
const Bindings list{
    {"limits", "", limits},
    {"softmax", "v", softmax},
    {"attention_steps", "mmmMbno", attention_steps},
    {"causal_mask", "nn", causal_mask},
    {"pos_encoding", "nn", pos_encoding},
    {"layer_norm", "vn", layer_norm},
    {"block", "mnMn", block},
    {"single_head", "mmmmb", single_head},
    {"project", "mmV", project},
    {"grouped_query_attention", "tttpnnM", grouped_query_attention},
    {"random_normal", "nnnn", random_normal},
    // masks
    {"sliding_window_mask", "nn", sliding_window_mask},
    {"prefix_lm_mask", "nn", prefix_lm_mask},
    {"local_global_mask", "nng", local_global_mask},
    {"dilated_mask", "nnn", dilated_mask},
    {"bigbird_mask", "nnnnnn", bigbird_mask},
    // positions
    {"rope", "mnbn", rope},
    {"alibi_slopes", "n", alibi_slopes},
    {"alibi_bias", "nnn", alibi_bias},
    // rope options: the longer overload of block
    {"block", "mnMnbnbnb", block_positions},
    // attention at scale
    {"kv_decode", "mpnnn", kv_decode},
};

}  // namespace
