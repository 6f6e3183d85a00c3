// core_fuzz.cpp — a libFuzzer harness over the core's checked entry points,
// the ones the WASM bindings call. Built and run by
// scripts/fuzz.sh with clang's -fsanitize=fuzzer,address,undefined.
//
// The fuzzer's bytes are read as: one byte choosing the function, then its
// arguments — small shapes (0 … 6, so empty ones too), counts (small, at and
// over the limits), values (small, exact, huge, tiny, denormal, ±DBL_MAX, raw
// bit patterns, now and then NaN or ±∞), mask bits, h / num_heads /
// num_kv_heads, eps, softmax temperatures, seeds. Running out of bytes reads
// zeros (a temperature byte of 0 is τ = 1, so inputs from before temperatures
// mean what they meant).
//
// Every call must end in one of two ways (else the harness aborts: a crash):
//   - an error: a known code, a message naming the function ("fn: …");
//   - a result of the right shape, every value finite, each weight row summing
//     to 1 within 1e-12 (or all 0 when every key is hidden), hidden keys'
//     weights exactly 0; where the plain reference computes the same thing
//     without overflowing, attention agrees with it within 1e-12.
// Calls whose work would be large but allowed (up to 2³² multiply-adds: seconds
// under the sanitizers) are skipped; calls over the budget must be refused.
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "attention.h"
#include "block.h"
#include "checks.h"
#include "experiments.h"
#include "layer_norm.h"
#include "mask.h"
#include "multi_head.h"
#include "positional.h"
#include "projected.h"
#include "random.h"
#include "size_limits.h"
#include "softmax.h"

namespace {

using namespace ap;

constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kInf = std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------- failing

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "core_fuzz: invariant broken: %s\n", what.c_str());
  std::abort();
}

