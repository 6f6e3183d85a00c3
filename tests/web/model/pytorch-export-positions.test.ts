// pytorch-export-positions.test.ts — "Copy as PyTorch" with positions, RUN by torch: for every
// position mode × {attention, multi_head, block, single_head} the exported script, run by /usr/bin/python3 with
// torch (float64), prints the same weights as compute() within 1e-9. Without torch the test fails and says what
// to install (python3-torch, scripts/setup.sh).

import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, test } from 'vitest';
import { fromTyped, type Core } from '../../../web/src/core/core';
import { compute, maskFor, readMatrix } from '../../../web/src/model/compute';
import { toPyTorch } from '../../../web/src/model/pytorch-export';
import { OPS as OPERATION_SPECS } from '../../../web/src/model/ops/index';
import { cellsOf, defaultState, POSITIONS, type MatrixName, type Operation, type State } from '../../../web/src/model/state';
import { SEED_000 } from '../../../web/src/model/seed000';
import { loadCoreForNode } from '../support/load-core';
import { maxAbsDiff, TOL, type Nested } from '../support/golden';

const PYTHON = '/usr/bin/python3';

/** Runs each script in a fresh namespace of one Python process (torch is imported once) and prints its weights as JSON. */
const RUNNER = `
import contextlib, io, json, sys
scripts = json.load(sys.stdin)
results = []
for script in scripts:
    ns = {"__name__": "__main__"}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(script, "exported.py", "exec"), ns)
    results.append(ns["weights"].tolist())
print(json.dumps(results))
`;

/** A state of `op` with positions `pos`, on inputs where positions matter: 3 queries on 4 keys for attention and multi_head. */
function stateOf(op: Operation, pos: State['positions'], align: State['align'] = 'top-left'): State {
  const s = defaultState();
  s.op = op;
  s.positions = pos;
  s.align = align;
  s.ropeBase = pos === 'rope' && op === 'multi_head' ? 500 : 10000;
  s.ropePairing = op === 'block' || op === 'single_head' ? 'interleaved' : 'half';
  s.h = 2;
  s.mask = op === 'single_head' || op === 'block' || align === 'bottom-right' ? 'causal' : 'none';
  if (op === 'attention') [s.temperature, s.qLength] = [0.7, 1.3];
  const Q = [
    [0.5, -1, 0.25, 2],
    [1.5, 0.5, -0.75, 0],
    [-1, 1, 1, 0.5],
  ];
  const K = [
    [1, 0, -0.5, 0.5],
    [0, 1, 2, -1],
    [0.25, -0.5, 1, 1],
    [2, 1, 0, -0.25],
  ];
  const V = [
    [1, 2, 0, -1],
    [3, -4, 1, 0.5],
    [0.5, 0, -2, 1],
    [-1, 1, 1, 1],
  ];
  if (op === 'attention' || op === 'multi_head') s.matrices = { Q: cellsOf(Q), K: cellsOf(K), V: cellsOf(V) };
  else if (op === 'block') s.matrices = { X: cellsOf(K) };
  else s.matrices = { X: cellsOf(SEED_000.X), Wq: cellsOf(SEED_000.Wq), Wk: cellsOf(SEED_000.Wk), Wv: cellsOf(SEED_000.Wv) };
  return s;
}

/** The script the export panel copies for `state` (its inputs' numbers and the mask, as ExportPanel.pytorch()). */
function scriptOf(core: Core, state: State): string {
  const inputs: Partial<Record<MatrixName, number[][]>> = {};
  for (const n of OPERATION_SPECS[state.op].inputs) {
    const { m } = readMatrix(core, state, n);
    if (m) inputs[n] = fromTyped(m);
  }
  const rows = (inputs.Q ?? inputs.X ?? []).length;
  const cols = (inputs.K ?? inputs.X ?? []).length;
  const m = maskFor(core, state, rows, cols);
  const mask = m && Array.from({ length: rows }, (_, i) => Array.from(m.data.subarray(i * cols, (i + 1) * cols), (x) => x === 1));
  return toPyTorch(state, inputs, mask);
}

/** The page's weights: one matrix (attention, single_head) or one per head. */
function pageWeights(core: Core, state: State): Nested {
  const r = compute(core, state);
  if (!r.ok) throw new Error(`compute failed for ${state.op} / ${state.positions}: ${r.message}`);
  const heads = r.view.heads.map((h) => fromTyped(h.weights));
  return state.op === 'multi_head' || state.op === 'block' ? heads : heads[0];
}

const OPS: Operation[] = ['attention', 'multi_head', 'block', 'single_head'];
const CASES = OPS.flatMap((op) => POSITIONS.map((pos) => ({ op, pos, align: 'top-left' as const })));
// fewer queries than keys (attention, multi_head): the queries aligned bottom-right as well, causal
for (const op of ['attention', 'multi_head'] as const) for (const pos of POSITIONS) CASES.push({ op, pos, align: 'bottom-right' as never });

describe('Copy as PyTorch with positions, run by torch', () => {
  let core: Core;
  let torchWeights: Nested[] = [];
  beforeAll(async () => {
    core = await loadCoreForNode();
    try {
      execFileSync(PYTHON, ['-c', 'import torch'], { stdio: 'pipe' });
    } catch {
      throw new Error(`${PYTHON} has no torch: install python3-torch (apt-get install python3-torch; scripts/setup.sh lists it)`);
    }
    const scripts = CASES.map(({ op, pos, align }) => scriptOf(core, stateOf(op, pos, align)));
    const out = execFileSync(PYTHON, ['-c', RUNNER], { input: JSON.stringify(scripts), encoding: 'utf8', maxBuffer: 1 << 24 });
    torchWeights = JSON.parse(out) as Nested[];
  }, 120_000);

  test.each(CASES.map((c, n) => ({ ...c, n })))('$op with $pos positions, queries $align: torch gives the page’s weights', ({ op, pos, align, n }) => {
    const page = pageWeights(core, stateOf(op, pos, align));
    const diff = maxAbsDiff(page, torchWeights[n]);
    expect(diff, `${op} / ${pos}: largest |page − torch| = ${diff}`).toBeLessThan(TOL);
  });

  test('positions change the weights (the cases test something)', () => {
    for (const op of OPS) {
      const none = pageWeights(core, stateOf(op, 'none'));
      for (const pos of ['sinusoidal', 'rope', 'alibi'] as const)
        expect(maxAbsDiff(none, pageWeights(core, stateOf(op, pos))), `${op} / ${pos}`).toBeGreaterThan(1e-4);
    }
  });

  test('the script writes RoPE and ALiBi out in full', () => {
    const rope = scriptOf(core, stateOf('attention', 'rope'));
    expect(rope).toContain('def rotate_half(x):');
    expect(rope).toContain('attention(rope(Q, offset=first), rope(K), V, mask, scale=True, tau=0.7)');
    expect(rope).toContain('first = 0  # query i at position i (aligned top-left)');
    expect(scriptOf(core, stateOf('block', 'rope'))).toContain('def rotate_interleaved(x):');
    const alibi = scriptOf(core, stateOf('multi_head', 'alibi'));
    expect(alibi).toContain('def alibi_slopes(h):');
    expect(alibi).toContain('multi_head(Q, K, V, 2, mask, bias=bias)');
    expect(scriptOf(core, stateOf('single_head', 'sinusoidal'))).toContain('X = X + pos_encoding(X.shape[0], X.shape[-1])');
  });
});
