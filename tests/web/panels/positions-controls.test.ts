// @vitest-environment jsdom
// positions-controls.test.ts — the positions control on a fake playground: every choice is one history
// entry in the state (pos, rp, rb in the link); the RoPE options show only for RoPE, ALiBi's slopes with their
// numbers per head; a bad base is marked and not written; the control is updated in place (focus kept, a state
// from Back shown in the focused base field); hidden for gqa; labelled and keyboard-operable native inputs.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { cloneState, defaultState, parse, serialize, type State } from '../../../web/src/model/state';
import type { HistoryMode } from '../../../web/src/panels/context';
import { hintOf, parseBase, PositionsControls, slopesLine } from '../../../web/src/panels/positions-controls';
import { fakeContext } from '../support/fake-context';
import { loadCoreInJsdom } from '../widgets/editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
afterEach(() => document.body.replaceChildren());

/** The control on a playground holding `initial`; `updates` records each history mode. */
function rig(initial: State, lang: 'en' | 'zh' = 'en') {
  let state = initial;
  const updates: HistoryMode[] = [];
  const ctx = fakeContext(() => state, core, {
    lang,
    update: (mutate, history = 'push') => {
      const next = cloneState(state);
      mutate(next);
      state = next;
      updates.push(history);
      control.render(state);
    },
  });
  const control = new PositionsControls(ctx);
  document.body.appendChild(control.element);
  control.render(state);
  const q = <T extends HTMLElement>(id: string) => control.element.querySelector<T>(`[data-testid="${id}"]`) as T;
  return { control, q, updates, state: () => state, set: (s: State) => ((state = s), control.render(s)) };
}

describe('the positions control', () => {
  test('choosing RoPE, its pairing and base: each a history entry, all in the link', () => {
    const r = rig(defaultState());
    expect(r.q<HTMLInputElement>('pos-none').checked).toBe(true);
    expect(r.q('rope-options').hidden).toBe(true);
    r.q<HTMLInputElement>('pos-rope').click();
    expect(r.state().positions).toBe('rope');
    expect(r.q('rope-options').hidden).toBe(false);
    const pairing = r.q<HTMLSelectElement>('rope-pairing');
    pairing.value = 'interleaved';
    pairing.dispatchEvent(new Event('change'));
    const base = r.q<HTMLInputElement>('rope-base');
    expect(base.value).toBe('10000');
    base.value = '500000';
    base.dispatchEvent(new Event('change'));
    expect(r.updates).toEqual(['push', 'push', 'push']);
    const link = serialize(r.state());
    expect(link).toContain('pos=rope');
    expect(link).toContain('rp=interleaved');
    expect(link).toContain('rb=500000');
    const back = parse(link);
    expect([back.positions, back.ropePairing, back.ropeBase]).toEqual(['rope', 'interleaved', 500000]);
  });

  test('a bad base is marked, explained and not written', () => {
    const s = defaultState();
    s.positions = 'rope';
    const r = rig(s);
    const base = r.q<HTMLInputElement>('rope-base');
    for (const text of ['1', 'abc', '', '1e10']) {
      base.value = text;
      base.dispatchEvent(new Event('change'));
      expect(base.getAttribute('aria-invalid'), text).toBe('true');
      expect(base.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(r.updates).toEqual([]);
    expect(r.state().ropeBase).toBe(10000);
    base.value = '1e4';
    base.dispatchEvent(new Event('change'));
    expect(base.getAttribute('aria-invalid')).toBe('false');
  });

  test('ALiBi shows the slope of each head with its numbers', () => {
    const s = defaultState();
    s.positions = 'alibi';
    const r = rig(s);
    expect(r.q('alibi-slopes').textContent).toBe('ALiBi slope of the one head: m = 1/256');
    const mh = cloneState(s);
    mh.op = 'multi_head';
    mh.h = 4;
    r.set(mh);
    expect(r.q('alibi-slopes').textContent).toBe('ALiBi slope of each head: m = 1/4, 1/16, 1/64, 1/256');
    mh.h = 3;
    r.set(cloneState(mh));
    expect(r.q('alibi-slopes').textContent).toBe('ALiBi slope of each head: m = 1/16, 1/256, 1/4');
    expect(slopesLine(core, { ...mh, h: 300 })).toBeNull();
  });

  test('updated in place: the focused base field keeps focus and shows a state from Back', () => {
    const s = defaultState();
    s.positions = 'rope';
    s.ropeBase = 500000;
    const r = rig(s);
    const base = r.q<HTMLInputElement>('rope-base');
    base.focus();
    const earlier = cloneState(s);
    earlier.ropeBase = 10000;
    r.set(earlier); // what Back does
    expect(document.activeElement).toBe(base);
    expect(base.value).toBe('10000');
    base.value = '1e4'; // the same number typed another way stays as typed
    r.set(cloneState(earlier));
    expect(base.value).toBe('1e4');
  });

  test('hidden for gqa; shown for attention, multi_head, block and single_head', () => {
    const s = defaultState();
    const r = rig(s);
    for (const op of ['attention', 'multi_head', 'block', 'single_head', 'gqa'] as const) {
      r.set({ ...cloneState(s), op });
      expect(r.control.element.hidden, op).toBe(op === 'gqa');
    }
  });

  test('labelled: a legend, a label for every radio, the select and the field', () => {
    const r = rig(defaultState());
    expect(r.control.element.querySelector('legend')?.textContent).toBe('Positions');
    const radios = [...r.control.element.querySelectorAll<HTMLInputElement>('input[type=radio]')];
    expect(radios.map((x) => x.closest('label')?.textContent)).toEqual(['none', 'sinusoidal', 'RoPE', 'ALiBi']);
    expect(new Set(radios.map((x) => x.name)).size).toBe(1);
    for (const id of ['rope-pairing', 'rope-base']) {
      const input = r.q(id);
      expect(r.control.element.querySelector(`label[for="${input.id}"]`)?.textContent, id).toMatch(/RoPE (pairing|base)/);
    }
    const options = [...r.q<HTMLSelectElement>('rope-pairing').options].map((o) => o.textContent);
    expect(options).toEqual(['half (GPT-NeoX, Hugging Face Llama)', 'interleaved (RoFormer, Meta Llama)']);
  });

  test('in 中文', () => {
    const s = defaultState();
    s.positions = 'alibi';
    const r = rig(s, 'zh');
    expect(r.control.element.querySelector('legend')?.textContent).toBe('位置');
    expect(r.q('alibi-slopes').textContent).toBe('唯一一个头的 ALiBi 斜率：m = 1/256');
  });

  test('parseBase and the hints', () => {
    expect(parseBase(' 10000 ')).toBe(10000);
    expect([parseBase('1'), parseBase('x'), parseBase(''), parseBase('Infinity')]).toEqual([null, null, null, null]);
    const s = defaultState();
    s.positions = 'sinusoidal';
    expect(hintOf(s)).toEqual({ key: 'pos.hint.sinusoidal', vars: { inputs: 'Q, K, V' } });
    expect(hintOf({ ...s, op: 'block' }).vars.inputs).toBe('X');
  });
});
