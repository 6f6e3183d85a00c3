// projected.h — attention with learned projections: the seed 000 single head
// and the seed 004 MHA / MQA, generalised to grouped-query attention (GQA).
//
// Shape legend: batch, n_q, n_k, H = num_heads, G = num_kv_heads,
// d_k / d_v = per-head widths, d_o = output width.
#pragma once

#include <vector>

#include "tensor.h"

namespace ap {

// One learned projection, X·W + b (PyTorch's nn.Linear with its weight
// transposed; seed 000 writes X·Wq): how a head's q, k and v are made from the
// tokens, for the figures that take a projected head apart.
// X (n, d_in), W (d_in, d_out), b (d_out) or empty → (n, d_out).
Result<Matrix> project(const Matrix& X, const Matrix& W, const std::vector<double>& b = {});

struct SingleHeadResult {
  Matrix q;        // (n, d_k)   X·Wq
  Matrix k;        // (n, d_k)   X·Wk
  Matrix v;        // (n, d_v)   X·Wv
  Matrix weights;  // (n, n)
  Matrix out;      // (n, d_v)
};

// Seed 000's SingleHeadSelfAttention with bias-free projections written as
// X·W: X (n, d_model), Wq (d_model, d_k), Wk (d_model, d_k), Wv (d_model, d_v).
// `causal` applies causal_mask(n).
Result<SingleHeadResult> single_head(const Matrix& X, const Matrix& Wq, const Matrix& Wk,
                                     const Matrix& Wv, bool causal = true);

// Projection weights in (d_in, d_out) layout, used as x·W + b. Empty bias
// vectors mean "no bias".
struct ProjectionParams {
  Matrix Wq;               // (d_q_in, H·d_k)
  std::vector<double> bq;  // (H·d_k) or empty
  Matrix Wk;               // (d_k_in, G·d_k)
  std::vector<double> bk;  // (G·d_k) or empty
  Matrix Wv;               // (d_v_in, G·d_v)
  std::vector<double> bv;  // (G·d_v) or empty
  Matrix Wo;               // (H·d_v, d_o)
  std::vector<double> bo;  // (d_o) or empty
};

struct GroupedResult {
  Tensor3 out;                  // (batch, n_q, d_o)
  std::vector<double> weights;  // (batch, H, n_q, n_k), flat row-major
  std::size_t num_heads = 0;
};

// The checks of the parameters that grouped_query_attention and kv_decode share, with `fn` in
// their messages. check_heads: every weight finite, num_heads and num_kv_heads ≥ 1, num_heads ≤
// kMaxHeads and a multiple of num_kv_heads. check_head_split (after the rows of Wq, Wk, Wv were
// checked against the inputs): Wq's columns split into num_heads heads of d_k, Wk has
// num_kv_heads · d_k columns, Wv's split into num_kv_heads heads of d_v, Wo has num_heads · d_v
// rows.
Status check_heads(const char* fn, const ProjectionParams& p, std::size_t num_heads,
                   std::size_t num_kv_heads);
Status check_head_split(const char* fn, const ProjectionParams& p, std::size_t num_heads,
                        std::size_t num_kv_heads);

// q (batch, n_q, d_q_in), k (batch, n_k, d_k_in), v (batch, n_k, d_v_in),
// mask (n_q, n_k) or null, shared by every batch entry and head.
// Query head i reads KV head ⌊i / (H / G)⌋: G = H is MHA, G = 1 is MQA.
Result<GroupedResult> grouped_query_attention(const Tensor3& q, const Tensor3& k, const Tensor3& v,
                                              const ProjectionParams& p, std::size_t num_heads,
                                              std::size_t num_kv_heads, const Mask* mask = nullptr);

}  // namespace ap
