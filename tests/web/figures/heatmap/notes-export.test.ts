// @vitest-environment jsdom
// The row notes and the legend note in the exported SVG, with file snapshots
// (__snapshots__/heatmap-notes-*.svg, viewable in a browser; update with
// `npx vitest run tests/web/figures/heatmap/notes-export -u` only when the
// change is meant): beside each row under a wrapped title, thinned like the
// row labels, and the legend note beside the legend or below it. The SVG is
// as wide as the drawing, notes included (the PNG is drawn from it).
import { beforeAll, describe, expect, it } from 'vitest';
import { Heatmap, type HeatmapData, type HeatmapOptions } from '../../../../web/src/figures/heatmap/heatmap';
import { box, parseSVG } from '../../support/dom-test-kit';

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = () => null;
});

/** Causal weights with exact values: query i gives key j ≤ i the weight (j + 1) / (1 + … + (i + 1)). */
function causal(n: number): HeatmapData {
  const values = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (j <= i ? (2 * (j + 1)) / ((i + 1) * (i + 2)) : 0)));
  const masked = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => j > i));
  return { values, rows: n, cols: n, masked };
}

/** The entropy of each row of causal(n), in nats, to 2 decimals. */
function entropies(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    let h = 0;
    for (let j = 0; j <= i; j++) {
      const w = (2 * (j + 1)) / ((i + 1) * (i + 2));
      h -= w * Math.log(w);
    }
    return h.toFixed(2);
  });
}

/** The exported SVG at a width, checked to be well-formed, with the instance ids taken out. */
function exported(data: HeatmapData, options: HeatmapOptions, width: number): string {
  const hm = new Heatmap(box(width), options);
  hm.update(data);
  const svg = hm.toSVG();
  hm.destroy();
  parseSVG(svg);
  return svg.replace(/\bhm-\d+-(hatch|grad)\b/g, 'hm-N-$1');
}

const tokens = ['the', 'cat', 'sat', 'on', 'the', 'mat'];
const notes = (n: number): HeatmapOptions => ({
  rowNotes: entropies(n),
  rowNotesTitle: 'entropy (nats)',
  legendNote: `largest entropy ln ${n} = ${Math.log(n).toFixed(3)} (uniform weights)`,
});

describe('notes in the SVG export', () => {
  it('at a desktop width: a note beside each row under a one-line title, the legend note beside the legend', async () => {
    const svg = exported(causal(6), { title: 'head 1', rowLabels: tokens, colLabels: tokens, ...notes(6) }, 640);
    const doc = parseSVG(svg);
    expect(Array.from(doc.querySelectorAll('.hm-note'), (t) => t.textContent)).toEqual(entropies(6));
    expect(Array.from(doc.querySelectorAll('.hm-notes-title tspan'), (t) => t.textContent)).toEqual(['entropy (nats)']);
    expect(doc.querySelector('.hm-legend-note')!.textContent).toBe('largest entropy ln 6 = 1.792 (uniform weights)');
    // the notes sit right of the last column, each level with its row
    const lastCell = doc.querySelector('rect.hm-cell[data-row="5"][data-col="5"]')!;
    const right = Number(lastCell.getAttribute('x')) + Number(lastCell.getAttribute('width'));
    const note5 = doc.querySelector('.hm-note[data-row="5"]')!;
    expect(Number(note5.getAttribute('x'))).toBeGreaterThan(right);
    expect(Number(note5.getAttribute('y'))).toBe(Number(lastCell.getAttribute('y')) + Number(lastCell.getAttribute('height')) / 2);
    expect(Number(doc.documentElement.getAttribute('width'))).toBeGreaterThan(Number(note5.getAttribute('x')) + 20);
    await expect(svg).toMatchFileSnapshot('./__snapshots__/heatmap-notes-desktop.svg');
  });

  it('at a phone width: the title in two lines, the legend note wrapped below the legend, nothing wider than the width', async () => {
    const svg = exported(causal(6), { title: 'head 1', rowLabels: tokens, colLabels: tokens, ...notes(6) }, 343);
    const doc = parseSVG(svg);
    expect(Number(doc.documentElement.getAttribute('width'))).toBeLessThanOrEqual(343);
    expect(Array.from(doc.querySelectorAll('.hm-notes-title tspan'), (t) => t.textContent)).toEqual(['entropy', '(nats)']);
    expect(doc.querySelectorAll('.hm-legend-note tspan').length).toBeGreaterThan(1);
    await expect(svg).toMatchFileSnapshot('./__snapshots__/heatmap-notes-phone.svg');
  });

  it('thinned like the row labels on a tall matrix', () => {
    const svg = exported(causal(40), { ...notes(40), showValues: 'never' }, 343);
    const doc = parseSVG(svg);
    const ticks = Array.from(doc.querySelectorAll('[data-axis="query"] .tick'), (t) => t.getAttribute('data-row'));
    expect(ticks.length).toBeLessThan(40);
    expect(Array.from(doc.querySelectorAll('.hm-note'), (t) => t.getAttribute('data-row'))).toEqual(ticks);
  });

  it('without notes the export has no trace of them', () => {
    const svg = exported(causal(3), {}, 343);
    expect(svg).not.toContain('hm-notes');
    expect(svg).not.toContain('hm-legend-note');
  });
});
