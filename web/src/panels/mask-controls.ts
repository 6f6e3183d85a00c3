// mask-controls.ts — the mask menu of the operation panel: a
// labelled select of the modes the operation takes (none, causal, sliding
// window, prefix-LM, local + global, dilated, BigBird, custom; single_head:
// none and causal), the parameter fields of the chosen pattern (whole-number
// inputs whose min/max follow n; the global tokens as a comma list), a line
// saying what the pattern lets each query see, and "Edit as custom", which
// copies the built mask into the custom one. A value that is not a whole
// number is refused at the field, with a message, and the state keeps its
// value; a whole number out of range for n goes to the core, whose message
// the operation panel shows (the inputs are kept).

import { AttentionError } from '../core/core';
import { isBuilt, maskFor, maskRows, type BuiltMode } from '../model/masks';
import { applied, appliedMask, opOf, scoreShape } from '../model/ops/index';
import { ALIGNMENTS, queryOffset, type Alignment, type MaskMode, type MaskParams } from '../model/options';
import type { State } from '../model/state';
import { MAX_UINT32 } from '../model/url-text';
import { el, replaceChildren, uid } from '../widgets/dom';
import { MAX_MASK_CELLS } from '../widgets/mask-editor';
import type { PanelContext } from './context';
import { setText } from '../figures/kit/figure-kit';

/** A parameter of the built masks. */
type Param = keyof MaskParams;

/** One parameter field: its label key, its test id, and its range for n tokens (min … max; the core checks again). */
interface FieldSpec {
  param: Param;
  label: string;
  testid: string;
  range(n: number, p: MaskParams): [number, number];
}

const W = (label: string): FieldSpec => ({ param: 'window', label, testid: 'mask-w', range: (n) => [1, n] });
const P: FieldSpec = { param: 'prefix', label: 'mask.param.prefix', testid: 'mask-p', range: (n) => [0, n] };
const G: FieldSpec = { param: 'globals', label: 'mask.param.globals', testid: 'mask-globals', range: (n) => [0, n - 1] };
const D: FieldSpec = { param: 'dilation', label: 'mask.param.dilation', testid: 'mask-dilation', range: (n) => [1, n] };
const B: FieldSpec = { param: 'block', label: 'mask.param.block', testid: 'mask-block', range: (n) => [1, n] };
const R: FieldSpec = {
  param: 'randomBlocks',
  label: 'mask.param.random',
  testid: 'mask-random',
  range: (n, p) => [0, p.block >= 1 && n % p.block === 0 ? n / p.block : n],
};
const S: FieldSpec = { param: 'maskSeed', label: 'mask.param.seed', testid: 'mask-seed', range: () => [0, MAX_UINT32] };

/** The fields of each built pattern, in order. */
export const MASK_FIELDS: Record<BuiltMode, readonly FieldSpec[]> = {
  window: [W('mask.param.window')],
  prefix: [P],
  localglobal: [W('mask.param.band'), G],
  dilated: [W('mask.param.window'), D],
  bigbird: [B, R, S],
};

/** A whole number 0 … 2³² − 1 typed in a field, or undefined. */
export function readWhole(text: string): number | undefined {
  const t = text.trim();
  return /^\d{1,10}$/.test(t) && Number(t) <= MAX_UINT32 ? Number(t) : undefined;
}

/** Global tokens typed as a list (commas and/or spaces) of at most 256 whole numbers; '' is none; undefined for anything else. */
export function readGlobals(text: string): number[] | undefined {
  const parts = text.split(/[\s,，]+/).filter((x) => x !== '');
  if (parts.length > 256) return undefined;
  const values = parts.map(readWhole);
  return values.every((v): v is number => v !== undefined) ? values : undefined;
}

/** A parameter's value as its field shows it. */
const shown = (p: MaskParams, param: Param): string => (param === 'globals' ? p.globals.join(', ') : String(p[param]));

