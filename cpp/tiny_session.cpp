#include "tiny_session.h"

#include <cmath>
#include <utility>

#include "checks.h"
#include "head_scores.h"

namespace ap {

namespace {

Status check_settings(const TinyRunSettings& s) {
  if (s.batch < 1 || s.batch > kMaxTaskBatch)
    return Status::Error("invalid_argument", message("tiny_session: batch = %zu must be 1 … %zu",
                                                     s.batch, kMaxTaskBatch));
  if (s.steps < 1 || s.steps > kMaxTinySteps)
    return Status::Error("invalid_argument", message("tiny_session: steps = %zu must be 1 … %zu",
                                                     s.steps, kMaxTinySteps));
  if (!(s.lr > 0.0 && s.lr <= 1.0))  // NaN fails too
    return Status::Error("invalid_argument",
                         message("tiny_session: lr = %g must be a number in (0, 1]", s.lr));
  return Status::Ok();
}

}  // namespace

Result<TinySession> make_tiny_session(const TinyConfig& config, const TinyRunSettings& settings) {
  Status s = check_settings(settings);
  if (!s.ok()) return Result<TinySession>::Fail(s);
  Result<TinyTransformer> model = make_tiny_transformer(config);
  if (!model.ok()) return Result<TinySession>::Fail(model.status);
  Result<TaskBatch> held = held_out_sequence(config, settings.task, settings.seed);
  if (!held.ok()) return Result<TinySession>::Fail(held.status);
  Result<TinySession> r;
  r.value.model = std::move(model.value);
  r.value.adam.options.lr = settings.lr;
  r.value.settings = settings;
  r.value.held_out = std::move(held.value);
  return r;
}

Result<std::vector<CurvePoint>> tiny_session_train(TinySession& session, std::size_t count) {
  using R = Result<std::vector<CurvePoint>>;
  if (count < 1) return R::Fail(Status::Error("invalid_argument", "tiny_session: count = 0"));
  const TinyRunSettings& o = session.settings;
  const TinyConfig& c = session.model.config;
  R r;
  for (std::size_t k = 0; k < count && session.taken < o.steps; ++k) {
    // the same batch as train()'s step `taken`
    Result<TaskBatch> batch =
        make_task(o.task, o.batch, c.context, c.vocab, batch_seed(o.seed, session.taken));
    if (!batch.ok()) return R::Fail(batch.status);
    Result<StepStats> st = train_step(session.model, session.adam, batch.value);
    if (!st.ok()) return R::Fail(st.status);
    r.value.push_back({session.taken, st.value.loss, st.value.accuracy});
    ++session.taken;
  }
  return r;
}

Result<TinySessionView> tiny_session_view(const TinySession& session) {
  using R = Result<TinySessionView>;
  Result<TinyPass> pass = tiny_forward(session.model, session.held_out, 0);
  if (!pass.ok()) return R::Fail(pass.status);
  R r;
  r.value.attention = std::move(pass.value.attention);
  if (session.held_out.context % 2 != 0) return r;  // no repeated half to score
  const std::vector<std::size_t> tokens(
      session.held_out.tokens.begin(),
      session.held_out.tokens.begin() + static_cast<std::ptrdiff_t>(session.held_out.context));
  for (const Matrix& w : r.value.attention) {
    Result<double> p = previous_token_score(w);
    if (!p.ok()) return R::Fail(p.status);
    Result<double> i = induction_score(w, tokens);
    if (!i.ok()) return R::Fail(i.status);
    r.value.scores.previous_token.push_back(p.value);
    r.value.scores.induction.push_back(i.value);
  }
  return r;
}

Status tiny_session_set_params(TinySession& session, const std::vector<double>& params) {
  const std::size_t n = session.model.params.size();
  if (params.size() != n)
    return Status::Error("shape", message("tiny_session: %zu parameters given, the model has %zu",
                                          params.size(), n));
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(params[i]))
      return Status::Error("non_finite",
                           message("tiny_session: parameter %zu is not a finite number", i));
  session.model.params = params;
  session.adam.state = AdamState{};  // fresh moments
  return Status::Ok();
}

}  // namespace ap
