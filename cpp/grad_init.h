// grad_init.h — seeded initial values for a model's parameters, drawn from the
// core's generator (random.h: SplitMix64 integers, Box–Muller normals), so one
// seed gives the same weights natively and in WebAssembly, bit for bit.
//
// Shapes: every result is (rows, cols); a vector parameter (γ, β) is (1, d).
//
// Each function draws from a caller's Rng, so a whole model is initialised from
// one seed in a fixed order: Rng rng(seed); E = init_normal(vocab, d, 0.02, rng);
// W_Q = init_normal(d, d, 0.02, rng); … (GPT-2 / nanoGPT's _init_weights:
// normal(0, 0.02) for the weights, zeros for the biases, ones for LN's γ).
#pragma once

#include <cstddef>

#include "random.h"
#include "tensor.h"

namespace ap {

// N(0, std²): std·rng.normal() per value, row by row. With a fresh Rng(seed)
// this is random_normal(rows, cols, seed, std) exactly.
// Errors: rows or cols 0 or over the limits ("empty", "too_large"), std not a
// finite number ≥ 0 ("invalid_argument").
Result<Matrix> init_normal(std::size_t rows, std::size_t cols, double std, Rng& rng);

// U(−bound, bound): −bound + 2·bound·rng.uniform() per value (torch.nn.Linear's
// default is bound = 1/√fan_in). Errors: as init_normal, for bound.
Result<Matrix> init_uniform(std::size_t rows, std::size_t cols, double bound, Rng& rng);

// Every value `value` (a finite number): zeros for a bias, ones for γ.
Result<Matrix> init_constant(std::size_t rows, std::size_t cols, double value);

}  // namespace ap
