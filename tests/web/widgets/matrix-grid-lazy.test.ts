// @vitest-environment jsdom
// matrix-grid-lazy.test.ts — a tall grid (more than TALL_ROWS rows) builds
// its first rows at once and the others when they come near the box's
// visible part (an IntersectionObserver on the box, faked here): a row built
// late shows the current values, widths, bad-cell marks and pointed row, and
// the keyboard or cell() builds the row it needs.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cellWidthCss } from '../../../web/src/widgets/cell-width';
import { MatrixGrid, POINTED_CLASS, TALL_ROWS } from '../../../web/src/widgets/matrix-grid';

/** The fake observer of the test: what it watches, and a way to say a row came into view. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly watched = new Set<Element>();
  disconnected = false;
  constructor(
    readonly callback: (entries: { target: Element; isIntersecting: boolean }[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(e: Element) {
    this.watched.add(e);
  }
  unobserve(e: Element) {
    this.watched.delete(e);
  }
  disconnect() {
    this.disconnected = true;
    this.watched.clear();
  }
  /** Row element `tr` scrolled near the box. */
  show(tr: Element) {
    this.callback([{ target: tr, isIntersecting: true }]);
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  document.body.replaceChildren();
});
afterEach(() => vi.unstubAllGlobals());

const text = (rows: number, cols: number) => Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => `${i}.${j}`));

function tall(rows = 40, cols = 3) {
  const edits: string[] = [];
  const grid = new MatrixGrid('Q', rows, cols, (i, j) => `Q row ${i}, column ${j}`, {
    edit: (i, j, v) => void edits.push(`${i},${j}=${v}`),
    paste: () => undefined,
  });
  document.body.append(grid.element);
  const trs = Array.from(grid.element.querySelectorAll('tr'));
  const built = () => trs.map((tr) => tr.querySelectorAll('input').length > 0);
  return { grid, trs, built, edits, observer: FakeObserver.last! };
}

describe('a tall grid builds its rows as they scroll near', () => {
  test('the first TALL_ROWS rows at once, the others watched in the box (300 px ahead)', () => {
    const { built, observer, trs, grid } = tall(40);
    expect(built().filter(Boolean)).toHaveLength(TALL_ROWS);
    expect(built().slice(0, TALL_ROWS).every(Boolean)).toBe(true);
    expect(observer.watched.size).toBe(40 - TALL_ROWS);
    expect(observer.options.root).toBe(grid.element);
    expect(observer.options.rootMargin).toBe('300px 0px');
    observer.show(trs[30]);
    expect(built()[30]).toBe(true);
    expect(observer.watched.has(trs[30]), 'built once, then no longer watched').toBe(false);
  });

  test('a row built late shows the values, widths, marks and the pointed row set before', () => {
    const { grid, trs, observer } = tall(40);
    const values = text(40, 3);
    values[30][1] = '-0.1234567';
    grid.show(values);
    grid.mark([{ row: 30, col: 2, message: 'bad' }]);
    grid.highlightRow(30);
    observer.show(trs[30]);
    const inputs = Array.from(trs[30].querySelectorAll('input'));
    expect(inputs.map((i) => i.value)).toEqual(['30.0', '-0.1234567', '30.2']);
    expect(inputs[1].style.width).toBe(cellWidthCss(10));
    expect(inputs[2].getAttribute('aria-invalid')).toBe('true');
    expect(inputs[2].title).toBe('bad');
    expect(trs[30].querySelectorAll(`.${POINTED_CLASS}`)).toHaveLength(4); // the header and three cells
    grid.mark([]); // the mark of a late row is cleared like any other
    expect(inputs[2].hasAttribute('aria-invalid')).toBe(false);
  });

  test('the keyboard builds the row it moves to; cell() builds the row it is asked for', () => {
    const { grid, built } = tall(40);
    grid.show(text(40, 3));
    const last = grid.cell(TALL_ROWS - 1, 0)!;
    last.focus();
    last.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(built()[TALL_ROWS]).toBe(true);
    expect(document.activeElement).toBe(grid.cell(TALL_ROWS, 0));
    expect((document.activeElement as HTMLInputElement).value).toBe(`${TALL_ROWS}.0`);
    expect(grid.cell(39, 2)?.value).toBe('39.2');
    expect(grid.cell(40, 0)).toBeUndefined();
  });

  test('dispose() stops the observer; a grid of TALL_ROWS rows or fewer builds everything and watches nothing', () => {
    const { grid, observer } = tall(40);
    grid.dispose();
    expect(observer.disconnected).toBe(true);
    FakeObserver.last = null;
    const small = new MatrixGrid('K', TALL_ROWS, 2, () => '', { edit: () => undefined, paste: () => undefined });
    expect(small.element.querySelectorAll('input')).toHaveLength(TALL_ROWS * 2);
    expect(FakeObserver.last).toBeNull();
  });
});
