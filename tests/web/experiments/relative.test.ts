// Tests of the relative-position experiment (web/src/experiments/relative/),
// and of the permutation experiment's RoPE and ALiBi cases, through the WASM
// build: the PyTorch float64 fixture
// tests/golden/relative_position.json within 1e-9, every bad setting (in the
// validator and in the façade), the reports in both languages, and a run
// through the worker's request handler.
import { beforeAll, describe, expect, it } from 'vitest';
import { AttentionError, type Core } from '../../../web/src/core/core';
import type { PositionsKind } from '../../../web/src/core/experiments';
import { handleRequest } from '../../../web/src/worker/handlers';
import { type WorkerMessage } from '../../../web/src/worker/protocol';
import { diagonal, relativeCsv, relativeReport, relativeSentence } from '../../../web/src/experiments/relative/report';
import { notesReport } from '../../../web/src/experiments/notes';
import { permCsv, permReport, permSentence } from '../../../web/src/experiments/permutation/report';
import { SettingsError, VALIDATORS, runExperiment } from '../../../web/src/experiments/index';
import { runPermutation } from '../../../web/src/experiments/permutation/run';
import { validatePermutation } from '../../../web/src/experiments/permutation/settings';
import { runRelative, type RelativeResult } from '../../../web/src/experiments/relative/run';
import { DEFAULT_RELATIVE, validateRelative } from '../../../web/src/experiments/relative/settings';
import { fixture, maxAbsDiff, TOL } from '../support/golden';
import { loadCoreForNode } from '../support/load-core';

interface RelativeCase {
  name: string;
  op: 'relative_position';
  q: number[];
  k: number[];
  n: number;
  base: number;
  pairing: 'half' | 'interleaved';
  rope_scores: number[][];
  sin_scores: number[][];
  rope_deviation: number;
  sin_deviation: number;
}

interface PermCase {
  name: string;
  op: 'permutation';
  positions: 'rope' | 'alibi';
  X: number[][];
  perm: number[];
  out: number[][];
  out_permuted: number[][];
  permuted_out: number[][];
  weights: number[][];
  weights_permuted: number[][];
  max_abs_diff: number;
}

const CASES = fixture<RelativeCase | PermCase>('relative_position.json');
const rows = (m: { data: Float64Array; rows: number; cols: number }) =>
  Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

let core: Core;
let result: RelativeResult;

beforeAll(async () => {
  core = await loadCoreForNode();
  result = runRelative(core, DEFAULT_RELATIVE);
});

describe('relative position against PyTorch float64 (WASM)', () => {
  const rel = CASES.filter((c): c is RelativeCase => c.op === 'relative_position');
  it('has both pairings at d = 2, 8 and 64', () => {
    expect(new Set(rel.map((c) => `${c.pairing} ${c.q.length}`))).toEqual(
      new Set(['half 2', 'half 8', 'half 64', 'interleaved 2', 'interleaved 8', 'interleaved 64']),
    );
  });
  for (const c of rel)
    it(c.name, () => {
      const r = core.experiments.relative_position_scores(c.q, c.k, c.n, { base: c.base, pairing: c.pairing });
      expect(maxAbsDiff(rows(r.rope_scores), c.rope_scores)).toBeLessThanOrEqual(TOL);
      expect(maxAbsDiff(rows(r.sin_scores), c.sin_scores)).toBeLessThanOrEqual(TOL);
      expect(Math.abs(r.rope_deviation - c.rope_deviation)).toBeLessThanOrEqual(TOL);
      expect(Math.abs(r.sin_deviation - c.sin_deviation)).toBeLessThanOrEqual(TOL);
      expect(r.rope_deviation).toBeLessThan(1e-12);
      expect(r.sin_deviation).toBeGreaterThan(1e-3);
    });
});

describe('the permutation experiment with RoPE and ALiBi against PyTorch float64 (WASM)', () => {
  for (const c of CASES.filter((x): x is PermCase => x.op === 'permutation'))
    it(c.name, () => {
      const r = core.experiments.permutation_positions(c.X, c.perm, c.positions);
      expect(r.positions).toBe(c.positions);
      expect(r.use_pe).toBe(false);
      for (const key of ['out', 'out_permuted', 'permuted_out', 'weights', 'weights_permuted'] as const)
        expect(maxAbsDiff(rows(r[key]), c[key]), key).toBeLessThanOrEqual(TOL);
      expect(Math.abs(r.max_abs_diff - c.max_abs_diff)).toBeLessThanOrEqual(TOL);
      expect(r.max_abs_diff).toBeGreaterThan(1e-6);
    });

  it('none and sinusoidal give what permutation_experiment gives', () => {
    const X = core.typed.random_normal(5, 4, 3);
    const perm = [4, 2, 0, 1, 3];
    expect(core.experiments.permutation_positions(X, perm, 'none').out_permuted).toEqual(core.experiments.permutation_experiment(X, perm, false).out_permuted);
    const sin = core.experiments.permutation_positions(X, perm, 'sinusoidal');
    expect(sin.use_pe).toBe(true);
    expect(sin.max_abs_diff).toBe(core.experiments.permutation_experiment(X, perm, true).max_abs_diff);
  });
});

