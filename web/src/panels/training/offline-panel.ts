// offline-panel.ts — the training panel of the one-file builds (the offline
// page, the package's standalone module): they carry one WebAssembly module
// and one worker inlined, and the trainer would add a second of each, so this
// panel says where to train instead. The one-file builds' Vite configs put
// this module in place of training-panel.ts.

import type { State } from '../../model/state';
import { el } from '../../widgets/dom';
import type { BuiltPanel, Panel, PanelContext } from '../context';
import { TRAINING_WORDS } from './training.words';

class OfflineTrainingPanel implements Panel {
  readonly element: HTMLElement;
  constructor(ctx: PanelContext) {
    this.element = el(
      'section',
      { class: 'panel panel-training', 'aria-label': ctx.t('train.title'), 'data-testid': 'training-panel' },
      el('h2', { class: 'panel-title' }, ctx.t('train.title')),
      el('p', { class: 'hint', 'data-testid': 'train-offline' }, ctx.t('train.offline')),
    );
  }
  render(_state: State): void {}
}

/** The panel with its words. */
export function build(ctx: PanelContext): BuiltPanel {
  return { make: () => new OfflineTrainingPanel(ctx), words: [TRAINING_WORDS] };
}
