// table.ts — the heatmap's table alternative: the same numbers in a <table>
// with <th scope> headers (query rows, key columns) and full precision,
// masked cells named, and the row notes as a last column. A table wider than
// its box is split into parts that fit, stacked (table-fit.ts). Too large a
// matrix gets a note instead; a mid-size one is only built when the table is
// first opened (see tableNow).

import { captionedTable, fill, formatFull, setAttr, setText } from '../kit/figure-kit';
import { isMasked } from './data';
import { tableCaption } from './readout';
import { columnWidths, headerText, tableParts, type HeaderText, type TablePart, type TableTexts } from './table-fit';
import type { Matrix, ResolvedOptions } from './types';
import type { HeatmapWords } from './words';

/** Above this many cells the table alternative is replaced by a note. */
export const TABLE_MAX_CELLS = 4096;
/** Up to this many cells the table alternative is built with every update; larger ones when first opened. */
export const TABLE_EAGER_CELLS = 256;
/** A matrix with more columns than this is never split into parts (its table scrolls in its box). */
const TABLE_SPLIT_MAX_COLS = 32;

/** Whether update() builds the table right away: it was asked for, it is small, or it is only the note (cheap). */
export function tableNow(m: Matrix, wanted: boolean): boolean {
  const n = m.rows * m.cols;
  return wanted || n <= TABLE_EAGER_CELLS || n > TABLE_MAX_CELLS;
}

/** The texts of the table of a matrix with these options and words. */
export function tableTexts(o: ResolvedOptions, w: HeatmapWords): TableTexts {
  return {
    rowTitle: o.rowTitle,
    colTitle: o.colTitle,
    rowLabels: o.rowLabels,
    colLabels: o.colLabels,
    corner: `${o.rowTitle} \\ ${o.colTitle}`,
    maskedLabel: o.maskedLabel,
    notes: o.rowNotes && o.rowNotes.length > 0 ? { title: o.rowNotesTitle || w.notes, texts: o.rowNotes } : null,
  };
}

/** The parts the table is split into in a box `avail` px wide (one for a table too large to build or to split, or of an unknown width). */
export function planTable(m: Matrix, texts: TableTexts, avail: number): TablePart[] {
  const n = m.cols + (texts.notes ? 1 : 0);
  if (m.rows * m.cols > TABLE_MAX_CELLS || m.cols > TABLE_SPLIT_MAX_COLS) return [[0, n]];
  return tableParts(columnWidths(m, texts), avail);
}

/** Fill `box` with the table of a matrix in `parts` (data-row, data-col, data-masked on each value's <td>), or with the note when it is too large. */
export function buildTable(box: HTMLElement, m: Matrix, o: ResolvedOptions, w: HeatmapWords, parts: TablePart[]): void {
  const doc = box.ownerDocument;
  box.replaceChildren();
  if (m.rows * m.cols > TABLE_MAX_CELLS) {
    const p = doc.createElement('p');
    p.className = 'hm-table-note';
    p.textContent = fill(w.tableOmitted, { rows: m.rows, cols: m.cols });
    box.append(p);
    return;
  }
  const texts = tableTexts(o, w);
  const caption = o.legendNote ? fill(w.captionNote, { caption: tableCaption(o, w), note: o.legendNote }) : tableCaption(o, w);
  parts.forEach(([s, e], k) => {
    const last = Math.min(e, m.cols) - 1;
    const range = s > last ? (texts.notes?.title ?? '') : `${o.colTitle} ${s}${last > s ? `–${last}` : ''}`;
    // the parts after the first are named by the title alone (the first one says the rest)
    const cap =
      parts.length === 1 ? caption : fill(w.captionPart, { caption: k === 0 ? caption : (o.title ?? w.untitled), part: k + 1, parts: parts.length, range });
    box.append(partTable(doc, m, texts, [s, e], cap));
  });
}

/** One table: the row headers and the columns [s, e) of the keys and the notes column after them. */
function partTable(doc: Document, m: Matrix, texts: TableTexts, [s, e]: TablePart, caption: string): HTMLTableElement {
  const t = captionedTable(doc, 'hm', caption);
  const end = Math.min(e, m.cols);
  const withNotes = texts.notes !== null && e > m.cols;
  const hr = doc.createElement('tr');
  hr.append(header(doc, texts.corner, 'col'));
  for (let j = s; j < end; j++) hr.append(header(doc, headerText(texts.colTitle, j, texts.colLabels?.[j]), 'col'));
  if (withNotes) hr.append(header(doc, texts.notes!.title, 'col'));
  const head = doc.createElement('thead');
  head.append(hr);
  const body = doc.createElement('tbody');
  for (let i = 0; i < m.rows; i++) {
    const tr = doc.createElement('tr');
    tr.append(header(doc, headerText(texts.rowTitle, i, texts.rowLabels?.[i]), 'row'));
    for (let j = s; j < end; j++) {
      const p = i * m.cols + j;
      const td = doc.createElement('td');
      td.dataset['row'] = String(i);
      td.dataset['col'] = String(j);
      const hidden = isMasked(m, p);
      if (hidden) td.dataset['masked'] = '1';
      td.textContent = hidden ? texts.maskedLabel : formatFull(m.values[p]);
      tr.append(td);
    }
    if (withNotes) {
      const td = doc.createElement('td');
      td.className = 'hm-table-row-note';
      td.textContent = texts.notes!.texts[i] ?? '';
      tr.append(td);
    }
    body.append(tr);
  }
  t.append(head, body);
  return t;
}

/** A <th> with its scope: a plain text (wraps between words), or an index kept on one line (hm-th-index) with the name after it free to wrap (hm-th-name). */
function header(doc: Document, h: HeaderText | string, scope: 'col' | 'row'): HTMLTableCellElement {
  const th = doc.createElement('th');
  th.scope = scope;
  if (typeof h === 'string') th.textContent = h;
  else if (!h.name) th.append(span(doc, 'hm-th-index', h.index));
  else th.append(span(doc, 'hm-th-index', h.index), ' ', span(doc, 'hm-th-name', h.name));
  return th;
}

function span(doc: Document, className: string, text: string): HTMLSpanElement {
  const s = doc.createElement('span');
  s.className = className;
  s.textContent = text;
  return s;
}

/**
 * Write new values (and row notes) into the tables buildTable made, in place: for an update that changes only
 * the numbers (a drag changes them many times a second), writing only the cells that changed. The caller knows
 * the structure is the same.
 */
export function refreshTable(box: HTMLElement, m: Matrix, o: ResolvedOptions, w: HeatmapWords): void {
  const maskedLabel = tableTexts(o, w).maskedLabel;
  for (const td of box.querySelectorAll<HTMLTableCellElement>('td[data-row]')) {
    const i = Number(td.dataset['row']);
    const p = i * m.cols + Number(td.dataset['col']);
    const hidden = isMasked(m, p);
    if (hidden) setAttr(td, 'data-masked', '1');
    else if (td.hasAttribute('data-masked')) td.removeAttribute('data-masked');
    setText(td, hidden ? maskedLabel : formatFull(m.values[p]));
  }
  for (const tr of box.querySelectorAll<HTMLTableRowElement>('tbody tr')) {
    const note = tr.querySelector<HTMLTableCellElement>('td.hm-table-row-note');
    const i = Number(tr.querySelector<HTMLTableCellElement>('td[data-row]')?.dataset['row'] ?? tr.rowIndex - 1);
    if (note) setText(note, o.rowNotes?.[i] ?? '');
  }
}
