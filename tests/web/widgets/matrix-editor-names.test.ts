// @vitest-environment jsdom
// matrix-editor-names.test.ts — every per-matrix control has an accessible
// name of its own: with Q, K, V and Wq on one page no two
// buttons or seed boxes share a name, and each names its matrix, in English
// and in 中文.
import { beforeEach, describe, expect, test } from 'vitest';
import type { Lang } from '../../../web/src/i18n/i18n';
import type { MatrixName } from '../../../web/src/model/state';
import { cells, editorFor, grid } from './editor-kit';

beforeEach(() => document.body.replaceChildren());

/** The accessible name of a control: aria-label, else its label's text, else its own text. */
function accessibleName(e: HTMLElement): string {
  const aria = e.getAttribute('aria-label');
  if (aria) return aria;
  const label = e.id ? document.querySelector(`label[for="${e.id}"]`) : null;
  return (label?.textContent ?? e.textContent ?? '').trim();
}

/** Editors for Q, K, V (grids) and Wq (a summary), with every box open so that every control is there. */
function page(lang: Lang): HTMLElement[] {
  const names: MatrixName[] = ['Q', 'K', 'V', 'Wq'];
  for (const n of names) {
    const r = editorFor(n, cells(grid(n === 'Wq' ? 2 : 3, n === 'Wq' ? 32 : 2)), null, lang);
    r.byTestId<HTMLButtonElement>(`paste-${n}`)!.click();
    r.byTestId<HTMLButtonElement>(`export-${n}`)!.click();
  }
  return Array.from(document.querySelectorAll<HTMLElement>('button, input[type=number], select'));
}

describe('accessible names of the per-matrix controls', () => {
  test.each(['en', 'zh'] as const)('%s: no two controls share a name, and each names its matrix', (lang) => {
    const controls = page(lang);
    const names = controls.map(accessibleName);
    const repeated = names.filter((n, i) => names.indexOf(n) !== i);
    expect(repeated, 'names used twice').toEqual([]);
    for (const c of controls) {
      const matrix = c.closest('[data-matrix]')!.getAttribute('data-matrix')!;
      expect(accessibleName(c), `${c.outerHTML.slice(0, 80)} names its matrix`).toMatch(new RegExp(`(^|[^A-Za-z])${matrix}([^A-Za-z]|$)`));
    }
  });

  test('the Paste…, Random fill and Export… buttons say which matrix, in both languages', () => {
    editorFor('K', cells(grid(3, 2)));
    expect(document.querySelector('[data-testid=paste-K]')?.getAttribute('aria-label')).toBe('Paste K…');
    expect(document.querySelector('[data-testid=random-K]')?.getAttribute('aria-label')).toBe('Random fill K');
    expect(document.querySelector('[data-testid=export-K]')?.getAttribute('aria-label')).toBe('Export K…');
    expect(document.querySelector('[data-testid=add-row-K]')?.getAttribute('aria-label')).toBe('+ row (K)');
    document.body.replaceChildren();
    editorFor('K', cells(grid(3, 2)), null, 'zh');
    expect(document.querySelector('[data-testid=paste-K]')?.getAttribute('aria-label')).toBe('粘贴 K…');
    expect(document.querySelector('[data-testid=add-row-K]')?.getAttribute('aria-label')).toBe('+ 行（K）');
  });

  test('each accessible name contains the words the button shows (WCAG 2.5.3, label in name)', () => {
    editorFor('V', cells(grid(3, 2)));
    for (const b of document.querySelectorAll<HTMLButtonElement>('button[aria-label]')) {
      const shown = (b.textContent ?? '').replace(/…$/, '').trim();
      expect(b.getAttribute('aria-label'), `the button showing “${shown}”`).toContain(shown);
    }
  });
});
