#include "grad_adam.h"

#include <cmath>

#include "checks.h"
#include "grad_checks.h"

namespace ap {

AdamState adam_state(std::size_t n) {
  AdamState s;
  s.m.assign(n, 0.0);
  s.v.assign(n, 0.0);
  return s;
}

namespace {

Status check_adam(const std::vector<double>& params, const std::vector<double>& grads,
                  const AdamState& state, const AdamOptions& o) {
  constexpr const char* fn = "adam_step";
  Status s = check_in_range(fn, "lr", o.lr, 0.0, INFINITY, false);
  if (s.ok()) s = check_in_range(fn, "beta1", o.beta1, 0.0, 1.0, false);
  if (s.ok()) s = check_in_range(fn, "beta2", o.beta2, 0.0, 1.0, false);
  if (s.ok()) s = check_in_range(fn, "eps", o.eps, 0.0, INFINITY, false);
  if (s.ok()) s = check_vector(fn, "params", params);
  if (s.ok()) s = check_length(fn, "grads", grads, params.size(), "params");
  const bool fresh = state.t == 0 && state.m.empty() && state.v.empty();
  if (s.ok() && !fresh && (state.m.size() != params.size() || state.v.size() != params.size()))
    s = Status::Error("shape", message("%s: the state's m and v have %zu and %zu values but params "
                                       "has %zu: one state per parameter vector",
                                       fn, state.m.size(), state.v.size(), params.size()));
  return s;
}

}  // namespace

Status adam_step(std::vector<double>& params, const std::vector<double>& grads, AdamState& state,
                 const AdamOptions& opts) {
  Status s = check_adam(params, grads, state, opts);
  if (!s.ok()) return s;
  if (state.t == 0 && state.m.empty()) state = adam_state(params.size());
  const double beta1 = opts.beta1, beta2 = opts.beta2;
  // 1. t ← t + 1
  state.t += 1;
  // 4. and 5.: the bias corrections, as torch computes them (Python's float ** is C's pow)
  const double step = static_cast<double>(state.t);
  const double bias_correction1 = 1.0 - std::pow(beta1, step);
  const double bias_correction2 = 1.0 - std::pow(beta2, step);
  const double step_size = opts.lr / bias_correction1;
  const double bias_correction2_sqrt = std::sqrt(bias_correction2);
  for (std::size_t k = 0; k < params.size(); ++k) {
    const double g = grads[k];
    double& m = state.m[k];
    double& v = state.v[k];
    m = m * beta1 + (1.0 - beta1) * g;                                     // 2. first moment
    v = v * beta2 + (1.0 - beta2) * g * g;                                 // 3. second moment
    const double denom = std::sqrt(v) / bias_correction2_sqrt + opts.eps;  // 5.
    params[k] += -step_size * (m / denom);                                 // 6.
  }
  return Status::Ok();
}

}  // namespace ap
