// softmax.h — turn a row of scores into weights that sum to 1.
#pragma once

#include <vector>

#include "tensor.h"

namespace ap {

// softmax(xs)_i = exp(xs_i - max) / Σ_j exp(xs_j - max).
// Subtracting the max changes nothing mathematically but keeps exp from
// overflowing: [1000, 1001, 1002] works. Entries equal to −∞ (masked
// scores) get weight exactly 0; a row that is all −∞ becomes all zeros.
void softmax_inplace(double* row, std::size_t n);

// The public, checked form: xs non-empty and finite.
Result<std::vector<double>> softmax(const std::vector<double>& xs);

}  // namespace ap
