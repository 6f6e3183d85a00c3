// checks.h — input validation shared by every public function.
//
// Each check returns a Status whose message names the function, the
// argument and the shapes, e.g. "attention: K is (3, 2) but Q is (3, 4):
// Q and K must have the same number of columns (d_k)".
#pragma once

#include <string>

#include "tensor.h"

namespace ap {

// For code that only builds an error message or handles inputs near the
// float64 limits: out of line, and compiled for size (the core is -O3; in
// WASM every byte is downloaded). clang: minsize; GCC's `cold` implies it.
#if defined(__clang__)
#define AP_COLD __attribute__((cold, noinline, minsize))
#else
#define AP_COLD __attribute__((cold, noinline))
#endif

// A message from a printf format, for the error paths: one call instead of a
// chain of std::string +, which costs kilobytes of WASM per message.
AP_COLD std::string message(const char* format, ...) __attribute__((format(printf, 1, 2)));

// "(3, 4)"
std::string shape_str(std::size_t rows, std::size_t cols);
// "(10, 2, 128)"
std::string shape_str(std::size_t batch, std::size_t rows, std::size_t cols);

// `x` as a message shows a number (6 significant digits): "2.5", "-1", "1e+308",
// "NaN", "Infinity".
std::string number_str(double x);

// Non-empty, within the size limits, every value finite.
Status check_matrix(const char* fn, const char* arg, const Matrix& m);
Status check_tensor(const char* fn, const char* arg, const Tensor3& t);
Status check_vector(const char* fn, const char* arg, const std::vector<double>& v);

// `mask` may be null (no mask); otherwise it must be (n_q, n_k).
Status check_mask(const char* fn, const Mask* mask, std::size_t n_q, std::size_t n_k);

// bias: null, or (n_q, n_k) with every value finite ("shape",
// "non_finite"); check_head_bias: null, or (h, n_q, n_k), one per head.
Status check_bias(const char* fn, const Matrix* bias, std::size_t n_q, std::size_t n_k);
Status check_head_bias(const char* fn, const Tensor3* bias, std::size_t h, std::size_t n_q,
                       std::size_t n_k);

// Q (n_q, d_k), K (n_k, d_k), V (n_k, d_v), mask (n_q, n_k) or null.
Status check_qkv(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                 const Mask* mask);

// A softmax temperature τ (attention.h): a finite number > 0, else
// "attention: temperature = 0 must be a finite number > 0" (invalid_argument).
Status check_temperature(const char* fn, double temperature);

// The work and memory of one call, counted in double (sizes multiply past
// 2³² on wasm32) from its shapes before it runs: "too_large" when
// `multiply_adds` is over kMaxMultiplyAdds or `result_bytes` over
// kMaxResultBytes (size_limits.h), saying what to reduce:
//   "attention: this call needs 6.9e10 multiply-adds; the limit is 4.3e9 per
//    call: use fewer queries or keys (rows of Q, K and V) or narrower matrices
//    (columns)"
// Each number has 2 significant digits, or as many as it takes to differ
// from the limit ("4.31e9 … 4.29e9"); bytes are shown in MiB.
Status check_cost(const char* fn, double multiply_adds, double result_bytes, const char* reduce);

// What attention costs: Q·Kᵀ and weights·V are n_q·n_k·(d_k + d_v)
// multiply-adds; the results are out (n_q, d_v) and weights (n_q, n_k).
// Shared by attention, attention_steps, multi_head (summed over heads) and the
// experiments built on them.
constexpr const char* kReduceAttention =
    "use fewer queries or keys (rows of Q, K and V) or narrower matrices (columns)";
double attention_multiply_adds(std::size_t n_q, std::size_t n_k, std::size_t d_k, std::size_t d_v);
double attention_result_bytes(std::size_t n_q, std::size_t n_k, std::size_t d_v);

}  // namespace ap
