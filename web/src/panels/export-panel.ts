// export-panel.ts — share and keep: copy a link to this exact state, the
// heatmap as PNG/SVG, the output as CSV, everything as JSON, and
// "Copy as PyTorch" (a script that recomputes the same numbers with torch).
// Copying goes through widgets/copy-text.ts (a visible, selected text where the clipboard is blocked).

import { fromTyped } from '../core/core';
import { maskFor, readMatrix, type Outcome } from '../model/compute';
import { copyText } from '../widgets/copy-text';
import { download, el } from '../widgets/dom';
import { embedCode, siteRoot } from '../model/embed-code';
import { formatMatrix } from '../parse/parse';
import { toPyTorch } from '../model/pytorch-export';
import { applied, opOf } from '../model/ops/index';
import type { MatrixName, State } from '../model/state';
import type { Panel, PanelContext } from './context';
import type { ResultsPanel } from './results-panel';
import type { BuiltPanel } from './context';

/** The share/export panel. */
export class ExportPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly results: ResultsPanel;
  private readonly status: HTMLElement;
  private outcome: Outcome | null = null;
  private statusTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(ctx: PanelContext, results: ResultsPanel) {
    this.ctx = ctx;
    this.results = results;
    const t = ctx.t.bind(ctx);
    this.status = el('span', { class: 'export-status', role: 'status', 'data-testid': 'export-status' });
    const button = (key: string, testid: string, action: (b: HTMLElement) => void | Promise<void>) =>
      el('button', { type: 'button', class: 'btn', 'data-testid': testid, onclick: (e: Event) => void action(e.currentTarget as HTMLElement) }, t(key));
    this.element = el(
      'section',
      { class: 'panel panel-export', 'aria-label': t('export.title') },
      el('h2', { class: 'panel-title' }, t('export.title')),
      el(
        'div',
        { class: 'toolbar' },
        button('export.copyLink', 'copy-link', (b) => this.copy(ctx.shareLink(), b)),
        button('export.pytorch', 'copy-pytorch', (b) => this.copyPytorch(b)),
        button('export.embed', 'copy-embed', (b) => this.copy(embedCode(ctx.state(), this.inputs(ctx.state()), siteRoot(), ctx.lang), b)),
        button('export.png', 'export-png', async () => {
          const hm = this.results.heatmap(0);
          if (hm) download('attention-weights.png', await hm.toPNG());
        }),
        button('export.svg', 'export-svg', () => {
          const hm = this.results.heatmap(0);
          if (hm) download('attention-weights.svg', hm.toSVG(), 'image/svg+xml');
        }),
        button('export.linesPng', 'export-lines-png', async () => download('attention-lines.png', await this.results.tokenLines().toPNG())),
        button('export.linesSvg', 'export-lines-svg', () => download('attention-lines.svg', this.results.tokenLines().toSVG(), 'image/svg+xml')),
        button('export.csv', 'export-csv', () => {
          const v = this.outcome?.ok ? this.outcome.view : ctx.lastGood();
          if (v) download('output.csv', formatMatrix(fromTyped(v.out.m), 'csv'), 'text/csv');
        }),
        button('export.json', 'export-json', () => download('attention-playground.json', this.json(), 'application/json')),
        this.status,
      ),
    );
  }

  render(_state: State, outcome: Outcome): void {
    this.outcome = outcome;
  }

  /** Copy `text` pressed from `button`; where the clipboard is blocked the text is shown selected beside it instead. */
  private async copy(text: string, button: HTMLElement): Promise<void> {
    const result = await copyText(text, button, (key) => this.ctx.t(key));
    if (this.statusTimer !== null) clearTimeout(this.statusTimer); // an earlier copy's timer must not clear this one's status
    this.statusTimer = null;
    this.status.textContent = result === 'copied' ? this.ctx.t('export.copied') : '';
    if (result === 'copied') this.statusTimer = setTimeout(() => (this.status.textContent = ''), 2000);
  }

  /** Copy the PyTorch script, or say why there is none (a mask the core refuses, e.g. w > n). */
  private async copyPytorch(button: HTMLElement): Promise<void> {
    let script: string;
    try {
      script = this.pytorch();
    } catch (err) {
      this.status.textContent = this.ctx.t('export.failed', { message: err instanceof Error ? err.message : String(err) });
      return;
    }
    await this.copy(script, button);
  }

  /** The numbers of every input (those that parse). */
  private inputs(state: State): Partial<Record<MatrixName, number[][]>> {
    const out: Partial<Record<MatrixName, number[][]>> = {};
    for (const n of opOf(state).inputs) {
      const { m } = readMatrix(this.ctx.core, state, n);
      if (m) out[n] = fromTyped(m);
    }
    return out;
  }

  /** The PyTorch script of the current state. */
  pytorch(): string {
    const state = this.ctx.state();
    const inputs = this.inputs(state);
    const self = opOf(state).flags.selfInput;
    const nq = (self ? inputs.X : inputs.Q)?.length ?? 0;
    const nk = (self ? inputs.X : inputs.K)?.length ?? 0;
    let mask: boolean[][] | null = null;
    if (nq > 0 && nk > 0) {
      const m = maskFor(this.ctx.core, applied(state), nq, nk);
      if (m) mask = Array.from({ length: nq }, (_, i) => Array.from(m.data.subarray(i * nk, (i + 1) * nk), (x) => x === 1));
    }
    return toPyTorch(state, inputs, mask);
  }

  private json(): string {
    const state = this.ctx.state();
    const v = this.outcome?.ok ? this.outcome.view : this.ctx.lastGood();
    return JSON.stringify(
      {
        operation: state.op,
        link: this.ctx.shareLink(),
        inputs: this.inputs(state),
        weights: v?.heads.map((h) => fromTyped(h.weights)) ?? null,
        out: v ? fromTyped(v.out.m) : null,
      },
      (_k, x: unknown) => (x === -Infinity ? '-Infinity' : x),
      1,
    );
  }
}

/** The export panel over the results panel's figures (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext, results: ResultsPanel): BuiltPanel {
  return { make: () => new ExportPanel(ctx, results) };
}