void expect(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

// ---------------------------------------------------------------- reading the bytes

class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}

  std::uint8_t u8() { return i_ < n_ ? p_[i_++] : 0; }
  std::uint16_t u16() { return static_cast<std::uint16_t>(u8() | (u8() << 8)); }
  std::uint64_t u64() {
    std::uint64_t x = 0;
    for (int b = 0; b < 8; ++b) x |= static_cast<std::uint64_t>(u8()) << (8 * b);
    return x;
  }
  bool flag() { return (u8() & 1) != 0; }

  // 0 … max
  std::size_t dim(std::size_t max) { return u8() % (max + 1); }

  // A count for a size_t argument: small, or at / over a limit.
  std::size_t count() {
    static constexpr std::size_t kTable[] = {32,
                                             64,
                                             100,
                                             1000,
                                             4095,
                                             4096,
                                             4097,
                                             100000,
                                             100001,
                                             1 << 20,
                                             255,
                                             8192,
                                             std::size_t{1} << 32,
                                             std::numeric_limits<std::size_t>::max() / 2};
    const std::uint8_t tag = u8();
    if (tag < 200) return tag % 20;
    return kTable[tag % (sizeof kTable / sizeof kTable[0])];
  }

  // A double: mostly finite, of every size; NaN or ±∞ now and then.
  double value() {
    static constexpr double kSpecial[] = {
        0.0,    -0.0,   1.0,      -1.0,   0.5,     2.0,
        3.0,    1e-300, -1e-300,  5e-324, -5e-324, 2.2250738585072014e-308,
        1e-200, 1e100,  -1e100,   1e150,  -1e150,  1e154,
        1e200,  -1e200, 1e300,    -1e300, 1e307,   1.7e308,
        kMax,   -kMax,  0x1p1023, 1e-10,  1e10,    700.0,
        -700.0, 745.0};
    const std::uint8_t tag = u8();
    if (tag < 96) return (static_cast<int>(tag) - 48) / 8.0;  // −6 … 5.875, exact
    if (tag < 160) return kSpecial[tag % (sizeof kSpecial / sizeof kSpecial[0])];
    if (tag < 240) return static_cast<std::int16_t>(u16()) / 256.0;  // −128 … 128
    if (tag < 254) {                                                 // any bit pattern
      const std::uint64_t bits = u64();
      double x;
      std::memcpy(&x, &bits, sizeof x);
      return x;
    }
    if (tag == 254) return std::nan("");
    return flag() ? kInf : -kInf;
  }

  // A softmax temperature τ: 1 (also for a 0 byte), the page's range, the
  // extremes (1/τ beyond DBL_MAX at 5e-324), and now and then any double,
  // which the core must refuse unless it is finite and > 0.
  double temperature() {
    static constexpr double kTable[] = {1.0, 0.05,  0.5,    2.0,   20.0,   1e-3, 1e3,
                                        0.3, 1e-10, 1e-300, 1e300, 5e-324, kMax};
    const std::uint8_t tag = u8();
    if (tag < 224) return kTable[tag % (sizeof kTable / sizeof kTable[0])];
    return value();
  }

  // A finite value (for fills that must pass the input checks).
  double finite() {
    const double x = value();
    return std::isfinite(x) ? x : 1.0;
  }

  Matrix matrix(std::size_t rows, std::size_t cols) {
    Matrix m(rows, cols);
    for (double& x : m.data) x = value();
    if (u8() == 255) m.data.push_back(0.0);  // now and then a shape that lies
    return m;
  }

  Tensor3 tensor(std::size_t batch, std::size_t rows, std::size_t cols) {
    Tensor3 t(batch, rows, cols);
    for (double& x : t.data) x = value();
    if (u8() == 255 && !t.data.empty()) t.data.pop_back();
    return t;
  }

  std::vector<double> vector(std::size_t n) {
    std::vector<double> v(n);
    for (double& x : v) x = value();
    return v;
  }

  // No mask, all visible, causal, random bits, or the wrong shape.
  bool mask(std::size_t n_q, std::size_t n_k, Mask& m) {
    switch (u8() % 6) {
      case 0: return false;
      case 1: m = Mask(n_q, n_k, true); return true;
      case 2:
        m = Mask(n_q, n_k, false);
        for (std::size_t i = 0; i < n_q; ++i)
          for (std::size_t j = 0; j <= i && j < n_k; ++j) m.set(i, j, true);
        return true;
      case 3: m = Mask(n_q + 1, n_k, true); return true;
      default: {
        m = Mask(n_q, n_k, false);
        for (std::size_t t = 0; t < m.data.size(); ++t) m.data[t] = (u8() & 3) != 0;
        return true;
      }
    }
  }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
  std::size_t i_ = 0;
};

// ---------------------------------------------------------------- invariants

const char* const kCodes[] = {"shape",
                              "empty",
                              "non_finite",
                              "divisibility",
                              "too_large",
                              "invalid_argument",
                              "non_finite_result"};

// An error: a known code and a message "fn: …" (fn one of `names`).
void check_error(const Status& s, std::initializer_list<const char*> names) {
  bool known = false;
  for (const char* c : kCodes) known = known || s.code == c;
  expect(known, "unknown error code '" + s.code + "': " + s.message);
  bool named = false;
  for (const char* n : names) named = named || s.message.rfind(std::string(n) + ": ", 0) == 0;
  expect(named, "message does not start with the function's name: " + s.message);
  expect(s.message.size() > std::strlen(*names.begin()) + 2, "empty message: " + s.message);
}

void check_finite(const std::vector<double>& v, const char* what) {
  for (std::size_t t = 0; t < v.size(); ++t)
    if (!std::isfinite(v[t])) fail(std::string(what) + "[" + std::to_string(t) + "] is not finite");
}

void check_shape(const Matrix& m, std::size_t rows, std::size_t cols, const char* what) {
  expect(m.rows == rows && m.cols == cols && m.data.size() == rows * cols,
         std::string(what) + " has the wrong shape");
  check_finite(m.data, what);
}

