// @vitest-environment jsdom
// Tests of web/src/figures/kit/figure-kit.ts, what the heatmap and the line
// chart share: word templates, escaping, numbers, text widths, the palette
// from CSS custom properties, the cursor and its events, the parts below a
// figure (readout, table toggle, table box), the dimmed state, and an SVG
// element as a document. Loading an SVG as an image and a canvas as a PNG
// need a real browser: kit.browser.test.ts.
import { describe, expect, it } from 'vitest';
import {
  CursorState,
  EMPTY_SVG,
  FONT_FAMILY,
  Listeners,
  SVG_NS,
  captionedTable,
  escapeXml,
  estimateTextWidth,
  figureControls,
  fill,
  formatFull,
  headerCell,
  listenCursor,
  listenTableToggle,
  readPalette,
  setDimmed,
  ThemePalette,
  svgDocument,
} from '../../../web/src/figures/kit/figure-kit';

describe('text', () => {
  it('fills {name} placeholders once, leaving unknown ones and the filled text alone', () => {
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(fill('{a}', { a: '{a}' })).toBe('{a}');
    expect(fill('{who}：{value}', { who: '查询 0', value: 0.5 })).toBe('查询 0：0.5');
  });

  it('escapes the five XML characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('中文 plain')).toBe('中文 plain');
  });

  it('prints 6 significant digits, without "-0", with ∞ and NaN', () => {
    expect(formatFull(0.4513261234)).toBe('0.451326');
    expect(formatFull(123456789)).toBe('123457000');
    expect(formatFull(-0)).toBe('0');
    expect(formatFull(NaN)).toBe('NaN');
    expect(formatFull(Infinity)).toBe('∞');
    expect(formatFull(-Infinity)).toBe('−∞');
  });

  it('estimates wide characters (CJK, kana, hangul, full-width forms) at 1 em and others at the given fraction', () => {
    expect(estimateTextWidth('ab', 10, 0.6)).toBeCloseTo(12, 10);
    expect(estimateTextWidth('中文', 10, 0.6)).toBe(20);
    expect(estimateTextWidth('かな한글', 10, 0.6)).toBe(40);
    expect(estimateTextWidth('Ａ１', 10, 0.6)).toBe(20);
    expect(estimateTextWidth('😀', 10, 0.6)).toBe(10); // one code point, not two UTF-16 units
    expect(estimateTextWidth('', 10, 0.6)).toBe(0);
  });
});

describe('constants', () => {
  it('names the SVG namespace, a system font stack and an empty export', () => {
    expect(SVG_NS).toBe('http://www.w3.org/2000/svg');
    expect(FONT_FAMILY).toMatch(/system-ui.*sans-serif$/);
    const doc = new DOMParser().parseFromString(EMPTY_SVG, 'image/svg+xml');
    expect(doc.documentElement.namespaceURI).toBe(SVG_NS);
    expect(doc.documentElement.getAttribute('width')).toBe('0');
  });
});

describe('theming', () => {
  it('reads the palette from --{prefix}-* custom properties, defaults where unset, null when not in a document', () => {
    const el = document.createElement('div');
    const defaults = { fg: '#000000', maskFill: '#d9d9d9' };
    expect(readPalette(el, 'hm', defaults)).toBeNull();
    document.body.append(el);
    expect(readPalette(el, 'hm', defaults)).toEqual(defaults);
    el.style.setProperty('--hm-mask-fill', ' #c0c0c0 ');
    expect(readPalette(el, 'hm', defaults)).toEqual({ fg: '#000000', maskFill: '#c0c0c0' });
    el.remove();
  });

  it('keeps a read palette until forget(), or reads it at every get() when not cached; defaults outside a document', () => {
    const el = document.createElement('div');
    const defaults = { fg: '#000000' };
    const once = new ThemePalette(el, 'hm', defaults);
    const fresh = new ThemePalette(el, 'hm', defaults, false);
    expect(once.get()).toEqual(defaults);
    document.body.append(el);
    el.style.setProperty('--hm-fg', '#111111');
    expect(once.get()).toEqual({ fg: '#111111' });
    el.style.setProperty('--hm-fg', '#222222');
    expect(once.get()).toEqual({ fg: '#111111' });
    expect(fresh.get()).toEqual({ fg: '#222222' });
    once.forget();
    expect(once.get()).toEqual({ fg: '#222222' });
    el.remove();
  });
});

