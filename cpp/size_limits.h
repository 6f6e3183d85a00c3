// size_limits.h — size limits that keep a browser tab alive.
//
// A float64 score matrix of 4096 × 4096 is 128 MiB; anything larger risks
// running the WebAssembly heap out of memory on a student laptop.
//
// Per-dimension limits alone do not bound a call: Q = K (4096, 1) with
// V (4096, 4096) is 6.9e10 multiply-adds (20 s in WASM), and a batch of
// 96 × 1024 × 1024 is 800 MB per argument. So every call also checks its
// total work and the bytes of its results (checks.h, check_cost), and a batch
// argument holds at most kMaxValues values, like a matrix or a vector.
#pragma once

#include <cstddef>

namespace ap {

constexpr std::size_t kMaxRows = 4096;   // n, n_q, n_k
constexpr std::size_t kMaxCols = 4096;   // d, d_k, d_v, widths
constexpr std::size_t kMaxHeads = 256;   // h, num_heads
constexpr std::size_t kMaxBatch = 1024;  // batch
// entries of all score matrices of one call together (2²⁴ = 16,777,216)
constexpr std::size_t kMaxWeights = std::size_t{1} << 24;
// values of one input argument: a vector, a matrix (4096 × 4096) or a batch
// (2²⁴ = 16,777,216 values, 128 MiB of float64)
constexpr std::size_t kMaxValues = kMaxRows * kMaxCols;

// Work of one call, in multiply-adds (a·b + c counts once), counted in double
// before the call runs: 2³² = 4,294,967,296. The page's largest calls fit:
// the quadratic experiment's last point (attention 4096 × 4096, d = 64:
// 4096²·(64 + 64) = 2³¹, plus drawing Q, K, V) and h1_check at that size
// (two such attentions, 2³²); at 1.5–3.5 GMAC/s in WASM a call at the limit
// takes 1–3 s. The 6.9e10 call above is refused at once.
constexpr double kMaxMultiplyAdds = 4294967296.0;
// Bytes of one call's results together: 256 MiB (2²⁸). Attention at
// 4096 × 4096 returns 128 MiB of weights; the bindings copy the results once
// more into JavaScript, so a call at the limit holds 512 MiB of the 2 GiB heap
// and the tab's memory at the peak.
constexpr double kMaxResultBytes = 268435456.0;
// A random normal (Box–Muller: a log, a square root, a sine) or a positional-
// encoding value (a power and a sine) takes as long as 80–240 multiply-adds of
// the attention kernel (measured natively and in WASM); each counts as this
// many multiply-adds.
constexpr double kTranscendentalCost = 128.0;

}  // namespace ap
