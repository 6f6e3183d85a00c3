// wire.h — how a call crosses between JavaScript and the core: plain C exports and
// two buffers in the WASM memory, read and written by web/src/core/wire.ts. No maths here.
//
// A call, as JavaScript makes it:
//   1. ap_args(k)   room for the call's k numbers (a count, a flag, a double, a shape field,
//                   the length of an array, whether an optional argument is there);
//   2. ap_f64(n) / ap_u8(n)   room for each array, in argument order (a matrix's data, a mask's
//                   bytes, a list of numbers, a string's UTF-8); JS copies each in once;
//   3. ap_call(id)  runs binding `id` of the table (ap_table); returns its result, a tree of
//                   tokens (Token) whose arrays point into buffers the call still holds;
//   4. ap_done()    after JS copied the result out: frees every buffer of the call.
// (ap_table and ap_max_values, read once, say what there is to call and the longest array
// JS copies in.) The attention core and the trainer's tiny_core share it.
// So each input is copied once in (JS → its own C++ vector, which becomes the Matrix) and each
// output once out (the C++ vector → a fresh JS typed array), as with embind, with none of its
// per-field glue: about a fifth of the module.
//
// A binding reads its arguments in order from an Args and writes its result to an Out:
//   void run(Args& a, Out& o) {
//     ap::Matrix X = a.matrix("X");  …  if (!a.ok()) return o.fail(a.status());
//     auto r = ap::f(X, …);  if (!o.begin(r)) return;  o.matrix("out", std::move(r.value));
//   }
// and is listed once: Bindings list{{"name", "kinds", run}, …} (a static object per file).
// The kinds are the letters of web/src/core/wire.ts's Kind, one per JS argument.
// Results are { ok: true, …fields } or { ok: false, code, message }, as the façade expects.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "tensor.h"

namespace ap_js {

// The tokens of a result (wire.ts decodes them). Each is one double; a string or byte run that
// follows is packed into whole doubles.
enum Token : int {
  kEnd = 0,     // closes an object or an array
  kObject = 1,  // { key value … kEnd }, each key a string
  kArray = 2,   // [ value … kEnd ]
  kNumber = 3,  // x
  kBool = 4,    // 0 or 1
  kString = 5,  // length in bytes, then the UTF-8
  kF64 = 6,     // address, count: a Float64Array copied out
  kU8 = 7,      // address, count: a Uint8Array
  kU32 = 8,     // address, count: a Uint32Array
  kInto = 9,    // argument index, address, count: copied into that argument's Float64Array
  kNull = 10,
};

// The arguments of one call, in the order JavaScript wrote them.
class Args {
 public:
  Args(const char* fn, const std::vector<double>* slots, std::vector<std::vector<double>>* f64,
       std::vector<std::vector<std::uint8_t>>* u8);

  double
  number();        // a JS number as given (anything else arrives as NaN; so does one past the last)
  bool flag();     // a JS truthiness, as 0 or 1
  bool present();  // false for null or undefined: the optional argument that follows is left out
  std::size_t size();  // a shape field: 0 when not a number, SIZE_MAX when not a whole size
  // A list of numbers, a Uint8Array, a string. `arg` names it in a too_large failure (status()).
  std::vector<double> doubles(const char* arg);
  std::vector<std::uint8_t> bytes(const char* arg);
  std::string text();
  ap::Matrix matrix(const char* arg);   // { data, rows, cols }
  ap::Tensor3 tensor(const char* arg);  // { data, batch, rows, cols }
  // The next optional argument copied into `storage`, or nullptr when it was null or undefined.
  const ap::Mask* optional_mask(ap::Mask& storage);
  const ap::Matrix* optional_matrix(const char* arg, ap::Matrix& storage);
  const ap::Tensor3* optional_tensor(const char* arg, ap::Tensor3& storage);
  std::vector<double> optional_doubles(const char* arg);  // empty when left out

  // An array over kMaxValues numbers is not copied in (three 800 MB batches ran the 2 GiB heap
  // out while being copied); the first such argument is this failure, "fn: q has N values: …".
  bool ok() const { return status_.ok(); }
  const ap::Status& status() const { return status_; }

 private:
  std::size_t length(const char* arg);  // an array's declared length, checked against kMaxValues
  const char* fn_;
  const std::vector<double>* slots_;
  std::size_t next_ = 0;  // the next number
  std::vector<std::vector<double>>* f64_;
  std::vector<std::vector<std::uint8_t>>* u8_;
  std::size_t next_f64_ = 0, next_u8_ = 0;
  ap::Status status_;
};

// The result of one call: tokens, and the buffers its arrays point into until ap_done.
class Out {
 public:
  // { ok: false, code, message }
  void fail(const ap::Status& s);
  // fail(r.status) and false when `r` failed; else opens { ok: true, … and returns true.
  template <class T>
  bool begin(const ap::Result<T>& r) {
    if (!r.ok()) {
      fail(r.status);
      return false;
    }
    begin_ok();
    return true;
  }
  void begin_ok();

  // A field of the open object (`key`), or an element of the open array (`key` nullptr).
  void number(const char* key, double x);
  void flag(const char* key, bool x);
  void text(const char* key, const std::string& s);
  void doubles(const char* key, std::vector<double>&& v);
  void doubles(const char* key, std::unique_ptr<double[]>&& data, std::size_t count);
  void bytes(const char* key, std::vector<std::uint8_t>&& v);
  void indices(const char* key, const std::vector<std::size_t>& v);  // a Uint32Array
  void matrix(const char* key, ap::Matrix&& m);                      // { data, rows, cols }
  void matrix(const char* key, std::unique_ptr<double[]>&& data, std::size_t rows,
              std::size_t cols);
  void tensor(const char* key, ap::Tensor3&& t);  // { data, batch, rows, cols }
  // { data, rows, cols } whose data is argument `arg`'s own Float64Array, filled from `data`
  void matrix_into(const char* key, std::size_t arg, std::unique_ptr<double[]>&& data,
                   std::size_t rows, std::size_t cols);
  void begin_object(const char* key);
  void begin_array(const char* key);
  void end();

  // Closes what is open; the tokens for JS.
  const double* finish();
  void clear();  // frees every token and buffer

 private:
  void key(const char* k);
  void token(double t) { tokens_.push_back(t); }
  void chars(const char* s, std::size_t n);
  void array(int tag, const void* data, std::size_t count);
  std::vector<double> tokens_;
  int open_ = 0;
  std::vector<std::vector<double>> f64_;
  std::vector<std::vector<std::uint8_t>> u8_;
  std::vector<std::vector<std::uint32_t>> u32_;
  std::vector<std::unique_ptr<double[]>> buffers_;
};

// One function JavaScript can call: its name, its arguments' kinds (wire.ts), its adapter.
struct Binding {
  const char* name;
  const char* kinds;
  void (*run)(Args&, Out&);
};

// The bindings of one file, added to the table when the module starts (one static object each).
struct Bindings {
  Bindings(std::initializer_list<Binding> list);
};

}  // namespace ap_js
