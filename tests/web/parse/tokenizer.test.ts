// tokenizer.test.ts — bracketed text as tokens with their places (web/src/parse/tokenizer.ts).
import { describe, expect, test } from 'vitest';
import { describe as describeToken, tokenize, type Token } from '../../../web/src/parse/tokenizer';
import { refused } from './failure';

/** kind:text of every token. */
const kinds = (tokens: Token[]) => tokens.map((t) => `${t.kind}:${t.text}`);

describe('tokenize', () => {
  test('numbers, words, strings and punctuation; spaces and comments skipped; an end token last', () => {
    const tokens = tokenize("X = np.array([[1, -2.5e3]], dtype='f8')  # weights");
    expect(kinds(tokens)).toEqual([
      'word:X',
      'punct:=',
      'word:np.array',
      'punct:(',
      'punct:[',
      'punct:[',
      'number:1',
      'punct:,',
      'number:-2.5e3',
      'punct:]',
      'punct:]',
      'punct:,',
      'word:dtype',
      'punct:=',
      "string:'f8'",
      'punct:)',
      'end:',
    ]);
  });

  test('each token knows its 1-based line and column', () => {
    const tokens = tokenize('[[1,\n  22]]');
    expect(tokens.map((t) => [t.text, t.line, t.column])).toEqual([
      ['[', 1, 1],
      ['[', 1, 2],
      ['1', 1, 3],
      [',', 1, 4],
      ['22', 2, 3],
      [']', 2, 5],
      [']', 2, 6],
      ['', 2, 7],
    ]);
  });

  test('a malformed number is one word; a sign before a word belongs to it', () => {
    expect(kinds(tokenize('1.2.3 2x 1e -inf')).slice(0, 4)).toEqual(['word:1.2.3', 'word:2x', 'word:1e', 'word:-inf']);
  });

  test('grad_fn=<AddBackward0> and "Parameter containing:" are punctuation and words', () => {
    expect(kinds(tokenize('grad_fn=<AddBackward0>'))).toEqual(['word:grad_fn', 'punct:=', 'punct:<', 'word:AddBackward0', 'punct:>', 'end:']);
    expect(kinds(tokenize('Parameter containing:')).slice(0, 3)).toEqual(['word:Parameter', 'word:containing', 'punct::']);
  });

  test('refuses an unclosed string, a summarised array and an unexpected character, at their place', () => {
    expect(refused(() => tokenize("tensor([1.], device='cuda)"))).toEqual({ code: 'unclosed_string', vars: { quote: "'" }, line: 1, column: 21 });
    expect(refused(() => tokenize('["a\n"]')).code).toBe('unclosed_string');
    expect(refused(() => tokenize('[0.1, ..., 0.9]'))).toEqual({ code: 'ellipsis', vars: {}, line: 1, column: 7 });
    expect(refused(() => tokenize('[1]\n[- 1]'))).toEqual({ code: 'unexpected_character', vars: { char: '-' }, line: 2, column: 2 });
  });
});

describe('describe', () => {
  test('the end in words, a string as pasted, anything else in double quotes', () => {
    const [word, str, end] = tokenize("abc 'x'");
    expect([describeToken(word), describeToken(str), describeToken(end)]).toEqual(['"abc"', "'x'", 'the end of the input']);
  });
});
