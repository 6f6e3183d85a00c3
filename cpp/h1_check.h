// h1_check.h — experiment 4: multi_head(Q, K, V, 1) is exactly attention(Q, K, V).
//
// Shape legend: n_q = queries, n_k = keys, d = width of Q and K (d_k), d_v =
// width of V, h = heads (here 1).
//
// h1_check checks its inputs and returns a Status whose message names the
// function and the argument, e.g. "h1_check: Q is (2, 4) but K is (3, 5): …".
#pragma once

#include "tensor.h"

namespace ap {

struct H1Check {
  double max_out_diff = 0.0;     // max |multi_head(h=1).out − attention.out|
  double max_weight_diff = 0.0;  // max |multi_head(h=1).weights[0] − attention.weights|
};

// Q (n_q, d), K (n_k, d), V (n_k, d_v), mask (n_q, n_k) or null. Both numbers
// are exactly 0.0: one head of width d/1 = d is scaled by √d, like attention.
Result<H1Check> h1_check(const Matrix& Q, const Matrix& K, const Matrix& V,
                         const Mask* mask = nullptr);

}  // namespace ap
