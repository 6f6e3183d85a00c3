// docs/javascripts/attention-playground.js: loads <attention-playground> (an ES module) once; pages swapped in by navigation.instant start their own
import('https://cdn.jsdelivr.net/npm/attention-playground@0.1.0/dist-package/standalone.js').catch((e) =>
  console.error('Attention Playground did not load:', e),
);
// an iframe of the playground posts its height: let it grow to fit
addEventListener('message', (e) => {
  if (e.data?.type !== 'attention-playground:height') return;
  for (const f of document.querySelectorAll('iframe'))
    if (f.contentWindow === e.source) f.style.height = `${e.data.height + f.offsetHeight - f.clientHeight}px`;
});
