// operation-panel.ts — choose the operation, an example, and the options
// that apply to it (mask: mask-controls.ts; √d_k scaling, h, eps, query/KV
// heads, token names); shape problems are explained here, in words.

import { el, uid } from '../widgets/dom';
import type { Outcome } from '../model/compute';
import { isWorkNote } from '../worker/computation';
import { failureMessage } from '../model/messages';
import { ensureInputs, PRESETS, presetById } from '../model/presets';
import { OP_LIST, OPS, opOf } from '../model/ops/index';
import { boundsOf, type Operation, type State } from '../model/state';
import type { Panel, PanelContext } from './context';
import { MaskControls } from './mask-controls';
import { PositionsControls } from './positions-controls'; // positions
import { SoftmaxSliders } from './softmax-sliders';

/** The operation and options panel. */
export class OperationPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly opSelect: HTMLSelectElement;
  private readonly options: HTMLElement;
  private readonly message: HTMLElement;
  /** The operation's note about this state (its descriptor's note: a cost, a comparison), or hidden. */
  private readonly note: HTMLElement;
  private readonly sliders: SoftmaxSliders;
  private readonly positions: PositionsControls; // positions
  private readonly mask: MaskControls;
  private shownOptionsFor = '';

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    const opId = uid('op');
    const presetId = uid('preset');
    this.opSelect = el(
      'select',
      { id: opId, class: 'op-select', 'data-testid': 'op' },
      OP_LIST.map((op) => el('option', { value: op.id }, t(`op.${op.id}`))),
    );
    this.opSelect.addEventListener('change', () => {
      const op = this.opSelect.value as Operation;
      ctx.update((s) => {
        s.op = op;
        // the seed's single head is causal (the seed and the README say so)
        if (OPS[op].flags.opensCausal) s.mask = 'causal';
        ensureInputs(s);
      }, 'push');
    });
    const presetSelect = el(
      'select',
      { id: presetId, class: 'preset-select', 'data-testid': 'preset' },
      el('option', { value: '' }, t('preset.choose')),
      PRESETS.map((p) => el('option', { value: p.id }, t(p.label))),
    );
    presetSelect.addEventListener('change', () => {
      const p = presetById(presetSelect.value);
      presetSelect.value = '';
      if (!p) return;
      const next = p.build();
      ctx.update((s) => Object.assign(s, next), 'push');
    });
    const seed000 = el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'try-seed000' }, t('preset.trySeed000'));
    seed000.addEventListener('click', () => {
      const next = presetById('seed000')?.build();
      if (next) ctx.update((s) => Object.assign(s, next), 'push');
    });
    this.mask = new MaskControls(ctx);
    this.options = el('div', { class: 'op-options' }, this.mask.element);
    this.sliders = new SoftmaxSliders(ctx);
    this.positions = new PositionsControls(ctx); // positions
    this.message = el('p', { class: 'op-message', role: 'alert', 'data-testid': 'op-message', hidden: true });
    this.note = el('p', { class: 'hint op-note', 'data-testid': 'op-note', hidden: true });
    this.element = el(
      'section',
      { class: 'panel panel-operation', 'aria-label': t('op.legend') },
      el(
        'div',
        { class: 'op-row' },
        el('label', { for: opId, class: 'field' }, el('span', { class: 'field-label' }, t('op.label')), this.opSelect),
        el('label', { for: presetId, class: 'field' }, el('span', { class: 'field-label' }, t('preset.label')), presetSelect),
        seed000,
      ),
      this.options,
      this.note,
      this.positions.element, // positions
      this.sliders.element,
      this.message,
    );
  }

  render(state: State, outcome: Outcome): void {
    this.opSelect.value = state.op;
    this.sliders.render(state);
    this.positions.render(state); // positions
    this.mask.render(state);
    this.renderNote(state);
    // rebuild the option controls only when what they show changed (keeps focus while typing)
    const key = JSON.stringify([state.op, state.scale, state.h, state.eps, state.numHeads, state.numKvHeads, state.tokens, state.head]);
    if (key !== this.shownOptionsFor) {
      this.shownOptionsFor = key;
      // rebuild, then give the focus (and caret) back to the same control
      const active = this.activeElement();
      const focusId = active && this.options.contains(active) ? (active as HTMLElement).dataset.testid : undefined;
      const caret = active instanceof HTMLInputElement && active.type === 'text' ? active.selectionStart : null;
      // (the mask menu, the first child, is never rebuilt here: it renders itself)
      for (const child of [...this.options.children]) if (child !== this.mask.element) child.remove();
      this.options.append(...this.optionControls(state));
      const again = focusId ? this.options.querySelector<HTMLElement>(`[data-testid="${focusId}"]`) : null;
      if (again) {
        again.focus();
        if (again instanceof HTMLInputElement && caret !== null) again.setSelectionRange(caret, caret);
      }
    }
    // (a state computed in the background is no problem of the input: the results panel says so)
    if (outcome.ok || isWorkNote(outcome)) {
      this.message.hidden = true;
      this.message.textContent = '';
    } else {
      this.message.hidden = false;
      this.message.textContent = this.ctx.t('result.error', { message: failureMessage(outcome, (key, vars) => this.ctx.t(key, vars)) });
    }
  }

  /** The operation's note for `state`, its numbers grouped in the page's language. */
  private renderNote(state: State): void {
    const note = opOf(state).note?.(state) ?? null;
    this.note.hidden = !note;
    if (!note) return;
    const group = new Intl.NumberFormat(this.ctx.lang === 'zh' ? 'zh-CN' : 'en-US');
    const vars = Object.fromEntries(Object.entries(note.vars).map(([k, v]) => [k, typeof v === 'number' ? group.format(v) : v]));
    const text = this.ctx.t(note.key, vars);
    if (this.note.textContent !== text) this.note.textContent = text;
  }

  private activeElement(): Element | null {
    const root = this.element.getRootNode() as Document | ShadowRoot;
    return root.activeElement ?? null;
  }

  private optionControls(state: State): HTMLElement[] {
    const { ctx } = this;
    const t = ctx.t.bind(ctx);
    const controls: HTMLElement[] = [];
    const { flags } = opOf(state);
    if (flags.scaleOption)
      controls.push(
        el(
          'label',
          { class: 'checkbox' },
          el('input', {
            type: 'checkbox',
            checked: state.scale,
            'data-testid': 'scale',
            onchange: (e: Event) => ctx.update((s) => void (s.scale = (e.target as HTMLInputElement).checked), 'push'),
          }),
          t('opt.scale'),
        ),
      );
    if (flags.heads === 'split') controls.push(this.intField('opt.h', 'h', state.h, ...boundsOf('h'), (s, v) => (s.h = v)));
    if (flags.eps) controls.push(this.numberField('opt.eps', 'eps', state.eps, (s, v) => (s.eps = v)));
    if (flags.heads === 'split') controls.push(this.intField('opt.head', 'head', state.head + 1, 1, Math.max(1, state.h), (s, v) => (s.head = v - 1)));
    if (flags.heads === 'grouped') {
      controls.push(this.intField('opt.numHeads', 'num-heads', state.numHeads, ...boundsOf('numHeads'), (s, v) => (s.numHeads = v)));
      controls.push(this.intField('opt.numKvHeads', 'num-kv-heads', state.numKvHeads, ...boundsOf('numKvHeads'), (s, v) => (s.numKvHeads = v)));
      // the query head the plane, the steps and "How weight (i, j) was made" show
      controls.push(this.intField('opt.head', 'head', state.head + 1, 1, Math.max(1, state.numHeads), (s, v) => (s.head = v - 1)));
      const group = state.numHeads / state.numKvHeads;
      const kind =
        state.numKvHeads === state.numHeads
          ? t('opt.kind.mha')
          : state.numKvHeads === 1
            ? t('opt.kind.mqa')
            : Number.isInteger(group)
              ? t('opt.kind.gqa', { group })
              : '';
      if (kind) controls.push(el('p', { class: 'hint', 'data-testid': 'gqa-kind' }, kind));
    }
    const tokId = uid('tokens');
    const tokens = el('input', {
      id: tokId,
      type: 'text',
      value: state.tokens.join(' '),
      placeholder: t('opt.tokens.placeholder'),
      'data-testid': 'tokens',
      spellcheck: 'false',
    });
    tokens.addEventListener('change', () => ctx.update((s) => void (s.tokens = tokens.value.split(/\s+/).filter((w) => w !== '')), 'push'));
    controls.push(el('label', { for: tokId, class: 'field field-tokens' }, el('span', { class: 'field-label' }, t('opt.tokens')), tokens));
    return controls;
  }

  /** A whole-number field: live update while typing a valid value, push on commit. */
  private intField(label: string, testid: string, value: number, min: number, max: number, set: (s: State, v: number) => void): HTMLElement {
    const id = uid(testid);
    const input = el('input', { id, type: 'number', min, max, step: 1, value, inputmode: 'numeric', 'data-testid': testid, class: 'int-input' });
    const apply = (history: 'push' | 'live') => {
      const v = Number(input.value);
      const ok = input.value !== '' && Number.isInteger(v) && v >= min && v <= max;
      input.setAttribute('aria-invalid', ok ? 'false' : 'true');
      if (ok) this.ctx.update((s) => set(s, v), history);
    };
    input.addEventListener('input', () => apply('live'));
    input.addEventListener('change', () => apply('push'));
    return el('label', { for: id, class: 'field' }, el('span', { class: 'field-label' }, this.ctx.t(label)), input);
  }

  private numberField(label: string, testid: string, value: number, set: (s: State, v: number) => void): HTMLElement {
    const id = uid(testid);
    const input = el('input', { id, type: 'text', value: String(value), inputmode: 'decimal', 'data-testid': testid, class: 'num-input', spellcheck: 'false' });
    input.addEventListener('change', () => {
      const v = Number(input.value);
      const ok = input.value.trim() !== '' && Number.isFinite(v) && v >= 0;
      input.setAttribute('aria-invalid', ok ? 'false' : 'true');
      if (ok) this.ctx.update((s) => set(s, v), 'push');
    });
    return el('label', { for: id, class: 'field' }, el('span', { class: 'field-label' }, this.ctx.t(label)), input);
  }
}
