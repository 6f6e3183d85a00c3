// view.ts — the h = 1 check's result view: the pass mark, the two sentences
// and the table of every h dividing d with its head width and scale.

import type { Lang } from '../../base/lang';
import { el, formatNumber, replaceChildren } from '../../widgets/dom';
import { sentence, textTable, type ExperimentView, type T, type ViewContext } from '../view-kit';
import { h1Sentence } from './report';
import type { H1Result } from './run';

/** h = 1: multi_head with one head equals attention, exactly. */
export class H1View implements ExperimentView<H1Result> {
  readonly element: HTMLElement;
  private readonly mark = el('p', { class: 'exp-mark', 'data-testid': 'exp-h1-mark' });
  private readonly text = sentence('exp-h1-sentence');
  private readonly table = el('div');
  private readonly t: T;
  private readonly lang: Lang;
  constructor({ t, lang }: ViewContext) {
    this.t = t;
    this.lang = lang;
    this.element = el('div', { class: 'exp-result' }, this.mark, el('div', { class: 'exp-split' }, this.text, this.table));
  }
  show(r: H1Result): void {
    this.mark.textContent = r.pass ? `✓ ${this.t('exp.h1.pass')}` : `✗ ${this.t('exp.h1.fail')}`;
    this.mark.classList.toggle('pass', r.pass);
    this.mark.classList.toggle('fail', !r.pass);
    this.text.textContent = h1Sentence(r, this.lang);
    replaceChildren(
      this.table,
      textTable(
        ['h', 'd/h', '√(d/h)'],
        r.table.map((row) => [String(row.h), String(row.dHead), formatNumber(row.scale, 4)]),
        'exp-h1-table',
      ),
    );
  }
  setDimmed(d: boolean): void {
    this.element.classList.toggle('is-dim', d);
  }
  chart() {
    return null;
  }
}