describe('listeners and the cursor', () => {
  it('removes every listener it added', () => {
    const l = new Listeners();
    const target = new EventTarget();
    let calls = 0;
    l.add(target, 'x', () => calls++);
    l.add(target, 'y', () => calls++);
    target.dispatchEvent(new Event('x'));
    l.removeAll();
    target.dispatchEvent(new Event('x'));
    target.dispatchEvent(new Event('y'));
    expect(calls).toBe(1);
  });

  it('shows the hovered position, else the keyboard one while focused, else none', () => {
    const s = new CursorState<number>(-1);
    expect(s.active).toBe(-1);
    s.cursor = 3;
    expect(s.active).toBe(-1);
    s.focused = true;
    expect(s.active).toBe(3);
    s.hover = 5;
    expect(s.active).toBe(5);
    s.focused = false;
    expect(s.active).toBe(5);
  });

  it('moves the cursor with keys, focus and the pointer, and calls show after each', () => {
    const el = document.createElement('div');
    el.tabIndex = 0;
    document.body.append(el);
    const l = new Listeners();
    const s = new CursorState<number>(-1);
    const shown: number[] = [];
    listenCursor(
      l,
      el,
      s,
      {
        at: (e) => (e.clientX >= 0 ? Math.floor(e.clientX / 10) : -1),
        first: () => 0,
        move: (from, e) => (e.key === 'ArrowRight' ? from + 1 : null),
      },
      () => shown.push(s.active),
    );
    el.focus();
    expect(s.cursor).toBe(0);
    const right = new KeyboardEvent('keydown', { key: 'ArrowRight', cancelable: true });
    el.dispatchEvent(right);
    expect(right.defaultPrevented).toBe(true);
    const tab = new KeyboardEvent('keydown', { key: 'Tab', cancelable: true });
    el.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    el.dispatchEvent(new MouseEvent('pointermove', { clientX: 42 }));
    expect(s.hover).toBe(4);
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' })); // a key ends the hover
    expect([s.cursor, s.hover]).toEqual([2, -1]);
    el.dispatchEvent(new MouseEvent('pointermove', { clientX: 71 }));
    el.dispatchEvent(new MouseEvent('pointerleave'));
    el.dispatchEvent(new MouseEvent('pointerdown', { clientX: 95 }));
    expect(s.cursor).toBe(9);
    el.dispatchEvent(new MouseEvent('pointerdown', { clientX: -5 })); // nothing there: the cursor stays
    expect(s.cursor).toBe(9);
    el.blur();
    expect(shown).toEqual([0, 1, 4, 2, 7, 2, 9, 9, -1]);
    l.removeAll();
    el.remove();
  });
});

describe('the parts below a figure', () => {
  it('builds the readout, the toolbar with the table toggle, and the closed table box', () => {
    const c = figureControls(document, 'hm', 'hm-7', 'Table');
    expect(c.readout.className).toBe('hm-readout fig-readout');
    expect(c.readout.getAttribute('aria-live')).toBe('polite');
    expect(c.toolbar.className).toBe('hm-toolbar fig-toolbar');
    expect(c.toolbar.contains(c.tableButton)).toBe(true);
    expect(c.tableButton.type).toBe('button');
    expect(c.tableButton.className).toBe('hm-table-toggle fig-table-toggle');
    expect(c.tableButton.textContent).toBe('Table');
    expect(c.tableButton.getAttribute('aria-controls')).toBe('hm-7-table');
    expect(c.tableButton.getAttribute('aria-expanded')).toBe('false');
    expect(c.tableBox.id).toBe('hm-7-table');
    expect(c.tableBox.className).toBe('hm-table-box fig-table-box hm-sr-only fig-sr-only');
  });

  it('opens and closes the table with the toggle, calling onOpen after each opening', () => {
    const c = figureControls(document, 'lc', 'lc-1', 'Table');
    const l = new Listeners();
    let opened = 0;
    listenTableToggle(l, c, 'lc', () => opened++);
    c.tableButton.click();
    expect([c.tableButton.getAttribute('aria-expanded'), c.tableBox.classList.contains('lc-sr-only'), c.tableBox.classList.contains('fig-sr-only')]).toEqual([
      'true',
      false,
      false,
    ]);
    c.tableButton.click();
    expect([c.tableButton.getAttribute('aria-expanded'), c.tableBox.classList.contains('lc-sr-only')]).toEqual(['false', true]);
    c.tableButton.click();
    expect(opened).toBe(2);
    l.removeAll();
    c.tableButton.click();
    expect(opened).toBe(2);
  });

  it('dims a figure and undoes it', () => {
    const el = document.createElement('div');
    setDimmed(el, 'hm', true);
    expect([el.classList.contains('hm-dimmed'), el.dataset['dimmed']]).toEqual([true, 'true']);
    setDimmed(el, 'hm', false);
    expect([el.classList.contains('hm-dimmed'), el.dataset['dimmed']]).toEqual([false, undefined]);
  });

  it('makes a captioned table and scoped header cells', () => {
    const t = captionedTable(document, 'hm', 'rows are query');
    expect(t.className).toBe('hm-table fig-table');
    expect(t.querySelector('caption')!.textContent).toBe('rows are query');
    const th = headerCell(document, 'key 0', 'col');
    expect([th.tagName, th.scope, th.textContent]).toEqual(['TH', 'col', 'key 0']);
  });
});

describe('export', () => {
  it('serialises an SVG element as a document with markup first inside the root', () => {
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('width', '10');
    svg.append(document.createElementNS(SVG_NS, 'g'));
    const text = svgDocument(svg, '<title>a &amp; b</title>');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="10"><title>a &amp; b<\/title><g\/><\/svg>$/);
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.firstElementChild!.tagName).toBe('title');
  });
});
