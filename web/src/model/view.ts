// view.ts — what the panels show of one computation (plain data: it crosses
// postMessage from the compute worker as it is), and the small builders the
// operations make it with.

import type { TypedMatrix } from '../core/core';
import { fill } from '../base/fill';
import type { CellError } from './inputs';
import type { HeadParts } from './parts';
import type { Pooled } from './pool';
import type { MatrixName } from './state';
import { NAMES, type NameKey, type NameVars } from './words';

export type { NameVars } from './words';

/** A matrix with a display name, e.g. "scores = Q·Kᵀ". */
export interface NamedMatrix {
  /** The name in English (exports and tests read it). */
  name: string;
  /** The same name as an i18n key with its variables: the panels show t(key, vars). */
  key: string;
  vars: NameVars;
  /** Shape as the seed prints it, with the batch of 1: (1, n, d). */
  shape: number[];
  /** The values; a step holds only its first STEP_ROWS rows (`shape` is the whole step's). */
  m: TypedMatrix;
}

/** The weights of one head. */
export interface HeadView {
  /** "head 1", or "head 3 (kv 2)" with grouped K/V heads, in English. */
  label: string;
  /** The label as an i18n key with its variables ({ n } and { n, kv }). */
  key: string;
  vars: NameVars;
  weights: TypedMatrix; // (n_q, n_k)
  /** What the heatmap draws of weights too large to draw cell by cell: their block maxima (pool.ts). */
  drawn?: Pooled;
  /** The vectors the head compares and the core's steps on them, for a small head whose operation keeps them (parts.ts). */
  parts?: HeadParts;
}

/** Everything the result panels draw. */
export interface View {
  heads: HeadView[];
  /** 1 = hidden (query may NOT see key), (n_q, n_k); null when nothing is masked. */
  hidden: Uint8Array | null;
  out: NamedMatrix;
  /** Other results worth showing: q/k/v projections, LN(X), the attention before the residual. */
  extra: NamedMatrix[];
  /** The selected head's steps: scores, scaled, masked, weights, out — or null (an operation without steps). */
  steps: NamedMatrix[] | null;
  /** Which head the steps belong to. */
  stepsHead: number;
  /** Seed-style shape trace lines, e.g. "q (1, 3, 2)  k (1, 3, 2)  v (1, 3, 2)". */
  trace: string[];
  queryLabels: string[];
  keyLabels: string[];
}

/**
 * A failed computation: bad cells, or a shape/argument problem explained in
 * words. `message` is English: for bad cells a summary of the first one and a
 * count (the panels rebuild it translated from `cellErrors`); for a missing
 * input also an i18n `key` with its `vars`; otherwise the core's own message.
 */
export interface Failure {
  cellErrors: CellError[];
  message: string;
  code: string;
  /** The message as an i18n key with its variables, when it is the page's own words. */
  key?: string;
  vars?: NameVars;
}

/** The result of compute(). */
export type Outcome = { ok: true; view: View } | ({ ok: false } & Failure);

/** The numbers of every input of the state's operation. */
export type Inputs = Record<MatrixName, TypedMatrix>;

/** The English text of a name key with its variables filled in. */
export function englishName(key: NameKey, vars: NameVars = {}): string {
  return fill(NAMES[key], vars);
}

/** A named matrix; `rows` is the whole result's when `m` holds only its first rows. */
export function named(key: NameKey, m: TypedMatrix, vars: NameVars = {}, rows = m.rows): NamedMatrix {
  return { name: englishName(key, vars), key, vars, shape: [1, rows, m.cols], m };
}

/** Head i's view of its weights; with `kv`, labelled with the K/V head it reads. */
export function headView(i: number, weights: TypedMatrix, kv?: number): HeadView {
  const [key, vars] = kv === undefined ? (['result.head', { n: i + 1 }] as const) : (['head.kv', { n: i + 1, kv }] as const);
  return { label: englishName(key, vars), key, vars, weights };
}

/** The query and key labels: the token names, or the row numbers. */
export function labelsOf(tokens: readonly string[], nq: number, nk: number): Pick<View, 'queryLabels' | 'keyLabels'> {
  const labels = (n: number) => Array.from({ length: n }, (_, i) => (tokens[i] !== undefined && tokens[i] !== '' ? tokens[i] : String(i)));
  return { queryLabels: labels(nq), keyLabels: labels(nk) };
}

/** A shape as the seed's trace prints it: "(1, 3, 2)". */
export const fmt = (s: readonly number[]) => `(${s.join(', ')})`;

/** The seed-style shape of a matrix, with the batch of 1. */
export const shape = (m: TypedMatrix) => [1, m.rows, m.cols];
