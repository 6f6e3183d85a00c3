#include "grad_linear.h"

#include <algorithm>
#include <vector>

#include "checks.h"
#include "grad_checks.h"
#include "matmul.h"
#include "simd.h"

namespace ap {

namespace {

using simd::kLanes;
using simd::load;
using simd::store;
using simd::vec;

constexpr std::size_t kTileRows = 4;           // rows of C per tile: each B load is used 4 times
constexpr std::size_t kTileCols = 2 * kLanes;  // columns of C per tile: 2 registers per row

inline vec broadcast(double x) {  // x in every lane (a shuffle, not simd::splat's 0 + x)
  vec v;
  for (std::size_t l = 0; l < kLanes; ++l) v[l] = x;
  return v;
}

// Rows [0, R) × columns [0, kTileCols) of C (A, B and C point at the tile's
// corner), terms p0 … p1 − 1: 2·R accumulators stay in registers for the whole sum.
template <std::size_t R>
void tile(std::size_t p0, std::size_t p1, Strided A, const double* B, std::size_t ldb, double* C,
          std::size_t ldc, bool accumulate) {
  vec lo[R], hi[R];  // (R, kTileCols)
  for (std::size_t r = 0; r < R; ++r) {
    lo[r] = accumulate ? load(C + r * ldc) : vec{};
    hi[r] = accumulate ? load(C + r * ldc + kLanes) : vec{};
  }
  for (std::size_t p = p0; p < p1; ++p) {
    const vec b_lo = load(B + p * ldb), b_hi = load(B + p * ldb + kLanes);
    for (std::size_t r = 0; r < R; ++r) {
      const vec a = broadcast(A.data[r * A.row + p * A.col]);
      lo[r] += a * b_lo;
      hi[r] += a * b_hi;
    }
  }
  for (std::size_t r = 0; r < R; ++r) {
    store(C + r * ldc, lo[r]);
    store(C + r * ldc + kLanes, hi[r]);
  }
}

// The same for the last n mod kTileCols columns, one scalar sum each.
template <std::size_t R>
void tile_edge(std::size_t cols, std::size_t p0, std::size_t p1, Strided A, const double* B,
               std::size_t ldb, double* C, std::size_t ldc, bool accumulate) {
  for (std::size_t r = 0; r < R; ++r)
    for (std::size_t j = 0; j < cols; ++j) {
      double acc = accumulate ? C[r * ldc + j] : 0.0;
      for (std::size_t p = p0; p < p1; ++p) acc += A.data[r * A.row + p * A.col] * B[p * ldb + j];
      C[r * ldc + j] = acc;
    }
}

// Rows [i, i + R) of C, every column.
template <std::size_t R>
void row_block(std::size_t i, std::size_t n, std::size_t k, Strided A, const double* B,
               std::size_t ldb, double* C, std::size_t ldc, bool accumulate, Skip skip) {
  // the sums' range for these rows: the union of each row's (a skipped term is a zero)
  const std::size_t p0 = skip == Skip::kBelowI ? std::min(i, k) : 0;
  const std::size_t p1 = skip == Skip::kAboveI ? std::min(i + R, k) : k;
  const Strided a{A.data + i * A.row, A.row, A.col};
  double* c = C + i * ldc;
  std::size_t j = 0;
  for (; j + kTileCols <= n; j += kTileCols) tile<R>(p0, p1, a, B + j, ldb, c + j, ldc, accumulate);
  if (j < n) tile_edge<R>(n - j, p0, p1, a, B + j, ldb, c + j, ldc, accumulate);
}

// M (rows, cols) → Mᵀ (cols, rows)
std::vector<double> transposed(const Matrix& M) {
  std::vector<double> t(M.data.size());  // (cols, rows)
  for (std::size_t i = 0; i < M.rows; ++i)
    for (std::size_t j = 0; j < M.cols; ++j) t[j * M.rows + i] = M(i, j);
  return t;
}

}  // namespace

void gemm(std::size_t m, std::size_t n, std::size_t k, Strided A, const double* B, std::size_t ldb,
          double* C, std::size_t ldc, bool accumulate, Skip skip) {
  std::size_t i = 0;
  for (; i + kTileRows <= m; i += kTileRows)
    row_block<kTileRows>(i, n, k, A, B, ldb, C, ldc, accumulate, skip);
  for (; i < m; ++i) row_block<1>(i, n, k, A, B, ldb, C, ldc, accumulate, skip);
}

Matrix matmul_tiled(const Matrix& A, const Matrix& B) {
  Matrix C(A.rows, B.cols);  // (m, n)
  gemm(A.rows, B.cols, A.cols, {A.data.data(), A.cols, 1}, B.data.data(), B.cols, C.data.data(),
       C.cols);
  return C;
}

Matrix matmul_transposed_b(const Matrix& A, const Matrix& B) {
  Matrix C(A.rows, B.rows);  // (m, n)
  // C = A·(Bᵀ): Bᵀ copied row-major, so each sum over k runs as in the dot product of rows
  const std::vector<double> Bt = transposed(B);  // (k, n)
  gemm(A.rows, B.rows, A.cols, {A.data.data(), A.cols, 1}, Bt.data(), B.rows, C.data.data(),
       C.cols);
  return C;
}

Matrix matmul_transposed_a(const Matrix& A, const Matrix& B) {
  Matrix C(A.cols, B.cols);  // (m, n)
  // C(i, j) = Σ_k A(k, i)·B(k, j): A read as its transpose, in place
  gemm(A.cols, B.cols, A.rows, {A.data.data(), 1, A.cols}, B.data.data(), B.cols, C.data.data(),
       C.cols);
  return C;
}

void add_into(Matrix& C, const Matrix& A) {
  for (std::size_t k = 0; k < C.data.size(); ++k) C.data[k] += A.data[k];
}

LinearGrads linear_backward_unchecked(const Matrix& X, const Matrix& W, const Matrix& dY) {
  // 1. dX = dY·Wᵀ   (n, d_out)·(d_out, d_in) → (n, d_in)
  // 2. dW = Xᵀ·dY   (d_in, n)·(n, d_out) → (d_in, d_out)
  return {matmul_transposed_b(dY, W), matmul_transposed_a(X, dY)};
}

namespace {

// X (n, d) and W_U (d, vocab): both valid, the widths agree.
Status check_unembedding(const char* fn, const Matrix& X, const Matrix& W_U) {
  Status s = check_matrix(fn, "X", X);
  if (s.ok()) s = check_matrix(fn, "W_U", W_U);
  if (s.ok() && X.cols != W_U.rows)
    s = Status::Error("shape", message("%s: X is %s but W_U is %s: W_U needs one row per column "
                                       "of X (d)",
                                       fn, shape_str(X.rows, X.cols).c_str(),
                                       shape_str(W_U.rows, W_U.cols).c_str()));
  return s;
}

// n·d·vocab multiply-adds per product
double products(const Matrix& X, const Matrix& W_U) {
  return static_cast<double>(X.rows) * static_cast<double>(X.cols) * static_cast<double>(W_U.cols);
}

constexpr const char* kReduceUnembedding = "use fewer rows of X, a narrower X or a smaller vocab";

}  // namespace

Result<Matrix> unembedding(const Matrix& X, const Matrix& W_U) {
  Status s = check_unembedding("unembedding", X, W_U);
  if (s.ok())
    s = check_cost("unembedding", products(X, W_U),
                   8.0 * static_cast<double>(X.rows) * static_cast<double>(W_U.cols),
                   kReduceUnembedding);
  if (!s.ok()) return Result<Matrix>::Fail(s);
  Result<Matrix> r;
  r.value = matmul_tiled(X, W_U);  // (n, vocab)
  return r;
}

Result<LinearGrads> unembedding_backward(const Matrix& X, const Matrix& W_U,
                                         const Matrix& d_logits) {
  Status s = check_unembedding("unembedding_backward", X, W_U);
  if (s.ok())
    s = check_shape("unembedding_backward", "d_logits", d_logits, X.rows, W_U.cols,
                    "the logits X·W_U");
  if (s.ok())
    s = check_cost(
        "unembedding_backward", 2.0 * products(X, W_U),
        8.0 * (static_cast<double>(X.data.size()) + static_cast<double>(W_U.data.size())),
        kReduceUnembedding);
  if (!s.ok()) return Result<LinearGrads>::Fail(s);
  Result<LinearGrads> r;
  r.value = linear_backward_unchecked(X, W_U, d_logits);
  return r;
}

}  // namespace ap
