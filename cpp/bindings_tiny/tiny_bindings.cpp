// tiny_bindings.cpp — embind adapters of the tiny transformer's trainer
// (cpp/tiny_session.h, cpp/tiny_inspect.h): the second WebAssembly module,
// tiny_core, loaded with the training panel only. No maths here.
//
// Conventions of cpp/bindings/convert.h: every function returns
// { ok: true, …fields } or { ok: false, code, message }; counts and seeds are
// checked as JS numbers before any cast. A config crosses as { layers, heads,
// dModel, vocab, context, layerNorm, positions: 'learned' | 'rope', seed,
// initStd }, a run's settings as { task, batch, steps, seed, lr }. A session
// is a handle (a whole number); JS frees it with tiny_session_dispose.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bindings_tiny/convert.h"
#include "tiny_inspect.h"
#include "tiny_session.h"

using emscripten::val;

namespace {

using namespace ap_js;

std::map<int, std::unique_ptr<ap::TinySession>> sessions;
int next_handle = 1;

double number_of(const val& o, const char* key) {
  const val v = o[key];
  return v.isNumber() ? v.as<double>() : std::nan("");
}

ap::Status config_from(const val& o, ap::TinyConfig& c) {
  const char* fn = "tiny_transformer";
  ap::Status s = count_arg(fn, "layers", number_of(o, "layers"), 1, ap::kMaxTinyLayers, c.layers);
  if (s.ok()) s = count_arg(fn, "heads", number_of(o, "heads"), 1, ap::kMaxTinyHeads, c.heads);
  if (s.ok())
    s = count_arg(fn, "d_model", number_of(o, "dModel"), ap::kMinTinyWidth, ap::kMaxTinyWidth,
                  c.d_model);
  if (s.ok()) s = count_arg(fn, "vocab", number_of(o, "vocab"), 2, ap::kMaxTinyVocab, c.vocab);
  if (s.ok())
    s = count_arg(fn, "context", number_of(o, "context"), 2, ap::kMaxTinyContext, c.context);
  if (s.ok()) s = seed_arg(fn, "seed", number_of(o, "seed"), c.seed);
  if (!s.ok()) return s;
  c.layer_norm = o["layerNorm"].isTrue();
  const val positions = o["positions"];
  const std::string p = positions.isString() ? positions.as<std::string>() : "";
  if (p != "learned" && p != "rope")
    return ap::Status::Error("invalid_argument",
                             "tiny_transformer: positions must be 'learned' or 'rope'");
  c.positions = p == "rope" ? ap::Positions::kRope : ap::Positions::kLearned;
  c.init_std = number_of(o, "initStd");
  return ap::check_tiny_config(c);
}

ap::Status settings_from(const val& o, ap::TinyRunSettings& s) {
  const val task = o["task"];
  const std::string name = task.isString() ? task.as<std::string>() : "";
  bool found = false;
  for (ap::Task t : {ap::Task::kInduction, ap::Task::kInductionRandom, ap::Task::kCopy,
                     ap::Task::kReverse, ap::Task::kPreviousToken})
    if (name == ap::task_name(t)) {
      s.task = t;
      found = true;
    }
  if (!found)
    return ap::Status::Error("invalid_argument", "tiny_session: task '" + name + "' is unknown");
  const char* fn = "tiny_session";
  ap::Status st = count_arg(fn, "batch", number_of(o, "batch"), 1, ap::kMaxTaskBatch, s.batch);
  if (st.ok()) st = count_arg(fn, "steps", number_of(o, "steps"), 1, ap::kMaxTinySteps, s.steps);
  if (st.ok()) st = seed_arg(fn, "seed", number_of(o, "seed"), s.seed);
  s.lr = number_of(o, "lr");
  return st;
}

val views_to(const std::vector<ap::ParamView>& views) {
  val list = val::array();
  for (const ap::ParamView& v : views) {
    val o = val::object();
    o.set("name", v.name);
    o.set("offset", v.offset);
    o.set("rows", v.rows);
    o.set("cols", v.cols);
    list.call<void>("push", o);
  }
  return list;
}

ap::TinySession* session_of(int handle) {
  auto it = sessions.find(handle);
  return it == sessions.end() ? nullptr : it->second.get();
}

val no_session(int handle) {
  return failure(ap::Status::Error(
      "invalid_argument", "tiny_session: no session " + std::to_string(handle) + " (disposed?)"));
}

val js_param_views(val config) {
  ap::TinyConfig c;
  const ap::Status s = config_from(config, c);
  if (!s.ok()) return failure(s);
  val o = success();
  o.set("views", views_to(ap::tiny_param_views(c)));
  return o;
}

val js_session_create(val config, val settings) {
  ap::TinyConfig c;
  ap::TinyRunSettings r;
  ap::Status s = config_from(config, c);
  if (s.ok()) s = settings_from(settings, r);
  if (!s.ok()) return failure(s);
  ap::Result<ap::TinySession> made = ap::make_tiny_session(c, r);
  if (!made.ok()) return failure(made.status);
  const int handle = next_handle++;
  sessions[handle] = std::make_unique<ap::TinySession>(std::move(made.value));
  val o = success();
  o.set("handle", handle);
  o.set("views", views_to(sessions[handle]->model.views));
  return o;
}

val js_session_train(int handle, double count) {
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(handle);
  std::size_t n = 0;
  const ap::Status s = count_arg("tiny_session", "count", count, 1, ap::kMaxTinySteps, n);
  if (!s.ok()) return failure(s);
  return result_to(ap::tiny_session_train(*session, n),
                   [&](val& o, const std::vector<ap::CurvePoint>& curve) {
                     std::vector<double> step, loss, accuracy;
                     for (const ap::CurvePoint& p : curve) {
                       step.push_back(static_cast<double>(p.step));
                       loss.push_back(p.loss);
                       accuracy.push_back(p.accuracy);
                     }
                     o.set("step", copy_out(step));
                     o.set("loss", copy_out(loss));
                     o.set("accuracy", copy_out(accuracy));
                     o.set("taken", session->taken);
                   });
}

val js_session_snapshot(int handle) {
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(handle);
  return result_to(ap::tiny_session_view(*session), [&](val& o, const ap::TinySessionView& v) {
    std::vector<double> attention;  // L·h × (T, T) end to end
    for (const ap::Matrix& w : v.attention)
      attention.insert(attention.end(), w.data.begin(), w.data.end());
    o.set("step", session->taken);
    o.set("params", copy_out(session->model.params));
    o.set("attention", copy_out(attention));
    o.set("previous_token", copy_out(v.scores.previous_token));
    o.set("induction", copy_out(v.scores.induction));
  });
}

val js_session_held_out(int handle) {
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(handle);
  std::vector<double> tokens;
  for (std::size_t k = 0; k < session->held_out.context; ++k)
    tokens.push_back(static_cast<double>(session->held_out.tokens[k]));
  val o = success();
  o.set("tokens", copy_out(tokens));
  return o;
}

val js_session_set_params(int handle, val params) {
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(handle);
  const ap::Status s = ap::tiny_session_set_params(*session, doubles(params));
  return s.ok() ? success() : failure(s);
}

// Head `head` of layer `layer` on `tokens` (numbers), with `params` (null: the session's).
val js_head_inputs(int handle, double layer, double head, val tokens, val params) {
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(handle);
  std::size_t l = 0, t = 0;
  ap::Status s = count_arg("tiny_head_inputs", "layer", layer, 0, ap::kMaxTinyLayers, l);
  if (s.ok()) s = count_arg("tiny_head_inputs", "head", head, 0, ap::kMaxTinyHeads, t);
  if (!s.ok()) return failure(s);
  std::vector<std::size_t> ids;
  for (double x : doubles(tokens)) {
    std::size_t id = 0;
    s = count_arg("tiny_head_inputs", "token", x, 0, ap::kMaxTinyVocab, id);
    if (!s.ok()) return failure(s);
    ids.push_back(id);
  }
  ap::TinyTransformer model = session->model;  // a copy when other weights are asked for
  if (!absent(params)) {
    ap::TinySession probe;
    probe.model = model;
    s = ap::tiny_session_set_params(probe, doubles(params));
    if (!s.ok()) return failure(s);
    model = std::move(probe.model);
  }
  return result_to(ap::tiny_head_inputs(model, ids, l, t),
                   [](val& o, const ap::HeadInputsResult& h) {
                     o.set("q", matrix_to(h.q));
                     o.set("k", matrix_to(h.k));
                     o.set("v", matrix_to(h.v));
                     o.set("weights", matrix_to(h.weights));
                   });
}

void js_session_dispose(int handle) { sessions.erase(handle); }

}  // namespace

EMSCRIPTEN_BINDINGS(tiny) {
  emscripten::function("tiny_param_views", &js_param_views);
  emscripten::function("tiny_session_create", &js_session_create);
  emscripten::function("tiny_session_train", &js_session_train);
  emscripten::function("tiny_session_snapshot", &js_session_snapshot);
  emscripten::function("tiny_session_held_out", &js_session_held_out);
  emscripten::function("tiny_session_set_params", &js_session_set_params);
  emscripten::function("tiny_head_inputs", &js_head_inputs);
  emscripten::function("tiny_session_dispose", &js_session_dispose);
}
