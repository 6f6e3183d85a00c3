// simd.h — the pieces of the fast attention kernels that attention_fast.cpp
// (the weights matrix kept) and flash_attention.cpp (tiles and an online
// softmax, no weights matrix) share: a SIMD register of doubles as a vector
// extension, the polynomial exp for x ≤ 0, K and V packed in panels, and the
// register tile of scores for up to 4 query rows. attention_fast.cpp's header
// comment explains why each is fast and how it stays equal to the reference.
//
// Shapes: K (n_k, d_k) → Kp (n_kp / kKeys, d_k, kKeys), K transposed in panels
// of kKeys keys; V (n_k, d_v) → Vp (d_vp / kCols, n_k, kCols), V in panels of
// kCols columns; n_kp, d_vp: n_k, d_v rounded up to whole panels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "tensor.h"

namespace ap {
namespace simd {

// One SIMD register of doubles, as a GCC/Clang vector extension (plain C++ to
// both compilers, no intrinsics header): 2 lanes for WebAssembly SIMD and
// SSE2, 4 when the native build may use AVX. Register tiles are written with
// it because neither compiler reliably turns a small accumulator array into
// vector registers on its own (clang 14 left them scalar, g++ 12 built an
// in-order reduction over c).
#if defined(__AVX__)
constexpr std::size_t kLanes = 4;
#else
constexpr std::size_t kLanes = 2;
#endif
typedef double vec __attribute__((vector_size(kLanes * sizeof(double))));

inline vec load(const double* p) {  // unaligned load of kLanes doubles
  vec v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store(double* p, vec v) { std::memcpy(p, &v, sizeof v); }
inline vec splat(double x) { return vec{} + x; }  // x in every lane
// Lane-wise max, for values that are never NaN: in WebAssembly f64x2.pmax is
// one maxpd in V8, where the ternary became a compare and a 3-op bitselect.
inline vec max_lanes(vec a, vec b) {
#if defined(__wasm_simd128__)
  return __builtin_wasm_pmax_f64x2(a, b);
#else
  return a > b ? a : b;
#endif
}
typedef std::uint64_t uvec __attribute__((vector_size(kLanes * sizeof(std::uint64_t))));

constexpr std::size_t kRows = 4;  // query rows per block: each K/V load is used 4 times
static_assert(kRows % kLanes == 0,
              "flash_attention keeps a group's scores of a key in whole registers");
constexpr std::size_t kVecs = 2;  // registers per row in a tile: 4 × 2 = 8 accumulators
constexpr std::size_t kKeys = kVecs * kLanes;  // keys per score tile
constexpr std::size_t kCols = kVecs * kLanes;  // value columns per output tile

inline std::size_t round_up(std::size_t n, std::size_t m) { return (n + m - 1) / m * m; }

// ---------------------------------------------------------------------------
// exp for x ≤ 0, kLanes values at once (std::exp has no vector form, and in
// WebAssembly it is a scalar library call).
//
// e^x = 2^k · e^r with k = round(x / ln 2) and r = x − k·ln 2, |r| ≤ ln2/2.
// e^r: the degree-11 polynomial through e^r at the 12 Chebyshev nodes of
// [−ln2/2, ln2/2] (error < 1.7e-17 relative there with its coefficients
// rounded to doubles; Taylor needs r¹³ for that; scripts/exp_coefficients.py
// computes it), Estrin order.
// 2^k: built directly in the exponent bits of a double (no scalar ldexp).
// Below −708 the true value is < 3.3e-308 (tiny or denormal): we return
// exactly 0, which also makes exp(−∞) = 0 for hidden keys.
inline vec exp_nonpositive(vec x) {
  constexpr double kLog2e = 1.4426950408889634;          // 1 / ln 2
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2, top 32 bits (k·hi is exact)
  constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 − kLn2Hi
  constexpr double kRound = 6755399441055744.0;  // 1.5·2^52: adding it rounds to an integer
  const vec floor = splat(-708.0);               // e^−708 ≈ 3.3e-308, still normal

  // 1. no clamp: below −708 (and for −∞) the lanes compute garbage that step 6
  //    discards; a clamp cost 8 instructions in V8 (f64x2.max is NaN-exact)
  // 2. k = round(x / ln 2), as a double and in the low bits of t
  const vec t = x * kLog2e + kRound;
  const vec k = t - kRound;
  // 3. r = x − k·ln 2 in two parts (Cody–Waite), |r| ≤ 0.347
  const vec r = (x - k * kLn2Hi) - k * kLn2Lo;
  // 4. e^r = Σ cₙ rⁿ, n = 0 … 11 (cₙ ≈ 1/n!), by Estrin's scheme: pairs, then
  //    pairs of pairs: a chain 4 multiply-adds deep instead of Horner's 11,
  //    so neighbouring lanes overlap (−0.6 ms at n = 1024 in WASM)
  const vec r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
  const vec p01 = 1.0 + r;                                               // c₀ = c₁ = 1
  const vec p23 = 0.5000000000000019 + r * 0.1666666666666668;           // c₂, c₃
  const vec p45 = 0.0416666666664881 + r * 0.008333333333319601;         // c₄, c₅
  const vec p67 = 0.0013888888952314775 + r * 0.00019841269890047113;    // c₆, c₇
  const vec p89 = 2.4801485482328494e-05 + r * 2.755724091857897e-06;    // c₈, c₉
  const vec p1011 = 2.763263963904103e-07 + r * 2.5110037605963777e-08;  // c₁₀, c₁₁
  const vec p0_3 = p01 + r2 * p23, p4_7 = p45 + r2 * p67, p8_11 = p89 + r2 * p1011;
  const vec p = (p0_3 + r4 * p4_7) + r8 * p8_11;
  // 5. 2^k: the low bits of t hold k (two's complement); shift them into the
  //    exponent field and add the bias 1023
  uvec bits;
  std::memcpy(&bits, &t, sizeof bits);
  bits = (bits << 52) + (std::uint64_t{1023} << 52);
  vec two_k;
  std::memcpy(&two_k, &bits, sizeof two_k);
  // 6. below −708 (and for −∞) the answer is exactly 0: clear those lanes'
  //    bits with an and (all-ones where x ≥ −708)
  const vec e = p * two_k;
  uvec e_bits;
  std::memcpy(&e_bits, &e, sizeof e_bits);
  e_bits &= reinterpret_cast<uvec>(x >= floor);
  vec out;
  std::memcpy(&out, &e_bits, sizeof out);
  return out;
}

// ---------------------------------------------------------------------------
// Packing.

// Packed copies are uninitialised buffers: every element is written once
// (the padding with zeros), instead of zero-filled first and then overwritten.
using Buffer = std::unique_ptr<double[]>;

// Kp: panel p holds keys p·kKeys … p·kKeys+kKeys−1 as (d_k, kKeys), so the
// score tile reads one contiguous run; keys past n_k are zero (scores unused).
inline Buffer pack_keys(const Matrix& K, std::size_t n_kp) {
  const std::size_t n_k = K.rows, d_k = K.cols;
  Buffer Kp(new double[n_kp * d_k]);  // (n_kp / kKeys, d_k, kKeys)
  for (std::size_t j = 0; j < n_kp; ++j) {
    double* panel = Kp.get() + (j / kKeys) * d_k * kKeys + j % kKeys;
    const double* k = j < n_k ? K.row(j) : nullptr;  // (d_k)
    for (std::size_t c = 0; c < d_k; ++c) panel[c * kKeys] = k ? k[c] : 0.0;
  }
  return Kp;
}

// Vp: panel p holds columns p·kCols … p·kCols+kCols−1 as (n_k, kCols), so the
// output tile streams through one contiguous run; columns past d_v are zero.
inline Buffer pack_values(const Matrix& V, std::size_t d_vp) {
  const std::size_t n_k = V.rows, d_v = V.cols;
  Buffer Vp(new double[n_k * d_vp]);  // (d_vp / kCols, n_k, kCols)
  for (std::size_t j = 0; j < n_k; ++j)
    for (std::size_t c = 0; c < d_vp; ++c)
      Vp[((c / kCols) * n_k + j) * kCols + c % kCols] = c < d_v ? V(j, c) : 0.0;
  return Vp;
}

// ---------------------------------------------------------------------------
// 1. S[r][j] = (Σ_c q_r[c] · K[j][c]) · factor for the key tiles covering
//    [lo, hi), R ≤ kRows query rows at once. S is (R, n_kp).
template <std::size_t R>
void scores_block(const double* const* q, const double* Kp, std::size_t d_k, std::size_t n_kp,
                  std::size_t lo, std::size_t hi, double factor, double* S) {
  for (std::size_t j0 = lo / kKeys * kKeys; j0 < hi; j0 += kKeys) {
    const double* panel = Kp + j0 * d_k;  // (d_k, kKeys)
    vec acc[R][kVecs] = {};               // (R, kKeys) in R × kVecs registers
    // c outermost, as in the reference, so each sum is formed in the same order
    for (std::size_t c = 0; c < d_k; ++c) {
      vec k[kVecs];  // (kKeys) K[j0 … j0+kKeys−1][c]
      for (std::size_t v = 0; v < kVecs; ++v) k[v] = load(panel + c * kKeys + v * kLanes);
      for (std::size_t r = 0; r < R; ++r) {
        const double qc = q[r][c];  // broadcast to every lane
        for (std::size_t v = 0; v < kVecs; ++v) acc[r][v] += qc * k[v];
      }
    }
    for (std::size_t r = 0; r < R; ++r)
      for (std::size_t v = 0; v < kVecs; ++v)
        store(S + r * n_kp + j0 + v * kLanes, acc[r][v] * factor);
  }
}

}  // namespace simd
}  // namespace ap
