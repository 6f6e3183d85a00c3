// depth.cpp — rank collapse with depth (Dong, Cordonnier & Loukas 2021); see depth.h.
#include "depth.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "attention.h"
#include "checks.h"
#include "layer_norm.h"
#include "matmul.h"
#include "random.h"
#include "size_limits.h"

namespace ap {

namespace {

constexpr const char* kReduceDepth = "use fewer layers, a smaller n or a smaller d";

Status invalid(const std::string& message) { return Status::Error("invalid_argument", message); }

bool all_finite(const Matrix& m) {
  return std::all_of(m.data.begin(), m.data.end(), [](double x) { return std::isfinite(x); });
}

// The work of the three stacks: per layer, three projections n·d·d and one
// attention n·n·(d + d); the pre-LN LayerNorm and r are O(n·d) each.
double stacks_multiply_adds(std::size_t n, std::size_t d, std::size_t L) {
  const double nn = static_cast<double>(n), dd = static_cast<double>(d);
  const double per_layer = 3.0 * nn * dd * dd + attention_multiply_adds(n, n, d, d) + 4.0 * nn * dd;
  return static_cast<double>(kDepthVariants) * static_cast<double>(L) * per_layer;
}

// The result: three curves of L + 1 values.
double curves_bytes(std::size_t L) {
  return static_cast<double>(kDepthVariants) * static_cast<double>(L + 1) * sizeof(double);
}

Status check_layers(const char* fn, std::size_t L) {
  const std::string where = std::string(fn) + ": L = " + std::to_string(L);
  if (L == 0) return invalid(where + " must be at least 1 (one layer)");
  if (L > kMaxDepthLayers)
    return Status::Error("too_large",
                         where + " is over the limit of " + std::to_string(kMaxDepthLayers));
  return Status::Ok();
}

// LN of every row of X (a copy).
Matrix layer_norm_rows(const Matrix& X) {
  Matrix Z = X;
  for (std::size_t i = 0; i < Z.rows; ++i) layer_norm_inplace(Z.row(i), Z.cols, kDepthLayerNormEps);
  return Z;
}

// One layer of stack `v` on X (n, d), in place.
Status step(DepthVariant v, std::size_t layer, const DepthLayer& W, Matrix& X) {
  const Matrix Z = v == DepthVariant::kPreLnResidual ? layer_norm_rows(X) : X;
  const Matrix Q = matmul(Z, W.Wq), K = matmul(Z, W.Wk), V = matmul(Z, W.Wv);  // (n, d) each
  const auto overflow = [&](const char* what) {
    return Status::Error("non_finite_result",
                         std::string("depth_curves: the ") + depth_variant_name(v) +
                             " stack overflowed float64 at layer " + std::to_string(layer + 1) +
                             " (" + what + "): use smaller inputs or weights, or fewer layers");
  };
  if (!all_finite(Q) || !all_finite(K) || !all_finite(V)) return overflow("X·Wq, X·Wk or X·Wv");
  Result<AttentionResult> a = attention(Q, K, V);
  if (!a.ok()) return a.status;
  if (v == DepthVariant::kAttention) {
    X = std::move(a.value.out);
  } else {
    for (std::size_t k = 0; k < X.data.size(); ++k) X.data[k] += a.value.out.data[k];
  }
  if (!all_finite(X)) return overflow("the layer's output");
  return Status::Ok();
}

// The curves, inputs already checked.
Result<DepthCurves> run_stacks(const Matrix& X0, const std::vector<DepthLayer>& layers) {
  Result<DepthCurves> out;
  for (std::size_t k = 0; k < kDepthVariants; ++k) {
    const auto v = static_cast<DepthVariant>(k);
    DepthCurve& c = out.value[k];
    Matrix X = X0;
    c.r.reserve(layers.size() + 1);
    c.r.push_back(rank_one_distance(X));
    for (std::size_t l = 0; l < layers.size(); ++l) {
      Status s = step(v, l, layers[l], X);
      if (!s.ok()) return Result<DepthCurves>::Fail(s);
      c.r.push_back(rank_one_distance(X));
    }
    c.ratio = c.r.front() > 0.0 ? c.r.back() / c.r.front() : 1.0;
    c.collapsed = c.r.back() < kCollapseThreshold;
  }
  return out;
}

}  // namespace

const char* depth_variant_name(DepthVariant v) {
  switch (v) {
    case DepthVariant::kAttention: return "attention";
    case DepthVariant::kResidual: return "residual";
    default: return "pre_ln";
  }
}

double rank_one_distance(const Matrix& X) {
  double m = 0.0;  // the largest |value|: X / m has values in [−1, 1], so no square overflows
  for (double x : X.data) m = std::max(m, std::fabs(x));
  if (m == 0.0 || X.rows == 0) return 0.0;
  std::vector<double> mean(X.cols, 0.0);  // (d) column means of X / m
  for (std::size_t i = 0; i < X.rows; ++i)
    for (std::size_t j = 0; j < X.cols; ++j) mean[j] += X(i, j) / m;
  for (double& x : mean) x /= static_cast<double>(X.rows);
  double dev = 0.0, all = 0.0;
  for (std::size_t i = 0; i < X.rows; ++i)
    for (std::size_t j = 0; j < X.cols; ++j) {
      const double y = X(i, j) / m;
      dev += (y - mean[j]) * (y - mean[j]);
      all += y * y;
    }
  return std::sqrt(dev) / std::sqrt(all);
}

Result<DepthCurves> depth_curves(const Matrix& X0, const std::vector<DepthLayer>& layers) {
  using R = Result<DepthCurves>;
  const char* fn = "depth_curves";
  Status s = check_matrix(fn, "X0", X0);
  if (!s.ok()) return R::Fail(s);
  s = check_layers(fn, layers.size());
  if (!s.ok()) return R::Fail(s);
  const std::size_t d = X0.cols;
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const Matrix* ws[] = {&layers[l].Wq, &layers[l].Wk, &layers[l].Wv};
    const char* names[] = {"Wq", "Wk", "Wv"};
    for (int k = 0; k < 3; ++k) {
      const std::string arg = "layers[" + std::to_string(l) + "]." + names[k];
      s = check_matrix(fn, arg.c_str(), *ws[k]);
      if (!s.ok()) return R::Fail(s);
      if (ws[k]->rows != d || ws[k]->cols != d)
        return R::Fail(Status::Error(
            "shape", std::string(fn) + ": " + arg + " is " + shape_str(ws[k]->rows, ws[k]->cols) +
                         " but X0 is " + shape_str(X0.rows, d) +
                         ": every weight must be (d, d) = " + shape_str(d, d)));
    }
  }
  s = check_cost(fn, stacks_multiply_adds(X0.rows, d, layers.size()), curves_bytes(layers.size()),
                 kReduceDepth);
  if (!s.ok()) return R::Fail(s);
  return run_stacks(X0, layers);
}

