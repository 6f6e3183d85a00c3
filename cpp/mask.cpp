#include "mask.h"

#include <string>

#include "checks.h"
#include "cost.h"
#include "size_limits.h"

namespace ap {

Result<Mask> causal_mask(std::size_t n_q, std::size_t n_k) {
  if (n_q == 0 || n_k == 0)
    return Result<Mask>::Fail(Status::Error(
        "empty",
        "causal_mask: n = " + std::to_string(n_q == 0 ? n_q : n_k) + " must be at least 1"));
  if (n_q > kMaxRows || n_k > kMaxRows)
    return Result<Mask>::Fail(
        Status::Error("too_large", "causal_mask: n = " + std::to_string(n_q > n_k ? n_q : n_k) +
                                       " is over the limit of " + std::to_string(kMaxRows)));
  // one byte written per entry; (n_q, n_k) bytes out
  Status s = check_cost("causal_mask",
                        causal_mask_cost(static_cast<double>(n_q), static_cast<double>(n_k)));
  if (!s.ok()) return Result<Mask>::Fail(s);
  Result<Mask> r;
  r.value = Mask(n_q, n_k, false);  // (n_q, n_k)
  for (std::size_t i = 0; i < n_q; ++i)
    for (std::size_t j = 0; j <= i && j < n_k; ++j) r.value.set(i, j, true);
  return r;
}

Result<Mask> causal_mask(std::size_t n) { return causal_mask(n, n); }

}  // namespace ap
