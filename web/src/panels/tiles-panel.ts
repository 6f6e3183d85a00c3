// tiles-panel.ts — "FlashAttention: the online softmax, tile by tile":
// the state's Q, K, V (model/tiles-input.ts says which, and why in its
// notes) go through core.typed.flash_trace in tiles of state.tileSize keys
// (in the link as 'tb'); Previous / Next / Play / Reset step through the key
// tiles, an aria-live status says "tile 2 of 4: keys 4–7", the score grid
// outlines the current tile (figures/flash-tiles/score-grid.ts) and the table
// gives each row's m, rescale factor, l and partial output (row-table.ts); at
// the end, the check against attention()'s out and each row's lse. The step is
// not in the state: it resets to 0 when the shapes, the mask or the tile change.

import { AttentionError } from '../core/core';
import { rowTable } from '../figures/flash-tiles/row-table';
import { scoreGrid } from '../figures/flash-tiles/score-grid';
import { appliedMask } from '../model/ops/index';
import { TILE_SIZES, type State } from '../model/state';
import { EQUAL_WITHIN } from '../model/tiles';
import { runTiles, tileInputs, type TileNote, type TileRun } from '../model/tiles-input';
import { el, replaceChildren } from '../widgets/dom';
import type { Panel, PanelContext } from './context';
import type { BuiltPanel } from './context';
import flashTilesCss from '../figures/flash-tiles/flash-tiles.css?inline';
import { TILES_WORDS } from './tiles.words';

/** The pause between two tiles while playing (ms). */
export const PLAY_PAUSE_MS = 900;

/** A difference as the check writes it: "2.2e-16", or "0". */
export function formatDifference(d: number): string {
  return d === 0 ? '0' : d.toExponential(1);
}

/** The tile stepper panel. */
export class TilesPanel implements Panel {
  readonly element: HTMLElement;
  private readonly ctx: PanelContext;
  private readonly size: HTMLSelectElement;
  private readonly buttons: Record<'previous' | 'next' | 'play' | 'reset', HTMLButtonElement>;
  private readonly status: HTMLElement;
  private readonly check: HTMLElement;
  private readonly notes: HTMLElement;
  private readonly body: HTMLElement;
  private readonly gridBox: HTMLElement;
  private readonly tableBox: HTMLElement;
  private readonly maskLine: HTMLElement;
  private run: TileRun | null = null;
  private step = 0;
  private tile = 4;
  private causal = false;
  /** The state parts the trace was computed from (compared by identity), and the shape that resets the step. */
  private from: unknown[] = [];
  private shape = '';
  private timer = 0;

