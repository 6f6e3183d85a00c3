// experiment-forms.ts — the settings form of each experiment card: its fields
// (key, label, kind) with the defaults as text. The keys are the settings'
// names (experiments/<name>.ts), except the permutation's `source` (random X
// or the playground's current X). The card (experiment-card.ts) builds them.

import { DEFAULT_H1, DEFAULT_PERMUTATION, DEFAULT_QUADRATIC, DEFAULT_RELATIVE, DEFAULT_SCALING, type ExperimentName } from '../experiments/run';
import { DEFAULT_DEPTH } from '../experiments/depth'; // depth (experiment 6)
import { DEFAULT_MEMORY } from '../experiments/memory'; // memory (experiment 8)
import type { PanelContext } from './context';

/** A settings field of an experiment form. */
export interface Field {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'select' | 'checkbox';
  value: string;
  options?: [string, string][];
  wide?: boolean;
}

/** The form of each experiment, with the defaults as text. */
export function fieldsOf(e: ExperimentName, t: PanelContext['t']): Field[] {
  switch (e) {
    case 'scaling':
      return [
        { key: 'ds', label: t('exp.field.ds'), kind: 'text', value: DEFAULT_SCALING.ds.join(', '), wide: true },
        { key: 'n', label: t('exp.field.nKeys'), kind: 'number', value: String(DEFAULT_SCALING.n) },
        { key: 'trials', label: t('exp.field.trials'), kind: 'number', value: String(DEFAULT_SCALING.trials) },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_SCALING.seed) },
      ];
    case 'permutation':
      return [
        {
          key: 'source',
          label: t('exp.field.source'),
          kind: 'select',
          value: 'random',
          options: [
            ['random', t('exp.field.sourceRandom')],
            ['current', t('exp.field.sourceCurrent')],
          ],
        },
        { key: 'n', label: 'n', kind: 'number', value: String(DEFAULT_PERMUTATION.n) },
        { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_PERMUTATION.d) },
        { key: 'perm', label: t('exp.field.perm'), kind: 'text', value: '', wide: true },
        {
          key: 'pe',
          label: t('exp.field.pe'),
          kind: 'select',
          value: DEFAULT_PERMUTATION.pe,
          options: [
            ['none', t('exp.field.peNone')],
            ['sinusoidal', t('exp.field.peSin')],
            // RoPE and ALiBi (experiment 7)
            ['rope', t('exp.field.peRope')],
            ['alibi', t('exp.field.peAlibi')],
          ],
        },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_PERMUTATION.seed) },
      ];
    case 'quadratic':
      return [
        { key: 'nMax', label: t('exp.field.nMax'), kind: 'number', value: String(DEFAULT_QUADRATIC.nMax) },
        { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_QUADRATIC.d) },
        { key: 'repeats', label: t('exp.field.repeats'), kind: 'number', value: String(DEFAULT_QUADRATIC.repeats) },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_QUADRATIC.seed) },
      ];
    case 'h1':
      return [
        { key: 'n', label: 'n', kind: 'number', value: String(DEFAULT_H1.n) },
        { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_H1.d) },
        { key: 'h', label: t('exp.field.h'), kind: 'number', value: String(DEFAULT_H1.h) },
        { key: 'causal', label: t('opt.mask.causal'), kind: 'checkbox', value: String(DEFAULT_H1.causal) },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_H1.seed) },
      ];
    // relative position (experiment 5)
    case 'relative':
      return relativeFields(t);
    // depth (experiment 6)
    case 'depth':
      return [
        { key: 'n', label: 'n', kind: 'number', value: String(DEFAULT_DEPTH.n) },
        { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_DEPTH.d) },
        { key: 'L', label: t('exp.field.layers'), kind: 'number', value: String(DEFAULT_DEPTH.L) },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_DEPTH.seed) },
      ];
    // memory (experiment 8)
    case 'memory':
      return [
        { key: 'ns', label: t('exp.field.nList'), kind: 'text', value: DEFAULT_MEMORY.ns.join(', '), wide: true },
        { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_MEMORY.d) },
        { key: 'causal', label: t('opt.mask.causal'), kind: 'checkbox', value: String(DEFAULT_MEMORY.causal) },
        { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_MEMORY.seed) },
      ];
  }
}

/** The relative-position experiment's form (experiment 5). */
function relativeFields(t: PanelContext['t']): Field[] {
  return [
    { key: 'n', label: t('exp.field.nPositions'), kind: 'number', value: String(DEFAULT_RELATIVE.n) },
    { key: 'd', label: 'd', kind: 'number', value: String(DEFAULT_RELATIVE.d) },
    { key: 'seed', label: t('exp.seed'), kind: 'number', value: String(DEFAULT_RELATIVE.seed) },
    { key: 'base', label: t('exp.field.base'), kind: 'number', value: String(DEFAULT_RELATIVE.base) },
    {
      key: 'pairing',
      label: t('exp.field.pairing'),
      kind: 'select',
      value: DEFAULT_RELATIVE.pairing,
      options: [
        ['half', t('exp.field.pairingHalf')],
        ['interleaved', t('exp.field.pairingInterleaved')],
      ],
    },
  ];
}
