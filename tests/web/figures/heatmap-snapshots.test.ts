// @vitest-environment jsdom
// SVG snapshots of the heatmap on fixed inputs: toSVG() compared with files
// in __snapshots__/ (heatmap-*.svg, viewable in a browser). Any change to
// what the heatmap draws or exports shows up here as a diff; update with
// `npx vitest run tests/web/figures/heatmap-snapshots -u` only when the
// change is meant. The ids of the hatch pattern and the legend's gradient
// (hm-<instance>-hatch, -grad) depend on how many heatmaps were made
// before, so they are written as hm-N-hatch and hm-N-grad.
import { beforeAll, describe, expect, it } from 'vitest';
import { Heatmap, type HeatmapData, type HeatmapOptions, type HeatmapWords } from '../../../web/src/figures/heatmap/heatmap';
import { box, parseSVG } from '../support/dom-test-kit';

beforeAll(() => {
  // jsdom prints "not implemented" for canvas; the export draws cells as rects.
  HTMLCanvasElement.prototype.getContext = () => null;
});

/**
 * Causal weights of n tokens with exact, platform-independent values: query i
 * gives key j ≤ i the weight (j + 1) / (1 + 2 + … + (i + 1)); keys j > i are hidden.
 */
function causal(n: number, cols = n): HeatmapData {
  const values = Array.from({ length: n }, (_, i) => Array.from({ length: cols }, (_, j) => (j <= i ? (2 * (j + 1)) / ((i + 1) * (i + 2)) : 0)));
  const masked = Array.from({ length: n }, (_, i) => Array.from({ length: cols }, (_, j) => j > i));
  return { values, rows: n, cols, masked };
}

/** The exported SVG of a heatmap of these data at this width, checked to be well-formed, with the instance ids taken out. */
function exported(data: HeatmapData, options: HeatmapOptions, width: number): string {
  const hm = new Heatmap(box(width), options);
  hm.update(data);
  const svg = hm.toSVG();
  hm.destroy();
  parseSVG(svg);
  return svg.replace(/\bhm-\d+-(hatch|grad)\b/g, 'hm-N-$1');
}

/** The heatmap's words in 中文 (as the i18n table has them, give or take). */
const zh: Partial<HeatmapWords> = {
  aria: '热力图，{rows} 行（{row}，从上到下）× {cols} 列（{col}，从左到右）。',
  ariaTitled: '{title}：热力图，{rows} 行（{row}，从上到下）× {cols} 列（{col}，从左到右）。',
  svgTitle: '{title}（行：{row}，列：{col}）',
  untitled: '热力图',
};

describe('heatmap SVG snapshots', () => {
  it('a 4 × 4 causal mask: hatched cells with ×, values in black or white, the masked key in the legend', async () => {
    const svg = exported(causal(4), { title: 'head 1', rowLabels: ['the', 'cat', 'sat', 'down'], colLabels: ['the', 'cat', 'sat', 'down'] }, 360);
    expect(svg.match(/data-masked="1"/g)).toHaveLength(6);
    expect(svg.match(/hm-value-masked/g)).toHaveLength(6);
    expect(svg).toContain('<title>head 1 (rows: query, columns: key)</title>');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/heatmap-masked.svg');
  });

  it('long token names at a phone width: labels cut to 12 characters, column labels turned upright', async () => {
    const tokens = ['Transformers', 'use', 'self-attention', 'mechanisms', 'everywhere', 'internationalisation'];
    const svg = exported(
      causal(6),
      { title: 'A rather long title for a small heatmap', rowLabels: tokens, colLabels: tokens, maskedLabel: 'not visible' },
      343,
    );
    expect(svg).toContain('self-attent…');
    expect(svg).toContain('internation…');
    expect(svg).not.toContain('internationalisation<');
    expect(svg).toContain('rotate(-90)');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/heatmap-long-labels.svg');
  });

  it('in 中文: title, axis titles, token labels, masked word and the accessible name', async () => {
    const tokens = ['我', '喜欢', '注意力', '机制'];
    const svg = exported(
      causal(4),
      { title: '第 1 个头', rowTitle: '查询', colTitle: '键', maskedLabel: '已遮住', rowLabels: tokens, colLabels: tokens, words: zh },
      360,
    );
    expect(svg).toContain('<title>第 1 个头（行：查询，列：键）</title>');
    expect(svg).toContain('aria-label="第 1 个头：热力图，4 行（查询，从上到下）× 4 列（键，从左到右）。"');
    expect(svg).toContain('>键 →</text>');
    expect(svg).toContain('>已遮住</text>');
    await expect(svg).toMatchFileSnapshot('./__snapshots__/heatmap-zh.svg');
  });

  it('12 × 30 in a phone width: 9-px cells without values or grid lines, labels thinned to every 2nd row and 5th column', async () => {
    const svg = exported(causal(12, 30), {}, 343);
    const doc = parseSVG(svg);
    expect(doc.querySelector('rect.hm-cell')!.getAttribute('width')).toBe('9');
    expect(doc.querySelectorAll('.hm-value')).toHaveLength(0);
    expect(doc.querySelector('.hm-cells')!.hasAttribute('stroke')).toBe(false);
    expect(Array.from(doc.querySelectorAll('[data-axis="query"] .tick'), (t) => t.textContent)).toEqual(['0', '2', '4', '6', '8', '10']);
    expect(Array.from(doc.querySelectorAll('[data-axis="key"] .tick'), (t) => t.textContent)).toEqual(['0', '5', '10', '15', '20', '25']);
    await expect(svg).toMatchFileSnapshot('./__snapshots__/heatmap-thinned.svg');
  });
});
