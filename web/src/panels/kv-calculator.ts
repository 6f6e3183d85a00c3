// kv-calculator.ts — the KV-cache panel's calculator: a menu of real
// configurations (each with its source) that fills editable fields (layers,
// query heads, KV heads, head dim, window, tokens, bytes per value); the bytes
// of the cache for the fields, written out with its formula, and a bar chart
// at 4k / 32k / 128k tokens in fp16 and float64 (model/kv-cache.ts). A bad
// field is explained at the field; the last good result stays, dimmed.

import { drawBarChart, type ChartBar } from '../figures/kv-cache/bar-chart';
import {
  binaryUnits,
  byteName,
  cacheBars,
  cacheBytes,
  CONFIGS,
  FIELDS,
  fieldsOf,
  grouped,
  readFields,
  type CalcInput,
  type FieldName,
} from '../model/kv-cache';
import { el, replaceChildren, uid } from '../widgets/dom';
import type { PanelContext } from './context';

/** The configuration the calculator starts with. */
export const START_CONFIG = 'llama3-8b';

/** The calculator. */
export class KvCalculator {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly select: HTMLSelectElement;
  private readonly inputs = {} as Record<FieldName, HTMLInputElement>;
  private readonly errors = {} as Record<FieldName, HTMLElement>;
  private readonly about: HTMLElement;
  private readonly result: HTMLElement;
  private readonly chart: HTMLElement;
  private readonly kept: HTMLElement;
  private readonly logScale: HTMLInputElement;
  private good: CalcInput | null = null;
  private width = 0;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    const selectId = uid('kv-config');
    this.select = el(
      'select',
      { id: selectId, 'data-testid': 'kv-config', onchange: () => this.choose(this.select.value) },
      CONFIGS.map((c) => el('option', { value: c.id, selected: c.id === START_CONFIG }, `${c.name} (${c.kind})`)),
      el('option', { value: 'custom' }, t('kv.custom')),
    );
    const fields = FIELDS.map((f) => {
      const id = uid(`kv-${f}`);
      this.errors[f] = el('span', { id: `${id}-error`, class: 'kv-field-error', role: 'alert', 'data-testid': `kv-error-${f}`, hidden: true });
      this.inputs[f] = el('input', {
        id,
        type: 'text',
        inputmode: f === 'window' ? 'text' : 'numeric',
        autocomplete: 'off',
        spellcheck: 'false',
        'aria-describedby': `${id}-error`,
        'data-testid': `kv-${f}`,
        oninput: () => this.edited(),
      });
      return el('div', { class: 'kv-field' }, el('label', { for: id }, t(`kv.field.${f}`)), this.inputs[f], this.errors[f]);
    });
    this.about = el('p', { class: 'hint', 'data-testid': 'kv-about' });
    this.result = el('div', { class: 'kv-result', 'data-testid': 'kv-result', 'aria-live': 'polite' });
    this.kept = el('p', { class: 'kv-kept', role: 'status', 'data-testid': 'kv-kept', hidden: true }, t('kv.err.kept'));
    this.logScale = el('input', { type: 'checkbox', 'data-testid': 'kv-log', onchange: () => this.draw() });
    this.chart = el('div', { class: 'kv-chart', 'data-testid': 'kv-chart' });
    this.element = el(
      'div',
      { class: 'kv-calculator', role: 'group', 'aria-label': t('kv.calc') },
      el('h3', { class: 'kv-subtitle' }, t('kv.calc')),
      el('div', { class: 'kv-field kv-field-config' }, el('label', { for: selectId }, t('kv.config')), this.select),
      this.about,
      el('div', { class: 'kv-fields' }, fields),
      this.kept,
      this.result,
      el('label', { class: 'kv-log' }, this.logScale, ' ', t('kv.chart.scale')),
      this.chart,
      el('p', { class: 'hint' }, t('kv.units')),
    );
    this.choose(START_CONFIG);
  }

  /** Fill the fields from a configuration (custom: leave them as they are). */
  choose(id: string): void {
    const c = CONFIGS.find((x) => x.id === id);
    if (!c) return;
    this.select.value = id;
    const old = this.good;
    const texts = fieldsOf(c, old?.tokens ?? 131072, old?.bytes ?? 2);
    for (const f of FIELDS) this.inputs[f].value = texts[f];
    this.update();
  }

  private edited(): void {
    this.select.value = 'custom';
    this.update();
  }

  /** Read the fields; mark each bad one at its field; recompute from good ones, or keep the last good result, dimmed. */
  update(): void {
    const texts = Object.fromEntries(FIELDS.map((f) => [f, this.inputs[f].value])) as Record<FieldName, string>;
    const { input, problems } = readFields(texts);
    for (const f of FIELDS) {
      const p = problems.find((x) => x.field === f);
      this.inputs[f].setAttribute('aria-invalid', p ? 'true' : 'false');
      this.inputs[f].classList.toggle('is-invalid', !!p);
      this.errors[f].hidden = !p;
      this.errors[f].textContent = p ? this.ctx.t(`kv.err.${p.key}`, p.vars) : '';
    }
    this.kept.hidden = !problems.length || !this.good;
    this.element.classList.toggle('is-stale', problems.length > 0);
    if (!input) return;
    this.good = input;
    this.showResult(input);
    this.draw();
  }

  private showResult(x: CalcInput): void {
    const t = this.ctx.t.bind(this.ctx);
    const c = CONFIGS.find((k) => k.id === this.select.value);
    const kind = x.kvHeads === x.queryHeads ? 'MHA' : x.kvHeads === 1 ? 'MQA' : 'GQA';
    const about = [t(`kv.kind.${kind}`, { ratio: x.queryHeads / x.kvHeads })];
    if (c) about.unshift(t('kv.source', { source: t(`kv.src.${c.id}`) }));
    this.about.textContent = about.join(' · ');
    const bytes = cacheBytes(x, x.tokens, x.bytes);
    const kept = x.window === null ? x.tokens : Math.min(x.tokens, x.window);
    const lines = [
      el(
        'p',
        { class: 'kv-big', 'data-testid': 'kv-total' },
        t('kv.result', {
          name: c?.name ?? t('kv.custom'),
          tokens: grouped(x.tokens),
          width: byteName(x.bytes),
          bytes: grouped(bytes),
          units: binaryUnits(bytes),
        }),
      ),
      el(
        'p',
        { class: 'kv-formula' },
        t('kv.formula', { layers: x.layers, kv: x.kvHeads, dim: x.headDim, tokens: grouped(kept), bytes: x.bytes }),
        ` = ${grouped(bytes)}`,
      ),
      x.window !== null ? el('p', { class: 'hint' }, t('kv.windowNote', { window: grouped(x.window) })) : null,
      x.kvHeads < x.queryHeads
        ? el(
            'p',
            { class: 'hint' },
            t('kv.mha', { times: x.queryHeads / x.kvHeads, units: binaryUnits(cacheBytes({ ...x, kvHeads: x.queryHeads }, x.tokens, x.bytes)) }),
          )
        : null,
    ];
    replaceChildren(this.result, lines);
  }

  /** Redraw the chart of the last good fields at the chart's width (`width`: the panel's, when known). */
  draw(width?: number): void {
    if (width) this.width = width;
    const x = this.good;
    if (!x) return;
    const t = this.ctx.t.bind(this.ctx);
    const bars: ChartBar[] = cacheBars(x).map((b) => {
      const vars = { tokens: grouped(b.tokens), width: byteName(b.width), bytes: grouped(b.bytes), units: binaryUnits(b.bytes) };
      return {
        tokens: b.tokens,
        width: b.width,
        value: Number(b.bytes),
        chosen: b.chosen,
        label: byteName(b.width),
        size: binaryUnits(b.bytes),
        title: t('kv.bar', vars),
      };
    });
    const w = Math.max(280, Math.min(640, this.width || this.chart.clientWidth || 480));
    const svg = drawBarChart(document, bars, w, this.logScale.checked, t('kv.chart'), (n) => t('kv.chart.tokens', { tokens: grouped(n) }));
    const list = el(
      'ul',
      { class: 'visually-hidden' },
      bars.map((b) => el('li', {}, b.title)),
    );
    replaceChildren(this.chart, el('p', { class: 'kv-chart-title' }, t('kv.chart')), svg, list);
  }
}
