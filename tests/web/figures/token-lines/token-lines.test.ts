// @vitest-environment jsdom
// Tests of the TokenLines component (web/src/figures/token-lines/token-lines.ts)
// in jsdom: what it draws (one line per head and visible pair, with its data
// attributes), its accessible structure, click-to-filter, the keyboard, the
// readout and onPoint, highlight(), updates, the note for too many tokens,
// dimming, export and destroy. The pure modules have their own tests in this
// folder; SVG snapshots are snapshots.test.ts, the PNG and real keys in
// Chromium token-lines.browser.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_SVG } from '../../../../web/src/figures/kit/figure-kit';
import { DEFAULT_TOKEN_LINES_WORDS, TokenLines, type TokenLinesData, type TokenLinesOptions } from '../../../../web/src/figures/token-lines/token-lines';
import { box, parseSVG } from '../../support/dom-test-kit';
import { TOKENS, causalData, causalHead, plainData, previousTokenHead } from './fixtures';

const two = (): TokenLinesData => causalData(TOKENS, [causalHead(6), previousTokenHead(6)]);

/** A token view of `data` in a 343-px container. */
function make(data: TokenLinesData, options: TokenLinesOptions = {}, width = 343): TokenLines {
  const tl = new TokenLines(box(width), options);
  tl.update(data);
  return tl;
}

const lines = (tl: TokenLines, sel = ''): SVGLineElement[] => Array.from(tl.element.querySelectorAll<SVGLineElement>(`line.tl-line${sel}`));
const shown = (tl: TokenLines): SVGLineElement[] => lines(tl).filter((l) => !l.hasAttribute('display'));
const faded = (tl: TokenLines): SVGLineElement[] => lines(tl).filter((l) => l.classList.contains('tl-faded'));
const button = (tl: TokenLines, side: 'query' | 'key', i: number): HTMLButtonElement =>
  tl.element.querySelector<HTMLButtonElement>(`button.tl-token[data-side="${side}"][data-index="${i}"]`)!;
const readout = (tl: TokenLines): string => tl.element.querySelector('.tl-readout')!.textContent ?? '';
const num = (el: Element, name: string): number => Number(el.getAttribute(name));
const key = (el: Element, k: string): boolean => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
const pointer = (el: Element, type: string, x = 0, y = 0): boolean => el.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true }));

describe('what it draws', () => {
  it('draws n_q · n_k lines per head without a mask, each with data-head, data-i, data-j and the full weight', () => {
    const d = plainData(3, 4, 2);
    const tl = make(d);
    for (const h of [0, 1]) expect(lines(tl, `[data-head="${h}"]`)).toHaveLength(12);
    for (const l of lines(tl)) {
      const [h, i, j] = [num(l, 'data-head'), num(l, 'data-i'), num(l, 'data-j')];
      expect(l.getAttribute('data-w')).toBe(String(d.heads[h].weights[i * 4 + j]));
      expect(l.parentElement!.getAttribute('data-head')).toBe(String(h));
    }
    expect(lines(tl)[0].getAttribute('data-w')).toBe('0.1'); // 1/10
    expect(lines(tl)[1].getAttribute('data-w')).toBe('0.2');
    tl.destroy();
  });

  it('draws no line for a masked pair, and orders widths and opacities like the weights', () => {
    const tl = make(two());
    expect(lines(tl, '[data-head="0"]')).toHaveLength(21);
    expect(lines(tl, '[data-head="1"]')).toHaveLength(21);
    for (const l of lines(tl)) expect(num(l, 'data-j')).toBeLessThanOrEqual(num(l, 'data-i'));
    const byWeight = lines(tl, '[data-head="0"]').sort((a, b) => num(a, 'data-w') - num(b, 'data-w'));
    for (let k = 1; k < byWeight.length; k++) {
      expect(num(byWeight[k], 'stroke-width')).toBeGreaterThanOrEqual(num(byWeight[k - 1], 'stroke-width'));
      expect(num(byWeight[k], 'stroke-opacity')).toBeGreaterThanOrEqual(num(byWeight[k - 1], 'stroke-opacity'));
    }
    // head 2: weight 0 is an invisible line, weight 1 (query 0 → key 0) the widest
    const zero = tl.element.querySelector('line[data-head="1"][data-i="3"][data-j="0"]')!;
    expect([zero.getAttribute('stroke-width'), zero.getAttribute('stroke-opacity')]).toEqual(['0', '0']);
    const one = tl.element.querySelector('line[data-head="1"][data-i="0"][data-j="0"]')!;
    expect(one.getAttribute('stroke-opacity')).toBe('1');
    expect(num(one, 'stroke-width')).toBe(Math.max(...lines(tl).map((l) => num(l, 'stroke-width'))));
    tl.destroy();
  });

  it('gives each head its colour and a legend entry naming it; one head has none', () => {
    const tl = make(two());
    expect(tl.element.querySelector('.tl-head[data-head="0"]')!.getAttribute('stroke')).toBe('#0072B2');
    expect(tl.element.querySelector('.tl-head[data-head="1"]')!.getAttribute('stroke')).toBe('#D55E00');
    expect(Array.from(tl.element.querySelectorAll('.tl-legend-head'), (g) => g.textContent)).toEqual(['head 1', 'head 2']);
    tl.update(causalData(TOKENS));
    expect(tl.element.querySelectorAll('.tl-legend-head')).toHaveLength(0);
    expect(tl.element.querySelectorAll('.tl-legend-weight')).toHaveLength(3);
    tl.destroy();
  });

  it('labels the columns with the tokens, or their indices, and keeps the full text of a cut label in a <title>', () => {
    const d: TokenLinesData = { ...plainData(2, 3), queryLabels: ['internationalisation', 'a'] };
    const tl = make(d);
    const q = Array.from(tl.element.querySelectorAll('.tl-labels-q text'));
    expect(q[0].firstChild!.textContent!.endsWith('…')).toBe(true);
    expect(q[0].querySelector('title')!.textContent).toBe('internationalisation');
    expect(q[1].textContent).toBe('a');
    expect(Array.from(tl.element.querySelectorAll('.tl-labels-k text'), (t) => t.textContent)).toEqual(['0', '1', '2']);
    expect(button(tl, 'query', 0).title).toBe('internationalisation');
    expect(button(tl, 'query', 1).hasAttribute('title')).toBe(false);
    tl.destroy();
  });
});