// n_q rows of n_k weights: finite, in [0, 1], hidden keys exactly 0, each row
// summing to 1 within 1e-12, or all 0 when the row sees no key.
void check_weights(const double* w, std::size_t n_q, std::size_t n_k, const Mask* mask,
                   const char* what) {
  for (std::size_t i = 0; i < n_q; ++i) {
    double sum = 0.0;
    bool sees_any = false;
    for (std::size_t j = 0; j < n_k; ++j) {
      const double x = w[i * n_k + j];
      expect(std::isfinite(x) && x >= 0.0 && x <= 1.0,
             std::string(what) + ": weight out of [0, 1]");
      const bool sees = !mask || mask->sees(i, j);
      sees_any = sees_any || sees;
      if (!sees)
        expect(x == 0.0, std::string(what) + ": a hidden key has weight " + std::to_string(x));
      sum += x;
    }
    if (sees_any)
      expect(std::fabs(sum - 1.0) <= 1e-12,
             std::string(what) + ": a row sums to " + std::to_string(sum));
    else
      expect(sum == 0.0, std::string(what) + ": a fully hidden row has weight");
  }
}

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::fabs(x) > m ? std::fabs(x) : m;
  return m;
}

bool test_finite(const AttentionResult& r) {
  for (double x : r.out.data)
    if (!std::isfinite(x)) return false;
  for (double x : r.weights.data)
    if (!std::isfinite(x)) return false;
  return true;
}

// attention's result against the plain reference, when the reference's dot
// products and scaled scores do not overflow (where they do, the reference
// itself is wrong: a row of −∞ scores reads to it as a fully hidden row)
void compare_with_reference(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                            const AttentionOptions& opts, const double* out,
                            const double* weights) {
  const double factor = score_factor(Q.cols, opts);  // 1 / (τ·√d_k): ∞ for τ near 5e-324
  for (std::size_t i = 0; i < Q.rows; ++i)
    for (std::size_t j = 0; j < K.rows; ++j) {
      double dot = 0.0;
      for (std::size_t c = 0; c < Q.cols; ++c) dot += Q(i, c) * K(j, c);
      if (!std::isfinite(dot) || !std::isfinite(dot * factor)) return;
    }
  const AttentionResult ref = attention_reference(Q, K, V, mask, opts);
  if (!test_finite(ref)) return;
  for (std::size_t t = 0; t < ref.weights.data.size(); ++t)
    expect(std::fabs(weights[t] - ref.weights.data[t]) <= 1e-12,
           "weights differ from the reference");
  const double tol = 1e-12 * std::fmax(1.0, max_abs(V.data));
  for (std::size_t t = 0; t < ref.out.data.size(); ++t)
    expect(std::fabs(out[t] - ref.out.data[t]) <= tol, "out differs from the reference");
}

// ---------------------------------------------------------------- the calls

// Work small enough to run under the sanitizers at fuzzing speed (~1 ms).
constexpr double kCheap = 1 << 16;

// Ok, or a refusal checked by check_error; `refused_if` says the call must fail
// (a lower bound of its work passes the budget, or a count passes its limit).
template <class R>
bool outcome(const R& r, std::initializer_list<const char*> names, bool must_fail = false) {
  if (!r.ok()) {
    check_error(r.status, names);
    return false;
  }
  expect(!must_fail, std::string(*names.begin()) + ": a call over the limits was accepted");
  return true;
}

void fuzz_softmax(Reader& in) {
  const std::vector<double> xs = in.vector(in.dim(8));
  const auto r = softmax(xs);
  if (!outcome(r, {"softmax"})) return;
  expect(r.value.size() == xs.size(), "softmax: wrong size");
  check_weights(r.value.data(), 1, r.value.size(), nullptr, "softmax");
}

