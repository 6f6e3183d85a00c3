// kv-calculator.ts — the KV-cache panel's calculator: a menu of real models
// (each with its sources) that fills the model's editable fields (what is
// cached — K and V per KV head, or MLA's latent —, layers, heads, head dim,
// the latent's widths, the window and its layers, the parameters); the run's
// fields (tokens, batch, the cache's type) and the memory's (the weights'
// type, GiB) stay when another model is chosen. It shows the cache's exact
// bytes with its formula written out, the weights, whether both fit in the
// memory, and a bar chart at 4k / 32k / 128k tokens (model/kv-cache.ts,
// model/kv-formula.ts). A bad field is explained at the field; the last good
// result stays, dimmed.

import { drawBarChart, type ChartBar } from '../figures/kv-cache/bar-chart';
import {
  binaryUnits,
  bytesText,
  cacheBars,
  cacheBytes,
  CONFIGS,
  DTYPES,
  dtypeBytes,
  FIELDS,
  fieldsFor,
  fieldsOf,
  grouped,
  kindOf,
  MODEL_FIELDS,
  readFields,
  START_MENUS,
  START_RUN,
  type Attention,
  type CalcInput,
  type DtypeId,
  type FieldName,
  type Menus,
} from '../model/kv-cache';
import { cacheFormula, fitOf, fitLine, weightsLine, windowNote } from '../model/kv-formula';
import { el, replaceChildren, uid } from '../widgets/dom';
import type { PanelContext } from './context';

/** The configuration the calculator starts with. */
export const START_CONFIG = 'llama3-8b';

/** The fields of each group of the form, and the menu that leads or ends it. */
const GROUPS: readonly { name: 'model' | 'run' | 'memory'; fields: readonly FieldName[] }[] = [
  { name: 'model', fields: ['layers', 'queryHeads', 'kvHeads', 'headDim', 'kvLoraRank', 'ropeDim', 'window', 'windowLayers', 'params'] },
  { name: 'run', fields: ['tokens', 'batch'] },
  { name: 'memory', fields: ['memory'] },
];

