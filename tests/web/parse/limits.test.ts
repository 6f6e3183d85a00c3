// limits.test.ts — the paste parser's two limits: how deep brackets may nest
// (a clear error instead of a stack overflow) and how long a paste may be
// (a clear refusal instead of seconds of work), in English and 中文.
import { describe, expect, test } from 'vitest';
import { t } from '../../../web/src/i18n/i18n';
import { pasteMessage } from '../../../web/src/model/messages';
import { MAX_NESTING } from '../../../web/src/parse/literal';
import { MAX_PASTE_CHARS, parseMatrix, type ParseError } from '../../../web/src/parse/parse';

const refused = (text: string): ParseError => {
  const r = parseMatrix(text);
  if (r.ok) throw new Error('expected a refusal');
  return r;
};
const tr = (lang: 'en' | 'zh') => (key: string, vars?: Record<string, string | number>) => t(lang, key, vars);

describe('nesting: at most MAX_NESTING brackets open at once', () => {
  test('the issue’s "[" × 10,000 is a ParseError at the first bracket too many, not a RangeError', () => {
    expect(MAX_NESTING).toBe(32);
    const r = refused('['.repeat(10_000));
    expect([r.code, r.line, r.column]).toEqual(['too_deep_nesting', 1, 33]);
    expect(r.message).toBe('too many nested brackets: more than 32 levels of "[" (line 1, column 33)');
    expect(pasteMessage('Q', r, tr('zh'))).toBe('Q：括号嵌套过多：“[”超过 32 层（第 1 行，第 33 列）');
  });

  test('inside a call, across lines, and closed again', () => {
    expect(refused(`np.array(${'[\n'.repeat(40)}1${']'.repeat(40)})`)).toMatchObject({ code: 'too_deep_nesting', line: 33, column: 1 });
    expect(refused(`[${'[1], '.repeat(1000)}${'['.repeat(33)}`).code).toBe('too_deep_nesting');
  });

  test('32 levels are read up to the usual "too deep" message, and ordinary depths are unchanged', () => {
    expect(refused(`${'['.repeat(32)}1${']'.repeat(32)}`).code).toBe('too_deep');
    expect(refused('[[[[1]]]]').code).toBe('too_deep');
    expect(parseMatrix('[[[1, 2], [3, 4]]]')).toMatchObject({
      ok: true,
      rows: [
        [1, 2],
        [3, 4],
      ],
    });
    // many lists one after another are not nested
    const wide = `[${Array.from({ length: 5000 }, () => '[1, 2]').join(', ')}]`;
    expect(parseMatrix(wide)).toMatchObject({ ok: true });
  });
});

describe('length: a paste of more than MAX_PASTE_CHARS is refused at once', () => {
  test('the limit is 2 MB (2,000,000 characters), and a paste of that length is read', () => {
    expect(MAX_PASTE_CHARS).toBe(2_000_000);
    const row = Array.from({ length: 64 }, (_, j) => (j % 10) + 0.125).join(',');
    const rows = Math.floor(MAX_PASTE_CHARS / (row.length + 1));
    const text = Array.from({ length: rows }, () => row).join('\n');
    expect(text.length).toBeLessThanOrEqual(MAX_PASTE_CHARS);
    const r = parseMatrix(text);
    expect(r.ok && [r.rows.length, r.rows[0].length]).toEqual([rows, 64]);
  });

  test('10 MB: the size and the limit, in English and 中文, with no place in the English message', () => {
    const r = refused('1,'.repeat(5_000_000));
    expect(r.code).toBe('too_long');
    expect(r.vars).toEqual({ size: '10.0', max: 2 });
    expect(r.message).toBe('the pasted text is 10.0 MB; at most 2 MB can be pasted');
    expect(pasteMessage('K', r, tr('en'))).toBe('K: the pasted text is 10.0 MB; at most 2 MB can be pasted (line 1, column 1)');
    expect(pasteMessage('K', r, tr('zh'))).toBe('K：粘贴的文本有 10.0 MB；最多只能粘贴 2 MB（第 1 行，第 1 列）');
  });

  test('one character over the limit reads as more than the limit', () => {
    expect(refused('1'.repeat(MAX_PASTE_CHARS + 1)).vars.size).toBe('2.1');
  });
});
