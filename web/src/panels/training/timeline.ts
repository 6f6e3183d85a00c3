// timeline.ts — the snapshot slider: a range input over the run's snapshots
// (the keyboard moves it: arrows, Page Up/Down, Home, End) and "step N" of
// the chosen one. While a run goes on, a slider left at the last snapshot
// follows the new ones.

import { el, uid } from '../../widgets/dom';

/** Translate, as the panel context does. */
type T = (key: string, vars?: Record<string, string | number>) => string;

/** The timeline slider. */
export class Timeline {
  readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly label: HTMLElement;
  private steps: readonly number[] = [];

  constructor(
    private readonly t: T,
    onChoose: (index: number) => void,
  ) {
    const id = uid('train-timeline');
    this.input = el('input', { id, type: 'range', min: 0, max: 0, step: 1, value: 0, disabled: true, 'data-testid': 'train-timeline' });
    this.label = el('output', { for: id, class: 'train-timeline-step', 'data-testid': 'train-timeline-step' });
    this.input.addEventListener('input', () => {
      this.say();
      onChoose(this.index());
    });
    this.element = el('div', { class: 'train-timeline' }, el('label', { for: id }, t('train.timeline')), this.input, this.label);
  }

  /** The chosen snapshot's index. */
  index(): number {
    return Number(this.input.value);
  }

  /** Offer the snapshots taken at `steps`; `last`: choose the last one (else keep the chosen, or follow when it was the last). */
  set(steps: readonly number[], last = false): number {
    const follow = last || this.index() >= this.steps.length - 1;
    this.steps = steps;
    this.input.max = String(Math.max(0, steps.length - 1));
    this.input.disabled = steps.length < 2;
    if (follow) this.input.value = this.input.max;
    this.say();
    return this.index();
  }

  private say(): void {
    const step = this.steps[this.index()];
    const text = step === undefined ? '' : this.t('train.stepN', { step });
    this.label.textContent = text;
    this.input.setAttribute('aria-valuetext', text);
  }
}
