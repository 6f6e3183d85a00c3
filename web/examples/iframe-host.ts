// iframe-host.ts — a host page driving an embedded playground by postMessage
// (the protocol is documented in web/src/component/embed.ts): load the seed 000
// example, read the weights back, run an experiment, and size the iframe to
// the height the page reports.

import { SEED_000 } from '../src/model/seed000';

const frame = document.querySelector<HTMLIFrameElement>('#frame')!;
const status = document.querySelector<HTMLElement>('#host-status')!;
const out = document.querySelector<HTMLElement>('#host-weights')!;
const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('.host-toolbar button'));

/** The seed 000 example, sent as plain numbers (X is 3×4; Wq, Wk, Wv are 4×2, used as X·W). */
const SEED_000_STATE = { op: 'single_head', causal: true, matrices: SEED_000 };

/** An answer of the embedded page. */
interface Answer {
  type: string;
  id?: number;
  ok?: boolean;
  message?: string;
  weights?: number[][][];
  height?: number;
  result?: { pass?: boolean; max_out_diff?: number };
}

// the iframe's origin ('null' for file://, where only '*' can address it)
const origin = new URL(frame.src, location.href).origin;
const target = origin === 'null' ? '*' : origin;
const waiting = new Map<number, (a: Answer) => void>();
let nextId = 1;

/** Send a command; resolves with the answer that carries its id. */
function request(message: object): Promise<Answer> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    frame.contentWindow?.postMessage({ ...message, id }, target);
  });
}

window.addEventListener('message', (e: MessageEvent<Answer>) => {
  if (e.source !== frame.contentWindow || (origin !== 'null' && e.origin !== origin)) return;
  const a = e.data;
  if (a?.type === 'attention-playground:height' && typeof a.height === 'number') frame.style.height = `${a.height}px`;
  else if (a?.type === 'attention-playground:ready') ready();
  else if (typeof a?.id === 'number' && a.type !== 'attention-playground:progress') {
    waiting.get(a.id)?.(a);
    waiting.delete(a.id);
  }
});

/** Enable the commands once the embedded page has computed its first result. */
function ready(): void {
  if (!buttons[0].disabled) return;
  for (const b of buttons) b.disabled = false;
  status.textContent = 'Ready. · 就绪。';
}
// the page may have been ready before this script listened: ask once it has loaded
frame.addEventListener('load', () => void request({ type: 'attention-playground:get' }).then(ready));

/** Show weights (one table per head), built node by node (no innerHTML: strict CSP). */
function showWeights(weights: number[][][]): void {
  out.replaceChildren(
    ...weights.map((w, h) => {
      const table = document.createElement('table');
      table.dataset.testid = `host-head-${h}`;
      table.createCaption().textContent = `head ${h + 1} · 第 ${h + 1} 个头`;
      for (const row of w) {
        const tr = table.insertRow();
        for (const x of row) tr.insertCell().textContent = x.toFixed(6);
      }
      return table;
    }),
  );
}

document.querySelector('#load-seed')!.addEventListener(
  'click',
  () =>
    void (async () => {
      const a = await request({ type: 'attention-playground:set', state: SEED_000_STATE });
      status.textContent = a.ok ? 'Loaded the seed 000 example. · 已加载种子 000 示例。' : `Error: ${a.message}`;
    })(),
);
document.querySelector('#read-weights')!.addEventListener(
  'click',
  () =>
    void (async () => {
      const a = await request({ type: 'attention-playground:get' });
      status.textContent = a.ok ? 'Weights read back. · 已读回权重。' : `Error: ${a.message}`;
      if (a.ok && a.weights) showWeights(a.weights);
    })(),
);
document.querySelector('#run-h1')!.addEventListener(
  'click',
  () =>
    void (async () => {
      status.textContent = 'Running… · 运行中…';
      const a = await request({ type: 'attention-playground:run-experiment', experiment: 'h1', settings: {} });
      status.textContent = a.ok
        ? `h = 1 check: ${a.result?.pass ? 'pass' : 'FAIL'} (max |Δout| = ${a.result?.max_out_diff}) · 检查完成`
        : `Error: ${a.message}`;
    })(),
);
