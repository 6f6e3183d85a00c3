// kvcache-panel.ts — the KV-cache panel: the decoding stepper
// (kv-stepper.ts: the cache growing token by token, equal to the full causal
// pass) beside the calculator of real models' cache sizes (kv-calculator.ts).

import type { Outcome } from '../model/compute';
import type { State } from '../model/state';
import { el } from '../widgets/dom';
import type { Panel, PanelContext } from './context';
import { KvCalculator } from './kv-calculator';
import { KvStepper } from './kv-stepper';
import type { BuiltPanel } from './context';
import kvcacheCss from './kvcache.styles.css?inline';
import { KVCACHE_WORDS } from './kvcache.words';

/** The KV-cache panel. */
export class KvCachePanel implements Panel {
  readonly element: HTMLElement;
  readonly stepper: KvStepper;
  readonly calculator: KvCalculator;
  private readonly observer: ResizeObserver | null = null;

  constructor(ctx: PanelContext) {
    this.stepper = new KvStepper(ctx);
    this.calculator = new KvCalculator(ctx);
    this.element = el(
      'section',
      { class: 'panel panel-kvcache', 'aria-label': ctx.t('kv.title'), 'data-testid': 'kvcache-panel' },
      el('h2', { class: 'panel-title' }, ctx.t('kv.title')),
      el('p', { class: 'hint' }, ctx.t('kv.intro')),
      el('div', { class: 'kv-columns' }, this.stepper.element, this.calculator.element),
    );
    const win = ctx.host.ownerDocument.defaultView;
    if (win && 'ResizeObserver' in win) {
      let last = 0;
      this.observer = new win.ResizeObserver((entries) => {
        const w = Math.floor(entries[0]?.contentRect.width ?? 0);
        if (w > 0 && Math.abs(w - last) > 8) {
          last = w;
          this.calculator.draw(w);
        }
      });
      this.observer.observe(this.calculator.element);
    }
  }

  render(state: State, _outcome: Outcome): void {
    this.stepper.render(state);
  }
}

/** The KV-cache panel with its styles (panels/registry.ts loads this module when it is first needed). */
export function build(ctx: PanelContext): BuiltPanel {
  return { make: () => new KvCachePanel(ctx), styles: [kvcacheCss], words: [KVCACHE_WORDS] };
}
