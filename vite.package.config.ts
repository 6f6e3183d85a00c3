// vite.package.config.ts — the npm package `attention-playground`, in dist-package/.
//
//   npx vite build -c vite.package.config.ts                    index.js, core.js, widget.js + chunks/, the worker and
//                                                                attention_core.wasm beside them (found through import.meta.url)
//   npx vite build -c vite.package.config.ts --mode standalone  standalone.js: one ES module, nothing beside it
//
// (`npm run build:package` runs both; package.json's "exports" maps the entry points.)
// The standalone module carries the WASM once, as a data: URL, and the experiments' worker as
// the text of a classic worker started from a blob: URL; the worker gets the WASM's data: URL
// from the module (prepended to its text) instead of a second copy, which would cost ≈ 100 KB gzipped.
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { resolve } from 'node:path';

const OUT = resolve(import.meta.dirname, 'dist-package');
const entry = (name: string) => resolve(import.meta.dirname, `web/src/package/${name}.ts`);

export default defineConfig(({ mode }) => (mode === 'standalone' ? standaloneConfig() : filesConfig()));

/** index, core and widget sharing chunks, with the worker and the .wasm as files beside them. */
function filesConfig(): UserConfig {
  return {
    root: 'web',
    base: './',
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: OUT,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 1024, // the component chunk (≈ 500 KB) and standalone.js (≈ 900 KB) are this size by design
      assetsInlineLimit: 0,
      rollupOptions: {
        input: { index: entry('index'), core: entry('core'), widget: entry('widget') },
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: '[name][extname]' },
      },
    },
    worker: { format: 'es', rollupOptions: { output: { entryFileNames: 'attention-playground.worker.js', assetFileNames: '[name][extname]' } } },
  };
}

/** standalone.js: the widget entry (which registers the element) with everything inlined. */
function standaloneConfig(): UserConfig {
  return {
    root: 'web',
    base: './',
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: OUT,
      emptyOutDir: false,
      target: 'es2022',
      chunkSizeWarningLimit: 1024, // the component chunk (≈ 500 KB) and standalone.js (≈ 900 KB) are this size by design
      assetsInlineLimit: () => true,
      modulePreload: false,
      rollupOptions: {
        input: { standalone: entry('standalone') },
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: '[name].js', codeSplitting: false },
      },
    },
    worker: { format: 'iife' }, // a classic worker: it can start from a blob: URL on any page, file:// included
    plugins: [inlineWorker()],
  };
}

/** A string literal holding the WASM as a data: URL. */
const WASM_LITERAL = /(["'`])data:application\/wasm;base64,[A-Za-z0-9+/=]+\1/;

/** Replace the worker file reference by a blob: URL of its text, sharing the module's one copy of the WASM. */
function inlineWorker(): Plugin {
  return {
    name: 'attention-playground:standalone',
    enforce: 'post',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const items = Object.values(bundle);
      const main = items.find((f): f is OutputChunk => f.type === 'chunk' && f.isEntry);
      const workers = items.filter((f): f is OutputAsset => f.type === 'asset' && /(^|\/)worker-[^/]*\.js$/.test(f.fileName));
      if (!main || workers.length !== 1) throw new Error(`standalone: expected one entry and one worker, found ${items.map((f) => f.fileName).join(', ')}`);
      const worker = workers[0];
      const wasm = WASM_LITERAL.exec(main.code)?.[0];
      if (!wasm) throw new Error('standalone: the WASM is not inlined in the module');
      const workerCode = String(worker.source);
      if (!workerCode.includes(wasm)) throw new Error('standalone: the worker does not hold the same WASM as the module');
      // the worker's text, without its WASM: it reads the module's copy from a variable set before it
      const workerText = JSON.stringify(workerCode.split(wasm).join('__AP_WASM__'));
      const name = worker.fileName.split('/').pop()!.replace(/[.$]/g, '\\$&');
      const ref = new RegExp(`new URL\\((["'\`])(?:[\\w./-]*/)?${name}\\1,\\s*import\\.meta\\.url\\)(?:\\.href)?`, 'g');
      if (!ref.test(main.code)) throw new Error(`standalone: no reference to ${worker.fileName} in the module`);
      const blob = `URL.createObjectURL(new Blob(["var __AP_WASM__="+JSON.stringify(__AP_WASM__)+";\\n"+${workerText}],{type:"text/javascript"}))`;
      main.code =
        `const __AP_WASM__ = ${wasm};\n` +
        main.code
          .split(wasm)
          .join('__AP_WASM__')
          .replace(ref, () => blob);
      delete bundle[worker.fileName];
      const left = Object.keys(bundle).filter((n) => n !== main.fileName);
      if (left.length) throw new Error(`standalone: not inlined: ${left.join(', ')}`);
    },
  };
}
