// first-screen-preload.ts — hints in the site's index.html, so that the first heatmap waits for no round
// trip it need not wait for.
//
// The page lists its first screen's modules for preloading (Vite writes a <link rel="modulepreload"> for
// each module the entry imports statically), but two files of that first screen are found only late:
//   - the element's registration module (component/attention-playground.ts), which the entry imports with
//     import() once its own modules have arrived and run (main.ts: the embed's flags are read first);
//   - the core's .wasm, which the glue fetches once the component runs and loads the core.
// Each was one more round trip after the first screen's modules had arrived. The registration module gets
// a <link rel="modulepreload">. The .wasm is preloaded by a small script of its own (assets/core-hint-….js,
// written here, no imports, async: it runs as soon as it arrives, while the modules download): where the
// engine runs the SIMD128 build (the check of core/simd.ts) it adds a <link rel="preload" as="fetch"
// crossorigin> for that build's .wasm, the glue's own request (same address, mode cors, same-origin
// credentials), so the glue's fetch takes its response and the .wasm is downloaded once. An engine without
// SIMD128 gets no hint: it downloads only its own build, as before. (A <link> in the HTML itself would start
// one round trip sooner, but every engine would download the SIMD128 build.)
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { SIMD_PROBE } from '../web/src/core/simd';

/**
 * The script that preloads the SIMD128 build's .wasm (`wasm`: its file name, beside the script), written
 * minified: every visitor downloads it. Unminified:
 *   try {
 *     if (WebAssembly.validate(SIMD_PROBE))
 *       document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch',
 *         type: 'application/wasm', crossOrigin: 'anonymous', href: new URL('./<wasm>', import.meta.url).href }));
 *   } catch {}
 */
const hintSource = (wasm: string): string =>
  `try{WebAssembly.validate(new Uint8Array([${SIMD_PROBE.join(',')}]))&&document.head.append(Object.assign(document.createElement("link"),` +
  `{rel:"preload",as:"fetch",type:"application/wasm",crossOrigin:"anonymous",href:new URL(${JSON.stringify(`./${wasm}`)},import.meta.url).href}))}catch{}\n`;

/** The first-screen hints of the site's index.html (not of the example pages). */
export function firstScreenPreloads(): Plugin {
  let hint = '';
  return {
    name: 'attention-playground:first-screen-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre', // before the HTML is written (transformIndexHtml below runs then)
      handler(_options, bundle) {
        const wasm = Object.values(bundle).find((f) => f.type === 'asset' && /(^|\/)attention_core-[\w-]+\.wasm$/.test(f.fileName));
        if (!wasm) throw new Error('first-screen-preload: the core’s .wasm is missing from the build');
        const ref = this.emitFile({ type: 'asset', name: 'core-hint.js', source: hintSource(wasm.fileName.replace(/.*\//, '')) });
        hint = this.getFileName(ref);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !/(^|\/)index\.html$/.test(ctx.path)) return;
        const registration = Object.values(ctx.bundle).find(
          (f) => f.type === 'chunk' && f.moduleIds.some((id) => /[\\/]web[\\/]src[\\/]component[\\/]attention-playground\.ts$/.test(id)),
        );
        if (!registration || registration.type !== 'chunk' || !hint) throw new Error('first-screen-preload: the registration module or the hint is missing');
        const modules = [registration.fileName, ...registration.imports].filter((f) => !html.includes(f)); // those Vite already lists
        const entry = html.indexOf('<script type="module"');
        if (entry < 0) throw new Error('first-screen-preload: index.html has no module script');
        return {
          // the hint before the entry, async: it runs as soon as it arrives (not after the page's stylesheet), the entry once all its modules have
          html: `${html.slice(0, entry)}<script type="module" async crossorigin src="./${hint}"></script>\n    ${html.slice(entry)}`,
          tags: modules.map((f): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` }, injectTo: 'head' })),
        };
      },
    },
  };
}
