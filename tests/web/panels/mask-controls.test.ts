// @vitest-environment jsdom
// mask-controls.test.ts — the mask menu (panels/mask-controls.ts) on a fake
// playground: the modes each operation takes, the fields of each pattern with
// their ranges from n, live and committed updates, junk refused at the field
// with a message (the state keeps its value), a state changed from outside
// (Back/Forward) shown in a focused field, "Edit as custom" with the real
// core, 中文 labels; and the mask figure (panels/mask-figure.ts) under the
// inputs: the read-only grid and the cost line.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { cloneState, parse, type State } from '../../../web/src/model/state';
import type { HistoryMode } from '../../../web/src/panels/context';
import { MaskControls, readGlobals, readWhole } from '../../../web/src/panels/mask-controls';
import { MaskFigure } from '../../../web/src/panels/mask-figure';
import { fakeContext } from '../support/fake-context';
import { refWindow } from '../support/mask-reference';
import { loadCoreInJsdom } from '../widgets/editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
afterEach(() => document.body.replaceChildren());

const EIGHT = '#op=attention&Q=rand:8:4:1:1&K=rand:8:4:2:1&V=rand:8:4:3:1';

/** The menu and the figure on a playground holding `hash`'s state; every update re-renders both and is logged. */
function rig(hash: string, lang: 'en' | 'zh' = 'en') {
  let state = parse(hash);
  const log: HistoryMode[] = [];
  const ctx = fakeContext(() => state, core, {
    lang,
    update: (mutate, history = 'push') => {
      const next = cloneState(state);
      mutate(next);
      state = next;
      log.push(history);
      render();
    },
  });
  const menu = new MaskControls(ctx);
  const figure = new MaskFigure(ctx);
  const box = document.createElement('div');
  box.append(menu.element, figure.element);
  document.body.append(box);
  const render = () => {
    menu.render(state);
    figure.render(state);
  };
  render();
  const $ = <E extends Element = HTMLInputElement>(testid: string) => box.querySelector<E>(`[data-testid=${testid}]`);
  const set = (s: State) => {
    state = s;
    render();
  };
  return { state: () => state, log, $, set, box };
}

/** Type `text` into `input` (an input event), then commit it (a change event). */
function type(input: HTMLInputElement, text: string, commit = true): void {
  input.value = text;
  input.dispatchEvent(new Event('input'));
  if (commit) input.dispatchEvent(new Event('change'));
}

const options = (select: HTMLSelectElement) => Array.from(select.options, (o) => [o.value, o.textContent]);

