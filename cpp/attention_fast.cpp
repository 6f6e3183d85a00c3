// attention_fast.cpp — the maths of attention_reference, arranged for speed.
//
//   1. scores = Q·Kᵀ · factor     2. hidden keys → −∞
//   3. softmax per row            4. out = weights·V
//
// factor = score_factor(d_k, opts) (attention.h): 1 / (τ·√d_k), or 1 / τ
// with scale off; exactly 1/√d_k (or 1) at the default τ = 1.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
// Packed copies: Kp (n_kp / kKeys, d_k, kKeys) is K transposed, cut into
// panels of kKeys keys; Vp (d_vp / kCols, n_k, kCols) is V cut into panels of
// kCols columns; n_kp and d_vp are n_k and d_v rounded up to whole panels.
//
// Why it is fast:
//   - kRows = 4 query rows at a time: every K and V value loaded is used 4 times.
//   - register tiles: 4 rows × kKeys keys (or kCols columns) of accumulators
//     stay in SIMD registers for a whole dot product.
//   - K packed transposed: the tile's inner loop reads kKeys keys side by side,
//     contiguously, for one c at a time.
//   - only each block's visible key range is touched: a causal mask skips the
//     upper triangle (half the work); keys before the first and after the
//     last visible key of every row are never computed.
//   - a polynomial exp on whole registers: std::exp has no vector form (in
//     WebAssembly it is a scalar call), so the softmax stays in SIMD too.
//
// How it stays equal to the reference:
//   - each score is summed over c = 0 … d_k−1 in the same order, then
//     multiplied by the same factor, and each output over j = 0 … n_k−1 (the
//     reference's extra terms are 0·V = 0, which change nothing). Without FMA
//     (WebAssembly, default x86-64) scores are bit-identical; with
//     -march=native the compiler may fuse differently in the two kernels,
//     which moves scores by an ulp or so.
//   - exp (within 4.1e-16 relative of libm's on [−708, 0]) and the order of
//     the softmax sum differ, both ~1e-16 relative: weights agree to ~1e-15.
//   - hidden keys: weight exactly 0.0; a fully hidden row: zero weights and
//     zero output.
//
// Every element of out and weights is written exactly once, so
// attention_fast_into accepts uninitialised buffers (no 8 MB zero-fill first
// at n = 1024).
//
// Finite in, finite out (τ included: any finite τ > 0). The kernel needs
// every score and every partial sum to stay below DBL_MAX. One pass over Q, K
// and V (max |·|: 45 µs natively at n = 1024, d = 64, 0.3% of the call)
// checks d_k·max|Q|·max|K|·max(1, factor) ≤ 2¹⁰⁰⁰ and max|V| ≤ 2¹⁰²⁰: the
// factor counts when it enlarges the scores (τ·√d_k < 1; τ = 0.05 without
// scaling multiplies them by 20). That holds for any input below ~1e150 at
// τ = 1. Otherwise attention_wide_into (scalar, compiled for size: a few
// times slower than the kernel, used only for such inputs) computes the same
// numbers without overflowing:
//   - a dot product that is finite is used as is (the kernel's value);
//   - a dot product that overflows (Q = [[1e200]], K = [[1e200], [1]]) is
//     recomputed from copies of q and K scaled by powers of two (exact), as
//     D'·2^shift;
//   - every score·factor (a logit) is kept as μ·2^e, a double and an
//     exponent of any size, so neither a huge dot product nor a huge factor
//     (a τ as small as 5e-324, where 1/τ itself is beyond DBL_MAX) overflows.
//     The softmax takes each logit minus the row's largest in units of
//     2^frame (frame: the largest one's exponent, or 0 if that is below 0):
//     the plain double arithmetic wherever it is finite, and a difference
//     beyond float64 becomes −∞, weight 0 (it is far more than the e^−745 at
//     which a weight underflows anyway). Keys whose logits tie for the
//     largest share the weight;
//   - an output element whose sum overflows (values near DBL_MAX; the true
//     value, a weighted mean of V, never does) is summed over V/2, doubled,
//     and rounded to ±DBL_MAX if that still overflows.
//
// A bias (opts.bias, (n_q, n_k)) is added to each score after
// scaling, before masking: in the kernel to each row's visible range right
// after step 1 (the same one addition as the reference, so the same
// numbers), in the wide path as a Wide sum. The kernel also needs
// max|bias| ≤ 2¹⁰⁰⁰, so a score plus bias stays below 2¹⁰⁰¹ and a difference
// from the row max below 2¹⁰⁰²; a larger bias takes the wide path.
#include "attention_fast.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "checks.h"  // AP_COLD
#include "parallel.h"
#include "simd.h"

