// readme-example.test.ts — the lesson file the README shows teachers reads, and its exercise is decided by its
// check on the WASM core: the step's state fails it, the solution passes it.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { parse } from '../../../web/src/model/state';
import { evaluate, patched } from '../../../web/src/lessons/checks';
import { readLesson } from '../../../web/src/lessons/lesson';
import { loadCoreForNode } from '../support/load-core';

let core: Core;
beforeAll(async () => {
  core = await loadCoreForNode();
});

test('the README’s example lesson reads, fails at its start and passes with its solution', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Lessons'));
  const block = /```json\n([\s\S]*?)```/.exec(section);
  expect(block, 'a json block under ## Lessons').not.toBeNull();
  const r = readLesson(JSON.parse(block![1]));
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.where}: ${p.message}`).join('; '));
  const step = r.lesson.steps[0];
  const ex = step.exercise!;
  const start = parse(step.state);
  expect(evaluate(ex.check, { core, state: start, outcome: compute(core, start) })).toBe(false);
  const solved = patched(start, ex.solution);
  expect(evaluate(ex.check, { core, state: solved, outcome: compute(core, solved) })).toBe(true);
});
