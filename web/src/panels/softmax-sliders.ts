// softmax-sliders.ts — two sliders for what shapes the softmax, on a log
// scale: the temperature τ (scores / (τ·√d_k); 1 is standard) and a length
// multiplier of the queries (longer queries give larger scores, so sharper
// weights). Both are state (in the URL); the core computes with them.
//
// The sliders are updated in place on every render, never rebuilt: a drag
// of the thumb must keep its pointer.

import { el, uid } from '../widgets/dom';
import { Q_LENGTH_RANGE, TEMPERATURE_RANGE, type State } from '../model/state';
import { opOf } from '../model/ops/index';
import type { PanelContext } from './context';

/** Slider positions per decade of the log scale. */
const STEPS_PER_DECADE = 100;

/** The value at slider position `p` (log10 of it, in steps), rounded to 3 significant digits within `range` (position 0 is exactly 1). */
export function valueAt(p: number, range: readonly [number, number]): number {
  const x = Number((10 ** (p / STEPS_PER_DECADE)).toPrecision(3));
  return Math.min(range[1], Math.max(range[0], x));
}

/** The slider position of `value` (the inverse of valueAt, to the nearest step). */
export function positionOf(value: number): number {
  return Math.round(Math.log10(value) * STEPS_PER_DECADE);
}

/** The text shown beside a slider: 3 significant digits, e.g. "0.0500", "1.00", "20.0". */
export function sliderText(value: number): string {
  return value.toPrecision(3);
}

interface Slider {
  row: HTMLElement;
  input: HTMLInputElement;
  output: HTMLOutputElement;
  /** True while a pointer holds the thumb. */
  held: boolean;
}

/** The two sliders, shown for attention and multi_head. */
export class SoftmaxSliders {
  readonly element: HTMLElement;
  private readonly temperature: Slider;
  private readonly length: Slider;

  constructor(private readonly ctx: PanelContext) {
    const t = ctx.t.bind(ctx);
    this.temperature = this.slider('temperature', t('opt.temperature'), t('opt.temperature.hint'), TEMPERATURE_RANGE, (s, v) => (s.temperature = v));
    this.length = this.slider('q-length', t('opt.qLength'), t('opt.qLength.hint'), Q_LENGTH_RANGE, (s, v) => (s.qLength = v));
    this.element = el('div', { class: 'softmax-sliders', 'data-testid': 'softmax-sliders' }, this.temperature.row, this.length.row);
  }

  /** Show the state's values (in place), or hide the sliders for an operation that has no such options. */
  render(state: State): void {
    this.element.hidden = !opOf(state).flags.sliders;
    this.show(this.temperature, state.temperature);
    this.show(this.length, state.qLength);
  }

  private show(s: Slider, value: number): void {
    const p = String(positionOf(value));
    // the thumb the learner holds is already there; moving it again would fight the pointer
    if (s.input.value !== p && !s.held) s.input.value = p;
    s.output.value = sliderText(value);
    s.input.setAttribute('aria-valuetext', sliderText(value));
  }

  private slider(testid: string, label: string, hint: string, range: readonly [number, number], set: (s: State, v: number) => void): Slider {
    const id = uid(testid);
    const hintId = uid(`${testid}-hint`);
    const input = el('input', {
      id,
      type: 'range',
      min: positionOf(range[0]),
      max: positionOf(range[1]),
      step: 1,
      value: 0,
      'data-testid': testid,
      'aria-describedby': hintId,
    });
    const output = el('output', { for: id, class: 'slider-value', 'data-testid': `${testid}-value` });
    const apply = (history: 'live' | 'push') => {
      const v = valueAt(Number(input.value), range);
      output.value = sliderText(v);
      this.ctx.update((s) => set(s, v), history);
    };
    const slider: Slider = { row: el('div'), input, output, held: false };
    input.addEventListener('pointerdown', () => (slider.held = true));
    for (const end of ['pointerup', 'pointercancel', 'lostpointercapture']) input.addEventListener(end, () => (slider.held = false));
    input.addEventListener('input', () => apply('live'));
    input.addEventListener('change', () => {
      slider.held = false;
      apply('push');
    });
    const reset = el(
      'button',
      { type: 'button', class: 'btn btn-small', 'data-testid': `${testid}-reset`, 'aria-label': this.ctx.t('opt.sliderReset', { name: label }) },
      '1',
    );
    reset.addEventListener('click', () => this.ctx.update((s) => set(s, 1), 'push'));
    slider.row = el(
      'div',
      { class: 'slider-row' },
      el('label', { for: id, class: 'field-label' }, label),
      el('div', { class: 'slider-line' }, input, output, reset),
      el('p', { class: 'hint', id: hintId }, hint),
    );
    return slider;
  }
}