Result<DepthExperiment> depth_experiment(std::size_t n, std::size_t d, std::size_t L,
                                         std::uint64_t seed) {
  using R = Result<DepthExperiment>;
  const char* fn = "depth_experiment";
  const auto count = [fn](const char* name, std::size_t x, std::size_t limit) {
    const std::string where = std::string(fn) + ": " + name + " = " + std::to_string(x);
    if (x == 0) return invalid(where + " must be at least 1");
    if (x > limit)
      return Status::Error("too_large", where + " is over the limit of " + std::to_string(limit));
    return Status::Ok();
  };
  for (Status s : {count("n", n, kMaxRows), count("d", d, kMaxCols), check_layers(fn, L)})
    if (!s.ok()) return R::Fail(s);
  // drawing X0 and 3·L weight matrices (each normal counts kTranscendentalCost),
  // and holding the weights (3·L·d² values) besides the curves
  const double nn = static_cast<double>(n), dd = static_cast<double>(d);
  const double draws = nn * dd + 3.0 * static_cast<double>(L) * dd * dd;
  Status cost = check_cost(fn, stacks_multiply_adds(n, d, L) + kTranscendentalCost * draws,
                           curves_bytes(L) + draws * sizeof(double), kReduceDepth);
  if (!cost.ok()) return R::Fail(cost);
  Rng rng(seed);
  Matrix X0(n, d);  // (n, d) N(0, 1)
  for (double& x : X0.data) x = rng.normal();
  const double scale = 1.0 / std::sqrt(dd);  // N(0, 1/d): standard deviation 1/√d
  std::vector<DepthLayer> layers(L);
  for (DepthLayer& layer : layers)
    for (Matrix* W : {&layer.Wq, &layer.Wk, &layer.Wv}) {
      *W = Matrix(d, d);
      for (double& x : W->data) x = rng.normal() * scale;
    }
  Result<DepthCurves> curves = run_stacks(X0, layers);
  if (!curves.ok()) return R::Fail(curves.status);
  R r;
  r.value.n = n;
  r.value.d = d;
  r.value.layers = L;
  r.value.seed = seed;
  r.value.curves = std::move(curves.value);
  return r;
}

}  // namespace ap