describe('the mask menu', () => {
  test('a labelled select of the eight modes; single_head has none and causal', () => {
    const r = rig(EIGHT);
    const select = r.$<HTMLSelectElement>('mask')!;
    expect(r.box.querySelector(`label[for="${select.id}"]`)?.textContent).toContain('Mask');
    expect(options(select)).toEqual([
      ['none', 'none'],
      ['causal', 'causal'],
      ['window', 'sliding window'],
      ['prefix', 'prefix-LM'],
      ['localglobal', 'local + global'],
      ['dilated', 'dilated'],
      ['bigbird', 'BigBird'],
      ['custom', 'custom (click cells)'],
    ]);
    const single = rig('#op=single_head&mask=window');
    expect(options(single.$<HTMLSelectElement>('mask')!).map(([v]) => v)).toEqual(['none', 'causal']);
    expect(single.$<HTMLSelectElement>('mask')!.value, 'a mode single_head cannot take shows what it applies').toBe('none');
  });

  test('choosing a mode pushes it; each pattern shows its fields with min/max from n', () => {
    const r = rig(EIGHT);
    const select = r.$<HTMLSelectElement>('mask')!;
    const fields = () => Array.from(r.box.querySelectorAll<HTMLInputElement>('.mask-params input'), (i) => [i.dataset.testid, i.value, i.min, i.max]);
    const choose = (mode: string) => {
      select.value = mode;
      select.dispatchEvent(new Event('change'));
      expect(r.state().mask).toBe(mode);
      return fields();
    };
    expect(choose('window')).toEqual([['mask-w', '3', '1', '8']]);
    expect(choose('prefix')).toEqual([['mask-p', '2', '0', '8']]);
    expect(choose('localglobal')).toEqual([
      ['mask-w', '3', '1', '8'],
      ['mask-globals', '0', '', ''],
    ]);
    expect(choose('dilated')).toEqual([
      ['mask-w', '3', '1', '8'],
      ['mask-dilation', '2', '1', '8'],
    ]);
    expect(choose('bigbird')).toEqual([
      ['mask-block', '2', '1', '8'],
      ['mask-random', '1', '0', '4'],
      ['mask-seed', '0', '0', '4294967295'],
    ]);
    expect(choose('causal')).toEqual([]);
    expect(r.log).toEqual(['push', 'push', 'push', 'push', 'push', 'push']);
    expect(r.$('mask-about')!.textContent).toBe('Query i sees the keys j ≤ i (GPT).');
  });

  test('typing a whole number updates live, committing it pushes; the range follows block', () => {
    const r = rig(`${EIGHT}&mask=bigbird`);
    type(r.$('mask-block')!, '4', false);
    expect(r.state().maskParams.block).toBe(4);
    expect(r.log).toEqual(['live']);
    r.$('mask-block')!.dispatchEvent(new Event('change'));
    expect(r.log).toEqual(['live', 'push']);
    expect(r.$('mask-random')!.max, 'random blocks: at most n / block').toBe('2');
    type(r.$('mask-seed')!, '17');
    expect(r.state().maskParams.maskSeed).toBe(17);
  });

  test('junk is refused at the field with a message; the state keeps its value', () => {
    const r = rig(`${EIGHT}&mask=localglobal`);
    const w = r.$('mask-w')!;
    for (const junk of ['2.5', '-1', '1e3']) {
      type(w, junk);
      expect(r.state().maskParams.window, junk).toBe(3);
      expect(w.getAttribute('aria-invalid')).toBe('true');
      expect(r.$('mask-param-error')!.hidden).toBe(false);
      expect(r.$('mask-param-error')!.textContent).toBe(`w (sees |i − j| ≤ w): “${junk}” is not a whole number ≥ 0; the mask keeps 3.`);
    }
    type(w, 'abc'); // a number field holds no text: its value is ''
    expect(r.$('mask-param-error')!.textContent).toBe('w (sees |i − j| ≤ w): a whole number ≥ 0 is needed; the mask keeps 3.');
    type(r.$('mask-globals')!, '0, x');
    expect(r.state().maskParams.globals).toEqual([0]);
    expect(r.$('mask-param-error')!.textContent).toContain('global tokens: “0, x” is not a comma list');
    type(r.$('mask-globals')!, '0, 5 7');
    expect(r.state().maskParams.globals).toEqual([0, 5, 7]);
    expect(r.$('mask-param-error')!.hidden, 'a good value clears the message').toBe(true);
    expect(r.log).toEqual(['live', 'push']);
  });

  test('a whole number out of range for n goes to the state (the core’s message is the page’s error)', () => {
    const r = rig(`${EIGHT}&mask=window`);
    type(r.$('mask-w')!, '99');
    expect(r.state().maskParams.window).toBe(99);
    expect(r.$('mask-param-error')!.hidden).toBe(true);
    expect(r.$('mask-figure')!.hidden, 'the figure hides a mask the core refuses').toBe(true);
  });

  test('a state changed from outside (Back) shows in the focused field, which keeps the focus', () => {
    const r = rig(`${EIGHT}&mask=window&mw=5`);
    const w = r.$('mask-w')!;
    w.focus();
    r.set(parse(`${EIGHT}&mask=window&mw=2`));
    expect(r.$('mask-w')).toBe(w);
    expect(w.value).toBe('2');
    expect(document.activeElement).toBe(w);
    r.set(parse(`${EIGHT}&mask=dilated&mw=4`));
    expect(r.$('mask-w')!.value).toBe('4');
    expect(document.activeElement, 'the rebuilt field takes the focus back').toBe(r.$('mask-w'));
  });

  test('"Edit as custom" copies the built mask (the last n_q rows) and switches to custom', () => {
    const r = rig('#op=attention&mask=window&mw=2&Q=rand:3:2:1:1&K=rand:5:2:2:1&V=rand:5:2:3:1');
    const button = r.$<HTMLButtonElement>('mask-to-custom')!;
    expect(button.hidden).toBe(false);
    button.click();
    expect(r.state().mask).toBe('custom');
    expect(r.state().customMask).toEqual(refWindow(5, 2).slice(2));
    expect(r.log).toEqual(['push']);
    expect(button.hidden, 'nothing to copy from a custom mask').toBe(true);
    expect(rig('#op=single_head&mask=causal').$<HTMLButtonElement>('mask-to-custom')!.hidden, 'single_head has no custom mask').toBe(true);
  });

  test('中文: the menu, the fields and the messages', () => {
    const r = rig(`${EIGHT}&mask=dilated`, 'zh');
    expect(options(r.$<HTMLSelectElement>('mask')!).map(([, text]) => text)).toEqual([
      '无',
      '因果',
      '滑动窗口',
      '前缀语言模型（prefix-LM）',
      '局部 + 全局',
      '空洞（dilated）',
      'BigBird',
      '自定义（点击单元格）',
    ]);
    expect(r.box.querySelector('.mask-params')!.textContent).toContain('间隔 dilation');
    type(r.$('mask-dilation')!, '1.5');
    expect(r.$('mask-param-error')!.textContent).toBe('间隔 dilation（键之间的步长）：“1.5”不是 ≥ 0 的整数；掩码保持 2。');
    type(r.$('mask-dilation')!, 'x');
    expect(r.$('mask-param-error')!.textContent).toBe('间隔 dilation（键之间的步长）：需要一个 ≥ 0 的整数；掩码保持 2。');
    expect(r.$('mask-cost')!.textContent).toMatch(/^可见 \d+ \/ 64 = [\d.]+ %：计算量按 n·w 增长，而不是 n²$/);
  });

  test('readWhole and readGlobals', () => {
    expect([' 7 ', '0', '4294967295', '4294967296', '07x', '', '1.0'].map(readWhole)).toEqual([7, 0, 4294967295, undefined, undefined, undefined, undefined]);
    expect(readGlobals('')).toEqual([]);
    expect(readGlobals(' 1,2 ,3  4，5')).toEqual([1, 2, 3, 4, 5]);
    expect(readGlobals('1,-2')).toBeUndefined();
    expect(readGlobals(Array(257).fill('1').join(','))).toBeUndefined();
  });
});

