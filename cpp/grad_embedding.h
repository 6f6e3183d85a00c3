// grad_embedding.h — the token embedding and the learned positional embedding,
// forward and backward: what turns token ids into the first (n, d) activations
// of a transformer (GPT-2 / nanoGPT's wte and wpe: x = wte(idx) + wpe(pos)).
//
// Shapes: ids (n) token ids, E (vocab, d) the token table, P (n_max, d) the
// position table (one row per position the model can see), X (n, d).
//
//   embedding:         X[i] = E[ids[i]]          torch.nn.functional.embedding
//   backward:          dE[v] = Σ_{i : ids[i] = v} dX[i]   (a scatter-add: a token that
//                      appears twice gets both rows; a token that does not appear, 0)
//   learned_positions: Y[i] = X[i] + P[i] for i < n   (X + P[0:n])
//   backward:          dX = dY;  dP[i] = dY[i] for i < n, 0 for the rows n … n_max − 1
#pragma once

#include <cstddef>
#include <vector>

#include "tensor.h"

namespace ap {

// X = E[ids]: ids (n), each < vocab; E (vocab, d) → X (n, d).
// Errors: E empty or not finite, ids empty, over kMaxRows or an id ≥ vocab
// ("invalid_argument").
Result<Matrix> embedding(const Matrix& E, const std::vector<std::size_t>& ids);

// dE (vocab, d) for the upstream gradient dX (n, d) = ∂L/∂X: row v is the sum
// of the rows i of dX with ids[i] = v. Errors: as embedding, dX (n, d) with n
// the number of ids ("shape").
Result<Matrix> embedding_backward(const std::vector<std::size_t>& ids, std::size_t vocab,
                                  const Matrix& dX);

// Y = X + P[0:n]: X (n, d), P (n_max, d), n ≤ n_max → Y (n, d).
// Errors: X or P empty or not finite, widths differ or n > n_max ("shape").
Result<Matrix> learned_positions(const Matrix& X, const Matrix& P);

// dP (n_max, d) for dY (n, d) = ∂L/∂Y; the gradient of X is dY itself.
Result<Matrix> learned_positions_backward(std::size_t n_max, const Matrix& dY);

}  // namespace ap
