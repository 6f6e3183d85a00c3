// frames.test.ts — a large outcome's render in slices: the steps run in order,
// as many as fit in the budget per slice (at least one), each later slice after
// the page's frame; a newer outcome stops the rest; done() once, after the last.
import { describe, expect, test } from 'vitest';
import type { Outcome } from '../../../web/src/model/compute';
import { defaultState } from '../../../web/src/model/state';
import type { Panel } from '../../../web/src/panels/context';
import { runInSlices, stepsOf, type Slicing } from '../../../web/src/panels/frames';

/** A fake clock and frame queue: each step advances the clock by its cost. */
function fakeSlicing(budget = 8) {
  let t = 0;
  const queue: (() => void)[] = [];
  const slicing: Slicing = { now: () => t, later: (f) => void queue.push(f), budget };
  return { slicing, advance: (ms: number) => (t += ms), frame: () => queue.shift()?.(), queued: () => queue.length };
}

describe('runInSlices', () => {
  test('cheap steps share a slice; a step over the budget ends it; done() after the last', () => {
    const f = fakeSlicing(8);
    const ran: string[] = [];
    const step = (name: string, ms: number) => () => (ran.push(name), f.advance(ms));
    let done = 0;
    runInSlices(
      [step('a', 1), step('b', 1), step('c', 20), step('d', 3), step('e', 3), step('f', 3)],
      () => true,
      () => done++,
      f.slicing,
    );
    expect(ran).toEqual(['a', 'b', 'c']); // c overran: the next frame first
    expect(done).toBe(0);
    f.frame();
    expect(ran).toEqual(['a', 'b', 'c', 'd', 'e', 'f']); // 3 + 3 + 3: the third starts at 6 ms, under 8
    expect(done).toBe(1);
    expect(f.queued()).toBe(0);
  });

  test('one step per slice when each overruns the budget', () => {
    const f = fakeSlicing(8);
    const ran: number[] = [];
    runInSlices(
      [0, 1, 2].map((i) => () => (ran.push(i), f.advance(10))),
      () => true,
      () => ran.push(-1),
      f.slicing,
    );
    expect(ran).toEqual([0]);
    f.frame();
    expect(ran).toEqual([0, 1]);
    f.frame();
    expect(ran).toEqual([0, 1, 2, -1]);
  });

  test('a newer outcome stops the rest, and done() never comes', () => {
    const f = fakeSlicing(8);
    let current = true;
    const ran: number[] = [];
    let done = 0;
    runInSlices(
      [0, 1, 2].map((i) => () => (ran.push(i), f.advance(10))),
      () => current,
      () => done++,
      f.slicing,
    );
    current = false;
    f.frame();
    expect(ran).toEqual([0]);
    expect(done).toBe(0);
    expect(f.queued()).toBe(0);
  });

  test('no steps: done() at once (while current)', () => {
    const f = fakeSlicing();
    let done = 0;
    runInSlices(
      [],
      () => true,
      () => done++,
      f.slicing,
    );
    runInSlices(
      [],
      () => false,
      () => done++,
      f.slicing,
    );
    expect(done).toBe(1);
  });
});

describe('stepsOf', () => {
  test("a panel's own stages, else its render as one step, in page order", () => {
    const calls: string[] = [];
    const element = {} as HTMLElement;
    const plain: Panel = { element, render: () => calls.push('plain') };
    const staged: Panel = { element, render: () => calls.push('never'), stages: () => [() => calls.push('s1'), () => calls.push('s2')] };
    const outcome = { ok: false, cellErrors: [], message: '', code: 'pending' } as unknown as Outcome;
    const steps = stepsOf([plain, staged, plain], defaultState(), outcome);
    expect(steps).toHaveLength(4);
    for (const s of steps) s();
    expect(calls).toEqual(['plain', 's1', 's2', 'plain']);
  });
});
