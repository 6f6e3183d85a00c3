// grad_adam_test.cpp — adam_step against torch.optim.Adam step for step
// (tests/golden/grad_adam.json: the defaults and other hyper-parameters, a
// zero gradient), the lazily created state, and errors that change nothing.
#include "grad_adam.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "grad_check.h"
#include "test_util.h"

namespace ap {
namespace {

using test::Contains;
using test::golden_vector;

constexpr double kAdamTol = 1e-12;

TEST(GradAdam, MatchesTorchStepForStep) {
  for (const nlohmann::json& c : test::grad_cases("grad_adam.json", "adam")) {
    const std::string name = c.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const AdamOptions o{c["lr"].get<double>(), c["beta1"].get<double>(), c["beta2"].get<double>(),
                        c["eps"].get<double>()};
    std::vector<double> params = golden_vector(c["params"]);
    AdamState state = adam_state(params.size());
    double worst = 0.0;
    for (std::size_t step = 0; step < c["grads"].size(); ++step) {
      SCOPED_TRACE("step " + std::to_string(step + 1));
      const Status s = adam_step(params, golden_vector(c["grads"][step]), state, o);
      ASSERT_TRUE(s.ok()) << s.message;
      const nlohmann::json& after = c["after"][step];
      EXPECT_EQ(state.t, after["t"].get<std::uint64_t>());
      EXPECT_TRUE(test::VectorNear(params, golden_vector(after["params"]), kAdamTol));
      EXPECT_TRUE(test::VectorNear(state.m, golden_vector(after["m"]), kAdamTol));
      EXPECT_TRUE(test::VectorNear(state.v, golden_vector(after["v"]), kAdamTol));
      worst = std::max(worst, test::max_abs_diff(params, golden_vector(after["params"])));
    }
    test::report_diff("adam_step params (" + name + ", every step)", worst);
  }
}

TEST(GradAdam, AnEmptyStateIsCreatedOnTheFirstStep) {
  const std::vector<double> g = {0.5, -1.0, 2.0};
  std::vector<double> a = {1.0, 2.0, 3.0}, b = a;
  AdamState lazy, sized = adam_state(3);
  ASSERT_TRUE(adam_step(a, g, lazy).ok());
  ASSERT_TRUE(adam_step(b, g, sized).ok());
  EXPECT_EQ(a, b);
  EXPECT_EQ(lazy.m, sized.m);
  EXPECT_EQ(lazy.v, sized.v);
  EXPECT_EQ(lazy.t, 1u);
  // the first step moves each parameter by lr against the sign of its gradient (m̂/√v̂ = ±1)
  EXPECT_NEAR(a[0], 1.0 - 1e-3, 1e-10);
  EXPECT_NEAR(a[1], 2.0 + 1e-3, 1e-10);
}

TEST(GradAdam, MinimisesAQuadratic) {
  std::vector<double> x = {0.0, 10.0};
  AdamState s;
  const AdamOptions o{0.1};
  for (int step = 0; step < 2000; ++step) {
    const std::vector<double> g = {2.0 * (x[0] - 3.0), 2.0 * (x[1] + 1.0)};  // ∇ (x−3)² + (y+1)²
    ASSERT_TRUE(adam_step(x, g, s, o).ok());
  }
  EXPECT_NEAR(x[0], 3.0, 1e-3);
  EXPECT_NEAR(x[1], -1.0, 1e-3);
}

TEST(GradAdam, ErrorsChangeNothing) {
  std::vector<double> p = {1.0, 2.0};
  AdamState s = adam_state(2);
  const std::vector<double> g = {0.1, 0.2};
  const Status beta = adam_step(p, g, s, AdamOptions{1e-3, 1.0});
  EXPECT_EQ(beta.code, "invalid_argument");
  EXPECT_TRUE(Contains(beta.message, "adam_step: beta1 = 1 must be a finite number in [0, 1)"));
  EXPECT_EQ(adam_step(p, g, s, AdamOptions{-1.0}).code, "invalid_argument");
  EXPECT_EQ(adam_step(p, g, s, AdamOptions{1e-3, 0.9, 0.999, -1e-8}).code, "invalid_argument");
  EXPECT_EQ(adam_step(p, {0.1}, s).code, "shape");
  EXPECT_EQ(adam_step(p, {0.1, std::numeric_limits<double>::quiet_NaN()}, s).code, "non_finite");
  AdamState other = adam_state(3);
  EXPECT_EQ(adam_step(p, g, other).code, "shape");
  EXPECT_EQ(p, (std::vector<double>{1.0, 2.0}));
  EXPECT_EQ(s.t, 0u);
  EXPECT_EQ(s.m, (std::vector<double>{0.0, 0.0}));
}

}  // namespace
}  // namespace ap
