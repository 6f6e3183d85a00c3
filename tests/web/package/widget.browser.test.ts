// widget.browser.test.ts — the anywidget front-end (web/src/package/widget.ts)
// in Chromium, with a real playground computing on the real core and a fake
// anywidget model that behaves as anywidget's (a Backbone model): set() fires
// `change:state` at once, also for the front-end's own set; save_changes()
// sends to the kernel (here: counted); the kernel's writes arrive as a set()
// plus the change event.
//
//   initial state → the element's `state` attribute, the seed 000 weights computed
//   an edit in the playground → model.set + save_changes exactly once, nothing echoed back
//   a kernel change → the playground's state, nothing written back
//   two views of one model stay in step; the clean-up removes the element and every listener

import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import widget, { type WidgetModel } from '../../../web/src/package/widget';
import type { AttentionPlayground } from '../../../web/src/component/attention-playground.component';
import { presetById } from '../../../web/src/model/presets';
import { parse, serialize } from '../../../web/src/model/state';
import { seedCausalZeros, seedWeights } from '../../e2e/reference';

type Listener = () => void;

/** A fake anywidget model: one `state` trait (and optionally `preset`), Backbone's event semantics. */
class FakeModel implements WidgetModel {
  readonly sets: string[] = [];
  saves = 0;
  readonly listeners = new Map<string, Set<Listener>>();
  constructor(private traits: Record<string, string>) {}
  get(name: string): unknown {
    return this.traits[name];
  }
  /** The front-end's write: stored, then change:state fired (as Backbone does, synchronously). */
  set(name: 'state', value: string): void {
    this.sets.push(value);
    this.assign(name, value);
  }
  save_changes(): void {
    this.saves += 1;
  }
  on(event: string, callback: Listener): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(callback);
  }
  off(event: string, callback: Listener): void {
    this.listeners.get(event)?.delete(callback);
  }
  /** How many callbacks listen to `event`. */
  count(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
  /** A write from the kernel (Python): not counted as the front-end's. */
  fromKernel(value: string): void {
    this.assign('state', value);
  }
  private assign(name: string, value: string): void {
    if (this.traits[name] === value) return; // Backbone fires no change for an equal value
    this.traits[name] = value;
    for (const cb of [...(this.listeners.get(`change:${name}`) ?? [])]) cb();
  }
}

/**
 * MyST's model for its {anywidget} directive, as myst-theme's MystAnyModel (packages/anywidget/src/models.ts):
 * the directive's JSON body as state, set() always fires change events on an EventTarget, and save_changes()
 * and off() throw "not implemented".
 */
class MystLikeModel {
  readonly target = new EventTarget();
  constructor(readonly state: Record<string, unknown>) {}
  get(name: string): unknown {
    return this.state[name];
  }
  set(key: string, value: unknown): void {
    this.state[key] = value;
    this.target.dispatchEvent(new CustomEvent(`change:${key}`, { detail: value }));
    this.target.dispatchEvent(new CustomEvent('change', { detail: value }));
  }
  on(name: string, cb: () => void): void {
    this.target.addEventListener(name, cb);
  }
  off(): void {
    throw new Error('MystAnyModel.off not implemented yet.');
  }
  save_changes(): void {
    throw new Error('MystAnyModel.save_changes not implemented yet.');
  }
}

/** The seed 000 example (single_head, causal) in the state trait's form. */
const SEED = serialize(presetById('seed000')!.build());

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

/** render() into a fresh element of the page; returns the element, the playground and the clean-up. */
function mount(model: FakeModel) {
  const el = document.createElement('div');
  document.body.append(el);
  const cleanup = widget.render({ model, el });
  const playground = el.querySelector('attention-playground') as AttentionPlayground;
  return { el, playground, cleanup };
}

/** The input of cell (i, j) of matrix `name` in the playground's shadow root. */
const cellOf = (p: AttentionPlayground, name: string, i: number, j: number) =>
  p.shadowRoot!.querySelector<HTMLInputElement>(`[data-testid=grid-${name}] input[data-row="${i}"][data-col="${j}"]`);

afterEach(() => document.body.replaceChildren());

