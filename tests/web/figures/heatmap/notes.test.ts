// Tests of the row notes and the legend note in the layout (layout.ts, pure)
// and of which notes are drawn (notes.ts): the space they take, the wrapped
// title, thinning like the row labels, the legend note beside the legend
// or wrapped below it, and nothing wider than the width at a phone width.
import { describe, expect, it } from 'vitest';
import {
  LEGEND_H,
  NOTE_GAP,
  NOTE_LINE_H,
  PAD,
  TICK,
  TICK_PAD,
  computeLayout,
  textWidth,
  wrapWords,
  type LayoutInput,
} from '../../../../web/src/figures/heatmap/layout';
import { visibleNotes } from '../../../../web/src/figures/heatmap/notes';

const base = (rows: number, cols: number, availableWidth: number, more: Partial<LayoutInput> = {}): LayoutInput => ({
  rows,
  cols,
  availableWidth,
  rowLabels: Array.from({ length: rows }, (_, i) => String(i)),
  colLabels: Array.from({ length: cols }, (_, i) => String(i)),
  customColLabels: false,
  rowTitle: 'query',
  colTitle: 'key',
  showValues: 'auto',
  valueChars: 4,
  hasMask: true,
  maskedLabel: 'masked',
  ...more,
});

const entropies = (n: number): string[] => Array.from({ length: n }, (_, i) => (Math.log(i + 1) / 1).toFixed(2));

describe('wrapWords', () => {
  it('fills lines greedily at spaces, a long word on a line of its own', () => {
    expect(wrapWords('entropy (nats)', 1000)).toEqual(['entropy (nats)']);
    expect(wrapWords('entropy (nats)', textWidth('entropy'))).toEqual(['entropy', '(nats)']);
    expect(wrapWords('a b c', textWidth('a b'))).toEqual(['a b', 'c']);
    expect(wrapWords('internationalisation x', 10)).toEqual(['internationalisation', 'x']);
    expect(wrapWords('  ', 100)).toEqual([]);
    expect(wrapWords('熵（奈特）', 20)).toEqual(['熵（奈特）']);
  });
});

describe('row notes in the layout', () => {
  it('reserve a column right of the plot: smaller cells at the same width, notes start NOTE_GAP after the plot', () => {
    const without = computeLayout(base(6, 6, 343));
    const withNotes = computeLayout(base(6, 6, 343, { rowNotes: entropies(6), rowNotesTitle: 'entropy (nats)' }));
    expect(without.notesWidth).toBe(0);
    expect(without.notesTitleLines).toEqual([]);
    expect(withNotes.cell).toBeLessThan(without.cell);
    expect(withNotes.notesX).toBe(withNotes.left + withNotes.plotWidth + NOTE_GAP);
    expect(withNotes.notesWidth).toBeGreaterThanOrEqual(Math.ceil(textWidth('1.79')));
    // nothing is wider than the width it was given
    expect(withNotes.width).toBeLessThanOrEqual(343);
    expect(withNotes.notesX + withNotes.notesWidth + PAD).toBeLessThanOrEqual(withNotes.width);
  });

  it('wrap their title to the room right of the plot: one line when wide, two at a phone width, the last level with the column labels', () => {
    const wide = computeLayout(base(6, 6, 900, { rowNotes: entropies(6), rowNotesTitle: 'entropy (nats)' }));
    expect(wide.notesTitleLines).toEqual(['entropy (nats)']);
    expect(wide.notesTitleY).toBe(wide.top - TICK - TICK_PAD);
    const narrow = computeLayout(base(6, 6, 343, { rowNotes: entropies(6), rowNotesTitle: 'entropy (nats)' }));
    expect(narrow.notesTitleLines).toEqual(['entropy', '(nats)']);
    expect(narrow.notesTitleY + NOTE_LINE_H).toBe(narrow.top - TICK - TICK_PAD);
    // the first line stays below the top padding
    expect(narrow.notesTitleY - 12).toBeGreaterThanOrEqual(PAD);
    // no wider than the width
    expect(narrow.width).toBeLessThanOrEqual(343);
  });

  it('push the plot down when the title needs more lines than the header has', () => {
    const plain = computeLayout(base(8, 8, 300, { rowNotes: entropies(8) }));
    const tall = computeLayout(base(8, 8, 300, { rowNotes: entropies(8), rowNotesTitle: 'a b c d e f g h' }));
    expect(tall.notesTitleLines.length).toBeGreaterThan(2);
    expect(tall.top).toBeGreaterThan(plain.top);
    expect(tall.notesTitleY - 12).toBeGreaterThanOrEqual(PAD);
  });

  it('a title without notes draws nothing', () => {
    const L = computeLayout(base(3, 3, 343, { rowNotesTitle: 'entropy (nats)' }));
    expect(L.notesWidth).toBe(0);
    expect(L.notesTitleLines).toEqual([]);
    expect(L).toEqual(computeLayout(base(3, 3, 343)));
  });

  it('are drawn on the rows that get a label, so they thin out the same way', () => {
    const L = computeLayout(base(40, 40, 343, { rowNotes: entropies(40) }));
    expect(L.rowTicks.length).toBeLessThan(40);
    const shown = visibleNotes(entropies(40), L.rowTicks);
    expect(shown.map((n) => n.i)).toEqual(L.rowTicks);
    expect(shown[1].t).toBe(entropies(40)[L.rowTicks[1]]);
    expect(visibleNotes(undefined, [0, 1])).toEqual([]);
    expect(visibleNotes(['a'], [0, 1, 2])).toEqual([{ i: 0, t: 'a' }]);
  });
});

describe('the legend note in the layout', () => {
  const note = 'max ln 6 = 1.792';

  it('goes beside the legend and the masked key when it fits, adding no height', () => {
    const L = computeLayout(base(6, 6, 900, { legendNote: note }));
    const without = computeLayout(base(6, 6, 900));
    expect(L.legendNoteLines).toEqual([note]);
    expect(L.legendNoteX).toBeGreaterThan(L.left + L.legendWidth + textWidth('masked'));
    expect(L.height).toBe(without.height);
    expect(L.width).toBeGreaterThanOrEqual(Math.ceil(L.legendNoteX + textWidth(note)));
  });

  it('goes below the legend, wrapped to the width, at a phone width', () => {
    const long = 'largest entropy ln 6 = 1.792 (uniform weights)';
    const L = computeLayout(base(6, 6, 343, { legendNote: long }));
    const without = computeLayout(base(6, 6, 343));
    expect(L.legendNoteX).toBe(L.left);
    expect(L.legendNoteY).toBeGreaterThan(L.legendY + LEGEND_H);
    expect(L.legendNoteLines.length).toBeGreaterThan(1);
    expect(L.legendNoteLines.join(' ')).toBe(long);
    expect(L.height).toBe(without.height + L.legendNoteLines.length * NOTE_LINE_H + 2);
    expect(L.width).toBeLessThanOrEqual(343);
    for (const line of L.legendNoteLines) expect(L.left + textWidth(line) + PAD).toBeLessThanOrEqual(343);
  });
});
