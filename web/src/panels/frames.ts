// frames.ts — show a large outcome (one the worker computed) in slices: each
// panel's render as the steps it offers (Panel.stages: the results panel's
// heatmaps, statistics, token lines and tables each a step), as many steps
// in one task as fit in a budget of a few milliseconds, then the next frame
// (its layout and paint done) before the next slice. Drawing every panel of
// it in one task, then laying out all their new tables in one frame, kept the
// main thread busy for 60–110 ms at n = 4096. The steps run in page order; a
// newer outcome stops the rest. A small outcome is still drawn in one go.

import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import type { Panel } from './context';

/** One step of a render: a part of one panel's drawing. */
export type Step = () => void;

/** How long one slice of steps may run before the page gets a frame, in ms. */
export const SLICE_MS = 8;

/** How the slices are timed and spaced (tests pass their own). */
export interface Slicing {
  /** The clock, in ms. */
  now(): number;
  /** Run `f` in a later task, after the next frame. */
  later(f: () => void): void;
  /** The budget of one slice, in ms. */
  budget: number;
}

/** After the next frame (its layout and paint done), run `f`; at once where there are no frames (jsdom). */
function afterFrame(f: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return f();
  requestAnimationFrame(() => setTimeout(f, 0));
}

const PAGE_SLICING: Slicing = { now: () => performance.now(), later: afterFrame, budget: SLICE_MS };

/** The steps of `panels`' renders of `outcome`, in order: a panel's own stages, else its render as one step. */
export function stepsOf(panels: readonly Panel[], state: State, outcome: Outcome): Step[] {
  return panels.flatMap((p) => (p.stages ? p.stages(state, outcome) : [() => p.render(state, outcome)]));
}

/**
 * Run `steps` in slices while `current()`: the first at once, then as many as fit in the budget (at least one),
 * and after the last `done()`. A step that overruns the budget ends its slice.
 */
export function runInSlices(steps: readonly Step[], current: () => boolean, done: () => void, slicing: Slicing = PAGE_SLICING): void {
  let next = 0;
  const slice = (): void => {
    if (!current()) return;
    const start = slicing.now();
    do steps[next++]();
    while (next < steps.length && slicing.now() - start < slicing.budget);
    if (next < steps.length) slicing.later(slice);
    else done();
  };
  if (steps.length === 0) return void (current() && done());
  slice();
}
