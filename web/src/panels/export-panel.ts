// export-panel.ts — share and keep: copy a link to this exact state, the
// heatmap as PNG/SVG, the output as CSV, everything as JSON, and
// "Copy as PyTorch" (a script that recomputes the same numbers with torch).
// Copying goes through widgets/copy-text.ts (a visible, selected text where the clipboard is blocked).
// The texts that read the inputs (PyTorch, embed code, JSON) are model/export-text.ts's: a large state's are
// built in a worker (worker/client.ts: ExportClient) while the button says "Preparing…".

import { fromTyped } from '../core/core';
import type { Outcome, View } from '../model/compute';
import { copyText } from '../widgets/copy-text';
import { download, el } from '../widgets/dom';
import { siteRoot } from '../model/embed-code';
import { exportsInWorker, exportText, pytorchText, type ExportFormat } from '../model/export-text';
import { formatMatrix } from '../parse/parse';
import type { State } from '../model/state';
import { ExportCancelled, ExportClient } from '../worker/client';
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
  /** Builds a large state's exports off this thread (null where the page cannot start workers). */
  private client: ExportClient | null | undefined;

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
        button('export.pytorch', 'copy-pytorch', (b) => this.copyExport('pytorch', b)),
        button('export.embed', 'copy-embed', (b) => this.copyExport('embed', b)),
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
        button('export.json', 'export-json', (b) => this.downloadJson(b)),
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
    this.showStatus(result === 'copied' ? this.ctx.t('export.copied') : ''); // an earlier copy's timer must not clear this one's status
    if (result === 'copied') this.statusTimer = setTimeout(() => (this.status.textContent = ''), 2000);
  }

  /** Copy the text of `format` pressed from `button`, or say why there is none (e.g. a mask the core refuses: w > n). */
  private async copyExport(format: ExportFormat, button: HTMLElement): Promise<void> {
    const text = await this.exportText(format, button, 'export.failed');
    if (text !== null) await this.copy(text, button);
  }

  /** Download "All as JSON", or say why there is none. */
  private async downloadJson(button: HTMLElement): Promise<void> {
    const text = await this.exportText('json', button, 'export.downloadFailed');
    if (text !== null) download('attention-playground.json', text, 'application/json');
  }

  /**
   * The text of `format` for the current state: built now for a small state; for a large one (model/export-text.ts:
   * exportsInWorker) by the worker, the button saying "Preparing…" meanwhile. Null when it failed (the status
   * says why, with `failed`), when a newer export replaced it, or while the button is already preparing one.
   */
  private async exportText(format: ExportFormat, button: HTMLElement, failed: string): Promise<string | null> {
    if (button.getAttribute('aria-busy') === 'true') return null;
    const state = this.ctx.state();
    const options = { root: siteRoot(), lang: this.ctx.lang, link: this.ctx.shareLink() };
    this.client ??= typeof Worker === 'undefined' ? null : new ExportClient();
    const client = exportsInWorker(this.ctx.core, state) ? this.client : null;
    const label = button.textContent;
    if (client) this.busy(button, this.ctx.t('export.preparing'));
    try {
      if (!client) return exportText(this.ctx.core, state, format, options, this.view());
      return await client.run(state, format, options, format === 'json' && this.outcome?.ok === true);
    } catch (err) {
      if (err instanceof ExportCancelled) return null;
      this.showStatus(this.ctx.t(failed, { message: err instanceof Error ? err.message : String(err) }));
      return null;
    } finally {
      if (client) {
        this.busy(button, label);
        client.release(); // the inputs it built stay in its memory otherwise
      }
    }
  }

  /** Show `button` preparing (label "Preparing…", aria-busy, aria-disabled; it keeps the focus), or back to `label` (null). */
  private busy(button: HTMLElement, label: string | null): void {
    const preparing = label === this.ctx.t('export.preparing');
    button.textContent = label;
    button.setAttribute('aria-busy', String(preparing));
    button.setAttribute('aria-disabled', String(preparing));
    if (preparing) this.showStatus(this.ctx.t('export.preparingStatus'));
    else if (this.status.textContent === this.ctx.t('export.preparingStatus')) this.showStatus('');
  }

  /** Say `text` in the status (no earlier copy's timer clears it). */
  private showStatus(text: string): void {
    if (this.statusTimer !== null) clearTimeout(this.statusTimer);
    this.statusTimer = null;
    this.status.textContent = text;
  }

  /** The result JSON writes: this state's, or the last good one. */
  private view(): View | null {
    return this.outcome?.ok ? this.outcome.view : this.ctx.lastGood();
  }

  /** The PyTorch script of the current state, built on this thread. */
  pytorch(): string {
    return pytorchText(this.ctx.core, this.ctx.state());
  }
}

/** The export panel over the results panel's figures (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext, results: ResultsPanel): BuiltPanel {
  return { make: () => new ExportPanel(ctx, results) };
}
