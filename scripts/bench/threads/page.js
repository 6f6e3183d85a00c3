// page.js — start the benchmark's worker and keep its report for run.mjs (window.__bench).
/* global Worker */
const worker = new Worker(new URL('./bench-worker.js', import.meta.url), { type: 'module' });
worker.onmessage = (e) => {
  window.__bench = e.data;
  document.getElementById('out').textContent = JSON.stringify(e.data, null, 1);
};
worker.onerror = (e) => {
  window.__bench = { error: e.message };
};
