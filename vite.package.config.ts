// vite.package.config.ts — the npm package `attention-playground`, in dist-package/.
//
//   npx vite build -c vite.package.config.ts                    index.js, core.js, widget.js + chunks/, the worker and
//                                                                attention_core.wasm beside them (found through import.meta.url)
//   npx vite build -c vite.package.config.ts --mode standalone  standalone.js: one ES module, nothing beside it
//
// (`npm run build:package` runs both; package.json's "exports" maps the entry points.)
// The standalone module carries the WASM once, as a data: URL, and the experiments' worker as
// the text of a classic worker started from a blob: URL (scripts/inline-worker.ts).
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { resolve } from 'node:path';
import { inlineWorker, workerAssets } from './scripts/inline-worker';
import { offlineTrainer, workerFileName } from './scripts/trainer-build';
import { noThreadsBuild } from './scripts/threads-build';
import { bundledNoSimdGlue } from './scripts/bundled-glue';
import { numericScales } from './scripts/numeric-scales';

const OUT = resolve(import.meta.dirname, 'dist-package');
const entry = (name: string) => resolve(import.meta.dirname, `web/src/package/${name}.ts`);

export default defineConfig(({ mode }) => (mode === 'standalone' ? standaloneConfig() : filesConfig()));

/** What both builds share. */
const COMMON = { root: 'web', base: './', publicDir: false, logLevel: 'warn', resolve: numericScales } as const;
const COMMON_BUILD = {
  outDir: OUT,
  target: 'es2022',
  chunkSizeWarningLimit: 1024, // the component chunk (≈ 500 KB) and standalone.js (≈ 900 KB) are this size by design
} as const;

/** index, core and widget sharing chunks, with the worker and the .wasm as files beside them. */
function filesConfig(): UserConfig {
  return {
    ...COMMON,
    build: {
      ...COMMON_BUILD,
      emptyOutDir: true,
      assetsInlineLimit: 0,
      // no preload helper: it would name our chunk files, which a user's bundler renames (404s in their build)
      modulePreload: false,
      rollupOptions: {
        input: { index: entry('index'), core: entry('core'), widget: entry('widget') },
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: '[name][extname]' },
      },
    },
    worker: { format: 'es', rollupOptions: { output: { entryFileNames: workerFileName, assetFileNames: '[name][extname]' } } },
    plugins: [bundledNoSimdGlue()], // core.js holds the glue of the build without SIMD128 (Observable Framework keeps one file per entry)
  };
}

/** standalone.js: the widget entry (which registers the element) with everything inlined. */
function standaloneConfig(): UserConfig {
  return {
    ...COMMON,
    build: {
      ...COMMON_BUILD,
      emptyOutDir: false,
      assetsInlineLimit: () => true,
      modulePreload: false,
      rollupOptions: {
        input: { standalone: entry('standalone') },
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: '[name].js', codeSplitting: false },
      },
    },
    worker: { format: 'iife', plugins: () => [noThreadsBuild()] }, // a classic worker: it can start from a blob: URL on any page, file:// included; the worker's bundle leaves out the build with threads too
    plugins: [offlineTrainer(), noThreadsBuild(), inlineWorkerPlugin()],
  };
}

/** Replace the worker file reference by a blob: URL of its text, sharing the module's one copy of the WASM. */
function inlineWorkerPlugin(): Plugin {
  return {
    name: 'attention-playground:standalone',
    enforce: 'post',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const items = Object.values(bundle);
      const main = items.find((f): f is OutputChunk => f.type === 'chunk' && f.isEntry);
      const workers = workerAssets(bundle);
      if (!main || workers.length !== 1) throw new Error(`standalone: expected one entry and one worker, found ${items.map((f) => f.fileName).join(', ')}`);
      const worker = workers[0];
      main.code = inlineWorker(main.code, worker.fileName, String(worker.source), 'standalone');
      delete bundle[worker.fileName];
      const left = Object.keys(bundle).filter((n) => n !== main.fileName);
      if (left.length) throw new Error(`standalone: not inlined: ${left.join(', ')}`);
    },
  };
}
