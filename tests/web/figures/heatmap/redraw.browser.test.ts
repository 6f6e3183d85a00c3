// A drag redraws the heatmap many times a second with one row of new numbers (a query moved): the redraw
// writes the texts of that row only — the values printed in the cells, the row notes and the table
// alternative — and the same numbers again write no text at all; the canvas and the overlay keep their size. Every text written is laid out again, and
// the page's layout is most of a drag step. The canvas paints again only the cells whose colour changed, and
// shows exactly what a heatmap drawn from scratch with the new numbers shows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../web/src/figures/kit/figure-kit.css';
import '../../../../web/src/figures/heatmap/heatmap.css';
import { Heatmap, type HeatmapData } from '../../../../web/src/figures/heatmap/heatmap';

const made: Heatmap[] = [];
afterEach(() => {
  for (const h of made.splice(0)) h.destroy();
  document.body.replaceChildren();
});

const N = 6;
/** Weights with row 0 shifted by `shift` (the row a dragged query 0 changes). */
function weights(shift: number): HeatmapData {
  const values = Array.from({ length: N }, (_, i) => Array.from({ length: N }, (_, j): number => (i === j ? 0.5 : 0.1)));
  values[0] = values[0].map((v, j) => (j === 0 ? v - 5 * shift : v + shift));
  return { values, rows: N, cols: N };
}
const notes = (shift: number) => Array.from({ length: N }, (_, i) => (i === 0 ? `H = ${(1 + shift).toFixed(3)}` : 'H = 1.000'));

/** The rows whose texts (characters, not attributes) were written, by their data-row, from the records. */
function rowsWritten(records: MutationRecord[]): Set<string> {
  const rows = new Set<string>();
  for (const r of records) {
    if (r.type !== 'childList' && r.type !== 'characterData') continue;
    const e = r.target instanceof Element ? r.target : r.target.parentElement;
    const row = e?.closest('[data-row]')?.getAttribute('data-row') ?? e?.closest('tr')?.querySelector('[data-row]')?.getAttribute('data-row');
    rows.add(row ?? `(outside a row: ${e?.tagName.toLowerCase()}.${e?.getAttribute('class') ?? ''})`);
  }
  return rows;
}

describe('a redraw with one row of new numbers', () => {
  it('writes the texts of that row only, and nothing when the numbers are the same', async () => {
    const host = document.createElement('div');
    host.style.width = '520px';
    document.body.append(host);
    const h = new Heatmap(host, { showValues: 'always', rowNotes: notes(0), rowNotesTitle: 'entropy' });
    made.push(h);
    h.update(weights(0));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(h.element.querySelectorAll('text.hm-value')).toHaveLength(N * N);
    expect(h.element.querySelectorAll('td[data-row]')).toHaveLength(N * N); // the table is small: kept up to date

    const seen = new MutationObserver(() => {});
    seen.observe(h.element, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['width', 'height', 'viewBox'] });
    h.update(weights(0.01), { rowNotes: notes(0.01) });
    const records = seen.takeRecords();
    // the size of the canvas and of the overlay stays: setting it again would clear the bitmap and lay the card out
    expect(records.filter((r) => r.type === 'attributes').map((r) => `${(r.target as Element).tagName} ${r.attributeName}`)).toEqual([]);
    expect([...rowsWritten(records)]).toEqual(['0']);
    expect(h.element.querySelector('text.hm-value[data-row="0"][data-col="1"]')!.textContent).toBe('0.11');
    expect(h.element.querySelector('text.hm-note[data-row="0"]')!.textContent).toBe('H = 1.010');
    expect(h.element.querySelector('td[data-row="0"][data-col="0"]')!.textContent).toBe('0.45');

    h.update(weights(0.01), { rowNotes: notes(0.01) });
    expect([...rowsWritten(seen.takeRecords())]).toEqual([]);
    seen.disconnect();
  });
});

const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** A heatmap of `data` in a box `width` px wide, drawn (after the resize observer's frame). */
async function drawn(data: HeatmapData, width: number, domain: [number, number] = [0, 1]): Promise<Heatmap> {
  const host = document.createElement('div');
  host.style.width = `${width}px`;
  document.body.append(host);
  const h = new Heatmap(host, { showValues: 'never', domain });
  made.push(h);
  h.update(data);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return h;
}

/** The pixels of a heatmap's on-screen canvas. */
function pixels(h: Heatmap): Uint8ClampedArray {
  const c = h.element.querySelector<HTMLCanvasElement>('canvas.hm-canvas')!;
  return c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
}

describe('the canvas of a 40 × 40 heatmap (small cells, no grid lines)', () => {
  const big = (shift: number, masked = false): HeatmapData => {
    const n = 40;
    const values = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => ((i * 7 + j * 3) % 11) / 10 + (i === 0 ? shift * (j % 3) : 0)));
    return { values, rows: n, cols: n, ...(masked && { masked: values.map((r, i) => r.map((_, j) => j < i)) }) };
  };

  it('paints again only the cells whose colour changed, and looks exactly like a heatmap drawn anew', async () => {
    for (const masked of [false, true]) {
      const h = await drawn(big(0, masked), 360);
      const fill = vi.spyOn(CanvasRenderingContext2D.prototype, 'fillRect');
      h.update(big(0.5, masked)); // row 0: a third of its cells keep their colour, the others change
      await frames();
      const painted = fill.mock.calls.length;
      fill.mockRestore();
      expect(painted).toBeGreaterThan(0);
      expect(painted).toBeLessThanOrEqual(40); // at most row 0, not 1,600 cells
      const fresh = await drawn(big(0.5, masked), 360);
      expect(pixels(h)).toEqual(pixels(fresh));
      document.body.replaceChildren();
    }
  });

  it('paints everything again when the browser gives a lost canvas back (blank)', async () => {
    const h = await drawn(big(0), 360);
    const fill = vi.spyOn(CanvasRenderingContext2D.prototype, 'fillRect');
    h.element.querySelector('canvas.hm-canvas')!.dispatchEvent(new Event('contextrestored'));
    expect(fill.mock.calls.length).toBeGreaterThanOrEqual(1600);
    fill.mockRestore();
  });

  it('paints everything again when the masked cells or the domain change', async () => {
    const h = await drawn(big(0), 360);
    const fill = vi.spyOn(CanvasRenderingContext2D.prototype, 'fillRect');
    h.update(big(0, true));
    await frames();
    expect(fill.mock.calls.length).toBeGreaterThanOrEqual(1600);
    fill.mockClear();
    h.update(big(0, true), { domain: [0, 3] });
    await frames();
    expect(fill.mock.calls.length).toBeGreaterThanOrEqual(1600);
    fill.mockRestore();
    expect(pixels(h)).toEqual(pixels(await drawn(big(0, true), 360, [0, 3])));
  });
});
