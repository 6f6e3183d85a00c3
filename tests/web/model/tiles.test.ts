// tiles.test.ts — the tile stepper's model: which key tile each column is in and where it stands at a
// step; each row's m, l, rescale factor and partial output read from core.typed.flash_trace, checked against an
// online softmax written here from the definition; the final check against attention()'s out; what the stepper
// runs on for each operation and mask (tiles-input.ts), and the tile size in the link ('tb').
import { beforeAll, describe, expect, test } from 'vitest';
import type { Core, TypedMatrix } from '../../../web/src/core/core';
import { cellsOf, defaultState, parse, serialize, type State } from '../../../web/src/model/state';
import { columnState, largestDifference, rowReading, scaledScores, tileOfColumn, tilesOf } from '../../../web/src/model/tiles';
import { MAX_TILE_TOKENS, runTiles, tileInputs } from '../../../web/src/model/tiles-input';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

/** A matrix of `rows` × `cols` from a formula. */
const mat = (rows: number, cols: number, f: (i: number, j: number) => number): TypedMatrix => ({
  data: Float64Array.from({ length: rows * cols }, (_, k) => f(Math.floor(k / cols), k % cols)),
  rows,
  cols,
});

/** The online softmax of row i after the keys [0, end), from the definition: m, l and acc / l. */
function online(Q: TypedMatrix, K: TypedMatrix, V: TypedMatrix, i: number, end: number, causal: boolean) {
  let [m, l] = [-Infinity, 0];
  const acc = new Array<number>(V.cols).fill(0);
  for (let j = 0; j < end && (!causal || j <= i); j++) {
    let s = 0;
    for (let c = 0; c < Q.cols; c++) s += Q.data[i * Q.cols + c] * K.data[j * K.cols + c];
    s /= Math.sqrt(Q.cols);
    const mNew = Math.max(m, s);
    const r = Math.exp(m - mNew);
    const p = Math.exp(s - mNew);
    l = l * r + p;
    for (let c = 0; c < V.cols; c++) acc[c] = acc[c] * r + p * V.data[j * V.cols + c];
    m = mNew;
  }
  return { m, l, partial: acc.map((a) => (l > 0 ? a / l : 0)) };
}

/** A state of attention with Q, K, V of n tokens (d = 3), and `mask`. */
function stateOf(n: number, mask: State['mask'] = 'causal', tileSize = 4): State {
  const s = defaultState();
  const rows = (f: (i: number, c: number) => number) => Array.from({ length: n }, (_, i) => Array.from({ length: 3 }, (_, c) => f(i, c)));
  s.matrices = { Q: cellsOf(rows((i, c) => Math.sin(i + c))), K: cellsOf(rows((i, c) => Math.cos(2 * i - c))), V: cellsOf(rows((i, c) => i - c)) };
  s.mask = mask;
  s.tileSize = tileSize;
  return s;
}

describe('tiles and columns', () => {
  test('keys in tiles of 4, the last one shorter; each column its tile; current, seen or ahead at a step', () => {
    expect(tilesOf(10, 4)).toEqual([
      { begin: 0, end: 4 },
      { begin: 4, end: 8 },
      { begin: 8, end: 10 },
    ]);
    expect(tilesOf(3, 1)).toHaveLength(3);
    expect([0, 3, 4, 7, 8, 9].map((j) => tileOfColumn(j, 4))).toEqual([0, 0, 1, 1, 2, 2]);
    expect([0, 4, 9].map((j) => columnState(j, 4, 0))).toEqual(['ahead', 'ahead', 'ahead']);
    expect([0, 4, 9].map((j) => columnState(j, 4, 2))).toEqual(['seen', 'current', 'ahead']);
    expect([0, 4, 9].map((j) => columnState(j, 4, 3))).toEqual(['seen', 'seen', 'current']);
  });

  test('scaled scores are q·k / √d_k, or q·k unscaled', () => {
    const Q = mat(2, 4, (i, c) => i + c);
    const K = mat(3, 4, (j, c) => j - c);
    const s = scaledScores(Q, K, true);
    expect([s.rows, s.cols]).toEqual([2, 3]);
    expect(s.data[1 * 3 + 2]).toBeCloseTo((1 * 2 + 2 * 1 + 3 * 0 + 4 * -1) / 2, 15);
    expect(scaledScores(Q, K, false).data[5]).toBeCloseTo(2 * s.data[5], 14);
  });
});

