// matrix-summary.ts — a matrix too wide or too large for a grid, in a few
// lines: its shape "(128, 128)", where its values come from (random normal,
// scale, seed; or typed values), min / max / mean, why it is a summary, and a
// note naming the row that is pointed at. (The editor's toolbar has the
// buttons: Edit cells, Paste…, Export….)

import type { MatrixSource } from '../model/state';
import { el, replaceChildren } from './dom';
import { formatStat, matrixStats } from './matrix-values';

/** Translate, as the panel context does. */
type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Statistics are computed for matrices of at most this many values (a random one is written out to compute them). */
export const MAX_STATS_CELLS = 65536;

/** What the summary shows. */
export interface SummaryInput {
  src: MatrixSource;
  rows: number;
  cols: number;
  /** The cell text (random values written out); called only when there are at most MAX_STATS_CELLS values. */
  cells: () => readonly (readonly string[])[];
  /** Why it is a summary: wider than `maxCols`, or more than `maxCells` values. */
  maxCols: number;
  maxCells: number;
  /** Can the grid be opened (within the editor's limits)? */
  editable: boolean;
}

/** The summary of one matrix. */
export class MatrixSummary {
  readonly element: HTMLElement;
  private readonly t: Translate;
  private readonly line: HTMLElement;
  private readonly stats: HTMLElement;
  private readonly why: HTMLElement;
  private readonly pointed: HTMLElement;
  private rows = 0;
  private row: number | null = null;

  constructor(name: string, t: Translate) {
    this.t = t;
    this.line = el('p', { class: 'summary-line' });
    this.stats = el('p', { class: 'summary-stats', 'data-testid': `summary-stats-${name}` });
    this.why = el('p', { class: 'hint summary-why' });
    this.pointed = el('p', { class: 'summary-pointed', 'data-testid': `pointed-${name}`, hidden: true });
    this.element = el('div', { class: 'matrix-summary', 'data-testid': `summary-${name}` }, this.line, this.stats, this.why, this.pointed);
  }

  /** Show `input`: called when the source changes (the statistics read every value once). */
  update(input: SummaryInput): void {
    const { src, rows, cols } = input;
    const t = this.t;
    this.rows = rows;
    const source = src.kind === 'random' ? t('inputs.randomSummary', { scale: +src.scale.toPrecision(3), seed: src.seed }) : t('inputs.typed');
    replaceChildren(this.line, el('span', { class: 'summary-shape' }, `(${rows}, ${cols})`), ' · ', source);
    const s = rows * cols <= MAX_STATS_CELLS ? matrixStats(input.cells(), cols) : null;
    this.stats.hidden = !s;
    this.stats.textContent = s ? t('inputs.stats', { min: formatStat(s.min), max: formatStat(s.max), mean: formatStat(s.mean) }) : '';
    const reason = cols > input.maxCols ? t('inputs.wide', { max: input.maxCols }) : t('inputs.large', { cells: rows * cols, max: input.maxCells });
    this.why.textContent = input.editable ? reason : t('inputs.tooLarge');
    this.highlightRow(this.row);
  }

  /** Say which row is pointed at ("row 3"); null, or a row the matrix lacks, says nothing. */
  highlightRow(row: number | null): void {
    this.row = row;
    const shown = row !== null && row >= 0 && row < this.rows;
    this.pointed.hidden = !shown;
    this.pointed.textContent = shown ? this.t('inputs.pointedRow', { row }) : '';
  }
}
