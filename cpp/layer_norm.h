// layer_norm.h — normalise one token vector along its features.
#pragma once

#include <vector>

#include "tensor.h"

namespace ap {

// layer_norm(row)_i = (row_i − mean) / √(var + eps), with the biased
// variance var = mean((row − mean)²) taken *within* the row (not across a
// batch, unlike BatchNorm). eps keeps a constant row finite: it maps to 0s.
// Finite for every finite row: values beyond 2⁴⁰⁰ (or below 2⁻⁴⁰⁰) are scaled
// by a power of two first, so [1e308, 1e308] gives [0, 0], not NaN.
Result<std::vector<double>> layer_norm(const std::vector<double>& row, double eps = 1e-5);

// Unchecked: normalise n values in place.
void layer_norm_inplace(double* row, std::size_t n, double eps);

}  // namespace ap
