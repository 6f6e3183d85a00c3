// flash_attention.h — attention without the n_q × n_k matrix: tiles of keys
// and an online softmax.
//
//   for each tile of queries, for each tile of keys:
//     s      = q·kᵀ · factor                    (hidden keys → −∞)
//     m_new  = max(m, max_j s_j)                running row maximum
//     l      = l·e^(m − m_new) + Σ_j e^(s_j − m_new)   running sum
//     acc    = acc·e^(m − m_new) + Σ_j e^(s_j − m_new)·v_j
//   out = acc / l,   lse = m + ln l
//
// Milakov & Gimelshein 2018 ("Online normalizer calculation for softmax"),
// Dao, Fu, Ermon, Rudra & Ré 2022 ("FlashAttention: Fast and Memory-Efficient
// Exact Attention with IO-Awareness"), Algorithm 1. Rescaling acc and l by
// e^(m − m_new) whenever the maximum grows keeps every exponent ≤ 0, so
// nothing overflows, and the result is the softmax of the whole row exactly
// (up to rounding): out agrees with attention()'s within 1e-12.
//
// Shapes: Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null;
// out (n_q, d_v), lse (n_q). Memory besides the inputs and out: one key tile of
// K and V packed at a time (block_k·(d_k + d_v)), the query tile's rows, a row
// of acc per query of the tile and 4 rows of one key tile's scores — never n_q × n_k, so n goes to
// kMaxFlashRows (65,536) where attention() stops at kMaxRows (4,096). With `causal` the key tiles
// past a query tile's last row are never touched (half the work). flash_attention.cpp explains the
// kernel (the register tiles and the polynomial exp of attention_fast.cpp, simd.h).
#pragma once

#include <cstddef>
#include <vector>

#include "tensor.h"

namespace ap {

// Rows of Q and K flash_attention accepts: 2¹⁶ (its memory grows like n, not n²).
constexpr std::size_t kMaxFlashRows = 65536;
// Work of one flash_attention call, in multiply-adds over the visible
// (query, key) pairs — n_q·n_k·(d_k + d_v), about half that with causal:
// 2³⁷ ≈ 1.4e11. n = 32,768, d = 64 causal is 6.9e10 (tens of seconds in
// WASM: the page runs it in a worker); without causal it is exactly 2³⁷.
constexpr double kMaxFlashMultiplyAdds = 137438953472.0;

struct FlashOptions {
  bool scale = true;    // divide the scores by √d_k
  bool causal = false;  // query i sees keys j ≤ i (causal_mask(n_q, n_k)); tiles above are skipped
  std::size_t block_q = 256;  // queries per tile, 1 … kMaxFlashRows
  std::size_t block_k = 64;   // keys per tile, 1 … kMaxFlashRows
};

struct FlashResult {
  Matrix out;  // (n_q, d_v)  softmax(scores·factor, hidden → −∞)·V; 0 for a row that sees no key
  std::vector<double>
      lse;  // (n_q)  ln Σ_j e^(score_ij·factor) over visible keys; −∞ for a row that sees none
};

// The work of flash_attention in multiply-adds: (d_k + d_v) per visible
// (query, key) pair — n_q·n_k without causal, Σ_i min(n_k, i + 1) with it.
double flash_multiply_adds(std::size_t n_q, std::size_t n_k, std::size_t d_k, std::size_t d_v,
                           bool causal);

// Checked: shapes (rows ≤ kMaxFlashRows, columns ≤ kMaxCols, values of one
// argument ≤ kMaxValues), finite values, the mask (n_q, n_k) with n_q·n_k ≤
// kMaxWeights, or null, tile sizes 1 … kMaxFlashRows, work ≤
// kMaxFlashMultiplyAdds, out ≤ kMaxResultBytes, and values small enough that
// no logit or sum overflows (else "too_large": attention() handles those).
Result<FlashResult> flash_attention(const Matrix& Q, const Matrix& K, const Matrix& V,
                                    const Mask* mask = nullptr, const FlashOptions& opts = {});

// What the online softmax holds after one tile of keys, for every query row —
// what the page steps through.
struct FlashTraceStep {
  std::size_t key_begin = 0;  // the tile is keys [key_begin, key_end)
  std::size_t key_end = 0;
  std::vector<double> m;  // (n_q)  running maximum (−∞ while a row has seen no key)
  std::vector<double> l;  // (n_q)  running sum Σ e^(s − m)
  Matrix acc;             // (n_q, d_v)  unnormalised partial output Σ e^(s − m)·v
  Matrix partial;  // (n_q, d_v)  acc / l: the softmax of the keys seen so far, times V (0 if l = 0)
};

struct FlashTrace {
  std::vector<FlashTraceStep> steps;  // one per tile of keys, in order
  FlashResult result;                 // the same as flash_attention's
};

// Every query row at once (one query tile), keys in tiles of block_k (block_q
// is not used), no mask; for small inputs only: n_q, n_k ≤ kMaxTraceRows. The
// same maths as flash_attention written plainly (a row at a time, std::exp),
// so the result agrees with flash_attention's within rounding (~1e-16).
constexpr std::size_t kMaxTraceRows = 64;
Result<FlashTrace> flash_trace(const Matrix& Q, const Matrix& K, const Matrix& V,
                               const FlashOptions& opts = {});

}  // namespace ap
