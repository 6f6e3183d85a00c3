// Tests of web/src/figures/token-lines/view.ts (pure): choosing a token and
// choosing it again, which lines are kept and which fade, which labels stand
// out, which emphasis wins, and how the keys move between tokens.
import { describe, expect, it } from 'vitest';
import {
  activeEmphasis,
  lineFaded,
  lineShown,
  moveFocus,
  sameToken,
  toggleChoice,
  tokenEmphasis,
  tokenLit,
  touches,
} from '../../../../web/src/figures/token-lines/view';

const q = (index: number) => ({ side: 'query' as const, index });
const k = (index: number) => ({ side: 'key' as const, index });

describe('choosing a token', () => {
  it('chooses a token, and nothing when it is clicked again; another token replaces it', () => {
    expect(toggleChoice(null, q(2))).toEqual(q(2));
    expect(toggleChoice(q(2), q(2))).toBeNull();
    expect(toggleChoice(q(2), k(2))).toEqual(k(2));
    expect(sameToken(q(1), k(1))).toBe(false);
    expect(sameToken(null, null)).toBe(false);
  });

  it('keeps only the chosen token’s lines: a query’s by i, a key’s by j', () => {
    expect(touches({ i: 2, j: 0 }, q(2))).toBe(true);
    expect(touches({ i: 0, j: 2 }, q(2))).toBe(false);
    expect(lineShown({ i: 0, j: 2 }, k(2))).toBe(true);
    expect(lineShown({ i: 2, j: 0 }, k(2))).toBe(false);
    expect(lineShown({ i: 5, j: 5 }, null)).toBe(true);
  });
});

describe('emphasis', () => {
  it('fades the lines that belong to neither the emphasised query nor key', () => {
    expect(lineFaded({ i: 1, j: 0 }, null)).toBe(false);
    expect(lineFaded({ i: 1, j: 0 }, {})).toBe(false);
    expect(lineFaded({ i: 1, j: 0 }, { i: 1 })).toBe(false);
    expect(lineFaded({ i: 2, j: 0 }, { i: 1 })).toBe(true);
    expect(lineFaded({ i: 2, j: 3 }, { i: 1, j: 3 })).toBe(false);
    expect(lineFaded({ i: 2, j: 0 }, { i: 1, j: 3 })).toBe(true);
  });

  it('lights the chosen token, the ends of the hovered line and the emphasised tokens', () => {
    expect(tokenLit(q(1), q(1), null)).toBe(true);
    expect(tokenLit(k(1), q(1), null)).toBe(false);
    expect(tokenLit(k(3), null, { i: 1, j: 3 })).toBe(true);
    expect(tokenLit(q(3), null, { i: 1, j: 3 })).toBe(false);
    expect(tokenLit(q(4), null, null, { i: 4, j: 0 })).toBe(true);
    expect(tokenLit(k(0), null, null, { i: 4, j: 0 })).toBe(true);
    expect(tokenLit(k(4), null, null, { i: 4, j: 0 })).toBe(false);
  });

  it('takes the hovered token first, then the focused one, then the page’s', () => {
    expect(tokenEmphasis(q(2))).toEqual({ i: 2 });
    expect(tokenEmphasis(k(2))).toEqual({ j: 2 });
    expect(activeEmphasis({ hoverToken: k(1), focusToken: q(0), external: { i: 3 } })).toEqual({ j: 1 });
    expect(activeEmphasis({ hoverToken: null, focusToken: q(0), external: { i: 3 } })).toEqual({ i: 0 });
    expect(activeEmphasis({ hoverToken: null, focusToken: null, external: { i: 3 } })).toEqual({ i: 3 });
    expect(activeEmphasis({ hoverToken: null, focusToken: null, external: null })).toBeNull();
  });
});

describe('moveFocus', () => {
  it('moves up and down a column, to its ends, and across to the same index (clamped)', () => {
    expect(moveFocus(q(2), 'ArrowUp', 4, 6)).toEqual(q(1));
    expect(moveFocus(q(0), 'ArrowUp', 4, 6)).toEqual(q(0));
    expect(moveFocus(q(3), 'ArrowDown', 4, 6)).toEqual(q(3));
    expect(moveFocus(k(3), 'ArrowDown', 4, 6)).toEqual(k(4));
    expect(moveFocus(k(3), 'Home', 4, 6)).toEqual(k(0));
    expect(moveFocus(k(0), 'End', 4, 6)).toEqual(k(5));
    expect(moveFocus(q(2), 'ArrowRight', 4, 6)).toEqual(k(2));
    expect(moveFocus(k(5), 'ArrowLeft', 4, 6)).toEqual(q(3));
    expect(moveFocus(q(1), 'Enter', 4, 6)).toBeNull();
    expect(moveFocus(q(1), 'a', 4, 6)).toBeNull();
  });
});
