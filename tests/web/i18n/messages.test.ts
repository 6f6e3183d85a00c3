// messages.test.ts — the page's own input messages (web/src/i18n/messages.ts): in
// English exactly the texts compute.ts and the editors showed before, in
// 简体中文 translated, with the same cell, count, line and column.
import { beforeAll, describe, expect, test } from 'vitest';
import { compute, type Failure } from '../../../web/src/model/compute';
import type { Core } from '../../../web/src/core/core';
import { t, type Lang } from '../../../web/src/i18n/i18n';
import { cellMessage, failureMessage, pasteMessage, pasteNote } from '../../../web/src/model/messages';
import { PASTE_MESSAGES, PASTE_NOTES, parseMatrix, type ParseError, type ParseOk } from '../../../web/src/parse/parse';
import { defaultState } from '../../../web/src/model/state';
import { loadCoreForNode } from '../support/load-core';

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
    expect(pasteMessage('Q', r, tr('zh'))).toBe('Q：矩阵第 2 行有 1 个值，应为 2 个（与矩阵第 1 行相同）（第 1 行，第 12 列）');
  });

  test('a message without a place gets one', () => {
    const r = refused('');
    expect(pasteMessage('K', r, tr('en'))).toBe('K: empty input (line 1, column 1)');
    expect(pasteMessage('K', r, tr('zh'))).toBe('K：输入为空（第 1 行，第 1 列）');
  });

  // One malformed paste per code the parser can produce.
  const MALFORMED: Record<keyof typeof PASTE_MESSAGES, string> = {
    empty: '',
    only_comments: '# only a comment',
    not_a_number: '1 2\n3 abc',
    non_finite: '[[1, nan]]',
    too_large: '[1e999]',
    unexpected_character: '[- 1]',
    unclosed_string: "tensor([[1.]], device='cuda)",
    ellipsis: 'array([[0.1, 0.2, ..., 0.9]])',
    unclosed: '[[1, 2],\n [3, 4]',
    unknown_function: 'torch.randn([[1]])',
    not_a_matrix: '5 [1]',
    unmatched: '[[1, 2]]]',
    two_arrays: 'Q = [[1]]\nK = [[2]]',
    after_end: '[[1]] [[2]]',
    expected_values: 'np.array(5)',
    expected_comma_or_paren: 'np.array([[1]] 5)',
    expected_grad_fn: 'tensor([[1.]], grad_fn=<1>)',
    expected_argument: 'tensor([[1.]], ,)',
    expected_comma_or_bracket: '[1 :]',
    missing_comma: '[1, 2 3]',
    expected_number: '[1,, 2]',
    too_deep: '[[[[1]]]]',
    too_deep_list: '[1, [2]]',
    row_not_a_list: '[[1, 2], 3]',
    row_empty_first: '[[]]',
    row_empty: '[[1, 2], []]',
    row_empty_one: '[[1], []]',
    ragged: '[[1, 2, 3, 4],\n [5, 6, 7]]',
    ragged_one: '[[1, 2], [3]]',
    empty_list: '[]',
    batch: 'np.array([[[1, 2], [3, 4]],\n [[5, 6], [7, 8]], [[9, 9], [9, 9]]])',
    missing_before_comma: ',1',
    missing_between_commas: '1,,2',
    missing_before_tab: '\t1',
    missing_between_tabs: '1\t\t2',
    expected_comma: '1 2, 3',
    expected_tab: '1\t2\u20033\n4\t5',
    too_long: '1,'.repeat(1_000_001),
    too_deep_nesting: '['.repeat(33),
  };

  for (const [code, text] of Object.entries(MALFORMED)) {
    test(`${code}: the English message is the parser's, the Chinese one is translated with the same numbers`, () => {
      const r = refused(text);
      expect(r.code).toBe(code);
      const en = pasteMessage('Q', r, tr('en'));
      const zh = pasteMessage('Q', r, tr('zh'));
      expect(en).toBe(`Q: ${r.message.replace(/ \(line \d+, column \d+\)$/, '')} (line ${r.line}, column ${r.column})`);
      expect(zh).not.toBe(en);
      expect(zh.startsWith('Q：')).toBe(true);
      expect(zh).toContain(`（第 ${r.line} 行，第 ${r.column} 列）`);
      for (const [name, value] of Object.entries(r.vars)) if (name !== 'found') expect(zh, name).toContain(String(value));
      // left in Chinese: code names, the pasted text and the parser's quoted tokens only
      const words = zh.replace(/“[^”]*”|"[^"]*"|'[^']*'|\S*[.=(<]\S*/g, '').match(/[A-Za-z]{3,}/g) ?? [];
      expect(words, zh).toEqual([]);
    });
  }

  test('every code the parser has is driven above', () => {
    expect(Object.keys(MALFORMED).sort()).toEqual(Object.keys(PASTE_MESSAGES).sort());
  });

  test('a token is quoted the reader’s way (a pasted string stays as it was); the end of the input is said in Chinese', () => {
    expect(pasteMessage('Q', refused('np.array(5)'), tr('zh'))).toBe('Q：数值应以“[”开始，却遇到“5”（第 1 行，第 10 列）');
    expect(pasteMessage('Q', refused("[1 'a']"), tr('zh'))).toBe("Q：值之后应为“,”或“]”，却遇到'a'（第 1 行，第 4 列）");
    const end = refused('np.array(');
    expect(end.message).toBe('expected "[" to start the values, found the end of the input (line 1, column 10)');
    expect(pasteMessage('Q', end, tr('zh'))).toBe('Q：数值应以“[”开始，却遇到输入结尾（第 1 行，第 10 列）');
  });

  test('a code without a translation falls back to the English message', () => {
    const r = refused('[[1, 2], [3]]');
    const bare = Object.defineProperties(
      { ok: false as const, message: r.message, line: r.line, column: r.column },
      { code: { value: 'no_such_code' }, vars: { value: {} } },
    );
    expect(pasteMessage('Q', bare as unknown as ParseError, tr('zh'))).toBe('Q：row 2 has 1 value, expected 2 (like row 1)（第 1 行，第 12 列）');
  });
});

