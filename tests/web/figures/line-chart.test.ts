// @vitest-environment jsdom
// Tests of the LineChart component (web/src/figures/line-chart/line-chart.ts)
// in jsdom: its SVG export (one path per series, bands, log-axis ticks,
// legend, guide lines, escaping), keyboard/hover readout, table alternative,
// lifecycle, words, and the public entry's names. The pure modules (layout,
// scales, text, data, describe, cursor, style) have their own tests in
// line-chart/; SVG snapshots are line-chart-snapshots.test.ts and the PNG
// export, which needs a real canvas, line-chart.browser.test.ts.
import { describe, expect, it } from 'vitest';
import * as entry from '../../../web/src/figures/line-chart/line-chart';
import {
  BAND_OPACITY,
  DEFAULT_CHART_WORDS,
  FIT_DASH,
  LineChart,
  PALETTE,
  fill,
  summarise,
  type ChartOptions,
  type Series,
} from '../../../web/src/figures/line-chart/line-chart';
import { box, parseSVG } from '../support/dom-test-kit';
import { DS, NS, quadOptions, quadSeries, scalingOptions, scalingSeries, zhOptions } from './line-chart/fixtures';

function chart(series: Series[], options: ChartOptions, width = 640): LineChart {
  const c = new LineChart(box(width), options);
  c.update(series);
  return c;
}

describe('the public entry line-chart.ts', () => {
  it('exports every name it exported before the split, so importers need no change', () => {
    const names = [
      'BAND_OPACITY',
      'DEFAULT_CHART_WORDS',
      'DEFAULT_HEIGHT',
      'DEFAULT_PALETTE',
      'FIT_DASH',
      'LineChart',
      'MARKERS',
      'PALETTE',
      'PLAIN_DASHES',
      'chartWords',
      'drawable',
      'escapeXml',
      'extent',
      'fill',
      'formatFull',
      'formatNumber',
      'isPowerOfTwo',
      'labelStep',
      'legendLayout',
      'logTicks',
      'moveIndex',
      'nearestIndex',
      'readoutText',
      'seriesStyle',
      'summarise',
      'textWidth',
      'valueAt',
      'verticalLayout',
      'wrapText',
      'xPositions',
    ];
    expect(Object.keys(entry).sort()).toEqual(names.sort());
    for (const n of names) expect(entry[n as keyof typeof entry], n).toBeDefined();
  });
});

// ---------------------------------------------------------------- the component

