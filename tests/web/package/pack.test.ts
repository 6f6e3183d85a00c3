// pack.test.ts — the npm package as a user gets it: the tarball `npm pack`
// made (scripts/pack.sh), installed into a scratch folder, imported by Node
// itself (a child process: Node's own resolution of "exports", no Vite), and
// type-checked by tsc from a consumer's file. The browser side is
// tests/e2e/package.spec.ts.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForNode } from '../support/load-core';
import { SEED_000 } from '../../../web/src/model/seed000';

const maxDiff = (a: number[], b: number[]) => a.reduce((worst, x, i) => Math.max(worst, Math.abs(x - b[i])), a.length === b.length ? 0 : Infinity);

const root = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = join(root, 'build/pack/scratch');
const installed = join(scratch, 'node_modules/attention-playground');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  private?: boolean;
  exports: Record<string, string | { types: string; default: string }>;
  files: string[];
  types: string;
  unpkg: string;
  jsdelivr: string;
  sideEffects: string[];
  dependencies?: Record<string, string>;
};
const tarball = join(root, `build/pack/attention-playground-${manifest.version}.tgz`);

/** Run an ES module script with Node in the scratch folder; its stdout parsed as JSON. */
function nodeRun(script: string): unknown {
  const file = join(scratch, 'check.mjs');
  writeFileSync(file, script);
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: scratch, encoding: 'utf8', timeout: 30_000 })) as unknown;
}

beforeAll(() => {
  if (!existsSync(installed)) throw new Error(`${installed} is missing: run bash scripts/pack.sh (the test command does) first`);
});

