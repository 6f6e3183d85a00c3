// dom.ts — a tiny element builder, so panels read as structure, not as
// chains of createElement/setAttribute. No innerHTML (strict CSP, no XSS).

/** Attributes and handlers for el(). Keys starting with "on" add listeners. */
export type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** A child: a node, text, or nothing. */
export type Child = Node | string | number | null | undefined | false;

/** Create an element: el('button', { class: 'x', onclick: f }, 'Run'). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, '');
    else node.setAttribute(k, String(v));
  }
  append(node, children);
  return node;
}

/** Append children (flattening arrays, skipping empties). */
export function append(node: Node, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Remove every child and append new ones. */
export function replaceChildren(node: Node, ...children: (Child | Child[])[]): void {
  while (node.firstChild) node.removeChild(node.firstChild);
  append(node, children);
}

let counter = 0;
/** A document-unique id for label/aria wiring (several playgrounds may share a page). */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** Offer `data` as a file download. */
export function download(filename: string, data: Blob | string, type = 'text/plain'): void {
  const blob = typeof data === 'string' ? new Blob([data], { type: `${type};charset=utf-8` }) : data;
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: filename });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Format a number for display: −∞ and ∞ spelled out, else `digits` decimals. */
export function formatNumber(x: number, digits = 4): string {
  if (x === -Infinity) return '−∞';
  if (x === Infinity) return '∞';
  if (Number.isNaN(x)) return 'NaN';
  const s = x.toFixed(digits);
  return s.startsWith('-') ? `−${s.slice(1)}` : s;
}