describe('LineChart: the √d_k chart', () => {
  it('exports one line path per series, one band path per banded series and the markers', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const doc = parseSVG(c.toSVG());
    const lines = [...doc.querySelectorAll('path.lc-line')];
    expect(lines.map((p) => p.getAttribute('data-series'))).toEqual(['unscaled', 'scaled']);
    expect(lines.map((p) => p.getAttribute('stroke'))).toEqual([PALETTE[0], PALETTE[1]]);
    for (const p of lines) expect(p.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){10}$/);
    const bands = [...doc.querySelectorAll('path.lc-band')];
    expect(bands).toHaveLength(2);
    for (const b of bands) {
      expect(b.getAttribute('fill-opacity')).toBe(String(BAND_OPACITY));
      expect(b.getAttribute('d')).toMatch(/Z$/);
    }
    const sets = [...doc.querySelectorAll('g.lc-marker-set')];
    expect(sets.map((g) => g.getAttribute('data-marker'))).toEqual(['circle', 'square']);
    for (const g of sets) expect(g.querySelectorAll('path.lc-marker')).toHaveLength(11);
    c.destroy();
  });

  it('has a base-2 log x axis with ticks 1…1024 and the 0…1 y axis', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const doc = parseSVG(c.toSVG());
    const xt = [...doc.querySelectorAll('.lc-axis-x .tick')];
    expect(xt.map((t) => Number(t.getAttribute('data-x')))).toEqual(DS);
    expect(xt.map((t) => t.textContent)).toEqual(DS.map(String)); // 640 px: every label fits
    const yt = [...doc.querySelectorAll('.lc-axis-y .tick')].map((t) => t.textContent);
    expect(yt[0]).toBe('0.00');
    expect(yt[yt.length - 1]).toBe('1.00');
    expect(doc.querySelector('.lc-x-title')!.textContent).toBe('key dimension d (log scale)');
    expect(doc.querySelector('.lc-y-title')!.textContent).toBe('largest weight');
    c.destroy();
  });

  it('thins the x labels (not the ticks) at a phone width', () => {
    const c = chart(scalingSeries(), scalingOptions, 343);
    const doc = parseSVG(c.toSVG());
    expect(doc.documentElement.getAttribute('width')).toBe('343');
    const xt = [...doc.querySelectorAll('.lc-axis-x .tick')];
    expect(xt).toHaveLength(11);
    const shown = xt.map((t) => t.textContent).filter((s) => s);
    expect(shown.length).toBeLessThan(11);
    expect(shown[0]).toBe('1');
    // The title wraps instead of running off the edge.
    c.update(scalingSeries(), { title: 'Largest softmax weight against the key dimension, with and without scaling' });
    const lines = [...parseSVG(c.toSVG()).querySelectorAll('.lc-title tspan')].map((t) => t.textContent);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('Largest softmax weight against the key dimension, with and without scaling');
    c.destroy();
  });

  it('draws the legend with every label, a band swatch and the marker', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const doc = parseSVG(c.toSVG());
    const items = [...doc.querySelectorAll('.lc-legend-item')];
    expect(items.map((g) => g.querySelector('.lc-legend-label')!.textContent)).toEqual(['without ÷√d_k', 'with ÷√d_k']);
    for (const g of items) {
      expect(g.querySelector('.lc-legend-band')!.getAttribute('display')).toBeNull();
      expect(g.querySelector('.lc-legend-marker')!.getAttribute('d')).toBeTruthy();
    }
    c.destroy();
  });

  it('draws the guide line at d = 64 with its label', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const doc = parseSVG(c.toSVG());
    const a = doc.querySelectorAll('.lc-annotation');
    expect(a).toHaveLength(1);
    expect(a[0].getAttribute('data-x')).toBe('64');
    expect(a[0].querySelector('text')!.textContent).toBe('d = 64');
    // It sits on the x = 64 tick (d3-axis shifts ticks by up to 0.5 px for crisp lines).
    const tick = doc.querySelector('.lc-axis-x .tick[data-x="64"]')!.getAttribute('transform')!;
    const tx = Number(/translate\(([\d.]+)/.exec(tick)![1]);
    const ax = Number(/translate\(([\d.]+)/.exec(a[0].getAttribute('transform')!)![1]);
    const left = Number(/translate\(([\d.]+)/.exec(doc.querySelector('.lc-axis-x')!.getAttribute('transform')!)![1]);
    expect(Math.abs(ax - (left + tx))).toBeLessThanOrEqual(0.5);
    c.destroy();
  });

  it('is a standalone SVG: namespace, size, title, background, caption, no CSS classes needed and no cursor', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const text = c.toSVG();
    const root = parseSVG(text).documentElement;
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(root.getAttribute('role')).toBe('img');
    expect(root.getAttribute('aria-label')).toContain('Line chart of largest weight');
    expect(root.getAttribute('tabindex')).toBeNull();
    expect(root.getAttribute('color')).toBeTruthy();
    expect(root.getAttribute('font-family')).toContain('sans-serif');
    expect(root.querySelector('title')!.textContent).toBe('Largest softmax weight');
    expect(root.querySelector('.lc-background')!.getAttribute('fill')).toBe('#ffffff');
    expect(root.querySelector('.lc-caption')!.textContent).toContain('mean ± one standard deviation');
    expect(Number(root.getAttribute('height'))).toBeGreaterThan(Number(c.element.querySelector('svg')!.getAttribute('height')));
    expect(root.querySelector('.lc-cursor')).toBeNull();
    expect(text).not.toMatch(/style=/);
    expect(text).not.toContain('<style');
    c.destroy();
  });
});

