// panel-set.ts — the panels of a playground: their names (the `panels` attribute), their page order,
// and building the ones shown. A new panel adds its name to PanelName and PANELS, and one line to
// buildPanels; where it goes on the page is the component's column list.

import type { Panel, PanelContext } from '../panels/context';
import { ExperimentsPanel } from '../panels/experiments-panel';
import { ExplainPanel } from '../panels/explain-panel';
import { ExportPanel } from '../panels/export-panel';
import { InputsPanel } from '../panels/inputs-panel';
import { OperationPanel } from '../panels/operation-panel';
import { PlanePanel } from '../panels/plane-panel';
import { ResultsPanel } from '../panels/results-panel';
import { StepsPanel } from '../panels/steps-panel';
import { TilesPanel } from '../panels/tiles-panel'; // the tile stepper
import { KvCachePanel } from '../panels/kvcache-panel'; // the KV-cache stepper and calculator

/** The panel names the `panels` attribute accepts. */
export type PanelName = 'operation' | 'plane' | 'inputs' | 'results' | 'explain' | 'steps' | 'export' | 'tiles' | 'kvcache' | 'experiments';
/** Every panel, in page order. */
export const PANELS: readonly PanelName[] = ['operation', 'plane', 'inputs', 'results', 'explain', 'steps', 'export', 'tiles', 'kvcache', 'experiments'];

/** The panels of one build: every one by name (the experiments only when shown: it starts a worker), and the two the component talks to. */
export interface PanelSet {
  panels: Partial<Record<PanelName, Panel>>;
  results: ResultsPanel;
  experiments: ExperimentsPanel | null;
}

/** Build the panels for `ctx`; `show` is the set of panels the page shows. */
export function buildPanels(ctx: PanelContext, show: ReadonlySet<PanelName>): PanelSet {
  const results = new ResultsPanel(ctx);
  const experiments = show.has('experiments') ? new ExperimentsPanel(ctx) : null;
  const panels: Partial<Record<PanelName, Panel>> = {
    operation: new OperationPanel(ctx),
    plane: new PlanePanel(ctx),
    inputs: new InputsPanel(ctx),
    results,
    explain: new ExplainPanel(ctx),
    steps: new StepsPanel(ctx),
    tiles: new TilesPanel(ctx), // the tile stepper
    export: new ExportPanel(ctx, results),
    kvcache: new KvCachePanel(ctx), // the KV-cache stepper and calculator
  };
  if (experiments) panels.experiments = experiments;
  return { panels, results, experiments };
}
