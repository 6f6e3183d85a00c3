// index.ts — the permutation experiment's spec: its settings, its run, and its
// form's two behaviours: X is random or the playground's current X (the
// `source` field), and the permutation can be dragged into order under the
// form (what the page shows of it is page.ts).

import type { ExperimentSpec, FormPage } from '../spec';
import { runPermutation, type PermutationResult } from './run';
import { SETTINGS, type PermutationSettings } from './settings';

/** The settings of the form's values: X from its source (n and d then come from X), an empty permutation drawn at random. */
function read(values: Record<string, unknown>, page: FormPage): Record<string, unknown> {
  const { source, ...out } = values;
  out.X = source === 'current' ? page.currentX() : null;
  if (out.X) {
    delete out.n;
    delete out.d;
  }
  if (out.perm === '') out.perm = null;
  return out;
}

/** The order the picker shows: the typed permutation, else the one just used, else the identity (none past 64 rows). */
function order(raw: Record<string, unknown>, shown?: PermutationResult): number[] | null {
  const X = raw.X as number[][] | null;
  const n = X ? X.length : Number(raw.n);
  if (!Number.isInteger(n) || n < 1 || n > 64) return null;
  const typed =
    typeof raw.perm === 'string'
      ? raw.perm
          .split(/[\s,]+/)
          .filter((x) => x !== '')
          .map(Number)
      : null;
  const ok = (p: number[] | null | undefined): p is number[] => !!p && p.length === n && [...p].sort((a, b) => a - b).every((v, i) => v === i);
  return ok(typed) ? typed : ok(shown?.perm) ? shown.perm : Array.from({ length: n }, (_, i) => i);
}

/** Permutation: attention does not know the order, until positions tell it. */
export const PERMUTATION: ExperimentSpec<'permutation', PermutationSettings, PermutationResult> = {
  name: 'permutation',
  settings: SETTINGS,
  run: runPermutation,
  form: { read, picker: { field: 'perm', label: 'exp.field.drag', chip: 'exp.perm.chip', order } },
};
