// scale_bindings.cpp — the adapters of the calls a page makes at scale: attention,
// multi_head (with its rope overload) and flash_attention. Conventions as in bindings.cpp
// and convert.h. No maths here.
//
// Compiled for speed (-O3), with the copies of the inputs (convert.cpp), where the other
// adapters are compiled for size: these move megabytes (a 4096-row mask, Q, K and V) in and
// out, and at -Os the vectors' fills and frees were byte-by-byte loops — about a fifth of
// attention's time at n = 256 and 14 % at n = 1024 in a CPU profile.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "attention.h"
#include "bindings/convert.h"
#include "flash_attention.h"
#include "multi_head.h"
#include "rope.h"
#include "size_limits.h"

using emscripten::val;

namespace {

using namespace ap_js;

// temperature: τ, any double (the core checks it: a finite number > 0);
// weights_into: null, or a Float64Array of n_q·n_k that receives the weights
// (the caller reuses it: no fresh 8 MB JS allocation at n = 1024)
// bias: null, or a RawMatrix (n_q, n_k) added after scaling (the core checks it)
val js_attention(val Q, val K, val V, val mask, bool scale, double temperature, val weights_into,
                 val bias) {
  ap::Mask mask_copy;
  ap::Matrix bias_copy;
  const ap::Mask* M = optional_mask(mask, mask_copy);
  const ap::Matrix* B = optional_matrix(bias, bias_copy);
  // attention_buffers: the weights are not zero-filled before the kernel writes them
  auto r = ap::attention_buffers(matrix_from(Q), matrix_from(K), matrix_from(V), M,
                                 ap::AttentionOptions{scale, temperature, B});
  // weightsInto is checked against n_q·n_k, which only the result knows
  if (!r.ok()) return failure(r.status);
  const ap::AttentionBuffers& b = r.value;
  const bool into = !absent(weights_into);
  if (into && !(is_float64_array(weights_into) && size_of(weights_into, "length") == b.n_q * b.n_k))
    return failure(ap::Status::Error(
        "shape", "attention: weightsInto must be a Float64Array of n_q·n_k = " +
                     std::to_string(b.n_q) + "·" + std::to_string(b.n_k) + " values"));
  val o = success();
  o.set("out", matrix_to(b.out.get(), b.n_q, b.d_v));
  if (into) {
    val w = val::object();
    w.set("data", copy_into(weights_into, b.weights.get(), b.n_q * b.n_k));
    w.set("rows", b.n_q);
    w.set("cols", b.n_k);
    o.set("weights", w);
  } else {
    o.set("weights", matrix_to(b.weights.get(), b.n_q, b.n_k));
  }
  return o;
}

// { out, weights (stacked) } of multi_head and its rope overload: the h weight
// matrices are one buffer already (multi_head_buffers), copied out once.
void multi_head_fields(val& o, const ap::MultiHeadBuffers& v) {
  o.set("out", matrix_to(v.out));
  val w = val::object();
  w.set("data", copy_out(v.weights.get(), v.h * v.n_q * v.n_k));
  w.set("count", v.h);
  w.set("rows", v.n_q);
  w.set("cols", v.n_k);
  o.set("weights", w);
}

// multi_head has two overloads by argument count (embind): this long one with RoPE,
//   multi_head(Q, K, V, h, mask, temperature, bias, rope, base, interleaved, offset),
// and the short one below without.
// rope: false = no RoPE (base, interleaved, offset then unused); the core checks
// base (finite > 1), offset (a whole number 0 … 2³¹) and d/h even.
val js_multi_head_rope(val Q, val K, val V, double h, val mask, double temperature, val bias,
                       bool rope, double base, bool interleaved, double offset) {
  std::size_t heads = 0;
  ap::Status s = count_arg("multi_head", "h", h, 1, ap::kMaxHeads, heads);
  if (!s.ok()) return failure(s);
  ap::Mask mask_copy;
  ap::Tensor3 bias_copy;
  const ap::Mask* M = optional_mask(mask, mask_copy);
  const ap::Tensor3* B = optional_tensor(bias, bias_copy);
  const ap::RopeOptions R{base, interleaved ? ap::Pairing::interleaved : ap::Pairing::half, offset};
  return result_to(ap::multi_head_buffers(matrix_from(Q), matrix_from(K), matrix_from(V), heads, M,
                                          temperature, B, rope ? &R : nullptr),
                   multi_head_fields);
}

// multi_head(Q, K, V, h, mask, temperature, bias): no RoPE. bias: null, or a RawTensor3
// (h, n_q, n_k), one per head (the core checks it).
val js_multi_head(val Q, val K, val V, double h, val mask, double temperature, val bias) {
  return js_multi_head_rope(Q, K, V, h, mask, temperature, bias, false, 0.0, false, 0.0);
}

// Q, K, V cross as RawMatrix (up to kMaxFlashRows rows: checked against
// kMaxValues before the copy); block_q, block_k as doubles through count_arg
// (1 … kMaxFlashRows); the core checks the rest. lse (n_q) holds −∞ (JS
// -Infinity) for a row that sees no key.
val js_flash_attention(val Q, val K, val V, val mask, bool scale, bool causal, double block_q,
                       double block_k) {
  const char* fn = "flash_attention";
  ap::FlashOptions o{scale, causal, 0, 0};
  ap::Status s = first_failure({count_arg(fn, "block_q", block_q, 1, ap::kMaxFlashRows, o.block_q),
                                count_arg(fn, "block_k", block_k, 1, ap::kMaxFlashRows, o.block_k),
                                flash_values_within(fn, Q, K, V)});
  if (!s.ok()) return failure(s);
  ap::Mask mask_copy;
  const ap::Mask* M = optional_mask(mask, mask_copy);
  return result_to(ap::flash_attention(matrix_from(Q), matrix_from(K), matrix_from(V), M, o),
                   [](val& out, const auto& r) {
                     out.set("out", matrix_to(r.out));
                     out.set("lse", copy_out(r.lse));
                   });
}

}  // namespace

EMSCRIPTEN_BINDINGS(scale) {
  emscripten::function("attention", &js_attention);
  emscripten::function("multi_head", &js_multi_head);
  emscripten::function("multi_head", &js_multi_head_rope);
  emscripten::function("flash_attention", &js_flash_attention);
}
