// mask.h — which keys each query may see.
#pragma once

#include "tensor.h"

namespace ap {

// causal_mask(n): mask.sees(i, j) is true when j ≤ i — query i sees itself
// and the past, never the future. Shape (n, n).
Result<Mask> causal_mask(std::size_t n);

// The rectangular form used by seed 004 (n_q queries against n_k keys, the
// upper triangle of torch.triu(…, diagonal=1) hidden): sees(i, j) = j ≤ i.
// Shape (n_q, n_k).
Result<Mask> causal_mask(std::size_t n_q, std::size_t n_k);

}  // namespace ap
