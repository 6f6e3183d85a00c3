// @vitest-environment jsdom
// mask-cap.test.ts — the inputs panel builds nothing sized by a link's
// dimensions before they are checked: a custom mask over MAX_MASK_CELLS (a
// link may keep a random source of 2³² − 1 rows) gets a note instead of a grid
// of buttons, at once; a small one is still a grid.
import { fakeContext } from '../support/fake-context';
import { describe, expect, test } from 'vitest';
import { InputsPanel } from '../../../web/src/panels/inputs-panel';
import { defaultState, parse, type State } from '../../../web/src/model/state';
import { MAX_MASK_CELLS } from '../../../web/src/widgets/mask-editor';

/** The inputs panel for `state` (no core: nothing here may generate a random source). */
function panelFor(state: State): InputsPanel {
  const ctx = fakeContext(() => state, null);
  const panel = new InputsPanel(ctx);
  document.body.replaceChildren(panel.element);
  panel.render(state, { ok: false, cellErrors: [], code: 'too_large', message: '' });
  return panel;
}

describe('the custom mask editor', () => {
  test('a link’s 4294967295 × 4294967295 mask is a note, built at once', () => {
    const s = parse('#op=attention&mask=custom&Q=rand:4294967295:1:1:1&K=rand:4294967295:1:2:1&V=rand:4294967295:1:3:1');
    const t0 = performance.now();
    const panel = panelFor(s);
    expect(performance.now() - t0).toBeLessThan(2000); // a grid of 2⁶⁴ cells would never be built: a loose bound
    const note = panel.element.querySelector('[data-testid=mask-too-large]');
    expect(note?.textContent).toBe(
      `The mask is 4294967295 × 4294967295: too large to edit cell by cell (at most ${MAX_MASK_CELLS} cells). Use the causal mask, or smaller inputs.`,
    );
    expect(panel.element.querySelectorAll('.mask-cell')).toHaveLength(0);
  });

  test('64 × 64 is still a grid; 65 × 64 is not', () => {
    const s = defaultState();
    s.mask = 'custom';
    const column = (n: number) => ({ kind: 'cells' as const, cells: Array.from({ length: n }, () => ['1']) });
    s.matrices = { Q: column(64), K: column(64), V: column(64) };
    expect(panelFor(s).element.querySelectorAll('.mask-cell')).toHaveLength(64 * 64);
    s.matrices.Q = column(65);
    expect(panelFor(s).element.querySelector('[data-testid=mask-too-large]')).not.toBeNull();
  });

  test('the default 3 × 3 custom mask is a grid of 9 buttons', () => {
    const s = defaultState();
    s.mask = 'custom';
    expect(panelFor(s).element.querySelectorAll('.mask-cell')).toHaveLength(9);
  });
});
