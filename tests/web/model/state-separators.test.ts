// state-separators.test.ts — a share link whose separators a link rewriter
// percent-encoded (',' → %2C, ';' → %3B, '&' → %26, '=' → %3D, ':' → %3A)
// reads as the link it was; the page's own links, whose cells
// may hold those characters, read back unchanged.
import { describe, expect, test } from 'vitest';
import { cellsOf, defaultState, literalSeparators, parse, serialize } from '../../../web/src/model/state';

const LINK = 'op=attention&mask=causal&tokens=a,b,c&Q=1,0;0,1;1,1&K=1,0;0,1;1,1&V=rand:3:2:7:0.5';

describe('rewritten links', () => {
  const expected = parse(LINK);
  test.each([
    [
      'separators of the values encoded',
      LINK.replace(/,/g, '%2C')
        .replace(/;/g, '%3B')
        .replace(/rand:(\d):(\d):(\d):/, 'rand%3A$1%3A$2%3A$3%3A'),
    ],
    ['the whole hash encoded', encodeURIComponent(LINK)],
    ['the whole hash encoded, with #', `#${encodeURIComponent(LINK)}`],
  ])('%s', (_, link) => {
    expect(parse(link)).toEqual(expected);
  });

  test('the rewritten link has the cells, the tokens, the mask and the random source', () => {
    const s = parse(encodeURIComponent(LINK));
    expect(s.matrices.Q).toEqual(
      cellsOf([
        [1, 0],
        [0, 1],
        [1, 1],
      ]),
    );
    expect(s.tokens).toEqual(['a', 'b', 'c']);
    expect(s.mask).toBe('causal');
    expect(s.matrices.V).toEqual({ kind: 'random', rows: 3, cols: 2, seed: 7, scale: 0.5 });
  });
});

describe("the page's own links", () => {
  test.each([
    ['a 1 × 1 cell holding separators', { Q: { kind: 'cells' as const, cells: [['1,5;2:3']] } }, []],
    ['a 1 × 1 cell that reads like a random source', { Q: { kind: 'cells' as const, cells: [['rand:3:2:1:1']] } }, []],
    ['one token with a comma', { Q: cellsOf([[1]]) }, ['a,b']],
  ])('%s reads back unchanged', (_, matrices, tokens) => {
    const s = { ...defaultState(), matrices, tokens };
    const text = serialize(s);
    expect(parse(text).matrices).toEqual(matrices);
    expect(parse(text).tokens).toEqual(tokens);
    expect(serialize(parse(text))).toBe(text);
  });

  test('separators inside a cell are written in lower-case hex', () => {
    expect(serialize({ ...defaultState(), matrices: { Q: { kind: 'cells', cells: [['1,5']] } } })).toContain('Q=1%2c5');
  });

  test('literalSeparators leaves text with a literal separator, or no upper-case encoded one, alone', () => {
    expect(literalSeparators('1,0%3B2', ',;')).toBe('1,0%3B2');
    expect(literalSeparators('1%2c0', ',;')).toBe('1%2c0');
    expect(literalSeparators('1%2C0%3B2', ',;')).toBe('1,0;2');
    expect(literalSeparators('%E0%A4%A', ',;')).toBe('%E0%A4%A');
  });
});