describe('LineChart: the quadratic-cost chart (log–log)', () => {
  it('has powers-of-ten y ticks, an x axis from 16 to 4096 and a dashed fit line', () => {
    const c = chart(quadSeries(), { ...quadOptions, xTicks: [16, 64, 256, 1024, 4096] });
    const doc = parseSVG(c.toSVG());
    const yt = [...doc.querySelectorAll('.lc-axis-y .tick')].map((t) => Number(t.getAttribute('data-y')));
    expect(yt.length).toBeGreaterThanOrEqual(3);
    for (const v of yt) expect(Math.log10(v) % 1).toBeCloseTo(0, 9);
    const xt = [...doc.querySelectorAll('.lc-axis-x .tick')];
    expect(xt.map((t) => t.textContent)).toEqual(['16', '64', '256', '1024', '4096']);
    const lines = [...doc.querySelectorAll('path.lc-line')];
    expect(lines).toHaveLength(3);
    expect(lines.map((p) => p.getAttribute('stroke-dasharray'))).toEqual([null, null, FIT_DASH]);
    expect(doc.querySelectorAll('path.lc-band')).toHaveLength(0);
    expect(doc.querySelectorAll('g.lc-marker-set')).toHaveLength(2);
    expect(doc.querySelector('.lc-y-title')!.textContent).toBe('count or ms (log scale)');
    c.destroy();
  });

  it('chooses powers of two on a log x axis when every x is one, without xTicks', () => {
    const c = chart(quadSeries(), quadOptions);
    const doc = parseSVG(c.toSVG());
    const xt = [...doc.querySelectorAll('.lc-axis-x .tick')].map((t) => Number(t.getAttribute('data-x')));
    expect(xt).toEqual(NS);
    c.destroy();
  });

  it('leaves out points that a log axis cannot show instead of drawing NaN', () => {
    const s: Series[] = [
      {
        id: 'z',
        label: 'z',
        points: [
          { x: 0, y: 1 },
          { x: 16, y: 0 },
          { x: 32, y: 4 },
          { x: 64, y: 16 },
        ],
        markers: true,
      },
    ];
    const c = chart(s, quadOptions);
    const text = c.toSVG();
    expect(text).not.toContain('NaN');
    expect(parseSVG(text).querySelectorAll('path.lc-marker')).toHaveLength(2);
    c.destroy();
  });
});

describe('LineChart: escaping', () => {
  it('escapes labels, titles and captions in the SVG, and shows them verbatim in the page', () => {
    const nasty = `<b>"x" & 'y'</b>`;
    const s: Series[] = [
      {
        id: 'a"b',
        label: nasty,
        shortLabel: nasty,
        points: [
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ],
        markers: true,
      },
    ];
    const c = chart(s, { title: `T ${nasty}`, xLabel: `x ${nasty}`, yLabel: `y ${nasty}`, caption: `c ${nasty}`, annotations: [{ x: 1.5, label: nasty }] });
    const text = c.toSVG();
    expect(text).not.toContain('<b>');
    expect(text).toContain('&lt;b&gt;');
    const doc = parseSVG(text);
    expect(doc.querySelector('title')!.textContent).toBe(`T ${nasty}`);
    expect(doc.querySelector('.lc-legend-label')!.textContent).toBe(nasty);
    expect(doc.querySelector('.lc-annotation text')!.textContent).toBe(nasty);
    expect(doc.querySelector('.lc-x-title')!.textContent).toBe(`x ${nasty}`);
    expect(doc.querySelector('path.lc-line')!.getAttribute('data-series')).toBe('a"b');
    expect(doc.documentElement.getAttribute('aria-label')).toContain(nasty);
    // In the page: text nodes, never markup.
    expect(c.element.querySelector('b')).toBeNull();
    expect(c.element.querySelector('.lc-caption')!.textContent).toBe(`c ${nasty}`);
    expect(c.element.querySelector('.lc-table thead th:nth-child(2)')!.textContent).toBe(nasty);
    c.readoutAt(0);
    expect(c.readoutAt(0)).toBe(`x ${nasty} = 1: ${nasty} 1`);
    c.destroy();
  });
});

