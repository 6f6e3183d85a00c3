// wire.cpp — the call protocol of wire.h: reading arguments, writing results, the table of
// bindings and the module's C exports. Compiled for speed (CMakeLists.txt): it moves the
// megabytes of a large call.
#include "bindings/wire.h"

#include <emscripten/emscripten.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "bindings/js_numbers.h"
#include "size_limits.h"

namespace ap_js {

namespace {

// the table: a function-local static, so a file's Bindings may be constructed first
std::vector<Binding>& table() {
  static std::vector<Binding> list;
  return list;
}

double address(const void* p) { return static_cast<double>(reinterpret_cast<std::uintptr_t>(p)); }

}  // namespace

Bindings::Bindings(std::initializer_list<Binding> list) {
  table().insert(table().end(), list.begin(), list.end());
}

// ---- Args ----

Args::Args(const char* fn, const std::vector<double>* slots, std::vector<std::vector<double>>* f64,
           std::vector<std::vector<std::uint8_t>>* u8)
    : fn_(fn), slots_(slots), f64_(f64), u8_(u8) {}

double Args::number() { return next_ < slots_->size() ? (*slots_)[next_++] : std::nan(""); }
bool Args::flag() { return number() != 0; }
bool Args::present() { return flag(); }

std::size_t Args::size() {
  const double x = number();
  constexpr std::size_t kInvalid = std::numeric_limits<std::size_t>::max();
  // 2^digits is exact in a double; SIZE_MAX itself may not be
  const double limit = std::ldexp(1.0, std::numeric_limits<std::size_t>::digits);
  if (!(x >= 0.0) || x >= limit || std::floor(x) != x) return kInvalid;
  return static_cast<std::size_t>(x);
}

std::size_t Args::length(const char* arg) {
  // JS wrote the array only when n is a whole number 0 … kMaxValues (wire.ts Call.array)
  const double n = number();
  if (n >= 0 && n <= static_cast<double>(ap::kMaxValues) && std::floor(n) == n)
    return static_cast<std::size_t>(n);
  if (status_.ok())
    status_ = n > static_cast<double>(ap::kMaxValues)
                  ? ap::Status::Error("too_large", std::string(fn_) + ": " + arg + " has " +
                                                       js_number_str(n) + " values: the limit is " +
                                                       std::to_string(ap::kMaxValues) +
                                                       " values per argument (128 MiB)")
                  : ap::Status::Error("invalid_argument", std::string(fn_) + ": " + arg +
                                                              " has a length of " +
                                                              js_number_str(n) + ", not a count");
  return std::numeric_limits<std::size_t>::max();
}

std::vector<double> Args::doubles(const char* arg) {
  if (length(arg) > ap::kMaxValues || next_f64_ >= f64_->size()) return {};
  return std::move((*f64_)[next_f64_++]);
}

std::vector<std::uint8_t> Args::bytes(const char* arg) {
  if (length(arg) > ap::kMaxValues || next_u8_ >= u8_->size()) return {};
  return std::move((*u8_)[next_u8_++]);
}

std::string Args::text() {
  const std::vector<std::uint8_t> b = bytes("text");
  return std::string(b.begin(), b.end());
}

ap::Matrix Args::matrix(const char* arg) {
  ap::Matrix m;
  m.rows = size();
  m.cols = size();
  m.data = doubles(arg);
  return m;
}

ap::Tensor3 Args::tensor(const char* arg) {
  ap::Tensor3 t;
  t.batch = size();
  t.rows = size();
  t.cols = size();
  t.data = doubles(arg);
  return t;
}

const ap::Mask* Args::optional_mask(ap::Mask& storage) {
  if (!present()) return nullptr;
  storage.rows = size();
  storage.cols = size();
  storage.data = bytes("mask");
  return &storage;
}

const ap::Matrix* Args::optional_matrix(const char* arg, ap::Matrix& storage) {
  if (!present()) return nullptr;
  storage = matrix(arg);
  return &storage;
}

const ap::Tensor3* Args::optional_tensor(const char* arg, ap::Tensor3& storage) {
  if (!present()) return nullptr;
  storage = tensor(arg);
  return &storage;
}

std::vector<double> Args::optional_doubles(const char* arg) {
  return present() ? doubles(arg) : std::vector<double>();
}

// ---- Out ----

void Out::chars(const char* s, std::size_t n) {
  token(static_cast<double>(n));
  const std::size_t at = tokens_.size();
  tokens_.resize(at + (n + 7) / 8);
  std::memcpy(tokens_.data() + at, s, n);
}

void Out::key(const char* k) {
  if (k) chars(k, std::strlen(k));
}

void Out::fail(const ap::Status& s) {
  token(kObject);
  key("ok");
  token(kBool);
  token(0);
  text("code", s.code);
  text("message", s.message);
  token(kEnd);
}

void Out::begin_ok() {
  begin_object(nullptr);
  flag("ok", true);
}

void Out::number(const char* k, double x) {
  key(k);
  token(kNumber);
  token(x);
}

void Out::flag(const char* k, bool x) {
  key(k);
  token(kBool);
  token(x ? 1 : 0);
}

void Out::text(const char* k, const std::string& s) {
  key(k);
  token(kString);
  chars(s.data(), s.size());
}

void Out::array(int tag, const void* data, std::size_t count) {
  token(tag);
  token(address(data));
  token(static_cast<double>(count));
}

void Out::doubles(const char* k, std::vector<double>&& v) {
  key(k);
  f64_.push_back(std::move(v));
  array(kF64, f64_.back().data(), f64_.back().size());
}

void Out::doubles(const char* k, std::unique_ptr<double[]>&& data, std::size_t count) {
  key(k);
  buffers_.push_back(std::move(data));
  array(kF64, buffers_.back().get(), count);
}

void Out::bytes(const char* k, std::vector<std::uint8_t>&& v) {
  key(k);
  u8_.push_back(std::move(v));
  array(kU8, u8_.back().data(), u8_.back().size());
}

void Out::indices(const char* k, const std::vector<std::size_t>& v) {
  key(k);
  u32_.emplace_back(v.begin(), v.end());
  array(kU32, u32_.back().data(), u32_.back().size());
}

void Out::matrix(const char* k, ap::Matrix&& m) {
  begin_object(k);
  number("rows", static_cast<double>(m.rows));
  number("cols", static_cast<double>(m.cols));
  doubles("data", std::move(m.data));
  end();
}

void Out::matrix(const char* k, std::unique_ptr<double[]>&& data, std::size_t rows,
                 std::size_t cols) {
  begin_object(k);
  number("rows", static_cast<double>(rows));
  number("cols", static_cast<double>(cols));
  doubles("data", std::move(data), rows * cols);
  end();
}

void Out::matrix_into(const char* k, std::size_t arg, std::unique_ptr<double[]>&& data,
                      std::size_t rows, std::size_t cols) {
  begin_object(k);
  number("rows", static_cast<double>(rows));
  number("cols", static_cast<double>(cols));
  key("data");
  buffers_.push_back(std::move(data));
  token(kInto);
  token(static_cast<double>(arg));
  token(address(buffers_.back().get()));
  token(static_cast<double>(rows * cols));
  end();
}

void Out::tensor(const char* k, ap::Tensor3&& t) {
  begin_object(k);
  number("batch", static_cast<double>(t.batch));
  number("rows", static_cast<double>(t.rows));
  number("cols", static_cast<double>(t.cols));
  doubles("data", std::move(t.data));
  end();
}

void Out::begin_object(const char* k) {
  key(k);
  token(kObject);
  ++open_;
}

void Out::begin_array(const char* k) {
  key(k);
  token(kArray);
  ++open_;
}

void Out::end() {
  token(kEnd);
  --open_;
}

const double* Out::finish() {
  if (tokens_.empty()) token(kNull);  // a binding that returns nothing: null
  while (open_ > 0) end();
  return tokens_.data();
}

void Out::clear() {
  // swaps, not clear(): a large call's buffers go back to the heap now, not at the next call
  std::vector<double>().swap(tokens_);
  std::vector<std::vector<double>>().swap(f64_);
  std::vector<std::vector<std::uint8_t>>().swap(u8_);
  std::vector<std::vector<std::uint32_t>>().swap(u32_);
  std::vector<std::unique_ptr<double[]>>().swap(buffers_);
  open_ = 0;
}

// ---- the module's exports: one call at a time (the page's worker, or the page itself) ----

namespace {

struct Call {
  std::vector<double> slots;
  std::vector<std::vector<double>> f64;
  std::vector<std::vector<std::uint8_t>> u8;
  Out out;
  std::string table;  // "name/kinds,…", made once
};

Call& call() {
  static Call c;
  return c;
}

// Frees every buffer of the last call (swaps, not clear(): the memory goes back to the heap now).
void free_call(Call& c) {
  c.out.clear();
  std::vector<double>().swap(c.slots);
  std::vector<std::vector<double>>().swap(c.f64);
  std::vector<std::vector<std::uint8_t>>().swap(c.u8);
}

}  // namespace

}  // namespace ap_js