void fuzz_attention(Reader& in, int form) {
  // up to 11 keys: masks wider than 8 reach the kernel's 8-at-a-time skipping
  const std::size_t n_q = in.dim(6), n_k = in.dim(11), d_k = in.dim(5), d_v = in.dim(5);
  // now and then a width that does not match, to reach the shape checks
  const Matrix Q = in.matrix(n_q, d_k), K = in.matrix(n_k, in.u8() == 7 ? d_k + 1 : d_k),
               V = in.matrix(in.u8() == 7 ? n_k + 1 : n_k, d_v);
  Mask m;
  const bool has = in.mask(n_q, n_k, m);
  const Mask* mask = has ? &m : nullptr;
  const bool scale = in.flag();
  const AttentionOptions opts{scale, in.temperature()};
  const bool bad_tau = !(std::isfinite(opts.temperature) && opts.temperature > 0.0);
  if (form == 0) {
    const auto r = attention(Q, K, V, mask, opts);
    if (!outcome(r, {"attention"}, bad_tau)) return;
    check_shape(r.value.out, n_q, d_v, "attention out");
    check_shape(r.value.weights, n_q, n_k, "attention weights");
    check_weights(r.value.weights.data.data(), n_q, n_k, mask, "attention");
    compare_with_reference(Q, K, V, mask, opts, r.value.out.data.data(),
                           r.value.weights.data.data());
  } else if (form == 1) {
    const auto r = attention_buffers(Q, K, V, mask, opts);
    if (!outcome(r, {"attention"}, bad_tau)) return;
    const AttentionBuffers& b = r.value;
    expect(b.n_q == n_q && b.n_k == n_k && b.d_v == d_v, "attention_buffers: wrong shape");
    check_finite(std::vector<double>(b.out.get(), b.out.get() + n_q * d_v),
                 "attention_buffers out");
    check_weights(b.weights.get(), n_q, n_k, mask, "attention_buffers");
    compare_with_reference(Q, K, V, mask, opts, b.out.get(), b.weights.get());
    // bit for bit what attention() gives
    const auto a = attention(Q, K, V, mask, opts);
    expect(a.ok(), "attention refuses what attention_buffers took");
    expect(std::memcmp(a.value.weights.data.data(), b.weights.get(), n_q * n_k * sizeof(double)) ==
                   0 &&
               std::memcmp(a.value.out.data.data(), b.out.get(), n_q * d_v * sizeof(double)) == 0,
           "attention_buffers differs from attention");
  } else {
    const auto r = attention_steps(Q, K, V, mask, opts);
    if (!outcome(r, {"attention"}, bad_tau)) return;
    const AttentionSteps& t = r.value;
    check_shape(t.scores, n_q, n_k, "steps scores");
    check_shape(t.scaled, n_q, n_k, "steps scaled");
    check_shape(t.weights, n_q, n_k, "steps weights");
    check_shape(t.out, n_q, d_v, "steps out");
    expect(t.masked.rows == n_q && t.masked.cols == n_k, "steps masked: wrong shape");
    for (std::size_t i = 0; i < n_q; ++i)
      for (std::size_t j = 0; j < n_k; ++j) {
        const bool sees = !mask || mask->sees(i, j);
        expect(sees ? t.masked(i, j) == t.scaled(i, j) : t.masked(i, j) == -kInf,
               "steps masked: not scaled with hidden keys at −∞");
      }
    check_weights(t.weights.data.data(), n_q, n_k, mask, "steps");
  }
}

void fuzz_causal_mask(Reader& in) {
  const std::size_t n_q = in.count(), n_k = in.count();
  const bool over = n_q > kMaxRows || n_k > kMaxRows;
  if (!over && static_cast<double>(n_q) * static_cast<double>(n_k) > kCheap) return;
  const auto r = causal_mask(n_q, n_k);
  if (!outcome(r, {"causal_mask"}, over)) return;
  expect(r.value.rows == n_q && r.value.cols == n_k, "causal_mask: wrong shape");
  for (std::size_t i = 0; i < n_q; ++i)
    for (std::size_t j = 0; j < n_k; ++j)
      expect(r.value.sees(i, j) == (j <= i), "causal_mask: wrong pattern");
}

