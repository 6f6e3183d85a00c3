// ops-gqa-parts.test.ts — grouped-query attention's heads take apart like the others (web/src/model/ops/gqa.ts):
// each small head keeps its parts, made from the core's projections (project: q·Wq + bq, …), query head i's
// columns of q·Wq + bq against key/value head ⌊i / group⌋'s columns of k·Wk + bk and v·Wv + bv. Checked
// against an independent float64 computation of the projections and of softmax(q·kᵀ/√d_k); the parts' weights
// are the core's grouped_query_attention weights; rows sum to 1 and masked keys are exactly 0. "How weight (i, j)
// was made" names the columns a head reads and where its output row goes (the concatenation Wo projects). Large
// heads keep none (no steps, nothing to explain or draw).
import { beforeAll, describe, expect, test } from 'vitest';
import { fromTyped, type Core } from '../../../web/src/core/core';
import { compute, readMatrix, type View } from '../../../web/src/model/compute';
import { presetById } from '../../../web/src/model/presets';
import type { MatrixName, State } from '../../../web/src/model/state';
import { parse } from '../../../web/src/model/state';
import { t } from '../../../web/src/i18n/i18n';
import { explainOutputRow, explainWeight, sourceOf } from '../../../web/src/model/explain';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

type M = number[][];
const matmul = (A: M, B: M): M => A.map((r) => B[0].map((_, j) => r.reduce((s, x, k) => s + x * B[k][j], 0)));
const addRow = (A: M, b: number[] | null): M => (b ? A.map((r) => r.map((x, j) => x + b[j])) : A);
const cols = (A: M, from: number, width: number): M => A.map((r) => r.slice(from, from + width));
const maxDiff = (a: M, b: M) => Math.max(...a.flatMap((r, i) => r.map((x, j) => Math.abs(x - b[i][j]))));

function viewOf(s: State): View {
  const o = compute(core, s);
  if (!o.ok) throw new Error(`not computed: ${o.code}`);
  return o.view;
}

describe('seed 004’s GQA (8 query heads of 16, 2 key/value heads, causal)', () => {
  const state = () => presetById('seed004-gqa')!.build();
  const read = (s: State, n: MatrixName) => fromTyped(readMatrix(core, s, n).m!);
  const vector = (s: State, n: MatrixName) => (s.matrices[n] ? read(s, n).flat() : null);

  test('every head’s q, k, v are its columns of the projections; its weights are the core’s', () => {
    const s = state();
    const v = viewOf(s);
    const Qp = addRow(matmul(read(s, 'Q'), read(s, 'Wq')), vector(s, 'bq'));
    const Kp = addRow(matmul(read(s, 'K'), read(s, 'Wk')), vector(s, 'bk'));
    const Vp = addRow(matmul(read(s, 'V'), read(s, 'Wv')), vector(s, 'bv'));
    v.heads.forEach((h, i) => {
      const p = h.parts!;
      const kv = Math.floor(i / 4);
      expect([p.source, p.kvHead, p.offset, p.dk], `head ${i}`).toEqual(['grouped', kv, 16 * i, 16]);
      expect(maxDiff(fromTyped(p.q), cols(Qp, 16 * i, 16))).toBeLessThan(1e-12);
      expect(maxDiff(fromTyped(p.k), cols(Kp, 16 * kv, 16))).toBeLessThan(1e-12);
      expect(maxDiff(fromTyped(p.v), cols(Vp, 16 * kv, 16))).toBeLessThan(1e-12);
      expect(maxDiff(fromTyped(p.weights), fromTyped(h.weights))).toBeLessThan(1e-12);
      // softmax(q·kᵀ/√16) with the causal mask (query i sees keys j ≤ i), written out here
      const q = fromTyped(p.q);
      const k = fromTyped(p.k);
      const want = q.map((qi, a) => {
        const e = k.map((kj, b) => (b <= a ? Math.exp(qi.reduce((t, x, c) => t + x * kj[c], 0) / 4) : 0));
        const sum = e.reduce((t, x) => t + x, 0);
        return e.map((x) => x / sum);
      });
      expect(maxDiff(fromTyped(p.weights), want)).toBeLessThan(1e-12);
      fromTyped(p.weights).forEach((row, a) => {
        expect(row.reduce((t, x) => t + x, 0)).toBeCloseTo(1, 14);
        row.forEach((w, b) => b > a && expect(w).toBe(0));
      });
    });
  });

  test('the steps are the chosen head’s (head 7 reads key/value head 2)', () => {
    const v = viewOf({ ...state(), head: 6 });
    expect(v.stepsHead).toBe(6);
    expect(Array.from(v.steps![0].m.data)).toEqual(Array.from(v.heads[6].parts!.scores.data));
    expect(v.heads[6].parts!.kvHead).toBe(1);
  });
});

describe('how a grouped-query head’s weight and output row were made', () => {
  const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
  const zh = (key: string, vars?: Record<string, string | number>) => t('zh', key, vars);
  const src = () => sourceOf(viewOf({ ...presetById('seed004-gqa')!.build(), head: 5 }), 5)!;

  test('the source says which columns of which projections the head reads', () => {
    const note = (lang: typeof en) => explainWeight(src(), 1, 0, lang).steps.find((s) => s.id === 'source')!.lines[0].text;
    expect(note(en)).toBe(
      'Query head 6 reads key/value head 2: q is columns 80–95 of q·Wq, k is columns 16–31 of k·Wk and v is columns 16–31 of v·Wv (each with its bias, where given).',
    );
    expect(note(zh)).toBe('第 6 个查询头读取第 2 个键/值头：q 是 q·Wq 的第 80–95 列，k 是 k·Wk 的第 16–31 列，v 是 v·Wv 的第 16–31 列（如有偏置，各自加上）。');
  });

  test('its output row goes into the heads’ concatenation, which Wo projects', () => {
    const ex = explainOutputRow(src(), 1, en);
    const notes = ex.steps.find((s) => s.id === 'sum')!.lines.map((l) => l.text);
    expect(notes).toContain(
      'This is head 6’s output: it fills columns 80–95 of the heads’ concatenation, which Wo turns into the output (out = concat·Wo, plus bo where given).',
    );
    ex.values.outRow.forEach((o, c) => expect(o).toBe(src().parts.out.data[16 + c]));
  });
});

describe('large heads keep no parts', () => {
  test('65 queries: no parts, no steps', () => {
    const s = parse('#op=gqa&H=2&G=1&Q=rand:65:4:1:1&K=rand:65:4:2:1&V=rand:65:4:3:1&Wq=rand:4:4:4:1&Wk=rand:4:2:5:1&Wv=rand:4:2:6:1&Wo=rand:4:3:7:1');
    const v = viewOf(s);
    expect(v.heads).toHaveLength(2);
    expect(v.heads.every((h) => h.parts === undefined)).toBe(true);
    expect(v.steps).toBeNull();
  });
});
