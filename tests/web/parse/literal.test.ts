// literal.test.ts — the reader of bracketed pastes (web/src/parse/literal.ts): rows, format and notes, or the failure.
import { describe, expect, test } from 'vitest';
import { readLiteral } from '../../../web/src/parse/literal';
import type { PasteNote } from '../../../web/src/parse/messages';
import { refused } from './failure';

/** readLiteral with its notes. */
function read(src: string): { rows: number[][]; format: string; notes: PasteNote[] } {
  const notes: PasteNote[] = [];
  return { ...readLiteral(src, notes), notes };
}

describe('readLiteral', () => {
  test('a JSON list of lists', () => {
    expect(read('[[1, 2], [3, 4]]')).toEqual({
      rows: [
        [1, 2],
        [3, 4],
      ],
      format: 'json',
      notes: [],
    });
  });

  test('the call around the list sets the format; extra arguments are ignored', () => {
    expect(read('np.array([[1.5]], dtype=np.float32)').format).toBe('numpy');
    expect(read('tensor([[1.]], grad_fn=<AddBackward0>)').format).toBe('torch');
    expect(read('Parameter containing:\ntensor([[0.5, -1]], requires_grad=True)').rows).toEqual([[0.5, -1]]);
  });

  test('notes what it inferred: a flat list, a dropped batch of 1, NumPy print() output', () => {
    expect(read('[1, 2, 3]')).toEqual({ rows: [[1, 2, 3]], format: 'json', notes: [{ code: 'flat', vars: { cols: 3 } }] });
    expect(read('[[[1, 2], [3, 4], [5, 6]]]').notes).toEqual([{ code: 'batch_dropped', vars: { n: 3, d: 2 } }]);
    const printed = read('[[[1 2]\n  [3 4]]]');
    expect(printed.format).toBe('numpy');
    expect(printed.notes.map((n) => n.code)).toEqual(['numpy_print', 'batch_dropped']);
  });

  test('refuses what is not one matrix, with the code, variables and place', () => {
    expect(refused(() => read('[[1, 2], [3]]'))).toEqual({ code: 'ragged_one', vars: { row: 2, count: 1, expected: 2 }, line: 1, column: 12 });
    expect(refused(() => read('[[1, 2, 3], [4, 5, 6, 7]]'))).toEqual({ code: 'ragged', vars: { row: 2, count: 4, expected: 3 }, line: 1, column: 23 });
    expect(refused(() => read('[[[1]], [[2]]]'))).toEqual({ code: 'batch', vars: { batch: 2, n: 1, d: 1 }, line: 1, column: 9 });
    expect(refused(() => read('torch.randn([[1]])')).code).toBe('unknown_function');
    expect(refused(() => read('[1, 2 3]'))).toEqual({ code: 'missing_comma', vars: { found: '"3"' }, line: 1, column: 7 });
    expect(refused(() => read('np.array('))).toEqual({ code: 'expected_values', vars: { found: 'the end of the input' }, line: 1, column: 10 });
    expect(refused(() => read('Q = [[1]]\nK = [[2]]'))).toEqual({ code: 'two_arrays', vars: { name: 'K' }, line: 2, column: 1 });
    expect(refused(() => read('[]')).code).toBe('empty_list');
  });
});
