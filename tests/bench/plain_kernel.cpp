// plain_kernel.cpp — the yardsticks of plain_kernel.h: the simplest fast
// causal attention (register tiles, a polynomial exp on whole registers) and
// the multiply-add peak. Nothing is checked or allocated here.
//
// Shapes: Q, K, V, out (n, d) with rows ld apart; P (n, n);
// Kt (n / 4, d, 4) = K transposed in panels of 4 keys; S (4, n) one block's scores.
#include "plain_kernel.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace plain {

namespace {

// One SIMD register of doubles (a GCC/Clang vector extension): 2 lanes in
// WebAssembly SIMD128 and SSE2, 4 with AVX.
#if defined(__AVX__)
constexpr std::size_t kLanes = 4;
#else
constexpr std::size_t kLanes = 2;
#endif
typedef double vec __attribute__((vector_size(kLanes * sizeof(double))));
typedef std::uint64_t uvec __attribute__((vector_size(kLanes * sizeof(double))));

inline vec load(const double* p) {
  vec v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store(double* p, vec v) { std::memcpy(p, &v, sizeof v); }
inline vec splat(double x) { return vec{} + x; }
inline vec vmax(vec a, vec b) { return a > b ? a : b; }

constexpr std::size_t kRows = 4;               // query rows per block
constexpr std::size_t kTile = 4;               // keys (or value columns) per register tile
constexpr std::size_t kVecs = kTile / kLanes;  // registers per row of a tile
constexpr double kNegInf = -__builtin_inf();

// e^x for x ≤ 0 (−∞ included → 0): x = k·ln2 + r, e^r by a degree-10
// polynomial (Horner), 2^k in the exponent bits; below −709 the result is 0.
inline vec exp_nonpositive(vec x) {
  const double c[] = {1.0,
                      1.0000000000000067,
                      0.5000000000000006,
                      0.16666666666554406,
                      0.04166666666657314,
                      0.008333333385667782,
                      0.0013888888932488599,
                      0.00019841170270440067,
                      2.4801504346997686e-05,
                      2.764018079620985e-06,
                      2.7626357241447223e-07};
  const vec small = x < splat(-709.0) ? vec{} : splat(1.0);  // 0 where the answer underflows
  x = vmax(x, splat(-709.0));
  const vec t = x * 1.4426950408889634 + 6755399441055744.0;  // 1.5·2^52 rounds: k in the low bits
  const vec r = x - (t - 6755399441055744.0) * 0.6931471805599453;
  vec p = splat(c[10]);
  for (int n = 9; n >= 0; --n) p = p * r + c[n];
  uvec bits;
  std::memcpy(&bits, &t, sizeof bits);
  bits = (bits << 52) + (std::uint64_t{1023} << 52);  // 2^k
  vec two_k;
  std::memcpy(&two_k, &bits, sizeof two_k);
  return p * two_k * small;
}

// S[r][j] = q_r · k_j / √d for the 4 rows of the block and keys [0, keys).
void block_scores(const double* Q, const double* Kt, std::size_t d, std::size_t ld,
                  std::size_t keys, std::size_t n, double factor, double* S) {
  for (std::size_t j0 = 0; j0 < keys; j0 += kTile) {
    const double* panel = Kt + j0 * d;  // (d, kTile)
    vec acc[kRows][kVecs] = {};
    for (std::size_t c = 0; c < d; ++c) {
      vec k[kVecs];
      for (std::size_t v = 0; v < kVecs; ++v) k[v] = load(panel + c * kTile + v * kLanes);
      for (std::size_t r = 0; r < kRows; ++r) {
        const double q = Q[r * ld + c];
        for (std::size_t v = 0; v < kVecs; ++v) acc[r][v] += q * k[v];
      }
    }
    for (std::size_t r = 0; r < kRows; ++r)
      for (std::size_t v = 0; v < kVecs; ++v)
        store(S + r * n + j0 + v * kLanes, acc[r][v] * factor);
  }
}

// Row r of the block (query i): keys past i → −∞, softmax over [0, keys) into
// p (n), zeros after.
void block_softmax(double* s, std::size_t i, std::size_t keys, std::size_t n, double* p) {
  for (std::size_t j = i + 1; j < keys; ++j) s[j] = kNegInf;
  vec m = splat(kNegInf);
  for (std::size_t j = 0; j < keys; j += kLanes) m = vmax(m, load(s + j));
  double top = m[0];
  for (std::size_t l = 1; l < kLanes; ++l) top = m[l] > top ? m[l] : top;
  vec sum = {};
  for (std::size_t j = 0; j < keys; j += kLanes) {
    const vec e = exp_nonpositive(load(s + j) - top);
    store(p + j, e);
    sum += e;
  }
  double total = 0.0;
  for (std::size_t l = 0; l < kLanes; ++l) total += sum[l];
  const vec inv = splat(1.0 / total);
  for (std::size_t j = 0; j < keys; j += kLanes) store(p + j, load(p + j) * inv);
  std::memset(p + keys, 0, (n - keys) * sizeof(double));
}

// out_r = Σ_j P[r][j] · V[j] for the 4 rows of the block, keys [0, keys).
void block_output(const double* P, const double* V, std::size_t d, std::size_t ld, std::size_t keys,
                  std::size_t n, double* out) {
  for (std::size_t c0 = 0; c0 < d; c0 += kTile) {
    vec acc[kRows][kVecs] = {};
    for (std::size_t j = 0; j < keys; ++j) {
      vec v_j[kVecs];
      for (std::size_t v = 0; v < kVecs; ++v) v_j[v] = load(V + j * ld + c0 + v * kLanes);
      for (std::size_t r = 0; r < kRows; ++r) {
        const double w = P[r * n + j];
        for (std::size_t v = 0; v < kVecs; ++v) acc[r][v] += w * v_j[v];
      }
    }
    for (std::size_t r = 0; r < kRows; ++r)
      for (std::size_t v = 0; v < kVecs; ++v) store(out + r * ld + c0 + v * kLanes, acc[r][v]);
  }
}

// Called through volatile pointers, as the project's kernels are: Emscripten's
// wasm-opt inlines a function with one caller whatever LLVM's noinline says
// (inlined, this kernel measured 2–8 % slower in V8).
void (*volatile const scores_fn)(const double*, const double*, std::size_t, std::size_t,
                                 std::size_t, std::size_t, double, double*) = block_scores;
void (*volatile const softmax_fn)(double*, std::size_t, std::size_t, std::size_t,
                                  double*) = block_softmax;
void (*volatile const output_fn)(const double*, const double*, std::size_t, std::size_t,
                                 std::size_t, std::size_t, double*) = block_output;

}  // namespace

void causal_attention(const double* Q, const double* K, const double* V, std::size_t n,
                      std::size_t d, std::size_t ld, double* out, double* P, double* scratch) {
  double* Kt = scratch;         // (n / kTile, d, kTile)
  double* S = scratch + n * d;  // (kRows, n)
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t c = 0; c < d; ++c) Kt[(j / kTile * d + c) * kTile + j % kTile] = K[j * ld + c];
  const double factor = 1.0 / std::sqrt(static_cast<double>(d));
  for (std::size_t i0 = 0; i0 < n; i0 += kRows) {
    const std::size_t keys = i0 + kRows;  // the block sees keys 0 … i0 + 3
    scores_fn(Q + i0 * ld, Kt, d, ld, keys, n, factor, S);
    for (std::size_t r = 0; r < kRows; ++r)
      softmax_fn(S + r * n, i0 + r, keys, n, P + (i0 + r) * n);
    output_fn(P + i0 * n, V, d, ld, keys, n, out + i0 * ld);
  }
}

double multiply_add_chains(std::size_t steps) {
  // acc ← acc·a + b: a multiply and an add per step, each chain waiting only
  // on itself; 12 chains cover the latency (3 + 3 cycles) of 2 multiplies and
  // 2 adds per cycle. (acc += a·b with a, b fixed would let the compiler hoist
  // a·b out of the loop.) a < 1: every acc tends to b / (1 − a) = 1, never
  // overflowing or going subnormal.
  const vec a = splat(0.9999999), b = splat(1e-7);
  vec acc[kPeakChains];
  for (std::size_t i = 0; i < kPeakChains; ++i) acc[i] = splat(1.0 + 0.01 * static_cast<double>(i));
  for (std::size_t s = 0; s < steps; ++s)
    for (std::size_t i = 0; i < kPeakChains; ++i) acc[i] = acc[i] * a + b;
  vec sum = {};
  for (std::size_t i = 0; i < kPeakChains; ++i) sum += acc[i];
  double total = 0.0;
  for (std::size_t l = 0; l < kLanes; ++l) total += sum[l];
  return total;
}

std::size_t lanes() { return kLanes; }

}  // namespace plain
