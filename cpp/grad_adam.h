// grad_adam.h — the Adam optimiser (Kingma & Ba 2015, "Adam: A Method for
// Stochastic Optimization", ICLR, arXiv:1412.6980), step for step as
// torch.optim.Adam (PyTorch 1.13, _single_tensor_adam: no weight decay, no
// amsgrad, not maximize) over one flat parameter vector.
//
// Shapes: params, grads, m, v (n), the parameters of a model laid end to end.
//
// One step, with g the gradient and t counted from 1:
//   1. t ← t + 1
//   2. m ← β₁·m + (1 − β₁)·g                 (torch: exp_avg.mul_(β₁).add_(g, alpha=1 − β₁))
//   3. v ← β₂·v + (1 − β₂)·g²                (exp_avg_sq.mul_(β₂).addcmul_(g, g, value=1 − β₂))
//   4. step = lr / (1 − β₁ᵗ)                 (bias correction of m)
//   5. denom = √v / √(1 − β₂ᵗ) + eps         (bias correction of v; eps outside the root)
//   6. θ ← θ − step · m / denom              (param.addcdiv_(exp_avg, denom, value=−step))
// The paper's m̂ = m/(1 − β₁ᵗ), v̂ = v/(1 − β₂ᵗ), θ ← θ − lr·m̂/(√v̂ + ε) differs
// only in where ε sits: torch's (and this) ε is ε·√(1 − β₂ᵗ) in the paper's terms.
#pragma once

#include <cstdint>
#include <vector>

#include "tensor.h"

namespace ap {

// torch.optim.Adam's defaults.
struct AdamOptions {
  double lr = 1e-3;      // a finite number ≥ 0
  double beta1 = 0.9;    // in [0, 1)
  double beta2 = 0.999;  // in [0, 1)
  double eps = 1e-8;     // a finite number ≥ 0
};

// The optimiser's state: both moments and the number of steps taken.
struct AdamState {
  std::vector<double> m;  // (n)  first moment (torch: exp_avg)
  std::vector<double> v;  // (n)  second moment (exp_avg_sq)
  std::uint64_t t = 0;    // steps taken (torch: state["step"])
};

// A fresh state for n parameters: m = v = 0, t = 0.
AdamState adam_state(std::size_t n);

// One step: params updated in place from grads, state advanced. A state with
// t = 0 and empty m, v is sized to the parameters (torch starts its state
// lazily the same way).
// Errors (nothing is changed): params or grads empty, over the limits or not
// finite; grads, m or v of another length ("shape"); lr, betas or eps out of
// range ("invalid_argument").
Status adam_step(std::vector<double>& params, const std::vector<double>& grads, AdamState& state,
                 const AdamOptions& opts = {});

}  // namespace ap
