// notes.ts — the course-notes example: the one import a page needs to use
// <attention-playground>, plus a live line of text that follows the first
// playground through its `playground-change` event.
import '../src/component/attention-playground';
import type { AttentionPlayground } from '../src/component/attention-playground.component';

const seed = document.querySelector<AttentionPlayground>('#seed-example');
const row = document.querySelector<HTMLOutputElement>('#seed-row');

/** Show the weights of query 2 (row index 1) as the lesson text quotes them. */
function showRow(): void {
  const outcome = seed?.getOutcome();
  if (!row || !outcome?.ok) return;
  const w = outcome.view.heads[0].weights;
  const values = Array.from(w.data.subarray(w.cols, 2 * w.cols), (x) => (x === 0 ? '0' : x.toFixed(4)));
  row.value = `[${values.join(', ')}]`;
}

seed?.addEventListener('playground-change', showRow);
