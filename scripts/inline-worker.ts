// inline-worker.ts — for the one-file builds (vite.config.ts --mode single, vite.package.config.ts --mode
// standalone): put the experiments' worker into the module that starts it, as the text of a blob: URL,
// with the WASM once. Vite inlines the WASM as a data: URL at every `new URL(…wasm, import.meta.url)`: in
// the module (twice: the Emscripten glue, core.ts's WASM_URL) and in the worker (twice again); each copy
// is ≈ 100 KB gzipped. Here the module keeps one copy in a constant, and the worker's text gets it from
// that constant, prepended when the blob is made.

import type { OutputAsset, OutputBundle } from 'rolldown';

/** The workers Vite emitted into `bundle` (assets named worker-<hash>.js). */
export function workerAssets(bundle: OutputBundle): OutputAsset[] {
  return Object.values(bundle).filter((f): f is OutputAsset => f.type === 'asset' && /(^|\/)worker-[^/]*\.js$/.test(f.fileName));
}

/** A string literal holding the WASM as a data: URL. */
const WASM_LITERAL = /(["'`])data:application\/wasm;base64,[A-Za-z0-9+/=]+\1/;

/** A pattern for the module's `new URL("…/<worker file>", import.meta.url)(.href)` reference to the worker. */
export function workerReference(workerFileName: string): RegExp {
  const name = (workerFileName.split('/').pop() ?? workerFileName).replace(/[.$]/g, '\\$&');
  return new RegExp(`new URL\\((["'\`])(?:[\\w./-]*/)?${name}\\1,\\s*import\\.meta\\.url\\)(?:\\.href)?`, 'g');
}

/** `code` (a module with the WASM inlined) with its reference to the worker replaced by a blob: URL of `workerCode`; throws, naming `what`, when a piece is missing. */
export function inlineWorker(code: string, workerFileName: string, workerCode: string, what: string): string {
  const wasm = WASM_LITERAL.exec(code)?.[0];
  if (!wasm) throw new Error(`${what}: the WASM is not inlined in the module`);
  if (!workerCode.includes(wasm)) throw new Error(`${what}: the worker does not hold the same WASM as the module`);
  const ref = workerReference(workerFileName);
  if (!ref.test(code)) throw new Error(`${what}: no reference to ${workerFileName} in the module`);
  // the worker's text without its WASM: it reads the module's copy from a variable set before it
  const workerText = JSON.stringify(workerCode.split(wasm).join('__AP_WASM__'));
  const blob = `URL.createObjectURL(new Blob(["var __AP_WASM__="+JSON.stringify(__AP_WASM__)+";\\n"+${workerText}],{type:"text/javascript"}))`;
  return `const __AP_WASM__ = ${wasm};\n${code
    .split(wasm)
    .join('__AP_WASM__')
    .replace(ref, () => blob)}`;
}