void fuzz_multi_head(Reader& in) {
  const std::size_t h = in.dim(4), n_q = in.dim(5), n_k = in.dim(5);
  const std::size_t d = in.dim(8), d_v = in.dim(8);
  const Matrix Q = in.matrix(n_q, d), K = in.matrix(n_k, d), V = in.matrix(n_k, d_v);
  Mask m;
  const bool has = in.mask(n_q, n_k, m);
  const double tau = in.temperature();
  // rope options: now and then RoPE on the heads' q and k
  const RopeOptions rope{in.flag() ? 10000.0 : in.value(),
                         in.flag() ? Pairing::half : Pairing::interleaved,
                         static_cast<double>(in.u8())};
  const auto r =
      multi_head(Q, K, V, h, has ? &m : nullptr, tau, nullptr, in.flag() ? &rope : nullptr);
  if (!outcome(r, {"multi_head"}, !(std::isfinite(tau) && tau > 0.0))) return;
  check_shape(r.value.out, n_q, d_v, "multi_head out");
  expect(r.value.weights.size() == h, "multi_head: wrong number of heads");
  for (const Matrix& w : r.value.weights) {
    check_shape(w, n_q, n_k, "multi_head weights");
    check_weights(w.data.data(), n_q, n_k, has ? &m : nullptr, "multi_head");
  }
}

void fuzz_pos_encoding(Reader& in) {
  const std::size_t n = in.count(), d = in.count();
  const bool over = n > kMaxRows || d > kMaxCols;
  if (!over && static_cast<double>(n) * static_cast<double>(d) > kCheap / 4) return;
  const auto r = pos_encoding(n, d);
  if (!outcome(r, {"pos_encoding"}, over)) return;
  check_shape(r.value, n, d, "pos_encoding");
  for (double x : r.value.data) expect(x >= -1.0 && x <= 1.0, "pos_encoding: outside [−1, 1]");
}

void fuzz_layer_norm(Reader& in) {
  const std::vector<double> row = in.vector(in.dim(8));
  const double eps = in.flag() ? 1e-5 : in.value();
  const auto r = layer_norm(row, eps);
  if (!outcome(r, {"layer_norm"})) return;
  expect(r.value.size() == row.size(), "layer_norm: wrong size");
  check_finite(r.value, "layer_norm");
  // a normalised row: |x_i − mean| ≤ √(n − 1)·σ
  const double bound = std::sqrt(static_cast<double>(row.size())) * (1.0 + 1e-9);
  for (double x : r.value) expect(std::fabs(x) <= bound, "layer_norm: |out| > √n");
}

void fuzz_block(Reader& in) {
  const std::size_t h = in.dim(4), n = in.dim(5), d = in.dim(8);
  const Matrix X = in.matrix(n, d);
  Mask m;
  const bool has = in.mask(n, n, m);
  const double eps = in.flag() ? 1e-5 : in.value();
  // rope options: now and then RoPE and / or ALiBi
  const RopeOptions rope{in.flag() ? 10000.0 : in.value(), Pairing::half, 0.0};
  const bool with_rope = in.flag(), alibi = in.flag();
  const auto r =
      block(X, h, has ? &m : nullptr, BlockOptions{eps, with_rope ? &rope : nullptr, alibi});
  if (!outcome(r, {"block"})) return;
  check_shape(r.value.normed, n, d, "block normed");
  check_shape(r.value.attended, n, d, "block attended");
  check_shape(r.value.out, n, d, "block out");
  expect(r.value.weights.size() == h, "block: wrong number of heads");
  for (const Matrix& w : r.value.weights) {
    check_shape(w, n, n, "block weights");
    check_weights(w.data.data(), n, n, has ? &m : nullptr, "block");
  }
}

void fuzz_single_head(Reader& in) {
  const std::size_t n = in.dim(5), d_in = in.dim(4), d_k = in.dim(4), d_v = in.dim(4);
  const Matrix X = in.matrix(n, d_in), Wq = in.matrix(d_in, d_k), Wk = in.matrix(d_in, d_k),
               Wv = in.matrix(in.u8() == 7 ? d_in + 1 : d_in, d_v);
  const bool causal = in.flag();
  const auto r = single_head(X, Wq, Wk, Wv, causal);
  if (!outcome(r, {"single_head"})) return;
  check_shape(r.value.q, n, d_k, "single_head q");
  check_shape(r.value.k, n, d_k, "single_head k");
  check_shape(r.value.v, n, d_v, "single_head v");
  check_shape(r.value.out, n, d_v, "single_head out");
  check_shape(r.value.weights, n, n, "single_head weights");
  Mask m = causal_mask(n == 0 ? 1 : n).value;
  check_weights(r.value.weights.data.data(), n, n, causal ? &m : nullptr, "single_head");
}

