// en.ts — the English table: the page's own words, and the words of the
// modules that write text themselves (the figures, the experiments, the paste
// parser, compute.ts), taken from their word tables. Each English string is
// written once: here or in its module; zh.ts holds the 中文 translations.

import { DEPTH_WORDS } from '../experiments/depth-words'; // depth (experiment 6)
import { PROGRESS } from '../experiments/words';
import { POSITIONS_WORDS } from './en-positions'; // experiments 5 and 7
import { PAGE_POSITIONS_WORDS } from './en-page-positions'; // the page's positions
import { MASK_WORDS } from './en-masks'; // the mask menu and figure
import { KVCACHE_WORDS } from './en-kvcache'; // the KV-cache panel
import { TILES_WORDS } from './en-tiles'; // the tile stepper
import { MEMORY_WORDS } from './en-memory'; // experiment 8, memory and time against n
import { COPY_WORDS } from './en-copy'; // the copy fallback box
import { DEFAULT_HEATMAP_WORDS } from '../figures/heatmap/words';
import { DEFAULT_CHART_WORDS } from '../figures/line-chart/words';
import { DEFAULT_TOKEN_LINES_WORDS } from '../figures/token-lines/words';
import { DEFAULT_PLANE_WORDS } from '../figures/vector-plane/words';
import { CELL_MESSAGES, FAILURE_MESSAGES, NAMES } from '../model/words';
import { OP_WORDS } from '../model/ops/index';
import { PASTE_MESSAGES, PASTE_NOTES, PASTE_WORDS } from '../parse/messages';

/** The key prefix of each module's word table, e.g. the heatmap's `table` is 'hm.table'. */
export const PREFIXES = {
  heatmap: 'hm.',
  chart: 'lc.',
  tokenLines: 'tl.',
  plane: 'vp.',
  cell: 'cell.',
  paste: 'paste.',
  pasteNote: 'paste.note.',
} as const;

/** A table with its keys under the prefix P: Prefixed<'hm.', { table: string }> is { 'hm.table': string }. */
export type Prefixed<P extends string, T> = { readonly [K in keyof T & string as `${P}${K}`]: T[K] };

/** A table's entries with their keys under `prefix`: prefixed('hm.', { table: 'Table' }) is { 'hm.table': 'Table' }. */
export function prefixed<P extends string, T extends Readonly<Record<string, string>>>(prefix: P, table: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(table).map(([key, text]) => [prefix + key, text])) as Prefixed<P, T>;
}

