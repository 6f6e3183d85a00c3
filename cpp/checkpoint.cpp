#include "checkpoint.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace ap {

namespace {

// x with 8 significant digits, as JSON ("%.8g" never writes a NaN or ∞ here).
void put_number(std::string& out, double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.8g", x == 0.0 ? 0.0 : x);  // no "-0"
  out += buf;
}

void put_uint(std::string& out, std::uint64_t x) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%" PRIu64, x);
  out += buf;
}

}  // namespace

Result<std::string> checkpoint_json(const TinyTransformer& model, const CheckpointInfo& info) {
  for (double x : model.params)
    if (!std::isfinite(x))
      return Result<std::string>::Fail(Status::Error(
          "non_finite", "checkpoint_json: the model has a parameter that is not finite"));
  const TinyConfig& c = model.config;
  std::string o;
  o.reserve(16 * model.params.size() + 64 * info.curve.size() + 1024);
  o += "{\"format\":\"tiny-transformer-checkpoint\",\"version\":1,\n\"config\":{\"layers\":";
  put_uint(o, c.layers);
  o += ",\"heads\":";
  put_uint(o, c.heads);
  o += ",\"d_model\":";
  put_uint(o, c.d_model);
  o += ",\"vocab\":";
  put_uint(o, c.vocab);
  o += ",\"context\":";
  put_uint(o, c.context);
  o += ",\"layer_norm\":";
  o += c.layer_norm ? "true" : "false";
  o += ",\"positions\":\"";
  o += positions_name(c.positions);
  o += "\",\"seed\":";
  put_uint(o, c.seed);
  o += ",\"init_std\":";
  put_number(o, c.init_std);
  o += "},\n\"train\":{\"task\":\"";
  o += task_name(info.task);
  o += "\",\"seed\":";
  put_uint(o, info.seed);
  o += ",\"step\":";
  put_uint(o, info.step);
  o += ",\"batch\":";
  put_uint(o, info.batch);
  o += ",\"lr\":";
  put_number(o, info.adam.lr);
  o += ",\"beta1\":";
  put_number(o, info.adam.beta1);
  o += ",\"beta2\":";
  put_number(o, info.adam.beta2);
  o += ",\"eps\":";
  put_number(o, info.adam.eps);
  o += "},\n\"tensors\":{";
  for (std::size_t t = 0; t < model.views.size(); ++t) {
    const ParamView& v = model.views[t];
    o += t ? ",\n\"" : "\n\"";
    o += v.name;
    o += "\":{\"shape\":[";
    put_uint(o, v.rows);
    o += ",";
    put_uint(o, v.cols);
    o += "],\"data\":[";
    for (std::size_t k = 0; k < v.size(); ++k) {
      if (k) o += ",";
      put_number(o, model.params[v.offset + k]);
    }
    o += "]}";
  }
  o += "},\n\"curve\":[";
  for (std::size_t k = 0; k < info.curve.size(); ++k) {
    const CurvePoint& p = info.curve[k];
    o += k ? ",[" : "[";
    put_uint(o, p.step);
    o += ",";
    put_number(o, p.loss);
    o += ",";
    put_number(o, p.accuracy);
    o += "]";
  }
  o += "]";
  if (!info.snapshots.empty()) {
    o += ",\n\"scores\":[";
    for (std::size_t k = 0; k < info.snapshots.size(); ++k) {
      const Snapshot& s = info.snapshots[k];
      o += k ? ",\n[" : "\n[";
      put_uint(o, s.step);
      for (const std::vector<double>* list : {&s.scores.previous_token, &s.scores.induction})
        for (double x : *list) {
          o += ",";
          put_number(o, x);
        }
      o += "]";
    }
    o += "]";
  }
  o += "}\n";
  Result<std::string> r;
  r.value = std::move(o);
  return r;
}

}  // namespace ap