void fuzz_grouped(Reader& in) {
  const std::size_t batch = in.dim(3), n_q = in.dim(4), n_k = in.dim(4);
  const std::size_t H = in.dim(4), G = in.dim(4), d_k = in.dim(3), d_v = in.dim(3);
  const std::size_t d_in = in.dim(4), d_o = in.dim(3);
  // now and then one size off, to reach every shape check
  auto off = [&](std::size_t x) { return in.u8() == 7 ? x + 1 : x; };
  const Tensor3 q = in.tensor(batch, n_q, d_in), k = in.tensor(off(batch), n_k, d_in),
                v = in.tensor(batch, off(n_k), off(d_in));
  ProjectionParams p;
  p.Wq = in.matrix(off(d_in), off(H * d_k));
  p.Wk = in.matrix(d_in, off(G * d_k));
  p.Wv = in.matrix(d_in, off(G * d_v));
  p.Wo = in.matrix(off(H * d_v), d_o);
  if (in.flag()) p.bq = in.vector(off(H * d_k));
  if (in.flag()) p.bk = in.vector(off(G * d_k));
  if (in.flag()) p.bv = in.vector(off(G * d_v));
  if (in.flag()) p.bo = in.vector(off(d_o));
  Mask m;
  const bool has = in.mask(n_q, n_k, m);
  const auto r = grouped_query_attention(q, k, v, p, H, G, has ? &m : nullptr);
  if (!outcome(r, {"grouped_query_attention"})) return;
  const GroupedResult& g = r.value;
  expect(g.out.batch == batch && g.out.rows == n_q && g.out.cols == d_o &&
             g.out.data.size() == batch * n_q * d_o,
         "grouped_query_attention: wrong out shape");
  check_finite(g.out.data, "grouped_query_attention out");
  expect(g.num_heads == H && g.weights.size() == batch * H * n_q * n_k,
         "grouped_query_attention: wrong weights shape");
  for (std::size_t bh = 0; bh < batch * H; ++bh)
    check_weights(g.weights.data() + bh * n_q * n_k, n_q, n_k, has ? &m : nullptr,
                  "grouped_query_attention");
}

void fuzz_random_normal(Reader& in) {
  const std::size_t rows = in.count(), cols = in.count();
  const std::uint64_t seed = in.u64();
  const double scale = in.flag() ? 1.0 : in.value();
  const bool over = rows > kMaxRows || cols > kMaxCols;
  if (!over && static_cast<double>(rows) * static_cast<double>(cols) > kCheap / 4) return;
  const auto r = random_normal(rows, cols, seed, scale);
  if (!outcome(r, {"random_normal"}, over)) return;
  check_shape(r.value, rows, cols, "random_normal");
}

void fuzz_scaling(Reader& in, bool experiment) {
  std::vector<std::size_t> ds;
  const std::size_t points = experiment ? in.dim(4) : 1;
  for (std::size_t t = 0; t < points; ++t) ds.push_back(in.count());
  const std::size_t n = in.count(), trials = in.count();
  const std::uint64_t seed = in.u64();
  // a lower bound of the work the core counts
  double work = 0.0;
  bool over = n > kMaxRows || trials > kMaxTrials || n == 0 || trials == 0;
  for (std::size_t d : ds) {
    work += 2.0 * static_cast<double>(trials) * static_cast<double>(n) * (d + 1.0);
    over = over || d > kMaxCols || d == 0;
  }
  const bool refused = over || work > kMaxMultiplyAdds || (experiment && ds.empty());
  if (!refused && work > kCheap) return;
  if (experiment) {
    const auto r = scaling_experiment(ds, n, trials, seed);
    if (!outcome(r, {"scaling_experiment"}, refused)) return;
    expect(r.value.size() == ds.size(), "scaling_experiment: wrong number of points");
  } else {
    const auto r = scaling_point(ds[0], n, trials, seed);
    if (!outcome(r, {"scaling_point"}, refused)) return;
    const ScalingPoint& p = r.value;
    for (double x : {p.max_scaled_mean, p.max_scaled_std, p.max_unscaled_mean, p.max_unscaled_std,
                     p.max_scaled_median, p.max_unscaled_median, p.entropy_scaled_mean,
                     p.entropy_unscaled_mean, p.entropy_max})
      expect(std::isfinite(x), "scaling_point: a field is not finite");
    expect(p.max_scaled_mean <= 1.0 + 1e-12 && p.max_scaled_mean * n >= 1.0 - 1e-9,
           "scaling_point: max weight outside [1/n, 1]");
  }
}

