// head-map.ts — one head's weights on the held-out sequence as a small
// heatmap: a T × T canvas (one pixel a cell, scaled by CSS, the heatmap's
// viridis table) with a readout of the pointed cell ("query 5 (t12) → key 4
// (t9): 0.734") on hover and from the keyboard (arrows, Home, End), and the
// weights at full precision in data-weights (row-major, comma-separated) for
// whoever reads them without the picture.

import { matrixToRGBA } from '../../figures/heatmap/scales';
import { el } from '../../widgets/dom';
import { tokenName } from './open-head';

/** Translate, as the panel context does. */
type T = (key: string, vars?: Record<string, string | number>) => string;

/** A head's small heatmap. */
export class HeadMap {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly readout: HTMLElement;
  private weights: Float64Array = new Float64Array(0);
  private tokens: readonly number[] = [];
  private n = 0;
  private cursor = { row: -1, col: -1 };

  constructor(
    private readonly t: T,
    label: string,
  ) {
    this.canvas = el('canvas', { class: 'train-map-canvas', tabindex: 0, role: 'img', 'aria-label': label, 'data-testid': 'train-map' });
    this.readout = el('p', { class: 'train-map-readout', 'aria-live': 'polite' }, t('train.map.hint'));
    this.element = el('div', { class: 'train-map' }, this.canvas, this.readout);
    this.canvas.addEventListener('pointermove', (e) => this.pointAt(e));
    this.canvas.addEventListener('pointerleave', () => this.showCell(this.cursor.row, this.cursor.col));
    this.canvas.addEventListener('keydown', (e) => this.key(e));
  }

  /** Draw the head's (T × T) weights, row-major; `tokens` name the positions. */
  show(weights: Float64Array, tokens: readonly number[]): void {
    const n = Math.round(Math.sqrt(weights.length));
    this.weights = weights;
    this.tokens = tokens;
    this.n = n;
    this.canvas.width = n;
    this.canvas.height = n;
    this.canvas.dataset['rows'] = String(n);
    this.canvas.dataset['weights'] = Array.from(weights, (w) => String(w)).join(',');
    const ctx = this.canvas.getContext('2d');
    if (ctx && n > 0) {
      const image = ctx.createImageData(n, n);
      // the hidden cells in the theme's mask colour (a light grey in a light theme, a dark one in dark)
      const fill = getComputedStyle(this.canvas).getPropertyValue('--ap-mask-fill').trim();
      image.data.set(matrixToRGBA(weights, causalHidden(n), n, n, [0, 1], /^#[0-9a-f]{6}$/i.test(fill) ? fill : undefined));
      ctx.putImageData(image, 0, 0);
    }
    this.showCell(this.cursor.row, this.cursor.col);
  }

  /** The readout of cell (i, j), or the hint when none is pointed. */
  private showCell(i: number, j: number): void {
    const n = this.n;
    if (i < 0 || j < 0 || i >= n || j >= n) {
      this.readout.textContent = this.t('train.map.hint');
      return;
    }
    const name = (p: number) => tokenName(this.tokens[p] ?? 0);
    const vars = { i, j, qt: name(i), kt: name(j), w: (this.weights[i * n + j] ?? 0).toFixed(3) };
    this.readout.textContent = j > i ? this.t('train.map.masked', vars) : this.t('train.map.cell', vars);
  }

  private pointAt(e: PointerEvent): void {
    const r = this.canvas.getBoundingClientRect();
    if (r.width <= 0 || this.n === 0) return;
    const j = Math.floor(((e.clientX - r.left) / r.width) * this.n);
    const i = Math.floor(((e.clientY - r.top) / r.height) * this.n);
    this.showCell(i, j);
  }

  private key(e: KeyboardEvent): void {
    const n = this.n;
    if (n === 0) return;
    let { row, col } = this.cursor;
    if (row < 0) [row, col] = [0, 0];
    else if (e.key === 'ArrowRight') col = Math.min(n - 1, col + 1);
    else if (e.key === 'ArrowLeft') col = Math.max(0, col - 1);
    else if (e.key === 'ArrowDown') row = Math.min(n - 1, row + 1);
    else if (e.key === 'ArrowUp') row = Math.max(0, row - 1);
    else if (e.key === 'Home') [row, col] = [0, 0];
    else if (e.key === 'End') [row, col] = [n - 1, n - 1];
    else return;
    e.preventDefault();
    this.cursor = { row, col };
    this.showCell(row, col);
  }
}

/** The causal mask's hidden cells of an n × n head (1 = key after the query). */
function causalHidden(n: number): Uint8Array {
  const m = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i * n + j] = 1;
  return m;
}
