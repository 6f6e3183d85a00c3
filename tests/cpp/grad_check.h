// grad_check.h — what the suites of the training functions (grad_*_test.cpp)
// share: their golden fixtures (tests/golden/grad_*.json, written by
// scripts/make_golden_grad.py with PyTorch float64 autograd), the loss
// L = Σ out ⊙ G the fixtures' gradients are for, and a central
// finite-difference check of an analytic gradient.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "positions_golden.h"
#include "rope.h"
#include "tensor.h"
#include "test_util.h"

namespace ap::test {

// Against torch float64, every value.
constexpr double kGradTol = 1e-9;
// The central difference: step and tolerance (relative to max(1, |gradient|)).
constexpr double kFiniteStep = 1e-6;
constexpr double kFiniteTol = 1e-6;

// The cases of tests/golden/<file> whose "op" is `op`.
inline std::vector<nlohmann::json> grad_cases(const std::string& file, const std::string& op) {
  return golden_cases(file, op);
}

// number[] → std::vector<double>.
inline std::vector<double> golden_vector(const nlohmann::json& j) {
  std::vector<double> v;
  flatten_into(j, v);
  return v;
}

// number[] of whole numbers → std::vector<std::size_t>.
inline std::vector<std::size_t> golden_ids(const nlohmann::json& j) {
  std::vector<std::size_t> v;
  for (const nlohmann::json& e : j) v.push_back(e.get<std::size_t>());
  return v;
}

// {base, pairing, offset} → RopeOptions.
inline RopeOptions golden_rope_options(const nlohmann::json& j) {
  return RopeOptions{j.at("base").get<double>(),
                     j.at("pairing") == "half" ? Pairing::half : Pairing::interleaved,
                     j.at("offset").get<double>()};
}

// Σ_k out_k·G_k: the scalar loss whose gradient with respect to out is G.
inline double dot(const std::vector<double>& out, const std::vector<double>& G) {
  double s = 0.0;
  for (std::size_t k = 0; k < out.size() && k < G.size(); ++k) s += out[k] * G[k];
  return s;
}

// One line per comparison with torch, "[ grad ] attention dQ (causal): max |diff| 2.2e-16", for
// the report of the largest differences (run core_tests --gtest_filter='Grad*' to see them).
inline void report_diff(const std::string& what, double diff) {
  std::printf("[ grad ] %s: max |diff| %.3g\n", what.c_str(), diff);
}

// got within kGradTol of torch's `want`, entry by entry; the difference is reported.
inline ::testing::AssertionResult MatchesTorch(const std::string& what, const Matrix& got,
                                               const nlohmann::json& want) {
  const Matrix w = golden_matrix(want);
  report_diff(what, test::max_abs_diff(got, w));
  return MatrixNear(got, w, kGradTol);
}

inline ::testing::AssertionResult MatchesTorch(const std::string& what,
                                               const std::vector<double>& got,
                                               const nlohmann::json& want) {
  const std::vector<double> w = golden_vector(want);
  report_diff(what, max_abs_diff(got, w));
  return VectorNear(got, w, kGradTol);
}

// The largest |fd − analytic| / max(1, |analytic|) over every entry k of x, where fd is the
// central difference (L(x + s·e_k) − L(x − s·e_k)) / 2s. x is changed and restored.
template <class Loss>
double finite_difference_error(std::vector<double>& x, const std::vector<double>& analytic,
                               Loss loss, double step = kFiniteStep) {
  double worst = 0.0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    const double keep = x[k];
    x[k] = keep + step;
    const double up = loss();
    x[k] = keep - step;
    const double down = loss();
    x[k] = keep;
    const double fd = (up - down) / (2.0 * step);
    const double err = std::fabs(fd - analytic[k]) / std::max(1.0, std::fabs(analytic[k]));
    if (!(err <= worst)) worst = err;  // NaN wins
  }
  return worst;
}

// finite_difference_error within kFiniteTol, reported as "[ fd ] what: max rel err".
template <class Loss>
::testing::AssertionResult AgreesWithFiniteDifferences(const std::string& what,
                                                       std::vector<double>& x,
                                                       const std::vector<double>& analytic,
                                                       Loss loss) {
  if (x.size() != analytic.size())
    return ::testing::AssertionFailure()
           << what << ": " << analytic.size() << " gradient values for " << x.size() << " inputs";
  const double err = finite_difference_error(x, analytic, loss);
  std::printf("[ fd   ] %s: max relative error %.3g\n", what.c_str(), err);
  if (err <= kFiniteTol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << what << ": the finite differences differ by " << err << " > " << kFiniteTol;
}

}  // namespace ap::test
