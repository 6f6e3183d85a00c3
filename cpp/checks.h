// checks.h — input validation shared by every public function.
//
// Each check returns a Status whose message names the function, the
// argument and the shapes, e.g. "attention: K is (3, 2) but Q is (3, 4):
// Q and K must have the same number of columns (d_k)".
#pragma once

#include <string>

#include "tensor.h"

namespace ap {

// "(3, 4)"
std::string shape_str(std::size_t rows, std::size_t cols);
// "(10, 2, 128)"
std::string shape_str(std::size_t batch, std::size_t rows, std::size_t cols);

// Non-empty, within the size limits, every value finite.
Status check_matrix(const char* fn, const char* arg, const Matrix& m);
Status check_tensor(const char* fn, const char* arg, const Tensor3& t);
Status check_vector(const char* fn, const char* arg, const std::vector<double>& v);

// `mask` may be null (no mask); otherwise it must be (n_q, n_k).
Status check_mask(const char* fn, const Mask* mask, std::size_t n_q, std::size_t n_k);

// Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
Status check_qkv(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                 const Mask* mask);

}  // namespace ap
