// mask_patterns.h — the sparse attention masks of today's transformers.
//
// Every builder returns an (n, n) Mask with causal_mask's convention
// (mask.h): sees(i, j) is true when query i may look at key j. Each checks its
// arguments on entry and reports a Status naming the argument and its value:
//   n = 0 → "empty"; n > kMaxRows → "too_large";
//   a window, prefix, index or block count out of range → "invalid_argument";
//   a block size that does not divide n → "divisibility".
//
// Which rows are never empty: sliding_window_mask, prefix_lm_mask,
// local_global_mask and dilated_mask always let query i see key i (the
// diagonal); bigbird_mask does when window_blocks ≥ 1 (a row's own block),
// and every row sees at least the global blocks when global_blocks ≥ 1. With
// window_blocks = global_blocks = 0 a row sees only its random blocks, and may
// see nothing (attention then gives it zero weights, never NaN).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tensor.h"

namespace ap {

// Sliding-window (local causal) attention: query i sees the w most recent
// positions, j ∈ (i − w, i], i.e. i − w < j ≤ i. w = 1 is the diagonal, w = n
// is causal_mask(n). Needs 1 ≤ w ≤ n. Shape (n, n).
// Beltagy, Peters & Cohan 2020, "Longformer: The Long-Document Transformer"
// (sliding window); Jiang et al. 2023, "Mistral 7B" (sliding-window attention).
Result<Mask> sliding_window_mask(std::size_t n, std::size_t w);

// Prefix-LM ("causal with prefix"): the first p positions (the prefix, e.g. an
// input text) see each other in both directions; the rest is causal:
// sees(i, j) = j ≤ i or j < p. p = 0 is causal_mask(n), p = n sees everything.
// Needs 0 ≤ p ≤ n. Shape (n, n).
// Raffel et al. 2020, "Exploring the Limits of Transfer Learning with a
// Unified Text-to-Text Transformer" (T5), §3.2.1.
Result<Mask> prefix_lm_mask(std::size_t n, std::size_t p);

// Longformer's local + global attention (not causal): sees(i, j) when
// |i − j| ≤ w, or when i or j is a global token (a global token sees every
// position and every position sees it). `globals`: token indices in [0, n),
// in any order, repeats allowed (at most kMaxValues of them). Needs
// 1 ≤ w ≤ n. Shape (n, n).
// Beltagy, Peters & Cohan 2020, "Longformer", §3.1.
Result<Mask> local_global_mask(std::size_t n, std::size_t w,
                               const std::vector<std::size_t>& globals);

// Dilated sliding window (causal): query i sees the w most recent positions of
// stride `dilation`, j = i, i − d, i − 2d, …, i − (w − 1)·d (those ≥ 0):
// sees(i, j) = j ≤ i, (i − j) divisible by d, and (i − j) / d < w. A row sees
// at most w keys (fewer near the start). dilation = 1 is
// sliding_window_mask(n, w). Needs 1 ≤ w ≤ n and 1 ≤ dilation ≤ kMaxRows.
// Shape (n, n).
// Child, Gray, Radford & Sutskever 2019, "Generating Long Sequences with
// Sparse Transformers" (strided patterns); Beltagy et al. 2020, "Longformer",
// §3.1 (dilated sliding window).
Result<Mask> dilated_mask(std::size_t n, std::size_t w, std::size_t dilation);

// The block pattern of BigBird. n is cut into nb = n / block blocks of `block`
// tokens; the mask is built block by block (every token of block row b sees
// every token of block column c, or none):
//   • global: the first global_blocks blocks see every block and are seen by
//     every block;
//   • window: block row b sees the window_blocks blocks
//     b − ⌊window_blocks / 2⌋ … b + ⌊(window_blocks − 1) / 2⌋ that exist (its
//     own block and (window_blocks − 1) / 2 on each side when window_blocks is
//     odd; one more on the left, the past, when it is even; 0 = none);
//   • random: each block row that is not global also sees random_blocks other
//     blocks, drawn without repeats from those it does not already see (all of
//     them if there are fewer), with Rng(seed) (random.h, SplitMix64): rows
//     b = 0 … nb − 1 in order, each by a partial Fisher–Yates over its
//     candidate blocks in increasing order (candidate k + below(m − k) swapped
//     to place k, for k = 0 … r − 1). The same seed gives the same mask
//     natively and in WASM.
// Not causal. Needs block ≥ 1 dividing n, and each count between 0 and nb.
// Shape (n, n).
// Zaheer et al. 2020, "Big Bird: Transformers for Longer Sequences", §2 and
// Appendix D (the blocked ITC pattern).
struct BigBirdOptions {
  std::size_t window_blocks = 3;
  std::size_t global_blocks = 1;
  std::size_t random_blocks = 1;
  std::uint64_t seed = 0;
};
Result<Mask> bigbird_mask(std::size_t n, std::size_t block, const BigBirdOptions& opts);

}  // namespace ap
