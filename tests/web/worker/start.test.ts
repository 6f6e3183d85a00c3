// start.test.ts — which script a worker starts from: the built URL
// itself when the page may load it, a same-origin blob: URL importing it when
// it lives on another origin (a CDN), since a worker's script must be same-origin.
import { describe, expect, it } from 'vitest';
import { workerScript } from '../../../web/src/worker/start';

const blobs: string[] = [];
const fakeBlob = (code: string) => {
  blobs.push(code);
  return `blob:https://school.example/${blobs.length}`;
};

describe('workerScript', () => {
  it('uses a same-origin URL as it is', () => {
    expect(workerScript('https://site.example/repo/assets/worker-1.js', 'https://site.example', fakeBlob)).toBe('https://site.example/repo/assets/worker-1.js');
  });

  it('uses blob: and data: URLs (the one-file builds) as they are', () => {
    expect(workerScript('blob:https://site.example/abc', 'https://other.example', fakeBlob)).toBe('blob:https://site.example/abc');
    expect(workerScript('data:text/javascript,1', 'https://other.example', fakeBlob)).toBe('data:text/javascript,1');
  });

  it('starts a cross-origin worker from a blob: URL whose code imports it', () => {
    blobs.length = 0;
    const url = 'https://cdn.jsdelivr.net/npm/attention-playground@0.1.0/dist-package/attention-playground.worker.js';
    expect(workerScript(url, 'https://school.example', fakeBlob)).toBe('blob:https://school.example/1');
    expect(blobs).toEqual([`import "${url}";\n`]);
  });

  it('treats another port or scheme as another origin', () => {
    blobs.length = 0;
    workerScript('http://127.0.0.1:4178/assets/w.js', 'http://127.0.0.1:5173', fakeBlob);
    workerScript('http://site.example/w.js', 'https://site.example', fakeBlob);
    expect(blobs).toHaveLength(2);
  });
});
