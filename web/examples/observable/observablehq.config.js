// observablehq.config.js — the Observable Framework project of "Use it in your
// notes" (web/examples/README.md, section Observable Framework): one page,
// src/index.md, that imports attention-playground/core and draws its own chart.
// Built by scripts/examples/observable.sh into build/examples/observable/.
export default {
  title: 'Attention Playground in Observable Framework',
  root: 'src',
  pager: false,
  // Framework links Google Fonts' Source Serif 4 by default; none here, so that the built site requests nothing
  // from other hosts and works offline (the page falls back to the system's serif font).
  globalStylesheets: [],
  footer: 'Attention weights computed by the attention-playground C++ core (WebAssembly).',
};
