// i18n.test.ts — both languages are complete: every English key has a Chinese
// translation with the same {placeholders} and no Chinese key is orphaned; the
// English table is built from the modules' word tables, each string once; and
// every key the page's code and HTML use exists (a missing key would show as
// the key itself).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CELL_MESSAGES, NAMES } from '../../../web/src/model/words';
import { KEYS, keysNow, PREFIXES, prefixed, WORD_PARTS, ZH, pickLanguage, t } from '../../../web/src/i18n/i18n';
import { LATER_WORDS } from '../../../web/src/i18n/later';
import { PROGRESS } from '../../../web/src/experiments/progress.words';
import { chartWords, heatmapWords } from '../../../web/src/panels/words';
import { OPERATIONS } from '../../../web/src/model/state';
import { PRESETS } from '../../../web/src/model/presets';

const WEB = join(import.meta.dirname, '../../../web');

/** The {names} in a text, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every .ts file under `dir`, recursively (the generated wasm/ folder left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? (d.name === 'wasm' ? [] : sources(join(dir, d.name))) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

describe('the Chinese table', () => {
  test('every English key has a 中文 entry and no 中文 key is orphaned', () => {
    const zhKeys = Object.keys(ZH);
    const missing = KEYS.filter((k) => !Object.hasOwn(ZH, k) || !ZH[k].trim());
    const orphaned = zhKeys.filter((k) => !(KEYS as string[]).includes(k));
    expect(missing, `English keys without a 中文 entry: ${missing.join(', ')}`).toEqual([]);
    expect(orphaned, `中文 keys that English lacks: ${orphaned.join(', ')}`).toEqual([]);
    expect(zhKeys.length).toBe(KEYS.length);
  });

  test('every 中文 entry has the same placeholders as the English one', () => {
    for (const k of KEYS) expect(placeholders(ZH[k]), `placeholders of ${k}`).toEqual(placeholders(t('en', k)));
  });

  test('t() fills placeholders and falls back to English, then to the key', () => {
    expect(t('zh', 'result.head', { n: 2 })).toBe('第 2 个头');
    expect(t('en', 'result.head', { n: 2 })).toBe('head 2');
    expect(t('zh', 'no.such.key')).toBe('no.such.key');
  });
});

describe('the keys the page uses', () => {
  const every = keysNow(); // the first screen's and those registered later (the setup registers every word)
  const prefixes = [...new Set(every.map((k) => k.split('.')[0]))].join('|');
  const keyLike = new RegExp(`['\`"]((?:${prefixes})\\.[a-zA-Z0-9.]+)['\`"]`, 'g');

  test('every key-like string in web/src and web/examples exists in the English table', () => {
    const unknown: string[] = [];
    for (const file of [...sources(join(WEB, 'src')), ...sources(join(WEB, 'examples'))]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(keyLike))
        // (a prefix such as 'paste.note.' is not a key)
        if (!every.includes(m[1]) && !m[1].endsWith('.') && !/\.(ts|js|css|wasm|html|svg|png)$/.test(m[1]))
          unknown.push(`${file.slice(WEB.length + 1)}: ${m[1]}`);
    }
    expect(unknown).toEqual([]);
  });

  test('the keys built at run time exist: operations, mask modes, presets, data-i18n in index.html', () => {
    const needed = [
      ...OPERATIONS.map((op) => `op.${op}`),
      ...['none', 'causal', 'custom'].map((m) => `opt.mask.${m}`),
      ...PRESETS.map((p) => p.label),
      ...[...readFileSync(join(WEB, 'index.html'), 'utf8').matchAll(/data-i18n="([^"]+)"/g)].map((m) => m[1]),
    ];
    expect(needed.filter((k) => !(KEYS as string[]).includes(k))).toEqual([]);
  });
});

describe('the tables, merged from each feature’s words', () => {
  test('each key comes from one feature: no key is in two, none is lost, each has its 中文', () => {
    const all = [...Object.values(WORD_PARTS), ...Object.values(LATER_WORDS).flat()];
    const parts = all.map((part) => Object.keys(part.en));
    expect(parts.reduce((n, keys) => n + keys.length, 0)).toBe(keysNow().length);
    expect(new Set(parts.flat()).size).toBe(keysNow().length);
    expect(KEYS.length, 'the first screen’s keys').toBeLessThan(keysNow().length);
    for (const part of all) expect(Object.keys(part.zh).sort()).toEqual(Object.keys(part.en).sort());
  });

  test('prefixed() puts a table’s keys under a prefix and keeps its texts', () => {
    expect(prefixed('hm.', { table: 'Table', hint: 'Rows: {row}' })).toEqual({ 'hm.table': 'Table', 'hm.hint': 'Rows: {row}' });
    expect(prefixed(PREFIXES.pasteNote, {})).toEqual({});
  });
});

describe('the words of the heatmap, the line chart and the computed names', () => {
  const zh = (key: string) => t('zh', key);

  test('every word of the panels’ heatmap and line chart has its key (none falls back to the key itself)', () => {
    const en = (key: string) => t('en', key);
    const keysShown = [...(Object.values(heatmapWords(en)) as string[]), ...(Object.values(chartWords(en)) as string[])].filter((w) =>
      /^(hm|lc)\.\w+$/.test(w),
    );
    expect(keysShown).toEqual([]);
    expect(heatmapWords(en).hint).toBe('Rows: {row}, columns: {col}. Hover a cell, or focus the heatmap and use the arrow keys.');
    expect(chartWords(zh).readout).toBe('{x} = {value}：{values}');
  });

  test('in Chinese they leave no English word (code names and maths aside)', () => {
    // (RoPE and ALiBi are the methods' names, p_i ALiBi's query position: positions steps)
    const code = /^(out|d_k|scores|scaled|masked|weights|softmax|attended|multi_head|RoPE|ALiBi|p_i)$/;
    const words = [...(Object.values(heatmapWords(zh)) as string[]), ...(Object.values(chartWords(zh)) as string[]), ...Object.keys(NAMES).map(zh)];
    const english = words.map((w) => w.replace(/\{\w+\}/g, '')).filter((w) => (w.match(/[A-Za-z_]{3,}/g) ?? []).some((x: string) => !code.test(x)));
    expect(english).toEqual([]);
    expect(t('zh', 'hm.hint', { row: '查询', col: '键' })).toBe('行：查询，列：键。将鼠标悬停在单元格上，或聚焦热力图后用方向键移动。');
  });
});

describe('the input messages and the experiments’ progress steps', () => {
  test('in Chinese they leave no English word (code names and maths aside)', () => {
    const code = /^(attention|float)$/; // float: of float64, the dtype (digits are not part of a word here)
    const keys = [
      ...Object.keys(CELL_MESSAGES).map((c) => `cell.${c}`),
      ...['cell.at', 'cell.more', 'cell.missing', 'result.error', 'inputs.pasteError', 'exp.status'],
      ...Object.keys(PROGRESS),
    ];
    const english = keys.filter((k) =>
      (
        t('zh', k)
          .replace(/\{\w+\}/g, '')
          .match(/[A-Za-z_]{3,}/g) ?? []
      ).some((x) => !code.test(x)),
    );
    expect(english).toEqual([]);
    expect(t('zh', 'cell.not_a_number', { text: 'abc' })).toBe('“abc”不是数字');
  });
});

describe('the paste parser’s errors and notes', () => {
  test('in Chinese they leave no English word (code names aside)', () => {
    const code = /^(np|numpy|torch|array|tensor|set_printoptions|threshold|inf|profile|full|grad_fn|AddBackward0|dtype|float32|NumPy|print)$/;
    const keys = KEYS.filter((k) => k.startsWith('paste.'));
    const english = keys.filter((k) =>
      (
        t('zh', k)
          .replace(/\{\w+\}/g, '')
          .match(/[A-Za-z_][A-Za-z_0-9]{2,}/g) ?? []
      ).some((x) => !code.test(x)),
    );
    expect(english).toEqual([]);
    expect(t('zh', 'paste.ragged', { row: 2, count: 3, expected: 4 })).toBe('矩阵第 2 行有 3 个值，应为 4 个（与矩阵第 1 行相同）');
  });
});

describe('pickLanguage', () => {
  test('an explicit choice wins: zh, zh-CN, zh-Hans → zh; en-GB → en', () => {
    expect(pickLanguage('zh')).toBe('zh');
    expect(pickLanguage('zh-CN')).toBe('zh');
    expect(pickLanguage('zh-Hans')).toBe('zh');
    expect(pickLanguage('en-GB')).toBe('en');
  });
});
