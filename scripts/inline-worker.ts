// inline-worker.ts — for the one-file builds (vite.config.ts --mode single, vite.package.config.ts --mode
// standalone): put the experiments' worker into the module that starts it, as the text of a blob: URL,
// with each WASM once. Vite inlines a WASM as a data: URL at every `new URL(…wasm, import.meta.url)`: in
// the module (the Emscripten glue's own, core.ts's WASM_URLS) and in the worker again. There are two:
// the core with SIMD128 (≈ 100 KB gzipped) and the core without (≈ 100 KB, which only a browser without
// WebAssembly SIMD runs; both are inlined, so the file works offline everywhere). Here the module keeps
// one copy of each in a constant, and the worker's text gets them from those constants, prepended when
// the blob is made.

import type { OutputAsset, OutputBundle } from 'rolldown';

/** The workers Vite emitted into `bundle` (assets named worker-<hash>.js). */
export function workerAssets(bundle: OutputBundle): OutputAsset[] {
  return Object.values(bundle).filter((f): f is OutputAsset => f.type === 'asset' && /(^|\/)worker-[^/]*\.js$/.test(f.fileName));
}

/** A string literal holding a WASM as a data: URL. */
const WASM_LITERAL = /(["'`])data:application\/wasm;base64,[A-Za-z0-9+/=]+\1/g;

/** A pattern for the module's `new URL("…/<worker file>", import.meta.url)(.href)` reference to the worker. */
export function workerReference(workerFileName: string): RegExp {
  const name = (workerFileName.split('/').pop() ?? workerFileName).replace(/[.$]/g, '\\$&');
  return new RegExp(`new URL\\((["'\`])(?:[\\w./-]*/)?${name}\\1,\\s*import\\.meta\\.url\\)(?:\\.href)?`, 'g');
}

/** `code` (a module with its WASM inlined) with its reference to the worker replaced by a blob: URL of `workerCode`; throws, naming `what`, when a piece is missing. */
export function inlineWorker(code: string, workerFileName: string, workerCode: string, what: string): string {
  const wasms = [...new Set(code.match(WASM_LITERAL) ?? [])];
  if (!wasms.length) throw new Error(`${what}: the WASM is not inlined in the module`);
  const shared = wasms.filter((w) => workerCode.includes(w));
  if (!shared.length) throw new Error(`${what}: the worker does not hold the same WASM as the module`);
  const ref = workerReference(workerFileName);
  if (!ref.test(code)) throw new Error(`${what}: no reference to ${workerFileName} in the module`);
  const name = (w: string) => `__AP_WASM_${wasms.indexOf(w)}__`;
  const without = (text: string, list: string[]) => list.reduce((t, w) => t.split(w).join(name(w)), text);
  // the worker's text without its WASM: it reads the module's copies from variables set before it
  const prelude = shared.map((w) => `"var ${name(w)}="+JSON.stringify(${name(w)})+";\\n"`).join('+');
  const blob = `URL.createObjectURL(new Blob([${prelude}+${JSON.stringify(without(workerCode, shared))}],{type:"text/javascript"}))`;
  const constants = wasms.map((w) => `const ${name(w)} = ${w};\n`).join('');
  return `${constants}${without(code, wasms).replace(ref, () => blob)}`;
}
