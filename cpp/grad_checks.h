// grad_checks.h — the input checks the training functions (cpp/grad_*) share.
//
// Like checks.h, each returns a Status whose message names the function, the
// argument and the shapes: "softmax_backward: dY is (3, 4) but Y is (3, 5):
// a gradient has the shape of what it is the gradient of".
#pragma once

#include <cstddef>
#include <vector>

#include "tensor.h"

namespace ap {

// m is (rows, cols) ("shape", saying it must match `other` of that shape), then
// check_matrix (non-empty, within the limits, every value finite).
Status check_shape(const char* fn, const char* arg, const Matrix& m, std::size_t rows,
                   std::size_t cols, const char* other);

// v holds n values ("shape", saying it must match `other`), then check_vector.
Status check_length(const char* fn, const char* arg, const std::vector<double>& v, std::size_t n,
                    const char* other);

// ids non-empty, at most kMaxRows of them, each < vocab ("invalid_argument": "embedding: ids[2] =
// 7 is not a row of E (vocab = 5)").
Status check_ids(const char* fn, const char* arg, const std::vector<std::size_t>& ids,
                 std::size_t vocab, const char* table);

// A parameter that must be a finite number in [lo, hi) or [lo, hi], or ≥ lo when hi is ∞
// ("invalid_argument": "adam_step: beta1 = 1 must be a finite number in [0, 1)").
Status check_in_range(const char* fn, const char* arg, double x, double lo, double hi,
                      bool hi_included);

}  // namespace ap
