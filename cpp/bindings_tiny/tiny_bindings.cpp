// tiny_bindings.cpp — the adapters of the tiny transformer's trainer (cpp/tiny_session.h,
// cpp/tiny_inspect.h): the second WebAssembly module, tiny_core, loaded with the training panel
// only. No maths here.
//
// The call protocol and its conventions are the attention core's (cpp/bindings/wire.h): every
// function returns { ok: true, …fields } or { ok: false, code, message }; counts and seeds are
// checked as JS numbers before any cast (js_numbers.h). A config crosses as nine arguments,
// (layers, heads, dModel, vocab, context, seed, layerNorm, positions: 'learned' | 'rope',
// initStd), a run's settings as five, (task, batch, steps, seed, lr): web/src/training/core.ts
// spreads the objects. A session is a handle (a whole number); JS frees it with
// tiny_session_dispose.
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bindings/js_numbers.h"
#include "bindings/wire.h"
#include "tiny_inspect.h"
#include "tiny_session.h"

namespace {

using namespace ap_js;

std::map<int, std::unique_ptr<ap::TinySession>> sessions;
int next_handle = 1;

// The nine arguments of a config, checked (the order of web/src/training/core.ts configArgs).
ap::Status config_from(Args& a, ap::TinyConfig& c) {
  const char* fn = "tiny_transformer";
  const double layers = a.number(), heads = a.number(), d_model = a.number(), vocab = a.number(),
               context = a.number(), seed = a.number();
  c.layer_norm = a.flag();
  const std::string p = a.text();
  c.init_std = a.number();
  ap::Status s = first_failure(
      {count_arg(fn, "layers", layers, 1, ap::kMaxTinyLayers, c.layers),
       count_arg(fn, "heads", heads, 1, ap::kMaxTinyHeads, c.heads),
       count_arg(fn, "d_model", d_model, ap::kMinTinyWidth, ap::kMaxTinyWidth, c.d_model),
       count_arg(fn, "vocab", vocab, 2, ap::kMaxTinyVocab, c.vocab),
       count_arg(fn, "context", context, 2, ap::kMaxTinyContext, c.context),
       seed_arg(fn, "seed", seed, c.seed)});
  if (!s.ok()) return s;
  if (p != "learned" && p != "rope")
    return ap::Status::Error("invalid_argument",
                             "tiny_transformer: positions must be 'learned' or 'rope'");
  c.positions = p == "rope" ? ap::Positions::kRope : ap::Positions::kLearned;
  return ap::check_tiny_config(c);
}

// The five arguments of a run's settings, checked.
ap::Status settings_from(Args& a, ap::TinyRunSettings& s) {
  const std::string name = a.text();
  const double batch = a.number(), steps = a.number(), seed = a.number();
  s.lr = a.number();
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
  return first_failure({count_arg(fn, "batch", batch, 1, ap::kMaxTaskBatch, s.batch),
                        count_arg(fn, "steps", steps, 1, ap::kMaxTinySteps, s.steps),
                        seed_arg(fn, "seed", seed, s.seed)});
}

void views(Out& o, const std::vector<ap::ParamView>& list) {
  o.begin_array("views");
  for (const ap::ParamView& v : list) {
    o.begin_object(nullptr);
    o.text("name", v.name);
    o.number("offset", static_cast<double>(v.offset));
    o.number("rows", static_cast<double>(v.rows));
    o.number("cols", static_cast<double>(v.cols));
    o.end();
  }
  o.end();
}

// The session of a handle (a JS number: anything but a whole number in int's range is none).
ap::TinySession* session_of(double handle) {
  if (!(handle >= 1 && handle <= 2147483647.0) || std::floor(handle) != handle) return nullptr;
  auto it = sessions.find(static_cast<int>(handle));
  return it == sessions.end() ? nullptr : it->second.get();
}

void no_session(Out& o, double handle) {
  o.fail(ap::Status::Error("invalid_argument",
                           "tiny_session: no session " + js_number_str(handle) + " (disposed?)"));
}

void param_views(Args& a, Out& o) {
  ap::TinyConfig c;
  const ap::Status s = config_from(a, c);
  if (!s.ok()) return o.fail(s);
  o.begin_ok();
  views(o, ap::tiny_param_views(c));
}

void session_create(Args& a, Out& o) {
  ap::TinyConfig c;
  ap::TinyRunSettings r;
  ap::Status s = config_from(a, c);
  ap::Status t = settings_from(a, r);  // read either way: the arguments come in order
  if (s.ok()) s = t;
  if (!s.ok()) return o.fail(s);
  ap::Result<ap::TinySession> made = ap::make_tiny_session(c, r);
  if (!made.ok()) return o.fail(made.status);
  const int handle = next_handle++;
  sessions[handle] = std::make_unique<ap::TinySession>(std::move(made.value));
  o.begin_ok();
  o.number("handle", handle);
  views(o, sessions[handle]->model.views);
}

void session_train(Args& a, Out& o) {
  const double handle = a.number(), count = a.number();
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(o, handle);
  std::size_t n = 0;
  const ap::Status s = count_arg("tiny_session", "count", count, 1, ap::kMaxTinySteps, n);
  if (!s.ok()) return o.fail(s);
  auto r = ap::tiny_session_train(*session, n);
  if (!o.begin(r)) return;
  std::vector<double> step, loss, accuracy;
  for (const ap::CurvePoint& p : r.value) {
    step.push_back(static_cast<double>(p.step));
    loss.push_back(p.loss);
    accuracy.push_back(p.accuracy);
  }
  o.doubles("step", std::move(step));
  o.doubles("loss", std::move(loss));
  o.doubles("accuracy", std::move(accuracy));
  o.number("taken", static_cast<double>(session->taken));
}

void session_snapshot(Args& a, Out& o) {
  const double handle = a.number();
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(o, handle);
  auto r = ap::tiny_session_view(*session);
  if (!o.begin(r)) return;
  std::vector<double> attention;  // L·h × (T, T) end to end
  for (const ap::Matrix& w : r.value.attention)
    attention.insert(attention.end(), w.data.begin(), w.data.end());
  o.number("step", static_cast<double>(session->taken));
  o.doubles("params", std::vector<double>(session->model.params));
  o.doubles("attention", std::move(attention));
  o.doubles("previous_token", std::move(r.value.scores.previous_token));
  o.doubles("induction", std::move(r.value.scores.induction));
}

void session_held_out(Args& a, Out& o) {
  const double handle = a.number();
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(o, handle);
  std::vector<double> tokens;
  for (std::size_t k = 0; k < session->held_out.context; ++k)
    tokens.push_back(static_cast<double>(session->held_out.tokens[k]));
  o.begin_ok();
  o.doubles("tokens", std::move(tokens));
}

void session_set_params(Args& a, Out& o) {
  const double handle = a.number();
  const std::vector<double> params = a.doubles("params");
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(o, handle);
  if (!a.ok()) return o.fail(a.status());
  const ap::Status s = ap::tiny_session_set_params(*session, params);
  s.ok() ? o.begin_ok() : o.fail(s);
}

// Head `head` of layer `layer` on `tokens` (numbers), with `params` (null: the session's).
void head_inputs(Args& a, Out& o) {
  const double handle = a.number(), layer = a.number(), head = a.number();
  const std::vector<double> tokens = a.doubles("tokens");
  const bool other_params = a.present();
  const std::vector<double> params = other_params ? a.doubles("params") : std::vector<double>();
  ap::TinySession* session = session_of(handle);
  if (!session) return no_session(o, handle);
  std::size_t l = 0, t = 0;
  ap::Status s = count_arg("tiny_head_inputs", "layer", layer, 0, ap::kMaxTinyLayers, l);
  if (s.ok()) s = count_arg("tiny_head_inputs", "head", head, 0, ap::kMaxTinyHeads, t);
  if (s.ok()) s = a.status();
  if (!s.ok()) return o.fail(s);
  std::vector<std::size_t> ids;
  for (double x : tokens) {
    std::size_t id = 0;
    s = count_arg("tiny_head_inputs", "token", x, 0, ap::kMaxTinyVocab, id);
    if (!s.ok()) return o.fail(s);
    ids.push_back(id);
  }
  ap::TinyTransformer model = session->model;  // a copy when other weights are asked for
  if (other_params) {
    ap::TinySession probe;
    probe.model = model;
    s = ap::tiny_session_set_params(probe, params);
    if (!s.ok()) return o.fail(s);
    model = std::move(probe.model);
  }
  auto r = ap::tiny_head_inputs(model, ids, l, t);
  if (!o.begin(r)) return;
  o.matrix("q", std::move(r.value.q));
  o.matrix("k", std::move(r.value.k));
  o.matrix("v", std::move(r.value.v));
  o.matrix("weights", std::move(r.value.weights));
}

void session_dispose(Args& a, Out&) {
  const double handle = a.number();
  if (session_of(handle)) sessions.erase(static_cast<int>(handle));
}

// Kinds (web/src/core/wire.ts): n number, b flag, s string, v list of numbers, V list or null.
const Bindings list{
    {"tiny_param_views", "nnnnnnbsn", param_views},
    {"tiny_session_create", "nnnnnnbsnsnnnn", session_create},
    {"tiny_session_train", "nn", session_train},
    {"tiny_session_snapshot", "n", session_snapshot},
    {"tiny_session_held_out", "n", session_held_out},
    {"tiny_session_set_params", "nv", session_set_params},
    {"tiny_head_inputs", "nnnvV", head_inputs},
    {"tiny_session_dispose", "n", session_dispose},
};

}  // namespace