describe('LineChart: accessibility and interaction', () => {
  it('has a focusable SVG with role="img", a summary, an aria-live readout and a hidden table', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const svg = c.element.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('tabindex')).toBe('0');
    expect(svg.getAttribute('aria-label')).toMatch(/^Largest softmax weight\. Line chart of largest weight against key dimension d, log scale\..*arrow keys/);
    expect(svg.getAttribute('aria-describedby')).toBe(c.element.querySelector('.lc-caption')!.id);
    const readout = c.element.querySelector('.lc-readout')!;
    expect(readout.getAttribute('aria-live')).toBe('polite');
    const table = c.element.querySelector('.lc-table')!;
    expect(table.closest('.lc-sr-only')).not.toBeNull();
    const head = [...table.querySelectorAll('thead th')].map((t) => t.textContent);
    expect(head).toEqual(['d', 'without ÷√d_k', 'without ÷√d_k: low', 'without ÷√d_k: high', 'with ÷√d_k', 'with ÷√d_k: low', 'with ÷√d_k: high']);
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(11);
    const r64 = rows.find((r) => r.getAttribute('data-x') === '64')!;
    expect([...r64.children].map((t) => t.textContent)).toEqual(['64', '0.97', '0.92', '1', '0.46', '0.36', '0.56']);
    // The Table button shows it.
    const btn = c.element.querySelector<HTMLButtonElement>('.lc-table-toggle')!;
    btn.click();
    expect(btn.getAttribute('aria-expanded')).toBe('true');
    expect(table.closest('.lc-sr-only')).toBeNull();
    btn.click();
    expect(table.closest('.lc-sr-only')).not.toBeNull();
    // No style attributes anywhere (CSP style-src 'self').
    expect(c.element.querySelector('[style]')).toBeNull();
    c.destroy();
  });

  it('moves a readout over the x positions with the keyboard: "d = 64: without 0.97, with 0.46"', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const svg = c.element.querySelector('svg')!;
    const readout = c.element.querySelector('.lc-readout')!;
    expect(readout.textContent).toMatch(/arrow keys/);
    svg.dispatchEvent(new FocusEvent('focus'));
    expect(readout.textContent).toBe('d = 1: without 0.20, with 0.40');
    const key = (k: string): KeyboardEvent => {
      const e = new KeyboardEvent('keydown', { key: k, cancelable: true });
      svg.dispatchEvent(e);
      return e;
    };
    for (let i = 0; i < 6; i++) key('ArrowRight');
    expect(readout.textContent).toBe('d = 64: without 0.97, with 0.46');
    expect(c.element.dataset['cursor']).toBe('6');
    const cursor = svg.querySelector('.lc-cursor')!;
    expect(cursor.getAttribute('display')).toBeNull();
    expect(cursor.getAttribute('data-x')).toBe('64');
    expect(cursor.querySelectorAll('circle')).toHaveLength(2);
    expect(key('End').defaultPrevented).toBe(true);
    expect(readout.textContent).toMatch(/^d = 1024:/);
    expect(key('Tab').defaultPrevented).toBe(false);
    expect(c.readoutAt(6)).toBe('d = 64: without 0.97, with 0.46');
    expect(c.readoutAt(99)).toBe('');
    svg.dispatchEvent(new FocusEvent('blur'));
    expect(cursor.getAttribute('display')).toBe('none');
    c.destroy();
  });

  it('shows the same readout on hover, at the nearest x', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const svg = c.element.querySelector('svg')!;
    const width = Number(svg.getAttribute('width'));
    const height = Number(svg.getAttribute('height'));
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, right: width, bottom: height, width, height, x: 0, y: 0, toJSON: () => ({}) });
    const axis = svg.querySelector('.lc-axis-x')!.getAttribute('transform')!;
    const [, left, bottom] = /translate\(([\d.]+),([\d.]+)\)/.exec(axis)!.map(Number);
    const t64 = Number(/translate\(([\d.]+)/.exec(svg.querySelector('.lc-axis-x .tick[data-x="64"]')!.getAttribute('transform')!)![1]);
    svg.dispatchEvent(new MouseEvent('pointermove', { clientX: left + t64 + 3, clientY: bottom - 20 }));
    expect(c.element.querySelector('.lc-readout')!.textContent).toBe('d = 64: without 0.97, with 0.46');
    svg.dispatchEvent(new MouseEvent('pointerleave'));
    expect(c.element.querySelector('.lc-readout')!.textContent).toMatch(/arrow keys/);
    // Far outside the plot: no readout.
    svg.dispatchEvent(new MouseEvent('pointermove', { clientX: 1, clientY: 1 }));
    expect(svg.querySelector('.lc-cursor')!.getAttribute('display')).toBe('none');
    c.destroy();
  });
});

