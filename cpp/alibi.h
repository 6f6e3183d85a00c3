// alibi.h — attention with linear biases, ALiBi (Press, Smith & Lewis, "Train
// Short, Test Long: Attention with Linear Biases Enables Input Length
// Extrapolation", ICLR 2022, arXiv:2108.12409).
//
// Instead of adding positions to X, head t adds −m_t·distance to its scores:
// a key d positions away is penalised linearly, with a slope m_t per head.
// The slopes follow the paper's reference code, get_slopes in
// github.com/ofirpress/attention_with_linear_biases (fairseq), which Hugging
// Face's build_alibi_tensor (BLOOM) reproduces.
#pragma once

#include <cstddef>
#include <vector>

#include "tensor.h"

namespace ap {

// alibi_slopes(h) → (h): the slope m_t of each head t = 0 … h − 1.
//   h a power of two:  m_t = 2^(−8(t+1)/h)   (h = 8: 1/2, 1/4, …, 1/256)
//   otherwise, with P the largest power of two below h: the P slopes of P,
//   then every other slope of 2P (2^(−8·1/2P), 2^(−8·3/2P), …) up to h in all.
// Errors: h = 0 ("invalid_argument"), h > kMaxHeads ("too_large").
Result<std::vector<double>> alibi_slopes(std::size_t h);

// alibi_bias(h, n_q, n_k) → (h, n_q, n_k): bias[t][i][j] = −m_t·|p_i − j|,
// where query i sits at position p_i = i + n_k − n_q (the queries are the last
// n_q of the n_k positions, as when decoding with a cache). Each row's largest
// value is 0, at j = p_i. Added to head t's scaled scores before masking.
// Errors: h = 0 ("invalid_argument"), n_q or n_k = 0 ("empty"), n_q > n_k
// ("shape"), h·n_q·n_k over kMaxWeights ("too_large").
Result<Tensor3> alibi_bias(std::size_t h, std::size_t n_q, std::size_t n_k);

}  // namespace ap
