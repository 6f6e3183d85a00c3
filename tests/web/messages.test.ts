// messages.test.ts — the page's own input messages (web/src/messages.ts): in
// English exactly the texts compute.ts and the editors showed before, in
// 简体中文 translated, with the same cell, count, line and column.
import { beforeAll, describe, expect, test } from 'vitest';
import { compute, type Failure } from '../../web/src/compute';
import type { Core } from '../../web/src/core';
import { t, type Lang } from '../../web/src/i18n';
import { cellMessage, failureMessage, pasteMessage } from '../../web/src/messages';
import { parseMatrix, type ParseError } from '../../web/src/parse';
import { defaultState } from '../../web/src/state';
import { loadCoreForNode } from './load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

const tr = (lang: Lang) => (key: string, vars?: Record<string, string | number>) => t(lang, key, vars);

/** compute() on the default state with Q's cells replaced; must fail. */
function failing(cells: string[][]): Failure {
  const s = defaultState();
  s.matrices.Q = { kind: 'cells', cells };
  const o = compute(core, s);
  if (o.ok) throw new Error('expected a failure');
  return o;
}

describe('cell messages', () => {
  test('in English: compute.ts’s own message, for every code', () => {
    const f = failing([
      ['', 'abc'],
      ['inf', '1'],
      ['1', '1'],
    ]);
    for (const e of f.cellErrors) expect(cellMessage(e, tr('en'))).toBe(e.message);
    expect(failureMessage(f, tr('en'))).toBe(f.message);
    expect(f.message).toBe('Q[0][0]: empty cell: type a number (and 2 more)');
  });

  test('in Chinese: translated, quoting the text, naming the first cell and the count', () => {
    const f = failing([
      ['1', 'abc'],
      ['NaN', '1'],
      ['1', '1'],
    ]);
    expect(f.cellErrors.map((e) => cellMessage(e, tr('zh')))).toEqual(['“abc”不是数字', '“NaN”不是有限数']);
    expect(failureMessage(f, tr('zh'))).toBe('Q[0][1]：“abc”不是数字（另有 1 处）');
    expect(t('zh', 'result.error', { message: failureMessage(f, tr('zh')) })).toBe('无法计算：Q[0][1]：“abc”不是数字（另有 1 处）');
    expect(t('en', 'result.error', { message: failureMessage(f, tr('en')) })).toBe('Cannot compute: Q[0][1]: "abc" is not a number (and 1 more)');
  });

  test('a missing input is translated; the core’s shape errors stay English after the lead-in', () => {
    const s = defaultState();
    delete s.matrices.V;
    const o = compute(core, s);
    if (o.ok) throw new Error('expected a failure');
    expect(failureMessage(o, tr('en'))).toBe('attention: V is missing');
    expect(failureMessage(o, tr('zh'))).toBe('attention：缺少 V');
    const shape = defaultState();
    shape.matrices.K = { kind: 'cells', cells: [['1', '2', '3']] };
    const bad = compute(core, shape);
    if (bad.ok) throw new Error('expected a failure');
    expect(failureMessage(bad, tr('zh'))).toBe(bad.message);
    expect(bad.message).toMatch(/^attention: Q is \(3, 2\) but K is \(1, 3\)/);
  });
});

describe('paste messages', () => {
  const refused = (text: string) => parseMatrix(text) as ParseError;

  test('say the line and column once (the parser’s message already ends with them)', () => {
    const r = refused('[[1, 2], [3]]');
    expect(r.message).toBe('row 2 has 1 value, expected 2 (like row 1) (line 1, column 12)');
    expect(pasteMessage('Q', r, tr('en'))).toBe('Q: row 2 has 1 value, expected 2 (like row 1) (line 1, column 12)');
    expect(pasteMessage('Q', r, tr('zh'))).toBe('Q：row 2 has 1 value, expected 2 (like row 1)（第 1 行，第 12 列）');
  });

  test('a message without a place gets one', () => {
    const r = refused('');
    expect(pasteMessage('K', r, tr('en'))).toBe('K: empty input (line 1, column 1)');
    expect(pasteMessage('K', r, tr('zh'))).toBe('K：empty input（第 1 行，第 1 列）');
  });
});
