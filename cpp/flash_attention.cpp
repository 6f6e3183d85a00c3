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
//     each tile of block_k keys, 4 query rows at a time (simd.h, as in
//     attention_fast.cpp): the tile's scores in a 4-row register tile from K
//     packed transposed (Kp), hidden keys → −∞, the row maxima, e^(s − m') by
//     the polynomial exp on whole registers, and acc (4 rows, padded to whole
//     panels of V) rescaled by c and accumulated from V packed in panels (Vp)
//     in register tiles. The scores of one tile (4 × ~block_k) are all that is
//     kept of n_q × n_k.
//   - flash_trace: the readable form (fold_tile: one row, one tile, std::exp),
//     which also records the state after each tile for the page.
// Both agree with attention() within 1e-12: each logit is the same dot
// product times the same factor; exp is within 4.1e-16 relative of libm's,
// and only the order of the sums and the rescaling by c (one rounding per
// tile) differ.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
// Kp (n_kp / kKeys, d_k, kKeys), Vp (d_vp / kCols, n_k, kCols) (simd.h),
// acc (block_q, d_vp), S (kRows, s_stride) one tile's scores.

#include "flash_attention.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "attention.h"
#include "checks.h"
#include "simd.h"
#include "size_limits.h"

namespace ap {

namespace {

using namespace simd;

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// Like check_matrix, with flash's row limit (kMaxFlashRows) instead of kMaxRows.
Status check_flash_matrix(const char* fn, const char* arg, const Matrix& m) {
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
  for (std::size_t p = 0; p < m.data.size(); ++p)
    if (!std::isfinite(m.data[p]))
      return Status::Error(
          "non_finite", message("%s: %s[%zu][%zu] is %s: every value must be a finite number", fn,
                                arg, p / m.cols, p % m.cols, number_str(m.data[p]).c_str()));
  return Status::Ok();
}

double max_abs(const Matrix& m) {
  double a = 0.0;
  for (double x : m.data) a = std::max(a, std::fabs(x));
  return a;
}

Status check_flash(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                   const Mask* mask, const FlashOptions& opts, std::size_t max_rows) {
  for (auto [arg, m] : {std::pair<const char*, const Matrix*>{"Q", &Q}, {"K", &K}, {"V", &V}}) {
    Status s = check_flash_matrix(fn, arg, *m);
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
  const double bound = static_cast<double>(Q.cols) * max_abs(Q) * max_abs(K);
  const double vbound = max_abs(V) * static_cast<double>(K.rows);
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

// What the kernel's loops share. The key tile [t0, t1) is packed afresh for
// each query tile (a copy of 1/block_q of the multiply-adds), so nothing of
// size n_k is kept besides K and V themselves.
struct Kernel {
  const Matrix& Q;
  const Mask* mask;
  bool causal;
  double factor;
  std::size_t d_vp;      // d_v rounded up to whole panels of kCols
  std::size_t s_stride;  // block_k rounded up to whole panels of kKeys
  double* Kt;            // (s_stride / kKeys, d_k, kKeys) the key tile, transposed in panels
  double* Vt;            // (d_vp / kCols, s_stride, kCols) the value tile in panels
  double* S;             // (kRows, s_stride) the tile's scores, then its e^(s − m')
};

// Keys [t0, t1) of K and V into k.Kt and k.Vt; their padding is zero.
void pack_tile(const Kernel& k, const Matrix& K, const Matrix& V, std::size_t t0, std::size_t t1) {
  const std::size_t d_k = K.cols, d_v = V.cols, w = k.s_stride;
  std::fill(k.Kt, k.Kt + w * d_k, 0.0);
  for (std::size_t j = t0; j < t1; ++j) {
    double* panel = k.Kt + ((j - t0) / kKeys) * d_k * kKeys + (j - t0) % kKeys;
    const double* kj = K.row(j);  // (d_k)
    for (std::size_t c = 0; c < d_k; ++c) panel[c * kKeys] = kj[c];
  }
  if (d_v != k.d_vp) std::fill(k.Vt, k.Vt + w * k.d_vp, 0.0);
  for (std::size_t j = t0; j < t1; ++j) {
    const double* vj = V.row(j);  // (d_v)
    for (std::size_t c = 0; c < d_v; ++c)
      k.Vt[((c / kCols) * w + (j - t0)) * kCols + c % kCols] = vj[c];
  }
}

// Rows g … g+R−1 (their state m, l (R) and acc (R, d_vp)) take in the packed
// keys [t0, t1): the steps of the top of the file on register tiles.
template <std::size_t R>
void fold_block(const Kernel& k, std::size_t g, std::size_t t0, std::size_t t1, double* m,
                double* l, double* acc) {
  const std::size_t d_k = k.Q.cols;
  // the keys the block needs: with causal, none past its last row g + R − 1
  const std::size_t hi = k.causal ? std::min(t1, g + R) : t1;
  const std::size_t width = round_up(hi - t0, kKeys);  // S's columns in use: key t0 + j is column j
  const double* q[R];
  for (std::size_t r = 0; r < R; ++r) q[r] = k.Q.row(g + r);  // (d_k)
  // 1. S = q·Kᵀ · factor for the panels covering [t0, hi)
  scores_block<R>(q, k.Kt, d_k, k.s_stride, 0, hi - t0, k.factor, k.S);
  double c[R];  // e^(m − m'): what acc is rescaled by
  for (std::size_t r = 0; r < R; ++r) {
    double* s = k.S + r * k.s_stride;  // (width)
    const std::size_t i = g + r, end = k.causal ? std::max(t0, std::min(hi, i + 1)) : hi;
    // 2. hidden keys → −∞: past this row's last key, and the mask's holes
    for (std::size_t j = end - t0; j < width; ++j) s[j] = kNegInf;
    if (k.mask)
      for (std::size_t j = t0; j < end; ++j)
        if (!k.mask->sees(i, j)) s[j - t0] = kNegInf;
    // 3. the tile's row maximum, then e^(s − m') in place and its sum
    vec lane_max = splat(kNegInf);
    for (std::size_t j = 0; j < width; j += kLanes) lane_max = max_lanes(lane_max, load(s + j));
    double tile_max = lane_max[0];
    for (std::size_t t = 1; t < kLanes; ++t) tile_max = std::max(tile_max, lane_max[t]);
    if (tile_max == kNegInf) {  // the row sees no key of this tile: its state stays
      c[r] = 1.0;
      std::fill(s, s + width, 0.0);
      continue;
    }
    const double m_new = std::max(m[r], tile_max);
    c[r] = m[r] == kNegInf ? 0.0 : std::exp(m[r] - m_new);
    const vec shift = splat(m_new);
    vec lane_sum = {};
    for (std::size_t j = 0; j < width; j += kLanes) {
      const vec e = exp_nonpositive(load(s + j) - shift);  // −∞ (hidden) gives exactly 0
      store(s + j, e);
      lane_sum += e;
    }
    double sum = 0.0;
    for (std::size_t t = 0; t < kLanes; ++t) sum += lane_sum[t];
    l[r] = c[r] * l[r] + sum;
    m[r] = m_new;
  }
  // 4. acc = c·acc + Σ_j p_j·V[j] over the keys [t0, hi), kCols columns at a time
  for (std::size_t c0 = 0; c0 < k.d_vp; c0 += kCols) {
    const double* panel = k.Vt + c0 * k.s_stride;  // (s_stride, kCols)
    vec a[R][kVecs];                               // (R, kCols) in R × kVecs registers
    for (std::size_t r = 0; r < R; ++r)
      for (std::size_t v = 0; v < kVecs; ++v)
        a[r][v] = load(acc + r * k.d_vp + c0 + v * kLanes) * c[r];
    for (std::size_t j = 0; j < hi - t0; ++j) {
      vec v_j[kVecs];  // (kCols) V[t0 + j][c0 … c0+kCols−1]
      for (std::size_t v = 0; v < kVecs; ++v) v_j[v] = load(panel + j * kCols + v * kLanes);
      for (std::size_t r = 0; r < R; ++r) {
        const double p = k.S[r * k.s_stride + j];  // broadcast to every lane
        for (std::size_t v = 0; v < kVecs; ++v) a[r][v] += p * v_j[v];
      }
    }
    for (std::size_t r = 0; r < R; ++r)
      for (std::size_t v = 0; v < kVecs; ++v) store(acc + r * k.d_vp + c0 + v * kLanes, a[r][v]);
  }
}

// Rows [i0, i1) of one query tile take in the packed keys [t0, t1), 4 rows at a time.
void fold_query_tile(const Kernel& k, std::size_t i0, std::size_t i1, std::size_t t0,
                     std::size_t t1, double* m, double* l, double* acc) {
  for (std::size_t g = i0; g < i1; g += kRows) {
    const std::size_t rows = std::min(kRows, i1 - g), o = g - i0;
    if (k.causal && t0 >= g + rows) continue;  // no row of the block sees a key of the tile
    switch (rows) {
      case 4: fold_block<4>(k, g, t0, t1, m + o, l + o, acc + o * k.d_vp); break;
      case 3: fold_block<3>(k, g, t0, t1, m + o, l + o, acc + o * k.d_vp); break;
      case 2: fold_block<2>(k, g, t0, t1, m + o, l + o, acc + o * k.d_vp); break;
      default: fold_block<1>(k, g, t0, t1, m + o, l + o, acc + o * k.d_vp); break;
    }
  }
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
  const std::size_t n_q = Q.rows, n_k = K.rows, d_v = V.cols;
  const std::size_t bq = std::min(opts.block_q, n_q), bk = std::min(opts.block_k, n_k);
  const std::size_t d_vp = round_up(d_v, kCols), s_stride = round_up(bk, kKeys);
  std::vector<double> Kt(s_stride * Q.cols);  // (s_stride / kKeys, d_k, kKeys)
  std::vector<double> Vt(s_stride * d_vp);    // (d_vp / kCols, s_stride, kCols)
  std::vector<double> S(kRows * s_stride);    // (kRows, s_stride)
  std::vector<double> m(bq), l(bq);           // (bq) running maxima and sums
  Result<FlashResult> r;
  FlashResult& f = r.value;
  // acc lives in out's own buffer, rows d_vp apart, and is divided by l in
  // place at the end; then the rows are moved together to d_v apart
  f.out.rows = n_q;
  f.out.cols = d_v;
  f.out.data.assign(n_q * d_vp, 0.0);  // (n_q, d_vp), then (n_q, d_v)
  f.lse.assign(n_q, kNegInf);
  const Kernel k{Q,       mask,     opts.causal, score_factor(Q.cols, AttentionOptions{opts.scale}),
                 d_vp,    s_stride, Kt.data(),   Vt.data(),
                 S.data()};
  for (std::size_t i0 = 0; i0 < n_q; i0 += bq) {
    const std::size_t i1 = std::min(n_q, i0 + bq);
    double* acc = f.out.data.data() + i0 * d_vp;  // (i1 − i0, d_vp)
    std::fill(m.begin(), m.end(), kNegInf);
    std::fill(l.begin(), l.end(), 0.0);
    // with causal, no row of this query tile sees a key past i1 − 1: those tiles are skipped
    const std::size_t last = key_end(i1 - 1, n_k, opts.causal);
    for (std::size_t t0 = 0; t0 < last; t0 += bk) {
      const std::size_t t1 = std::min(last, t0 + bk);
      pack_tile(k, K, V, t0, t1);
      fold_query_tile(k, i0, i1, t0, t1, m.data(), l.data(), acc);
    }
    for (std::size_t i = i0; i < i1; ++i) {
      double* row = acc + (i - i0) * d_vp;  // (d_vp)
      finish_row(m[i - i0], l[i - i0], row, d_v, row, &f.lse[i]);
    }
  }
  // rows d_vp apart → d_v apart (forwards: row i moves to an address ≤ its own)
  if (d_vp != d_v) {
    for (std::size_t i = 1; i < n_q; ++i)
      std::copy(f.out.data.begin() + static_cast<long>(i * d_vp),
                f.out.data.begin() + static_cast<long>(i * d_vp + d_v),
                f.out.data.begin() + static_cast<long>(i * d_v));
    f.out.data.resize(n_q * d_v);
  }
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
