// The element's setState reads its patch with the schema's table, as the embed
// API does: the link's bounds, a TypeError naming the field, its value and what
// it takes, and nothing applied. A whole state read from a link or from
// getState() passes unchanged, so the embed page, the notebook widget and
// JSInput, which hand such states to setState, keep working.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkedPatch } from '../../../web/src/model/patch';
import { defaultState, parse, type State } from '../../../web/src/model/state';

const CORPUS = (JSON.parse(readFileSync('tests/fixtures/links.json', 'utf8')) as { link: string }[]).map((l) => l.link);

describe('setState refuses what the table does not take, naming it', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ h: 0 }, 'setState: bad value for h: 0 (a whole number from 1 to 256)'],
    [{ op: 'nope' }, 'setState: bad value for op: "nope" (one of attention, linear, multi_head, block, single_head, gqa)'],
    [{ temperature: -1 }, 'setState: bad value for temperature: -1 (a number from'],
    [{ h: 2.5 }, 'setState: bad value for h: 2.5 (a whole number from 1 to 256)'],
    [{ eps: -1 }, 'setState: bad value for eps: -1 (a number ≥ 0)'],
    [{ scale: 'yes' }, 'setState: bad value for scale: "yes" (true or false)'],
    [{ tokens: 'a b' }, 'setState: bad value for tokens: "a b" (an array of strings)'],
    [{ planeDims: [1, 1] }, 'setState: bad value for planeDims: [1,1] (two different whole numbers'],
    [{ maskParams: { window: -1 } }, 'setState: bad value for maskParams: {"window":-1} (an object of whole numbers ≥ 0 (window, prefix'],
    [{ customMask: [[2]] }, 'setState: bad value for customMask: [[2]] (rows of true / false'],
    [{ matrices: { Q: [[1, 0], [0]] } }, 'setState: Q must be a rectangular array of rows'],
    [{ matrices: { Z: [[1]] } }, 'setState: unknown matrix "Z"'],
    [{ colour: 'red' }, 'setState: unknown state field "colour"'],
    [{ causal: 'yes' }, 'setState: bad value for causal: "yes" (true or false: mask causal or none)'],
    [{ h: 10n }, 'setState: bad value for h: 10 (a whole number from 1 to 256)'],
  ];
  for (const [patch, message] of cases)
    test(message, () => {
      expect(() => checkedPatch(patch)).toThrow(TypeError);
      expect(() => checkedPatch(patch)).toThrow(message);
    });

  test('a patch that is not an object', () => {
    for (const p of [null, 3, 'h=2', [1]]) expect(() => checkedPatch(p)).toThrow(/^setState: the patch must be an object of state fields, got /);
  });
});

describe('setState takes what the table takes', () => {
  test('fields by their State keys; a matrix as rows or as its source; undefined left out', () => {
    expect(checkedPatch({ op: 'gqa', numHeads: 4, numKvHeads: 2, h: undefined, tokens: ['a', 'b'] })).toEqual({
      op: 'gqa',
      numHeads: 4,
      numKvHeads: 2,
      tokens: ['a', 'b'],
    });
    expect(checkedPatch({ causal: true })).toEqual({ mask: 'causal' }); // the alias of the element's attribute and the embed API
    expect(checkedPatch({ matrices: { Q: [[1, 0]], K: { kind: 'random', rows: 2, cols: 2, seed: 1, scale: 1 } } })).toEqual({
      matrices: { Q: { kind: 'cells', cells: [['1', '0']] }, K: { kind: 'random', rows: 2, cols: 2, seed: 1, scale: 1 } },
    });
  });

  test('a matrix in the state’s own form keeps rows of different lengths, as a link does (the page names them); rows given as arrays must be rectangular', () => {
    const cells = [['1', '2'], ['3']];
    expect(checkedPatch({ matrices: { Q: { kind: 'cells', cells } } })).toEqual({ matrices: { Q: { kind: 'cells', cells } } });
    expect(() => checkedPatch({ matrices: { Q: cells } })).toThrow('setState: Q must be a rectangular array of rows');
    expect(() => checkedPatch({ matrices: { Q: { kind: 'cells', cells: [[1, 2], [3]] } } })).toThrow('setState: Q must be a rectangular array of rows');
  });

  test('a whole state, read from each link of the corpus or from getState()’s JSON, passes unchanged', () => {
    const json = (s: State) => JSON.parse(JSON.stringify(s)) as State;
    let passed = 0;
    for (const link of CORPUS) {
      const s = parse(link);
      expect(checkedPatch(s), link).toEqual(s);
      expect(checkedPatch(json(s)), link).toEqual(s);
      passed++;
    }
    expect(passed).toBe(CORPUS.length);
    expect(checkedPatch(defaultState())).toEqual(defaultState());
  });
});
