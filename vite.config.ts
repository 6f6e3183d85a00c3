import { defineConfig } from 'vite';
import { resolve } from 'node:path';

// The site is static and works from any sub-path (GitHub Pages serves a
// project under /<repo>/), so every asset URL is relative: base './'.
export default defineConfig({
  root: 'web',
  base: './',
  publicDir: false,
  build: {
    outDir: resolve(__dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0, // keep the .wasm a separate, cacheable file
    rollupOptions: {
      input: {
        index: resolve(__dirname, 'web/index.html'),
      },
    },
  },
  worker: { format: 'es' },
  server: { port: 5173 },
});
