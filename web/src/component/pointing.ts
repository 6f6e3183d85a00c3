// pointing.ts — what the learner points at, shared by the panels of one
// playground: a panel calls point() on hover or keyboard focus, and every
// panel that can highlight something gets showPointed(). Transient: never
// part of the state or the URL.

import type { Panel, Pointed } from '../panels/context';

/** Two pointings are the same place. */
export function samePointed(a: Pointed, b: Pointed): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The current pointing of one playground and the panels that show it. */
export class Pointing {
  private current: Pointed = null;

  /**
   * `panels`: the panels to tell, asked at each telling (those up to date: a panel out of sight that skipped a
   * drag's renders is told when it catches up, which tells every panel again).
   */
  constructor(private readonly panels: () => readonly Panel[]) {}

  /** What is pointed at now. */
  get(): Pointed {
    return this.current;
  }

  /** Point at `p` and tell every panel (nothing happens when it is the same place). */
  point(p: Pointed): void {
    if (samePointed(p, this.current)) return;
    this.current = p;
    this.show();
  }

  /** Tell every panel again (after a render has rebuilt what they highlight). */
  show(): void {
    for (const panel of this.panels()) panel.showPointed?.(this.current);
  }
}
