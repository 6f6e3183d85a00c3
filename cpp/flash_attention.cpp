// flash_attention.cpp — tiles of keys and an online softmax (flash_attention.h).
//
// One query row's state while the key tiles go by: m (running maximum of the
// logits), l (running Σ e^(s − m)) and acc (running Σ e^(s − m)·v, d_v values).
// A tile of keys with logits s_j updates it to
//   m' = max(m, max_j s_j),   c = e^(m − m')   (0 while m = −∞: nothing seen yet)
//   l' = c·l + Σ_j e^(s_j − m'),   acc' = c·acc + Σ_j e^(s_j − m')·v_j
// so after the last tile l = Σ_j e^(s_j − m) over every visible key and
// out = acc / l is the softmax-weighted sum of the values, and
// lse = m + ln l = ln Σ_j e^(s_j) (Milakov & Gimelshein 2018; Dao et al. 2022,
// Algorithm 1).
//
// Two forms of the same maths:
//   - flash_attention: the fast kernel. For each tile of block_q queries and
//     each tile of block_k keys (packed: K transposed in panels, V in panels
//     of columns), groups of kRows = 4 query rows (interleaved in Qt) take
//     the tile in three steps, each a function of its own: the scores S[j][r]
//     in a register tile of 8 accumulators (group_scores), hidden keys → −∞,
//     the row maxima and e^(s − m') on whole registers (group_softmax, a
//     polynomial exp), then acc = c·acc + Σ_j p_j·v_j in register tiles
//     (group_accumulate). The scores of one group (4 × ~block_k) are all
//     that is kept of n_q × n_k.
//   - flash_trace: the readable form (fold_tile: one row, one tile, std::exp),
//     which also records the state after each tile for the page.
// Both agree with attention() within 1e-12: each logit is the same dot
// product (summed over c in the same order) times the same factor; the
// weights' exp is within ~4e-16 of libm's relative to the row's largest
// weight, and only the order of the sums and the rescaling by c (one
// rounding per tile) differ.
//
// Speed in WebAssembly (V8, 2 doubles per register, no fused multiply-add):
// the two multiply-add loops run near the processor's limit for separate
// multiplies and adds; what is left is the exp (step 3, ~15% of the time)
// and the packing and checks (~8%). See the steps' comments for what made
// the difference (registers per function, the exp's operation count).
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
// Qt (block_q / kRows, d_k, kRows), Kt (stride / kPanel, d_k, kPanel),
// Vt (d_vp / kCols, stride, kCols), S (stride, kRows), acc (block_q, d_vp).

#include "flash_attention.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "attention.h"
#include "checks.h"
#include "finite.h"
#include "parallel.h"
#include "simd.h"
#include "size_limits.h"

