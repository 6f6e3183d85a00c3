// messages.ts — the page's own input messages in the reader's language.
//
// compute.ts and parse.ts stay free of languages: a bad cell carries a code
// and its variables, a missing input an i18n key. These helpers turn them into
// text with the panel's t(). Messages that are not the page's own words (the
// C++ core's shape errors, the paste parser's diagnosis) stay English and are
// shown after a translated lead-in.

import type { CellError, CellProblem, Failure } from './compute';

/** Translate, as the panel context does. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** What is wrong with one cell, e.g. “"abc" is not a number” / ““abc”不是数字”. */
export function cellMessage(e: CellProblem, t: Translate): string {
  return t(`cell.${e.code}`, e.vars);
}

/** Why nothing could be computed: the first bad cell and how many more, a missing input, or the core's message. */
export function failureMessage(f: Failure, t: Translate): string {
  const first: CellError | undefined = f.cellErrors[0];
  if (first) {
    const more = f.cellErrors.length > 1 ? t('cell.more', { n: f.cellErrors.length - 1 }) : '';
    return t('cell.at', { where: `${first.matrix}[${first.row}][${first.col}]`, message: cellMessage(first, t) }) + more;
  }
  if (f.key) return t(f.key, f.vars);
  return f.message;
}

/** A paste the parser refused: the matrix, the parser's message and where (line, column). */
export function pasteMessage(name: string, error: { message: string; line: number; column: number }, t: Translate): string {
  // the parser already ends its message with "(line L, column C)": say it once, in the reader's words
  const message = error.message.replace(/ \(line \d+, column \d+\)$/, '');
  return t('inputs.pasteError', { name, message, line: error.line, column: error.column });
}
