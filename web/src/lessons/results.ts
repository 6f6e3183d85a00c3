// results.ts — the experiments' results an "experiment" check reads: the
// experiment the state names (`run`, as a shared link re-runs it) run with
// the state's settings (x.<experiment>.<field>, each field's default where
// the state has none, read by the form's own hook as the experiments panel
// does), through runExperiment (experiments/index.ts).

import { fromTyped, type Core } from '../core/core';
import { runExperiment, specNamed, type ExperimentName } from '../experiments/index';
import { readMatrix } from '../model/inputs';
import { opOf } from '../model/ops/index';
import type { State } from '../model/state';

/** The raw settings of experiment `name` in `state`, as its form would hold them; undefined for an unknown experiment. */
export function experimentInput(core: Core, state: State, name: string): Record<string, unknown> | undefined {
  const spec = specNamed(name);
  if (!spec) return undefined;
  const values: Record<string, unknown> = {};
  for (const f of spec.settings.fields) {
    const text = state.experiments[`${name}.${f.key}`] ?? f.value;
    values[f.key] = f.kind === 'checkbox' ? text === 'true' : text;
  }
  const currentX = () => {
    try {
      const { m } = readMatrix(core, state, state.matrices.X && opOf(state).flags.selfInput ? 'X' : 'Q');
      return m ? fromTyped(m) : null;
    } catch {
      return null; // what the core refuses, the compute panel says
    }
  };
  return spec.form?.read?.(values, { currentX }) ?? values;
}

/** The result of the experiment `state.run` names, keyed by its name; empty when it names none or its settings are refused. */
export function resultsFor(core: Core, state: State): Record<string, unknown> {
  const input = state.run ? experimentInput(core, state, state.run) : undefined;
  if (!input) return {};
  try {
    return { [state.run]: runExperiment(core, state.run as ExperimentName, input) };
  } catch {
    return {}; // bad settings: the experiments panel shows why
  }
}