describe('the mask figure', () => {
  test('a built mask is drawn read-only with the cost line', () => {
    const r = rig(`${EIGHT}&mask=window&mw=2`);
    const cells = Array.from(r.box.querySelectorAll('[data-testid=mask-figure-grid] .mask-cell'));
    expect(cells).toHaveLength(64);
    expect(cells.every((c) => c.tagName === 'SPAN' && c.getAttribute('role') === 'img')).toBe(true);
    expect(cells.map((c) => c.textContent === '✓')).toEqual(refWindow(8, 2).flat());
    expect(cells[1].getAttribute('aria-label')).toBe('query 0 does not see key 1');
    expect(r.$('mask-cost')!.textContent).toBe('visible 15 of 64 = 23.4 %: cost grows like n·w, not n²');
  });

  test('none and custom: the line only (the custom editor draws its own grid)', () => {
    const r = rig(EIGHT);
    expect(r.$('mask-cost')!.textContent).toBe('visible 64 of 64 = 100 %: no mask, cost grows like n²');
    expect(r.$('mask-figure-grid')!.hidden).toBe(true);
    const c = rig(`${EIGHT}&mask=custom&M=01;10`);
    expect(c.$('mask-cost')!.textContent).toBe('visible 62 of 64 = 96.9 %');
  });

  test('fewer queries than keys: where the queries sit, said in a note, chosen in the menu', () => {
    // a link from before the choice: a built mask put the queries bottom-right
    const r = rig('#op=attention&mask=prefix&mp=3&Q=rand:2:2:1:1&K=rand:6:2:2:1&V=rand:6:2:3:1');
    expect(r.$('mask-last-rows')!.textContent).toBe(
      'n_q = 2, n_k = 6: the queries are aligned bottom-right, query i at position 4 + i (the last 2 of keys 0 … 5); every mask and position mode uses it.',
    );
    expect(r.box.querySelectorAll('[data-testid=mask-figure-grid] .mask-cell')).toHaveLength(12);
    expect((r.$('align') as HTMLSelectElement).value).toBe('bottom-right');
    expect(r.$('align')!.closest('label')!.hidden).toBe(false);
    const top = rig('#op=attention&mask=causal&Q=rand:2:2:1:1&K=rand:6:2:2:1&V=rand:6:2:3:1');
    expect((top.$('align') as HTMLSelectElement).value).toBe('top-left');
    expect(top.$('mask-about')!.textContent).toBe('Query i sees the keys j ≤ i (GPT).');
    expect(rig('#op=attention&mask=causal&al=bottom-right&Q=rand:2:2:1:1&K=rand:6:2:2:1&V=rand:6:2:3:1').$('mask-about')!.textContent).toBe(
      'Query i sees the keys j ≤ i + 4 (the queries are the last 2 positions).',
    );
    expect(rig('#op=attention&mask=causal').$('align')!.closest('label')!.hidden, 'as many queries as keys: no choice to make').toBe(true);
  });
});