  constructor(ctx: PanelContext) {
    this.ctx = ctx;
    const t = ctx.t.bind(ctx);
    const sizeId = `tiles-size-${Math.random().toString(36).slice(2, 8)}`;
    this.size = el('select', { id: sizeId, 'data-testid': 'tiles-size' });
    this.size.addEventListener('change', () => ctx.update((s) => void (s.tileSize = Number(this.size.value)), 'push'));
    const button = (name: 'previous' | 'next' | 'play' | 'reset', action: () => void) =>
      el('button', { type: 'button', class: name === 'next' ? 'btn btn-primary' : 'btn', 'data-testid': `tiles-${name}`, onclick: action }, t(`tiles.${name}`));
    this.buttons = {
      previous: button('previous', () => this.go(this.step - 1)),
      next: button('next', () => this.go(this.step + 1)),
      play: button('play', () => this.togglePlay()),
      reset: button('reset', () => this.go(0)),
    };
    this.status = el('p', { class: 'tiles-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'tiles-status' });
    this.check = el('p', { class: 'tiles-check', 'data-testid': 'tiles-check', hidden: true });
    this.notes = el('div', { class: 'tiles-notes', 'data-testid': 'tiles-notes' });
    this.maskLine = el('p', { class: 'hint tiles-mask' });
    this.gridBox = el('div', { class: 'tiles-grid-box', 'data-testid': 'tiles-grid' });
    this.tableBox = el('div', {
      class: 'table-scroll tiles-table-box',
      'data-testid': 'tiles-table',
      tabindex: 0,
      role: 'region',
      'aria-label': t('tiles.table.caption'),
    });
    const controls = el(
      'div',
      { class: 'toolbar tiles-controls', role: 'group', 'aria-label': t('tiles.controls') },
      el('label', { for: sizeId, class: 'tiles-size-label' }, t('tiles.size')),
      this.size,
      this.buttons.previous,
      this.buttons.next,
      this.buttons.play,
      this.buttons.reset,
    );
    const figure = el('div', { class: 'tiles-figure' }, this.gridBox, el('p', { class: 'hint tiles-legend' }, t('tiles.legend')));
    this.body = el(
      'div',
      { class: 'tiles-body' },
      controls,
      this.status,
      this.maskLine,
      el('div', { class: 'tiles-view' }, figure, el('div', { class: 'tiles-rows' }, this.check, this.tableBox)),
    );
    this.element = el(
      'section',
      { class: 'panel panel-tiles', 'aria-label': t('tiles.title'), 'data-testid': 'tiles-panel' },
      el('h2', { class: 'panel-title' }, t('tiles.title')),
      el('p', { class: 'hint tiles-intro' }, t('tiles.intro')),
      this.notes,
      this.body,
    );
  }

  /** The panel reads the state's inputs itself (it runs even while the operation fails). Recompute the trace when the parts of the state it reads changed; the step goes back to 0 when the shape, mask or tile did. */
  render(state: State): void {
    const from = [
      state.op,
      appliedMask(state),
      state.scale,
      state.tileSize,
      state.matrices.Q,
      state.matrices.K,
      state.matrices.V,
      state.temperature,
      state.qLength,
      state.positions,
    ];
    if (this.from.length && from.every((x, k) => x === this.from[k])) return; // nothing it reads changed
    this.from = from;
    this.showSize(state.tileSize);
    const { inputs, notes } = tileInputs(this.ctx.core, state);
    this.run = null;
    if (inputs) {
      try {
        this.run = runTiles(this.ctx.core, inputs, state.tileSize);
      } catch (err) {
        if (!(err instanceof AttentionError)) throw err;
        notes.push({ key: 'tiles.error', vars: { message: err.message } });
      }
    }
    this.showNotes(notes);
    this.body.hidden = !this.run;
    if (!this.run || !inputs) return this.stopPlay();
    const shape = `${inputs.Q.rows},${inputs.K.rows},${state.tileSize},${inputs.causal}`;
    if (shape !== this.shape) {
      this.stopPlay();
      this.step = 0;
    }
    [this.shape, this.tile, this.causal] = [shape, state.tileSize, inputs.causal];
    this.maskLine.textContent = this.ctx.t(inputs.causal ? 'tiles.causal' : 'tiles.full');
    this.draw();
  }

  /** The menu of tile sizes (TILE_SIZES, and the state's own if a link gave another). */
  private showSize(size: number): void {
    const sizes = TILE_SIZES.includes(size) ? TILE_SIZES : [...TILE_SIZES, size].sort((a, b) => a - b);
    if (this.size.options.length !== sizes.length)
      replaceChildren(
        this.size,
        sizes.map((n) => el('option', { value: n }, String(n))),
      );
    this.size.value = String(size);
  }

  private showNotes(notes: TileNote[]): void {
    const t = this.ctx.t.bind(this.ctx);
    const words = (n: TileNote) => {
      const vars = { ...n.vars };
      if (n.key === 'tiles.note.mask') vars.mask = t(`opt.mask.${vars.mask}`).replace(/\s*[(（][^)）]*[)）]$/, ''); // "custom (click cells)" → "custom"
      return t(n.key, vars);
    };
    replaceChildren(
      this.notes,
      notes.map((n) => el('p', { class: n.key === 'tiles.error' ? 'tiles-note op-message error' : 'tiles-note stale-note' }, words(n))),
    );
  }

  /** Go to step `k` (clamped to 0 … the number of tiles) and redraw. */
  private go(k: number): void {
    if (!this.run) return;
    this.step = Math.max(0, Math.min(this.run.trace.steps.length, k));
    if (this.step === this.run.trace.steps.length || k !== this.step) this.stopPlay();
    this.draw();
  }

  private togglePlay(): void {
    if (this.timer) return this.stopPlay();
    if (!this.run) return;
    if (this.step === this.run.trace.steps.length) this.go(0);
    const tick = () => {
      this.go(this.step + 1);
      if (this.timer) this.timer = window.setTimeout(tick, PLAY_PAUSE_MS);
    };
    this.timer = window.setTimeout(tick, PLAY_PAUSE_MS);
    this.buttons.play.textContent = this.ctx.t('tiles.pause');
  }

  private stopPlay(): void {
    window.clearTimeout(this.timer);
    this.timer = 0;
    this.buttons.play.textContent = this.ctx.t('tiles.play');
  }

  /** Is the panel playing? */
  playing(): boolean {
    return this.timer !== 0;
  }

  private draw(): void {
    const run = this.run;
    if (!run) return;
    const t = this.ctx.t.bind(this.ctx);
    const count = run.trace.steps.length;
    const cur = this.step > 0 ? run.trace.steps[this.step - 1] : null;
    const where: Record<string, number> = cur ? { k: this.step, count, begin: cur.key_begin, end: cur.key_end - 1 } : { count, size: this.tile };
    this.status.textContent = !cur
      ? t('tiles.status.start', where)
      : t(cur.key_end - cur.key_begin === 1 ? 'tiles.status.stepOne' : 'tiles.status.step', where);
    this.buttons.previous.setAttribute('aria-disabled', String(this.step === 0));
    this.buttons.next.setAttribute('aria-disabled', String(this.step === count));
    const label = t('tiles.gridLabel', {
      nq: run.scores.rows,
      nk: run.scores.cols,
      size: this.tile,
      where: t(cur ? 'tiles.gridWhere.step' : 'tiles.gridWhere.start', where),
    });
    replaceChildren(this.gridBox, scoreGrid({ scores: run.scores, causal: this.causal, size: this.tile, step: this.step, label }));
    const last = this.step === count;
    this.check.hidden = !last;
    if (last) {
      const equal = run.difference <= EQUAL_WITHIN;
      this.check.className = `tiles-check ${equal ? 'is-equal' : 'is-different'}`;
      this.check.textContent = t(equal ? 'tiles.equal' : 'tiles.notEqual', { diff: formatDifference(run.difference) });
    }
    const words = (k: string) => t(`tiles.table.${k}`);
    const names = ['caption', 'row', 'm', 'rescale', 'l', 'partial', 'lse', 'unchanged'] as const;
    replaceChildren(
      this.tableBox,
      rowTable(run.trace, this.step, Object.fromEntries(names.map((k) => [k, words(k)])) as Record<(typeof names)[number], string>),
    );
  }

  /** The current step (0: before the first tile). */
  currentStep(): number {
    return this.step;
  }
}

/** The tile stepper with its styles (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext): BuiltPanel {
  return { make: () => new TilesPanel(ctx), styles: [flashTilesCss], words: [TILES_WORDS] };
}
