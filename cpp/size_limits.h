// size_limits.h — size limits that keep a browser tab alive.
//
// A float64 score matrix of 4096 × 4096 is 128 MiB; anything larger risks
// running the WebAssembly heap out of memory on a student laptop.
#pragma once

#include <cstddef>

namespace ap {

constexpr std::size_t kMaxRows = 4096;   // n, n_q, n_k
constexpr std::size_t kMaxCols = 4096;   // d, d_k, d_v, widths
constexpr std::size_t kMaxHeads = 256;   // h, num_heads
constexpr std::size_t kMaxBatch = 1024;  // batch
// entries of all score matrices of one call together (2²⁴ = 16,777,216)
constexpr std::size_t kMaxWeights = std::size_t{1} << 24;

}  // namespace ap
