// kv-stepper.ts — the KV-cache panel's decoding stepper: Step /
// Previous / Play / Reset (and the arrow keys, Home, End) through the tokens of
// the example (model/kv-decode.ts), the cache drawn per KV head growing by one
// row per token, each query head linked to its KV head, the new token's
// weights per query head, and the check against the full causal pass.

import { drawCacheBlock } from '../figures/kv-cache/cache-block';
import { kvRunFor, type KvRun } from '../model/kv-decode';
import { grouped } from '../model/kv-cache';
import { opOf } from '../model/ops/index';
import type { State } from '../model/state';
import { el, formatNumber, replaceChildren } from '../widgets/dom';
import type { PanelContext } from './context';

/** Milliseconds between tokens while playing. */
export const PLAY_MS = 700;

/** A largest difference as the page prints it: "1.1e-16", or "0". */
export function formatDiff(x: number): string {
  return x === 0 ? '0' : x.toExponential(1);
}

/** The decoding stepper. */
export class KvStepper {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly source: HTMLElement;
  private readonly status: HTMLElement;
  private readonly check: HTMLElement;
  private readonly perToken: HTMLElement;
  private readonly figure: HTMLElement;
  private readonly weights: HTMLElement;
  private readonly playButton: HTMLButtonElement;
  private run: KvRun | null = null;
  private key = '';
  private t = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    const button = (key: string, testid: string, action: () => void) =>
      el('button', { type: 'button', class: 'btn', 'data-testid': testid, onclick: () => action() }, t(key));
    this.playButton = el(
      'button',
      { type: 'button', class: 'btn btn-primary', 'data-testid': 'kv-play', 'aria-pressed': 'false', onclick: () => this.togglePlay() },
      t('kv.play'),
    );
    this.source = el('p', { class: 'hint', 'data-testid': 'kv-source' });
    this.status = el('p', { class: 'kv-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'kv-status' });
    this.check = el('p', { class: 'kv-check', 'data-testid': 'kv-check' });
    this.perToken = el('p', { class: 'hint', 'data-testid': 'kv-per-token' });
    this.figure = el('div', { class: 'kv-cache', tabindex: '0', 'data-testid': 'kv-cache', onkeydown: (e: Event) => this.onKey(e as KeyboardEvent) });
    this.weights = el('div', { class: 'kv-weights', 'data-testid': 'kv-weights' });
    this.element = el(
      'div',
      { class: 'kv-stepper', role: 'group', 'aria-label': t('kv.stepper') },
      el('h3', { class: 'kv-subtitle' }, t('kv.stepper')),
      this.source,
      el(
        'div',
        { class: 'toolbar kv-controls', onkeydown: (e: Event) => this.onKey(e as KeyboardEvent) },
        button('kv.previous', 'kv-previous', () => this.go(this.t - 1)),
        button('kv.step', 'kv-step', () => this.go(this.t + 1)),
        this.playButton,
        button('kv.reset', 'kv-reset', () => this.go(0)),
      ),
      el('p', { class: 'hint' }, t('kv.keys')),
      this.status,
      this.figure,
      this.weights,
      this.perToken,
      this.check,
    );
  }

  /** Recompute the example when the state's gqa inputs changed (back to token 0), else keep the position. */
  render(state: State): void {
    const m = state.matrices;
    const key = opOf(state).flags.kvCache ? JSON.stringify([m.Q, m.Wq, m.Wk, m.Wv, m.Wo, m.bq, m.bk, m.bv, m.bo, state.numHeads, state.numKvHeads]) : 'seeded';
    if (key === this.key && this.run) return;
    this.key = key;
    this.stop();
    this.run = kvRunFor(this.ctx.core, state);
    const ex = this.run.example;
    this.source.textContent =
      ex.from === 'state'
        ? this.ctx.t('kv.from.state', { heads: ex.heads, kv: ex.kvHeads })
        : this.ctx.t('kv.from.seeded', { why: this.ctx.t(`kv.why.${ex.reason ?? 'notGqa'}`) });
    const values = ex.kvHeads * (this.run.headDimK + this.run.headDimV);
    this.perToken.textContent = this.ctx.t('kv.perToken', { kv: ex.kvHeads, dk: this.run.headDimK, dv: this.run.headDimV, values });
    this.go(0);
  }

  /** The token shown (0 … tokens). */
  position(): number {
    return this.t;
  }

  /** Show token `t` (clamped to 0 … tokens). */
  go(t: number): void {
    if (!this.run) return;
    this.t = Math.max(0, Math.min(this.run.tokens, t));
    this.show();
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.run) return;
    const to: Record<string, number> = { ArrowRight: this.t + 1, ArrowLeft: this.t - 1, Home: 0, End: this.run.tokens };
    if (!(e.key in to)) return;
    e.preventDefault();
    this.stop();
    this.go(to[e.key]);
  }

