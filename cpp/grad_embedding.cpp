#include "grad_embedding.h"

#include "checks.h"
#include "grad_checks.h"
#include "size_limits.h"

namespace ap {

namespace {

constexpr const char* kReduceTokens = "use fewer tokens or a narrower table";

// the bytes of a (rows, cols) result
double bytes(std::size_t rows, std::size_t cols) {
  return 8.0 * static_cast<double>(rows) * static_cast<double>(cols);
}

}  // namespace

Result<Matrix> embedding(const Matrix& E, const std::vector<std::size_t>& ids) {
  Status s = check_matrix("embedding", "E", E);
  if (s.ok()) s = check_ids("embedding", "ids", ids, E.rows, "E");
  if (s.ok())
    s = check_cost("embedding", static_cast<double>(ids.size() * E.cols), bytes(ids.size(), E.cols),
                   kReduceTokens);
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = Matrix(ids.size(), E.cols);  // (n, d)
  // X[i] = E[ids[i]]: a copy of one row of the table per token
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (std::size_t c = 0; c < E.cols; ++c) r.value(i, c) = E(ids[i], c);
  return r;
}

Result<Matrix> embedding_backward(const std::vector<std::size_t>& ids, std::size_t vocab,
                                  const Matrix& dX) {
  Status s = check_ids("embedding_backward", "ids", ids, vocab, "E");
  if (s.ok() && vocab > kMaxRows)
    s = Status::Error("too_large", message("embedding_backward: vocab = %zu is over the limit of "
                                           "%zu rows",
                                           vocab, kMaxRows));
  if (s.ok()) s = check_matrix("embedding_backward", "dX", dX);
  if (s.ok() && dX.rows != ids.size())
    s = Status::Error("shape", message("embedding_backward: dX is %s for %zu ids: it needs one row "
                                       "per token",
                                       shape_str(dX.rows, dX.cols).c_str(), ids.size()));
  if (s.ok())
    s = check_cost("embedding_backward", static_cast<double>(ids.size() * dX.cols),
                   bytes(vocab, dX.cols), kReduceTokens);
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = Matrix(vocab, dX.cols);  // (vocab, d), 0 for the tokens that do not appear
  // dE[ids[i]] += dX[i]: scatter-add, so a repeated token collects every row
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (std::size_t c = 0; c < dX.cols; ++c) r.value(ids[i], c) += dX(i, c);
  return r;
}

Result<Matrix> learned_positions(const Matrix& X, const Matrix& P) {
  Status s = check_matrix("learned_positions", "X", X);
  if (s.ok()) s = check_matrix("learned_positions", "P", P);
  if (s.ok() && (X.cols != P.cols || X.rows > P.rows))
    s = Status::Error(
        "shape", message("learned_positions: X is %s but P is %s: P needs the width of X and "
                         "at least one row per row of X (n ≤ n_max)",
                         shape_str(X.rows, X.cols).c_str(), shape_str(P.rows, P.cols).c_str()));
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = X;  // (n, d)
  // Y[i] = X[i] + P[i]: row i is at position i
  for (std::size_t i = 0; i < X.rows; ++i)
    for (std::size_t c = 0; c < X.cols; ++c) r.value(i, c) += P(i, c);
  return r;
}

Result<Matrix> learned_positions_backward(std::size_t n_max, const Matrix& dY) {
  Status s = check_matrix("learned_positions_backward", "dY", dY);
  if (s.ok() && (n_max > kMaxRows || dY.rows > n_max))
    s = Status::Error(n_max > kMaxRows ? "too_large" : "shape",
                      message("learned_positions_backward: dY is %s and n_max = %zu: it needs "
                              "n ≤ n_max ≤ %zu",
                              shape_str(dY.rows, dY.cols).c_str(), n_max, kMaxRows));
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = Matrix(n_max, dY.cols);  // (n_max, d), rows n … n_max − 1 stay 0
  for (std::size_t i = 0; i < dY.rows; ++i)
    for (std::size_t c = 0; c < dY.cols; ++c) r.value(i, c) = dY(i, c);
  return r;
}

}  // namespace ap
