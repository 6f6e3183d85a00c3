// positional.h — sinusoidal positional encoding (Vaswani et al., 2017).
#pragma once

#include "tensor.h"

namespace ap {

// pos_encoding(n, d) → (n, d):
//   PE[p][2i]   = sin(p / 10000^(2i/d))
//   PE[p][2i+1] = cos(p / 10000^(2i/d))
// Every value is in [−1, 1]; every row differs (column 0/1 alone give the
// pair (sin p, cos p), which is distinct for the integer positions used).
Result<Matrix> pos_encoding(std::size_t n, std::size_t d);

}  // namespace ap
