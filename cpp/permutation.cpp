// permutation.cpp — attention(PX) vs P·attention(X) with or without positions; see permutation.h.
#include "permutation.h"

#include <cmath>
#include <string>

#include "alibi.h"
#include "attention.h"
#include "checks.h"
#include "experiment_common.h"
#include "positional.h"
#include "random.h"
#include "rope.h"
#include "size_limits.h"

namespace ap {

// check_count, finite_difference, invalid, max_abs_diff, num (experiment_common.h)
using namespace experiment;

namespace {

// (P·M)[i] = M[perm[i]]      M (n, c) → (n, c)
Matrix permute_rows(const Matrix& M, const std::vector<std::size_t>& perm) {
  Matrix R(M.rows, M.cols);  // (n, c)
  for (std::size_t i = 0; i < M.rows; ++i)
    for (std::size_t c = 0; c < M.cols; ++c) R(i, c) = M(perm[i], c);
  return R;
}

// Self-attention of Z (n, d) rows at positions 0 … n − 1, told where each
// stands by `positions`: `pe` (n, d) is the sinusoidal encoding, `bias` (n, n)
// ALiBi's, each made once for both orders (unused otherwise).
Result<AttentionResult> positioned_attention(const Matrix& Z, Positions positions,
                                             const RopeOptions& rope_opts, const Matrix& pe,
                                             const Matrix& bias) {
  switch (positions) {
    case Positions::sinusoidal: {
      Matrix Zp = Z;  // (n, d)  Z + PE
      for (std::size_t k = 0; k < Zp.data.size(); ++k) Zp.data[k] += pe.data[k];
      return attention(Zp, Zp, Zp);
    }
    case Positions::rope: {
      // Q = K = rope(Z): row i turned by position i; V = Z, not turned
      Result<Matrix> R = rope(Z, rope_opts);  // (n, d)
      if (!R.ok()) return Result<AttentionResult>::Fail(R.status);
      return attention(R.value, R.value, Z);
    }
    case Positions::alibi: return attention(Z, Z, Z, nullptr, AttentionOptions(true, 1.0, &bias));
    default: return attention(Z, Z, Z);
  }
}

}  // namespace

Result<PermutationResult> permutation_experiment(const Matrix& X,
                                                 const std::vector<std::size_t>& perm,
                                                 Positions positions,
                                                 const RopeOptions& rope_opts) {
  using R = Result<PermutationResult>;
  const char* fn = "permutation_experiment";
  Status s = check_matrix(fn, "X", X);
  if (!s.ok()) return R::Fail(s);
  const std::size_t n = X.rows, d = X.cols;
  if (perm.size() != n)
    return R::Fail(Status::Error("shape", std::string(fn) + ": perm has " + num(perm.size()) +
                                              " entries but X has " + num(n) +
                                              " rows: it needs one entry per row"));
  // each of 0 … n−1 exactly once; first_at[v] = 1 + the index where v was seen
  std::vector<std::size_t> first_at(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string entry = std::string(fn) + ": perm[" + num(i) + "] = " + num(perm[i]);
    if (perm[i] >= n)
      return R::Fail(invalid(entry + " is out of range: entries must be 0 … " + num(n - 1)));
    if (first_at[perm[i]] != 0)
      return R::Fail(invalid(entry + " repeats perm[" + num(first_at[perm[i]] - 1) +
                             "]: each of 0 … " + num(n - 1) + " must appear exactly once"));
    first_at[perm[i]] = i + 1;
  }
  if (positions == Positions::rope && d % 2 != 0)
    return R::Fail(Status::Error(
        "divisibility", message("%s: X is %s: d = %zu must be even for RoPE (it turns pairs of "
                                "columns)",
                                fn, shape_str(n, d).c_str(), d)));
  if (positions == Positions::rope && (!std::isfinite(rope_opts.base) || !(rope_opts.base > 1.0)))
    return R::Fail(invalid(message("%s: base = %s must be a finite number > 1", fn,
                                   number_str(rope_opts.base).c_str())));
  {
    // two self-attentions of n²·2d and the positions: the encoding or two
    // rotations (n·d transcendental values), or ALiBi's n² bias; results PX,
    // out, out_permuted, permuted_out (n, d) and two weights (n, n)
    const double nn = static_cast<double>(n), dd = static_cast<double>(d);
    const double extra = positions == Positions::sinusoidal ? kTranscendentalCost * nn * dd
                         : positions == Positions::rope     ? 2.0 * kTranscendentalCost * nn * dd
                         : positions == Positions::alibi    ? nn * nn
                                                            : 0.0;
    s = check_cost(fn, 2.0 * nn * nn * 2.0 * dd + extra, 8.0 * (4.0 * nn * dd + 2.0 * nn * nn),
                   "use fewer rows or columns of X");
    if (!s.ok()) return R::Fail(s);
  }

  R r;
  PermutationResult& p = r.value;
  p.perm = perm;
  p.use_pe = positions == Positions::sinusoidal;
  p.positions = positions;
  // 1. PX: row i of PX is row perm[i] of X
  p.permuted_input = permute_rows(X, perm);  // (n, d)
  // 2. the positions belong to the position, so they are applied after
  //    permuting: the encoding (n, d) or ALiBi's bias (n, n), made once
  Matrix pe, bias;
  if (positions == Positions::sinusoidal) {
    Result<Matrix> e = pos_encoding(n, d);  // (n, d)
    if (!e.ok()) return R::Fail(e.status);
    pe = std::move(e.value);
  } else if (positions == Positions::alibi) {
    Result<Tensor3> b3 = alibi_bias(1, n, n);  // (1, n, n)
    if (!b3.ok()) return R::Fail(b3.status);
    bias = Matrix(n, n, std::move(b3.value.data));  // (n, n)
  }
  const RopeOptions at_zero{rope_opts.base, rope_opts.pairing, 0.0};
  // 3. self-attention of both orders
  Result<AttentionResult> a = positioned_attention(X, positions, at_zero, pe, bias);
  if (!a.ok()) return R::Fail(a.status);
  Result<AttentionResult> b = positioned_attention(p.permuted_input, positions, at_zero, pe, bias);
  if (!b.ok()) return R::Fail(b.status);
  // 4. equivariance: attention(PX) = P·attention(X) when nothing knows positions
  p.out = std::move(a.value.out);                   // (n, d)
  p.weights = std::move(a.value.weights);           // (n, n)
  p.out_permuted = std::move(b.value.out);          // (n, d)
  p.weights_permuted = std::move(b.value.weights);  // (n, n)
  p.permuted_out = permute_rows(p.out, perm);       // (n, d)
  p.max_abs_diff = max_abs_diff(p.out_permuted.data, p.permuted_out.data);
  s = finite_difference(fn, "max |out_permuted − permuted_out|", p.max_abs_diff, "X");
  if (!s.ok()) return R::Fail(s);
  return r;
}

Result<std::vector<std::size_t>> seeded_permutation(std::size_t n, std::uint64_t seed) {
  Status s = check_count("seeded_permutation", "n", n, kMaxRows);
  // n draws and swaps; n indices
  if (s.ok())
    s = check_cost("seeded_permutation", static_cast<double>(n),
                   static_cast<double>(sizeof(std::size_t)) * static_cast<double>(n),
                   "use a smaller n");
  if (!s.ok()) return Result<std::vector<std::size_t>>::Fail(s);
  Rng rng(seed);
  Result<std::vector<std::size_t>> r;
  r.value = random_permutation(n, rng);
  return r;
}

}  // namespace ap
