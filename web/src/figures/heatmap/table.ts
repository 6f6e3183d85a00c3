// table.ts — the heatmap's table alternative: the same numbers in a <table>
// with <th scope> headers (query rows, key columns) and full precision,
// masked cells named. Too large a matrix gets a note instead; a mid-size one
// is only built when the table is first opened (see tableNow).

import { captionedTable, fill, formatFull, headerCell } from '../kit/figure-kit';
import { isMasked } from './data';
import { tableCaption } from './readout';
import type { Matrix, ResolvedOptions } from './types';
import type { HeatmapWords } from './words';

/** Above this many cells the table alternative is replaced by a note. */
export const TABLE_MAX_CELLS = 4096;
/** Up to this many cells the table alternative is built with every update; larger ones when first opened. */
export const TABLE_EAGER_CELLS = 256;

/** Whether update() builds the table right away: it was asked for, it is small, or it is only the note (cheap). */
export function tableNow(m: Matrix, wanted: boolean): boolean {
  const n = m.rows * m.cols;
  return wanted || n <= TABLE_EAGER_CELLS || n > TABLE_MAX_CELLS;
}

/** Fill `box` with the table of a matrix (data-row, data-col, data-masked on each <td>), or with the note when it is too large. */
export function buildTable(box: HTMLElement, m: Matrix, o: ResolvedOptions, w: HeatmapWords): void {
  const doc = box.ownerDocument;
  box.replaceChildren();
  if (m.rows * m.cols > TABLE_MAX_CELLS) {
    const p = doc.createElement('p');
    p.className = 'hm-table-note';
    p.textContent = fill(w.tableOmitted, { rows: m.rows, cols: m.cols });
    box.append(p);
    return;
  }
  const t = captionedTable(doc, 'hm', tableCaption(o, w));
  const head = doc.createElement('thead');
  const hr = doc.createElement('tr');
  hr.append(headerCell(doc, `${o.rowTitle} \\ ${o.colTitle}`, 'col'));
  for (let j = 0; j < m.cols; j++) {
    const cl = o.colLabels?.[j];
    hr.append(headerCell(doc, `${o.colTitle} ${j}${cl ? ` ${cl}` : ''}`, 'col'));
  }
  head.append(hr);
  const body = doc.createElement('tbody');
  for (let i = 0; i < m.rows; i++) {
    const tr = doc.createElement('tr');
    const rl = o.rowLabels?.[i];
    tr.append(headerCell(doc, `${o.rowTitle} ${i}${rl ? ` ${rl}` : ''}`, 'row'));
    for (let j = 0; j < m.cols; j++) {
      const p = i * m.cols + j;
      const td = doc.createElement('td');
      td.dataset['row'] = String(i);
      td.dataset['col'] = String(j);
      const hidden = isMasked(m, p);
      if (hidden) td.dataset['masked'] = '1';
      td.textContent = hidden ? o.maskedLabel : formatFull(m.values[p]);
      tr.append(td);
    }
    body.append(tr);
  }
  t.append(head, body);
  box.append(t);
}