describe('structure and names', () => {
  it('has a test id, an image with a summary, and a button per token in two named groups', () => {
    const tl = make(two(), { title: 'Layer 0' });
    expect(tl.element.dataset['testid']).toBe('token-lines');
    const svg = tl.element.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Layer 0: attention lines, 6 queries × 6 keys, 2 heads.');
    const groups = Array.from(tl.element.querySelectorAll('[role="group"]'), (g) => g.getAttribute('aria-label'));
    expect(groups).toEqual(['Query tokens', 'Key tokens']);
    expect(svg.querySelector('button')).toBeNull(); // no controls inside role="img"
    expect(tl.element.querySelectorAll('button.tl-token')).toHaveLength(12);
    expect(button(tl, 'query', 4).getAttribute('aria-label')).toBe('query 4: the');
    expect(button(tl, 'key', 1).getAttribute('aria-pressed')).toBe('false');
    expect(tl.element.querySelector('.tl-readout')!.getAttribute('aria-live')).toBe('polite');
    expect(readout(tl)).toBe(DEFAULT_TOKEN_LINES_WORDS.hint);
    tl.update(two(), { testid: 'lines-layer-0' });
    expect(tl.element.dataset['testid']).toBe('lines-layer-0');
    tl.destroy();
  });

  it('places each button over its label: the row height, the label column’s width', () => {
    const tl = make(two());
    const label = tl.element.querySelector('.tl-labels-k text[data-index="2"]')!;
    const b = button(tl, 'key', 2);
    const top = parseFloat(b.style.top);
    const height = parseFloat(b.style.height);
    expect(top + height / 2).toBe(num(label, 'y'));
    expect(parseFloat(b.style.left)).toBeLessThanOrEqual(num(label, 'x'));
    expect(parseFloat(b.style.left) + parseFloat(b.style.width)).toBeLessThanOrEqual(343);
    tl.destroy();
  });

  it('uses the words it is given (中文)', () => {
    const zh = {
      queryGroup: '查询词元',
      keyGroup: '键词元',
      clear: '显示全部',
      query: '查询 {index}',
      labelled: '{who}：{label}',
      aria: '注意力连线：{rows} 个查询 × {cols} 个键，{heads}。',
      headsMany: '{n} 个头',
    };
    const tl = make(causalData(['我', '喜欢', '注意力'], [causalHead(3), previousTokenHead(3)]), { words: zh });
    expect(button(tl, 'query', 1).getAttribute('aria-label')).toBe('查询 1：喜欢');
    expect(tl.element.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('查询词元');
    expect(tl.element.querySelector('.tl-clear')!.textContent).toBe('显示全部');
    expect(tl.element.querySelector('svg')!.getAttribute('aria-label')).toBe('注意力连线：3 个查询 × 3 个键，2 个头。');
    tl.destroy();
  });
});

describe('click to keep only a token’s lines', () => {
  it('keeps a query’s lines, and all of them again on a second click', () => {
    const tl = make(two());
    const clear = tl.element.querySelector<HTMLButtonElement>('.tl-clear')!;
    expect(clear.disabled).toBe(true);
    button(tl, 'query', 2).click();
    expect(shown(tl).map((l) => num(l, 'data-i'))).toEqual([2, 2, 2, 2, 2, 2]); // 3 keys × 2 heads
    expect(lines(tl)).toHaveLength(42); // the others are hidden, not removed
    expect(button(tl, 'query', 2).getAttribute('aria-pressed')).toBe('true');
    expect(tl.element.dataset['chosen']).toBe('query:2');
    expect(clear.disabled).toBe(false);
    expect(readout(tl)).toBe('Only the lines of sat are shown. Click it again, press Escape or “Show all” to see every line.');
    expect(tl.element.querySelector('.tl-labels-q text[data-index="2"]')!.classList.contains('tl-lit')).toBe(true);
    button(tl, 'query', 2).click();
    expect(shown(tl)).toHaveLength(42);
    expect(button(tl, 'query', 2).getAttribute('aria-pressed')).toBe('false');
    expect(clear.disabled).toBe(true);
    expect(readout(tl)).toBe(DEFAULT_TOKEN_LINES_WORDS.hint);
    tl.destroy();
  });

  it('keeps a key’s lines; another token replaces it; "Show all" and Escape show every line', () => {
    const tl = make(two());
    button(tl, 'key', 4).click();
    expect(shown(tl).map((l) => `${num(l, 'data-head')}:${num(l, 'data-i')}`)).toEqual(['0:4', '0:5', '1:4', '1:5']);
    button(tl, 'key', 5).click();
    expect(shown(tl)).toHaveLength(2);
    expect(button(tl, 'key', 4).getAttribute('aria-pressed')).toBe('false');
    expect(button(tl, 'key', 5).getAttribute('aria-pressed')).toBe('true');
    tl.element.querySelector<HTMLButtonElement>('.tl-clear')!.click();
    expect(shown(tl)).toHaveLength(42);
    button(tl, 'query', 0).click();
    expect(shown(tl)).toHaveLength(2);
    expect(key(button(tl, 'query', 0), 'Escape')).toBe(false); // handled
    expect(shown(tl)).toHaveLength(42);
    expect(tl.element.dataset['chosen']).toBeUndefined();
    expect(key(button(tl, 'query', 0), 'Escape')).toBe(true); // nothing to clear: not ours
    tl.destroy();
  });
});

describe('keyboard', () => {
  it('has one tab stop per column; arrows, Home and End move between tokens and across columns', () => {
    const tl = make(two());
    const stops = Array.from(tl.element.querySelectorAll<HTMLButtonElement>('button.tl-token')).filter((b) => b.tabIndex === 0);
    expect(stops.map((b) => `${b.dataset['side']}:${b.dataset['index']}`)).toEqual(['query:0', 'key:0']);
    button(tl, 'query', 0).focus();
    expect(key(button(tl, 'query', 0), 'ArrowDown')).toBe(false);
    expect(document.activeElement).toBe(button(tl, 'query', 1));
    expect(button(tl, 'query', 1).tabIndex).toBe(0);
    expect(button(tl, 'query', 0).tabIndex).toBe(-1);
    key(button(tl, 'query', 1), 'End');
    expect(document.activeElement).toBe(button(tl, 'query', 5));
    key(button(tl, 'query', 5), 'ArrowRight');
    expect(document.activeElement).toBe(button(tl, 'key', 5));
    key(button(tl, 'key', 5), 'Home');
    expect(document.activeElement).toBe(button(tl, 'key', 0));
    expect(key(button(tl, 'key', 0), 'x')).toBe(true); // not ours
    tl.destroy();
  });

  it('reads out the focused token and makes its lines stand out; leaving the tokens ends it', () => {
    const tl = make(two());
    button(tl, 'query', 2).focus();
    expect(readout(tl)).toBe('sat attends most to cat: 0.75 (head 2).');
    expect(faded(tl)).toHaveLength(42 - 6);
    for (const l of faded(tl)) expect(num(l, 'data-i')).not.toBe(2);
    key(button(tl, 'query', 2), 'ArrowRight'); // key 2 "sat": head 2 gives it 0.75 from query 3 "on"
    expect(readout(tl)).toBe('sat gets most from on: 0.75 (head 2).');
    expect(faded(tl).some((l) => num(l, 'data-j') === 2)).toBe(false);
    button(tl, 'key', 2).blur();
    expect(faded(tl)).toHaveLength(0);
    expect(readout(tl)).toBe(DEFAULT_TOKEN_LINES_WORDS.hint);
    tl.destroy();
  });
});

describe('pointing', () => {
  /** The middle of a drawn line, in SVG px (jsdom lays nothing out, so client = SVG coordinates). */
  const middle = (l: Element): [number, number] => [(num(l, 'x1') + num(l, 'x2')) / 2, (num(l, 'y1') + num(l, 'y2')) / 2];

  it('reads out the line under the pointer, draws it on top and tells onPoint; leaving ends it', () => {
    const onPoint = vi.fn();
    const tl = make(two(), { onPoint });
    const svg = tl.element.querySelector('svg')!;
    const target = tl.element.querySelector('line[data-head="1"][data-i="2"][data-j="1"]')!;
    // the middle of sat → cat (head 2) is also near other lines; move onto it a little past the middle, toward its key end
    const [x, y] = [num(target, 'x2') - 10, num(target, 'y2') + (num(target, 'y1') - num(target, 'y2')) * (10 / (num(target, 'x2') - num(target, 'x1')))];
    pointer(svg, 'pointermove', x, y);
    expect(readout(tl)).toBe('sat → cat: 0.75 (head 2)');
    expect(onPoint).toHaveBeenLastCalledWith({ head: 1, i: 2, j: 1 });
    const hover = tl.element.querySelector('.tl-hover')!;
    expect(hover.hasAttribute('display')).toBe(false);
    expect([hover.getAttribute('data-head'), hover.getAttribute('data-i'), hover.getAttribute('data-j')]).toEqual(['1', '2', '1']);
    expect(hover.querySelector('.tl-hover-line')!.getAttribute('stroke')).toBe('#D55E00');
    expect(tl.element.querySelector('.tl-labels-q text[data-index="2"]')!.classList.contains('tl-lit')).toBe(true);
    expect(tl.element.querySelector('.tl-labels-k text[data-index="1"]')!.classList.contains('tl-lit')).toBe(true);
    pointer(svg, 'pointermove', x, y); // the same line: no second call
    expect(onPoint).toHaveBeenCalledTimes(1);
    pointer(svg, 'pointerleave');
    expect(onPoint).toHaveBeenLastCalledWith(null);
    expect(hover.getAttribute('display')).toBe('none');
    expect(readout(tl)).toBe(DEFAULT_TOKEN_LINES_WORDS.hint);
    tl.destroy();
  });

  it('points at nothing far from every line, and only at lines that are kept', () => {
    const onPoint = vi.fn();
    const tl = make(two(), { onPoint });
    const svg = tl.element.querySelector('svg')!;
    pointer(svg, 'pointermove', 2, 2);
    expect(onPoint).not.toHaveBeenCalled();
    button(tl, 'query', 5).click();
    const hidden = tl.element.querySelector('line[data-head="0"][data-i="0"][data-j="0"]')!;
    pointer(svg, 'pointerdown', ...middle(hidden)); // a tap on a hidden line (query 0 → key 0)
    expect(onPoint).not.toHaveBeenCalled();
    expect(readout(tl)).toMatch(/^Only the lines of mat/);
    tl.destroy();
  });

  it('reads out a hovered token and fades the other lines', () => {
    const tl = make(two());
    pointer(button(tl, 'key', 5), 'pointerover');
    expect(readout(tl)).toBe('mat gets most from mat: 0.285714 (head 1).');
    expect(faded(tl)).toHaveLength(40);
    pointer(button(tl, 'key', 5), 'pointerout');
    expect(faded(tl)).toHaveLength(0);
    tl.destroy();
  });

  it('highlight() makes a query’s and a key’s lines stand out, and null ends it', () => {
    const tl = make(two());
    tl.highlight({ i: 3 });
    expect(faded(tl).every((l) => num(l, 'data-i') !== 3)).toBe(true);
    expect(faded(tl)).toHaveLength(42 - 8);
    tl.highlight({ i: 3, j: 5 });
    expect(shown(tl).filter((l) => !l.classList.contains('tl-faded'))).toHaveLength(8 + 2);
    expect(tl.element.querySelector('.tl-labels-k text[data-index="5"]')!.classList.contains('tl-lit')).toBe(true);
    tl.highlight({ i: 99 }); // out of range: nothing
    expect(faded(tl)).toHaveLength(0);
    tl.highlight({ j: 0 });
    tl.highlight(null);
    expect(faded(tl)).toHaveLength(0);
    expect(tl.element.querySelectorAll('.tl-lit')).toHaveLength(0);
    tl.destroy();
  });
});

describe('updates, limits and lifecycle', () => {
  it('moves only the weights when the pairs stay (a drag), keeping the elements and the chosen token', () => {
    const tl = make(two());
    button(tl, 'query', 3).click();
    const before = lines(tl);
    const moved = two();
    moved.heads[0].weights[3 * 6 + 1] = 0.9;
    tl.update(moved);
    const after = lines(tl);
    expect(after).toHaveLength(42);
    after.forEach((l, k) => expect(l).toBe(before[k]));
    expect(tl.element.querySelector('line[data-head="0"][data-i="3"][data-j="1"]')!.getAttribute('data-w')).toBe('0.9');
    expect(shown(tl)).toHaveLength(8);
    // a new shape: new lines; the chosen query 3 no longer exists with 3 tokens
    tl.update(causalData(['a', 'b', 'c']));
    expect(lines(tl)).toHaveLength(6);
    expect(shown(tl)).toHaveLength(6);
    expect(tl.element.dataset['chosen']).toBeUndefined();
    tl.destroy();
  });

  it('shows a note instead of lines beyond 64 tokens a side, and exports nothing', async () => {
    const tl = make(plainData(3, 65));
    const note = tl.element.querySelector<HTMLElement>('.tl-note')!;
    expect(note.hidden).toBe(false);
    expect(note.textContent).toBe('The token view draws at most 64 tokens per side; this has 3 queries and 65 keys. The heatmap shows every weight.');
    expect(tl.element.querySelector<HTMLElement>('.tl-figure')!.hidden).toBe(true);
    expect(lines(tl)).toHaveLength(0);
    expect(tl.toSVG()).toBe(EMPTY_SVG);
    await expect(tl.toPNG()).rejects.toThrow(/nothing to export/);
    tl.update(plainData(64, 64));
    expect(note.hidden).toBe(true);
    expect(lines(tl)).toHaveLength(4096);
    tl.destroy();
  });

  it('says when there is nothing to draw, and before the first update', () => {
    const tl = new TokenLines(box(343));
    expect(readout(tl)).toBe(DEFAULT_TOKEN_LINES_WORDS.noData);
    expect(tl.toSVG()).toBe(EMPTY_SVG);
    tl.update(plainData(0, 3));
    expect(readout(tl)).toBe(DEFAULT_TOKEN_LINES_WORDS.empty);
    expect(tl.element.querySelector<HTMLElement>('.tl-figure')!.hidden).toBe(true);
    expect(() => tl.update({ ...plainData(2, 2), rows: 3 })).toThrow(RangeError);
    tl.destroy();
  });

  it('dims, and destroy() removes the element and its listeners', () => {
    const onPoint = vi.fn();
    const host = box(343);
    const tl = new TokenLines(host, { onPoint });
    tl.update(two());
    tl.setDimmed(true);
    expect(tl.element.dataset['dimmed']).toBe('true');
    expect(tl.element.classList.contains('tl-dimmed')).toBe(true);
    tl.setDimmed(false);
    expect(tl.element.dataset['dimmed']).toBeUndefined();
    const svg = tl.element.querySelector('svg')!;
    tl.destroy();
    expect(host.childElementCount).toBe(0);
    const l = svg.querySelector('line[data-i="0"]')!;
    pointer(svg, 'pointermove', num(l, 'x1') + 5, num(l, 'y1'));
    expect(onPoint).not.toHaveBeenCalled();
  });
});

describe('toSVG', () => {
  it('is a standalone SVG with a title, the summary, a background, and every line whatever the view', () => {
    const tl = make(two(), { title: 'Layer 0' });
    button(tl, 'query', 2).click();
    tl.highlight({ j: 1 });
    const text = tl.toSVG();
    const doc = parseSVG(text);
    const root = doc.documentElement;
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(root.querySelector('title')!.textContent).toBe('Layer 0 (queries → keys)');
    expect(root.getAttribute('aria-label')).toBe('Layer 0: attention lines, 6 queries × 6 keys, 2 heads.');
    expect(root.getAttribute('width')).toBe('343');
    expect(root.querySelector('.tl-background')!.getAttribute('fill')).toBe('#ffffff');
    expect(root.querySelectorAll('line.tl-line')).toHaveLength(42);
    expect(root.querySelectorAll('line.tl-line[display]')).toHaveLength(0);
    expect(root.querySelectorAll('.tl-faded, .tl-lit, .tl-hover')).toHaveLength(0);
    expect(text).not.toContain('style=');
    // the screen keeps its state
    expect(shown(tl)).toHaveLength(6);
    tl.destroy();
  });
});