describe('npm package: the manifest and the tarball', () => {
  const listed = () => execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);

  it('is publishable: named attention-playground, not private, no runtime dependencies (everything is bundled)', () => {
    expect(manifest.name).toBe('attention-playground');
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.files).toEqual(['dist-package']);
  });

  it('has the four entry points, each with its types, and every path it names is in the tarball', () => {
    expect(Object.keys(manifest.exports)).toEqual(expect.arrayContaining(['.', './core', './standalone', './widget']));
    const inTar = new Set(listed().map((f) => f.replace(/^package\//, './')));
    const paths: string[] = [manifest.types, manifest.unpkg, manifest.jsdelivr];
    for (const target of Object.values(manifest.exports)) paths.push(...(typeof target === 'string' ? [target] : [target.types, target.default]));
    for (const p of paths) expect(inTar.has(p), `${p} (named in package.json) is not in the tarball`).toBe(true);
    expect(manifest.unpkg).toBe('./dist-package/standalone.js');
    expect(manifest.sideEffects).not.toContain('./dist-package/core.js'); // importing core alone registers nothing
  });

  it('ships the build only: no sources, tests or build scripts', () => {
    const files = listed();
    expect(files.filter((f) => !/^package\/(dist-package\/|package\.json$|README\.md$|LICENSE$)/.test(f))).toEqual([]);
    expect(files.filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('standalone.js is one file: each of the two WASM builds inlined once, the worker inlined, no sibling URL; ≤ 560 KB gzipped', () => {
    const code = readFileSync(join(installed, 'dist-package/standalone.js'), 'utf8');
    const wasms = code.match(/data:application\/wasm;base64,[A-Za-z0-9+/=]+/g) ?? [];
    expect(wasms.length, 'copies of the WASM (with SIMD128 and without)').toBe(2);
    expect(new Set(wasms).size, 'two different builds').toBe(2);
    expect(code).not.toMatch(/new URL\(\s*["'`](\.{0,2}\/)?[\w/-]+\.(js|wasm)["'`]/);
    expect(code).not.toMatch(/\bimport\s*\(?\s*["'`]\.{1,2}\//);
    const kb = gzipSync(code, { level: 9 }).length / 1024;
    console.log(`standalone.js: ${(code.length / 1024).toFixed(0)} KB, ${kb.toFixed(1)} KB gzipped`);
    // 333 KB before the lessons; the course (its eight lesson files are 15 KB gzipped), the player and the author
    // mode are in the one file too, since a lesson must play from a CDN's standalone.js as it does on the site;
    // the core's build without SIMD (≈ 135 KB of it, base64) so that it runs in a browser without WebAssembly SIMD
    expect(kb).toBeLessThanOrEqual(560);
  });
});

describe('npm package: core.js for the tools that bundle one file per entry', () => {
  it("core.js and the chunks it imports import nothing on demand (Observable Framework keeps only an entry's own chunk)", () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join(installed, 'dist-package', file), 'utf8');
      expect(code, `${file}: a dynamic import of a file beside it`).not.toMatch(/\bimport\s*\(\s*["'`]\.{1,2}\//);
      for (const [, path] of code.matchAll(/\bfrom\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)) visit(join(file, '..', path));
    };
    visit('core.js');
    expect(seen.size).toBeGreaterThan(0);
  });
});

describe('npm package: imported by Node from the scratch install', () => {
  it('each entry point imports; where there is no DOM the element entries register nothing and say so by undefined', () => {
    const out = nodeRun(`
      const result = {};
      for (const spec of ['attention-playground', 'attention-playground/core', 'attention-playground/widget', 'attention-playground/standalone']) {
        const m = await import(spec);
        result[spec] = { keys: Object.keys(m).sort(), element: typeof m.AttentionPlayground, render: typeof m.default?.render };
      }
      console.log(JSON.stringify(result));`);
    expect(out).toEqual({
      'attention-playground': { keys: ['AttentionPlayground'], element: 'undefined', render: 'undefined' },
      'attention-playground/core': {
        keys: expect.arrayContaining(['AttentionError', 'loadCore', 'fromTyped']) as unknown,
        element: 'undefined',
        render: 'undefined',
      },
      'attention-playground/widget': { keys: ['default'], element: 'undefined', render: 'function' },
      'attention-playground/standalone': { keys: ['AttentionPlayground', 'default'], element: 'undefined', render: 'function' },
    });
  });

  it('core computes the seed 000 example from the packaged .wasm, bit for bit as the repository core; errors are AttentionErrors', async () => {
    const out = nodeRun(`
      import { readFileSync } from 'node:fs';
      import { createRequire } from 'node:module';
      import { loadCore, AttentionError } from 'attention-playground/core';
      const wasm = readFileSync(createRequire(import.meta.url).resolve('attention-playground/attention_core.wasm'));
      const core = await loadCore({ wasmBinary: wasm });
      const X = ${JSON.stringify(SEED_000.X)};
      const r = core.attention(X, X, X, core.causal_mask(3));
      let error = null;
      try { core.attention([[1, 2]], [[1, 2, 3]], [[1]]); } catch (e) { error = { isAttentionError: e instanceof AttentionError, message: e.message }; }
      console.log(JSON.stringify({ weights: r.weights, out: r.out, error }));`) as {
      weights: number[][];
      out: number[][];
      error: { isAttentionError: boolean; message: string };
    };
    const core = await loadCoreForNode();
    const X = SEED_000.X;
    const here = core.attention(X, X, X, core.causal_mask(3));
    expect(out.weights).toEqual(here.weights);
    expect(out.out).toEqual(here.out);
    expect(out.weights[0].slice(1)).toEqual([0, 0]); // causal: hidden exactly 0
    for (const row of out.weights) expect(Math.abs(row.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-15);
    expect(out.error.isAttentionError).toBe(true);
    expect(out.error.message).toMatch(/attention/);
  });

  it('core runs the packaged build without SIMD128 too: loadCore({ simd: false }), the same weights', async () => {
    const out = nodeRun(`
      import { readFileSync } from 'node:fs';
      import { createRequire } from 'node:module';
      import { loadCore } from 'attention-playground/core';
      const wasm = readFileSync(createRequire(import.meta.url).resolve('attention-playground/attention_core_nosimd.wasm'));
      const core = await loadCore({ simd: false, wasmBinary: wasm });
      const X = ${JSON.stringify(SEED_000.X)};
      console.log(JSON.stringify(core.attention(X, X, X, core.causal_mask(3))));`) as { weights: number[][]; out: number[][] };
    const core = await loadCoreForNode();
    const here = core.attention(SEED_000.X, SEED_000.X, SEED_000.X, core.causal_mask(3));
    expect(maxDiff(out.weights.flat(), here.weights.flat())).toBeLessThan(1e-12);
    expect(maxDiff(out.out.flat(), here.out.flat())).toBeLessThan(1e-12);
  });

  it('the types work for a TypeScript user (tsc, strict, NodeNext resolution of "exports")', () => {
    writeFileSync(
      join(scratch, 'consumer.ts'),
      `import { loadCore, type Core, type Matrix } from 'attention-playground/core';
import widget from 'attention-playground/widget';
import { AttentionPlayground } from 'attention-playground';
const Q: Matrix = [[1, 0], [0, 1]];
export async function weights(wasmBinary: Uint8Array): Promise<number[][]> {
  const core: Core = await loadCore({ wasmBinary });
  return core.attention(Q, Q, Q).weights;
}
export const render: typeof widget.render = widget.render;
export const element: typeof AttentionPlayground = AttentionPlayground;
`,
    );
    // with a wrong use beside it, so that the check can fail: one run of tsc, one error, in wrong.ts only
    writeFileSync(join(scratch, 'wrong.ts'), `import { loadCore } from 'attention-playground/core';\nexport const x: number = loadCore;\n`);
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const args = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom',
      '--skipLibCheck',
      'consumer.ts',
      'wrong.ts',
    ];
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, ...args], { cwd: scratch, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout);
    }
    const errors = output.split('\n').filter((l) => /error TS\d+/.test(l));
    expect(errors, output).toHaveLength(1);
    expect(errors[0]).toMatch(/^wrong\.ts\(2,14\): error TS2322/);
  });
});
