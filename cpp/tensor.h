// tensor.h — the data types every core function shares.
//
// Everything is float64, flat and row-major, so one buffer crosses into
// JavaScript as one Float64Array.
//
// Shape legend used in comments across cpp/:
//   n_q   number of queries        n_k  number of keys (= values)
//   d_k   query/key width          d_v  value width
//   d     model width              h    number of heads
//   batch number of independent sequences
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ap {

// A dense row-major matrix: element (i, j) lives at data[i * cols + j].
struct Matrix {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<double> data;  // (rows, cols)

  Matrix() = default;
  Matrix(std::size_t r, std::size_t c, double fill = 0.0) : rows(r), cols(c), data(r * c, fill) {}
  Matrix(std::size_t r, std::size_t c, std::vector<double> values)
      : rows(r), cols(c), data(std::move(values)) {}

  double& operator()(std::size_t i, std::size_t j) { return data[i * cols + j]; }
  double operator()(std::size_t i, std::size_t j) const { return data[i * cols + j]; }
  double* row(std::size_t i) { return data.data() + i * cols; }
  const double* row(std::size_t i) const { return data.data() + i * cols; }
  bool empty() const { return rows == 0 || cols == 0; }
};

// A boolean mask with the seed contract's meaning: sees(i, j) is true when
// query i may look at key j. (PyTorch's seed 000 uses the opposite
// convention, True = masked; the bindings and docs say which one applies.)
struct Mask {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<std::uint8_t> data;  // (n_q, n_k), 1 = visible

  Mask() = default;
  Mask(std::size_t r, std::size_t c, bool visible = true)
      : rows(r), cols(c), data(r * c, visible ? 1 : 0) {}

  bool sees(std::size_t i, std::size_t j) const { return data[i * cols + j] != 0; }
  void set(std::size_t i, std::size_t j, bool visible) { data[i * cols + j] = visible ? 1 : 0; }
};

// A batch of matrices: element (b, i, j) lives at data[(b * rows + i) * cols + j].
struct Tensor3 {
  std::size_t batch = 0;
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<double> data;  // (batch, rows, cols)

  Tensor3() = default;
  Tensor3(std::size_t b, std::size_t r, std::size_t c, double fill = 0.0)
      : batch(b), rows(r), cols(c), data(b * r * c, fill) {}

  const double* matrix(std::size_t b) const { return data.data() + b * rows * cols; }
  double* matrix(std::size_t b) { return data.data() + b * rows * cols; }
};

// Why a call failed. `code` is a short machine-readable word ("shape",
// "empty", "non_finite", "divisibility", "too_large", "invalid_argument");
// `message` names the function, the argument and the shapes.
struct Status {
  std::string code;
  std::string message;

  bool ok() const { return code.empty(); }
  static Status Ok() { return {}; }
  static Status Error(std::string code, std::string message) {
    return {std::move(code), std::move(message)};
  }
};

// A value or the reason there is none. The core never throws: callers
// (tests, bindings) decide how to report a failed Status.
template <class T>
struct Result {
  T value{};
  Status status;

  bool ok() const { return status.ok(); }
  static Result Fail(Status s) {
    Result r;
    r.status = std::move(s);
    return r;
  }
};

}  // namespace ap