extern "C" {

// Room for the next call's `count` numbers (and a fresh start: the last call's buffers are freed).
EMSCRIPTEN_KEEPALIVE double* ap_args(std::size_t count) {
  ap_js::Call& c = ap_js::call();
  ap_js::free_call(c);
  c.slots.assign(count, 0.0);
  return c.slots.data();
}

// Room for the next Float64 array of `count` numbers, which becomes the argument's own vector.
EMSCRIPTEN_KEEPALIVE double* ap_f64(std::size_t count) {
  ap_js::Call& c = ap_js::call();
  c.f64.emplace_back(count);
  return c.f64.back().data();
}

// Room for the next byte array (a mask, a string's UTF-8).
EMSCRIPTEN_KEEPALIVE std::uint8_t* ap_u8(std::size_t count) {
  ap_js::Call& c = ap_js::call();
  c.u8.emplace_back(count);
  return c.u8.back().data();
}

// Runs binding `id` on the arguments written; its result's tokens.
EMSCRIPTEN_KEEPALIVE const double* ap_call(std::size_t id) {
  ap_js::Call& c = ap_js::call();
  const ap_js::Binding& b = ap_js::table()[id];
  ap_js::Args args(b.name, &c.slots, &c.f64, &c.u8);
  b.run(args, c.out);
  return c.out.finish();
}

// Frees the call's arguments and result (after JS copied it out).
EMSCRIPTEN_KEEPALIVE void ap_done() { ap_js::free_call(ap_js::call()); }

// The most numbers of one array argument: JS does not copy a longer one in (Args::length).
EMSCRIPTEN_KEEPALIVE double ap_max_values() { return static_cast<double>(ap::kMaxValues); }

// The bindings as "name/kinds,name/kinds,…" (a binding's id is its place in this list).
EMSCRIPTEN_KEEPALIVE const char* ap_table() {
  ap_js::Call& c = ap_js::call();
  if (c.table.empty())
    for (const ap_js::Binding& b : ap_js::table())
      c.table += std::string(c.table.empty() ? "" : ",") + b.name + "/" + b.kinds;
  return c.table.c_str();
}

}  // extern "C"
