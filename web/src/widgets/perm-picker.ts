// perm-picker.ts — choose a permutation by dragging rows: one chip per
// position, dragged with the mouse (or a finger) or moved with the keyboard
// (focus a chip, ←/→ moves it). Row i of PX is row perm[i] of X.

import { el, replaceChildren } from './dom';

/** Move the entry at `from` to `to`, shifting the ones between (pure). */
export function moveEntry(perm: number[], from: number, to: number): number[] {
  const next = [...perm];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** Chips for a permutation of 0 … n−1 that the user reorders. */
export class PermPicker {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private perm: number[] = [];
  private dragFrom = -1;

  constructor(
    label: string,
    private readonly chipLabel: (position: number, row: number) => string,
    private readonly onChange: (perm: number[]) => void,
  ) {
    this.list = el('div', { class: 'perm-chips', role: 'list' });
    this.element = el('div', { class: 'perm-picker', 'data-testid': 'perm-picker' }, el('span', { class: 'field-label' }, label), this.list);
  }

  /** Show `perm` (e.g. the identity of size n, or the typed one). */
  show(perm: number[]): void {
    if (perm.join(',') === this.perm.join(',')) return;
    const focused = (this.element.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
    const focusValue = focused && this.list.contains(focused) ? focused.dataset.value : undefined;
    this.perm = [...perm];
    replaceChildren(
      this.list,
      this.perm.map((v, i) => {
        const chip = el(
          'button',
          {
            type: 'button',
            class: 'perm-chip',
            draggable: 'true',
            'data-index': i,
            'data-value': v,
            'aria-label': this.chipLabel(i, v),
          },
          String(v),
        );
        chip.addEventListener('dragstart', (e) => {
          this.dragFrom = i;
          e.dataTransfer?.setData('text/plain', String(i));
        });
        chip.addEventListener('dragover', (e) => e.preventDefault());
        chip.addEventListener('drop', (e) => {
          e.preventDefault();
          if (this.dragFrom >= 0 && this.dragFrom !== i) this.commit(moveEntry(this.perm, this.dragFrom, i), v);
          this.dragFrom = -1;
        });
        chip.addEventListener('keydown', (e) => {
          const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
          if (!step || i + step < 0 || i + step >= this.perm.length) return;
          e.preventDefault();
          this.commit(moveEntry(this.perm, i, i + step), v);
        });
        return el('span', { role: 'listitem', class: 'perm-item' }, chip);
      }),
    );
    if (focusValue !== undefined) this.list.querySelector<HTMLElement>(`[data-value="${focusValue}"]`)?.focus();
  }

  private commit(perm: number[], keepFocusOn: number): void {
    this.show(perm);
    this.list.querySelector<HTMLElement>(`[data-value="${keepFocusOn}"]`)?.focus();
    this.onChange(perm);
  }
}
