// finite.h — where the first value that is not a finite number sits: the scan
// every input's check makes over all its values (checks.cpp).
#pragma once

#include <cstddef>

namespace ap {

/// The index of the first of x[0 … n) that is NaN or ±∞, or n when all are finite.
std::size_t first_non_finite(const double* x, std::size_t n);

}  // namespace ap
