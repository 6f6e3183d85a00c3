// layer_norm.h — normalise one token vector along its features.
#pragma once

#include <vector>

#include "tensor.h"

namespace ap {

// layer_norm(row)_i = (row_i − mean) / √(var + eps), with the biased
// variance var = mean((row − mean)²) taken *within* the row (not across a
// batch, unlike BatchNorm). eps keeps a constant row finite: it maps to 0s.
Result<std::vector<double>> layer_norm(const std::vector<double>& row, double eps = 1e-5);

// Unchecked: normalise n values in place.
void layer_norm_inplace(double* row, std::size_t n, double eps);

}  // namespace ap
