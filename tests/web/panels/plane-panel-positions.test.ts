// @vitest-environment jsdom
// plane-panel-positions.test.ts — the vector plane with positions: with RoPE or sinusoidal positions it
// draws the vectors the core compares (q and k turned, or with PE added), says so and does not let them be dragged;
// with ALiBi the arrows stay the inputs (draggable) and a note says the scores include the bias.
import { afterEach, beforeAll, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { defaultState, type State } from '../../../web/src/model/state';
import { PlanePanel } from '../../../web/src/panels/plane-panel';
import { fakeContext } from '../support/fake-context';
import { loadCoreInJsdom } from '../widgets/editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
afterEach(() => document.body.replaceChildren());

/** The plane drawn for the hand example with `positions`: its note, its prompt and its draggable tips. */
function drawn(positions: State['positions']) {
  const s = defaultState();
  s.positions = positions;
  const panel = new PlanePanel(fakeContext(() => s, core));
  document.body.appendChild(panel.element);
  panel.render(s, compute(core, s));
  const q = (id: string) => panel.element.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  return { note: q('plane-positions'), prompt: q('plane-prompt'), help: panel.element.querySelector('.vp-help')?.textContent ?? '' };
}

test('RoPE and sinusoidal: the compared vectors, said and not dragged', () => {
  for (const positions of ['rope', 'sinusoidal'] as const) {
    const { note, prompt, help } = drawn(positions);
    expect(note?.hidden, positions).toBe(false);
    expect(note?.textContent).toMatch(positions === 'rope' ? /rotated by RoPE: the vectors the core compares/ : /sinusoidal encoding added/);
    expect(prompt?.hidden).toBe(true);
    expect(help).toBe('Focus a tip to read it; Enter or Space selects a query.');
  }
});

test('ALiBi: draggable, with a note on the bias; none: no note', () => {
  const alibi = drawn('alibi');
  expect(alibi.note?.textContent).toBe('Beside each key, s includes the ALiBi bias −m·|i − j| (m = 1/256).');
  expect(alibi.prompt?.hidden).toBe(false);
  expect(alibi.help).toMatch(/^Drag a tip/);
  expect(drawn('none').note?.hidden).toBe(true);
});
