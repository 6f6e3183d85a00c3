// scale_bindings.cpp — the adapters of the calls a page makes at scale: attention,
// multi_head (with its rope overload), flash_attention and flash_trace. Conventions as in
// bindings.cpp and wire.h. No maths here.
//
// Compiled for speed (-O3), as is wire.cpp, where the other adapters are compiled for size:
// these move megabytes (a 4096-row mask, Q, K and V) in and out, and at -Os the vectors'
// fills and frees were byte-by-byte loops — about a fifth of attention's time at n = 256 and
// 14 % at n = 1024 in a CPU profile.
#include "attention.h"
#include "bindings/js_numbers.h"
#include "bindings/wire.h"
#include "flash_attention.h"
#include "multi_head.h"
#include "rope.h"
#include "size_limits.h"

namespace {

using namespace ap_js;

// temperature: τ, any double (the core checks it: a finite number > 0);
// weights_into: null, or a Float64Array of n_q·n_k that receives the weights
// (the caller reuses it: no fresh 8 MB JS allocation at n = 1024)
// bias: null, or a RawMatrix (n_q, n_k) added after scaling (the core checks it)
void attention(Args& a, Out& o) {
  const ap::Matrix Q = a.matrix("Q"), K = a.matrix("K"), V = a.matrix("V");
  ap::Mask mask_copy;
  const ap::Mask* M = a.optional_mask(mask_copy);
  const bool scale = a.flag();
  const double temperature = a.number();
  const bool into = a.present();          // weightsInto given
  const double into_length = a.number();  // its length, −1 when not a Float64Array
  const double into_arg = a.number();     // which argument it is (wire.ts writes its index)
  ap::Matrix bias_copy;
  const ap::Matrix* B = a.optional_matrix("bias", bias_copy);
  if (!a.ok()) return o.fail(a.status());
  // attention_buffers: the weights are not zero-filled before the kernel writes them
  auto r = ap::attention_buffers(Q, K, V, M, ap::AttentionOptions{scale, temperature, B});
  // weightsInto is checked against n_q·n_k, which only the result knows
  if (!r.ok()) return o.fail(r.status);
  ap::AttentionBuffers& b = r.value;
  if (into && into_length != static_cast<double>(b.n_q * b.n_k))
    return o.fail(ap::Status::Error(
        "shape", "attention: weightsInto must be a Float64Array of n_q·n_k = " +
                     std::to_string(b.n_q) + "·" + std::to_string(b.n_k) + " values"));
  o.begin_ok();
  o.matrix("out", std::move(b.out), b.n_q, b.d_v);
  if (into)
    o.matrix_into("weights", static_cast<std::size_t>(into_arg), std::move(b.weights), b.n_q,
                  b.n_k);
  else
    o.matrix("weights", std::move(b.weights), b.n_q, b.n_k);
}

// multi_head has two overloads by argument count (wire.ts picks by it): this long one with RoPE,
//   multi_head(Q, K, V, h, mask, temperature, bias, rope, base, interleaved, offset),
// and the short one below without.
// rope: false = no RoPE (base, interleaved, offset then unused); the core checks
// base (finite > 1), offset (a whole number 0 … 2³¹) and d/h even.
// bias: null, or a RawTensor3 (h, n_q, n_k), one per head (the core checks it).
void multi_head_call(Args& a, Out& o, bool with_rope) {
  const ap::Matrix Q = a.matrix("Q"), K = a.matrix("K"), V = a.matrix("V");
  const double h = a.number();
  ap::Mask mask_copy;
  const ap::Mask* M = a.optional_mask(mask_copy);
  const double temperature = a.number();
  ap::Tensor3 bias_copy;
  const ap::Tensor3* B = a.optional_tensor("bias", bias_copy);
  const bool rope = with_rope && a.flag();
  const double base = with_rope ? a.number() : 0.0;
  const bool interleaved = with_rope && a.flag();
  const double offset = with_rope ? a.number() : 0.0;
  std::size_t heads = 0;
  ap::Status s = count_arg("multi_head", "h", h, 1, ap::kMaxHeads, heads);
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  const ap::RopeOptions R{base, interleaved ? ap::Pairing::interleaved : ap::Pairing::half, offset};
  auto r = ap::multi_head_buffers(Q, K, V, heads, M, temperature, B, rope ? &R : nullptr);
  if (!o.begin(r)) return;
  // { out, weights (stacked) }: the h weight matrices are one buffer already, copied out once
  ap::MultiHeadBuffers& v = r.value;
  o.matrix("out", std::move(v.out));
  o.begin_object("weights");
  o.number("count", static_cast<double>(v.h));
  o.number("rows", static_cast<double>(v.n_q));
  o.number("cols", static_cast<double>(v.n_k));
  o.doubles("data", std::move(v.weights), v.h * v.n_q * v.n_k);
  o.end();
}

void multi_head(Args& a, Out& o) { multi_head_call(a, o, false); }
void multi_head_rope(Args& a, Out& o) { multi_head_call(a, o, true); }

// Q, K, V cross as RawMatrix (up to kMaxFlashRows rows: over kMaxValues they are not copied
// in, wire.h); block_q, block_k as doubles through count_arg (1 … kMaxFlashRows); the core
// checks the rest. lse (n_q) holds −∞ (JS -Infinity) for a row that sees no key.
void flash_attention(Args& a, Out& o) {
  const char* fn = "flash_attention";
  const ap::Matrix Q = a.matrix("Q"), K = a.matrix("K"), V = a.matrix("V");
  ap::Mask mask_copy;
  const ap::Mask* M = a.optional_mask(mask_copy);
  ap::FlashOptions opt{a.flag(), false, 0, 0};
  opt.causal = a.flag();
  const double block_q = a.number(), block_k = a.number();
  ap::Status s = first_failure(
      {count_arg(fn, "block_q", block_q, 1, ap::kMaxFlashRows, opt.block_q),
       count_arg(fn, "block_k", block_k, 1, ap::kMaxFlashRows, opt.block_k), a.status()});
  if (!s.ok()) return o.fail(s);
  auto r = ap::flash_attention(Q, K, V, M, opt);
  if (!o.begin(r)) return;
  o.matrix("out", std::move(r.value.out));
  o.doubles("lse", std::move(r.value.lse));
}

// { ok, steps: [{ key_begin, key_end, m, l (n_q), acc, partial (n_q, d_v) }], out, lse }
void flash_trace(Args& a, Out& o) {
  const char* fn = "flash_trace";
  const ap::Matrix Q = a.matrix("Q"), K = a.matrix("K"), V = a.matrix("V");
  ap::FlashOptions opt{a.flag(), false, 1, 0};
  opt.causal = a.flag();
  const double block_k = a.number();
  ap::Status s = first_failure(
      {count_arg(fn, "block_k", block_k, 1, ap::kMaxFlashRows, opt.block_k), a.status()});
  if (!s.ok()) return o.fail(s);
  auto r = ap::flash_trace(Q, K, V, opt);
  if (!o.begin(r)) return;
  o.begin_array("steps");
  for (ap::FlashTraceStep& t : r.value.steps) {
    o.begin_object(nullptr);
    o.number("key_begin", static_cast<double>(t.key_begin));
    o.number("key_end", static_cast<double>(t.key_end));
    o.doubles("m", std::move(t.m));
    o.doubles("l", std::move(t.l));
    o.matrix("acc", std::move(t.acc));
    o.matrix("partial", std::move(t.partial));
    o.end();
  }
  o.end();
  o.matrix("out", std::move(r.value.result.out));
  o.doubles("lse", std::move(r.value.result.lse));
}

const Bindings list{
    {"attention", "mmmMbnwo", attention},
    {"multi_head", "mmmnMnT", multi_head},
    {"multi_head", "mmmnMnTbnbn", multi_head_rope},
    {"flash_attention", "mmmMbbnn", flash_attention},
    {"flash_trace", "mmmbbn", flash_trace},
};

}  // namespace
