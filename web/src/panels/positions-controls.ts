// positions-controls.ts — how positions enter attention, multi_head, block and
// single_head: none, the seed's sinusoidal encoding, RoPE (its
// pairing and base) or ALiBi (the slope of each head shown with its numbers).
// Hidden for grouped-query attention. Every change is a history entry (the
// URL keys pos, rp, rb); the controls are updated in place on every render,
// never rebuilt, so the focus and the caret stay where they are (also when
// Back or Forward changes the state under a focused field).

import type { Core } from '../core/core';
import { slopesText } from '../model/positions';
import { headsOf, opOf } from '../model/ops/index';
import { POSITIONS, ROPE_BASE_RANGE, type Positions, type RopePairing, type State } from '../model/state';
import { el, uid } from '../widgets/dom';
import type { PanelContext } from './context';
import { setText } from '../figures/kit/figure-kit';

/** The base typed in the field, or null when it is not a number in ROPE_BASE_RANGE. */
export function parseBase(text: string): number | null {
  const x = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(x) && x >= ROPE_BASE_RANGE[0] && x <= ROPE_BASE_RANGE[1] ? x : null;
}

/** The line of ALiBi's slopes for the state's heads (i18n key and variables), or null when the core cannot give them. */
export function slopesLine(core: Core, state: State): { key: string; vars: { list: string } } | null {
  const h = headsOf(state);
  try {
    const list = slopesText(core.typed.alibi_slopes(h), 16);
    return { key: h === 1 ? 'pos.slopesOne' : 'pos.slopes', vars: { list } };
  } catch {
    return null; // h outside 1 … 256: the operation reports it
  }
}

/** The hint of a position mode for the state's operation (i18n key and variables). */
export function hintOf(state: State): { key: string; vars: Record<string, string> } {
  const inputs = opOf(state).flags.selfInput ? 'X' : 'Q, K, V';
  return { key: `pos.hint.${state.positions}`, vars: { inputs } };
}

/** The positions control of the operation panel. */
export class PositionsControls {
  readonly element: HTMLFieldSetElement;
  private readonly ctx: PanelContext;
  private readonly radios: Map<Positions, HTMLInputElement>;
  private readonly rope: HTMLElement;
  private readonly pairing: HTMLSelectElement;
  private readonly base: HTMLInputElement;
  private readonly baseError: HTMLElement;
  private readonly slopes: HTMLElement;
  private readonly hint: HTMLElement;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    const group = uid('positions');
    this.radios = new Map(
      POSITIONS.map((p) => {
        const input = el('input', { type: 'radio', name: group, value: p, 'data-testid': `pos-${p}` });
        input.addEventListener('change', () => ctx.update((s) => void (s.positions = p), 'push'));
        return [p, input] as const;
      }),
    );
    const pairingId = uid('rope-pairing');
    this.pairing = el(
      'select',
      { id: pairingId, 'data-testid': 'rope-pairing' },
      (['half', 'interleaved'] as const).map((p) => el('option', { value: p }, t(`pos.pairing.${p}`))),
    );
    this.pairing.addEventListener('change', () => {
      const p = this.pairing.value as RopePairing;
      ctx.update((s) => void (s.ropePairing = p), 'push');
    });
    const baseId = uid('rope-base');
    const errorId = uid('rope-base-error');
    this.base = el('input', { id: baseId, type: 'text', inputmode: 'decimal', class: 'num-input', spellcheck: 'false', 'data-testid': 'rope-base' });
    this.baseError = el('p', { id: errorId, class: 'hint pos-error', role: 'alert', hidden: true }, t('pos.base.invalid'));
    this.base.addEventListener('change', () => this.commitBase());
    this.rope = el(
      'div',
      { class: 'pos-rope', 'data-testid': 'rope-options' },
      el('label', { for: pairingId, class: 'field' }, el('span', { class: 'field-label' }, t('pos.pairing')), this.pairing),
      el('label', { for: baseId, class: 'field' }, el('span', { class: 'field-label' }, t('pos.base')), this.base),
      this.baseError,
    );
    this.slopes = el('p', { class: 'hint pos-slopes', 'data-testid': 'alibi-slopes' });
    this.hint = el('p', { class: 'hint pos-hint', 'data-testid': 'pos-hint' });
    this.element = el(
      'fieldset',
      { class: 'field positions-controls', 'data-testid': 'positions' },
      el('legend', { class: 'field-label' }, t('pos.legend')),
      el(
        'div',
        { class: 'pos-modes' },
        POSITIONS.map((p) => el('label', { class: 'radio' }, this.radios.get(p) ?? '', t(`pos.${p}`))),
      ),
      this.rope,
      this.slopes,
      this.hint,
    );
  }

  /** Show the state's choice (in place: the focus and a half-typed base stay). */
  render(state: State): void {
    const t = this.ctx.t.bind(this.ctx);
    this.element.hidden = !opOf(state).flags.positions;
    for (const [p, input] of this.radios) input.checked = state.positions === p;
    this.rope.hidden = state.positions !== 'rope';
    if (this.pairing.value !== state.ropePairing) this.pairing.value = state.ropePairing;
    // a field that reads as the state's base keeps its text (e.g. "1e4" while focused); otherwise it shows the state's
    if (parseBase(this.base.value) !== state.ropeBase) {
      this.base.value = String(state.ropeBase);
      this.showBaseError(false);
    }
    const slopes = state.positions === 'alibi' ? slopesLine(this.ctx.core, state) : null;
    this.slopes.hidden = !slopes;
    this.slopes.textContent = slopes ? t(slopes.key, slopes.vars) : '';
    const hint = hintOf(state);
    const where = state.positions === 'none' ? '' : ` ${t(`pos.hint.where.${state.align}`)}`;
    setText(this.hint, t(hint.key, hint.vars) + where);
  }

  /** The base field's text as the state's base, or the field marked invalid. */
  private commitBase(): void {
    const v = parseBase(this.base.value);
    this.showBaseError(v === null);
    if (v !== null) this.ctx.update((s) => void (s.ropeBase = v), 'push');
  }

  private showBaseError(on: boolean): void {
    this.base.setAttribute('aria-invalid', on ? 'true' : 'false');
    if (on) this.base.setAttribute('aria-describedby', this.baseError.id);
    else this.base.removeAttribute('aria-describedby');
    this.baseError.hidden = !on;
  }
}
