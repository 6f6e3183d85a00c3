// notes.ts — the row notes in the SVG overlay: a short text right of each
// row (e.g. its entropy, "0.64"), on the rows that get a tick label (so they
// thin out the same way), under their title wrapped to fit (layout.ts).
// Each note keeps data-row.

import { select } from 'd3-selection';
import { setAttr, setText } from '../kit/figure-kit';
import { FONT, NOTE_LINE_H, type HeatmapLayout } from './layout';

/** One row note to draw: row i and its text. */
interface RowNote {
  i: number;
  t: string;
}

/** The notes to draw (pure): the given note of every labelled row, none without notes. */
export function visibleNotes(notes: string[] | undefined, rowTicks: number[]): RowNote[] {
  if (!notes || notes.length === 0) return [];
  return rowTicks.filter((i) => i < notes.length).map((i) => ({ i, t: notes[i] ?? '' }));
}

/** Append the (empty) notes group to the overlay: the title and the notes. */
export function buildNotes(svg: SVGSVGElement): void {
  const g = select(svg).append('g').attr('class', 'hm-notes').attr('font-size', FONT).attr('fill', 'currentColor');
  g.append('text').attr('class', 'hm-notes-title').attr('font-weight', 600);
  g.append('g').attr('class', 'hm-notes-rows');
}

/** Draw the notes of a layout (or clear them): the title's lines as tspans, a note beside each labelled row. */
export function drawNotes(svg: SVGSVGElement, L: HeatmapLayout, notes: string[] | undefined): void {
  const g = select(svg).select<SVGGElement>('.hm-notes');
  const shown = L.notesWidth > 0;
  g.attr('display', shown ? null : 'none');
  g.select('.hm-notes-title')
    .selectAll<SVGTSpanElement, string>('tspan')
    .data(shown ? L.notesTitleLines : [])
    .join('tspan')
    // written only where they changed: a drag redraws the notes many times a second
    .each(function (d, k) {
      setAttr(this, 'x', String(L.notesX));
      setAttr(this, 'y', String(L.notesTitleY + k * NOTE_LINE_H));
      setText(this, d);
    });
  g.select('.hm-notes-rows')
    .selectAll<SVGTextElement, RowNote>('text')
    .data(shown ? visibleNotes(notes, L.rowTicks) : [])
    .join('text')
    .each(function (d) {
      setAttr(this, 'class', 'hm-note');
      setAttr(this, 'x', String(L.notesX));
      setAttr(this, 'y', String(L.top + (d.i + 0.5) * L.cell));
      setAttr(this, 'dy', '0.32em');
      setAttr(this, 'data-row', String(d.i));
      setText(this, d.t);
    });
}
