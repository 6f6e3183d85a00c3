// tiny_inspect.h — what one attention head of the tiny transformer
// (tiny_transformer.h) computed on a token sequence: its queries, keys and
// values exactly as its attention used them (after the layer's LN with
// layer_norm, after RoPE with Positions::kRope) and its weights.
//
// Shape legend: T = positions of the sequence (T ≤ C), d_k = d_model / heads.
#pragma once

#include <cstddef>
#include <vector>

#include "tensor.h"
#include "tiny_transformer.h"

namespace ap {

struct HeadInputsResult {
  Matrix q;        // (T, d_k)
  Matrix k;        // (T, d_k)
  Matrix v;        // (T, d_k)
  Matrix weights;  // (T, T)  causal, row-stochastic
};

// Errors: layer ≥ L or head ≥ h ("invalid_argument"), no tokens or more than
// the context ("shape"), a token ≥ V ("invalid_argument"), and what the
// building blocks report.
Result<HeadInputsResult> tiny_head_inputs(const TinyTransformer& model,
                                          const std::vector<std::size_t>& tokens, std::size_t layer,
                                          std::size_t head);

}  // namespace ap
