// tokenizer.ts — bracketed pasted text (JSON / Python lists, np.array(…),
// torch.tensor(…), their reprs) as tokens: numbers, words, strings and
// punctuation, each with the 1-based line and column where it starts.

import { END_OF_INPUT, fail, PASTE_WORDS, type Pos } from './messages';
import { isSign, isSpace, isWordChar, isWordStart, scanNumber } from './numbers';
import { fill } from '../base/fill';

/** What a token is; 'end' is the one token after the last. */
export type TokenKind = 'number' | 'word' | 'string' | 'punct' | 'end';

/** One token with the place where it starts. */
export interface Token extends Pos {
  kind: TokenKind;
  text: string;
}

const PUNCTUATION = '[](),=<>:';

/** Split text into numbers, words (identifiers like np.array, or junk like 1.2.3), strings and punctuation; skip spaces and # comments. */
export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const push = (kind: TokenKind, start: number, end: number): void => {
    tokens.push({ kind, text: src.slice(start, end), line, column: start - lineStart + 1 });
  };
  while (i < src.length) {
    const c = src.charAt(i);
    const pos = { line, column: i - lineStart + 1 };
    if (c === '\n') {
      line++;
      lineStart = ++i;
    } else if (isSpace(c)) {
      i++;
    } else if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (PUNCTUATION.includes(c)) {
      push('punct', i, ++i);
    } else if (c === '"' || c === "'") {
      const end = src.indexOf(c, i + 1);
      if (end < 0 || src.slice(i, end).includes('\n')) fail('unclosed_string', { quote: c }, pos);
      push('string', i, end + 1);
      i = end + 1;
    } else if (src.startsWith('...', i)) {
      fail('ellipsis', {}, pos);
    } else if (scanNumber(src, i) !== -1) {
      const end = scanNumber(src, i);
      let j = end;
      while (isWordChar(src[j])) j++; // "1.2.3", "2x", "1e": a malformed number
      push(j === end ? 'number' : 'word', i, j);
      i = j;
    } else if (isWordStart(c) || (isSign(c) && isWordStart(src[i + 1]))) {
      let j = i + 1;
      while (isWordChar(src[j])) j++;
      push('word', i, j);
      i = j;
    } else {
      fail('unexpected_character', { char: c }, pos);
    }
  }
  tokens.push({ kind: 'end', text: '', line, column: i - lineStart + 1 });
  return tokens;
}

/** How a token reads inside an error message ({found}): the end of the input in words, a string as pasted, anything else quoted. */
export function describe(t: Token): string {
  return t.kind === 'end' ? END_OF_INPUT : t.kind === 'string' ? t.text : fill(PASTE_WORDS.quoted, { text: t.text });
}
