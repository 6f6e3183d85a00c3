// mask-cost.test.ts — the visible share of a mask and the sentence of how its
// cost grows (model/mask-cost.ts), in English and 中文, numbers grouped.
import { describe, expect, test } from 'vitest';
import type { TypedMask } from '../../../web/src/core/core';
import { t } from '../../../web/src/i18n/i18n';
import { costLine, countVisible, growthKey } from '../../../web/src/model/mask-cost';
import { MASK_MODES } from '../../../web/src/model/state';
import { refWindow } from '../support/mask-reference';

/** A typed mask from rows of booleans. */
const typed = (rows: boolean[][]): TypedMask => ({ data: Uint8Array.from(rows.flat(), (v) => (v ? 1 : 0)), rows: rows.length, cols: rows[0].length });

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const zh = (key: string, vars?: Record<string, string | number>) => t('zh', key, vars);

describe('countVisible', () => {
  test('counts the non-zero bytes; no mask is all of rows × cols', () => {
    expect(countVisible(typed(refWindow(256, 6)), 256, 256)).toEqual({ visible: 256 * 6 - 15, total: 65536 });
    expect(countVisible({ data: Uint8Array.from([0, 2, 1, 0, 255, 0]), rows: 2, cols: 3 }, 2, 3)).toEqual({ visible: 3, total: 6 });
    expect(countVisible(null, 4, 5)).toEqual({ visible: 20, total: 20 });
  });
});

describe('costLine', () => {
  test('the issue’s line: visible 1,536 of 65,536 = 2.3 %: cost grows like n·w, not n²', () => {
    expect(costLine('window', { visible: 1536, total: 65536 }, 'en', en)).toBe('visible 1,536 of 65,536 = 2.3 %: cost grows like n·w, not n²');
    expect(costLine('window', { visible: 1536, total: 65536 }, 'zh', zh)).toBe('可见 1,536 / 65,536 = 2.3 %：计算量按 n·w 增长，而不是 n²');
  });

  test('every mode has its growth sentence in both languages; custom is counted only', () => {
    const c = { visible: 6, total: 9 };
    const lines = MASK_MODES.map((m) => costLine(m, c, 'en', en));
    expect(lines).toEqual([
      'visible 6 of 9 = 66.7 %: no mask, cost grows like n²',
      'visible 6 of 9 = 66.7 %: cost grows like n²/2',
      'visible 6 of 9 = 66.7 %: cost grows like n·w, not n²',
      'visible 6 of 9 = 66.7 %: cost grows like n²/2 + p²/2',
      'visible 6 of 9 = 66.7 %: cost grows like n·(2w + 1) + 2·g·n for g global tokens, not n²',
      'visible 6 of 9 = 66.7 %: cost grows like n·w, not n²',
      'visible 6 of 9 = 66.7 %: cost grows like n·block·(window + global + random blocks), not n²',
      'visible 6 of 9 = 66.7 %',
    ]);
    for (const m of MASK_MODES) {
      const key = growthKey(m);
      if (key) expect(zh(key), `中文 of ${key}`).not.toBe(en(key));
      expect(costLine(m, c, 'zh', zh)).toMatch(/^可见 6 \/ 9 = 66\.7 %/);
    }
    expect(growthKey('custom')).toBeNull();
  });

  test('percentages: 0 and 100 only when exact, two significant digits below 1 %', () => {
    const line = (visible: number, total: number) => costLine('custom', { visible, total }, 'en', en);
    expect(line(0, 64)).toBe('visible 0 of 64 = 0 %');
    expect(line(64, 64)).toBe('visible 64 of 64 = 100 %');
    expect(line(9999, 10000)).toBe('visible 9,999 of 10,000 = 99.9 %');
    expect(line(1, 4096)).toBe('visible 1 of 4,096 = 0.024 %');
    expect(line(4096 * 2048, 4096 * 4096)).toBe('visible 8,388,608 of 16,777,216 = 50.0 %');
  });
});
