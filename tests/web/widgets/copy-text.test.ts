// @vitest-environment jsdom
// copy-text.test.ts — widgets/copy-text.ts: the Clipboard API first, then execCommand('copy'), and where
// both are refused the text is shown in a focused, selected, read-only box with the message; Escape and
// Close remove it and give the focus back to the button; a later successful copy removes it too.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { copyText, type CopyKey } from '../../../web/src/widgets/copy-text';
import { EN } from '../../../web/src/i18n/i18n';
import { ZH } from '../../../web/src/i18n/i18n';

const en = (key: CopyKey) => EN[key];

function setup(): { row: HTMLElement; button: HTMLButtonElement } {
  const row = document.createElement('div');
  row.className = 'toolbar';
  const button = document.createElement('button');
  row.appendChild(button);
  document.body.appendChild(row);
  return { row, button };
}

function stub(writeText: ((t: string) => Promise<void>) | null, exec: boolean | 'throw'): ReturnType<typeof vi.fn> {
  if (writeText) Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const execCommand = vi.fn(() => {
    if (exec === 'throw') throw new Error('not supported');
    return exec;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return execCommand;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
  document.body.replaceChildren();
});

describe('copyText', () => {
  test('the Clipboard API: copied, execCommand untouched, no box', async () => {
    const { button } = setup();
    const writeText = vi.fn(() => Promise.resolve());
    const exec = stub(writeText, false);
    expect(await copyText('abc', button, en)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(exec).not.toHaveBeenCalled();
    expect(document.querySelector('[data-testid=copy-fallback]')).toBeNull();
  });

  test('the API refuses (NotAllowedError): execCommand copies the text from a hidden textarea, removed after', async () => {
    const { button } = setup();
    let selected = '';
    const exec = stub(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')), true);
    exec.mockImplementation(() => {
      const a = document.activeElement as HTMLTextAreaElement;
      selected = a.value.slice(a.selectionStart, a.selectionEnd);
      return true;
    });
    expect(await copyText('x = 1\ny = 2', button, en)).toBe('copied');
    expect(exec).toHaveBeenCalledWith('copy');
    expect(selected).toBe('x = 1\ny = 2');
    expect(document.querySelectorAll('textarea')).toHaveLength(0);
    expect(document.activeElement).toBe(button);
  });

  for (const [what, writeText, exec] of [
    ['the API refuses and execCommand returns false', () => Promise.reject(new DOMException('blocked', 'NotAllowedError')), false],
    ['no API and execCommand throws', null, 'throw'],
  ] as const)
    test(`${what}: the text is shown selected and focused, with the message, after the button's row`, async () => {
      const { row, button } = setup();
      stub(writeText, exec);
      const text = 'import torch\nprint(1)';
      expect(await copyText(text, button, en)).toBe('shown');
      const box = row.nextElementSibling as HTMLElement;
      expect(box.dataset.testid).toBe('copy-fallback');
      const area = box.querySelector('textarea')!;
      expect(area.value).toBe(text);
      expect(area.readOnly).toBe(true);
      expect(document.activeElement).toBe(area);
      expect([area.selectionStart, area.selectionEnd]).toEqual([0, text.length]);
      const message = box.querySelector('[data-testid=copy-fallback-message]')!;
      expect(message.textContent).toBe(EN['copy.blocked']);
      expect(area.getAttribute('aria-describedby')).toBe(message.id);
      // Escape closes it and the focus goes back to the button
      area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(row.nextElementSibling).toBeNull();
      expect(document.activeElement).toBe(button);
    });

  test('one box per row, Close removes it, and a later copy that works removes a box left open', async () => {
    const { row, button } = setup();
    stub(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')), false);
    await copyText('one', button, (key) => ZH[key]);
    await copyText('two', button, (key) => ZH[key]);
    expect(document.querySelectorAll('[data-testid=copy-fallback]')).toHaveLength(1);
    expect(document.querySelector('textarea')!.value).toBe('two');
    expect(document.querySelector('[data-testid=copy-fallback-message]')!.textContent).toBe(ZH['copy.blocked']);
    (document.querySelector('[data-testid=copy-fallback-close]') as HTMLButtonElement).click();
    expect(row.nextElementSibling).toBeNull();
    expect(document.activeElement).toBe(button);
    await copyText('three', button, en);
    stub(() => Promise.resolve(), false);
    expect(await copyText('four', button, en)).toBe('copied');
    expect(row.nextElementSibling).toBeNull();
  });

  test('the words exist in English and 中文', () => {
    for (const key of ['copy.blocked', 'copy.label', 'copy.close'] as const)
      expect([EN[key].length > 0, ZH[key].length > 0, EN[key] !== ZH[key]]).toEqual([true, true, true]);
    expect(EN['copy.blocked']).toMatch(/Ctrl\+C.*⌘C/);
    expect(ZH['copy.blocked']).toMatch(/Ctrl\+C.*⌘C/);
  });
});