/** The page's own words: labels, messages and report headings that no module writes itself. */
const PAGE_WORDS = {
  ...OP_WORDS.en, // the operations and their presets: model/ops/<op>.ts
  ...POSITIONS_WORDS, // experiments 5 and 7: en-positions.ts
  ...PAGE_POSITIONS_WORDS, // the page's positions control and notes: en-page-positions.ts
  ...MASK_WORDS, // the mask menu and figure: en-masks.ts
  ...KVCACHE_WORDS, // the KV-cache panel: en-kvcache.ts
  ...TILES_WORDS, // the tile stepper: en-tiles.ts
  ...MEMORY_WORDS, // experiment 8, memory and time against n: en-memory.ts
  ...COPY_WORDS, // the copy fallback box: en-copy.ts
  'app.title': 'Attention Playground',
  'app.subtitle': 'Each word asks a question (its query) and every word offers an answer (its key): drag the arrows and watch who listens to whom.',
  'app.footer':
    'softmax(Q·Kᵀ / √d_k)·V, computed exactly in float64 by a C++ core compiled to WebAssembly; the numbers agree with PyTorch (float64) within 1e-9.',
  'app.loading': 'Loading the WebAssembly core…',
  'app.loadFailed': 'The WebAssembly core could not be loaded: {message}',
  'app.storedStateDiscarded': 'The state saved in this browser could not be read, so it was discarded.',
  'lang.label': 'Language',
  'op.legend': 'Operation',
  'op.label': 'Operation',
  'preset.label': 'Example',
  'preset.choose': 'Load an example…',
  'preset.sentence': '“the cat sat on the mat” (2-D vectors to drag)',
  'preset.hand': '3×2 by hand',
  'preset.trySeed000': 'Seed 000 example',
  'opt.scale': 'divide by √d_k',
  // the softmax sliders (panels/softmax-sliders.ts)
  'opt.temperature': 'temperature τ',
  'opt.temperature.hint': 'softmax(scores / (τ·√d_k)): τ < 1 sharper, τ > 1 flatter; 1 is standard.',
  'opt.qLength': 'query length ×',
  'opt.qLength.hint': 'Q × this: longer queries, larger scores, sharper weights.',
  'opt.sliderReset': 'Reset {name} to 1',
  'opt.h': 'heads h',
  'opt.eps': 'LayerNorm eps',
  'opt.numHeads': 'query heads',
  'opt.numKvHeads': 'key/value heads',
  'opt.kind.mha': 'MHA: every query head has its own K/V head',
  'opt.kind.mqa': 'MQA: all query heads share one K/V head',
  'opt.kind.gqa': 'GQA: {group} query heads share each K/V head',
  'opt.tokens': 'token names',
  'opt.tokens.placeholder': 'e.g. the cat sat',
  'opt.head': 'steps of head',
  'inputs.title': 'Inputs',
  'inputs.rows': 'rows',
  'inputs.cols': 'columns',
  'inputs.addRow': '+ row',
  'inputs.removeRow': '− row',
  'inputs.addCol': '+ column',
  'inputs.removeCol': '− column',
  'inputs.paste': 'Paste…',
  'inputs.pasteHelp': 'Paste JSON, CSV, TSV, whitespace-separated rows, or a NumPy / PyTorch literal, then Apply.',
  'inputs.apply': 'Apply',
  'inputs.cancel': 'Cancel',
  'inputs.pasteError': '{name}: {message} (line {line}, column {column})',
  'inputs.random': 'Random fill',
  'inputs.seed': 'seed',
  'inputs.editCells': 'Edit cells',
  'inputs.randomSummary': 'random normal × {scale}, seed {seed}',
  'inputs.tooLarge': 'Too large to edit cell by cell: paste a matrix or use a random fill.',
  'inputs.cell': '{name} row {row}, column {col}',
  'inputs.optional': '(optional, empty = no bias)',
  'inputs.clear': 'Clear',
  'inputs.reset': 'Reset to example',
  // the matrix editor: summary of wide matrices, export, per-matrix button names (widgets/matrix-*.ts)
  'inputs.named': '{label} ({name})',
  'inputs.pasteNamed': 'Paste {name}…',
  'inputs.randomNamed': 'Random fill {name}',
  'inputs.seedNamed': 'seed of {name}',
  'inputs.export': 'Export…',
  'inputs.exportNamed': 'Export {name}…',
  'inputs.exportFormat': 'format',
  'inputs.copy': 'Copy',
  'inputs.download': 'Download',
  'inputs.close': 'Close',
  'inputs.exportBad': '{where} is not a number: fix it before exporting.',
  'inputs.exportTooLarge': '{name} has {cells} values: at most {max} can be exported here. Copy as PyTorch rebuilds it from its seed.',
  'inputs.editNamed': 'Edit cells of {name}',
  'inputs.typed': 'typed values',
  'inputs.stats': 'min {min} · max {max} · mean {mean}',
  'inputs.wide': 'More than {max} columns: shown as a summary.',
  'inputs.large': '{cells} values (more than {max}): shown as a summary.',
  'inputs.bigGrid': '{cells} cells, in a box that scrolls.',
  'inputs.summaryView': 'Show summary',
  'inputs.pointedRow': 'row {row}',
  'result.title': 'Attention weights',
  'result.query': 'query',
  'result.key': 'key',
  'result.masked': 'masked',
  'result.outNamed': 'Output: {name}',
  'result.rowSums': 'row sums',
  'result.rowMax': 'largest weight per row',
  // the weights view switch, the entropies, the compact weights (panels/results-panel.ts, head-card.ts, mini-weights.ts)
  'view.legend': 'Show the weights as',
  'view.heatmap': 'heatmap',
  'view.lines': 'lines',
  'view.both': 'both',
  'view.linesTitle': 'Who attends to whom',
  'result.entropy': 'entropy (nats)',
  'result.maxEntropy': 'largest entropy ln {n} = {value} (uniform weights)',
  'mini.title': 'The weights, while the results are out of sight',
  'mini.label': '{head}: {rows} × {cols} weights',
  'mini.jump': 'See the results ↑',
  'result.stale': 'Showing the last good result: fix the input above.',
  'result.error': 'Cannot compute: {message}',
  'result.pooled': '{rows} × {cols} weights, drawn as {blockRows} × {blockCols} blocks of up to {rowStep} × {colStep}: each shows its largest weight.',
  'result.blockCell': '{row} {rows} → {col} {cols}: largest weight {value}',
  'result.blockMasked': '{row} {rows} → {col} {cols}: {masked}',
  'work.pending': 'Computing {rows} × {cols} weights in the background…',
  'work.pendingHeads': 'Computing {heads} heads of {rows} × {cols} weights in the background…',
  'work.progress': '{note} ({stage})',
  'work.stage.start': 'starting the worker',
  'work.stage.inputs': 'reading the inputs',
  'work.stage.operation': 'computing the attention',
  'work.cancel': 'Cancel',
  'work.cancelled': 'Stopped. Showing the last result; change an input to compute again.',
  'work.failed': 'the background computation failed: {message}',
  'steps.title': 'Step by step',
  'steps.trace': 'Shapes',
  'export.title': 'Share and export',
  'export.copyLink': 'Copy link',
  'export.copied': 'Copied!',
  'export.failed': 'Nothing copied: {message}',
  'export.png': 'Heatmap PNG',
  'export.svg': 'Heatmap SVG',
  'export.linesPng': 'Token view PNG',
  'export.linesSvg': 'Token view SVG',
  'export.csv': 'Output CSV',
  'export.json': 'All as JSON',
  'export.pytorch': 'Copy as PyTorch',
  'export.embed': 'Copy embed code',
  'exp.title': 'Experiments',
  'exp.run': 'Run',
  'exp.cancel': 'Cancel',
  'exp.seed': 'seed',
  'exp.download': 'Download',
  'exp.cancelled': 'Cancelled.',
  'exp.intro':
    '{count} experiments — the seed’s four, then positions, depth and memory — run in a background worker on the same core: change a setting, press Run, download the report.',
  'exp.progress': 'progress',
  'exp.done': 'done in {ms} ms',
  'exp.field.ds': 'values of d_k',
  'exp.field.nKeys': 'keys n',
  'exp.field.trials': 'trials',
  'exp.field.source': 'input X',
  'exp.field.sourceRandom': 'random (n × d)',
  'exp.field.sourceCurrent': 'the playground’s current X / Q',
  'exp.field.perm': 'permutation (empty = random)',
  'exp.field.pe': 'positional encoding',
  'exp.field.drag': 'or drag the rows into a new order (focus one, ← → move it)',
  'exp.field.peSin': 'sinusoidal',
  'exp.field.peNone': 'none',
  'exp.field.nMax': 'largest n',
  'exp.field.repeats': 'repeats',
  'exp.field.h': 'h > 1 to explain',
  'exp.scaling.title': '1. Scaling by √d_k',
  'exp.scaling.what': 'For random standard-normal queries and keys, how large is the largest softmax weight, with and without dividing the scores by √d_k?',
  'exp.scaling.chart': 'Largest softmax weight against d_k',
  'exp.scaling.y': 'largest weight (mean ± std)',
  'exp.scaling.without': 'without ÷√d_k',
  'exp.scaling.with': 'with ÷√d_k',
  'exp.scaling.withoutShort': 'without',
  'exp.scaling.withShort': 'with',
  'exp.scaling.caption': '{n} keys, {trials} trials per d, seed {seed}; the band is mean ± one standard deviation.',
  'exp.scaling.entropyWithout': 'entropy without',
  'exp.scaling.entropyWith': 'entropy with',
  'exp.scaling.entropyNote': 'Entropy of the weights in nats: 0 = all weight on one key, {max} = a uniform average.',
  'exp.permutation.title': '2. Permutation: attention does not know the order',
  'exp.permutation.what': 'Reorder the tokens with P and compare attention(PX) with P·attention(X): equal without a positional encoding, different with one.',
  'exp.perm.without': 'without PE',
  'exp.perm.with': 'with sinusoidal PE',
  'exp.perm.none': 'PE = none',
  'exp.perm.given': 'typed',
  'exp.perm.random': 'random from the seed',
  'exp.perm.token': 'token',
  'exp.perm.chip': 'position {i}: row {v} of X (← → move it)',
  'exp.quadratic.title': '3. Quadratic cost of the score matrix',
  'exp.quadratic.what': 'The score matrix has n × n entries: double the context and it grows four times. Measured here with one attention call per n.',
  'exp.quad.sizeChart': 'Score entries against n (log–log)',
  'exp.quad.timeChart': 'Time of one attention call (log–log)',
  'exp.quad.entries': 'entries n²',
  'exp.quad.entriesSeries': 'score entries',
  'exp.quad.bytes': 'bytes (float64)',
  'exp.quad.time': 'time',
  'exp.quad.measured': 'measured',
  'exp.quad.fit': 'fit, slope {slope}',
  'exp.h1.title': '4. h = 1: multi_head equals attention',
  'exp.h1.what': 'multi_head(Q, K, V, 1) must equal attention(Q, K, V) exactly; for h > 1 each head divides by √(d/h), its own width.',
  'exp.h1.pass': 'pass: the largest difference is exactly 0',
  'exp.h1.fail': 'fail: multi_head(h = 1) differs from attention',
  'exp.status': '{label} ({step}/{total})',
  // the result sentences and the downloaded reports (experiments/reports.ts)
  'rep.scale.near64': 'd = {d} (d = 64 was not measured; this is the nearest)',
  'rep.scale.sentence':
    'At {at}: without scaling the largest weight is {unscaled} (median {unscaledMedian}) — attention picks one key; with scaling it is {scaled} (median {scaledMedian}) — a weighted average.',
  'rep.scale.title': '02-scale.txt — the largest softmax weight with and without dividing the scores by √d_k',
  'rep.scale.settings': 'seed {seed}; {n} keys; {trials} trials per d; one query row and {n} key rows per trial, standard normal',
  'rep.scale.at': '{at}:',
  'rep.scale.without': '  without scaling (Q·Kᵀ):      largest weight {mean} (mean), std {std}, median {median}',
  'rep.scale.with': '  with scaling (Q·Kᵀ / √d_k): largest weight {mean} (mean), std {std}, median {median}',
  'rep.scale.entropy': '  entropy of the weights: {without} without, {with} with scaling (ln {n} = {max} is a uniform average, 0 is one key)',
  'rep.scale.why': 'Why: each score is a sum of d products of standard normals, so its spread grows like √d; dividing by √d_k keeps it at 1 for every d.',
  'rep.scale.table': 'The whole table (max_w: mean of the largest weight over the trials; H: mean entropy in nats):',
  'rep.perm.sentence': 'Without positional encoding, max |attention(PX) − P·attention(X)| = {diff}: attention does not know the order. {tail}',
  'rep.perm.tailNone': 'No positional encoding was chosen, so both cases are the same.',
  'rep.perm.tailPe': 'With the sinusoidal encoding it is {diff}: the order now matters.',
  'rep.perm.title': '05-perm.txt — attention does not know the order (permutation equivariance)',
  'rep.perm.x': 'X: {rows} × {cols}, {source}',
  'rep.perm.xRandom': 'random standard normal, seed {seed}',
  'rep.perm.given': 'given',
  'rep.perm.p': 'permutation P ({source}): {perm} — row i of PX is row P[i] of X',
  'rep.perm.pRandom': 'random, seed {seed}',
  'rep.perm.pe': 'positional encoding: {pe}, added after permuting (PX + PE): a position keeps its encoding while the tokens move',
  'rep.perm.peNone': 'none chosen',
  'rep.perm.peSin': 'sinusoidal pos_encoding(n, d)',
  'rep.perm.without': 'without positional encoding: max |attention(PX) − P·attention(X)| = {diff} ({raw})',
  'rep.perm.with': 'with positional encoding:    max |attention(PX + PE) − P·attention(X + PE)| = {diff} ({raw})',
  'rep.perm.exact': 'Without PE the output is permuted exactly like the input (up to rounding): attention is a function of a set, not of a sequence.',
  'rep.perm.notExact': 'Without PE the difference is larger than rounding (1e-12): check the input.',
  'rep.perm.repeats': 'No encoding was chosen for the second case, so it repeats the first.',
  'rep.perm.differ': 'With PE the outputs differ: the encoding tells attention where each token stands, so reordering changes the result.',
  'rep.perm.small': 'With PE the difference is small: this permutation barely moves the tokens (or X is too symmetric).',
  'rep.quad.sentence': 'Doubling the context (4k → 8k) makes the score matrix {ratio}× larger: {from} → {to} entries, {bytesFrom} → {bytesTo} in float64.',
  'rep.quad.measured':
    'One attention call at n = {n} (d = {d}) took {ms} for {entries} scores ({bytes}); time grows with log–log slope {slope}, entries with slope {entriesSlope}.',
  'rep.quad.slope': '{slope} (fitted for n ≥ {from})',
  'rep.quad.noSlope': 'not fitted (too few points)',
  'rep.h1.pass': '✓ pass',
  'rep.h1.fail': '✗ fail',
  'rep.h1.first': '{mark}: multi_head(Q, K, V, 1) against attention(Q, K, V): largest difference {out} in the output and {weights} in the weights.',
  'rep.h1.one': 'With h = 1 the one head has all d = {d} columns and is scaled by √{d}, exactly like attention.',
  'rep.h1.many':
    'With h = {h} each head sees d/h = {dHead} columns and divides its scores by √(d/h) = {scale}, not √d = {sqrtD}: each head equals attention on its slice (difference {headDiff}); dividing by √d instead would change the weights by up to {wrongDiff}.',
  'rep.h1.sentence': '{first} {second}',
  'rep.notes.title': '# 08-notes.md — attention in three numbers',
  'rep.notes.scale':
    '- **스케일링 (scaling by √d_k):** at d = {d} with {n} keys the largest softmax weight is {unscaled} without scaling and {scaled} with it (mean of {trials} trials, seed {seed}; medians {unscaledMedian} and {scaledMedian}). Without 스케일링 softmax nearly picks one key; with it the output is a weighted average.',
  'rep.notes.scaleMissing': '- **스케일링 (scaling by √d_k):** not measured yet — run the scaling experiment for the two largest weights at d = 64.',
  'rep.notes.perm':
    '- **순서 (order):** without positional encoding attention ignores the 순서 of the tokens: max |attention(PX) − P·attention(X)| = {diff} for P = {perm} (X {rows} × {cols}); {withPe}.',
  'rep.notes.permNone': 'no positional encoding was chosen for the second case',
  'rep.notes.permPe': 'adding the sinusoidal positional encoding after permuting makes it {diff}, so only then does 순서 matter',
  'rep.notes.permMissing': '- **순서 (order):** not measured yet — run the permutation experiment for attention(PX) against P·attention(X).',
  'rep.notes.quad':
    '- **제곱 (square):** the score matrix has n² entries, so it grows with the 제곱 of the context: n = {n} gives {entries} entries ({bytes} in float64) and one attention call took {ms}{slope}. Doubling the context from 4k to 8k makes the score matrix {ratio}× larger ({bytesFrom} → {bytesTo}).',
  'rep.notes.quadSlope': '; the measured time grows with slope {slope} on a log–log plot (n ≥ {from})',
  'rep.notes.quadMissing':
    '- **제곱 (square):** the score matrix has n² entries — the 제곱 of the context: 4k → 8k makes it 4× larger (128 MiB → 512 MiB in float64). Run the quadratic experiment for measured times.',
  // how a weight was made: the written-out computation (model/explain*.ts, panels/explain-panel.ts)
  'explain.title': 'How weight ({i}, {j}) was made',
  'explain.titleOutput': 'How output row {i} was made',
  'explain.hint': 'Point at a weight (hover or focus a heatmap cell) to see how it was made.',
  'explain.default': 'Shown now: the largest weight of the selected query {i}.',
  'explain.hintDefault': '{hint} {now}',
  'explain.copy': 'Copy as text',
  'explain.copied': 'Copied!',
  'explain.query': 'query {name}',
  'explain.key': 'key {name}',
  'explain.sep': ', ',
  'explain.step.source': 'The vectors',
  'explain.step.dot': 'Score: the dot product of the query and the key',
  'explain.step.scaled': 'Scaled score',
  'explain.step.softmax': 'Softmax over the row: the weight',
  'explain.step.share': 'Its share of the output',
  'explain.step.weights': 'The weights row',
  'explain.step.sum': 'The weighted sum of the value rows',
  'explain.projected': 'Here q = X·Wq and k = X·Wk are the projected queries and keys, and v = X·Wv.',
  'explain.headColumns': 'Head {n} compares columns {from}–{to} of Q and K.',
  'explain.qLength': 'The queries are the rows of Q times the length multiplier {f}.',
  'explain.terms': ' ({n} terms; the {hidden} in the middle are not shown)',
  'explain.termsKeys': ' ({n} keys; the {hidden} in the middle are not shown)',
  'explain.noScaling': ' (not divided: √d_k scaling is off and τ = 1)',
  'explain.sumOf': '(the sum over {n} keys)',
  'explain.shift':
    'm = {m} is the largest scaled score of the row: subtracting it from every exponent gives the same weight and keeps every e^… within float64.',
  'explain.maskedKeys': 'Masked keys add e^(−∞) = 0 to the sum: {keys}.',
  'explain.masked': 'Masked: query {i} may not see key {j}, so its score becomes −∞ before softmax and its weight is exactly 0.',
  'explain.allMasked': 'Every key is masked for query {i}: all its weights are 0 and its output row is 0.',
  'explain.maskedShare': 'A weight of 0 adds nothing to {out}.',
  'explain.weightShare': '{out} is a weighted average of the value rows (the weights sum to 1): {v} enters it with weight {pct}.',
  'explain.columns': 'Per column, this term is {list}.',
  'explain.column': '{part} of {total} ({pct}) in column {c}',
  'explain.sumsToOne': 'The weights of a row sum to 1.',
  'explain.largest': 'The largest, {w}, is on {k}.',
  'explain.headSlice': 'This is head {n}’s part of the output: columns {from}–{to} of the output row.',
  'explain.summary': 'Weight ({i}, {j}) = {w}: score {s}, scaled {x}, softmax {num} / {den}.',
  'explain.summaryMasked': 'Weight ({i}, {j}) = 0: key {j} is masked for query {i}.',
  'explain.summaryOutput': 'Output row {i} = {row}.',
  // the vector plane: queries and keys as arrows (panels/plane-panel.ts; the figure's own words are 'vp.')
  'plane.title': 'Queries and keys as arrows',
  'plane.titleHead': 'Queries and keys as arrows — head {n}',
  'plane.prompt': 'Drag a query arrow (or focus it and use the arrow keys) and watch the weights change.',
} as const;

