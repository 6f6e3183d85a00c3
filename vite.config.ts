import { defineConfig, build, type Plugin, type UserConfig } from 'vite';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { resolve } from 'node:path';
import { inlineWorker, workerAssets, workerReference } from './scripts/inline-worker';
import { offlineTrainer, workerFileName } from './scripts/trainer-build';
import { noThreadsBuild, rawThreadsWorker } from './scripts/threads-build';
import { numericScales } from './scripts/numeric-scales';
import { firstScreenPreloads } from './scripts/first-screen-preload';

// The site is static and works from any sub-path (GitHub Pages serves a
// project under /<repo>/), so every asset URL is relative: base './'.
//
//   npx vite build               the site in dist/ (+ dist/attention-playground.js, the web component)
//   npx vite build --mode single the offline page: one file, dist-single/attention-playground.html
export default defineConfig(({ mode }) => (mode === 'single' ? singleFileConfig() : siteConfig()));

function siteConfig(): UserConfig {
  return {
    root: 'web',
    base: './',
    publicDir: false,
    build: {
      outDir: resolve(import.meta.dirname, 'dist'),
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0, // keep the .wasm a separate, cacheable file
      modulePreload: { polyfill: false }, // no polyfill: a browser without modulepreload (Firefox < 115, Safari < 17) fetches each module when it is imported
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'web/index.html'),
          notes: resolve(import.meta.dirname, 'web/examples/notes.html'),
          'iframe-host': resolve(import.meta.dirname, 'web/examples/iframe-host.html'),
        },
      },
    },
    worker: { format: 'es' },
    resolve: numericScales,
    // cross-origin isolated (as GitHub Pages is through the site's service worker): the page's worker runs the core with two threads
    server: { port: 5173, headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } },
    plugins: [sharedWorker(), componentBuild(), rawThreadsWorker(), firstScreenPreloads()],
  };
}

/**
 * The site's worker (`…/worker.ts?worker&url`) as a chunk of the page's own build instead of a bundle of
 * its own: a module worker imports the chunks it shares with the page (the core's façade, the model, the
 * WASM glue), so a visitor downloads that code once. Only the site: the one-file builds and the component
 * build inline their worker (a classic worker from a blob: URL), as before.
 */
function sharedWorker(): Plugin {
  const PREFIX = '\0shared-worker:';
  return {
    name: 'attention-playground:shared-worker',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('?worker&url')) return null;
      const resolved = await this.resolve(source.slice(0, -'?worker&url'.length), importer);
      return resolved ? PREFIX + resolved.id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      // each worker its own name: two emitted chunks of one name came out as one file
      const ref = this.emitFile({ type: 'chunk', id: file, name: /[\\/]training[\\/]worker\.ts$/.test(file) ? 'training-worker' : 'worker' });
      return `export default import.meta.ROLLDOWN_FILE_URL_${ref};`;
    },
  };
}

/**
 * After the site, build the web component for other pages on its own:
 * dist/attention-playground.js (one module that registers the tag) with
 * attention-playground.worker.js and attention_core.wasm beside it, found
 * through import.meta.url, so
 * `<script type="module" src="…/attention-playground.js">` works from any host path.
 */
function componentBuild(): Plugin {
  return {
    name: 'attention-playground:component-build',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root: resolve(import.meta.dirname, 'web'),
        base: './',
        publicDir: false,
        logLevel: 'warn',
        resolve: numericScales,
        build: {
          outDir: resolve(import.meta.dirname, 'dist'),
          emptyOutDir: false,
          target: 'es2022',
          assetsInlineLimit: 0,
          rollupOptions: {
            input: { 'attention-playground': resolve(import.meta.dirname, 'web/src/component/attention-playground.ts') },
            preserveEntrySignatures: 'exports-only',
            output: { entryFileNames: '[name].js', assetFileNames: '[name][extname]', codeSplitting: false },
          },
        },
        // the experiments' worker beside it too, sharing attention_core.wasm
        worker: { format: 'es', rollupOptions: { output: { entryFileNames: workerFileName, assetFileNames: '[name][extname]' } } },
      });
    },
  };
}

