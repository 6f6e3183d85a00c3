// tokens.ts — the tokens, twice: drawn as SVG labels (what is seen and
// exported: cut labels carry their full text in a <title>, thinned ones are
// display="none") and as HTML buttons laid over them (what is clicked and
// focused: each names its token, says aria-pressed when its lines are the
// only ones kept, and carries the full label as a tooltip). The buttons are
// in two groups, queries and keys, each one tab stop (roving tabindex).
// The SVG is role="img", so it may hold no controls; the buttons sit beside
// it in the figure box.

import type { ColumnLayout, TokenLinesLayout } from './layout';
import { svgEl } from './svg';
import { buttonName, fullLabel } from './text';
import type { Side, TokenLinesData, TokenRef } from './types';
import type { TokenLinesWords } from './words';

/** Draw one column's labels into its layer (new <text> elements when the count changed). */
export function drawLabels(layer: SVGGElement, col: ColumnLayout, d: TokenLinesData): void {
  const doc = layer.ownerDocument;
  const n = col.labels.length;
  if (layer.childElementCount !== n) {
    layer.replaceChildren(
      ...Array.from({ length: n }, (_, i) => svgEl(doc, 'text', { class: 'tl-label', 'data-side': col.side, 'data-index': i, dy: '0.32em' })),
    );
  }
  Array.from(layer.children).forEach((t, i) => {
    t.setAttribute('x', String(col.textX));
    t.setAttribute('y', String(col.ys[i]));
    if (col.shown[i]) {
      t.removeAttribute('data-thinned');
      t.removeAttribute('display');
    } else {
      t.setAttribute('data-thinned', '1');
      t.setAttribute('display', 'none');
    }
    t.textContent = col.labels[i];
    if (col.cut[i]) svgEl(doc, 'title', {}, t).textContent = fullLabel(d, col.side, i);
  });
}

/** Mark the labels that stand out (class tl-lit; a thinned one is shown while lit). */
export function markLabels(layer: SVGGElement, lit: (i: number) => boolean): void {
  Array.from(layer.children).forEach((t, i) => {
    const on = lit(i);
    t.classList.toggle('tl-lit', on);
    if (!t.hasAttribute('data-thinned')) return;
    if (on) t.removeAttribute('display');
    else t.setAttribute('display', 'none');
  });
}

/** The two groups of token buttons. */
export interface TokenButtons {
  box: HTMLDivElement;
  query: HTMLDivElement;
  key: HTMLDivElement;
}

/** The (empty) box of token buttons: a group of query buttons and one of key buttons. */
export function createButtons(doc: Document): TokenButtons {
  const box = doc.createElement('div');
  box.className = 'tl-tokens';
  const group = (side: Side): HTMLDivElement => {
    const g = doc.createElement('div');
    g.className = `tl-group tl-group-${side}`;
    g.setAttribute('role', 'group');
    g.dataset['side'] = side;
    box.append(g);
    return g;
  };
  return { box, query: group('query'), key: group('key') };
}

/** Lay out one column's buttons over its labels, named in the words, with `tabStop` the one reached by Tab (new buttons when the count changed). */
export function drawButtons(group: HTMLDivElement, col: ColumnLayout, L: TokenLinesLayout, d: TokenLinesData, w: TokenLinesWords, tabStop: number): void {
  const doc = group.ownerDocument;
  const n = col.labels.length;
  group.setAttribute('aria-label', col.side === 'query' ? w.queryGroup : w.keyGroup);
  if (group.childElementCount !== n) {
    group.replaceChildren(
      ...Array.from({ length: n }, (_, i) => {
        const b = doc.createElement('button');
        b.type = 'button';
        b.className = 'tl-token';
        b.dataset['side'] = col.side;
        b.dataset['index'] = String(i);
        b.setAttribute('aria-pressed', 'false');
        return b;
      }),
    );
  }
  Array.from(group.children as HTMLCollectionOf<HTMLButtonElement>).forEach((b, i) => {
    b.style.left = `${col.boxX - 2}px`;
    b.style.top = `${col.ys[i] - L.gap / 2}px`;
    b.style.width = `${col.boxW + 4}px`;
    b.style.height = `${L.gap}px`;
    b.setAttribute('aria-label', buttonName(d, col.side, i, w));
    if (col.cut[i]) b.title = fullLabel(d, col.side, i);
    else b.removeAttribute('title');
    b.tabIndex = i === tabStop ? 0 : -1;
  });
}

/** Set each button's aria-pressed (is it the chosen token?) and class tl-lit. */
export function markButtons(group: HTMLDivElement, side: Side, chosen: TokenRef | null, lit: (i: number) => boolean): void {
  Array.from(group.children).forEach((b, i) => {
    const pressed = String(!!chosen && chosen.side === side && chosen.index === i);
    if (b.getAttribute('aria-pressed') !== pressed) b.setAttribute('aria-pressed', pressed);
    b.classList.toggle('tl-lit', lit(i));
  });
}

/** The token a button stands for, or null for any other element. */
export function buttonToken(el: EventTarget | null): TokenRef | null {
  if (!el || !(el as Element).classList?.contains('tl-token')) return null;
  const b = el as HTMLElement;
  const side = b.dataset['side'];
  const index = Number(b.dataset['index']);
  return (side === 'query' || side === 'key') && Number.isInteger(index) ? { side, index } : null;
}
