// @vitest-environment jsdom
// steps-panel-positions.test.ts — the steps panel with positions: "q rotated by RoPE", "k rotated by
// RoPE" and "+ ALiBi bias" are steps of their own with their shapes, and pointing at weight (i, j) outlines row i
// of the queries' step, row j of the keys' step and cell (i, j) of the bias.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { defaultState, type State } from '../../../web/src/model/state';
import { StepsPanel } from '../../../web/src/panels/steps-panel';
import { fakeContext } from '../support/fake-context';
import { loadCoreInJsdom } from '../widgets/editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
afterEach(() => document.body.replaceChildren());

/** The panel drawn for the hand example with `positions`. */
function drawn(positions: State['positions']) {
  const s = defaultState();
  s.positions = positions;
  const panel = new StepsPanel(fakeContext(() => s, core));
  document.body.appendChild(panel.element);
  panel.render(s, compute(core, s));
  const steps = [...panel.element.querySelectorAll<HTMLElement>('.step')];
  /** The (row, col) of every outlined cell of step k, and its outlined rows. */
  const marked = (k: number) => ({
    rows: [...steps[k].querySelectorAll('tr.pointed-row')].map((tr) => (tr as HTMLTableRowElement).sectionRowIndex),
    cells: steps[k].querySelectorAll('td.pointed-cell').length,
  });
  return { panel, steps, marked };
}

describe('the steps of positions', () => {
  test('RoPE: the turned q and k come first, with their shapes; pointing outlines row i of q and row j of k', () => {
    const { panel, steps, marked } = drawn('rope');
    expect(steps[0].textContent).toContain('q rotated by RoPE (positions 0…2)');
    expect(steps[0].textContent).toContain('(1, 3, 2)');
    expect(steps[1].textContent).toContain('k rotated by RoPE (positions 0…2)');
    panel.showPointed({ kind: 'weight', head: 0, i: 2, j: 0 });
    expect(marked(0).rows).toEqual([2]);
    expect(marked(1).rows).toEqual([0]);
    expect(marked(2).cells).toBe(1); // scores: cell (2, 0)
    panel.showPointed({ kind: 'output', i: 1 });
    expect(marked(0).rows).toEqual([1]);
    expect(marked(1).rows).toEqual([]);
  });

  test('ALiBi: the bias between the scores and the scaled scores, its cell outlined', () => {
    const { panel, steps, marked } = drawn('alibi');
    expect(steps[1].textContent).toContain('+ ALiBi bias −m·|i − j|, m = 1/256');
    expect(steps[1].textContent).toContain('(1, 3, 3)');
    expect(steps[2].textContent).toContain('scaled = scores / √2 + bias');
    panel.showPointed({ kind: 'weight', head: 0, i: 1, j: 2 });
    expect(marked(1).cells).toBe(1);
  });
});
