// @vitest-environment jsdom
// matrix-editor-export.test.ts — the Export… box of a matrix editor: the
// chosen format is copied at full precision (a random matrix as the core
// draws it), a bad cell is named instead, and the box opens and closes.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { formatMatrix } from '../../../web/src/parse/parse';
import { cells, editorFor, loadCoreInJsdom, rand } from './editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
const writeText = vi.fn((_text: string) => Promise.resolve());
beforeEach(() => {
  document.body.replaceChildren();
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'));

describe('Export…', () => {
  test('copies a summarized random matrix (2 × 128) as the core draws it, in the chosen format', async () => {
    const r = editorFor('Q', rand(2, 128, 1, 0.5), core);
    const box = r.byTestId('export-box-Q')!;
    expect(box.hidden).toBe(true);
    r.byTestId<HTMLButtonElement>('export-Q')!.click();
    expect(box.hidden).toBe(false);
    const format = r.byTestId<HTMLSelectElement>('export-format-Q')!;
    expect(document.activeElement).toBe(format);
    format.value = 'torch';
    r.byTestId<HTMLButtonElement>('export-copy-Q')!.click();
    await vi.waitFor(() => expect(r.byTestId('export-status-Q')?.textContent).toBe('Copied!'));
    const m = core.typed.random_normal(2, 128, 1, 0.5);
    const rows = [Array.from(m.data.subarray(0, 128)), Array.from(m.data.subarray(128))];
    expect(writeText).toHaveBeenCalledWith(formatMatrix(rows, 'torch'));
  });

  test('a cell that is not a number is named, and nothing is copied', () => {
    const r = editorFor('K', cells([['1', 'abc']]));
    r.byTestId<HTMLButtonElement>('export-K')!.click();
    r.byTestId<HTMLButtonElement>('export-copy-K')!.click();
    expect(r.byTestId('export-status-K')?.textContent).toBe('K row 0, column 1 is not a number: fix it before exporting.');
    expect(writeText).not.toHaveBeenCalled();
  });

  test('Export… again, or Close, hides the box', () => {
    const r = editorFor('V', cells([['1']]));
    const box = r.byTestId('export-box-V')!;
    r.byTestId<HTMLButtonElement>('export-V')!.click();
    r.byTestId<HTMLButtonElement>('export-V')!.click();
    expect(box.hidden).toBe(true);
    r.byTestId<HTMLButtonElement>('export-V')!.click();
    box.querySelector<HTMLButtonElement>('button[aria-label="Close (V)"]')!.click();
    expect(box.hidden).toBe(true);
  });
});
