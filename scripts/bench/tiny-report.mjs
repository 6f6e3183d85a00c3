// tiny-report.mjs — print the tiny trainer's table of scripts/bench.sh from
// build/bench/tiny-native.log (tools/tiny_train.cpp's own "N steps/second"
// lines, one per run) and build/bench/tiny.json (tiny.bench-run.ts).
import { readFileSync } from 'node:fs';

const wasm = JSON.parse(readFileSync('build/bench/tiny.json', 'utf8'));
const native = {};
for (const line of readFileSync('build/bench/tiny-native.log', 'utf8').split('\n')) {
  const m = /^(\S+) ([\d.]+) steps\/second/.exec(line);
  if (m) (native[m[1]] ??= []).push(Number(m[2]));
}
const median = (x) => (x && x.length ? [...x].sort((p, q) => p - q)[x.length >> 1] : NaN);
const f = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
const label = { induction: 'induction (vocab 16)', page: "page's default: induction_random (vocab 64)" };

const header = ['run', 'native steps/s', 'WASM steps/s', 'WASM/native', 'WASM steps/s (CPU time)'];
const lines = [header];
for (const r of wasm.runs) {
  const nat = median(native[r.name]);
  lines.push([label[r.name] ?? r.name, f(nat), f(r.stepsPerSecond), `${f(r.stepsPerSecond / nat, 2)}×`, f(r.cpuStepsPerSecond)]);
}
const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
const row = (l) => `| ${l.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(`\n${row(lines[0])}`);
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const l of lines.slice(1)) console.log(row(l));

const steps = 2700;
const eta = wasm.runs.map((r) => `${label[r.name] ?? r.name} ${f(steps / r.stepsPerSecond, 0)} s`).join('; ');
console.log(
  `\nTiny trainer, 2 layers × 2 heads, d_model 32, context 32, batch 32, Adam lr 3e-3, model seed 1, run seed 1. Medians of 5, wall clock; WASM/native = WASM steps/s ÷ native steps/s (below 1: WASM slower).`,
);
console.log(
  `Native = build/native-bench/tiny_train --steps 300 (-O3 -march=native; its own steps/second, 300 steps from the start); WASM = web/src/training/core.ts in Node ${wasm.node}, 300 steps after a ${wasm.runs[0]?.warmup}-step warm-up, train(${wasm.runs[0]?.chunk}) at a time.`,
);
console.log(`Expected time to ${steps} steps in WASM at these rates (train() alone, no snapshots): ${eta}.`);
