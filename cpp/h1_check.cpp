// h1_check.cpp — multi_head with one head against attention; see h1_check.h.
#include "h1_check.h"

#include "attention.h"
#include "checks.h"
#include "experiment_common.h"
#include "multi_head.h"

namespace ap {

using namespace experiment;  // finite_difference, max_abs_diff (experiment_common.h)

Result<H1Check> h1_check(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask) {
  Status s = check_multi_head("h1_check", Q, K, V, 1, mask);
  // attention and multi_head(h = 1): the same work twice; two numbers out (the
  // two calls inside check their own results)
  if (s.ok())
    s = check_cost("h1_check", 2.0 * attention_multiply_adds(Q.rows, K.rows, Q.cols, V.cols),
                   sizeof(H1Check), kReduceAttention);
  if (!s.ok()) return Result<H1Check>::Fail(s);
  Result<AttentionResult> a = attention(Q, K, V, mask);
  if (!a.ok()) return Result<H1Check>::Fail(a.status);
  Result<MultiHeadResult> m = multi_head(Q, K, V, 1, mask);
  if (!m.ok()) return Result<H1Check>::Fail(m.status);
  Result<H1Check> r;
  r.value.max_out_diff = max_abs_diff(m.value.out.data, a.value.out.data);
  r.value.max_weight_diff = max_abs_diff(m.value.weights[0].data, a.value.weights.data);
  s = finite_difference("h1_check", "max |multi_head(h = 1).out − attention.out|",
                        r.value.max_out_diff, "V");
  if (!s.ok()) return Result<H1Check>::Fail(s);
  return r;
}

}  // namespace ap