namespace ap {

namespace {

using namespace simd;  // vec, exp_nonpositive, pack_keys, pack_values, scores_block (simd.h)

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------------------
// Which keys a query row touches: [lo, hi) from the first to one past the
// last visible key (lo == hi for a fully hidden row). `dense` is true when
// every key in between is visible, so step 2 has nothing to do.
struct KeyRange {
  std::size_t lo = 0, hi = 0;
  bool dense = true;
};

KeyRange visible_range(const Mask* mask, std::size_t i, std::size_t n_k) {
  if (!mask) return {0, n_k, true};
  const std::uint8_t* m = mask->data.data() + i * n_k;  // (n_k)
  // hidden keys are skipped 8 at a time (8 mask bytes read as one 64-bit
  // word): a causal row's hidden tail is long
  auto none_visible = [](const std::uint8_t* p) {
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    return word == 0;
  };
  std::size_t lo = 0, hi = n_k;
  while (lo + 8 <= n_k && none_visible(m + lo)) lo += 8;
  while (lo < n_k && !m[lo]) ++lo;
  while (hi >= lo + 8 && none_visible(m + hi - 8)) hi -= 8;
  while (hi > lo && !m[hi - 1]) --hi;
  std::size_t seen = 0;
  for (std::size_t j = lo; j < hi; ++j) seen += m[j] != 0;
  return {lo, hi, seen == hi - lo};
}

// 2.–3. One row: hidden keys → −∞, then softmax over its range [lo, hi) into
// w (n_k). s is the row's scores (n_kp), used as scratch; w outside the range
// is not touched (attend_block writes its zeros).
void softmax_row(double* s, const std::uint8_t* m, const KeyRange& range, double* w) {
  const std::size_t lo = range.lo, hi = range.hi;
  // whole registers: [j0, j1) ⊇ [lo, hi) on kLanes boundaries (j1 ≤ n_kp)
  const std::size_t j0 = lo / kLanes * kLanes, j1 = round_up(hi, kLanes);
  // 2. hidden keys → −∞: the lanes outside the range, and holes inside it
  for (std::size_t j = j0; j < lo; ++j) s[j] = kMinusInf;
  for (std::size_t j = hi; j < j1; ++j) s[j] = kMinusInf;
  if (!range.dense)
    for (std::size_t j = lo; j < hi; ++j) s[j] = m[j] ? s[j] : kMinusInf;
  // 3a. the row max (finite: the range holds at least one visible key)
  vec lane_max = splat(kMinusInf), lane_max2 = lane_max;  // two chains, so they overlap
  std::size_t j = j0;
  for (; j + 2 * kLanes <= j1; j += 2 * kLanes) {
    lane_max = max_lanes(lane_max, load(s + j));
    lane_max2 = max_lanes(lane_max2, load(s + j + kLanes));
  }
  if (j < j1) lane_max = max_lanes(lane_max, load(s + j));
  lane_max = max_lanes(lane_max, lane_max2);
  double max = lane_max[0];
  for (std::size_t l = 1; l < kLanes; ++l) max = lane_max[l] > max ? lane_max[l] : max;
  // 3b. e^(s − max) ≤ 1 in place, and their sum; −∞ gives exactly 0
  //     (two registers a step: two independent exps, so one's latency hides
  //     the other's)
  vec lane_sum = {}, lane_sum2 = {};
  j = j0;
  for (; j + 2 * kLanes <= j1; j += 2 * kLanes) {
    const vec e = exp_nonpositive(load(s + j) - max);
    const vec e2 = exp_nonpositive(load(s + j + kLanes) - max);
    store(s + j, e);
    store(s + j + kLanes, e2);
    lane_sum += e;
    lane_sum2 += e2;
  }
  if (j < j1) {
    const vec e = exp_nonpositive(load(s + j) - max);
    store(s + j, e);
    lane_sum += e;
  }
  lane_sum += lane_sum2;
  double sum = 0.0;  // ≥ 1: the max entry contributes e^0 = 1 exactly
  for (std::size_t l = 0; l < kLanes; ++l) sum += lane_sum[l];
  // 3c. normalise into w; a hidden key is set to 0.0 outright (its e is
  //     already 0, but the contract should not rest on the exp)
  const double inv = 1.0 / sum;
  if (range.dense) {
    for (std::size_t j = lo; j < hi; ++j) w[j] = s[j] * inv;
  } else {
    for (std::size_t j = lo; j < hi; ++j) w[j] = m[j] ? s[j] * inv : 0.0;
  }
}

// 4. out_r = Σ_j w_r[j] · V[j] over j in [lo, hi) (weights outside each row's
//    own range are 0), R ≤ kRows rows at once, kCols columns per tile.
template <std::size_t R>
void output_block(const double* const* w, const double* Vp, std::size_t n_k, std::size_t d_v,
                  std::size_t lo, std::size_t hi, double* const* out) {
  for (std::size_t c0 = 0; c0 < d_v; c0 += kCols) {
    const double* panel = Vp + c0 * n_k;  // (n_k, kCols)
    vec acc[R][kVecs] = {};               // (R, kCols) in R × kVecs registers
    // j outermost, as in the reference, so each sum is formed in the same order
    for (std::size_t j = lo; j < hi; ++j) {
      vec v_j[kVecs];  // (kCols) V[j][c0 … c0+kCols−1]
      for (std::size_t v = 0; v < kVecs; ++v) v_j[v] = load(panel + j * kCols + v * kLanes);
      for (std::size_t r = 0; r < R; ++r) {
        const double wj = w[r][j];  // broadcast to every lane
        for (std::size_t v = 0; v < kVecs; ++v) acc[r][v] += wj * v_j[v];
      }
    }
    double tile[R][kCols];  // (R, kCols), then only the columns below d_v are copied out
    for (std::size_t r = 0; r < R; ++r)
      for (std::size_t v = 0; v < kVecs; ++v) store(&tile[r][v * kLanes], acc[r][v]);
    const std::size_t width = d_v - c0 < kCols ? d_v - c0 : kCols;
    for (std::size_t r = 0; r < R; ++r)
      for (std::size_t cc = 0; cc < width; ++cc) out[r][c0 + cc] = tile[r][cc];
  }
}

// The steps of a full block are called through these pointers: a volatile
// pointer is read at each call, so no optimiser can inline the step.
// Emscripten's wasm-opt inlines every function with one caller whatever
// LLVM's noinline says, and V8 then allocates registers for one large
// function (flash_attention.cpp does the same; one indirect call per step and
// block, n_q / 4 · 6 calls in all). Here it measured within the noise; the
// plain benchmark kernel, built the same way, 2–8 % faster than inlined.
void (*volatile const g_scores)(const double* const*, const double*, std::size_t, std::size_t,
                                std::size_t, std::size_t, double, double*) = scores_block<kRows>;
void (*volatile const g_softmax)(double*, const std::uint8_t*, const KeyRange&,
                                 double*) = softmax_row;
void (*volatile const g_output)(const double* const*, const double*, std::size_t, std::size_t,
                                std::size_t, std::size_t, double* const*) = output_block<kRows>;

// Steps 1–4 for the query rows i … i + rows − 1 (1 ≤ rows ≤ kRows); writes those rows of out_all
// (n_q, d_v) and w_all (n_q, n_k) completely. A block of fewer than kRows rows (the last n_q mod 4)
// is filled up with copies of its last row, whose weights and outputs go to scratch and are
// dropped: a row's numbers depend only on its own q, mask row and bias row, and the copies leave
// the block's key range [lo, hi) as it is, so the real rows come out as in a block of their own
// (and one kernel is compiled, not one per block height: 3 KB less of the gzipped module).
// `dropped` (kRows − rows, n_k + d_v) takes the copies' weights and outputs.
void attend_block(const Matrix& Q, const double* Kp, const double* Vp, const Mask* mask,
                  const Matrix* bias, double factor, std::size_t i, std::size_t rows,
                  std::size_t n_k, std::size_t d_v, std::size_t n_kp, std::vector<double>& S,
                  double* dropped, double* out_all, double* w_all) {
  const std::size_t d_k = Q.cols;
  std::size_t row[kRows];  // the query row each slot of the block computes
  const double* q[kRows];
  double* w[kRows];
  double* out[kRows];
  for (std::size_t t = 0; t < kRows; ++t) {
    row[t] = i + (t < rows ? t : rows - 1);
    q[t] = Q.row(row[t]);  // (d_k)
    if (t < rows) {
      w[t] = w_all + row[t] * n_k;      // (n_k)
      out[t] = out_all + row[t] * d_v;  // (d_v)
    } else {
      w[t] = dropped + (t - rows) * (n_k + d_v);  // (n_k)
      out[t] = w[t] + n_k;                        // (d_v)
    }
  }
  // 0. each row's visible keys, and the union [lo, hi) the block must touch;
  //    weights outside a row's own range are 0 (a fully hidden row has
  //    lo = hi = n_k: all of it)
  KeyRange range[kRows];
  std::size_t lo = n_k, hi = 0;
  for (std::size_t t = 0; t < kRows; ++t) {
    range[t] = visible_range(mask, row[t], n_k);
    std::fill(w[t], w[t] + range[t].lo, 0.0);
    std::fill(w[t] + range[t].hi, w[t] + n_k, 0.0);
    if (range[t].lo < range[t].hi) {
      lo = range[t].lo < lo ? range[t].lo : lo;
      hi = range[t].hi > hi ? range[t].hi : hi;
    }
  }
  if (lo >= hi) {  // every row fully hidden: zero output too
    for (std::size_t t = 0; t < kRows; ++t) std::fill(out[t], out[t] + d_v, 0.0);
    return;
  }
  // 1. scores for the block's key range: S (kRows, n_kp)
  g_scores(q, Kp, d_k, n_kp, lo, hi, factor, S.data());
  // 1b. plus the bias (after scaling, before masking), over each row's own range
  if (bias)
    for (std::size_t t = 0; t < kRows; ++t) {
      const double* b = bias->row(row[t]);  // (n_k)
      double* s = S.data() + t * n_kp;      // (n_kp)
      for (std::size_t j = range[t].lo; j < range[t].hi; ++j) s[j] += b[j];
    }
  // 2.–3. softmax per row, over that row's own range
  for (std::size_t t = 0; t < kRows; ++t)
    if (range[t].lo < range[t].hi)
      g_softmax(S.data() + t * n_kp, mask ? mask->data.data() + row[t] * n_k : nullptr, range[t],
                w[t]);
  // 4. out = weights · V over the block's key range
  g_output(w, Vp, n_k, d_v, lo, hi, out);
}

// ---------------------------------------------------------------------------
// Finite in, finite out (see the top of this file).

// max |x| over n finite values, kLanes at a time.
double max_abs(const double* p, std::size_t n) {
  const uvec magnitude = uvec{} + 0x7FFFFFFFFFFFFFFFull;  // every bit but the sign
  auto abs_lanes = [&](vec x) {
    uvec bits;
    std::memcpy(&bits, &x, sizeof bits);
    bits &= magnitude;
    std::memcpy(&x, &bits, sizeof x);
    return x;
  };
  vec m0 = {}, m1 = {}, m2 = {}, m3 = {};  // four chains, so they overlap (2× over two)
  std::size_t i = 0;
  for (; i + 4 * kLanes <= n; i += 4 * kLanes) {
    m0 = max_lanes(m0, abs_lanes(load(p + i)));
    m1 = max_lanes(m1, abs_lanes(load(p + i + kLanes)));
    m2 = max_lanes(m2, abs_lanes(load(p + i + 2 * kLanes)));
    m3 = max_lanes(m3, abs_lanes(load(p + i + 3 * kLanes)));
  }
  m0 = max_lanes(max_lanes(m0, m1), max_lanes(m2, m3));
  double m = 0.0;
  for (std::size_t l = 0; l < kLanes; ++l) m = m0[l] > m ? m0[l] : m;
  for (; i < n; ++i) m = std::fabs(p[i]) > m ? std::fabs(p[i]) : m;
  return m;
}

// True when no score, softmax step or output sum of the kernel can overflow:
// every partial dot product is at most d_k·max|Q|·max|K|·(1 + d_k·2⁻⁵³) < 2¹⁰⁰¹,
// and so is every score (dot·factor: when the factor is above 1 the bound
// includes it), a score minus its row max at most twice that, and every
// partial output sum at most max|V|·(1 + n_k·2⁻⁵²) < 2¹⁰²¹. (A product that
// overflows to ∞, or a factor that is ∞, fails the test too, as it should.)
bool kernel_stays_finite(const Matrix& Q, const Matrix& K, const Matrix& V, const Matrix* bias,
                         double factor) {
  const double q = max_abs(Q.data.data(), Q.data.size());
  const double k = max_abs(K.data.data(), K.data.size());
  const double v = max_abs(V.data.data(), V.data.size());
  const double b = bias ? max_abs(bias->data.data(), bias->data.size()) : 0.0;
  return std::isfinite(factor) &&
         q * k * static_cast<double>(Q.cols) * std::max(factor, 1.0) <= 0x1p1000 && v <= 0x1p1020 &&
         b <= 0x1p1000;
}

// x·2^e for a power of two: exact unless it leaves the range of doubles.
inline double times_pow2(double x, int e) { return std::ldexp(x, e); }

// The exponent that brings max |x| near 2^494 (0 for all zeros): products of
// two such values stay below 2^990, and d_k ≤ 4096 of them below 2^1002.
int scale_exponent(double max_magnitude) {
  return max_magnitude > 0.0 ? std::ilogb(max_magnitude) - 494 : 0;
}

// A number μ·2^e with a double μ (0, or 0.5 ≤ |μ| < 1) and an exponent of any
// size: a logit of the wide path, which may lie far beyond DBL_MAX.
struct Wide {
  double mu = 0.0;
  int e = 0;
};

// x·2^e as a Wide, exactly (x finite).
Wide wide(double x, int e) {
  int k = 0;
  const double mu = std::frexp(x, &k);
  return {mu, mu == 0.0 ? 0 : k + e};
}

// a·b, rounded once like the double product (0.25 ≤ |a.μ·b.μ| < 1: no overflow).
Wide times(Wide a, Wide b) { return wide(a.mu * b.mu, a.e + b.e); }

// a + b, rounded once like the double sum: both brought to the larger
// exponent E (|μ|·2^(e−E) < 1, exact unless far below the larger), summed.
Wide plus(Wide a, Wide b) {
  if (a.mu == 0.0) return b;
  if (b.mu == 0.0) return a;
  const int E = std::max(a.e, b.e);
  return wide(times_pow2(a.mu, a.e - E) + times_pow2(b.mu, b.e - E), E);
}

// a > b.
bool greater(Wide a, Wide b) {
  const bool a_pos = a.mu > 0.0, b_pos = b.mu > 0.0;
  if (a.mu == 0.0 || b.mu == 0.0 || a_pos != b_pos) return a.mu > b.mu;  // the signs decide
  if (a.e != b.e) return (a.e > b.e) == a_pos;  // same sign: the larger magnitude, if positive
  return a.mu > b.mu;
}

// score_factor (attention.h) as a Wide, also where it is beyond DBL_MAX:
// with τ = t·2^u (frexp), base / τ = (base / t)·2^−u, rounded as base / τ is.
Wide factor_wide(std::size_t d_k, const AttentionOptions& opts) {
  const double base = opts.scale ? 1.0 / std::sqrt(static_cast<double>(d_k)) : 1.0;
  int u = 0;
  const double t = std::frexp(opts.temperature, &u);
  return wide(base / t, -u);
}

// Steps 1–4 for every row without overflowing, for inputs the kernel cannot
// take. Writes every element of out (n_q, d_v) and weights (n_q, n_k).
AP_COLD void attention_wide_into(const Matrix& Q, const Matrix& K, const Matrix& V,
                                 const Mask* mask, const AttentionOptions& opts, double* out,
                                 double* weights) {
  const std::size_t n_q = Q.rows, n_k = K.rows, d_k = Q.cols, d_v = V.cols;
  const Wide factor = factor_wide(d_k, opts);  // 1 / (τ·√d_k), or 1 / τ
  // K·2^−b, made the first time a dot product overflows
  const int b = scale_exponent(max_abs(K.data.data(), K.data.size()));
  std::vector<double> Ks;        // (n_k, d_k)
  std::vector<double> qs(d_k);   // (d_k) q_i·2^−a
  std::vector<Wide> logit(n_k);  // (n_k) a row's scores · factor
  for (std::size_t i = 0; i < n_q; ++i) {
    const double* q = Q.row(i);     // (d_k)
    double* w = weights + i * n_k;  // (n_k)
    double* o = out + i * d_v;      // (d_v)
    auto sees = [&](std::size_t j) { return !mask || mask->sees(i, j); };
    // 1. dot products, summed over c in the kernel's order; one that overflows
    //    again from q·2^−a and K·2^−b, as D'·2^(a+b); then times the factor
    int a = 0;
    bool q_scaled = false;
    for (std::size_t j = 0; j < n_k; ++j) {
      if (!sees(j)) continue;
      const double* k = K.row(j);
      double acc = 0.0;
      for (std::size_t c = 0; c < d_k; ++c) acc += q[c] * k[c];
      Wide dot;
      if (std::isfinite(acc)) {
        dot = wide(acc, 0);
      } else {
        if (Ks.empty()) {
          Ks.resize(K.data.size());
          for (std::size_t t = 0; t < Ks.size(); ++t) Ks[t] = times_pow2(K.data[t], -b);
        }
        if (!q_scaled) {
          a = scale_exponent(max_abs(q, d_k));
          for (std::size_t c = 0; c < d_k; ++c) qs[c] = times_pow2(q[c], -a);
          q_scaled = true;
        }
        const double* ks = Ks.data() + j * d_k;
        double scaled = 0.0;  // below 2¹⁰⁰² (see scale_exponent)
        for (std::size_t c = 0; c < d_k; ++c) scaled += qs[c] * ks[c];
        dot = wide(scaled, a + b);
      }
      logit[j] = times(dot, factor);
      if (opts.bias) logit[j] = plus(logit[j], wide((*opts.bias)(i, j), 0));
    }
    // 2.–3. softmax over the visible keys: e^(ℓ_j − ℓ_max), the difference
    //     formed in units of 2^frame: plain doubles when ℓ_max is below 1
    //     (frame 0), ℓ_max's own exponent when it is larger. Exact where the
    //     plain form is; a difference beyond float64 is −∞, weight 0.
    Wide top;
    bool any = false;
    for (std::size_t j = 0; j < n_k; ++j)
      if (sees(j) && (!any || greater(logit[j], top))) {
        top = logit[j];
        any = true;
      }
    const int frame = std::max(top.e, 0);  // not below 0: a tiny ℓ_max would blow the others up
    const double top_in_frame = times_pow2(top.mu, top.e - frame);
    double sum = 0.0;
    for (std::size_t j = 0; j < n_k; ++j) {
      if (!sees(j)) {
        w[j] = 0.0;
        continue;
      }
      const double diff = times_pow2(logit[j].mu, logit[j].e - frame) - top_in_frame;  // ≤ 0
      w[j] = std::exp(times_pow2(diff, frame));
      sum += w[j];  // ≥ 1 in the end: the top key's term is e^0
    }
    if (sum > 0.0) {
      const double inv = 1.0 / sum;
      for (std::size_t j = 0; j < n_k; ++j) w[j] *= inv;
    }
    // 4. out = Σ_j w_j V[j], j in order as in the kernel
    for (std::size_t c = 0; c < d_v; ++c) {
      double acc = 0.0;
      for (std::size_t j = 0; j < n_k; ++j) acc += w[j] * V(j, c);
      if (!std::isfinite(acc)) {  // values near DBL_MAX: the mean of V/2, doubled
        acc = 0.0;
        for (std::size_t j = 0; j < n_k; ++j) acc += w[j] * (0.5 * V(j, c));
        acc = std::fmax(-std::numeric_limits<double>::max(),
                        std::fmin(std::numeric_limits<double>::max(), 2.0 * acc));
      }
      o[c] = acc;
    }
  }
}

}  // namespace

void attention_fast_into(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                         const AttentionOptions& opts, double* out, double* weights) {
  const std::size_t n_q = Q.rows, n_k = K.rows, d_v = V.cols;
  const double factor = score_factor(Q.cols, opts);  // 1 / (τ·√d_k), or 1 / τ
  if (n_q == 0) return;
  if (n_k != 0 && !kernel_stays_finite(Q, K, V, opts.bias, factor)) {
    attention_wide_into(Q, K, V, mask, opts, out, weights);
    return;
  }
  if (n_k == 0) {  // no keys: a zero output, and weights has no elements
    std::fill(out, out + n_q * d_v, 0.0);
    return;
  }

  const std::size_t n_kp = round_up(n_k, kKeys), d_vp = round_up(d_v, kCols);
  const Buffer Kp_buffer = pack_keys(K, n_kp);    // (n_kp / kKeys, d_k, kKeys)
  const Buffer Vp_buffer = pack_values(V, d_vp);  // (d_vp / kCols, n_k, kCols)
  const double *Kp = Kp_buffer.get(), *Vp = Vp_buffer.get();
  std::vector<double> S[2];  // (kRows, n_kp) one block's scores, one for each thread
  S[0].resize(kRows * n_kp);
  if (threads() >= 2) S[1].resize(kRows * n_kp);  // made here: the other thread allocates nothing
  // the weights and outputs of the copies that fill up the last block (attend_block)
  std::vector<double> dropped(n_q % kRows ? (kRows - n_q % kRows) * (n_k + d_v) : 0);
  // two threads (parallel.h): each takes the next block of kRows query rows not yet taken; a block
  // is the same block either way, so the numbers are the same. The last blocks go first: under a
  // causal mask they see the most keys, and the cheapest come last.
  const std::size_t blocks = (n_q + kRows - 1) / kRows;
  const double work =
      static_cast<double>(n_q) * static_cast<double>(n_k) * static_cast<double>(Q.cols + d_v);
  share_items(blocks, work, [&](std::size_t item, int thread) {
    const std::size_t i = (blocks - 1 - item) * kRows;
    attend_block(Q, Kp, Vp, mask, opts.bias, factor, i, std::min(kRows, n_q - i), n_k, d_v, n_kp,
                 S[thread], dropped.data(), out, weights);
  });
}

AttentionResult attention_fast(const Matrix& Q, const Matrix& K, const Matrix& V, const Mask* mask,
                               const AttentionOptions& opts) {
  // out (n_q, d_v), weights (n_q, n_k)
  AttentionResult r{Matrix(Q.rows, V.cols), Matrix(Q.rows, K.rows)};
  attention_fast_into(Q, K, V, mask, opts, r.out.data.data(), r.weights.data.data());
  return r;
}

}  // namespace ap
