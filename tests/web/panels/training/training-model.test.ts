// training-model.test.ts — the training panel's pure parts: the form read
// into a config and settings (each problem at its field), the form in the
// share link (x.train.… keys, only what differs from the defaults, through
// the state's link and back), the expected time, the curve thinning, the
// named heads, and "Open this head in the playground" as a playground state.
import { describe, expect, test } from 'vitest';
import { parse, serialize } from '../../../../web/src/model/state';
import { thinned } from '../../../../web/src/panels/training/curve-view';
import { bestHead } from '../../../../web/src/panels/training/model-view';
import { openHead, tokenName } from '../../../../web/src/panels/training/open-head';
import { defaultTexts, expectedSeconds, linkWith, readForm, textsFromLink } from '../../../../web/src/panels/training/settings';

describe('the training form', () => {
  test('the defaults are the trained checkpoint’s run', () => {
    const r = readForm(defaultTexts());
    expect(r).toEqual({
      ok: true,
      config: { layers: 2, heads: 2, dModel: 32, vocab: 64, context: 32, layerNorm: false, positions: 'learned', seed: 1, initStd: 0.02 },
      settings: { task: 'induction_random', batch: 32, steps: 4000, seed: 1, lr: 0.003 },
    });
  });

  test('each problem is named at its field', () => {
    const bad = readForm({ ...defaultTexts(), layers: '3', dModel: '2.5', lr: '0', steps: 'many', seed: '' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems.map((p) => [p.field, p.key])).toEqual([
      ['layers', 'train.err.large'],
      ['dModel', 'train.err.whole'],
      ['seed', 'train.err.empty'],
      ['lr', 'train.err.positive'],
      ['steps', 'train.err.number'],
    ]);
    const cross = readForm({ ...defaultTexts(), heads: '3' });
    expect(!cross.ok && cross.problems).toEqual([{ field: 'heads', key: 'train.err.divide', vars: { heads: 3, d: 32 } }]);
    const vocab = readForm({ ...defaultTexts(), vocab: '8' });
    expect(!vocab.ok && vocab.problems[0]).toMatchObject({ field: 'vocab', key: 'train.err.vocab', vars: { least: 17 } });
    const odd = readForm({ ...defaultTexts(), task: 'copy', context: '7' });
    expect(!odd.ok && odd.problems[0]).toMatchObject({ field: 'context', key: 'train.err.even' });
    expect(readForm({ ...defaultTexts(), task: 'sort' }).ok).toBe(false);
  });

  test('the link keeps what differs from the defaults, and a shared link fills the same form', () => {
    const texts = { ...defaultTexts(), steps: '500', task: 'copy' };
    const experiments = linkWith({ 'scaling.trials': '20' }, texts);
    expect(experiments).toEqual({ 'scaling.trials': '20', 'train.steps': '500', 'train.task': 'copy' });
    const state = parse('#op=attention');
    state.experiments = experiments;
    const reopened = parse(serialize(state));
    expect(textsFromLink(reopened.experiments)).toEqual(texts);
    expect(linkWith(experiments, defaultTexts())).toEqual({ 'scaling.trials': '20' });
    // a huge text from a link is cut, not kept whole
    expect(textsFromLink({ 'train.seed': '9'.repeat(500) }).seed.length).toBe(40);
  });

  test('the expected time scales with the steps and the model', () => {
    const r = readForm(defaultTexts());
    if (!r.ok) throw new Error('defaults');
    expect(expectedSeconds(r.config, 4000)).toBe(40);
    expect(expectedSeconds(r.config, 8000)).toBe(80);
    expect(expectedSeconds(r.config, 4000, 2), 'on two threads').toBe(33);
    expect(expectedSeconds({ ...r.config, layers: 1, dModel: 8, vocab: 8, context: 8 }, 100)).toBe(1);
  });
});

describe('the views', () => {
  test('thinned keeps every k-th point and the last, at most max', () => {
    const curve = Array.from({ length: 1000 }, (_, k) => k);
    const t = thinned(curve, 100);
    expect(t.length).toBeLessThanOrEqual(100);
    expect(t[0]).toBe(0);
    expect(t.at(-1)).toBe(999);
    expect(thinned([1, 2, 3], 100)).toEqual([1, 2, 3]);
  });

  test('bestHead names the highest score above 0.5, or none', () => {
    expect(bestHead([0.1, 0.94, 0.6, 0.2])).toBe(1);
    expect(bestHead([0.1, 0.5, 0.3])).toBe(-1);
    expect(bestHead([])).toBe(-1);
  });

  test('openHead makes the playground single-head causal attention on the head’s q, k, v with the tokens named', () => {
    const s = parse('#op=multi_head&mask=none&h=4');
    const q = [
      [1, 2],
      [3, 4],
      [5, 6],
    ];
    const inputs = { q, k: q.map((r) => r.map((x) => -x)), v: q.map((r) => r.map((x) => 2 * x)), weights: [] };
    openHead(s, inputs, [7, 0, 3]);
    expect(s.op).toBe('attention');
    expect(s.mask).toBe('causal');
    expect(s.tokens).toEqual(['t7', 't0', 't3']);
    expect(tokenName(12)).toBe('t12');
    const back = parse(serialize(s));
    expect(back.op).toBe('attention');
    expect(back.tokens).toEqual(['t7', 't0', 't3']);
    expect(serialize(back)).toBe(serialize(s));
  });
});
