#include "mask_patterns.h"

#include <string>
#include <utility>

#include "checks.h"
#include "random.h"
#include "size_limits.h"

namespace ap {

namespace {

// n between 1 and kMaxRows, and the (n, n) bytes of the mask within the cost limits.
Status check_n(const char* fn, std::size_t n) {
  if (n == 0) return Status::Error("empty", message("%s: n = 0 must be at least 1", fn));
  if (n > kMaxRows)
    return Status::Error("too_large",
                         message("%s: n = %zu is over the limit of %zu", fn, n, kMaxRows));
  // one byte written per entry; (n, n) bytes out
  const double entries = static_cast<double>(n) * static_cast<double>(n);
  return check_cost(fn, entries, entries, "use a smaller n");
}

// `arg` = x must lie in lo … hi, which the message calls `range` ("n = 5").
AP_COLD Status range_error(const char* fn, const char* arg, std::size_t x, std::size_t lo,
                           const char* range, std::size_t hi) {
  return Status::Error("invalid_argument",
                       message("%s: %s = %zu must be a whole number between %zu and %s = %zu", fn,
                               arg, x, lo, range, hi));
}

Status check_w(const char* fn, std::size_t n, std::size_t w) {
  return w >= 1 && w <= n ? Status::Ok() : range_error(fn, "w", w, 1, "n", n);
}

// A builder's first failing check, or its (n, n) mask with nothing visible.
Result<Mask> start(Status s, std::size_t n) {
  if (!s.ok()) return Result<Mask>::Fail(std::move(s));
  Result<Mask> r;
  r.value = Mask(n, n, false);  // (n, n)
  return r;
}

}  // namespace

Result<Mask> sliding_window_mask(std::size_t n, std::size_t w) {
  const char* fn = "sliding_window_mask";
  Status s = check_n(fn, n);
  if (s.ok()) s = check_w(fn, n, w);
  Result<Mask> r = start(s, n);
  if (!r.ok()) return r;
  // row i: keys i − w + 1 … i (those ≥ 0)
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1 > w ? i + 1 - w : 0; j <= i; ++j) r.value.set(i, j, true);
  return r;
}

Result<Mask> prefix_lm_mask(std::size_t n, std::size_t p) {
  const char* fn = "prefix_lm_mask";
  Status s = check_n(fn, n);
  if (s.ok() && p > n) s = range_error(fn, "p", p, 0, "n", n);
  Result<Mask> r = start(s, n);
  if (!r.ok()) return r;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) r.value.set(i, j, j <= i || j < p);
  return r;
}

Result<Mask> local_global_mask(std::size_t n, std::size_t w,
                               const std::vector<std::size_t>& globals) {
  const char* fn = "local_global_mask";
  Status s = check_n(fn, n);
  if (s.ok()) s = check_w(fn, n, w);
  if (s.ok() && globals.size() > kMaxValues)
    s = Status::Error("too_large", message("%s: globals has %zu values: the limit is %zu", fn,
                                           globals.size(), kMaxValues));
  for (std::size_t t = 0; s.ok() && t < globals.size(); ++t)
    if (globals[t] >= n) {
      const std::string arg = "globals[" + std::to_string(t) + "]";
      s = range_error(fn, arg.c_str(), globals[t], 0, "n − 1", n - 1);
    }
  Result<Mask> r = start(s, n);
  if (!r.ok()) return r;
  // 1. the band |i − j| ≤ w
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t lo = i > w ? i - w : 0;
    const std::size_t hi = i + w < n ? i + w : n - 1;
    for (std::size_t j = lo; j <= hi; ++j) r.value.set(i, j, true);
  }
  // 2. a global token's row and column
  for (std::size_t g : globals)
    for (std::size_t k = 0; k < n; ++k) {
      r.value.set(g, k, true);
      r.value.set(k, g, true);
    }
  return r;
}

Result<Mask> dilated_mask(std::size_t n, std::size_t w, std::size_t dilation) {
  const char* fn = "dilated_mask";
  Status s = check_n(fn, n);
  if (s.ok()) s = check_w(fn, n, w);
  if (s.ok() && dilation == 0)
    s = Status::Error("invalid_argument",
                      message("%s: dilation = 0 must be a whole number ≥ 1", fn));
  if (s.ok() && dilation > kMaxRows)
    s = Status::Error("too_large", message("%s: dilation = %zu is over the limit of %zu", fn,
                                           dilation, kMaxRows));
  Result<Mask> r = start(s, n);
  if (!r.ok()) return r;
  // row i: keys i − k·dilation for k = 0 … w − 1 (those ≥ 0)
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < w && k * dilation <= i; ++k) r.value.set(i, i - k * dilation, true);
  return r;
}

namespace {

Status check_bigbird(const char* fn, std::size_t n, std::size_t block, const BigBirdOptions& opts) {
  Status s = check_n(fn, n);
  if (!s.ok()) return s;
  if (block == 0)
    return Status::Error("invalid_argument",
                         message("%s: block = 0 must be a whole number ≥ 1", fn));
  if (n % block != 0)
    return Status::Error("divisibility",
                         message("%s: block = %zu does not divide n = %zu", fn, block, n));
  const std::size_t nb = n / block;
  const std::pair<const char*, std::size_t> counts[] = {{"window_blocks", opts.window_blocks},
                                                        {"global_blocks", opts.global_blocks},
                                                        {"random_blocks", opts.random_blocks}};
  for (const auto& [arg, x] : counts)
    if (x > nb) return range_error(fn, arg, x, 0, "n / block (the number of blocks)", nb);
  return Status::Ok();
}

}  // namespace

Result<Mask> bigbird_mask(std::size_t n, std::size_t block, const BigBirdOptions& opts) {
  const char* fn = "bigbird_mask";
  Result<Mask> r = start(check_bigbird(fn, n, block, opts), n);
  if (!r.ok()) return r;
  const std::size_t nb = n / block;
  const std::size_t g = opts.global_blocks;
  // the window of block row b: b − left … b + right (window_blocks = left + 1 + right)
  const std::size_t left = opts.window_blocks / 2;
  const std::size_t right = opts.window_blocks > 0 ? (opts.window_blocks - 1) / 2 : 0;
  // 1. which blocks each block row sees; (nb, nb), 1 = visible
  std::vector<std::uint8_t> sees(nb * nb, 0);
  for (std::size_t b = 0; b < nb; ++b)
    for (std::size_t c = 0; c < nb; ++c) {
      const bool global = b < g || c < g;
      const bool window = opts.window_blocks > 0 && c + left >= b && c <= b + right;
      sees[b * nb + c] = global || window;
    }
  // 2. random blocks for the rows that are not global, from those not yet seen
  Rng rng(opts.seed);
  std::vector<std::size_t> candidates;
  for (std::size_t b = g; b < nb && opts.random_blocks > 0; ++b) {
    candidates.clear();
    for (std::size_t c = 0; c < nb; ++c)
      if (!sees[b * nb + c]) candidates.push_back(c);
    const std::size_t m = candidates.size();
    for (std::size_t k = 0; k < opts.random_blocks && k < m; ++k) {
      std::swap(candidates[k], candidates[k + rng.below(m - k)]);
      sees[b * nb + candidates[k]] = 1;
    }
  }
  // 3. blocks → tokens
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) r.value.set(i, j, sees[(i / block) * nb + j / block] != 0);
  return r;
}

}  // namespace ap
