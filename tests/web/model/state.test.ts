import { describe, expect, test } from 'vitest';
import { PRESETS } from '../../../web/src/model/presets';
import { cellsOf, defaultState, parse, serialize, type State } from '../../../web/src/model/state';

describe('URL state', () => {
  const roundTrip = (s: State) => parse(serialize(s));

  test.each(PRESETS.map((p) => [p.id, p]))('preset %s survives serialize → parse', (_id, p) => {
    const s = p.build();
    expect(roundTrip(s)).toEqual(s);
  });

  test('every scalar option survives', () => {
    const s = defaultState();
    Object.assign(s, { op: 'gqa', mask: 'custom', scale: false, h: 4, eps: 0.001, numHeads: 8, numKvHeads: 2, seed: 123456, head: 3 });
    s.customMask = [
      [true, false, true],
      [false, false, true],
    ];
    s.tokens = ['我', 'love', 'a,b'];
    expect(roundTrip(s)).toEqual(s);
  });

  test('cell text with separators and garbage is kept exactly (no lost edits)', () => {
    const s = defaultState();
    s.matrices.Q = {
      kind: 'cells',
      cells: [
        ['1,5', 'abc;'],
        ['', '%20 x&y=z#'],
      ],
    };
    const back = roundTrip(s);
    expect(back.matrices.Q).toEqual(s.matrices.Q);
  });

  test('random sources stay short', () => {
    const s = defaultState();
    s.matrices = { Q: { kind: 'random', rows: 128, cols: 128, seed: 4, scale: 0.088 }, K: { kind: 'random', rows: 3, cols: 2, seed: 9, scale: 1, digits: 2 } };
    const text = serialize(s);
    expect(text).toContain('Q=rand:128:128:4:0.088');
    expect(text).toContain('K=rand:3:2:9:1:2');
    expect(parse(text)).toEqual(s);
  });

  test('the hash may start with #', () => {
    const s = defaultState();
    s.op = 'block';
    expect(parse(`#${serialize(s)}`)).toEqual(s);
  });

  test('malformed values keep the defaults', () => {
    const s = parse('op=nonsense&h=0&eps=-1&seed=abc&mask=maybe&scale=2');
    const d = defaultState();
    expect([s.op, s.h, s.eps, s.seed, s.mask, s.scale]).toEqual([d.op, d.h, d.eps, d.seed, d.mask, d.scale]);
  });

  test('a link with matrices names only those', () => {
    const s = parse('op=attention&Q=1,2;3,4');
    expect(Object.keys(s.matrices)).toEqual(['Q']);
    expect(s.matrices.Q).toEqual(
      cellsOf([
        [1, 2],
        [3, 4],
      ]),
    );
  });

  test('an empty hash is the default state', () => {
    expect(parse('')).toEqual(defaultState());
    expect(parse('#')).toEqual(defaultState());
  });
});
