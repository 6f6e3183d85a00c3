// messages.ts — the page's own input messages in the reader's language.
//
// compute.ts and parse.ts stay free of languages: a bad cell and a refused
// paste carry a code and its variables, a missing input an i18n key. These
// helpers turn them into text with the panel's t(). Messages that are not the
// page's own words (the C++ core's shape errors) stay English and are shown
// after a translated lead-in.

import type { CellError, CellProblem, Failure } from './compute';
import { END_OF_INPUT, type PasteVars } from '../parse/messages';
import type { ParseError, ParseOk } from '../parse/parse';
import { PREFIXES } from '../base/words';

/** Translate, as the panel context does. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** What is wrong with one cell, e.g. “"abc" is not a number” / ““abc”不是数字”. */
export function cellMessage(e: CellProblem, t: Translate): string {
  return t(`${PREFIXES.cell}${e.code}`, e.vars);
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

/** The parser's variables for t(): {found} names a token — the end of the input in words, "x" in the reader's quotes ('x' stays as pasted). */
function pasteVars(vars: PasteVars, t: Translate): PasteVars {
  if (vars.found === END_OF_INPUT) return { ...vars, found: t('paste.end') };
  const quoted = /^"(.*)"$/s.exec(String(vars.found ?? ''));
  return quoted ? { ...vars, found: t('paste.quoted', { text: quoted[1] }) } : vars;
}

/** `key` translated, or `english` when no table has it (t() returns the key itself then). */
function orEnglish(key: string, vars: PasteVars, english: string, t: Translate): string {
  const text = t(key, vars);
  return text === key ? english : text;
}

/** A paste the parser refused: the matrix, the parser's diagnosis (translated from its code) and where (line, column). */
export function pasteMessage(name: string, error: ParseError, t: Translate): string {
  // the English message ends with "(line L, column C)": say it once, in the reader's words
  const english = error.message.replace(/ \(line \d+, column \d+\)$/, '');
  const message = orEnglish(`${PREFIXES.paste}${error.code}`, pasteVars(error.vars, t), english, t);
  return t('inputs.pasteError', { name, message, line: error.line, column: error.column });
}

/** The parser's remarks on a matrix it read (e.g. the dropped batch dimension), translated; '' when there are none. */
export function pasteNote(result: Pick<ParseOk, 'note' | 'notes'>, t: Translate): string {
  const english = result.note ?? '';
  const notes = result.notes ?? [];
  const texts = notes.map((n) => t(`${PREFIXES.pasteNote}${n.code}`, n.vars));
  if (texts.length === 0 || texts.some((text, i) => text === `${PREFIXES.pasteNote}${notes[i].code}`)) return english;
  return texts.join(t('paste.noteSeparator'));
}
