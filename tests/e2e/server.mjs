// server.mjs — a tiny static file server for dist/, for the end-to-end tests.
//
//   node tests/e2e/server.mjs --csp --port 4178      what playwright.config.ts's webServer starts
//   const s = await startServer({ prefix: '/some-repo/', csp: true });   a test's own server (fixtures.ts)
//   s.url   // "http://127.0.0.1:PORT/some-repo/"
//   await s.close();
//
// * root: the directory to serve, the repository's dist/ by default.
// * prefix: serve `root` under a sub-path, as GitHub Pages serves a project
//   site (/<repo>/ → dist/); anything outside the prefix is a 404, and the
//   prefix without its trailing slash redirects to it.
// * csp: send the strict Content-Security-Policy the page must work under.
// * isolated: make the page cross-origin isolated (COOP same-origin, COEP require-corp), as
//   scripts/serve.sh does and GitHub Pages does through the site's service worker: the page's
//   worker then runs the core's build with two threads.
// * port: a fixed port (the webServer's), or by default an ephemeral one (a
//   test's own server, with its own origin and its own request log).
// * Listens on 127.0.0.1 only. No dependencies.

import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's dist/, the default root. */
export const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

/** The strict policy the page must load, compute and draw under. */
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

/** The headers that make a page cross-origin isolated (a SharedArrayBuffer, so a shared WebAssembly memory, is allowed). */
export const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Content types by file extension. */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serve `root` on 127.0.0.1 at `port` (default: an ephemeral port).
 * @param {{ root?: string, prefix?: string, csp?: boolean, isolated?: boolean, port?: number }} [opts]
 * @returns {Promise<{ url: string, origin: string, requests: { method: string, path: string, status: number }[], close: () => Promise<void> }>}
 */
export async function startServer(opts = {}) {
  const root = resolve(opts.root ?? DIST);
  let prefix = opts.prefix ?? '/';
  if (!prefix.startsWith('/')) prefix = `/${prefix}`;
  if (!prefix.endsWith('/')) prefix = `${prefix}/`;
  /** Every request answered, for tests that check what the page fetched. */
  const requests = [];
  const policy = { ...(opts.csp ? { 'Content-Security-Policy': CSP } : {}), ...(opts.isolated ? ISOLATION : {}) };

  const server = createServer(async (req, res) => {
    const send = (status, headers, body) => {
      requests.push({ method: req.method ?? 'GET', path: req.url ?? '', status });
      res.writeHead(status, { ...headers, ...policy });
      res.end(body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { Allow: 'GET, HEAD' }, 'method not allowed');
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (path === prefix.slice(0, -1) && prefix !== '/') return send(301, { Location: prefix }, '');
      if (!path.startsWith(prefix)) return send(404, { 'Content-Type': 'text/plain' }, 'not found');
      let file = resolve(join(root, path.slice(prefix.length)));
      if (file !== root && !file.startsWith(root + sep)) return send(403, { 'Content-Type': 'text/plain' }, 'forbidden');
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info?.isFile()) return send(404, { 'Content-Type': 'text/plain' }, 'not found');
      const headers = {
        'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': String(info.size),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      if (req.method === 'HEAD') return send(200, headers, '');
      requests.push({ method: 'GET', path: req.url ?? '', status: 200 });
      res.writeHead(200, { ...headers, ...policy });
      createReadStream(file).pipe(res);
    } catch (err) {
      send(500, { 'Content-Type': 'text/plain' }, String(err));
    }
  });

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', ok);
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${prefix}`,
    origin,
    requests,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

// `node tests/e2e/server.mjs [--prefix /some-repo/] [--csp] [--isolated] [--port N]` serves dist/ until killed.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error('server: dist/index.html is missing: run `npx vite build` first');
    process.exit(1);
  }
  const s = await startServer({
    prefix: value('--prefix') ?? '/',
    csp: args.includes('--csp'),
    isolated: args.includes('--isolated'),
    port: value('--port') ? Number(value('--port')) : undefined,
  });
  console.log(`serving dist/ at ${s.url}${args.includes('--csp') ? ' (with CSP)' : ''}${args.includes('--isolated') ? ' (cross-origin isolated)' : ''}`);
}