describe('LineChart: lifecycle', () => {
  it('draws axes before any data and says so', () => {
    const c = new LineChart(box(), quadOptions);
    expect(c.element.querySelector('.lc-readout')!.textContent).toBe('No data yet.');
    const doc = parseSVG(c.toSVG());
    expect(doc.querySelectorAll('path.lc-line')).toHaveLength(0);
    expect(doc.querySelectorAll('.lc-axis-x .tick').length).toBeGreaterThan(0);
    c.destroy();
  });

  it('update() replaces series and options and keeps the cursor on the same x', () => {
    const c = chart(scalingSeries(), scalingOptions);
    const svg = c.element.querySelector('svg')!;
    svg.dispatchEvent(new FocusEvent('focus'));
    for (const k of ['End', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft']) svg.dispatchEvent(new KeyboardEvent('keydown', { key: k }));
    expect(c.element.dataset['cursor']).toBe('6');
    // Drop d = 1: d = 64 is now the 6th position (index 5).
    const fewer = scalingSeries().map((s) => ({ ...s, points: s.points.slice(1) }));
    c.update(fewer, { title: 'Second run' });
    expect(c.element.dataset['cursor']).toBe('5');
    expect(c.element.querySelector('.lc-readout')!.textContent).toBe('d = 64: without 0.97, with 0.46');
    expect(parseSVG(c.toSVG()).querySelector('title')!.textContent).toBe('Second run');
    c.update([scalingSeries()[0]]);
    expect(parseSVG(c.toSVG()).querySelectorAll('path.lc-line')).toHaveLength(1);
    expect(c.element.querySelectorAll('.lc-legend-item')).toHaveLength(1);
    c.destroy();
  });

  it('setDimmed() toggles a class and destroy() removes the element', () => {
    const host = box();
    const c = new LineChart(host, scalingOptions);
    c.update(scalingSeries());
    c.setDimmed(true);
    expect(c.element.classList.contains('lc-dimmed')).toBe(true);
    expect(c.element.dataset['dimmed']).toBe('true');
    c.setDimmed(false);
    expect(c.element.classList.contains('lc-dimmed')).toBe(false);
    c.destroy();
    expect(host.querySelector('.lc')).toBeNull();
  });

  it('works inside a shadow root, with unique clip-path ids per instance', () => {
    const host = box();
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('div');
    Object.defineProperty(inner, 'clientWidth', { value: 500, configurable: true });
    root.append(inner);
    const a = new LineChart(inner, scalingOptions);
    const b = new LineChart(inner, quadOptions);
    a.update(scalingSeries());
    b.update(quadSeries());
    expect(root.querySelectorAll('.lc')).toHaveLength(2);
    const ids = [...root.querySelectorAll('clipPath')].map((n) => n.id);
    expect(new Set(ids).size).toBe(2);
    expect(a.element.querySelector('.lc-lines')!.getAttribute('clip-path')).toBe(`url(#${ids[0]})`);
    expect(a.toSVG()).toContain(`id="${ids[0]}"`);
    a.destroy();
    b.destroy();
  });
});

describe('LineChart: words', () => {
  it('English by default, word for word', () => {
    expect(fill(DEFAULT_CHART_WORDS.readout, { x: 'd', value: 1, values: 'a 2' })).toBe('d = 1: a 2');
    expect(summarise([], quadOptions)).toBe('Line chart of count or ms, log scale against sequence length n, log scale. No data.');
    const c = chart(quadSeries(), quadOptions);
    expect(c.element.querySelector('.lc-readout')!.textContent).toBe('Hover the chart, or focus it and use the arrow keys, to read the values at each n.');
    expect(c.element.querySelector('.lc-table caption')!.textContent).toBe('count or ms by sequence length n');
    expect(parseSVG(c.toSVG()).querySelector('title')!.textContent).toBe('count or ms against sequence length n');
    c.destroy();
  });

  it('shows the given words in the component: button, readouts, axis titles, accessible name, table, export', () => {
    const c = new LineChart(box(), zhOptions);
    const readout = c.element.querySelector('.lc-readout')!;
    expect(readout.textContent).toBe('暂无数据。');
    expect(c.element.querySelector('.lc-table-toggle')!.textContent).toBe('表格');
    c.update([{ id: 'empty', label: '空', points: [] }]);
    expect(readout.textContent).toBe('没有可显示的点。');
    c.update(quadSeries().map((s, k) => (k === 0 ? { ...s, points: s.points.map((p) => ({ ...p, lo: p.y / 2, hi: p.y * 2 })) } : s)));
    expect(readout.textContent).toBe('用方向键读取每个 n 处的数值。');
    const svg = c.element.querySelector('svg')!;
    expect(svg.getAttribute('aria-label')).toMatch(/^折线图：个数（对数） 随 长度 n（对数） 的变化。.*。用左右方向键读取每个 n 处的数值。$/);
    expect(svg.querySelector('.lc-x-title')!.textContent).toBe('长度 n（对数刻度）');
    expect(svg.querySelector('.lc-y-title')!.textContent).toBe('个数（对数刻度）');
    svg.dispatchEvent(new FocusEvent('focus'));
    expect(readout.textContent).toMatch(/^n = 16：score entries n² 256，/);
    expect(c.element.querySelector('.lc-table caption')!.textContent).toBe('各 长度 n 处的 个数');
    const head = [...c.element.querySelectorAll('.lc-table thead th')].map((t) => t.textContent);
    expect(head.slice(0, 4)).toEqual(['n', 'score entries n²', 'score entries n²：下限', 'score entries n²：上限']);
    expect(parseSVG(c.toSVG()).querySelector('title')!.textContent).toBe('个数 随 长度 n 的变化');
    c.update(quadSeries(), { title: '代价' });
    expect(c.element.querySelector('.lc-table caption')!.textContent).toBe('代价：各 长度 n 处的 个数');
    c.destroy();
  });
});