describe('each row read from the trace', () => {
  test.each([
    [16, 4, true],
    [10, 4, false],
    [7, 1, true],
    [9, 8, false],
  ])('n = %i, tiles of %i, causal %s: m, l and the partial output after every tile equal an online softmax', (n, size, causal) => {
    const s = stateOf(n, causal ? 'causal' : 'none', size);
    const x = tileInputs(core, s).inputs!;
    const run = runTiles(core, x, size);
    expect(run.trace.steps).toHaveLength(Math.ceil(n / size));
    for (let step = 0; step <= run.trace.steps.length; step++)
      for (let i = 0; i < n; i++) {
        const r = rowReading(run.trace, step, i);
        const want = online(x.Q, x.K, x.V, i, Math.min(n, step * size), causal);
        if (want.l > 0) {
          expect(Math.abs(r.m - want.m)).toBeLessThan(1e-12);
          expect(Math.abs(r.l - want.l) / want.l).toBeLessThan(1e-12);
        } else expect([r.m, r.l]).toEqual([-Infinity, 0]);
        expect(largestDifference({ data: r.partial, rows: 1, cols: 3 }, { data: Float64Array.from(want.partial), rows: 1, cols: 3 })).toBeLessThan(1e-12);
      }
  });

  test('the rescale factor e^(m_old − m_new) is given exactly when a tile raises a finite m', () => {
    const run = runTiles(core, tileInputs(core, stateOf(16, 'none', 2)).inputs!, 2);
    let grew = 0;
    for (let step = 1; step <= run.trace.steps.length; step++)
      for (let i = 0; i < 16; i++) {
        const r = rowReading(run.trace, step, i);
        const raised = r.m > r.mOld && Number.isFinite(r.mOld);
        expect(r.rescale !== null).toBe(raised);
        if (r.rescale !== null) {
          grew++;
          expect(r.rescale).toBeCloseTo(Math.exp(r.mOld - r.m), 15);
          expect(r.rescale).toBeLessThan(1);
        }
      }
    expect(grew).toBeGreaterThan(0);
    const first = rowReading(run.trace, 1, 0);
    expect([first.mOld, first.lOld, first.rescale]).toEqual([-Infinity, 0, null]);
  });

  test('causal: a row not reached by a tile is untouched; before any tile every row is m = −∞, l = 0', () => {
    const run = runTiles(core, tileInputs(core, stateOf(8, 'causal', 4)).inputs!, 4);
    const r0 = rowReading(run.trace, 0, 5);
    expect([r0.m, r0.l, r0.touched, ...r0.partial]).toEqual([-Infinity, 0, false, 0, 0, 0]);
    expect(rowReading(run.trace, 2, 2).touched).toBe(false); // row 2 sees keys 0 … 2, all in tile 1
    expect(rowReading(run.trace, 2, 6).touched).toBe(true);
  });
});

describe('the final check and lse', () => {
  test('the trace out equals attention()’s out with the same causal mask within 1e-12; lse = m + ln l', () => {
    for (const mask of ['causal', 'none'] as const) {
      const run = runTiles(core, tileInputs(core, stateOf(16, mask, 4)).inputs!, 4);
      expect(run.difference).toBeLessThan(1e-12);
      const last = run.trace.steps[run.trace.steps.length - 1];
      for (let i = 0; i < 16; i++) expect(run.trace.lse[i]).toBeCloseTo(last.m[i] + Math.log(last.l[i]), 12);
    }
  });

  test('a difference shows: another out is not equal', () => {
    const run = runTiles(core, tileInputs(core, stateOf(4, 'none', 2)).inputs!, 2);
    const other = { ...run.full, data: run.full.data.map((v, k) => (k === 3 ? v + 1e-6 : v)) };
    expect(largestDifference(run.trace.out, other)).toBeCloseTo(1e-6, 12);
    expect(largestDifference(run.trace.out, { data: new Float64Array(2), rows: 1, cols: 2 })).toBeNaN();
  });
});

describe('what the stepper runs on', () => {
  test('attention: Q, K, V as typed; causal follows the mask; other masks run without one and say so', () => {
    expect(tileInputs(core, stateOf(6, 'causal')).inputs!.causal).toBe(true);
    const none = tileInputs(core, stateOf(6, 'none'));
    expect([none.inputs!.causal, none.notes]).toEqual([false, []]);
    const window = tileInputs(core, stateOf(6, 'window'));
    expect(window.inputs!.causal).toBe(false);
    expect(window.notes).toEqual([{ key: 'tiles.note.mask', vars: { mask: 'window' } }]);
  });

  test('more than 16 tokens: nothing, and the note; temperature or positions: the note that they are left out', () => {
    const big = tileInputs(core, stateOf(MAX_TILE_TOKENS + 1));
    expect(big.inputs).toBeNull();
    expect(big.notes[0]).toEqual({ key: 'tiles.note.tooMany', vars: { max: 16, nq: 17, nk: 17 } });
    const large = stateOf(4);
    large.matrices.K = { kind: 'random', rows: 4096, cols: 3, seed: 1, scale: 1 };
    expect(tileInputs(core, large)).toEqual({ inputs: null, notes: [{ key: 'tiles.note.tooMany', vars: { max: 16, nq: 4, nk: 4096 } }] });
    const warm = stateOf(4);
    warm.temperature = 2;
    expect(tileInputs(core, warm).notes.map((n) => n.key)).toEqual(['tiles.note.plain']);
  });

  test('other operations: the seeded 8 × 4 example, the same every time; bad cells: a note, no inputs', () => {
    const s = stateOf(4);
    s.op = 'block';
    const a = tileInputs(core, s);
    expect([a.inputs!.Q.rows, a.inputs!.Q.cols, a.notes[0].key]).toEqual([8, 4, 'tiles.note.example']);
    expect(tileInputs(core, s).inputs!.K.data).toEqual(a.inputs!.K.data);
    expect(a.inputs!.Q.data).not.toEqual(a.inputs!.K.data);
    const bad = stateOf(4);
    bad.matrices.Q = cellsOf([[1, 2, 3]]);
    (bad.matrices.Q as { cells: string[][] }).cells[0][1] = 'x';
    expect(tileInputs(core, bad)).toEqual({ inputs: null, notes: [{ key: 'tiles.note.unread' }] });
  });

  test('the tile size is in the link as tb (1 … 16, default 4 not written)', () => {
    const s = stateOf(4, 'none', 8);
    expect(serialize(s)).toContain('tb=8');
    expect(parse(serialize(s)).tileSize).toBe(8);
    expect(serialize(defaultState())).not.toContain('tb=');
    expect(parse('op=attention&tb=17').tileSize).toBe(4);
    expect(parse('op=attention&tb=0').tileSize).toBe(4);
    expect(parse('op=attention&tb=3').tileSize).toBe(3);
  });
});