void fuzz_permutation(Reader& in) {
  const std::size_t n = in.dim(6), d = in.dim(5);
  const Matrix X = in.matrix(n, d);
  std::vector<std::size_t> perm(in.u8() == 9 ? n + 1 : n);
  for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = i;
  for (std::size_t i = perm.size(); i > 1; --i) std::swap(perm[i - 1], perm[in.u8() % i]);
  if (!perm.empty() && in.u8() == 9) perm[0] = in.count();  // out of range or repeated
  const auto r = permutation_experiment(X, perm, in.flag());
  if (!outcome(r, {"permutation_experiment"})) return;
  for (const Matrix* m :
       {&r.value.permuted_input, &r.value.out, &r.value.out_permuted, &r.value.permuted_out})
    check_shape(*m, n, d, "permutation_experiment");
  check_weights(r.value.weights.data.data(), n, n, nullptr, "permutation weights");
  check_weights(r.value.weights_permuted.data.data(), n, n, nullptr, "permutation weights");
  expect(std::isfinite(r.value.max_abs_diff) && r.value.max_abs_diff >= 0.0,
         "permutation_experiment: max_abs_diff");
}

void fuzz_seeded_permutation(Reader& in) {
  const std::size_t n = in.count();
  if (n <= kMaxRows && n > kCheap) return;
  const auto r = seeded_permutation(n, in.u64());
  if (!outcome(r, {"seeded_permutation"}, n > kMaxRows || n == 0)) return;
  std::vector<char> seen(n, 0);
  for (std::size_t x : r.value) {
    expect(x < n && !seen[x], "seeded_permutation: not a permutation");
    seen[x] = 1;
  }
}

void fuzz_quadratic(Reader& in) {
  const std::size_t n = in.count(), d = in.count();
  const double work = static_cast<double>(n) * static_cast<double>(n) * 2.0 * d;
  const bool refused = n > kMaxRows || d > kMaxCols || n == 0 || d == 0 || work > kMaxMultiplyAdds;
  if (!refused && work > kCheap) return;
  const auto r = quadratic_point(n, d, in.u64());
  if (!outcome(r, {"quadratic_point"}, refused)) return;
  expect(std::isfinite(r.value.checksum), "quadratic_point: checksum not finite");
  expect(r.value.entries == static_cast<double>(n) * n, "quadratic_point: entries");
}

void fuzz_fit(Reader& in) {
  const std::size_t m = in.dim(6);
  const std::vector<double> xs = in.vector(m), ys = in.vector(in.u8() == 5 ? m + 1 : m);
  const auto r = fit_loglog_slope(xs, ys);
  if (!outcome(r, {"fit_loglog_slope"})) return;
  expect(
      std::isfinite(r.value.slope) && std::isfinite(r.value.intercept) && std::isfinite(r.value.r2),
      "fit_loglog_slope: not finite");
}

void fuzz_h1(Reader& in) {
  const std::size_t n_q = in.dim(5), n_k = in.dim(5), d = in.dim(5), d_v = in.dim(5);
  const Matrix Q = in.matrix(n_q, d), K = in.matrix(n_k, d), V = in.matrix(n_k, d_v);
  Mask m;
  const bool has = in.mask(n_q, n_k, m);
  const auto r = h1_check(Q, K, V, has ? &m : nullptr);
  if (!outcome(r, {"h1_check"})) return;
  expect(r.value.max_out_diff == 0.0 && r.value.max_weight_diff == 0.0,
         "h1_check: multi_head(h = 1) differs from attention");
}

