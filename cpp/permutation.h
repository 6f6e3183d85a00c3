// permutation.h — experiment 2: attention(PX) vs P·attention(X), with or without
// PE, RoPE or ALiBi (05-perm.txt).
//
// Shape legend: n = number of tokens (queries = keys), d = width (d_k = d_v),
// P = the permutation matrix with (P·M)[i] = M[perm[i]].
//
// Every function checks its inputs and returns a Status whose message names
// the function and the argument, e.g. "seeded_permutation: n = 0 must be at least 1".
#pragma once

#include <cstdint>
#include <vector>

#include "rope.h"
#include "tensor.h"

namespace ap {

// How the permutation experiment tells attention where a token stands.
// Z = X or PX, rows at their positions 0 … n − 1:
//   none        attention(Z, Z, Z)
//   sinusoidal  Z + pos_encoding(n, d) as Q = K = V (Vaswani et al. 2017)
//   rope        attention(rope(Z), rope(Z), Z): Q = K rotated, V not (Su et
//               al. 2021, RoFormer)
//   alibi       attention(Z, Z, Z, bias = alibi_bias(1, n, n)[0]): −m·|i − j|,
//               m = 1/256 for one head (Press et al. 2022)
// Every one but none breaks permutation equivariance.
enum class Positions { none, sinusoidal, rope, alibi };

// Self-attention Q = K = V = Z, with Z = X and the positions above.
// They belong to the position, so they are applied AFTER permuting (PX + PE,
// not P(X + PE)): a token's position changes with the order, which is exactly
// what breaks equivariance.
struct PermutationResult {
  std::vector<std::size_t> perm;  // (n) row i of PX is row perm[i] of X
  bool use_pe = false;            // positions == Positions::sinusoidal
  Positions positions = Positions::none;
  Matrix permuted_input;      // (n, d)  PX
  Matrix out;                 // (n, d)  attention(X (+positions)).out
  Matrix out_permuted;        // (n, d)  attention(PX (+positions)).out
  Matrix permuted_out;        // (n, d)  P·attention(X (+positions)).out
  Matrix weights;             // (n, n)  attention(X (+positions)).weights
  Matrix weights_permuted;    // (n, n)  attention(PX (+positions)).weights
  double max_abs_diff = 0.0;  // max |out_permuted − permuted_out|
};

// `perm` must hold each of 0 … n−1 exactly once (n = X.rows); `rope` is used
// when positions is Positions::rope (its offset is ignored: positions 0 … n − 1),
// and d = X.cols must then be even.
Result<PermutationResult> permutation_experiment(const Matrix& X,
                                                 const std::vector<std::size_t>& perm,
                                                 Positions positions,
                                                 const RopeOptions& rope_opts = {});

// The seed's form: use_pe true is Positions::sinusoidal, false Positions::none.
inline Result<PermutationResult> permutation_experiment(const Matrix& X,
                                                        const std::vector<std::size_t>& perm,
                                                        bool use_pe) {
  return permutation_experiment(X, perm, use_pe ? Positions::sinusoidal : Positions::none);
}

// A uniformly random permutation of 0 … n−1 from `seed` (1 ≤ n ≤ kMaxRows).
Result<std::vector<std::size_t>> seeded_permutation(std::size_t n, std::uint64_t seed);

}  // namespace ap
