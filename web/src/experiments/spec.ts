// spec.ts — an experiment as two descriptors, both in its folder
// (experiments/<name>/):
//
//   index.ts  ExperimentSpec   what runs it and what its form asks: its name, its settings (defaults,
//                              validator, form fields), its run, any special behaviour of its form.
//                              The worker, the clients and the first screen import it.
//   page.ts   ExperimentPage   what the page shows of it: its report files, whether its view has a chart
//                              to download, its words and its view. Only the experiments panel (and
//                              the tests) import it, so nothing that runs an experiment or starts the
//                              page carries reports, words, figures or DOM code.
//
// The two lists in page order are index.ts (EXPERIMENT_SPECS) and pages.ts
// (EXPERIMENT_PAGES, whose type follows the first, entry by entry).

import type { Lang } from '../base/lang';
import type { Words } from '../base/words';
import type { Core } from '../core/core';
import type { ProgressFn, Validator } from './settings';
import type { ViewClass } from './view-kit';

/** A field of an experiment's settings form. */
export interface Field {
  /** The setting it holds, by name; also its link key, `x.<experiment>.<key>` in the state. */
  key: string;
  /** The i18n key of its label; a symbol without a key ('n', 'd') is shown as written. */
  label: string;
  kind: 'text' | 'number' | 'select' | 'checkbox';
  /** Its default, as the form shows it. */
  value: string;
  /** A select's choices: the value and the i18n key of its label. */
  options?: readonly (readonly [string, string])[];
  /** A list that takes a whole row. */
  wide?: boolean;
  /** A setting with no field of its own whose message this field shows beside its own (the source of X shows X's). */
  shows?: string;
}

/** An experiment's settings: their defaults, their validator (against the core's limits) and its form. */
export interface SettingsSpec<S> {
  defaults: S;
  validate: Validator<S>;
  fields: readonly Field[];
}

/** What the playground offers a form. */
export interface FormPage {
  /** The playground's current X (or Q), as rows. */
  currentX(): number[][] | null;
}

/** A picker that reorders rows under the form, writing the order to one of its fields. */
export interface OrderPicker<R> {
  /** The field it writes, as a comma list. */
  field: string;
  /** The i18n keys of its label and of each chip ({i}: the position, {v}: the row). */
  label: string;
  chip: string;
  /** The order to show for the form's settings (and the result just shown, if any); null keeps the one shown. */
  order(raw: Record<string, unknown>, shown?: R): number[] | null;
}

/** What a form does beyond showing its fields. */
export interface FormHooks<R> {
  /** The settings to check and run, from the fields' values (text, or true/false for a checkbox). */
  read?(values: Record<string, unknown>, page: FormPage): Record<string, unknown>;
  /** Rows to reorder with the mouse or the keyboard. */
  picker?: OrderPicker<R>;
}

/** One experiment: what runs it (in the worker: pure, no DOM) and what its form asks. */
export interface ExperimentSpec<N extends string = string, S = unknown, R = unknown> {
  /** Its name: the folder's, the card's `data-testid` (exp-<name>) and its link keys' (x.<name>.*). */
  name: N;
  settings: SettingsSpec<S>;
  /** Run it with valid settings, telling `onProgress` after each step; plain data comes back (it crosses postMessage). */
  run(core: Core, settings: S, onProgress?: ProgressFn): R;
  form?: FormHooks<R>;
}

/** Any experiment's spec. */
export type AnySpec = ExperimentSpec<string, unknown, unknown>;

/** The result of a spec's run. */
export type ResultOf<Spec> = Spec extends { run(...args: never[]): infer R } ? R : never;

/** A file the card offers for download: its name and its text, from a result. */
export interface ReportFile<R> {
  name: string;
  text(result: R, lang: Lang): string;
}

/** Any feature's words: English and 中文 tables with the same keys. */
export type AnyWords = Words<Readonly<Record<string, string>>>;

/** What the page shows of an experiment (its page.ts). */
export interface ExperimentPage<Spec = AnySpec> {
  spec: Spec;
  /** Its report files, in the order of their buttons. */
  files: readonly ReportFile<ResultOf<Spec>>[];
  /** The view has a chart to download as PNG and SVG (`<name>.png`, `<name>.svg`). */
  chart: boolean;
  /** The words only it uses: exp.<name>.*, its exp.field.* and its report's rep.*. */
  words: AnyWords;
  /** Its result view. */
  View: ViewClass<ResultOf<Spec>>;
}

/** The pages of a list of specs, entry by entry. */
export type PagesOf<T extends readonly AnySpec[]> = { readonly [K in keyof T]: ExperimentPage<T[K]> };
