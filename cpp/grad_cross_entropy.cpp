#include "grad_cross_entropy.h"

#include <cmath>

#include "checks.h"
#include "size_limits.h"
#include "softmax.h"

namespace ap {

namespace {
constexpr const char* kReduce = "use fewer positions or a smaller vocab";
}

Result<CrossEntropyForward> cross_entropy_forward(const Matrix& logits,
                                                  const std::vector<std::size_t>& targets,
                                                  const std::vector<std::uint8_t>* counts) {
  constexpr const char* fn = "cross_entropy_forward";
  const std::size_t n = logits.rows, vocab = logits.cols;
  Status s = check_matrix(fn, "logits", logits);
  if (s.ok() && targets.size() != n)
    s = Status::Error("shape", message("%s: %zu targets for %zu rows of logits: one target per row",
                                       fn, targets.size(), n));
  if (s.ok() && counts && counts->size() != n)
    s = Status::Error("shape", message("%s: counts has %zu values for %zu rows of logits: one per "
                                       "row",
                                       fn, counts->size(), n));
  std::size_t count = 0;
  for (std::size_t i = 0; s.ok() && i < n; ++i) {
    if (counts && (*counts)[i] == 0) continue;
    ++count;
    if (targets[i] >= vocab)
      s = Status::Error("invalid_argument", message("%s: targets[%zu] = %zu is not a column of the "
                                                    "logits (vocab = %zu)",
                                                    fn, i, targets[i], vocab));
  }
  if (s.ok() && count == 0)
    s = Status::Error("invalid_argument",
                      message("%s: no position counts (counts is all 0): the mean loss of no "
                              "positions is undefined",
                              fn));
  // an exp per logit; the probabilities (n, vocab) out
  const double values = static_cast<double>(n) * static_cast<double>(vocab);
  if (s.ok()) s = check_cost(fn, kTranscendentalCost * values, 8.0 * values, kReduce);
  if (!s.ok()) return Result<CrossEntropyForward>::Fail(s);

  Result<CrossEntropyForward> r;
  CrossEntropyCache& c = r.value.cache;
  c.probs = logits;  // (n, vocab), softmax in place below
  c.targets = targets;
  c.counts = counts ? *counts : std::vector<std::uint8_t>(n, 1);
  c.count = count;
  double total = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double* z = logits.row(i);  // (vocab)
    if (c.counts[i] != 0) {
      // −log p[t] = logsumexp(z) − z[t], with the max subtracted so exp never overflows
      double max = z[0];
      for (std::size_t j = 1; j < vocab; ++j) max = z[j] > max ? z[j] : max;
      double sum = 0.0;
      for (std::size_t j = 0; j < vocab; ++j) sum += std::exp(z[j] - max);
      total += (max + std::log(sum)) - z[targets[i]];
    }
    softmax_inplace(c.probs.row(i), vocab);  // 1. p_i
  }
  r.value.loss = total / static_cast<double>(count);  // 2. the mean over the C positions
  return r;
}

Result<Matrix> cross_entropy_backward(const CrossEntropyCache& cache, double d_loss) {
  constexpr const char* fn = "cross_entropy_backward";
  const std::size_t n = cache.probs.rows, vocab = cache.probs.cols;
  Status s = Status::Ok();
  if (cache.targets.size() != n || cache.counts.size() != n || cache.count == 0 ||
      cache.probs.data.size() != n * vocab)
    s = Status::Error("shape", message("%s: the cache's probabilities %s, %zu targets and %zu "
                                       "counts do not fit together: pass the cache "
                                       "cross_entropy_forward made",
                                       fn, shape_str(n, vocab).c_str(), cache.targets.size(),
                                       cache.counts.size()));
  for (std::size_t i = 0; s.ok() && i < n; ++i)
    if (cache.counts[i] != 0 && cache.targets[i] >= vocab)
      s = Status::Error("invalid_argument", message("%s: the cache's targets[%zu] = %zu is not a "
                                                    "column of the logits (vocab = %zu)",
                                                    fn, i, cache.targets[i], vocab));
  if (s.ok() && !std::isfinite(d_loss))
    s = Status::Error("non_finite", message("%s: d_loss = %s must be a finite number", fn,
                                            number_str(d_loss).c_str()));
  if (!s.ok()) return Result<Matrix>::Fail(s);

  Result<Matrix> r;
  r.value = Matrix(n, vocab);  // (n, vocab), 0 on the rows that do not count
  const double scale = d_loss / static_cast<double>(cache.count);  // d_loss / C
  for (std::size_t i = 0; i < n; ++i) {
    if (cache.counts[i] == 0) continue;
    // d_logits_i = (d_loss / C)·(p_i − onehot(t_i))
    const double* p = cache.probs.row(i);
    double* dz = r.value.row(i);
    for (std::size_t j = 0; j < vocab; ++j) dz[j] = scale * p[j];
    dz[cache.targets[i]] = scale * (p[cache.targets[i]] - 1.0);
  }
  return r;
}

}  // namespace ap
