// kv_cache.h — autoregressive decoding with a key/value cache, for the
// projected attention of seed 004 (grouped_query_attention, projected.h).
//
// A decoder produces one token at a time. At step t the new token x_t
// (row t of X) is projected once: q_t = x_t·Wq + bq (H heads of d_k),
// k_t = x_t·Wk + bk and v_t = x_t·Wv + bv (G KV heads of d_k and d_v). k_t and
// v_t are appended to the cache of their KV head, which then holds the keys
// and values of tokens 0 … t; query head i attends over the cache of KV head
// ⌊i / (H / G)⌋:
//   w_i = softmax(q_t,i · K_cacheᵀ / √d_k)   (1, t + 1)
//   out_t = concat_i(w_i · V_cache) · Wo + bo   (d_o)
// Nothing of the past is recomputed, and no mask is needed: the cache only
// holds the past. Stacking out_0 … out_{n−1} gives grouped_query_attention
// with a causal mask (within 1e-12).
//
// The cache holds G·(d_k + d_v) values per token: 2·G·head_dim·(t + 1) after
// step t when d_k = d_v. That is why fewer KV heads matter: multi-query
// attention (G = 1; Shazeer 2019, "Fast Transformer Decoding: One Write-Head
// is All You Need") and grouped-query attention (1 < G < H; Ainslie et al.
// 2023, "GQA: Training Generalized Multi-Query Transformer Models from
// Multi-Head Checkpoints") shrink it by H / G against multi-head attention
// (G = H).
//
// Shapes: X (n, d_in) one sequence (self-attention: q, k and v all read X);
// Wq (d_in, H·d_k), Wk (d_in, G·d_k), Wv (d_in, G·d_v), Wo (H·d_v, d_o),
// biases (ProjectionParams, projected.h); out (steps, d_o).
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

#include "projected.h"
#include "tensor.h"

namespace ap {

// KvDecodeOptions::steps for "every row of X".
constexpr std::size_t kAllTokens = std::numeric_limits<std::size_t>::max();

struct KvDecodeOptions {
  std::size_t num_heads = 1;       // H, 1 … kMaxHeads
  std::size_t num_kv_heads = 1;    // G, divides H: G = H is MHA, G = 1 is MQA
  std::size_t steps = kAllTokens;  // tokens to decode, 1 … n (the first `steps` rows of X)
};

struct KvDecodeResult {
  Matrix out;                             // (steps, d_o)  row t: the output of step t
  std::vector<Matrix> weights;            // steps × (H, t + 1): the new query's weights, per head
  std::vector<std::size_t> cache_values;  // (steps)  values in the cache after step t:
                                          //          G·(d_k + d_v)·(t + 1)
  std::size_t head_dim_k = 0, head_dim_v = 0;  // d_k, d_v
};

// Checked like grouped_query_attention (shapes of X and the params, heads,
// biases), steps 1 … n, the weights of all steps together (H·steps·(steps + 1)/2)
// ≤ kMaxWeights, and the work (check_cost); a projection beyond float64 is
// "non_finite_result".
Result<KvDecodeResult> kv_decode(const Matrix& X, const ProjectionParams& params,
                                 const KvDecodeOptions& opts);

}  // namespace ap
