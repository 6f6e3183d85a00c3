// matrix-export.ts — the Export… box of one matrix editor: choose a format
// (CSV, TSV, JSON, NumPy, PyTorch: all of them the paste box reads back),
// then copy the text or download it as a file. Full float64 precision.

import { copyText } from './copy-text';
import { download, el, uid } from './dom';
import { EXPORT_FORMATS, FORMAT_FILES, FORMAT_LABELS, exportText, type ExportFormat } from './matrix-values';

/** Translate, as the panel context does. */
type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Matrices of more values than this are not written out here (tens of megabytes of text). */
export const MAX_EXPORT_CELLS = 1 << 20;

/** The export box of matrix `name`; `cells()` gives its cell text (random values written out), `size()` its rows × cols. */
export class ExportBox {
  readonly element: HTMLElement;
  private readonly name: string;
  private readonly t: Translate;
  private readonly format: HTMLSelectElement;
  private readonly status: HTMLElement;
  private readonly cells: () => string[][];
  private readonly size: () => number;

  constructor(name: string, t: Translate, cells: () => string[][], size: () => number) {
    this.name = name;
    this.t = t;
    this.cells = cells;
    this.size = size;
    const formatId = uid(`export-format-${name}`);
    this.format = el(
      'select',
      { id: formatId, 'data-testid': `export-format-${name}`, 'aria-label': t('inputs.named', { label: t('inputs.exportFormat'), name }) },
      EXPORT_FORMATS.map((f) => el('option', { value: f }, FORMAT_LABELS[f])),
    );
    this.status = el('span', { class: 'export-box-status', role: 'status', 'data-testid': `export-status-${name}` });
    const named = (label: string) => t('inputs.named', { label, name });
    this.element = el(
      'div',
      { class: 'export-box toolbar', hidden: true, 'data-testid': `export-box-${name}` },
      el('label', { for: formatId, class: 'seed-label' }, t('inputs.exportFormat')),
      this.format,
      el(
        'button',
        {
          type: 'button',
          class: 'btn btn-small',
          'data-testid': `export-copy-${name}`,
          'aria-label': named(t('inputs.copy')),
          onclick: (e: Event) => void this.copy(e.currentTarget as HTMLElement),
        },
        t('inputs.copy'),
      ),
      el(
        'button',
        {
          type: 'button',
          class: 'btn btn-small',
          'data-testid': `export-download-${name}`,
          'aria-label': named(t('inputs.download')),
          onclick: () => this.save(),
        },
        t('inputs.download'),
      ),
      el('button', { type: 'button', class: 'btn btn-small', 'aria-label': named(t('inputs.close')), onclick: () => this.close() }, t('inputs.close')),
      this.status,
    );
  }

  /** Show the box, or hide it when it is open. */
  toggle(): void {
    this.element.hidden = !this.element.hidden;
    this.status.textContent = '';
    if (!this.element.hidden) this.format.focus();
  }

  private close(): void {
    this.element.hidden = true;
  }

  /** The text in the chosen format, or null (the status then says why). */
  private text(): string | null {
    const count = this.size();
    if (count > MAX_EXPORT_CELLS) {
      this.status.textContent = this.t('inputs.exportTooLarge', { name: this.name, cells: count, max: MAX_EXPORT_CELLS });
      return null;
    }
    const r = exportText(this.cells(), this.selected());
    if (typeof r === 'string') return r;
    this.status.textContent = this.t('inputs.exportBad', { where: this.t('inputs.cell', { name: this.name, row: r.row, col: r.col }) });
    return null;
  }

  private selected(): ExportFormat {
    return (EXPORT_FORMATS as readonly string[]).includes(this.format.value) ? (this.format.value as ExportFormat) : 'csv';
  }

  private async copy(button: HTMLElement): Promise<void> {
    const text = this.text();
    if (text === null) return;
    const result = await copyText(text, button, (key) => this.t(key));
    this.status.textContent = result === 'copied' ? this.t('export.copied') : ''; // else shown selected below
  }

  private save(): void {
    const text = this.text();
    if (text === null) return;
    const { ext, type } = FORMAT_FILES[this.selected()];
    download(`${this.name}.${ext}`, text, type);
    this.status.textContent = '';
  }
}
