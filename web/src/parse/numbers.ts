// numbers.ts — characters and the one number scanner the paste readers share
// (the tokenizer of bracketed text and the reader of delimited rows).

import { fail, type Pos } from './messages';

const UNICODE_MINUS = '\u2212'; // "−", as copied from web pages and PDFs

/** Is c a decimal digit? */
export const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
/** Is c a sign: "+", "-" or the Unicode minus "−"? */
export const isSign = (c: string | undefined): boolean => c === '+' || c === '-' || c === UNICODE_MINUS;
/** Is c a space other than a line break? \s covers tabs, NBSP (the seed text has them) and the BOM. */
export const isSpace = (c: string | undefined): boolean => c !== undefined && c !== '\n' && /\s/.test(c);
/** Can a word (np.array, nan, a header) start with c? */
export const isWordStart = (c: string | undefined): boolean => c !== undefined && /[\p{L}_]/u.test(c);
/** Can c continue a word (letters, digits, "_" and ".")? */
export const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_.]/u.test(c);

/**
 * End of the number lexeme starting at s[i], or -1 if there is none.
 * Grammar: [+-] (digits [. digits?] | . digits) [e [+-] digits]
 * e.g. 3, -0.5, -.5, +2, 1., 1e-3, 2.5E+4.
 */
export function scanNumber(s: string, i: number): number {
  let j = i;
  if (isSign(s[j])) j++;
  let digits = 0;
  for (; isDigit(s[j]); j++) digits++;
  if (s[j] === '.') {
    j++;
    for (; isDigit(s[j]); j++) digits++;
  }
  if (digits === 0) return -1;
  if (s[j] === 'e' || s[j] === 'E') {
    let k = j + 1;
    if (s[k] === '+' || s[k] === '-') k++;
    const exponentStart = k;
    while (isDigit(s[k])) k++;
    if (k > exponentStart) j = k; // a bare "1e" is left for the caller to reject
  }
  return j;
}

/** Whether a text is exactly one number. */
export const isNumberCell = (text: string): boolean => scanNumber(text, 0) === text.length;

/** Words that NumPy / PyTorch print for non-finite values. */
export const NON_FINITE = /^[+\-\u2212]?((np|numpy|math|torch)\.)?(inf|infinity|nan)$/i;

/** Reject a word where a number was expected, naming non-finite values specially. */
export function notANumber(text: string, pos: Pos): never {
  fail(NON_FINITE.test(text) ? 'non_finite' : 'not_a_number', { text }, pos);
}

/** A number lexeme's value (accepted by scanNumber), rejecting overflow such as 1e999. */
export function finite(lexeme: string, pos: Pos): number {
  const value = Number(lexeme.replace(UNICODE_MINUS, '-'));
  if (!Number.isFinite(value)) fail('too_large', { text: lexeme }, pos);
  return value;
}
