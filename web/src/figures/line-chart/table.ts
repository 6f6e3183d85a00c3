// table.ts — the table alternative of the chart: one row per x position, one
// column per series (and its band's low and high when it has one), values at
// full precision (whole numbers exactly, formatExact), under a caption naming
// what against what.

import { captionedTable, fill, headerCell } from '../kit/figure-kit';
import { hasBand, valueAt } from './data';
import { xNameOf } from './describe';
import { formatExact } from './text';
import type { ChartOptions, Series } from './types';
import { chartWords } from './words';

/** The header row: x's name, then each series (with "low" and "high" columns after a banded one). */
function headerRow(doc: Document, series: Series[], withBand: boolean[], o: ChartOptions): HTMLTableSectionElement {
  const w = chartWords(o.words);
  const th = (text: string): HTMLTableCellElement => headerCell(doc, text, 'col');
  const hr = doc.createElement('tr');
  hr.append(th(xNameOf(o)));
  series.forEach((s, k) => {
    hr.append(th(s.label));
    if (withBand[k]) hr.append(th(fill(w.low, { label: s.label })), th(fill(w.high, { label: s.label })));
  });
  const head = doc.createElement('thead');
  head.append(hr);
  return head;
}

/** One row: x (data-x) as its header, then each series' y (and lo, hi), "—" where it has no point. */
function valueRow(doc: Document, xv: number, series: Series[], withBand: boolean[], o: ChartOptions): HTMLTableRowElement {
  const tr = doc.createElement('tr');
  tr.dataset['x'] = String(xv);
  tr.append(headerCell(doc, (o.xFormat ?? formatExact)(xv), 'row'));
  series.forEach((s, k) => {
    const p = valueAt(s, xv);
    const cells = [p?.y];
    if (withBand[k]) cells.push(p?.lo, p?.hi);
    for (const v of cells) {
      const td = doc.createElement('td');
      td.textContent = v === undefined ? '—' : formatExact(v);
      tr.append(td);
    }
  });
  return tr;
}

/** The table (class lc-table fig-table) of the series at the x positions xs. */
export function chartTable(doc: Document, series: Series[], xs: number[], o: ChartOptions): HTMLTableElement {
  const w = chartWords(o.words);
  const yKind = o.yScale ?? 'linear';
  const t = captionedTable(doc, 'lc', fill(o.title ? w.tableCaptionTitled : w.tableCaption, { title: o.title ?? '', y: o.yLabel, x: o.xLabel }));
  const withBand = series.map((s) => hasBand(s, yKind));
  const body = doc.createElement('tbody');
  for (const xv of xs) body.append(valueRow(doc, xv, series, withBand, o));
  t.append(headerRow(doc, series, withBand, o), body);
  return t;
}
