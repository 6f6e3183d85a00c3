// registry.ts — the panels of a playground, one descriptor each, in page
// order: its name (what the `panels` attribute says), its column, whether it
// is on the first screen, and how it is built. The first screen's panels are
// in the page's first chunk and built at once; every other panel's module
// (its code, its styles, its words' use) is loaded with import() when it is
// first needed: when it comes near the screen, or once the first screen is
// painted and the page is idle. A new panel is one folder or module and one
// line here.

import type { BuiltPanel, PanelContext } from './context';
import type { ResultsPanel } from './results-panel';

export type { BuiltPanel } from './context';

/** What a panel's builder is given: the playground, and the results panel (the export draws its figures). */
export interface PanelDeps {
  ctx: PanelContext;
  results: ResultsPanel;
}

import { InputsPanel } from './inputs-panel';
import { OperationPanel } from './operation-panel';
import { PlanePanel } from './plane-panel';
import { ResultsPanel as Results } from './results-panel';

/** One panel of the page. */
export interface PanelSpec {
  name: string;
  /** Where it goes: the left or right column of the first screen, or the full width below. */
  column: 'left' | 'right' | 'wide';
  /** On the first screen: built at once with the page (no import()). */
  eager: boolean;
  /** Build it (a lazy panel's module is loaded on the first call). */
  build(deps: PanelDeps): BuiltPanel | Promise<BuiltPanel>;
}

/** Every panel, in page order. */
export const PANEL_SPECS = [
  { name: 'plane', column: 'left', eager: true, build: ({ ctx }) => ({ make: () => new PlanePanel(ctx) }) },
  { name: 'operation', column: 'left', eager: true, build: ({ ctx }) => ({ make: () => new OperationPanel(ctx) }) },
  { name: 'inputs', column: 'left', eager: true, build: ({ ctx }) => ({ make: () => new InputsPanel(ctx) }) },
  { name: 'results', column: 'right', eager: true, build: ({ results }) => ({ make: () => results }) },
  { name: 'explain', column: 'right', eager: false, build: ({ ctx }) => import('./explain-panel').then((m) => m.build(ctx)) },
  { name: 'steps', column: 'right', eager: false, build: ({ ctx }) => import('./steps-panel').then((m) => m.build(ctx)) },
  { name: 'export', column: 'wide', eager: false, build: ({ ctx, results }) => import('./export-panel').then((m) => m.build(ctx, results)) },
  { name: 'tiles', column: 'wide', eager: false, build: ({ ctx }) => import('./tiles-panel').then((m) => m.build(ctx)) },
  { name: 'kvcache', column: 'wide', eager: false, build: ({ ctx }) => import('./kvcache-panel').then((m) => m.build(ctx)) },
  { name: 'training', column: 'wide', eager: false, build: ({ ctx }) => import('./training/training-panel').then((m) => m.build(ctx)) },
  { name: 'experiments', column: 'wide', eager: false, build: ({ ctx }) => import('./experiments-panel').then((m) => m.build(ctx)) },
] as const satisfies readonly PanelSpec[];

/** The panel names the `panels` attribute accepts. */
export type PanelName = (typeof PANEL_SPECS)[number]['name'];

/** Every panel, in page order. */
export const PANELS: readonly PanelName[] = PANEL_SPECS.map((p) => p.name);

/** The results panel of a playground (built first: the export panel draws its figures). */
export const makeResults = (ctx: PanelContext): ResultsPanel => new Results(ctx);
