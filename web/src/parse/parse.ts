// parse.ts — turn pasted text into a matrix, or into one precise error.
//
// parseMatrix() reads what a learner is likely to paste:
//   * bracketed text — JSON / Python lists, np.array(...), torch.tensor(...),
//     the printed reprs array(...) / tensor(...), NumPy print() output — goes
//     through tokenizer.ts and the recursive-descent parser of literal.ts;
//   * anything without brackets is read line by line as CSV, TSV or
//     whitespace-separated columns (delimited.ts).
// Both readers share one number scanner (numbers.ts). Errors carry the 1-based
// line and column of the offending token. formatMatrix() is the inverse.
//
// Pure: no DOM, no language. Every error and note carries a code and its
// variables beside the English text; the English templates are one table
// (messages.ts: PASTE_MESSAGES, PASTE_NOTES, the source of the 'paste.*'
// English of i18n/), and i18n/messages.ts translates them.

import { fill } from '../base/fill';
import { readDelimited } from './delimited';
import { readLiteral } from './literal';
import { PASTE_MESSAGES, PASTE_NOTES, PASTE_WORDS, PasteFailure, type PasteErrorCode, type PasteNote, type PasteVars, type Pos } from './messages';

/** The parser's codes and English templates (messages.ts), re-exported for its importers. */
export { END_OF_INPUT, PASTE_MESSAGES, PASTE_NOTES, type PasteErrorCode, type PasteNote, type PasteNoteCode, type PasteVars } from './messages';

/** A successfully read matrix (every row has the same length), the format it was read as, and optional remarks for the learner: `note` in English ("; "-joined), `notes` as codes and variables. */
export type ParseOk = {
  ok: true;
  rows: number[][];
  format: 'json' | 'csv' | 'tsv' | 'whitespace' | 'numpy' | 'torch';
  note?: string;
  notes?: PasteNote[];
};

/**
 * Why a paste could not be read: what was expected and what was found, at a 1-based line and column.
 * `message` is English and ends with "(line L, column C)" (except 'empty'); `code` and `vars` say the same
 * for translation. They are non-enumerable, so the object's own keys stay { ok, message, line, column }.
 */
export type ParseError = {
  ok: false;
  message: string;
  line: number;
  column: number;
  readonly code: PasteErrorCode;
  readonly vars: PasteVars;
};

/** The ParseError for `code`: the English message (with its place unless `placed` is false), and code and vars non-enumerable. */
function refusal(code: PasteErrorCode, vars: PasteVars, pos: Pos, placed = true): ParseError {
  const message = fill(PASTE_MESSAGES[code], vars) + (placed ? ` (line ${pos.line}, column ${pos.column})` : '');
  const error = { ok: false as const, message, line: pos.line, column: pos.column };
  return Object.defineProperties(error, { code: { value: code }, vars: { value: vars } }) as ParseError;
}

/**
 * The longest paste read, in characters (UTF-16 units; 1 MB here is 10⁶ of them). Reading is linear, about
 * 50 ms per MB once the page is warm but seconds for 10 MB the first time; 2 MB holds a 1024 × 64 matrix at
 * full precision. Longer text is refused at once, with its size.
 */
export const MAX_PASTE_CHARS = 2_000_000;

/** A length in characters as MB with one decimal, rounded up (so a paste just over the limit does not read as the limit). */
const megabytes = (chars: number): string => (Math.ceil(chars / 100_000) / 10).toFixed(1);

/** Read pasted text (JSON, CSV, TSV, whitespace columns, NumPy or PyTorch literals/reprs) into a matrix, or a precise error. */
export function parseMatrix(text: string): ParseOk | ParseError {
  if (text.length > MAX_PASTE_CHARS) {
    return refusal('too_long', { size: megabytes(text.length), max: MAX_PASTE_CHARS / 1_000_000 }, { line: 1, column: 1 }, false);
  }
  const src = text.replace(/\r\n?/g, '\n');
  if (src.trim() === '') return refusal('empty', {}, { line: 1, column: 1 }, false);
  const notes: PasteNote[] = [];
  try {
    const { rows, format } = /[[(]/.test(src.replace(/#.*/g, '')) ? readLiteral(src, notes) : readDelimited(src, notes);
    const result: ParseOk = { ok: true, rows, format };
    if (notes.length > 0) {
      result.note = notes.map((n) => fill(PASTE_NOTES[n.code], n.vars)).join(PASTE_WORDS.noteSeparator);
      result.notes = notes;
    }
    return result;
  } catch (e) {
    if (e instanceof PasteFailure) return refusal(e.code, e.vars, e.pos);
    throw e;
  }
}

/** One number at full precision (shortest round-trip), spelled the way `format` writes non-finite values. */
function formatNumber(x: number, format: 'csv' | 'tsv' | 'json' | 'numpy' | 'torch'): string {
  if (Number.isFinite(x)) return Object.is(x, -0) ? '-0' : String(x);
  const name = Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  switch (format) {
    case 'json':
      return 'null'; // JSON has no inf/nan; same as JSON.stringify
    case 'numpy':
      return { nan: 'np.nan', inf: 'np.inf', '-inf': '-np.inf' }[name];
    case 'torch':
      return `float('${name}')`;
    default:
      return name; // np.loadtxt and pandas read these
  }
}

/** Write rows as CSV, TSV, JSON, np.array(…) or torch.tensor(…) text, at full precision (the inverse of parseMatrix). */
export function formatMatrix(rows: number[][], format: 'csv' | 'tsv' | 'json' | 'numpy' | 'torch'): string {
  const cells = rows.map((row) => row.map((x) => formatNumber(x, format)));
  if (format === 'csv') return cells.map((r) => r.join(',')).join('\n');
  if (format === 'tsv') return cells.map((r) => r.join('\t')).join('\n');
  const list = `[${cells.map((r) => `[${r.join(', ')}]`).join(', ')}]`;
  if (format === 'numpy') return `np.array(${list})`;
  if (format === 'torch') return `torch.tensor(${list})`;
  return list;
}