describe('relative position: the run, its settings and its reports', () => {
  it('RoPE keeps every diagonal constant, the sinusoidal encoding does not', () => {
    expect(result.ropeScores.rows).toBe(16);
    expect(result.sinScores.cols).toBe(16);
    expect(result.ropeDeviation).toBeLessThan(1e-12);
    expect(result.sinDeviation).toBeGreaterThan(1e-3);
    for (let c = -15; c <= 15; c++) {
      const diag = diagonal(result.ropeScores, c);
      expect(diag.length).toBe(16 - Math.abs(c));
      expect(Math.max(...diag) - Math.min(...diag)).toBeLessThanOrEqual(result.ropeDeviation);
    }
    // q then k from the seed, the same natively (relative_position_test.cpp draws them the same way)
    expect(result.q.length).toBe(8);
    const again = core.experiments.relative_position_scores(result.q, result.k, 16, {});
    expect(again.rope_deviation).toBe(result.ropeDeviation);
    expect(structuredClone(result)).toEqual(result);
  });

  it('diagonal() walks i − j = c from its top-left end', () => {
    const S = { data: Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]), rows: 3, cols: 3 };
    expect(diagonal(S, 0)).toEqual([1, 5, 9]);
    expect(diagonal(S, 1)).toEqual([4, 8]);
    expect(diagonal(S, -2)).toEqual([3]);
  });

  it('rejects every bad setting with a message next to its field', () => {
    const L = core.limits();
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [{ n: 1 }, 'n', /n = 1 must be at least 2/],
      [{ n: '' }, 'n', /n: empty is not a number/],
      [{ n: L.maxRows + 1 }, 'n', /over the limit/],
      [{ n: 2.5 }, 'n', /whole number/],
      [{ d: 7 }, 'd', /d = 7 must be even/],
      [{ d: 0 }, 'd', /d = 0 must be at least 2/],
      [{ d: 'x' }, 'd', /not a number/],
      [{ seed: -1 }, 'seed', /at least 0/],
      [{ base: 1 }, 'base', /base = 1 must be a finite number > 1/],
      [{ base: 'ten' }, 'base', /base: "ten" is not a number/],
      [{ base: Infinity }, 'base', /finite number > 1/],
      [{ base: '' }, 'base', /empty/],
      [{ pairing: 'odd' }, 'pairing', /must be one of half, interleaved/],
      [{ n: 4096, d: 4096 }, 'n', /over the work limit/],
    ];
    for (const [input, field, message] of bad) {
      const v = validateRelative(input, L);
      expect(v.ok, JSON.stringify(input)).toBe(false);
      if (!v.ok) expect((v.errors as Record<string, string>)[field]).toMatch(message);
    }
    expect(validateRelative({ n: '32', d: '64', seed: '3', base: '500000', pairing: 'interleaved' }, L)).toEqual({
      ok: true,
      settings: { n: 32, d: 64, seed: 3, base: 500000, pairing: 'interleaved' },
    });
    expect(VALIDATORS.relative).toBe(validateRelative);
    expect(() => runExperiment(core, 'relative', { d: 3 })).toThrow(SettingsError);
  });

  it('the façade checks its arguments before WebAssembly, the core the rest', () => {
    const E = core.experiments;
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(AttentionError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(err(() => E.relative_position_experiment(1, 8, 0))).toBe('relative_position_experiment: n = 1 must be at least 2 (a diagonal needs two positions)');
    expect(err(() => E.relative_position_experiment(4, 5, 0))).toMatch(/d = 5 must be even/);
    expect(err(() => E.relative_position_experiment(4, 8, -1))).toMatch(/^relative_position_experiment: seed/);
    expect(err(() => E.relative_position_experiment(4, 8, 0, { base: 0.5 }))).toMatch(/^relative_position_experiment: base = 0.5 must be a finite number > 1/);
    expect(err(() => E.relative_position_experiment(4, 8, 0, { pairing: 'x' as 'half' }))).toMatch(/pairing must be 'half' or 'interleaved'/);
    expect(err(() => E.relative_position_experiment(4, 8, 0, { offset: 3 } as object))).toMatch(/rope takes base and pairing only/);
    expect(err(() => E.relative_position_experiment(4096, 4096, 0))).toMatch(/use a smaller n or d/);
    expect(err(() => E.relative_position_scores([1, 2], [1, 2, 3, 4], 3))).toMatch(/q has 2 values but k has 4/);
    expect(err(() => E.relative_position_scores([1, NaN], [1, 2], 3))).toMatch(/q\[1\]/);
    expect(err(() => E.permutation_positions([[1, 2]], [0], 'learned' as PositionsKind))).toMatch(/positions must be none, sinusoidal, rope or alibi/);
    expect(err(() => E.permutation_positions([[1, 2, 3]], [0], 'rope'))).toMatch(/d = 3 must be even for RoPE/);
    expect(err(() => E.permutation_positions([[1, 2]], [0], 'rope', { base: 1 }))).toMatch(/base = 1 must be a finite number > 1/);
    // the core still works
    expect(E.relative_position_experiment(3, 2, 1).rope_deviation).toBeLessThan(1e-12);
  });

  it('10-rope.txt has the settings, both deviations and the first diagonals, in English and 中文', () => {
    const en = relativeReport(result, 'en');
    expect(en).toMatch(/^10-rope\.txt — /);
    expect(en).toContain('n = 16 positions, d = 8, seed 7');
    expect(en).toContain('RoPE base 10000, half pairing');
    expect(en).toContain(
      `RoPE:       largest deviation from constant diagonals = ${result.ropeDeviation === 0 ? '0' : result.ropeDeviation.toExponential(2)} (${result.ropeDeviation})`,
    );
    expect(en).toContain(`(${result.sinDeviation})`);
    const main = diagonal(result.ropeScores, 0);
    expect(en).toContain(
      `  RoPE:       [${main
        .slice(0, 8)
        .map((x) => x.toFixed(6))
        .join(', ')}, …]`,
    );
    expect(en).toContain(relativeSentence(result, 'en'));
    expect(relativeSentence(result)).toMatch(
      /^RoPE: the score depends only on i − j \(largest deviation .+\); sinusoidal added to X: it does not \(deviation .+\)\.$/,
    );
    const zh = relativeReport(result, 'zh');
    expect(zh).toContain('相对位置');
    expect(zh).toContain(`(${result.ropeDeviation})`.replace('(', '（').replace(')', '）'));
    const csv = relativeCsv(result).trim().split('\n');
    expect(csv[0]).toBe('offset_i_minus_j,length,rope_min,rope_max,sin_min,sin_max');
    expect(csv).toHaveLength(1 + 31);
    expect(csv[16].startsWith('0,16,')).toBe(true);
  });

  it('runs through the worker’s request handler with progress', async () => {
    const messages: WorkerMessage[] = [];
    await handleRequest(
      () => Promise.resolve(core),
      { type: 'run', id: 3, experiment: 'relative', settings: { n: '6', d: '4' } },
      (m) => messages.push(m),
    );
    expect(messages.map((m) => m.type)).toEqual(['progress', 'progress', 'result']);
    expect(messages[0].type === 'progress' && messages[0].key).toBe('exp.step.relative');
    const last = messages[2];
    expect(last.type === 'result' && (last.result as RelativeResult).ropeScores.rows).toBe(6);
  });
});

