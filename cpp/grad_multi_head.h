// grad_multi_head.h — multi-head self-attention with learned projections, for
// training: forward (keeping what backward needs) and backward for X and every
// weight. The attention half of nanoGPT's CausalSelfAttention, bias-free
// (GPTConfig(bias=False)), with the weights stored (d_in, d_out) and used as x·W.
//
// Shapes: X (n, d) with n tokens of width d (d_model); h heads of width d_k
// (queries, keys) and d_v (values); mask (n, n) or null; out (n, d_out).
//   W_Q (d, h·d_k)   W_K (d, h·d_k)   W_V (d, h·d_v)   W_O (h·d_v, d_out)
// (nanoGPT: d_k = d_v = d / h and d_out = d.)
//
// Forward:
//   1. q = X·W_Q, k = X·W_K, v = X·W_V           (n, h·d_k), (n, h·d_k), (n, h·d_v)
//   1b. rope (optional): each head's slices of q and k turned, row i at
//       position offset + i, with width d_k (rope_heads, multi_head.h); v never
//   2. head t: attention(q_t, k_t, v_t, mask) scaled by 1/√d_k  (grad_attention.h)
//      q_t = columns [t·d_k, (t+1)·d_k) of q, v_t likewise with d_v
//   3. heads = [head_0 | … | head_{h−1}]           (n, h·d_v)   (concatenate)
//   4. out = heads·W_O                              (n, d_out)
// Backward runs the steps in reverse: 4. through grad_linear.h, 3. is a split,
// 2. is attention_backward per head, 1b. rope_heads_backward (grad_rope.h),
// 1. dW = Xᵀ·dq (and k, v) and dX = dq·W_Qᵀ + dk·W_Kᵀ + dv·W_Vᵀ: X feeds three
// projections, so its gradient is the sum of three.
// The reference in scripts/make_golden_grad.py is the same maths in torch,
// differentiated by autograd.
#pragma once

#include <cstddef>
#include <vector>

#include "rope.h"
#include "tensor.h"

namespace ap {

struct MultiHeadWeights {
  Matrix W_Q;  // (d, h·d_k)
  Matrix W_K;  // (d, h·d_k)
  Matrix W_V;  // (d, h·d_v)
  Matrix W_O;  // (h·d_v, d_out)
};

// What the backward pass needs: the activations (the weights are passed again).
struct MultiHeadCache {
  Matrix X;                     // (n, d)
  Matrix q;                     // (n, h·d_k)  X·W_Q, turned by rope if it is on
  Matrix k;                     // (n, h·d_k)  X·W_K, turned likewise
  Matrix v;                     // (n, h·d_v)  X·W_V
  std::vector<Matrix> weights;  // h × (n, n)  each head's attention weights
  Matrix heads;                 // (n, h·d_v)  the heads' outputs side by side
  std::size_t h = 0;
  bool has_rope = false;
  RopeOptions rope;  // when has_rope
};

struct MultiHeadForward {
  Matrix out;            // (n, d_out)
  MultiHeadCache cache;  // for multi_head_attention_backward
};

struct MultiHeadGrads {
  Matrix dX;    // (n, d)
  Matrix dW_Q;  // (d, h·d_k)
  Matrix dW_K;  // (d, h·d_k)
  Matrix dW_V;  // (d, h·d_v)
  Matrix dW_O;  // (h·d_v, d_out)
};

// Checked: X and the weights non-empty and finite, their shapes as above
// ("shape"), h ≥ 1 and at most kMaxHeads dividing W_Q's and W_V's columns
// ("invalid_argument", "too_large", "divisibility"), the mask (n, n), the rope
// (check_head_rope, with d_k even), the work ("too_large").
Result<MultiHeadForward> multi_head_attention_forward(const Matrix& X, const MultiHeadWeights& w,
                                                      std::size_t h, const Mask* mask = nullptr,
                                                      const RopeOptions* rope = nullptr);

// The gradients for d_out (n, d_out) = ∂L/∂out, with the weights of the forward
// pass (their shapes checked against the cache: "shape").
Result<MultiHeadGrads> multi_head_attention_backward(const MultiHeadCache& cache,
                                                     const MultiHeadWeights& w,
                                                     const Matrix& d_out);

// The same two without their checks, for a caller that has made them once
// for many calls (tiny_transformer.cpp: finite weights, one shape per model).
Result<MultiHeadForward> multi_head_attention_forward_unchecked(const Matrix& X,
                                                                const MultiHeadWeights& w,
                                                                std::size_t h, const Mask* mask,
                                                                const RopeOptions* rope);
Result<MultiHeadGrads> multi_head_attention_backward_unchecked(const MultiHeadCache& cache,
                                                               const MultiHeadWeights& w,
                                                               const Matrix& d_out);

}  // namespace ap
