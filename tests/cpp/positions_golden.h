// positions_golden.h — reading the golden fixtures of tests/golden/ (scripts/make_golden.py,
// PyTorch float64): positions.json (RoPE, ALiBi) for rope_test.cpp and alibi_test.cpp, and the
// cases of any fixture by "op" for the other suites.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tensor.h"

namespace ap::test {

// The cases of tests/golden/<file> whose "op" is `op` (a missing file or no such case fails the
// test).
inline std::vector<nlohmann::json> golden_cases(const std::string& file, const std::string& op) {
  const std::string path = std::string(AP_GOLDEN_DIR) + "/" + file;
  std::ifstream in(path);
  std::vector<nlohmann::json> out;
  if (!in) {
    ADD_FAILURE() << "cannot open " << path << " (run /usr/bin/python3 scripts/make_golden.py)";
    return out;
  }
  for (const nlohmann::json& c : nlohmann::json::parse(in))
    if (c.at("op") == op) out.push_back(c);
  EXPECT_FALSE(out.empty()) << path << " holds no " << op << " cases";
  return out;
}

// The cases of positions.json whose "op" is `op`.
inline std::vector<nlohmann::json> position_cases(const std::string& op) {
  return golden_cases("positions.json", op);
}

// Every number of a nested array, row-major.
inline void flatten_into(const nlohmann::json& j, std::vector<double>& out) {
  if (j.is_number()) {
    out.push_back(j.get<double>());
    return;
  }
  for (const nlohmann::json& e : j) flatten_into(e, out);
}

// number[][] → Matrix.
inline Matrix golden_matrix(const nlohmann::json& j) {
  std::vector<double> v;
  flatten_into(j, v);
  return Matrix(j.size(), j.at(0).size(), std::move(v));
}

// bool[][] → Mask (true = may see).
inline Mask golden_mask(const nlohmann::json& j) {
  Mask m(j.size(), j.at(0).size());
  for (std::size_t i = 0; i < m.rows; ++i)
    for (std::size_t c = 0; c < m.cols; ++c) m.set(i, c, j[i][c].get<bool>());
  return m;
}

// number[][][] → Tensor3.
inline Tensor3 golden_tensor(const nlohmann::json& j) {
  Tensor3 t(j.size(), j[0].size(), j[0][0].size());
  t.data.clear();
  flatten_into(j, t.data);
  return t;
}

// The largest |got − want|; infinity if the sizes differ or a value is NaN.
inline double max_abs_diff(const std::vector<double>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return INFINITY;
  double m = 0.0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double d = std::fabs(got[i] - want[i]);
    if (!(d <= m)) m = d;
  }
  return m;
}

}  // namespace ap::test
