// random.h — a small seeded generator, bit-identical natively and in WASM.
//
// SplitMix64 for the integers (pure 64-bit integer arithmetic, so the
// sequence is the same everywhere), 53-bit uniforms, and Box–Muller normals.
#pragma once

#include <cstdint>
#include <vector>

#include "tensor.h"

namespace ap {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next_u64();
  double uniform();                  // [0, 1)
  double normal();                   // standard normal
  std::size_t below(std::size_t n);  // uniform integer in [0, n)

 private:
  std::uint64_t state_;
  bool has_spare_ = false;
  double spare_ = 0.0;
};

// The largest |scale| random_normal takes: DBL_MAX / 64 (every value stays finite).
constexpr double kMaxNormalScale = 0x1.fffffffffffffp+1017;

// A (rows, cols) matrix of standard-normal values scaled by `scale`
// (finite, |scale| ≤ kMaxNormalScale, else "invalid_argument").
Result<Matrix> random_normal(std::size_t rows, std::size_t cols, std::uint64_t seed,
                             double scale = 1.0);

// A uniformly random permutation of 0 … n−1 (Fisher–Yates).
std::vector<std::size_t> random_permutation(std::size_t n, Rng& rng);

}  // namespace ap