namespace ap {

namespace {

using namespace simd;

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// max |x| over m's values, or NaN if one of them is ±∞ or NaN: one pass on
// whole registers (a scalar isfinite loop and a scalar maximum took ~2% of a
// call at n = 1024 in WASM).
double max_abs(const Matrix& m) {
  const double* x = m.data.data();
  const std::size_t n = m.data.size();
  vec top = {}, zero = {};  // zero: Σ x·0, which is NaN as soon as one x is ±∞ or NaN
  std::size_t p = 0;
  for (; p + kLanes <= n; p += kLanes) {
    const vec v = load(x + p);
    top = max_lanes(top, v < vec{} ? -v : v);
    zero += v * 0.0;
  }
  double a = 0.0, z = 0.0;
  for (std::size_t t = 0; t < kLanes; ++t) a = std::max(a, top[t]), z += zero[t];
  for (; p < n; ++p) a = std::max(a, std::fabs(x[p])), z += x[p] * 0.0;
  return z == 0.0 ? a : std::numeric_limits<double>::quiet_NaN();
}

// Like check_matrix, with flash's row limit (kMaxFlashRows) instead of kMaxRows;
// *top = max |x| (for the overflow bound of check_flash).
Status check_flash_matrix(const char* fn, const char* arg, const Matrix& m, double* top) {
  if (m.empty() || m.data.size() != m.rows * m.cols)
    return check_matrix(fn, arg, m);  // its messages for an empty or inconsistent matrix
  if (m.rows > kMaxFlashRows || m.cols > kMaxCols)
    return Status::Error("too_large",
                         message("%s: %s is %s: the limit is %zu rows and %zu columns", fn, arg,
                                 shape_str(m.rows, m.cols).c_str(), kMaxFlashRows, kMaxCols));
  if (m.data.size() > kMaxValues)
    return Status::Error(
        "too_large",
        message("%s: %s is %s, %zu values: the limit is %zu values per argument "
                "(128 MiB)",
                fn, arg, shape_str(m.rows, m.cols).c_str(), m.data.size(), kMaxValues));
  *top = max_abs(m);
  if (!std::isnan(*top)) return Status::Ok();
  // some value is not finite: name the first one
  const std::size_t p = first_non_finite(m.data.data(), m.data.size());
  return Status::Error(
      "non_finite", message("%s: %s[%zu][%zu] is %s: every value must be a finite number", fn, arg,
                            p / m.cols, p % m.cols, number_str(m.data[p]).c_str()));
}

Status check_flash(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                   const Mask* mask, const FlashOptions& opts, std::size_t max_rows) {
  double top[3] = {};  // max |Q|, max |K|, max |V|
  int which = 0;
  for (auto [arg, m] : {std::pair<const char*, const Matrix*>{"Q", &Q}, {"K", &K}, {"V", &V}}) {
    Status s = check_flash_matrix(fn, arg, *m, &top[which++]);
    if (!s.ok()) return s;
    if (m->rows > max_rows)
      return Status::Error("too_large", message("%s: %s has %zu rows: the limit is %zu", fn, arg,
                                                m->rows, max_rows));
  }
  if (K.cols != Q.cols)
    return Status::Error(
        "shape", message("%s: Q is %s but K is %s: Q and K must have the same "
                         "number of columns (d_k)",
                         fn, shape_str(Q.rows, Q.cols).c_str(), shape_str(K.rows, K.cols).c_str()));
  if (V.rows != K.rows)
    return Status::Error(
        "shape", message("%s: K is %s but V is %s: K and V must have the same "
                         "number of rows (one value per key)",
                         fn, shape_str(K.rows, K.cols).c_str(), shape_str(V.rows, V.cols).c_str()));
  if (mask != nullptr) {
    // a mask is n_q × n_k bytes: it keeps attention's limit on that many entries
    if (static_cast<double>(Q.rows) * static_cast<double>(K.rows) >
        static_cast<double>(kMaxWeights))
      return Status::Error("too_large",
                           message("%s: a mask of %s would have more than %zu entries: use "
                                   "causal instead of a mask, or fewer queries or keys",
                                   fn, shape_str(Q.rows, K.rows).c_str(), kMaxWeights));
    Status s = check_mask(fn, mask, Q.rows, K.rows);
    if (!s.ok()) return s;
  }
  for (auto [arg, b] :
       {std::pair<const char*, std::size_t>{"block_q", opts.block_q}, {"block_k", opts.block_k}})
    if (b < 1 || b > kMaxFlashRows)
      return Status::Error(
          "invalid_argument",
          message("%s: %s = %zu must be a whole number from 1 to %zu", fn, arg, b, kMaxFlashRows));
  const double work = flash_multiply_adds(Q.rows, K.rows, Q.cols, V.cols, opts.causal);
  if (work > kMaxFlashMultiplyAdds)
    return Status::Error("too_large",
                         message("%s: this call needs %.2g multiply-adds; the limit is %.2g per "
                                 "call: use fewer queries or keys, or narrower matrices",
                                 fn, work, kMaxFlashMultiplyAdds));
  const double out_bytes = 8.0 * static_cast<double>(Q.rows) * (static_cast<double>(V.cols) + 1.0);
  if (out_bytes > kMaxResultBytes)
    return Status::Error("too_large",
                         message("%s: out and lse would need %.0f MiB; the limit is %.0f MiB per "
                                 "call: use fewer queries or a narrower V",
                                 fn, out_bytes / 1048576.0, kMaxResultBytes / 1048576.0));
  // Every logit must stay finite: |q·k|·factor ≤ d_k·max|Q|·max|K| ≤ 2¹⁰⁰⁰ (the
  // factor is ≤ 1), so a logit minus the running maximum stays below 2¹⁰⁰¹; and
  // the sums of values too: |acc| ≤ l·max|V| ≤ n_k·max|V| ≤ 2¹⁰⁰⁰. attention()
  // handles larger values with its overflow-safe path; flash refuses them.
  const double bound = static_cast<double>(Q.cols) * top[0] * top[1];
  const double vbound = top[2] * static_cast<double>(K.rows);
  if (!(bound <= std::ldexp(1.0, 1000)) || !(vbound <= std::ldexp(1.0, 1000)))
    return Status::Error("too_large", message("%s: the values are too large for the online "
                                              "softmax (a score or a sum could overflow float64): "
                                              "use attention(), which handles them",
                                              fn));
  return Status::Ok();
}

// One past the last key query i may see: all of them, or j ≤ i with causal.
inline std::size_t key_end(std::size_t i, std::size_t n_k, bool causal) {
  return causal ? std::min(n_k, i + 1) : n_k;
}

// ---------------------------------------------------------------------------
// The readable form (flash_trace).

// One query row's running state (see the top of the file).
struct RowState {
  double m = kNegInf;
  double l = 0.0;
};

// Fold keys [j0, j1) into row i's state: m, l and acc (d_v values).
// scores: scratch of at least j1 − j0 values.
void fold_tile(const Matrix& Q, const Matrix& K, const Matrix& V, double factor, std::size_t i,
               std::size_t j0, std::size_t j1, RowState& st, double* acc, double* scores) {
  const std::size_t d_k = Q.cols, d_v = V.cols;
  const double* q = Q.row(i);
  double tile_max = kNegInf;
  for (std::size_t j = j0; j < j1; ++j) {
    const double* k = K.row(j);
    double dot = 0.0;
    for (std::size_t c = 0; c < d_k; ++c) dot += q[c] * k[c];
    scores[j - j0] = dot * factor;
    tile_max = std::max(tile_max, scores[j - j0]);
  }
  const double m_new = std::max(st.m, tile_max);
  const double c = st.m == kNegInf ? 0.0 : std::exp(st.m - m_new);  // rescale what came before
  st.l *= c;
  for (std::size_t t = 0; t < d_v; ++t) acc[t] *= c;
  for (std::size_t j = j0; j < j1; ++j) {
    const double p = std::exp(scores[j - j0] - m_new);
    st.l += p;
    const double* v = V.row(j);
    for (std::size_t t = 0; t < d_v; ++t) acc[t] += p * v[t];
  }
  st.m = m_new;
}

// out = acc / l and lse = m + ln l; a row that saw no key: 0 and −∞.
void finish_row(double m, double l, const double* acc, std::size_t d_v, double* out, double* lse) {
  if (l > 0.0) {
    for (std::size_t t = 0; t < d_v; ++t) out[t] = acc[t] / l;
    *lse = m + std::log(l);
  } else {
    std::fill(out, out + d_v, 0.0);
    *lse = kNegInf;
  }
}

// ---------------------------------------------------------------------------
// The fast kernel (flash_attention).
//
// A group of kRows query rows is the unit: its scores for one key tile are
// kept as S[j][r] (key j, row r), so one SIMD register holds one key's score
// for kLanes rows. Each step of the group is a small function of its own: in
// WebAssembly the engine (V8) allocates registers per function, and with
// everything inlined into one large function it kept half of the 8
// accumulators on the stack (a load and a store per multiply-add).

#if defined(__GNUC__)
#define AP_NOINLINE __attribute__((noinline))
#else
#define AP_NOINLINE
#endif

constexpr std::size_t kRowVecs = kRows / kLanes;  // registers per key in S: 2 in WASM, 1 with AVX
static_assert(kRows % kLanes == 0, "a key's scores fill whole registers");
constexpr std::size_t kPanel =
    8 / kRowVecs;  // keys per score tile: 8 accumulators (kPanel × kRowVecs)

// x[i] → e^x[i] for x ≤ 0, N registers at once, step by step (independent
// work for the processor while each waits on its chain of 20 multiplies and
// adds); −∞ and anything below −709 give exactly 0. simd.h's exp_nonpositive
// with 30 operations per register instead of 39:
//   - k = round(x / ln 2) and r = x − k·ln 2 in one step: the error of k·ln 2
//     (≤ |x|·1.2e-16) makes e^x wrong by ≤ |x|·e^x·1.2e-16 ≤ 4.4e-17 absolute,
//     and every weight is taken relative to the row's largest, e⁰ = 1;
//   - e^r by Horner's rule on the degree-10 polynomial through e^r at the 11
//     Chebyshev nodes of [−ln2/2, ln2/2] (3.3e-16 relative as doubles;
//     scripts/exp_coefficients.py with DEGREE = 10);
//   - the floor by clamping x at −709 (one max): there k = −1023, whose 2^k
//     built in the exponent bits is +0, so the product is exactly 0.
template <std::size_t N>
inline void exp_weights(vec* x) {
  constexpr double kLog2e = 1.4426950408889634;  // 1 / ln 2
  constexpr double kLn2 = 0.6931471805599453;
  constexpr double kRound = 6755399441055744.0;  // 1.5·2^52: adding it rounds to an integer
  constexpr double kC[] = {1.0000000000000067,     0.5000000000000006,     0.16666666666554406,
                           0.04166666666657314,    0.008333333385667782,   0.0013888888932488599,
                           0.00019841170270440067, 2.4801504346997686e-05, 2.764018079620985e-06,
                           2.7626357241447223e-07};  // c₁ … c₁₀ (c₀ = 1)
  vec t[N], r[N], p[N];
  for (std::size_t i = 0; i < N; ++i) {
    x[i] = max_lanes(x[i], splat(-709.0));
    t[i] = x[i] * kLog2e + kRound;  // k = round(x / ln 2) in the low bits
    r[i] = x[i] - (t[i] - kRound) * kLn2;
    p[i] = r[i] * kC[9] + kC[8];
  }
  for (std::size_t n = 8; n-- > 0;)
    for (std::size_t i = 0; i < N; ++i) p[i] = p[i] * r[i] + kC[n];
  for (std::size_t i = 0; i < N; ++i) {
    p[i] = p[i] * r[i] + 1.0;
    uvec bits;  // 2^k: k shifted into the exponent field, plus the bias 1023
    std::memcpy(&bits, &t[i], sizeof bits);
    bits = (bits << 52) + (std::uint64_t{1023} << 52);
    vec two_k;
    std::memcpy(&two_k, &bits, sizeof two_k);
    x[i] = p[i] * two_k;
  }
}

// 1. S[j][r] = (Σ_c Qg[c][r] · Kt[j][c]) · factor for `panels` panels of kPanel
//    keys. Qg (d_k, kRows) the group's rows interleaved; Kt (panels, d_k,
//    kPanel) the keys transposed in panels. c outermost, as in attention(), so
//    each dot product is summed in the same order.
AP_NOINLINE void group_scores(const double* qg, const double* kt, std::size_t d_k,
                              std::size_t panels, double factor, double* s) {
  for (std::size_t p = 0; p < panels; ++p, kt += d_k * kPanel, s += kPanel * kRows) {
    vec acc[kPanel][kRowVecs] = {};  // (kPanel keys, kRows rows) in 8 registers
    const double* q = qg;
    const double* k = kt;
    for (std::size_t c = 0; c < d_k; ++c, q += kRows, k += kPanel) {
      vec qc[kRowVecs];  // (kRows) Q[g … g+kRows−1][c]
      for (std::size_t v = 0; v < kRowVecs; ++v) qc[v] = load(q + v * kLanes);
      for (std::size_t j = 0; j < kPanel; ++j) {
        const double kc = k[j];  // K[j][c], broadcast to every lane
        for (std::size_t v = 0; v < kRowVecs; ++v) acc[j][v] += qc[v] * kc;
      }
    }
    for (std::size_t j = 0; j < kPanel; ++j)
      for (std::size_t v = 0; v < kRowVecs; ++v)
        store(s + j * kRows + v * kLanes, acc[j][v] * factor);
  }
}

// 3. The online softmax step for the group's rows over `width` keys of S
//    (hidden ones already −∞): m' = max(m, the tile's maxima), c = e^(m − m'),
//    S → e^(s − m') in place, l = c·l + Σ_j e^(s_j − m'). A row that has seen
//    no key (m' = −∞) is shifted by 0 instead, so its e^(s − m') and c are 0.
AP_NOINLINE void group_softmax(double* s, std::size_t width, double* m, double* l, double* c) {
  vec tile_max[kRowVecs];
  for (std::size_t v = 0; v < kRowVecs; ++v) tile_max[v] = splat(kNegInf);
  for (std::size_t j = 0; j < width; ++j)
    for (std::size_t v = 0; v < kRowVecs; ++v)
      tile_max[v] = max_lanes(tile_max[v], load(s + j * kRows + v * kLanes));
  vec shift[kRowVecs], sum[kRowVecs];
  for (std::size_t v = 0; v < kRowVecs; ++v) {
    const vec m_old = load(m + v * kLanes), m_new = max_lanes(m_old, tile_max[v]);
    shift[v] = m_new > splat(kNegInf) ? m_new : vec{};
    vec e[1] = {m_old - shift[v]};
    exp_weights<1>(e);
    store(c + v * kLanes, e[0]);  // exactly 1 when m' = m
    store(m + v * kLanes, m_new);
    sum[v] = vec{};
  }
  // kExpKeys keys at a time: their exps interleaved, step by step, so the
  // processor has independent work while each waits on its chain of 20
  // multiply-adds (one at a time, the exps were bound by that latency)
  constexpr std::size_t kExpKeys = 8 / kRowVecs / 2, kExpVecs = kExpKeys * kRowVecs;
  static_assert(kPanel % kExpKeys == 0, "width is whole panels of kPanel keys");
  for (std::size_t j = 0; j < width; j += kExpKeys) {
    vec e[kExpVecs];
    for (std::size_t q = 0; q < kExpVecs; ++q)
      e[q] = load(s + j * kRows + q * kLanes) - shift[q % kRowVecs];  // −∞ (hidden) gives 0
    exp_weights<kExpVecs>(e);
    for (std::size_t q = 0; q < kExpVecs; ++q) {
      store(s + j * kRows + q * kLanes, e[q]);
      sum[q % kRowVecs] += e[q];
    }
  }
  for (std::size_t v = 0; v < kRowVecs; ++v)
    store(l + v * kLanes, load(c + v * kLanes) * load(l + v * kLanes) + sum[v]);
}

// 4. acc[r] = c[r]·acc[r] + Σ_j P[j][r]·V[j] over `keys` keys, kCols columns
//    at a time. P = S after step 3; Vt (d_vp / kCols, stride, kCols) the value
//    tile in panels; acc (kRows, d_vp).
AP_NOINLINE void group_accumulate(const double* p, std::size_t keys, const double* vt,
                                  std::size_t stride, std::size_t d_vp, const double* c,
                                  double* acc) {
  for (std::size_t c0 = 0; c0 < d_vp; c0 += kCols) {
    vec a[kRows][kVecs];  // (kRows, kCols) in 8 registers
    for (std::size_t r = 0; r < kRows; ++r)
      for (std::size_t v = 0; v < kVecs; ++v)
        a[r][v] = load(acc + r * d_vp + c0 + v * kLanes) * c[r];
    const double* pj = p;
    const double* vj = vt + c0 * stride;  // (stride, kCols)
    for (std::size_t j = 0; j < keys; ++j, pj += kRows, vj += kCols) {
      vec vc[kVecs];  // (kCols) V[j][c0 … c0+kCols−1]
      for (std::size_t v = 0; v < kVecs; ++v) vc[v] = load(vj + v * kLanes);
      for (std::size_t r = 0; r < kRows; ++r) {
        const double w = pj[r];  // broadcast to every lane
        for (std::size_t v = 0; v < kVecs; ++v) a[r][v] += vc[v] * w;
      }
    }
    for (std::size_t r = 0; r < kRows; ++r)
      for (std::size_t v = 0; v < kVecs; ++v) store(acc + r * d_vp + c0 + v * kLanes, a[r][v]);
  }
}

// The steps are called through these pointers: a volatile pointer is read at
// each call, so no optimiser can inline the step. Emscripten's wasm-opt
// (Binaryen) inlines every function that has one caller whatever LLVM's
// noinline says, and V8 then allocates registers for one large function.
// (An indirect call per group and key tile: ~10⁴ calls at n = 4096.)
void (*volatile const g_scores)(const double*, const double*, std::size_t, std::size_t, double,
                                double*) = group_scores;
void (*volatile const g_softmax)(double*, std::size_t, double*, double*, double*) = group_softmax;
void (*volatile const g_accumulate)(const double*, std::size_t, const double*, std::size_t,
                                    std::size_t, const double*, double*) = group_accumulate;

// What the kernel's loops share. The tiles are packed afresh for each query
// tile (a copy of 1/block_q of the multiply-adds), so nothing of size n_k is
// kept besides K and V themselves.
struct Kernel {
  const Matrix& K;
  const Matrix& V;
  const Mask* mask;
  bool causal;
  double factor;
  std::size_t n_q;
  std::size_t d_vp;    // d_v rounded up to whole panels of kCols
  std::size_t stride;  // block_k rounded up to whole panels of kPanel (and kCols)
  double* Qt;          // (block_q / kRows, d_k, kRows) the query tile, rows interleaved in groups
  double* Kt;          // (stride / kPanel, d_k, kPanel) the key tile, transposed in panels
  double* Vt;          // (d_vp / kCols, stride, kCols) the value tile in panels
  double* S;           // (stride, kRows) one group's scores, then its e^(s − m')
  double* acc;         // (block_q rounded up to kRows, d_vp) the query tile's Σ e^(s − m)·v
  double* m;           // (block_q rounded up to kRows) running maxima
  double* l;           // (block_q rounded up to kRows) running sums
};

// Rows [i0, i1) of Q into k.Qt, in groups of kRows; rows past i1 are zero.
void pack_queries(const Kernel& k, const Matrix& Q, std::size_t i0, std::size_t i1) {
  const std::size_t d_k = Q.cols, rows = i1 - i0;
  if (rows % kRows != 0)  // the last group's padding
    std::fill(k.Qt + rows / kRows * kRows * d_k, k.Qt + round_up(rows, kRows) * d_k, 0.0);
  for (std::size_t i = i0; i < i1; ++i) {
    double* group = k.Qt + (i - i0) / kRows * d_k * kRows + (i - i0) % kRows;
    const double* qi = Q.row(i);  // (d_k)
    for (std::size_t c = 0; c < d_k; ++c) group[c * kRows] = qi[c];
  }
}

// Keys [t0, t1) of K and V into k.Kt and k.Vt; their padding is zero.
void pack_keys_values(const Kernel& k, std::size_t t0, std::size_t t1) {
  const std::size_t d_k = k.K.cols, d_v = k.V.cols, w = k.stride;
  const bool padded = t1 - t0 < w;  // a short tile: the last of a query tile's keys
  if (padded) std::fill(k.Kt, k.Kt + w * d_k, 0.0);
  for (std::size_t j = t0; j < t1; ++j) {
    double* panel = k.Kt + ((j - t0) / kPanel) * d_k * kPanel + (j - t0) % kPanel;
    const double* kj = k.K.row(j);  // (d_k)
    for (std::size_t c = 0; c < d_k; ++c) panel[c * kPanel] = kj[c];
  }
  if (padded || d_v != k.d_vp) std::fill(k.Vt, k.Vt + w * k.d_vp, 0.0);
  for (std::size_t j = t0; j < t1; ++j) {
    const double* vj = k.V.row(j);  // (d_v)
    for (std::size_t c = 0; c < d_v; ++c)
      k.Vt[((c / kCols) * w + (j - t0)) * kCols + c % kCols] = vj[c];
  }
}

// The group of rows g … g+kRows−1 (o = g − i0 within the query tile) takes in
// the packed keys [t0, t1): steps 1–4.
void fold_group(const Kernel& k, std::size_t i0, std::size_t g, std::size_t t0, std::size_t t1) {
  const std::size_t d_k = k.K.cols, o = g - i0;
  // the keys the group needs: with causal, none past its last row g + kRows − 1
  const std::size_t hi = k.causal ? std::min(t1, g + kRows) : t1;
  const std::size_t width = round_up(hi - t0, kPanel);  // S's keys in use: key t0 + j is S[j]
  // 1. scores
  g_scores(k.Qt + o * d_k, k.Kt, d_k, width / kPanel, k.factor, k.S);
  // 2. hidden keys → −∞: past each row's last key (and past n_q: padding rows), the mask's holes
  for (std::size_t r = 0; r < kRows; ++r) {
    const std::size_t i = g + r;
    const std::size_t end = i >= k.n_q ? t0 : k.causal ? std::max(t0, std::min(hi, i + 1)) : hi;
    for (std::size_t j = end; j < t0 + width; ++j) k.S[(j - t0) * kRows + r] = kNegInf;
    if (k.mask)
      for (std::size_t j = t0; j < end; ++j)
        if (!k.mask->sees(i, j)) k.S[(j - t0) * kRows + r] = kNegInf;
  }
  // 3. the online softmax step, 4. the outputs
  double c[kRows];
  g_softmax(k.S, width, k.m + o, k.l + o, c);
  g_accumulate(k.S, hi - t0, k.Vt, k.stride, k.d_vp, c, k.acc + o * k.d_vp);
}

// One thread's scratch: the buffers a Kernel points into (their shapes there).
struct Scratch {
  std::vector<double> Qt, Kt, Vt, S, acc, m, l;
  Scratch(std::size_t bqp, std::size_t d_k, std::size_t stride, std::size_t d_vp)
      : Qt(bqp * d_k),
        Kt(stride * d_k),
        Vt(stride * d_vp),
        S(stride * kRows),
        acc(bqp * d_vp),
        m(bqp),
        l(bqp) {}
};

// Query tile [i0, i1) against the key tiles of bk keys: its rows of f.out and f.lse. `k` gives
// the shared inputs; `s` is this thread's own scratch. A tile is the same rows whichever thread
// computes it.
void query_tile(const Matrix& Q, Kernel k, Scratch& s, std::size_t i0, std::size_t i1,
                std::size_t bk, FlashResult& f) {
  k.Qt = s.Qt.data(), k.Kt = s.Kt.data(), k.Vt = s.Vt.data(), k.S = s.S.data();
  k.acc = s.acc.data(), k.m = s.m.data(), k.l = s.l.data();
  const std::size_t n_k = k.K.rows, d_v = k.V.cols;
  pack_queries(k, Q, i0, i1);
  std::fill(s.acc.begin(), s.acc.end(), 0.0);
  std::fill(s.m.begin(), s.m.end(), kNegInf);
  std::fill(s.l.begin(), s.l.end(), 0.0);
  // with causal, no row of this query tile sees a key past i1 − 1: those tiles are skipped
  const std::size_t last = key_end(i1 - 1, n_k, k.causal);
  for (std::size_t t0 = 0; t0 < last; t0 += bk) {
    const std::size_t t1 = std::min(last, t0 + bk);
    pack_keys_values(k, t0, t1);
    for (std::size_t g = i0; g < i1; g += kRows)
      if (!k.causal || t0 < g + kRows)  // else no row of the group sees a key of the tile
        fold_group(k, i0, g, t0, t1);
  }
  for (std::size_t i = i0; i < i1; ++i)
    finish_row(k.m[i - i0], k.l[i - i0], k.acc + (i - i0) * k.d_vp, d_v, f.out.row(i), &f.lse[i]);
}

}  // namespace

double flash_multiply_adds(std::size_t n_q, std::size_t n_k, std::size_t d_k, std::size_t d_v,
                           bool causal) {
  const double nq = static_cast<double>(n_q), nk = static_cast<double>(n_k);
  // causal: query i sees min(n_k, i + 1) keys
  const double pairs =
      !causal ? nq * nk
              : (nq <= nk ? nq * (nq + 1.0) / 2.0 : nk * (nk + 1.0) / 2.0 + (nq - nk) * nk);
  return pairs * (static_cast<double>(d_k) + static_cast<double>(d_v));
}

Result<FlashResult> flash_attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                    const Mask* mask, const FlashOptions& opts) {
  Status s = check_flash("flash_attention", Q, K, V, mask, opts, kMaxFlashRows);
  if (!s.ok()) return Result<FlashResult>::Fail(s);
  const std::size_t n_q = Q.rows, n_k = K.rows, d_k = Q.cols, d_v = V.cols;
  const std::size_t bq = std::min(opts.block_q, n_q), bk = std::min(opts.block_k, n_k);
  const std::size_t bqp = round_up(bq, kRows), d_vp = round_up(d_v, kCols);
  const std::size_t stride = round_up(bk, std::max(kPanel, kCols));
  const Kernel k{
      K,       V,       mask,    opts.causal, score_factor(d_k, AttentionOptions{opts.scale}),
      n_q,     d_vp,    stride,  nullptr,     nullptr,
      nullptr, nullptr, nullptr, nullptr,     nullptr};
  Result<FlashResult> r;
  FlashResult& f = r.value;
  f.out = Matrix(n_q, d_v);  // (n_q, d_v)
  f.lse.assign(n_q, kNegInf);
  // two threads (parallel.h): each takes the next query tile not yet taken, with its own
  // scratch; a tile is the same tile either way, so the numbers are the same. Under a causal
  // mask a tile's work grows with its index: the last tiles go first, the cheapest come last.
  const std::size_t tiles = (n_q + bq - 1) / bq;
  Scratch here(bqp, d_k, stride, d_vp);
  std::optional<Scratch> there;  // made here: the other thread allocates nothing
  if (threads() >= 2) there.emplace(bqp, d_k, stride, d_vp);
  share_items(tiles, flash_multiply_adds(n_q, n_k, d_k, d_v, opts.causal),
              [&](std::size_t item, int thread) {
                const std::size_t t = opts.causal ? tiles - 1 - item : item;
                query_tile(Q, k, thread == 0 ? here : *there, t * bq, std::min(n_q, t * bq + bq),
                           bk, f);
              });
  return r;
}

