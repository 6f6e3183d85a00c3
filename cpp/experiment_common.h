// experiment_common.h — the status helpers shared by the scaling, permutation,
// quadratic and h = 1 experiments (scaling.h, permutation.h, quadratic.h, h1_check.h).
//
// Shape legend: a, b (m) = two flat buffers of the same length m.
#pragma once

#include <string>
#include <vector>

#include "tensor.h"

namespace ap {
namespace experiment {

// A count as a message shows it: "4096".
std::string num(std::size_t x);

// Status::Error("invalid_argument", message) and Status::Error("too_large", message).
Status invalid(const std::string& message);
Status too_large(const std::string& message);

// "fn: name = 0 must be at least 1" / "fn: name = 5000 is over the limit of 4096"
Status check_count(const char* fn, const char* name, std::size_t x, std::size_t limit);

// "fn: max |out_permuted − permuted_out| is Infinity: …" when a difference of
// two finite outputs leaves float64 (values of opposite sign near 1e308).
Status finite_difference(const char* fn, const char* what, double diff, const char* input);

// max_k |a[k] − b[k]|, a and b (m); Infinity when a difference is NaN.
double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace experiment
}  // namespace ap