describe('the anywidget front-end', () => {
  test('the initial state becomes the element attribute and computes seed 000; nothing is written back', async () => {
    const model = new FakeModel({ state: SEED });
    const { playground, cleanup } = mount(model);
    expect(playground).toBeInstanceOf(HTMLElement);
    expect(playground.getAttribute('state')).toBe(SEED);
    await until(() => weights(playground) !== null, 'the first result');
    const w = weights(playground)!;
    expect(w.length).toBe(3);
    expect(maxDiff(w, seedCausalZeros())).toBeLessThan(1e-12);
    expect([w[1][0].toFixed(4), w[1][1].toFixed(4), w[1][2]]).toEqual(['0.4994', '0.5006', 0]);
    expect(playground.getState().op).toBe('single_head');
    await settle();
    expect(model.sets).toEqual([]); // the model already holds what is shown
    expect(model.saves).toBe(0);
    cleanup();
  });

  test('an edit in the playground reaches the model: set + save_changes exactly once, no echo', async () => {
    const model = new FakeModel({ state: SEED });
    const { playground, cleanup } = mount(model);
    await until(() => weights(playground) !== null && cellOf(playground, 'X', 0, 0) !== null, 'the first result');
    const before = weights(playground)!;
    const input = cellOf(playground, 'X', 0, 0)!;
    await userEvent.fill(input, '2.5');
    await userEvent.tab(); // commits the cell (change → a new state)
    await until(() => model.sets.length > 0, 'model.set');
    await settle();
    expect(model.sets.length).toBe(1);
    expect(model.saves).toBe(1);
    const written = parse(model.sets[0]);
    expect(written.matrices.X).toEqual({ kind: 'cells', cells: [['2.5', ...presetCells('X')[0].slice(1)], ...presetCells('X').slice(1)] });
    expect(model.get('state')).toBe(serialize(playground.getState()));
    expect(maxDiff(weights(playground)!, before)).toBeGreaterThan(1e-3); // the playground did recompute
    cleanup();
  });

  test('a kernel change reaches the playground and is not written back', async () => {
    const model = new FakeModel({ state: SEED });
    const { playground, cleanup } = mount(model);
    await until(() => weights(playground) !== null, 'the first result');
    const full = presetById('seed000')!.build();
    full.mask = 'none';
    model.fromKernel(serialize(full));
    await until(() => playground.getState().mask === 'none', 'the mask from the model');
    await until(() => weights(playground)?.[0][2] !== 0, 'the new weights');
    expect(maxDiff(weights(playground)!, seedWeights(false))).toBeLessThan(1e-12);
    // a hand-written, shorter form of a state: shown, and the model keeps what the kernel wrote
    model.fromKernel(
      'op=single_head&mask=causal&' +
        SEED.split('&')
          .filter((p) => /^(X|Wq|Wk|Wv)=/.test(p))
          .join('&'),
    );
    await until(() => playground.getState().mask === 'causal', 'the causal mask again');
    await settle();
    expect(maxDiff(weights(playground)!, seedCausalZeros())).toBeLessThan(1e-12);
    expect(model.sets).toEqual([]);
    expect(model.saves).toBe(0);
    cleanup();
  });

  test('a kernel state the playground has to complete is written back once, completed, with no loop', async () => {
    const model = new FakeModel({ state: SEED });
    const { playground, cleanup } = mount(model);
    await until(() => weights(playground) !== null, 'the first result');
    model.fromKernel('op=single_head'); // no X, Wq, Wk, Wv: the playground fills in the inputs single_head needs
    await until(() => model.sets.length > 0, 'the completed state');
    await settle();
    expect(model.sets.length).toBe(1);
    expect(model.saves).toBe(1);
    const shown = playground.getState();
    expect(shown.op).toBe('single_head');
    expect(model.sets[0]).toBe(serialize(shown));
    expect(Object.keys(parse(model.sets[0]).matrices)).toEqual(expect.arrayContaining(['X', 'Wq', 'Wk', 'Wv']));
    expect(weights(playground)).not.toBeNull();
    cleanup();
  });

  test('no state given: the preset (or the first screen) is shown and written to the model once', async () => {
    const model = new FakeModel({ state: '', preset: 'seed000' });
    const { playground, cleanup } = mount(model);
    expect(playground.getAttribute('preset')).toBe('seed000');
    expect(playground.hasAttribute('state')).toBe(false);
    await until(() => weights(playground) !== null, 'the first result');
    await settle();
    expect(maxDiff(weights(playground)!, seedCausalZeros())).toBeLessThan(1e-12);
    expect(model.sets).toEqual([SEED]);
    expect(model.saves).toBe(1);
    // the kernel clears the state: the model gets the state shown again, the playground keeps it
    model.fromKernel('');
    await settle();
    expect(model.sets).toEqual([SEED, SEED]);
    expect(model.saves).toBe(2);
    expect(serialize(playground.getState())).toBe(SEED);
    cleanup();
  });

  test('a kernel change while the playground is still loading is not lost', async () => {
    const model = new FakeModel({ state: SEED });
    const { playground, cleanup } = mount(model);
    const full = presetById('seed000')!.build();
    full.mask = 'none';
    model.fromKernel(serialize(full)); // at once: the core is not loaded yet
    await until(() => playground.getState().mask === 'none' && weights(playground)?.[0][2] !== 0, 'the state from the model');
    await settle();
    expect(maxDiff(weights(playground)!, seedWeights(false))).toBeLessThan(1e-12);
    expect(model.sets).toEqual([]); // the stale first state never reached the model
    cleanup();
  });

  test('two views of one model stay in step without writing twice', async () => {
    const model = new FakeModel({ state: SEED });
    const a = mount(model);
    const b = mount(model);
    await until(() => weights(a.playground) !== null && weights(b.playground) !== null && cellOf(a.playground, 'X', 0, 0) !== null, 'both results');
    await userEvent.fill(cellOf(a.playground, 'X', 0, 0)!, '-1');
    await userEvent.tab();
    await until(() => b.playground.getState().matrices.X?.kind === 'cells' && cellOf(b.playground, 'X', 0, 0)?.value === '-1', 'view b updated');
    await settle();
    expect(model.sets.length).toBe(1);
    expect(model.saves).toBe(1);
    expect(serialize(b.playground.getState())).toBe(serialize(a.playground.getState()));
    expect(maxDiff(weights(b.playground)!, weights(a.playground)!)).toBe(0);
    a.cleanup();
    b.cleanup();
  });

  test('the clean-up removes the element and every listener; later changes touch nothing', async () => {
    const model = new FakeModel({ state: SEED });
    const { el, playground, cleanup } = mount(model);
    await until(() => weights(playground) !== null, 'the first result');
    expect(model.count('change:state')).toBe(1);
    cleanup();
    expect(el.children.length).toBe(0);
    expect(playground.isConnected).toBe(false);
    expect(model.count('change:state')).toBe(0);
    const state = serialize(playground.getState());
    model.fromKernel('op=attention');
    playground.dispatchEvent(new CustomEvent('playground-change', { detail: { state: parse('op=attention'), ok: true, message: '', pending: false } }));
    await settle();
    expect(serialize(playground.getState())).toBe(state);
    expect(model.sets).toEqual([]);
    expect(model.saves).toBe(0);
  });
});

