// experiment_common.cpp — the experiments' shared status helpers; see experiment_common.h.
#include "experiment_common.h"

#include <cmath>

#include "checks.h"

namespace ap {
namespace experiment {

namespace {

// finite_difference's message, out of line (an error path).
AP_COLD Status difference_error(const char* fn, const char* what, double diff, const char* input) {
  return Status::Error("non_finite_result",
                       message("%s: %s is %s: it overflows float64; scale %s down", fn, what,
                               number_str(diff).c_str(), input));
}

}  // namespace

std::string num(std::size_t x) { return std::to_string(x); }

Status invalid(const std::string& message) { return Status::Error("invalid_argument", message); }
Status too_large(const std::string& message) { return Status::Error("too_large", message); }

Status check_count(const char* fn, const char* name, std::size_t x, std::size_t limit) {
  const std::string where = std::string(fn) + ": " + name + " = " + num(x);
  if (x == 0) return invalid(where + " must be at least 1");
  if (x > limit) return too_large(where + " is over the limit of " + num(limit));
  return Status::Ok();
}

Status finite_difference(const char* fn, const char* what, double diff, const char* input) {
  return std::isfinite(diff) ? Status::Ok() : difference_error(fn, what, diff, input);
}

double max_abs_diff(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    const double d = std::fabs(a[k] - b[k]);
    if (std::isnan(d)) return INFINITY;
    worst = d > worst ? d : worst;
  }
  return worst;
}

}  // namespace experiment
}  // namespace ap
