import { describe, expect, test } from 'vitest';
import { moveEntry } from '../../../web/src/widgets/perm-picker';

describe('moveEntry (drag a row to a new place)', () => {
  test('moves forward and backward, shifting the rows between', () => {
    expect(moveEntry([0, 1, 2, 3], 0, 2)).toEqual([1, 2, 0, 3]);
    expect(moveEntry([0, 1, 2, 3], 3, 0)).toEqual([3, 0, 1, 2]);
    expect(moveEntry([0, 1, 2, 3], 1, 2)).toEqual([0, 2, 1, 3]);
  });
  test('stays a permutation and leaves the input alone', () => {
    const p = [4, 0, 1, 2, 5, 3];
    const q = moveEntry(p, 5, 1);
    expect([...q].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(p).toEqual([4, 0, 1, 2, 5, 3]);
  });
});