// Calls just over a budget, with inputs cheap to build: each must be refused
// ("too_large") at once, before any of its work is done.
void fuzz_over_budget(Reader& in) {
  const double x = in.finite();
  const std::uint8_t which = in.u8() % 12;
  const auto start = std::chrono::steady_clock::now();
  Status s;
  switch (which) {
    case 0:  // 4096²·257 multiply-adds
      s = attention(Matrix(4096, 128, x), Matrix(4096, 128, x), Matrix(4096, 129, x)).status;
      break;
    case 1:  // the case: Q = K (4096, 1), V (4096, 4096)
      s = attention_buffers(Matrix(4096, 1, x), Matrix(4096, 1, x), Matrix(4096, 4096, x)).status;
      break;
    case 2:  // four (2048, 4096) results: 256.02 MiB
      s = attention_steps(Matrix(2048, 1, x), Matrix(4096, 1, x), Matrix(4096, 1, x)).status;
      break;
    case 3:
      s = multi_head(Matrix(4096, 128, x), Matrix(4096, 128, x), Matrix(4096, 130, x), 2).status;
      break;
    case 4: s = block(Matrix(4096, 128, x), 1 + in.u8() % 2).status; break;
    case 5: {
      const Matrix W(1, 128, x);
      s = single_head(Matrix(4096, 1, x), W, W, W, in.flag()).status;
      break;
    }
    case 6: {
      ProjectionParams p;
      p.Wq = p.Wk = p.Wv = Matrix(1, 128, x);
      p.Wo = Matrix(128, 1, x);
      const Tensor3 t(1, 4096, 1, x);
      s = grouped_query_attention(t, t, t, p, 1, 1).status;
      break;
    }
    case 7: {  // results of 256.1 MiB
      ProjectionParams p;
      p.Wq = p.Wk = p.Wv = Matrix(1, 1, x);
      p.Wo = Matrix(1, 4096, x);
      s = grouped_query_attention(Tensor3(1024, 8, 1, x), Tensor3(1024, 1, 1, x),
                                  Tensor3(1024, 1, 1, x), p, 1, 1)
              .status;
      break;
    }
    case 8: s = scaling_point(4096, 1, 4065, in.u64()).status; break;
    case 9: s = quadratic_point(4096, 123 + in.u8(), in.u64()).status; break;
    case 10: {
      std::vector<std::size_t> perm(4095);
      for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = perm.size() - 1 - i;
      s = permutation_experiment(Matrix(4095, 2, x), perm, in.flag()).status;
      break;
    }
    default: s = h1_check(Matrix(4096, 64, x), Matrix(4096, 64, x), Matrix(4096, 65, x)).status;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  expect(s.code == "too_large",
         "over-budget call " + std::to_string(which) + " gave '" + s.code + "': " + s.message);
  expect(seconds < 5.0, "over-budget call " + std::to_string(which) + " took " +
                            std::to_string(seconds) + " s to refuse");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  const std::uint8_t choice = in.u8();
  switch (choice % 21) {
    case 0: fuzz_softmax(in); break;
    case 1: fuzz_attention(in, 0); break;
    case 2: fuzz_attention(in, 1); break;
    case 3: fuzz_attention(in, 2); break;
    case 4: fuzz_causal_mask(in); break;
    case 5: fuzz_multi_head(in); break;
    case 6: fuzz_pos_encoding(in); break;
    case 7: fuzz_layer_norm(in); break;
    case 8: fuzz_block(in); break;
    case 9: fuzz_single_head(in); break;
    case 10: fuzz_grouped(in); break;
    case 11: fuzz_random_normal(in); break;
    case 12: fuzz_scaling(in, false); break;
    case 13: fuzz_scaling(in, true); break;
    case 14: fuzz_permutation(in); break;
    case 15: fuzz_seeded_permutation(in); break;
    case 16: fuzz_quadratic(in); break;
    case 17: fuzz_fit(in); break;
    case 18: fuzz_h1(in); break;
    case 19: fuzz_attention(in, static_cast<int>(in.u8() % 3)); break;
    default:
      // the over-budget calls build up to 128 MiB: rarer than the rest
      if (in.u8() < 32) fuzz_over_budget(in);
      break;
  }
  return 0;
}
