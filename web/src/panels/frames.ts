// frames.ts — show a large outcome (one the worker computed) a group of panels
// per frame: drawing every panel of it in one task, then laying out all their
// new tables in one frame, keeps the page busy for longer than drawing the
// heatmap and its tables first and the steps after. The groups are drawn in
// order, each after the previous one's frame; a newer outcome stops the rest.

import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import type { Panel } from './context';

/** After the next frame (its layout and paint done), run `f`; at once where there are no frames (jsdom). */
function afterFrame(f: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return f();
  requestAnimationFrame(() => setTimeout(f, 0));
}

/** Render `groups` of panels with `outcome`, one group per frame, while `current()`; then `done()`. */
export function renderInFrames(groups: Panel[][], state: State, outcome: Outcome, current: () => boolean, done: () => void): void {
  const [first, ...rest] = groups.filter((g) => g.length > 0);
  if (!current()) return;
  for (const p of first ?? []) p.render(state, outcome);
  if (rest.length === 0) return done();
  afterFrame(() => renderInFrames(rest, state, outcome, current, done));
}
