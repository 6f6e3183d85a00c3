#include "grad_layer_norm.h"

#include <cmath>

#include "checks.h"
#include "grad_checks.h"

namespace ap {

namespace {
constexpr const char* kReduce = "use fewer rows or columns of X";
}

Result<LayerNormForward> layer_norm_forward(const Matrix& X, const std::vector<double>& gamma,
                                            const std::vector<double>& beta, double eps) {
  constexpr const char* fn = "layer_norm_forward";
  Status s = check_matrix(fn, "X", X);
  if (s.ok()) s = check_length(fn, "gamma", gamma, X.cols, "a row of X");
  if (s.ok()) s = check_length(fn, "beta", beta, X.cols, "a row of X");
  if (s.ok()) s = check_in_range(fn, "eps", eps, 0.0, INFINITY, false);
  const double values = static_cast<double>(X.rows) * static_cast<double>(X.cols);
  // the mean, the variance, x̂ and y: 4 per value; out and x̂ (n, d), r (n)
  if (s.ok()) s = check_cost(fn, 4.0 * values, 16.0 * values, kReduce);
  if (!s.ok()) return Result<LayerNormForward>::Fail(s);

  const std::size_t n = X.rows, d = X.cols;
  Result<LayerNormForward> r;
  LayerNormForward& f = r.value;
  f.out = Matrix(n, d);
  f.cache.xhat = Matrix(n, d);
  f.cache.rstd.assign(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const double* x = X.row(i);  // (d)
    // 1. μ and the biased σ², two passes (as torch.nn.LayerNorm and layer_norm.cpp)
    double mean = 0.0;
    for (std::size_t c = 0; c < d; ++c) mean += x[c];
    mean /= static_cast<double>(d);
    double var = 0.0;
    for (std::size_t c = 0; c < d; ++c) var += (x[c] - mean) * (x[c] - mean);
    var /= static_cast<double>(d);
    if (!std::isfinite(var))
      return Result<LayerNormForward>::Fail(Status::Error(
          "non_finite_result", message("%s: the variance of row %zu of X overflows float64: "
                                       "scale X down below 1e150",
                                       fn, i)));
    // 2. r = 1/√(σ² + eps); a constant row with eps = 0 gets 0 (not 1/0)
    const double denom = std::sqrt(var + eps);
    const double rstd = denom > 0.0 ? 1.0 / denom : 0.0;
    f.cache.rstd[i] = rstd;
    double* xhat = f.cache.xhat.row(i);
    double* y = f.out.row(i);
    for (std::size_t c = 0; c < d; ++c) {
      xhat[c] = (x[c] - mean) * rstd;       // 3. x̂
      y[c] = gamma[c] * xhat[c] + beta[c];  // 4. y = γ ⊙ x̂ + β
    }
  }
  return r;
}

Result<LayerNormGrads> layer_norm_backward(const LayerNormCache& cache,
                                           const std::vector<double>& gamma, const Matrix& d_out) {
  constexpr const char* fn = "layer_norm_backward";
  const std::size_t n = cache.xhat.rows, d = cache.xhat.cols;
  Status s = Status::Ok();
  if (cache.rstd.size() != n || cache.xhat.data.size() != n * d)
    s = Status::Error("shape", message("%s: the cache's x̂ %s and %zu values of r do not fit "
                                       "together: pass the cache layer_norm_forward made",
                                       fn, shape_str(n, d).c_str(), cache.rstd.size()));
  if (s.ok()) s = check_shape(fn, "d_out", d_out, n, d, "the output (n, d)");
  if (s.ok()) s = check_length(fn, "gamma", gamma, d, "a row of the output");
  const double values = static_cast<double>(n) * static_cast<double>(d);
  // dγ, dβ, dx̂, its two means and dx: 6 per value; dX (n, d), dγ and dβ (d)
  if (s.ok())
    s = check_cost(fn, 6.0 * values, 8.0 * (values + 2.0 * static_cast<double>(d)), kReduce);
  if (!s.ok()) return Result<LayerNormGrads>::Fail(s);

  Result<LayerNormGrads> r;
  LayerNormGrads& g = r.value;
  g.dX = Matrix(n, d);
  g.d_gamma.assign(d, 0.0);
  g.d_beta.assign(d, 0.0);
  std::vector<double> dxhat(d);  // (d)
  for (std::size_t i = 0; i < n; ++i) {
    const double* xhat = cache.xhat.row(i);
    const double* dy = d_out.row(i);
    // dβ += dy, dγ += dy ⊙ x̂; dx̂ = dy ⊙ γ and its two means over the row
    double mean_dxhat = 0.0, mean_dxhat_xhat = 0.0;
    for (std::size_t c = 0; c < d; ++c) {
      g.d_beta[c] += dy[c];
      g.d_gamma[c] += dy[c] * xhat[c];
      dxhat[c] = dy[c] * gamma[c];
      mean_dxhat += dxhat[c];
      mean_dxhat_xhat += dxhat[c] * xhat[c];
    }
    mean_dxhat /= static_cast<double>(d);
    mean_dxhat_xhat /= static_cast<double>(d);
    // dx = r·(dx̂ − mean(dx̂) − x̂·mean(dx̂ ⊙ x̂))
    double* dx = g.dX.row(i);
    for (std::size_t c = 0; c < d; ++c)
      dx[c] = cache.rstd[i] * (dxhat[c] - mean_dxhat - xhat[c] * mean_dxhat_xhat);
  }
  return r;
}

}  // namespace ap
