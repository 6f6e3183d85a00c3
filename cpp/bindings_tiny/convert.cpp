// convert.cpp — the copies of the adapters' inputs into C++ (convert.h): one TypedArray.set
// each into a fresh vector. Compiled for speed with the adapters of the calls a page makes at
// scale (CMakeLists.txt): in the adapters' size-optimised code a vector's fill and free were
// byte-by-byte loops, 8–10 % of attention's time at n = 1024 for the mask alone.
#include "bindings_tiny/convert.h"

#include <emscripten/val.h>

namespace ap_js {

namespace {

// A fresh vector of `typed`'s numbers (Uint8Array → uint8_t, Float64Array → double).
template <class T>
std::vector<T> vector_of(const val& typed) {
  const std::size_t n = typed["length"].as<std::size_t>();
  std::vector<T> out(n);
  val(emscripten::typed_memory_view(n, out.data())).call<void>("set", typed);
  return out;
}

}  // namespace

std::vector<double> doubles(const val& typed) { return vector_of<double>(typed); }

ap::Matrix matrix_from(const val& o) {
  return ap::Matrix(size_of(o, "rows"), size_of(o, "cols"), doubles(o["data"]));
}

ap::Tensor3 tensor_from(const val& o) {
  ap::Tensor3 t;
  t.batch = size_of(o, "batch");
  t.rows = size_of(o, "rows");
  t.cols = size_of(o, "cols");
  t.data = doubles(o["data"]);
  return t;
}

const ap::Mask* optional_mask(const val& v, ap::Mask& storage) {
  if (absent(v)) return nullptr;
  storage.rows = size_of(v, "rows");
  storage.cols = size_of(v, "cols");
  storage.data = vector_of<std::uint8_t>(v["data"]);
  return &storage;
}

const ap::Matrix* optional_matrix(const val& v, ap::Matrix& storage) {
  if (absent(v)) return nullptr;
  storage = matrix_from(v);
  return &storage;
}

const ap::Tensor3* optional_tensor(const val& v, ap::Tensor3& storage) {
  if (absent(v)) return nullptr;
  storage = tensor_from(v);
  return &storage;
}

}  // namespace ap_js
