#include "checks.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "finite.h"
#include "size_limits.h"

namespace ap {

std::string message(const char* format, ...) {
  char buf[512];
  va_list args;
  va_start(args, format);
  const int n = std::vsnprintf(buf, sizeof buf, format, args);
  va_end(args);
  if (n < 0) return format;
  if (static_cast<std::size_t>(n) < sizeof buf)
    return std::string(buf, static_cast<std::size_t>(n));
  std::string long_one(static_cast<std::size_t>(n) + 1, '\0');  // a long name inside: again
  va_start(args, format);
  std::vsnprintf(&long_one[0], long_one.size(), format, args);
  va_end(args);
  long_one.pop_back();
  return long_one;
}

std::string shape_str(std::size_t rows, std::size_t cols) {
  return "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
}

std::string shape_str(std::size_t batch, std::size_t rows, std::size_t cols) {
  return "(" + std::to_string(batch) + ", " + std::to_string(rows) + ", " + std::to_string(cols) +
         ")";
}

namespace {

// The first non-finite entry of `data`, as an index, or -1.
long first_non_finite(const std::vector<double>& data) {
  const std::size_t p = ap::first_non_finite(data.data(), data.size());
  return p < data.size() ? static_cast<long>(p) : -1;
}

std::string value_str(double x) {
  if (std::isnan(x)) return "NaN";
  return x > 0 ? "Infinity" : "-Infinity";
}

// x with `digits` significant digits: whole numbers below 10⁶ in full
// ("786432"), others as "6.9e10", "4.30e9" (no "+", no leading zeros in the
// exponent).
AP_COLD std::string count_str(double x, int digits) {
  if (!std::isfinite(x)) return value_str(x);
  char buf[40];
  if (x < 1e6 && x == std::floor(x)) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
  std::string s = buf;
  const std::size_t e = s.find('e');
  const std::string mantissa = s.substr(0, e);
  std::string exponent = s.substr(e + 1);
  const bool negative = exponent[0] == '-';
  exponent = exponent.substr(exponent[0] == '-' || exponent[0] == '+' ? 1 : 0);
  while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
  return mantissa + "e" + (negative ? "-" : "") + exponent;
}

// bytes as MiB with `digits` significant digits, never in e-notation: "512", "256.5"
AP_COLD std::string mib_str(double bytes, int digits) {
  if (!std::isfinite(bytes)) return value_str(bytes);
  const double mib = bytes / 1048576.0;
  int whole_digits = 1;  // digits before the point
  for (double p = 10.0; p <= mib && whole_digits < 20; p *= 10.0) ++whole_digits;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", digits > whole_digits ? digits - whole_digits : 0, mib);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {  // 256.50 → 256.5, 2.0 → 2
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

// x and limit with 2 significant digits, or as many more as it takes for
// them to read differently (4.3e9 against 4.3e9 would say nothing)
template <class Format>
AP_COLD void distinct(double x, double limit, Format format, std::string& xs, std::string& ls) {
  for (int digits = 2; digits <= 17; ++digits) {
    xs = format(x, digits);
    ls = format(limit, digits);
    if (xs != ls) return;
  }
}

// check_tensor's message for a batch over kMaxValues
AP_COLD Status too_many_values(const std::string& where, const Tensor3& t) {
  return Status::Error(
      "too_large", message("%s is %s, %zu values: the limit is %zu values per argument "
                           "(128 MiB): use a smaller batch, fewer rows or fewer columns",
                           where.c_str(), shape_str(t.batch, t.rows, t.cols).c_str(), t.data.size(),
                           kMaxValues));
}

}  // namespace

std::string number_str(double x) {
  if (!std::isfinite(x)) return value_str(x);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", x);  // 6 significant digits (no strtod: +15 KB of WASM)
  return buf;
}

namespace {

// check_cost's message
AP_COLD Status cost_error(const char* fn, double multiply_adds, double result_bytes,
                          const char* reduce) {
  std::string need, limit;
  if (!(multiply_adds <= kMaxMultiplyAdds)) {
    distinct(multiply_adds, kMaxMultiplyAdds, count_str, need, limit);
    return Status::Error(
        "too_large", message("%s: this call needs %s multiply-adds; the limit is %s per call: %s",
                             fn, need.c_str(), limit.c_str(), reduce));
  }
  distinct(result_bytes, kMaxResultBytes, mib_str, need, limit);
  return Status::Error(
      "too_large", message("%s: this call's results need %s MiB; the limit is %s MiB per call: %s",
                           fn, need.c_str(), limit.c_str(), reduce));
}

}  // namespace

Status check_cost(const char* fn, double multiply_adds, double result_bytes, const char* reduce) {
  if (multiply_adds <= kMaxMultiplyAdds && result_bytes <= kMaxResultBytes) return Status::Ok();
  return cost_error(fn, multiply_adds, result_bytes, reduce);
}

double attention_multiply_adds(std::size_t n_q, std::size_t n_k, std::size_t d_k, std::size_t d_v) {
  return static_cast<double>(n_q) * static_cast<double>(n_k) *
         (static_cast<double>(d_k) + static_cast<double>(d_v));
}

double attention_result_bytes(std::size_t n_q, std::size_t n_k, std::size_t d_v) {
  return 8.0 * static_cast<double>(n_q) * (static_cast<double>(n_k) + static_cast<double>(d_v));
}

Status check_temperature(const char* fn, double temperature) {
  if (std::isfinite(temperature) && temperature > 0.0) return Status::Ok();
  return Status::Error("invalid_argument",
                       message("%s: temperature = %s must be a finite number > 0", fn,
                               number_str(temperature).c_str()));
}

Status check_matrix(const char* fn, const char* arg, const Matrix& m) {
  const std::string where = std::string(fn) + ": " + arg;
  if (m.empty())
    return Status::Error("empty", where + " is empty " + shape_str(m.rows, m.cols) +
                                      ": it needs at least one row and one column");
  if (m.data.size() != m.rows * m.cols)
    return Status::Error("shape", where + " has " + std::to_string(m.data.size()) +
                                      " values but its shape " + shape_str(m.rows, m.cols) +
                                      " needs " + std::to_string(m.rows * m.cols));
  if (m.rows > kMaxRows || m.cols > kMaxCols)
    return Status::Error("too_large", where + " is " + shape_str(m.rows, m.cols) +
                                          ": the limit is " + std::to_string(kMaxRows) +
                                          " rows and " + std::to_string(kMaxCols) + " columns");
  const long bad = first_non_finite(m.data);
  if (bad >= 0) {
    const std::size_t i = static_cast<std::size_t>(bad) / m.cols;
    const std::size_t j = static_cast<std::size_t>(bad) % m.cols;
    return Status::Error("non_finite", where + "[" + std::to_string(i) + "][" + std::to_string(j) +
                                           "] is " + value_str(m.data[bad]) +
                                           ": every value must be a finite number");
  }
  return Status::Ok();
}

Status check_tensor(const char* fn, const char* arg, const Tensor3& t) {
  const std::string where = std::string(fn) + ": " + arg;
  if (t.batch == 0 || t.rows == 0 || t.cols == 0)
    return Status::Error("empty", where + " is empty " + shape_str(t.batch, t.rows, t.cols) +
                                      ": every dimension must be at least 1");
  // in double: batch · rows · cols can reach 2³², which wraps a 32-bit size_t (wasm32)
  if (static_cast<double>(t.data.size()) !=
      static_cast<double>(t.batch) * static_cast<double>(t.rows) * static_cast<double>(t.cols))
    return Status::Error("shape", where + " has " + std::to_string(t.data.size()) +
                                      " values but its shape " +
                                      shape_str(t.batch, t.rows, t.cols) + " needs " +
                                      std::to_string(t.batch * t.rows * t.cols));
  if (t.batch > kMaxBatch || t.rows > kMaxRows || t.cols > kMaxCols)
    return Status::Error("too_large", where + " is " + shape_str(t.batch, t.rows, t.cols) +
                                          ": the limit is batch " + std::to_string(kMaxBatch) +
                                          ", " + std::to_string(kMaxRows) + " rows and " +
                                          std::to_string(kMaxCols) + " columns");
  // each dimension may be within its limit and the whole still 2³⁴ values
  if (t.data.size() > kMaxValues) return too_many_values(where, t);
  const long bad = first_non_finite(t.data);
  if (bad >= 0) {
    const std::size_t per = t.rows * t.cols;
    const std::size_t b = static_cast<std::size_t>(bad) / per;
    const std::size_t i = (static_cast<std::size_t>(bad) % per) / t.cols;
    const std::size_t j = static_cast<std::size_t>(bad) % t.cols;
    return Status::Error("non_finite", where + "[" + std::to_string(b) + "][" + std::to_string(i) +
                                           "][" + std::to_string(j) + "] is " +
                                           value_str(t.data[bad]) +
                                           ": every value must be a finite number");
  }
  return Status::Ok();
}

Status check_vector(const char* fn, const char* arg, const std::vector<double>& v) {
  const std::string where = std::string(fn) + ": " + arg;
  if (v.empty()) return Status::Error("empty", where + " is empty: it needs at least one value");
  if (v.size() > kMaxValues)
    return Status::Error("too_large", where + " has " + std::to_string(v.size()) +
                                          " values: the limit is " + std::to_string(kMaxValues));
  const long bad = first_non_finite(v);
  if (bad >= 0)
    return Status::Error("non_finite", where + "[" + std::to_string(bad) + "] is " +
                                           value_str(v[bad]) +
                                           ": every value must be a finite number");
  return Status::Ok();
}

Status check_mask(const char* fn, const Mask* mask, std::size_t n_q, std::size_t n_k) {
  if (mask == nullptr) return Status::Ok();
  if (mask->rows != n_q || mask->cols != n_k || mask->data.size() != n_q * n_k)
    return Status::Error("shape", std::string(fn) + ": mask is " +
                                      shape_str(mask->rows, mask->cols) + " but the scores are " +
                                      shape_str(n_q, n_k) +
                                      ": the mask needs one row per query and one column per key");
  return Status::Ok();
}

// bias: the shape first (so an empty bias reads as a wrong shape), then the values.
Status check_bias(const char* fn, const Matrix* bias, std::size_t n_q, std::size_t n_k) {
  if (bias == nullptr) return Status::Ok();
  if (bias->rows != n_q || bias->cols != n_k)
    return Status::Error("shape", std::string(fn) + ": bias is " +
                                      shape_str(bias->rows, bias->cols) + " but the scores are " +
                                      shape_str(n_q, n_k) +
                                      ": the bias needs one row per query and one column per key");
  return check_matrix(fn, "bias", *bias);
}

Status check_head_bias(const char* fn, const Tensor3* bias, std::size_t h, std::size_t n_q,
                       std::size_t n_k) {
  if (bias == nullptr) return Status::Ok();
  if (bias->batch != h || bias->rows != n_q || bias->cols != n_k)
    return Status::Error("shape", std::string(fn) + ": bias is " +
                                      shape_str(bias->batch, bias->rows, bias->cols) +
                                      " but it must be (h, n_q, n_k) = " + shape_str(h, n_q, n_k) +
                                      ": one (n_q, n_k) matrix per head");
  return check_tensor(fn, "bias", *bias);
}

Status check_qkv(const char* fn, const Matrix& Q, const Matrix& K, const Matrix& V,
                 const Mask* mask) {
  // attention at scale: above attention's row limit, flash_attention goes on
  const char* flash_hint =
      "; flash_attention takes up to 65536 rows (it keeps no n_q × n_k matrix)";
  const bool attention = std::string(fn) == "attention";
  for (auto [arg, m] : {std::pair<const char*, const Matrix*>{"Q", &Q}, {"K", &K}, {"V", &V}}) {
    Status s = check_matrix(fn, arg, *m);
    if (!s.ok() && attention && s.code == "too_large" && m->rows > kMaxRows && m->cols <= kMaxCols)
      s.message += flash_hint;
    if (!s.ok()) return s;
  }
  const std::string f = fn;
  if (K.cols != Q.cols)
    return Status::Error("shape", f + ": Q is " + shape_str(Q.rows, Q.cols) + " but K is " +
                                      shape_str(K.rows, K.cols) +
                                      ": Q and K must have the same number of columns (d_k)");
  if (V.rows != K.rows)
    return Status::Error("shape",
                         f + ": K is " + shape_str(K.rows, K.cols) + " but V is " +
                             shape_str(V.rows, V.cols) +
                             ": K and V must have the same number of rows (one value per key)");
  if (Q.rows * K.rows > kMaxWeights)
    return Status::Error("too_large", f + ": the scores would be " + shape_str(Q.rows, K.rows) +
                                          ", more than " + std::to_string(kMaxWeights) +
                                          " entries" + (attention ? flash_hint : ""));
  return check_mask(fn, mask, Q.rows, K.rows);
}

}  // namespace ap
