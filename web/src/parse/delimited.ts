// delimited.ts — the reader of pastes without brackets: CSV, TSV or
// whitespace-separated columns, one row per line, # comments and a
// spreadsheet header row skipped.

import { fail, ragged, type PasteNote, type Pos } from './messages';
import { finite, isNumberCell, isSpace, isWordStart, NON_FINITE, notANumber } from './numbers';

/** The formats delimited text is read as. */
export type DelimitedFormat = 'csv' | 'tsv' | 'whitespace';

/** One cell of delimited text and where it starts. */
export interface Cell extends Pos {
  text: string;
}

/** Split one line on `sep` (a single character), trimming cells; a trailing separator is allowed, an empty cell or a space inside one is refused. */
export function splitOn(text: string, line: number, sep: ',' | '\t'): Cell[] {
  const cells: Cell[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text[i] !== sep) continue;
    const raw = text.slice(start, i);
    const lead = raw.length - raw.trimStart().length;
    const cell = { text: raw.trim(), line, column: start + lead + 1 };
    const isLast = i === text.length;
    if (cell.text === '') {
      if (isLast && cells.length > 0) break; // trailing separator
      const first = cells.length === 0;
      const code = sep === ',' ? (first ? 'missing_before_comma' : 'missing_between_commas') : first ? 'missing_before_tab' : 'missing_between_tabs';
      fail(code, {}, { line, column: i + 1 });
    }
    const gap = cell.text.search(/\s/);
    if (gap >= 0) {
      const restStart = gap + cell.text.slice(gap).search(/\S/);
      fail(sep === ',' ? 'expected_comma' : 'expected_tab', { text: cell.text.slice(0, gap) }, { line, column: cell.column + restStart });
    }
    cells.push(cell);
    start = i + 1;
  }
  return cells;
}

/** Split one line on runs of whitespace. */
export function splitOnSpace(text: string, line: number): Cell[] {
  const cells: Cell[] = [];
  for (let i = 0; i < text.length;) {
    if (isSpace(text[i])) {
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && !isSpace(text[j])) j++;
    cells.push({ text: text.slice(i, j), line, column: i + 1 });
    i = j;
  }
  return cells;
}

/** A non-empty line of text, its comment removed, and its 1-based number. */
interface Line {
  text: string;
  line: number;
}

/** Commas anywhere → CSV; tabs and no space-separated values → TSV; else whitespace. */
function formatOf(lines: Line[]): DelimitedFormat {
  if (lines.some((l) => l.text.includes(','))) return 'csv';
  if (lines.some((l) => l.text.includes('\t')) && !lines.some((l) => /\S[ \u00a0]+\S/.test(l.text))) return 'tsv';
  return 'whitespace';
}

/** Rows of CSV / TSV / whitespace-separated text (no brackets in it), noting a skipped header in `notes`; throws a PasteFailure when it cannot be read. */
export function readDelimited(src: string, notes: PasteNote[]): { rows: number[][]; format: DelimitedFormat } {
  const lines = src
    .split('\n')
    .map((text, k) => ({ text: text.replace(/#.*/, '').trimEnd(), line: k + 1 }))
    .filter((l) => l.text.trim() !== '');
  if (lines.length === 0) fail('only_comments', {}, { line: 1, column: 1 });

  const format = formatOf(lines);
  const split = (l: Line): Cell[] =>
    format === 'csv' ? splitOn(l.text, l.line, ',') : format === 'tsv' ? splitOn(l.text, l.line, '\t') : splitOnSpace(l.text, l.line);
  let table = lines.map((l) => ({ cells: split(l), end: { line: l.line, column: l.text.length + 1 } }));

  // A first row of words only (a spreadsheet header) is skipped.
  const head = table[0].cells;
  if (table.length > 1 && head.length === table[1].cells.length && head.every((c) => isWordStart(c.text[0]) && !NON_FINITE.test(c.text))) {
    notes.push({ code: 'header', vars: { header: head.map((c) => c.text).join(', '), line: head[0].line } });
    table = table.slice(1);
  }

  const width = table[0].cells.length;
  const rows = table.map(({ cells, end }, r) => {
    if (cells.length !== width) ragged(r + 1, cells.length, width, cells[width] ?? end);
    return cells.map((c) => (isNumberCell(c.text) ? finite(c.text, c) : notANumber(c.text, c)));
  });
  return { rows, format };
}
