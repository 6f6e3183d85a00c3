// view-kit.ts — what the experiments' result views share: what a view is
// (ExperimentView) and what it is given (ViewContext: the page's words and the
// figures' words, from the panel), the paragraph of its one-sentence answer
// and its small tables. Each view is in its experiment's folder (view.ts);
// the panel (panels/experiment-card.ts) owns the forms, runs and downloads.
// Each card spans the panel's width: a view puts its figures and table side by
// side when the card is wide (experiments.styles.css, .exp-split and
// .quad-grid), so no card leaves an empty area beside a taller one.

import type { Lang } from '../base/lang';
import type { HeatmapWords } from '../figures/heatmap/words';
import type { ChartWords } from '../figures/line-chart/words';
import { el } from '../widgets/dom';

/** Translate, as the panel context does. */
export type T = (key: string, vars?: Record<string, string | number>) => string;

/** What a view is given: the page's language and words, and the figures' own words in that language. */
export interface ViewContext {
  readonly t: T;
  readonly lang: Lang;
  readonly chartWords: ChartWords;
  readonly heatmapWords: HeatmapWords;
}

/** A figure the card downloads as PNG and SVG. */
export interface ChartExport {
  toSVG(): string;
  toPNG(): Promise<Blob>;
}

/** A view of one experiment's result. */
export interface ExperimentView<R> {
  readonly element: HTMLElement;
  show(result: R): void;
  setDimmed(dimmed: boolean): void;
  /** The main chart (for PNG/SVG download), if any. */
  chart(): ChartExport | null;
}

/** A view's class, as an experiment's page loads it. */
export type ViewClass<R> = new (ctx: ViewContext) => ExperimentView<R>;

/** `text` with no-break spaces, so a narrow column never separates a number from its unit ("128 MiB"). */
export const unbroken = (text: string): string => text.replace(/ /g, '\u00a0');

/** The paragraph of a view's one-sentence answer. */
export const sentence = (testid: string) => el('p', { class: 'exp-sentence', 'data-testid': testid });

/** A small table from header cells and rows of text. */
export function textTable(header: string[], rows: string[][], testid: string): HTMLElement {
  return el(
    'div',
    { class: 'table-scroll' },
    el(
      'table',
      { class: 'stats-table exp-table', 'data-testid': testid },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          header.map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      el(
        'tbody',
        {},
        rows.map((r) =>
          el(
            'tr',
            {},
            r.map((c, i) => (i === 0 ? el('th', { scope: 'row' }, c) : el('td', {}, c))),
          ),
        ),
      ),
    ),
  );
}
