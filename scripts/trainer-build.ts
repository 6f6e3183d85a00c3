// trainer-build.ts — the trainer in the builds. The one-file builds
// (vite.config.ts --mode single, vite.package.config.ts --mode standalone)
// resolve the training panel's module to web/src/panels/training/
// offline-panel.ts, which says where to train (the trainer's second WASM
// module and worker are not inlined). The builds with files beside them name
// their two workers apart (workerFileName).

import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { moduleSwap } from './module-swap';

export function offlineTrainer(): Plugin {
  return moduleSwap(
    'offline-trainer',
    (source, importer) => source === './training/training-panel' && importer?.endsWith('/panels/registry.ts') === true,
    resolve(import.meta.dirname, '../web/src/panels/training/offline-panel.ts'),
  );
}

/** The file name of a worker of the component and package builds: the experiments' worker, or the trainer's. */
export function workerFileName(chunk: { facadeModuleId: string | null }): string {
  return /[\\/]training[\\/]worker\.ts$/.test(chunk.facadeModuleId ?? '') ? 'attention-playground.training-worker.js' : 'attention-playground.worker.js';
}
