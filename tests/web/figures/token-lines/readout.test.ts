// Tests of the token view's words (pure): data checks and the strongest line
// of a token (data.ts), label cutting and how tokens and heads are named
// (text.ts), and every text the readout, the accessible name and the export
// write (readout.ts), in English and with other words.
import { describe, expect, it } from 'vitest';
import { checkData, isEmpty, isHidden, strongest, tooMany } from '../../../../web/src/figures/token-lines/data';
import { ariaLabel, describeLine, describeToken, idleText, svgTitle, tokenLinesWords, tooManyText } from '../../../../web/src/figures/token-lines/readout';
import { buttonName, fitLabel, fullLabel, headName, textWidth, tokenName } from '../../../../web/src/figures/token-lines/text';
import type { TokenLinesData } from '../../../../web/src/figures/token-lines/types';
import { DEFAULT_TOKEN_LINES_WORDS } from '../../../../web/src/figures/token-lines/words';
import { TOKENS, causalData, causalHead, plainData, previousTokenHead } from './fixtures';

const w = DEFAULT_TOKEN_LINES_WORDS;
const two = causalData(TOKENS, [causalHead(6), previousTokenHead(6)]);

describe('data', () => {
  it('refuses a shape that does not match the weights or the mask', () => {
    expect(() => checkData(plainData(2, 3))).not.toThrow();
    expect(() => checkData({ ...plainData(2, 3), rows: 3 })).toThrow(/head 0 has 6 entries, expected 3 × 3 = 9/);
    expect(() => checkData({ ...plainData(2, 3), rows: -1 })).toThrow(RangeError);
    expect(() => checkData({ ...plainData(2, 3), cols: 2.5 })).toThrow(/whole numbers/);
    expect(() => checkData({ ...plainData(2, 3), hidden: new Uint8Array(5) })).toThrow(/hidden has 5 entries/);
    const notTyped = { ...plainData(2, 3), heads: [{ label: 'h', weights: [1, 2] as unknown as Float64Array }] };
    expect(() => checkData(notTyped)).toThrow(/not a Float64Array/);
  });

  it('knows masked pairs, empty data and too many tokens', () => {
    expect(isHidden(two, 1)).toBe(true); // (0, 1)
    expect(isHidden(two, 6)).toBe(false); // (1, 0)
    expect(isHidden(plainData(2, 2), 1)).toBe(false);
    expect(isEmpty(plainData(0, 3))).toBe(true);
    expect(isEmpty({ ...plainData(2, 2), heads: [] })).toBe(true);
    expect(isEmpty(plainData(1, 1))).toBe(false);
    expect(tooMany(plainData(64, 64))).toBe(false);
    expect(tooMany(plainData(1, 65))).toBe(true);
  });

  it('finds a token’s strongest visible line over every head', () => {
    // query 2 "sat": head 1 gives keys 0..2 1/6, 2/6, 3/6; head 2 gives key 1 0.75
    expect(strongest(two, { side: 'query', index: 2 })).toEqual({ head: 1, i: 2, j: 1, w: 0.75 });
    // key 5 "mat" is seen only by query 5: head 1 gives it 6/21, head 2 0.25
    expect(strongest(two, { side: 'key', index: 5 })).toEqual({ head: 0, i: 5, j: 5, w: 6 / 21 });
    const allMasked: TokenLinesData = { ...plainData(1, 2), hidden: new Uint8Array([1, 1]) };
    expect(strongest(allMasked, { side: 'query', index: 0 })).toBeNull();
  });
});