describe('paste notes', () => {
  const read = (text: string) => parseMatrix(text) as ParseOk;
  const NOTED: Record<keyof typeof PASTE_NOTES, string> = {
    numpy_print: '[[1 2]\n [3 4]]',
    flat: '[1, 2, 3]',
    batch_dropped: '[[[0.1, 0.2, 0.3, 0.4], [0.5, 0.4, 0.3, 0.2], [0.0, 0.1, 0.0, 0.1]]]',
    header: 'q1\tq2\n1\t2\n3\t4',
  };

  test('every note code is driven, in English exactly the parser’s note, in Chinese translated with the same numbers', () => {
    expect(Object.keys(NOTED).sort()).toEqual(Object.keys(PASTE_NOTES).sort());
    for (const [code, text] of Object.entries(NOTED)) {
      const r = read(text);
      expect(r.notes?.map((n) => n.code)).toEqual([code]);
      expect(pasteNote(r, tr('en'))).toBe(r.note);
      const zh = pasteNote(r, tr('zh'));
      expect(zh).not.toBe(r.note);
      for (const value of Object.values(r.notes![0].vars)) expect(zh, code).toContain(String(value));
    }
    expect(pasteNote(read('[[1, 2]]'), tr('zh'))).toBe('');
  });

  test('two notes are joined in each language’s way', () => {
    const r = read('[[[0.1 0.2]\n  [0.3 0.4]]]');
    expect(r.note).toBe('read NumPy print() output (values separated by spaces); dropped the batch dimension of size 1 (1, 2, 2) → (2, 2)');
    expect(pasteNote(r, tr('en'))).toBe(r.note);
    expect(pasteNote(r, tr('zh'))).toBe('已按 NumPy print() 的输出读取（值以空格分隔）；已去掉大小为 1 的批次维度 (1, 2, 2) → (2, 2)');
    expect(pasteNote(read('X = np.array([[[0.1, 0.2, 0.3, 0.4], [0.5, 0.4, 0.3, 0.2], [0.0, 0.1, 0.0, 0.1]]])'), tr('zh'))).toBe(
      '已去掉大小为 1 的批次维度 (1, 3, 4) → (3, 4)',
    );
  });
});
