// code-size.mjs — the largest source files and functions in web/src, with the
// limits: no file of code over 400 lines, no function over 80 lines. A data
// table is exempt from the file limit (a feature's words, *.words.ts: one line
// a key), not from the function limit.
// Prints the ten largest of each; exits 1 when a limit is broken.
//
//   node scripts/code-size.mjs [dir=web/src]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const root = process.argv[2] ?? 'web/src';

/** Every .ts and .css file under dir (the generated wasm/ folder left out). */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'wasm' ? [] : sources(path);
    return /\.(ts|css)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The name a reader would search for: the function's own, or the variable / property / class member it is assigned to. */
function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name) return p.name.getText(sf);
  return '(anonymous)';
}

const files = [];
const functions = [];
for (const path of sources(root)) {
  const text = readFileSync(path, 'utf8');
  const rel = relative('.', path);
  files.push({ rel, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
  if (!path.endsWith('.ts')) continue;
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      functions.push({ rel: `${rel}:${start + 1}`, name: nameOf(node, sf), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

files.sort((a, b) => b.lines - a.lines);
functions.sort((a, b) => b.lines - a.lines);
console.log(`code size: ${files.length} files, ${functions.length} functions in ${root}`);
console.log(`  largest files (limit ${MAX_FILE_LINES} lines):`);
for (const f of files.slice(0, 10)) console.log(`    ${String(f.lines).padStart(5)}  ${f.rel}`);
console.log(`  largest functions (limit ${MAX_FUNCTION_LINES} lines):`);
for (const f of functions.slice(0, 10)) console.log(`    ${String(f.lines).padStart(5)}  ${f.name}  ${f.rel}`);
/** A data table: a feature's words. */
const isTable = (rel) => rel.endsWith('.words.ts');
const badFiles = files.filter((f) => f.lines > MAX_FILE_LINES && !isTable(f.rel));
const badFunctions = functions.filter((f) => f.lines > MAX_FUNCTION_LINES);
for (const f of badFiles) console.log(`  TOO LONG: ${f.rel} has ${f.lines} lines (limit ${MAX_FILE_LINES})`);
for (const f of badFunctions) console.log(`  TOO LONG: ${f.name} at ${f.rel} has ${f.lines} lines (limit ${MAX_FUNCTION_LINES})`);
process.exit(badFiles.length + badFunctions.length > 0 ? 1 : 0);