describe('the permutation experiment with RoPE and ALiBi', () => {
  for (const pe of ['rope', 'alibi'] as const)
    it(`${pe}: breaks equivariance, and the report and the view name the case`, () => {
      const r = runPermutation(core, { X: null, n: 6, d: 8, seed: 7, perm: null, pe });
      expect(r.plain.max_abs_diff).toBeLessThan(1e-12);
      expect(r.withPe.max_abs_diff).toBeGreaterThan(1e-6);
      const name = pe === 'rope' ? 'RoPE' : 'ALiBi';
      expect(permSentence(r)).toContain(`With ${name} it is`);
      const report = permReport(r);
      expect(report).toContain(`positions: ${name}`);
      expect(report).toContain(`with ${name}:`);
      expect(permReport(r, 'zh')).toContain(`使用 ${name}`);
      expect(permCsv(r)).toContain(`with_pe,${pe},${r.withPe.max_abs_diff}`);
      expect(notesReport(null, r, null)).toContain(`with ${name} applied after permuting`);
    });

  it('validates the new choices: RoPE needs an even d', () => {
    const L = core.limits();
    expect(validatePermutation({ pe: 'rope', d: 8 }, L).ok).toBe(true);
    expect(validatePermutation({ pe: 'alibi', d: 3 }, L).ok).toBe(true);
    const odd = validatePermutation({ pe: 'rope', d: 3 }, L);
    expect(!odd.ok && odd.errors.pe).toBe('RoPE turns pairs of columns: d = 3 must be even');
    const given = validatePermutation({ pe: 'rope', X: [[1, 2, 3]] }, L);
    expect(!given.ok && given.errors.pe).toMatch(/d = 3 must be even/);
    const unknown = validatePermutation({ pe: 'learned' }, L);
    expect(!unknown.ok && unknown.errors.pe).toBe('positional encoding: "learned" must be one of none, sinusoidal, rope, alibi');
  });
});