  private togglePlay(): void {
    if (this.timer) return this.stop();
    if (!this.run) return;
    if (this.t >= this.run.tokens) this.go(0);
    this.timer = setInterval(() => {
      if (!this.run || !this.element.isConnected || this.t >= this.run.tokens) return this.stop();
      this.go(this.t + 1);
      if (this.t >= this.run.tokens) this.stop();
    }, PLAY_MS);
    this.playButton.textContent = this.ctx.t('kv.pause');
    this.playButton.setAttribute('aria-pressed', 'true');
  }

  /** Stop playing. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = this.ctx.t('kv.play');
    this.playButton.setAttribute('aria-pressed', 'false');
  }

  private show(): void {
    const run = this.run as KvRun;
    const { t: tr } = this.ctx;
    const t = this.t;
    const n = run.tokens;
    this.status.textContent = t === 0 ? tr('kv.status.empty', { n }) : tr('kv.status', { t, n, values: grouped(run.cacheValues[t - 1]) });
    if (t === 0) this.check.textContent = '';
    else {
      const diff = run.diff[t - 1];
      this.check.textContent = tr(diff < 1e-12 ? 'kv.equal' : 'kv.differ', { t, diff: formatDiff(diff) });
    }
    this.figure.setAttribute('aria-label', tr('kv.figure', { t }));
    replaceChildren(this.figure, this.blocks(run, t));
    replaceChildren(this.weights, t === 0 ? null : this.weightsTable(run, t));
  }

  /** One SVG per KV head: its query heads and its K and V rows so far. */
  private blocks(run: KvRun, t: number): SVGSVGElement[] {
    const { heads: H, kvHeads: G } = run.example;
    const [dk, dv] = [run.headDimK, run.headDimV];
    const group = H / G;
    return Array.from({ length: G }, (_, g) => {
      const slice = (M: KvRun['K'], w: number) => {
        const out = new Float64Array(run.tokens * w);
        for (let r = 0; r < run.tokens; r++) out.set(M.data.subarray(r * M.cols + g * w, r * M.cols + (g + 1) * w), r * w);
        return out;
      };
      const words = {
        title: this.ctx.t('kv.kvHead', { g }),
        K: this.ctx.t('kv.K'),
        V: this.ctx.t('kv.V'),
        query: (h: number) => this.ctx.t('kv.qHead', { h }),
      };
      const queryHeads = Array.from({ length: group }, (_, i) => g * group + i);
      return drawCacheBlock(document, { kvHead: g, queryHeads, filled: t, tokens: run.tokens, k: slice(run.K, dk), v: slice(run.V, dv), dk, dv }, words);
    });
  }

  /** The new token's weights: a row per query head, a column per cached token, shaded by the weight. */
  private weightsTable(run: KvRun, t: number): HTMLElement {
    const W = run.weights[t - 1];
    const group = run.example.heads / run.example.kvHeads;
    const head = el(
      'tr',
      {},
      el('th', { scope: 'col' }, this.ctx.t('kv.tokens')),
      Array.from({ length: t }, (_, j) => el('th', { scope: 'col' }, this.ctx.t('kv.token', { j }))),
    );
    const rows = Array.from({ length: W.rows }, (_, h) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, this.ctx.t('kv.weightsHead', { h, g: Math.floor(h / group) })),
        Array.from({ length: t }, (_, j) => {
          const w = W.data[h * W.cols + j];
          const cell = el('td', { class: w > 0.55 ? 'kv-w kv-w-strong' : 'kv-w' }, formatNumber(w, 3));
          cell.style.backgroundColor = `rgba(0, 114, 178, ${(0.08 + 0.8 * w).toFixed(3)})`;
          return cell;
        }),
      ),
    );
    return el('table', { class: 'kv-weights-table' }, el('caption', {}, this.ctx.t('kv.weights')), el('thead', {}, head), el('tbody', {}, rows));
  }
}
