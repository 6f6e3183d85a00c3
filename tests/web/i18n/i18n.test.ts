// i18n.test.ts — both languages are complete: every English key has a Chinese
// translation with the same {placeholders}, and every key the page's code and
// HTML use exists (a missing key would show as the key itself).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CELL_MESSAGES, NAMES } from '../../../web/src/model/compute';
import { DEFAULT_HEATMAP_WORDS } from '../../../web/src/figures/heatmap/heatmap';
import { KEYS, ZH, pickLanguage, t } from '../../../web/src/i18n/i18n';
import { PROGRESS } from '../../../web/src/experiments/run';
import { DEFAULT_CHART_WORDS } from '../../../web/src/figures/line-chart/line-chart';
import { chartWords, heatmapWords } from '../../../web/src/panels/words';
import { END_OF_INPUT, PASTE_MESSAGES, PASTE_NOTES } from '../../../web/src/parse/parse';
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
  test('has every English key, not empty, with the same placeholders', () => {
    const missing = KEYS.filter((k) => !ZH[k]?.trim());
    expect(missing, `keys without a Chinese translation: ${missing.join(', ')}`).toEqual([]);
    for (const k of KEYS) expect(placeholders(ZH[k] ?? ''), `placeholders of ${k}`).toEqual(placeholders(t('en', k)));
  });

  test('has no key that English lacks', () => {
    const extra = Object.keys(ZH).filter((k) => !(KEYS as string[]).includes(k));
    expect(extra).toEqual([]);
  });

  test('t() fills placeholders and falls back to English, then to the key', () => {
    expect(t('zh', 'result.head', { n: 2 })).toBe('第 2 个头');
    expect(t('en', 'result.head', { n: 2 })).toBe('head 2');
    expect(t('zh', 'no.such.key')).toBe('no.such.key');
  });
});

describe('the keys the page uses', () => {
  const prefixes = [...new Set(KEYS.map((k) => k.split('.')[0]))].join('|');
  const keyLike = new RegExp(`['\`"]((?:${prefixes})\\.[a-zA-Z0-9.]+)['\`"]`, 'g');

  test('every key-like string in web/src and web/examples exists in the English table', () => {
    const unknown: string[] = [];
    for (const file of [...sources(join(WEB, 'src')), ...sources(join(WEB, 'examples'))]) {
      if (file.endsWith('i18n.ts')) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(keyLike))
        if (!(KEYS as string[]).includes(m[1]) && !/\.(ts|js|css|wasm|html|svg|png)$/.test(m[1])) unknown.push(`${file.slice(WEB.length + 1)}: ${m[1]}`);
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

describe('the words of the heatmap, the line chart and the computed names', () => {
  const en = (key: string) => t('en', key);
  const zh = (key: string) => t('zh', key);

  test('in English they are the components’ defaults and compute.ts’s names, character for character', () => {
    expect(heatmapWords(en)).toEqual(DEFAULT_HEATMAP_WORDS);
    expect(chartWords(en)).toEqual(DEFAULT_CHART_WORDS);
    for (const [key, name] of Object.entries(NAMES)) expect(en(key), key).toBe(name);
  });

  test('in Chinese they leave no English word (code names and maths aside)', () => {
    const code = /^(out|d_k|scores|scaled|masked|weights|softmax|attended|multi_head)$/;
    const words = [...Object.values(heatmapWords(zh)), ...Object.values(chartWords(zh)), ...Object.keys(NAMES).map(zh)];
    const english = words.map((w) => w.replace(/\{\w+\}/g, '')).filter((w) => (w.match(/[A-Za-z_]{3,}/g) ?? []).some((x: string) => !code.test(x)));
    expect(english).toEqual([]);
    expect(t('zh', 'hm.hint', { row: '查询', col: '键' })).toBe('行：查询，列：键。将鼠标悬停在单元格上，或聚焦热力图后用方向键移动。');
  });
});

describe('the input messages and the experiments’ progress steps', () => {
  test('in English they are compute.ts’s cell messages and run.ts’s progress labels, character for character', () => {
    for (const [code, message] of Object.entries(CELL_MESSAGES)) expect(t('en', `cell.${code}`), code).toBe(message);
    for (const [key, label] of Object.entries(PROGRESS)) expect(t('en', key), key).toBe(label);
  });

  test('in Chinese they leave no English word (code names and maths aside)', () => {
    const code = /^(attention)$/;
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
  test('in English they are parse.ts’s templates, character for character, and nothing more', () => {
    for (const [code, message] of Object.entries(PASTE_MESSAGES)) expect(t('en', `paste.${code}`), code).toBe(message);
    for (const [code, message] of Object.entries(PASTE_NOTES)) expect(t('en', `paste.note.${code}`), code).toBe(message);
    expect(t('en', 'paste.end')).toBe(END_OF_INPUT);
    const known = [
      ...Object.keys(PASTE_MESSAGES).map((c) => `paste.${c}`),
      ...Object.keys(PASTE_NOTES).map((c) => `paste.note.${c}`),
      'paste.end',
      'paste.quoted',
      'paste.noteSeparator',
    ];
    expect(KEYS.filter((k) => k.startsWith('paste.') && !known.includes(k))).toEqual([]);
  });

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
