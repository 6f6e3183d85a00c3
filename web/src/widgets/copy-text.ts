// copy-text.ts — copy text to the clipboard, and never fail silently. Every
// Copy button of the page goes through copyText(): first the Clipboard API
// (navigator.clipboard.writeText), then the selection-based copy
// (document.execCommand('copy') on a hidden textarea); when both are refused
// (a cross-origin iframe without allow="clipboard-write" in a browser that also
// blocks execCommand, an expired click, a missing API), the text is shown in a
// visible, focused, pre-selected read-only textarea next to the button, with a
// message saying to press Ctrl+C / ⌘C and a Close button (Escape closes too).

import { el, uid } from './dom';

/** The words the fallback box shows (keys of copy.words.ts). */
export type CopyKey = 'copy.blocked' | 'copy.label' | 'copy.close';

/** What happened: the clipboard has the text, or the fallback box shows it. */
export type CopyResult = 'copied' | 'shown';

/** The fallback box after each container (the row of the button), so a second copy reuses it. */
const boxes = new WeakMap<Element, HTMLElement>();

/**
 * Copy `text`, pressed from `button`. Resolves 'copied' when the clipboard has it, or 'shown' when the
 * text is shown selected in a box after the button's row (`t` gives its words in the page's language).
 */
export async function copyText(text: string, button: HTMLElement, t: (key: CopyKey) => string): Promise<CopyResult> {
  const row = button.closest('.toolbar') ?? button.parentElement ?? button;
  if ((await writeWithApi(text)) || execCopy(text, button)) {
    closeBox(row, false);
    return 'copied';
  }
  showBox(text, button, row, t);
  return 'shown';
}

/** What Chromium says of the frame's permissions policy (a cross-origin iframe without allow="clipboard-write": false). */
interface PolicyDocument {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

/** Does the permissions policy let this document write the clipboard? (true where the browser cannot tell) */
export function clipboardAllowed(doc: Document = document): boolean {
  const policy = (doc as Document & PolicyDocument).permissionsPolicy ?? (doc as Document & PolicyDocument).featurePolicy;
  try {
    return policy ? policy.allowsFeature('clipboard-write') : true;
  } catch {
    return true;
  }
}

/** The Clipboard API; false when it is missing, the policy forbids it (asked first: Chromium logs a violation), or it refuses. */
async function writeWithApi(text: string): Promise<boolean> {
  const clipboard = globalThis.navigator?.clipboard as Clipboard | undefined;
  if (typeof clipboard?.writeText !== 'function' || !clipboardAllowed()) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The selection-based copy on a hidden textarea; false when the browser refuses it (or has no execCommand). */
function execCopy(text: string, button: HTMLElement): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const area = el('textarea', { class: 'visually-hidden', readonly: true, tabindex: -1, 'aria-hidden': 'true' });
  area.value = text;
  (button.parentElement ?? document.body).appendChild(area);
  let ok = false;
  try {
    area.focus({ preventScroll: true });
    area.select();
    ok = document.execCommand('copy');
  } catch {
    ok = false; // some browsers throw instead of returning false
  } finally {
    area.remove();
    button.focus({ preventScroll: true }); // keyboard users stay on the button they pressed
  }
  return ok;
}

/** Show `text` selected in the box after `row` (made once, reused), focused. */
function showBox(text: string, button: HTMLElement, row: Element, t: (key: CopyKey) => string): void {
  closeBox(row, false);
  const messageId = uid('copy-fallback-message');
  const lines = text.split('\n').length;
  const area = el('textarea', {
    class: 'copy-fallback-text',
    readonly: true,
    spellcheck: 'false',
    rows: Math.min(Math.max(lines, 2), 10),
    'aria-label': t('copy.label'),
    'aria-describedby': messageId,
    'data-testid': 'copy-fallback-text',
    onfocus: () => area.select(),
  });
  area.value = text;
  const box = el(
    'div',
    { class: 'copy-fallback', role: 'group', 'aria-labelledby': messageId, 'data-testid': 'copy-fallback' },
    el('p', { id: messageId, class: 'copy-fallback-message', 'data-testid': 'copy-fallback-message' }, t('copy.blocked')),
    area,
    el('button', { type: 'button', class: 'btn btn-small', 'data-testid': 'copy-fallback-close', onclick: () => closeBox(row, true, button) }, t('copy.close')),
  );
  box.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    closeBox(row, true, button);
  });
  row.after(box);
  boxes.set(row, box);
  area.focus();
  area.select();
  area.scrollTop = 0;
}

/** Remove the box after `row`, if any; `refocus`: give the focus back to `button`. */
function closeBox(row: Element, refocus: boolean, button?: HTMLElement): void {
  const box = boxes.get(row);
  if (!box) return;
  boxes.delete(row);
  box.remove();
  if (refocus) button?.focus();
}
