// build-scorm.mjs — one lesson as a SCORM 1.2 package for a learning platform (Moodle, Canvas, …):
// dist-scorm/attention-playground-<lesson id>.zip holding imsmanifest.xml (one organization, one item, one
// SCO launching index.html?scorm&lesson=<id>), index.html (the offline one-file page, `vite build --mode
// single`) and, for a teacher's own lesson, that file as lesson.json (launched as ?scorm&lesson=lesson.json).
// In the platform the page finds its `API` and reports the score, the status and the progress
// (web/src/lessons/scorm.ts).
//
//   npm run build:scorm                                 the course's first lesson
//   npm run build:scorm -- --lesson masks               another lesson of the course, by its id
//   npm run build:scorm -- --lesson path/to/lesson.json a teacher's lesson file
//   options: --lang zh (the title and the page in 中文), --out <dir> (dist-scorm), --logLevel <level> (Vite's)
//
// The lesson is read here by the page's own reader (web/src/lessons/load.ts, through Vite's module runner), so
// a file with a problem is refused with the messages the page would show, before anything is packaged.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, runnerImport } from 'vite';
// fflate: a small, dependency-free, well-tested zip writer; the zip format's headers, CRCs and central
// directory are easy to get subtly wrong by hand, and an LMS refuses a package it cannot unzip
import { strToU8, zipSync } from 'fflate';

const ROOT = resolve(import.meta.dirname, '..');
const USAGE = 'usage: npm run build:scorm -- [--lesson <course id> | --lesson <file.json>] [--lang en|zh] [--out <dir>] [--logLevel <level>]';

/** The options given: { lesson, lang, out, logLevel }. */
function options(argv) {
  const opts = { lesson: null, lang: 'en', out: 'dist-scorm', logLevel: 'info' };
  for (let i = 0; i < argv.length; i += 2) {
    const key = { '--lesson': 'lesson', '--lang': 'lang', '--out': 'out', '--logLevel': 'logLevel' }[argv[i]];
    if (!key || argv[i + 1] === undefined) throw new Error(`${argv[i]}: not an option with a value\n${USAGE}`);
    opts[key] = argv[i + 1];
  }
  if (!['en', 'zh'].includes(opts.lang)) throw new Error(`--lang ${opts.lang}: en or zh\n${USAGE}`);
  return opts;
}

/** A module of the page's source (TypeScript, JSON imports), loaded through Vite. */
async function pageModule(path) {
  const { module } = await runnerImport(resolve(ROOT, path), { configFile: false, root: ROOT, logLevel: 'error' });
  return module;
}

/** The lesson to package: { lesson, ref, file } — ref is what the launch URL's `lesson=` says, file the teacher's text. */
async function lessonOf(arg) {
  const [{ lessonFrom }, { COURSE }] = await Promise.all([pageModule('web/src/lessons/load.ts'), pageModule('web/src/lessons/course.ts')]);
  if (arg === null) return { lesson: COURSE[0], ref: COURSE[0].id, file: null };
  const own = COURSE.find((l) => l.id === arg);
  if (own) return { lesson: own, ref: own.id, file: null };
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), arg); // npm run starts here in the root: the path is the caller's
  if (!existsSync(path) || !statSync(path).isFile())
    throw new Error(`--lesson ${arg}: neither a lesson of the course (${COURSE.map((l) => l.id).join(', ')}) nor a lesson file`);
  const file = readFileSync(path, 'utf8');
  return { lesson: lessonFrom(file, arg), ref: 'lesson.json', file }; // throws the page's own message for a bad file
}

/** The offline one-file page, built into a temporary folder of its own (dist-single/ is left as it is). */
async function singlePage(logLevel) {
  const outDir = mkdtempSync(join(tmpdir(), 'attention-playground-scorm-'));
  try {
    await build({ root: join(ROOT, 'web'), configFile: join(ROOT, 'vite.config.ts'), mode: 'single', logLevel, build: { outDir, emptyOutDir: true } });
    return readFileSync(join(outDir, 'attention-playground.html'));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** imsmanifest.xml: SCORM 1.2 (ADL SCORM, schemaversion 1.2), one organization, one item, one SCO. */
function manifest({ id, title, href, files }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-playground-${id}" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
          xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
          xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="course">
    <organization identifier="course">
      <title>${xml(title)}</title>
      <item identifier="item-${id}" identifierref="sco-${id}" isvisible="true">
        <title>${xml(title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-${id}" type="webcontent" adlcp:scormtype="sco" href="${xml(href)}">
${files.map((f) => `      <file href="${xml(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

async function main() {
  const opts = options(process.argv.slice(2));
  const { lesson, ref, file } = await lessonOf(opts.lesson);
  const page = await singlePage(opts.logLevel);
  const href = `index.html?scorm&lesson=${encodeURIComponent(ref)}${opts.lang === 'zh' ? '&lang=zh' : ''}`;
  const entries = { 'index.html': page, ...(file === null ? {} : { 'lesson.json': strToU8(file) }) };
  const xmlText = manifest({ id: lesson.id, title: lesson.title[opts.lang], href, files: Object.keys(entries) });
  const zip = zipSync({ 'imsmanifest.xml': strToU8(xmlText), ...entries }, { level: 9 });
  const out = resolve(ROOT, opts.out);
  mkdirSync(out, { recursive: true });
  const path = join(out, `attention-playground-${lesson.id}.zip`);
  rmSync(path, { force: true });
  writeFileSync(path, zip);
  console.log(
    `SCORM 1.2: ${join(opts.out, `attention-playground-${lesson.id}.zip`)} (${(zip.length / 1024).toFixed(0)} KiB), "${lesson.title[opts.lang]}", launches ${href}`,
  );
}

main().catch((err) => {
  console.error(`build-scorm: ${err.message ?? err}`);
  process.exit(1);
});
