// types.ts — the shapes the tiny-transformer trainer's parts share: the
// model's configuration, a run's settings, what a run reports, and the
// trainer façade (core.ts, over the second WebAssembly module tiny_core) and
// the page's training client (client.ts, over the training worker).
//
// Shape legend: L = layers, h = heads per layer, T = context, d = d_model,
// d_k = d / h, V = vocab, n = parameters.

/** The tasks of cpp/tasks.h, by their task_name. */
export type TaskName = 'induction' | 'induction_random' | 'copy' | 'reverse' | 'previous_token';

/** cpp/tiny_transformer.h TinyConfig. */
export interface TinyConfig {
  layers: number; // 1 … 2
  heads: number; // 1 … 4, dividing dModel
  dModel: number; // 8 … 64
  vocab: number; // 2 … 64
  context: number; // 2 … 64
  layerNorm: boolean;
  positions: 'learned' | 'rope';
  seed: number; // the initial weights, a whole number 0 … 2^53 − 1
  initStd: number; // (0, 1], default 0.02
}

/** A run's settings (cpp/trainer.h TrainOptions and the Adam options). */
export interface TrainSettings {
  task: TaskName;
  batch: number; // 1 … 256
  steps: number; // 1 … 20000
  seed: number; // the batches and the held-out sequence
  lr: number; // Adam's learning rate, (0, 1]
}

/** One named tensor of the flat parameters: params[offset … offset + rows·cols), row-major. */
export interface ParamView {
  name: string;
  offset: number;
  rows: number;
  cols: number;
}

/** A point of the loss curve: the batch's loss and accuracy before step `step` (0 = the first). */
export interface CurvePoint {
  step: number;
  loss: number;
  accuracy: number;
}

/** Every head's scores on the held-out sequence, [l·h + t]: layer l, head t. */
export interface HeadScores {
  previousToken: number[];
  induction: number[];
}

/** Every head's scores at one step of a run (a checkpoint's history; a snapshot without its weights). */
export interface ScorePoint {
  step: number;
  scores: HeadScores;
}

/** The model at one moment of a run. */
export interface Snapshot {
  step: number; // steps taken (0 = the initial weights)
  params: Float64Array; // (n)
  scores: HeadScores;
  /** L·h × (T, T) row-major, [l·h + t], each head's weights on the held-out sequence. */
  attention: Float64Array[];
}

/** One head's actual inputs on a sequence: what "Open this head in the playground" loads. */
export interface HeadInputs {
  q: number[][]; // (T, d_k) after RoPE when the model uses it
  k: number[][]; // (T, d_k)
  v: number[][]; // (T, d_k)
  weights: number[][]; // (T, T) = attention(q, k, v, causal) weights, equal to the model's
}

/** The trainer's session in the tiny_core WASM module (web/src/training/core.ts). */
export interface TinySession {
  readonly config: TinyConfig;
  readonly settings: TrainSettings;
  readonly views: readonly ParamView[];
  /** Steps taken so far. */
  step(): number;
  /** Train `count` more steps (never past settings.steps); the curve points of each step. */
  train(count: number): CurvePoint[];
  /** The model now, with its scores and attention on the held-out sequence. */
  snapshot(): Snapshot;
  /** The held-out sequence's tokens (T). */
  heldOut(): number[];
  /** Replace every parameter (length n, all finite); Adam's state restarts. */
  setParams(params: Float64Array): void;
  /** Head `head` of layer `layer` on `tokens` with the given parameters (default the current ones). */
  headInputs(layer: number, head: number, tokens: number[], params?: Float64Array): HeadInputs;
  /** Free the C++ session. */
  dispose(): void;
}

/** The tiny_core façade: every argument checked in JS first; errors are AttentionErrors. */
export interface TinyCore {
  /** The parameter views of a (valid) config, in order. */
  paramViews(config: TinyConfig): ParamView[];
  createSession(config: TinyConfig, settings: TrainSettings): TinySession;
  /** How many threads its steps use: 2 in the build with threads (loadTinyCore({ threads: 2 }) where allowed), else 1. */
  threads(): number;
}

/** What the training worker reports (client.ts). */
export interface TrainProgress {
  step: number; // steps taken
  total: number; // settings.steps
  curve: CurvePoint[]; // the new points since the last report
  snapshot?: Snapshot; // when a snapshot was taken with this report
  stepsPerSecond: number;
  /** The threads the steps run on: 2 with the trainer's build with threads (a cross-origin isolated page), else 1. */
  threads?: number;
}

/** The page's side of a run in the training worker. */
export interface TrainingRun {
  /** Resolves with every snapshot when the run ends (all steps done); rejects with TrainingCancelled on cancel. */
  readonly done: Promise<Snapshot[]>;
  pause(): void;
  resume(): void;
  cancel(): void;
  readonly paused: boolean;
}