describe('text', () => {
  it('cuts a label with "…" to a width, keeping at least one character', () => {
    expect(fitLabel('cat', 100)).toBe('cat');
    const cut = fitLabel('internationalisation', 60);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut)).toBeLessThanOrEqual(60);
    expect(textWidth(cut.slice(0, -1) + 'x…')).toBeGreaterThan(60); // the longest cut that fits
    expect(fitLabel('internationalisation', 1)).toBe('i…');
    expect(fitLabel('注意力机制', 30)).toBe('注…');
  });

  it('names a token by its label, adds the index when the label repeats, and uses the index without one', () => {
    expect(tokenName(two, 'query', 1, w)).toBe('cat');
    expect(tokenName(two, 'query', 4, w)).toBe('the (4)');
    expect(tokenName(two, 'key', 0, w)).toBe('the (0)');
    expect(tokenName(plainData(2, 2), 'query', 1, w)).toBe('query 1');
    expect(tokenName(plainData(2, 2), 'key', 0, w)).toBe('key 0');
    expect(fullLabel(plainData(2, 2), 'key', 1)).toBe('1');
    expect(tokenName({ ...plainData(2, 2), queryLabels: ['', 'b'] }, 'query', 0, w)).toBe('query 0');
  });

  it('names the buttons with side, index and label', () => {
    expect(buttonName(two, 'query', 4, w)).toBe('query 4: the');
    expect(buttonName(two, 'key', 2, w)).toBe('key 2: sat');
    expect(buttonName(plainData(2, 2), 'key', 1, w)).toBe('key 1');
  });

  it('names a head by its label, else by its number', () => {
    expect(headName(two, 1, w)).toBe('head 2');
    expect(headName({ ...two, heads: [{ label: '', weights: two.heads[0].weights }] }, 0, w)).toBe('head 1');
  });
});

describe('readout', () => {
  it('reads a line as "the → cat: weight (head)" with the full-precision weight', () => {
    expect(describeLine(two, { head: 1, i: 2, j: 1 }, w)).toBe('sat → cat: 0.75 (head 2)');
    expect(describeLine(two, { head: 0, i: 3, j: 0 }, w)).toBe('on → the (0): 0.1 (head 1)');
    expect(describeLine(two, { head: 0, i: 5, j: 5 }, w)).toBe('mat → mat: 0.285714 (head 1)');
    expect(describeLine(plainData(2, 2), { head: 0, i: 1, j: 0 }, w)).toBe('query 1 → key 0: 0.333333 (head 1)');
  });

  it('reads a token by its strongest line, or says that it has none', () => {
    expect(describeToken(two, { side: 'query', index: 2 }, w)).toBe('sat attends most to cat: 0.75 (head 2).');
    expect(describeToken(two, { side: 'key', index: 5 }, w)).toBe('mat gets most from mat: 0.285714 (head 1).');
    const allMasked: TokenLinesData = { ...plainData(1, 2), hidden: new Uint8Array([1, 1]) };
    expect(describeToken(allMasked, { side: 'query', index: 0 }, w)).toBe('query 0: no lines (every pair is masked).');
  });

  it('hints, names the chosen token, or says there is nothing to draw', () => {
    expect(idleText(two, null, w)).toBe(w.hint);
    expect(idleText(two, { side: 'key', index: 1 }, w)).toBe('Only the lines of cat are shown. Click it again, press Escape or “Show all” to see every line.');
    expect(idleText(plainData(0, 2), null, w)).toBe(w.empty);
  });

  it('summarises the figure in its accessible name, with the title and the number of heads', () => {
    expect(ariaLabel(two, undefined, w)).toBe('Attention lines: 6 queries × 6 keys, 2 heads.');
    expect(ariaLabel(plainData(2, 3), undefined, w)).toBe('Attention lines: 2 queries × 3 keys, 1 head.');
    expect(ariaLabel(two, 'Layer 0', w)).toBe('Layer 0: attention lines, 6 queries × 6 keys, 2 heads.');
  });

  it('writes the note for too many tokens and the export’s title', () => {
    expect(tooManyText(plainData(70, 3), w)).toBe(
      'The token view draws at most 64 tokens per side; this has 70 queries and 3 keys. The heatmap shows every weight.',
    );
    expect(svgTitle('head 1', w)).toBe('head 1 (queries → keys)');
    expect(svgTitle(undefined, w)).toBe('Attention lines (queries → keys)');
  });

  it('takes other words over the English ones', () => {
    const zh = tokenLinesWords({ line: '{q} → {k}：{w}（{head}）', head: '第 {n} 个头' });
    expect(zh.hint).toBe(w.hint);
    const d = { ...two, heads: [two.heads[0], { label: '', weights: two.heads[1].weights }] };
    expect(describeLine(d, { head: 1, i: 2, j: 1 }, zh)).toBe('sat → cat：0.75（第 2 个头）');
  });
});
