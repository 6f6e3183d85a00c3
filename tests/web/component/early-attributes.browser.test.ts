// early-attributes.browser.test.ts — attributes set on <attention-playground>
// right after it is put on the page, while its WebAssembly core is still
// loading (a notebook cell's script, anywidget's render, a slide deck's
// set-up), are not lost: the first result is the one they ask for.

import { describe, expect, test } from 'vitest';
import '../../../web/src/component/attention-playground';
import type { AttentionPlayground } from '../../../web/src/component/attention-playground.component';

/** Resolve once `el` has a computed outcome. */
async function computed(el: AttentionPlayground): Promise<void> {
  for (let i = 0; i < 200 && !el.getOutcome()?.ok; i++) await new Promise((r) => setTimeout(r, 25));
  expect(el.getOutcome()?.ok, `no result: ${JSON.stringify(el.getOutcome())}`).toBe(true);
}

describe('attributes set while the core loads', () => {
  test('op, matrices, causal and lang set after appending, before the core is ready, make the first result', async () => {
    const el = document.createElement('attention-playground') as AttentionPlayground;
    el.setAttribute('preset', 'seed000');
    document.body.append(el);
    expect(el.getCore(), 'the core is still loading when the attributes change').toBeNull();
    el.setAttribute('op', 'attention');
    el.setAttribute(
      'matrices',
      JSON.stringify({
        Q: [
          [1, 0],
          [0, 1],
        ],
        K: [
          [1, 0],
          [0, 1],
        ],
        V: [
          [1, 2],
          [3, 4],
        ],
      }),
    );
    el.setAttribute('causal', 'false');
    el.setAttribute('lang', 'zh');
    await computed(el);
    const state = el.getState();
    expect(state.op).toBe('attention');
    expect(state.mask).toBe('none');
    expect(el.currentLanguage()).toBe('zh');
    const outcome = el.getOutcome();
    if (!outcome?.ok) throw new Error('no outcome');
    const w = outcome.view.heads[0].weights;
    const e = Math.exp(1 / Math.SQRT2);
    expect(w.data[0]).toBeCloseTo(e / (e + 1), 15);
    el.remove();
  });
});