/** The parts of the English table, each from one source; no key is in two parts (the tests check). */
export const EN_PARTS = {
  page: PAGE_WORDS,
  heatmap: prefixed(PREFIXES.heatmap, DEFAULT_HEATMAP_WORDS),
  chart: prefixed(PREFIXES.chart, DEFAULT_CHART_WORDS),
  tokenLines: prefixed(PREFIXES.tokenLines, DEFAULT_TOKEN_LINES_WORDS),
  plane: prefixed(PREFIXES.plane, DEFAULT_PLANE_WORDS),
  progress: PROGRESS,
  depth: DEPTH_WORDS, // depth (experiment 6)
  cells: prefixed(PREFIXES.cell, CELL_MESSAGES),
  failures: prefixed(PREFIXES.cell, FAILURE_MESSAGES),
  names: NAMES,
  paste: prefixed(PREFIXES.paste, PASTE_MESSAGES),
  pasteNotes: prefixed(PREFIXES.pasteNote, PASTE_NOTES),
  pasteWords: prefixed(PREFIXES.paste, PASTE_WORDS),
} as const;

/** The English table: every key the page translates, with its English text. */
export const EN = {
  ...EN_PARTS.page,
  ...EN_PARTS.heatmap,
  ...EN_PARTS.chart,
  ...EN_PARTS.tokenLines,
  ...EN_PARTS.plane,
  ...EN_PARTS.progress,
  ...EN_PARTS.depth, // depth (experiment 6)
  ...EN_PARTS.cells,
  ...EN_PARTS.failures,
  ...EN_PARTS.names,
  ...EN_PARTS.paste,
  ...EN_PARTS.pasteNotes,
  ...EN_PARTS.pasteWords,
} as const;

/** A translation key. */
export type Key = keyof typeof EN;
