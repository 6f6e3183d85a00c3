// grad_cross_entropy.h — the cross-entropy loss of next-token prediction and
// its gradient with respect to the logits.
// torch.nn.functional.cross_entropy(logits, targets, reduction="mean"), with
// the positions that do not count given ignore_index.
//
// Shapes: logits (n, vocab), targets (n) with each target < vocab, counts (n)
// or null (1 = this position counts; null = every position counts).
//
// For the positions that count, C of them:
//   1. p_i = softmax(logits_i)                              (vocab)
//   2. loss = (1/C)·Σ_i −log p_i[t_i]
//           = (1/C)·Σ_i (logsumexp(logits_i) − logits_i[t_i])  (max subtracted first)
// Backward, scaled by an upstream d_loss (1 for the loss itself):
//   d_logits_i = d_loss·(p_i − onehot(t_i)) / C   for a position that counts,
//   d_logits_i = 0                                  for one that does not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tensor.h"

namespace ap {

// What the backward pass needs.
struct CrossEntropyCache {
  Matrix probs;                      // (n, vocab)  softmax of each row of the logits
  std::vector<std::size_t> targets;  // (n)
  std::vector<std::uint8_t> counts;  // (n)  1 = counts (all 1 when none were given)
  std::size_t count = 0;             // C, the positions that count
};

struct CrossEntropyForward {
  double loss = 0.0;        // the mean over the C positions
  CrossEntropyCache cache;  // for cross_entropy_backward
};

// Checked: logits non-empty and finite, one target per row ("shape"), every
// counted target < vocab ("invalid_argument"; a position that does not count
// is not read, so padding may hold any id), counts of length n ("shape") with
// at least one position that counts ("invalid_argument": the mean of nothing).
Result<CrossEntropyForward> cross_entropy_forward(
    const Matrix& logits, const std::vector<std::size_t>& targets,
    const std::vector<std::uint8_t>* counts = nullptr);

// d_logits (n, vocab) = ∂(d_loss·loss)/∂logits; d_loss a finite number.
Result<Matrix> cross_entropy_backward(const CrossEntropyCache& cache, double d_loss = 1.0);

}  // namespace ap