/** The mask menu: mode, the chosen pattern's parameters, and "Edit as custom". */
export class MaskControls {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly select: HTMLSelectElement;
  private readonly fields: HTMLElement;
  private readonly about: HTMLElement;
  private readonly toCustom: HTMLButtonElement;
  private readonly problem: HTMLElement;
  /** Where the queries sit when n_q ≠ n_k (top-left or bottom-right), with its label: shown only then. */
  private readonly align: HTMLElement;
  private readonly alignSelect: HTMLSelectElement;
  private readonly inputs = new Map<HTMLInputElement, FieldSpec>();
  private shownModes = '';
  private shownFields = '';

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const id = uid('mask');
    this.select = el('select', { id, class: 'mask-select', 'data-testid': 'mask' });
    this.select.addEventListener('change', () => {
      const mode = this.select.value as MaskMode;
      ctx.update((s) => void (s.mask = mode), 'push');
    });
    const alignId = uid('align');
    this.alignSelect = el(
      'select',
      { id: alignId, class: 'align-select', 'data-testid': 'align' },
      ALIGNMENTS.map((a) => el('option', { value: a }, ctx.t(`mask.align.${a}`))),
    );
    this.alignSelect.addEventListener('change', () => {
      const align = this.alignSelect.value as Alignment;
      ctx.update((s) => void (s.align = align), 'push');
    });
    this.align = el('label', { for: alignId, class: 'field field-align' }, el('span', { class: 'field-label' }, ctx.t('mask.align')), this.alignSelect);
    this.fields = el('div', { class: 'mask-params' });
    this.about = el('p', { class: 'hint mask-about', 'data-testid': 'mask-about' });
    this.toCustom = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'mask-to-custom' }, ctx.t('mask.toCustom'));
    this.toCustom.addEventListener('click', () => this.editAsCustom());
    this.problem = el('p', { class: 'mask-problem', role: 'alert', 'data-testid': 'mask-param-error', hidden: true });
    this.element = el(
      'div',
      { class: 'mask-modes', role: 'group', 'aria-labelledby': `${id}-label` },
      el(
        'div',
        { class: 'mask-row' },
        el('label', { for: id, id: `${id}-label`, class: 'field' }, el('span', { class: 'field-label' }, ctx.t('opt.mask')), this.select),
        this.fields,
      ),
      this.align,
      this.about,
      this.toCustom,
      this.problem,
    );
  }

  /** Show the state's mode and parameters; fields are rebuilt only when the mode, n or the operation changed. */
  render(state: State): void {
    const t = this.ctx.t.bind(this.ctx);
    const modes = opOf(state).flags.masks;
    if (modes.join() !== this.shownModes) {
      this.shownModes = modes.join();
      replaceChildren(
        this.select,
        modes.map((m) => el('option', { value: m }, t(`opt.mask.${m}`))),
      );
    }
    const mode = appliedMask(state);
    this.select.value = mode;
    const [nq, nk] = scoreShape(state);
    const structure = JSON.stringify([mode, nk]);
    if (structure !== this.shownFields) {
      this.shownFields = structure;
      this.rebuildFields(mode, nk, state.maskParams);
    }
    this.showValues(state.maskParams, nk);
    // the queries' alignment matters when there are fewer or more queries than keys
    this.align.hidden = nq === nk;
    this.alignSelect.value = state.align;
    const first = queryOffset(state.align, nq, nk);
    setText(this.about, mode === 'causal' && first !== 0 ? t('mask.about.causal.shifted', { shift: first, nq }) : t(`mask.about.${mode}`));
    this.toCustom.hidden = !(modes.includes('custom') && (mode === 'causal' || isBuilt(mode)));
    const tooLarge = nq * nk > MAX_MASK_CELLS;
    this.toCustom.disabled = tooLarge;
    this.toCustom.title = tooLarge ? t('mask.toCustomTooLarge', { max: MAX_MASK_CELLS }) : '';
  }

  /** The fields of `mode` for n tokens; the focus stays on the same field when it is rebuilt. */
  private rebuildFields(mode: MaskMode, n: number, p: MaskParams): void {
    const root = this.element.getRootNode() as Document | ShadowRoot;
    const focused = (root.activeElement as HTMLElement | null)?.dataset?.testid;
    this.inputs.clear();
    this.problem.hidden = true;
    const specs = isBuilt(mode) ? MASK_FIELDS[mode] : [];
    replaceChildren(
      this.fields,
      specs.map((spec) => this.field(spec, n, p)),
    );
    if (focused) this.fields.querySelector<HTMLElement>(`[data-testid="${focused}"]`)?.focus();
  }

  /** Each field shows the state's value (unless it is focused and already reads that value: the caret stays) and its range for n. */
  private showValues(p: MaskParams, n: number): void {
    const root = this.element.getRootNode() as Document | ShadowRoot;
    for (const [input, spec] of this.inputs) {
      const param = spec.param;
      const value = shown(p, param);
      const reads = param === 'globals' ? readGlobals(input.value)?.join(', ') : readWhole(input.value)?.toString();
      if (input.type === 'number') [input.min, input.max] = spec.range(n, p).map(String);
      if (root.activeElement !== input || reads !== value) {
        input.value = value;
        input.setAttribute('aria-invalid', 'false');
      }
    }
  }

  /** A labelled field of one parameter: live while typing a valid value, a history entry on commit, a message for junk. */
  private field(spec: FieldSpec, n: number, p: MaskParams): HTMLElement {
    const id = uid(spec.testid);
    const [min, max] = spec.range(n, p);
    const list = spec.param === 'globals';
    const input = list
      ? el('input', {
          id,
          type: 'text',
          inputmode: 'numeric',
          spellcheck: 'false',
          placeholder: '0, 5',
          class: 'num-input mask-globals',
          'data-testid': spec.testid,
        })
      : el('input', { id, type: 'number', min, max, step: 1, inputmode: 'numeric', class: 'int-input', 'data-testid': spec.testid });
    input.value = shown(p, spec.param);
    this.inputs.set(input, spec);
    const apply = (history: 'live' | 'push') => {
      const value = list ? readGlobals(input.value) : readWhole(input.value);
      input.setAttribute('aria-invalid', value === undefined ? 'true' : 'false');
      if (value === undefined) {
        if (history === 'push') this.refuse(spec, input.value);
        return;
      }
      this.problem.hidden = true;
      this.ctx.update((s) => void ((s.maskParams as unknown as Record<Param, number | number[]>)[spec.param] = value), history);
    };
    input.addEventListener('input', () => apply('live'));
    input.addEventListener('change', () => apply('push'));
    return el('label', { for: id, class: 'field' }, el('span', { class: 'field-label' }, this.ctx.t(spec.label)), input);
  }

  /** Say that `text` is not a value of `spec`; the state keeps its value. */
  private refuse(spec: FieldSpec, text: string): void {
    const t = this.ctx.t.bind(this.ctx);
    const value = shown(this.ctx.state().maskParams, spec.param);
    const key = spec.param === 'globals' ? 'mask.bad.globals' : text.trim() === '' ? 'mask.bad.empty' : 'mask.bad.number';
    this.problem.textContent = t(key, { name: t(spec.label), text, value });
    this.problem.hidden = false;
  }

  /** Copy the built mask into the custom one and switch to custom (the custom editor then edits it cell by cell). */
  private editAsCustom(): void {
    const state = this.ctx.state();
    const [nq, nk] = scoreShape(state);
    if (nq * nk > MAX_MASK_CELLS) return;
    let rows: boolean[][];
    try {
      const m = maskFor(this.ctx.core, applied(state), nq, nk);
      rows = m ? maskRows(m) : [];
    } catch (err) {
      // the core refused a parameter: the operation panel already says why
      this.problem.textContent = err instanceof AttentionError ? err.message : String(err);
      this.problem.hidden = false;
      return;
    }
    this.ctx.update((s) => {
      s.customMask = rows;
      s.mask = 'custom';
    }, 'push');
    this.select.focus();
  }
}
