// messages.test.ts — the parser's codes and English templates (web/src/parse/messages.ts) and how a refusal is thrown.
import { describe, expect, test } from 'vitest';
import { END_OF_INPUT, PASTE_MESSAGES, PASTE_NOTES, PASTE_WORDS, PasteFailure, fail, ragged } from '../../../web/src/parse/messages';
import { refused } from './failure';

describe('fail and ragged', () => {
  test('fail throws a PasteFailure with the code, the variables and the place', () => {
    expect(() => fail('empty', {}, { line: 1, column: 1 })).toThrow(PasteFailure);
    expect(refused(() => fail('unexpected_character', { char: '$' }, { line: 2, column: 5 }))).toEqual({
      code: 'unexpected_character',
      vars: { char: '$' },
      line: 2,
      column: 5,
    });
  });

  test('ragged says "value" for one and "values" for more', () => {
    expect(refused(() => ragged(2, 1, 2, { line: 1, column: 12 }))).toEqual({
      code: 'ragged_one',
      vars: { row: 2, count: 1, expected: 2 },
      line: 1,
      column: 12,
    });
    expect(refused(() => ragged(3, 4, 2, { line: 3, column: 7 })).code).toBe('ragged');
    expect(refused(() => ragged(3, 0, 2, { line: 3, column: 1 })).code).toBe('ragged');
  });
});

describe('the English templates', () => {
  test('the end of the input, a quoted token and the note separator', () => {
    expect(END_OF_INPUT).toBe('the end of the input');
    expect(PASTE_WORDS).toEqual({ end: END_OF_INPUT, quoted: '"{text}"', noteSeparator: '; ' });
  });

  test('every template is one line of text, and no code is both an error and a note word', () => {
    for (const text of [...Object.values(PASTE_MESSAGES), ...Object.values(PASTE_NOTES), ...Object.values(PASTE_WORDS)]) expect(text).not.toMatch(/\n/);
    expect(Object.keys(PASTE_MESSAGES).filter((code) => code in PASTE_WORDS)).toEqual([]);
  });
});
