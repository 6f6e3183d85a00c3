// pointer.ts — what a lesson's step points at, on the page: the part is
// outlined (class `lesson-pointed`), a weight or a query is also pointed at
// as a hover would (every panel highlights it), and a sentence says what to
// look at for a screen reader. The page is found through the element's
// shadow root; a part not shown (yet) is simply not outlined.

import type { Pointed } from '../panels/context';
import type { Pointer } from './lesson';

/** The class of an outlined part. */
export const POINTED_CLASS = 'lesson-pointed';

/** Where the pointer's parts are. */
export interface PointerPage {
  root: ParentNode;
  /** The element of a panel shown, or null. */
  panel(name: string): HTMLElement | null;
}

/** The panel a pointer's part is in. */
export function panelOf(p: Pointer): string {
  if ('panel' in p) return p.panel;
  if ('weight' in p) return 'results';
  if ('row' in p || 'cell' in p) return 'inputs';
  return 'plane';
}

/** What a hover on the pointed part would say (the panels' shared pointing), or null. */
export function pointedOf(p: Pointer): Pointed {
  if ('weight' in p) return { kind: 'weight', head: 0, i: p.weight[0], j: p.weight[1] };
  if ('arrow' in p && p.arrow.kind === 'q') return { kind: 'output', i: p.arrow.row };
  return null;
}

/** Outline the pointed part (and nothing else). */
export function outline(page: PointerPage, p: Pointer | undefined): void {
  for (const old of Array.from(page.root.querySelectorAll(`.${POINTED_CLASS}`))) old.classList.remove(POINTED_CLASS);
  if (!p) return;
  let part: Element | null = page.panel(panelOf(p));
  // a row or a cell of a matrix editor (a row not drawn yet, out of a long grid's view: the panel)
  const inMatrix = (matrix: string, cell: string) => part?.querySelector(`[data-matrix="${CSS.escape(matrix)}"] input${cell}`) ?? null;
  if ('row' in p) part = inMatrix(p.row.matrix, `[data-row="${p.row.i}"]`)?.closest('tr') ?? part;
  if ('cell' in p) part = inMatrix(p.cell.matrix, `[data-row="${p.cell.i}"][data-col="${p.cell.j}"]`)?.closest('td') ?? part;
  part?.classList.add(POINTED_CLASS);
}

/** The sentence that says what to look at: an i18n key and its values (tokens: the state's token names). */
export function lookAt(p: Pointer, tokens: readonly string[], panelName: (name: string) => string): { key: string; vars: Record<string, string | number> } {
  const token = (i: number) => tokens[i] ?? `${i + 1}`;
  if ('panel' in p) return { key: 'lesson.look.panel', vars: { panel: panelName(p.panel) } };
  if ('weight' in p) return { key: 'lesson.look.weight', vars: { query: token(p.weight[0]), key: token(p.weight[1]) } };
  if ('row' in p) return { key: 'lesson.look.row', vars: { i: p.row.i + 1, matrix: p.row.matrix } };
  if ('cell' in p) return { key: 'lesson.look.cell', vars: { i: p.cell.i + 1, j: p.cell.j + 1, matrix: p.cell.matrix } };
  return { key: p.arrow.kind === 'q' ? 'lesson.look.arrowQ' : 'lesson.look.arrowK', vars: { token: token(p.arrow.row) } };
}