/** The calculator. */
export class KvCalculator {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly select: HTMLSelectElement;
  private readonly menus: { attention: HTMLSelectElement; dtype: HTMLSelectElement; weightDtype: HTMLSelectElement };
  private readonly inputs = {} as Record<FieldName, HTMLInputElement>;
  private readonly errors = {} as Record<FieldName, HTMLElement>;
  private readonly boxes = {} as Record<FieldName, HTMLElement>;
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
    const attention = el(
      'select',
      { 'data-testid': 'kv-attention', onchange: () => this.edited(true) },
      (['kv', 'mla'] as const).map((a) => el('option', { value: a }, t(`kv.attention.${a}`))),
    );
    this.menus = { attention, dtype: this.dtypeMenu('kv-dtype', START_MENUS.dtype), weightDtype: this.dtypeMenu('kv-weightDtype', START_MENUS.weightDtype) };
    for (const f of FIELDS) this.boxes[f] = this.field(f);
    this.about = el('div', { class: 'hint kv-about', 'data-testid': 'kv-about' });
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
      GROUPS.map((g) => this.group(g.name, g.fields)),
      this.kept,
      this.result,
      el('label', { class: 'kv-log' }, this.logScale, ' ', t('kv.chart.scale')),
      this.chart,
      el('p', { class: 'hint' }, t('kv.units')),
      el('p', { class: 'hint' }, t('kv.memoryNote')),
    );
    const run = fieldsOf(CONFIGS[0], START_RUN);
    for (const f of ['tokens', 'batch', 'memory'] as const) this.inputs[f].value = run[f];
    this.choose(START_CONFIG);
  }

  /** A menu of the value types (`testid`), `chosen` selected. */
  private dtypeMenu(testid: string, chosen: DtypeId): HTMLSelectElement {
    const t = this.ctx.t.bind(this.ctx);
    const label = (id: DtypeId) => (id === 'float64' ? t('kv.dtype.float64') : t('kv.dtype', { dtype: id, bytes: bytesText(dtypeBytes(id)) }));
    return el(
      'select',
      { 'data-testid': testid, onchange: () => this.update() },
      DTYPES.map((d) => el('option', { value: d.id, selected: d.id === chosen }, label(d.id))),
    );
  }

  /** One typed field: its label, its input and its message. */
  private field(f: FieldName): HTMLElement {
    const id = uid(`kv-${f}`);
    this.errors[f] = el('span', { id: `${id}-error`, class: 'kv-field-error', role: 'alert', 'data-testid': `kv-error-${f}`, hidden: true });
    this.inputs[f] = el('input', {
      id,
      type: 'text',
      inputmode: f === 'window' || f === 'windowLayers' ? 'text' : 'numeric',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': `${id}-error`,
      'data-testid': `kv-${f}`,
      oninput: () => this.edited(MODEL_FIELDS.includes(f)),
    });
    const cls = f === 'params' ? 'kv-field kv-field-wide' : 'kv-field';
    return el('div', { class: cls }, el('label', { for: id }, this.ctx.t(`kv.field.${f}`)), this.inputs[f], this.errors[f]);
  }

  /** A labelled menu as a field (what is cached: two columns wide). */
  private menuField(key: string, menu: HTMLSelectElement): HTMLElement {
    menu.id = uid(key);
    const cls = key === 'attention' ? 'kv-field kv-field-wide' : 'kv-field';
    return el('div', { class: cls }, el('label', { for: menu.id }, this.ctx.t(`kv.field.${key}`)), menu);
  }

  /** A group of the form: the model (led by what is cached), the cache (ended by its type), the memory (led by the weights' type). */
  private group(name: 'model' | 'run' | 'memory', fields: readonly FieldName[]): HTMLElement {
    const boxes = fields.map((f) => this.boxes[f]);
    const items =
      name === 'model'
        ? [this.menuField('attention', this.menus.attention), ...boxes]
        : name === 'run'
          ? [...boxes, this.menuField('dtype', this.menus.dtype)]
          : [this.menuField('weightDtype', this.menus.weightDtype), ...boxes];
    return el('fieldset', { class: 'kv-group' }, el('legend', {}, this.ctx.t(`kv.group.${name}`)), el('div', { class: 'kv-fields' }, items));
  }

  /** Fill the model's fields from a configuration (custom: leave them as they are); the run's and the memory's stay. */
  choose(id: string): void {
    const c = CONFIGS.find((x) => x.id === id);
    if (!c) return;
    this.select.value = id;
    this.menus.attention.value = c.mla ? 'mla' : 'kv';
    const texts = fieldsOf(c);
    for (const f of MODEL_FIELDS) this.inputs[f].value = texts[f];
    this.update();
  }

  private edited(model: boolean): void {
    if (model) this.select.value = 'custom';
    this.update();
  }

  private chosenMenus(): Menus {
    return {
      attention: this.menus.attention.value as Attention,
      dtype: this.menus.dtype.value as DtypeId,
      weightDtype: this.menus.weightDtype.value as DtypeId,
    };
  }

  /** Read the fields; mark each bad one at its field; recompute from good ones, or keep the last good result, dimmed. */
  update(): void {
    const menus = this.chosenMenus();
    const used = fieldsFor(menus.attention);
    const texts = Object.fromEntries(FIELDS.map((f) => [f, this.inputs[f].value])) as Record<FieldName, string>;
    const { input, problems } = readFields(texts, menus);
    for (const f of FIELDS) {
      const p = problems.find((x) => x.field === f);
      this.boxes[f].hidden = !used.includes(f);
      this.inputs[f].setAttribute('aria-invalid', p ? 'true' : 'false');
      this.inputs[f].classList.toggle('is-invalid', !!p);
      this.errors[f].hidden = !p;
      this.errors[f].textContent = p ? this.ctx.t(`kv.err.${p.key}`, p.vars) : '';
    }
    this.kept.hidden = !problems.length || !this.good;
    this.element.classList.toggle('is-stale', problems.length > 0);
    if (!input) return;
    this.good = input;
    this.showAbout(input);
    this.showResult(input);
    this.draw();
  }

  /** The model's sources and its kind. */
  private showAbout(x: CalcInput): void {
    const t = this.ctx.t.bind(this.ctx);
    const c = CONFIGS.find((k) => k.id === this.select.value);
    const kind = kindOf(x);
    const lines = c ? [t('kv.source', { source: t(`kv.src.${c.id}`) }), t('kv.paramsSource', { source: t(`kv.params.${c.id}`) })] : [];
    lines.push(t(`kv.kind.${kind}`, { ratio: x.queryHeads / x.kvHeads }));
    replaceChildren(
      this.about,
      lines.map((line) => el('p', {}, line)),
    );
  }

  private showResult(x: CalcInput): void {
    const t = this.ctx.t.bind(this.ctx);
    const c = CONFIGS.find((k) => k.id === this.select.value);
    const width = dtypeBytes(x.dtype);
    const bytes = cacheBytes(x, x.tokens, width, x.batch);
    const vars = {
      name: c?.name ?? t('kv.custom'),
      tokens: grouped(x.tokens),
      batch: grouped(x.batch),
      width: x.dtype,
      bytes: grouped(bytes),
      units: binaryUnits(bytes),
    };
    const fit = fitOf(x);
    const hint = (text: string | null) => (text === null ? null : el('p', { class: 'hint' }, text));
    replaceChildren(
      this.result,
      el('p', { class: 'kv-big', 'data-testid': 'kv-total' }, t(x.batch > 1 ? 'kv.resultBatch' : 'kv.result', vars)),
      el('p', { class: 'kv-rule' }, t(x.mla ? 'kv.formula.mla' : 'kv.formula.kv')),
      el('p', { class: 'kv-formula', 'data-testid': 'kv-formula' }, cacheFormula(x, t)),
      hint(windowNote(x, t)),
      hint(x.dtype === 'int4' ? t('kv.int4') : null),
      hint(x.dtype === 'int4' || x.dtype === 'fp8' ? t('kv.scales') : null),
      hint(this.mhaLine(x, bytes)),
      el('p', { class: 'kv-model-bytes', 'data-testid': 'kv-model-bytes' }, weightsLine(x, t)),
      el('p', { class: `kv-fits ${fit.fits ? 'is-yes' : 'is-no'}`, 'data-testid': 'kv-fits' }, fitLine(x, t)),
    );
  }

  /** How much larger the cache would be with K and V for every query head (null for MHA). */
  private mhaLine(x: CalcInput, bytes: bigint): string | null {
    if (!x.mla && x.kvHeads >= x.queryHeads) return null;
    const mha = cacheBytes({ ...x, mla: null, kvHeads: x.queryHeads }, x.tokens, dtypeBytes(x.dtype), x.batch);
    const ratio = Number(mha) / Number(bytes);
    const times = Number.isInteger(ratio) ? ratio : Number(ratio.toPrecision(3));
    const vars = { times, units: binaryUnits(mha), heads: x.queryHeads, dim: x.headDim };
    return this.ctx.t(x.mla ? 'kv.mhaMla' : 'kv.mha', vars);
  }

  /** Redraw the chart of the last good fields at the chart's width (`width`: the panel's, when known). */
  draw(width?: number): void {
    if (width) this.width = width;
    const x = this.good;
    if (!x) return;
    const t = this.ctx.t.bind(this.ctx);
    const bars: ChartBar[] = cacheBars(x).map((b) => {
      const vars = { tokens: grouped(b.tokens), width: b.dtype, bytes: grouped(b.bytes), units: binaryUnits(b.bytes) };
      return {
        tokens: b.tokens,
        width: b.width,
        value: Number(b.bytes),
        chosen: b.chosen,
        label: b.dtype,
        size: binaryUnits(b.bytes),
        title: t('kv.bar', vars),
      };
    });
    const w = Math.max(280, Math.min(640, this.width || this.chart.clientWidth || 480));
    const title = t('kv.chart', { batch: grouped(x.batch) });
    const svg = drawBarChart(document, bars, w, this.logScale.checked, title, (n) => t('kv.chart.tokens', { tokens: grouped(n) }));
    const list = el(
      'ul',
      { class: 'visually-hidden' },
      bars.map((b) => el('li', {}, b.title)),
    );
    replaceChildren(this.chart, el('p', { class: 'kv-chart-title' }, title), svg, list);
  }
}