/** The offline page: every asset inlined (the .wasm as a base64 data: URL), then every script and stylesheet inlined into the HTML. */
function singleFileConfig(): UserConfig {
  return {
    root: 'web',
    base: './',
    publicDir: false,
    build: {
      outDir: resolve(import.meta.dirname, 'dist-single'),
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: () => true,
      cssCodeSplit: false,
      modulePreload: false,
      rollupOptions: { input: resolve(import.meta.dirname, 'web/index.html'), output: { codeSplitting: false } },
    },
    resolve: numericScales,
    worker: { format: 'iife', plugins: () => [noThreadsBuild()] }, // a module worker cannot start from a blob: URL in a file:// page; a classic one can; the worker's bundle leaves out the build with threads too
    plugins: [offlineTrainer(), noThreadsBuild(), inlineIntoHtml('attention-playground.html')],
  };
}

/**
 * Put the bundle into its HTML page, renamed `fileName`: module workers
 * become blob: URLs of their code, scripts and stylesheets become inline
 * <script>/<style>. (Inline code needs a page served without a strict CSP;
 * this file is opened from disk.)
 */
function inlineIntoHtml(fileName: string): Plugin {
  return {
    name: 'attention-playground:single-file',
    enforce: 'post',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const items = Object.values(bundle);
      const html = items.find((f): f is OutputAsset => f.type === 'asset' && f.fileName.endsWith('.html'));
      if (!html) throw new Error('single file: no HTML page in the bundle');
      const workers = workerAssets(bundle);
      const inlined = new Set<string>();
      // 1. the worker → a blob: URL of its code sharing the module's one copy of the WASM (scripts/inline-worker.ts),
      //    which worker/start.ts starts as a classic worker (Chromium starts no module worker from a blob: URL
      //    in a file:// page; the single build bundles workers as iife, so they need no module type)
      for (const chunk of items.filter((f): f is OutputChunk => f.type === 'chunk'))
        for (const w of workers) {
          if (!workerReference(w.fileName).test(chunk.code)) continue;
          chunk.code = inlineWorker(chunk.code, w.fileName, String(w.source), 'single file');
          inlined.add(w.fileName);
        }
      // (a dynamic import inlined by codeSplitting: false keeps Vite's preload marker: no deps to preload)
      for (const chunk of items.filter((f): f is OutputChunk => f.type === 'chunk')) chunk.code = chunk.code.replaceAll('__VITE_PRELOAD__', 'void 0');
      const missed = workers.filter((w) => !inlined.has(w.fileName));
      if (missed.length) throw new Error(`single file: no reference to ${missed.map((w) => w.fileName).join(', ')} found to inline`);
      // 2. scripts and stylesheets into the page (`</script` and `</style` cannot appear inside)
      const file = (href: string) => bundle[href.replace(/^\.\//, '')];
      let page = String(html.source);
      page = page.replace(/<script([^>]*?) src="([^"]+)"([^>]*)><\/script>/g, (tag, _a: string, src: string) => {
        const chunk = file(src);
        if (chunk?.type !== 'chunk') return tag;
        inlined.add(chunk.fileName);
        return `<script type="module">${chunk.code.replace(/<\/(script)/gi, '<\\/$1')}</script>`;
      });
      page = page.replace(/<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g, (tag, href: string) => {
        const css = file(href);
        if (css?.type !== 'asset') return tag;
        inlined.add(css.fileName);
        return `<style>${String(css.source).replace(/<\/(style)/gi, '<\\/$1')}</style>`;
      });
      // 3. anything else the page links to (the icon) as a data: URL
      for (const a of items.filter((f): f is OutputAsset => f.type === 'asset' && f !== html && !inlined.has(f.fileName))) {
        const ref = `"./${a.fileName}"`;
        if (!page.includes(ref)) continue;
        const type = a.fileName.endsWith('.svg') ? 'image/svg+xml' : a.fileName.endsWith('.png') ? 'image/png' : 'application/octet-stream';
        page = page.split(ref).join(`"data:${type};base64,${Buffer.from(a.source).toString('base64')}"`);
        inlined.add(a.fileName);
      }
      for (const name of inlined) delete bundle[name];
      const left = Object.keys(bundle).filter((n) => n !== html.fileName);
      if (left.length) throw new Error(`single file: not inlined: ${left.join(', ')}`);
      html.source = page;
      html.fileName = fileName;
    },
  };
}
