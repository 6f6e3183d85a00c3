// editor-kit.ts — a matrix editor in jsdom with a host that behaves like the
// inputs panel: set() stores the new source and renders it at once, random
// sources are written out by the real WASM core (model/inputs.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCore, type Core } from '../../../web/src/core/core';
import { t, type Lang } from '../../../web/src/i18n/i18n';
import { materialize } from '../../../web/src/model/inputs';
import type { MatrixName, MatrixSource } from '../../../web/src/model/state';
import { MatrixEditor } from '../../../web/src/widgets/matrix-editor';

/**
 * The WASM core, in a jsdom test file (support/load-core.ts resolves the .wasm with new URL(…, import.meta.url),
 * which jsdom's environment turns into an http: address; the folder of this file works in both).
 */
export function loadCoreInJsdom(): Promise<Core> {
  return loadCore({ wasmBinary: readFileSync(join(import.meta.dirname, '../../../web/src/core/wasm/attention_core.wasm')) });
}

/** An editor in the document and what its host saw. */
export interface EditorRig {
  ed: MatrixEditor;
  /** Every source the editor set, in order. */
  sets: MatrixSource[];
  /** The source shown now. */
  current: () => MatrixSource | undefined;
  /** The input of cell (i, j), or null. */
  input: (i: number, j: number) => HTMLInputElement | null;
  /** Every cell input of the editor. */
  inputs: () => HTMLInputElement[];
  /** The element with data-testid `id` inside the editor, or null. */
  byTestId: <E extends HTMLElement = HTMLElement>(id: string) => E | null;
}

/** Cell text as a source. */
export const cells = (rows: string[][]): MatrixSource => ({ kind: 'cells', cells: rows });

/** A random source as the presets write it. */
export const rand = (rows: number, cols: number, seed: number, scale = 1): MatrixSource => ({ kind: 'random', rows, cols, seed, scale });

/** A matrix editor for `name` showing `src`, in the document; `core` writes random sources out (null: cells only); `optional` as for a bias. */
export function editorFor(name: MatrixName, src: MatrixSource | undefined, core: Core | null = null, lang: Lang = 'en', optional = false): EditorRig {
  const sets: MatrixSource[] = [];
  let current = src;
  let seed = 43;
  const ed: MatrixEditor = new MatrixEditor(
    name,
    {
      t: (key, vars) => t(lang, key, vars),
      materialize: (s) => {
        if (s.kind === 'cells') return s.cells.map((r) => [...r]);
        if (!core) throw new Error('this test has no core to write a random source out');
        return materialize(core, s);
      },
      set: (_n, s) => {
        sets.push(s);
        current = s;
        ed.render(s, []);
      },
      seed: () => seed,
      setSeed: (s) => void (seed = s),
    },
    optional,
  );
  document.body.append(ed.element);
  ed.render(src, []);
  const byTestId = <E extends HTMLElement = HTMLElement>(id: string) => ed.element.querySelector<E>(`[data-testid="${id}"]`);
  return {
    ed,
    sets,
    current: () => current,
    input: (i, j) => ed.element.querySelector<HTMLInputElement>(`input.cell[data-row="${i}"][data-col="${j}"]`),
    inputs: () => Array.from(ed.element.querySelectorAll<HTMLInputElement>('input.cell')),
    byTestId,
  };
}

/** `rows` × `cols` cells of text `f(i, j)`. */
export const grid = (rows: number, cols: number, f: (i: number, j: number) => string = (i, j) => String(i * cols + j)): string[][] =>
  Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => f(i, j)));