describe("MyST's {anywidget} model (no kernel: save_changes and off throw)", () => {
  test('renders inside a shadow root from the directive body, keeps the state in the page model, cleans up', async () => {
    const model = new MystLikeModel({ preset: 'seed000' }); // the body of the README's MyST snippet
    const host = document.createElement('div');
    document.body.append(host);
    const el = document.createElement('div');
    host.attachShadow({ mode: 'open' }).append(el); // as myst-theme's renderer does
    const cleanup = widget.render({ model, el });
    const playground = el.querySelector('attention-playground') as AttentionPlayground;
    await until(() => weights(playground) !== null && cellOf(playground, 'X', 0, 0) !== null, 'the first result');
    expect(maxDiff(weights(playground)!, seedCausalZeros())).toBeLessThan(1e-12);
    expect(model.state.state).toBe(SEED); // written, save_changes' error caught
    await userEvent.fill(cellOf(playground, 'X', 0, 0)!, '3');
    await userEvent.tab();
    await until(() => parse(String(model.state.state)).matrices.X?.kind === 'cells' && model.state.state !== SEED, 'the edit in the model');
    expect(model.get('state')).toBe(serialize(playground.getState()));
    model.set('state', SEED); // the page's own code may set it too
    await until(() => serialize(playground.getState()) === SEED, 'the state from the model');
    expect(() => cleanup()).not.toThrow(); // off() throws in MyST's model
    expect(el.children.length).toBe(0);
    model.set('state', 'op=attention'); // the listener could not be removed: it must do nothing
    await settle();
    expect(serialize(playground.getState())).toBe(SEED);
  });
});

/** The seed 000 preset's cells of matrix `name`. */
function presetCells(name: 'X'): string[][] {
  const src = presetById('seed000')!.build().matrices[name];
  if (src?.kind !== 'cells') throw new Error(`seed000 has no cells for ${name}`);
  return src.cells;
}