Result<FlashTrace> flash_trace(const Matrix& Q, const Matrix& K, const Matrix& V,
                               const FlashOptions& opts) {
  Status s = check_flash("flash_trace", Q, K, V, nullptr, opts, kMaxTraceRows);
  if (!s.ok()) return Result<FlashTrace>::Fail(s);
  const std::size_t n_q = Q.rows, n_k = K.rows, d_v = V.cols;
  const double factor = score_factor(Q.cols, AttentionOptions{opts.scale});
  Result<FlashTrace> r;
  FlashTrace& tr = r.value;
  std::vector<RowState> state(n_q);
  Matrix acc(n_q, d_v);  // (n_q, d_v)
  std::vector<double> scores(std::min(opts.block_k, n_k));
  double lse = 0.0;
  for (std::size_t j0 = 0; j0 < n_k; j0 += opts.block_k) {
    const std::size_t j1 = std::min(n_k, j0 + opts.block_k);
    for (std::size_t i = 0; i < n_q; ++i) {
      const std::size_t end = std::min(j1, key_end(i, n_k, opts.causal));
      if (end > j0) fold_tile(Q, K, V, factor, i, j0, end, state[i], acc.row(i), scores.data());
    }
    FlashTraceStep step;
    step.key_begin = j0;
    step.key_end = j1;
    step.acc = acc;
    step.partial = Matrix(n_q, d_v);  // (n_q, d_v)
    for (std::size_t i = 0; i < n_q; ++i) {
      step.m.push_back(state[i].m);
      step.l.push_back(state[i].l);
      finish_row(state[i].m, state[i].l, acc.row(i), d_v, step.partial.row(i), &lse);
    }
    tr.steps.push_back(std::move(step));
  }
  tr.result.out = Matrix(n_q, d_v);  // (n_q, d_v)
  tr.result.lse.assign(n_q, kNegInf);
  for (std::size_t i = 0; i < n_q; ++i)
    finish_row(state[i].m, state[i].l, acc.row(i), d_v, tr.result.out.row(i), &tr.result.lse[i]);
  return r;
}

}  // namespace ap
