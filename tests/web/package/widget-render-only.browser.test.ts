// widget-render-only.browser.test.ts — the anywidget front-end (web/src/package/widget.ts)
// under a render-only host, in Chromium with the real core: the host calls render({ model, el })
// and nothing else (no initialize), with a model built from a static JSON body (as MyST's
// {anywidget} directive's body) that answers get() only, undefined for a trait it lacks, and
// never sends a change.
//
//   a model with get() alone: the body's state (op and matrices) shown and computed, no exception
//   its preset, its lesson: shown; an edit in the playground writes nowhere and throws nothing
//   set / save_changes / on / off that do nothing: the same; the clean-up removes the element

import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import widget, { type WidgetModel } from '../../../web/src/package/widget';
import type { AttentionPlayground } from '../../../web/src/component/attention-playground.component';
import { COURSE } from '../../../web/src/lessons/course';
import { seedCausalZeros } from '../../e2e/reference';

/** A directive body as an author writes it: attention on Q = K = I (2 × 2), V = [[1, 2], [3, 4]], no mask. */
const BODY = '{ "state": "op=attention&mask=none&Q=1,0;0,1&K=1,0;0,1&V=1,2;3,4" }';

/** A host's model from a static JSON body: get() and nothing else. */
const staticModel = (body: string): WidgetModel => {
  const traits = JSON.parse(body) as Record<string, unknown>;
  return { get: (name) => traits[name] };
};

/** Errors nobody caught while a test ran (thrown in a listener, a rejected promise), and console errors. */
let uncaught: string[] = [];
const onError = (e: ErrorEvent) => uncaught.push(`error: ${e.message}`);
const onRejection = (e: PromiseRejectionEvent) => uncaught.push(`unhandled rejection: ${String(e.reason)}`);
const consoleError = console.error;
beforeEach(() => {
  uncaught = [];
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  console.error = (...args: unknown[]) => {
    uncaught.push(`console.error: ${args.map(String).join(' ')}`);
    consoleError(...args);
  };
});
afterEach(() => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  console.error = consoleError;
  document.body.replaceChildren();
});

/** The head-0 weights the playground shows, as rows (null before a result). */
function weights(p: AttentionPlayground): number[][] | null {
  const o = p.getOutcome();
  if (!o?.ok) return null;
  const w = o.view.heads[0].weights;
  return Array.from({ length: w.rows }, (_, i) => Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols)));
}

/** The largest |a − b| over two matrices of the same shape. */
const maxDiff = (a: number[][], b: number[][]) => Math.max(...a.flatMap((row, i) => row.map((v, j) => Math.abs(v - b[i][j]))));

/** Wait until `check` holds (the playground computes after its core loaded). */
async function until(check: () => boolean, what: string, timeout = 10_000): Promise<void> {
  const end = performance.now() + timeout;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Let the element finish what it started (rendering, events), so that anything late would be seen. */
const settle = () => new Promise((r) => setTimeout(r, 150));

/** render() into a fresh element of the page, as the host does: nothing before it, nothing after. */
function mount(model: WidgetModel) {
  const el = document.createElement('div');
  document.body.append(el);
  let cleanup: () => void = () => {};
  expect(() => (cleanup = widget.render({ model, el }))).not.toThrow();
  const playground = el.querySelector('attention-playground') as AttentionPlayground;
  return { el, playground, cleanup };
}

/** The input of cell (i, j) of matrix `name` in the playground's shadow root. */
const cellOf = (p: AttentionPlayground, name: string, i: number, j: number) =>
  p.shadowRoot!.querySelector<HTMLInputElement>(`[data-testid=grid-${name}] input[data-row="${i}"][data-col="${j}"]`);

/** softmax([1/√2, 0]): the weight of a query on its own key when Q = K = I, d_k = 2. */
const SELF = 1 / (1 + Math.exp(-Math.SQRT1_2));

describe('a render-only host (render alone, a static model with get() only)', () => {
  test("the body's state is shown and computed: its op and matrices, the weights; no exception", async () => {
    const model = staticModel(BODY);
    const { el, playground, cleanup } = mount(model);
    expect(playground).toBeInstanceOf(HTMLElement);
    expect(playground.isConnected).toBe(true);
    await until(() => weights(playground) !== null, 'the first result');
    const state = playground.getState();
    expect(state.op).toBe('attention');
    expect(state.mask).toBe('none');
    expect(state.matrices.Q).toEqual({
      kind: 'cells',
      cells: [
        ['1', '0'],
        ['0', '1'],
      ],
    });
    expect(state.matrices.K).toEqual({
      kind: 'cells',
      cells: [
        ['1', '0'],
        ['0', '1'],
      ],
    });
    expect(state.matrices.V).toEqual({
      kind: 'cells',
      cells: [
        ['1', '2'],
        ['3', '4'],
      ],
    });
    const w = weights(playground)!;
    expect(
      maxDiff(w, [
        [SELF, 1 - SELF],
        [1 - SELF, SELF],
      ]),
    ).toBeLessThan(1e-12);
    await settle();
    expect(uncaught).toEqual([]);
    expect(() => cleanup()).not.toThrow();
    expect(el.children.length).toBe(0);
  });

  test('an edit in the playground has nowhere to go and throws nothing; the model is left as it was', async () => {
    const model = staticModel('{ "preset": "seed000" }');
    const { playground, cleanup } = mount(model);
    await until(() => weights(playground) !== null && cellOf(playground, 'X', 0, 0) !== null, 'the first result');
    expect(maxDiff(weights(playground)!, seedCausalZeros())).toBeLessThan(1e-12);
    const before = weights(playground)!;
    await userEvent.fill(cellOf(playground, 'X', 0, 0)!, '2.5');
    await userEvent.tab(); // commits the cell: a new state, which the front-end would write to the model
    await until(() => maxDiff(weights(playground)!, before) > 1e-3, 'the recomputed weights');
    await settle();
    expect(model.get('state')).toBeUndefined();
    expect(uncaught).toEqual([]);
    expect(() => cleanup()).not.toThrow();
  });

  test("the body's lesson is played", async () => {
    const lesson = COURSE[0];
    const { playground, cleanup } = mount(staticModel(JSON.stringify({ lesson: lesson.id })));
    await until(() => (playground.getGrade()?.lesson ?? '') === lesson.id, 'the lesson');
    await until(() => playground.shadowRoot?.textContent?.includes(`Step 1 of ${lesson.steps.length}`) ?? false, 'its first step');
    await settle();
    expect(uncaught).toEqual([]);
    expect(() => cleanup()).not.toThrow();
  });

  test('set, save_changes, on and off that do nothing: the same state shown, nothing thrown', async () => {
    const traits = JSON.parse(BODY) as Record<string, unknown>;
    const calls: string[] = [];
    const model: WidgetModel = {
      get: (name) => traits[name],
      set: (name) => void calls.push(`set ${name}`),
      save_changes: () => void calls.push('save_changes'),
      on: () => {},
      off: () => {},
    };
    const { playground, cleanup } = mount(model);
    await until(() => weights(playground) !== null, 'the first result');
    expect(playground.getState().op).toBe('attention');
    expect(
      maxDiff(weights(playground)!, [
        [SELF, 1 - SELF],
        [1 - SELF, SELF],
      ]),
    ).toBeLessThan(1e-12);
    await settle();
    expect(calls).toEqual([]); // the model already holds the state shown
    expect(uncaught).toEqual([]);
    expect(() => cleanup()).not.toThrow();
  });
});
