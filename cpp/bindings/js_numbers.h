// js_numbers.h — the checks of the JS numbers a binding takes (no maths here).
//
// Counts and seeds arrive as JS numbers (doubles) and go through count_arg /
// seed_arg before any cast: a cast of −1, NaN or 1e20 to size_t would be
// undefined behaviour (in practice a wrap: 1e20 → 0 on wasm32).
// The helpers are [[gnu::noinline]]: every adapter calls them rather than carrying
// its own copy.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>

#include "size_limits.h"
#include "tensor.h"

namespace ap_js {

constexpr double kMaxSeed = 9007199254740991.0;  // 2⁵³ − 1, the largest exact JS integer

// A JS number much as JavaScript's String() shows it: "2.5", "-1", "300", "NaN",
// "Infinity", "1e+21" (whole numbers below 10²¹ in full, others with 15
// significant digits; no strtod round trip, which would add 15 KB to the module).
[[gnu::noinline]] inline std::string js_number_str(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x == 0) return "0";  // also −0, as in JS
  char shown[32];
  // JS writes whole numbers below 10²¹ in full: 1e20 → "100000000000000000000"
  if (std::fabs(x) < 1e21 && std::floor(x) == x) {
    std::snprintf(shown, sizeof shown, "%.0f", x);
    return shown;
  }
  std::snprintf(shown, sizeof shown, "%.15g", x);
  return shown;
}

// A JS number that must be a whole number min … max. The message names the
// function and the argument: "multi_head: h = 2.5 must be a whole number ≥ 1"
// (invalid_argument: NaN, a fraction, or below min) or "multi_head: h = 300
// is over the limit of 256" (too_large: above max, also Infinity and 1e20).
[[gnu::noinline]] inline ap::Status check_whole(const char* fn, const char* arg, double x,
                                                double min, double max) {
  const std::string where = std::string(fn) + ": " + arg + " = " + js_number_str(x);
  if (!(x >= min) || std::floor(x) != x)  // NaN fails x >= min
    return ap::Status::Error("invalid_argument",
                             where + " must be a whole number ≥ " + js_number_str(min));
  if (x > max)
    return ap::Status::Error("too_large", where + " is over the limit of " + js_number_str(max));
  return ap::Status::Ok();
}

// A count (h, n, d, rows, …) in min … max (max at most a size limit of
// size_limits.h, so it fits a 32-bit size_t), into `out`.
[[gnu::noinline]] inline ap::Status count_arg(const char* fn, const char* arg, double x,
                                              std::size_t min, std::size_t max, std::size_t& out) {
  ap::Status s = check_whole(fn, arg, x, static_cast<double>(min), static_cast<double>(max));
  out = s.ok() ? static_cast<std::size_t>(x) : 0;
  return s;
}

// A seed: a whole number 0 … 2⁵³ − 1, into `out`.
[[gnu::noinline]] inline ap::Status seed_arg(const char* fn, const char* arg, double x,
                                             std::uint64_t& out) {
  ap::Status s = check_whole(fn, arg, x, 0.0, kMaxSeed);
  out = s.ok() ? static_cast<std::uint64_t>(x) : 0;
  return s;
}

// The first failure of `checks`, or Ok.
[[gnu::noinline]] inline ap::Status first_failure(std::initializer_list<ap::Status> checks) {
  for (const ap::Status& s : checks)
    if (!s.ok()) return s;
  return ap::Status::Ok();
}

}  // namespace ap_js
