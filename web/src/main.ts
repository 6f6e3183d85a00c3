// main.ts — the stand-alone page: register the element and keep the page
// chrome's language in step with it. All the work happens in the component.
import { initEmbed } from './component/embed';
import { pickLanguage, t, type Lang } from './i18n/i18n';

function translateChrome(lang: Lang): void {
  document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : 'en';
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]')) node.textContent = t(lang, node.dataset.i18n ?? '');
  document.title = t(lang, 'app.title');
}

translateChrome(pickLanguage(new URLSearchParams(location.search).get('lang')));
document.addEventListener('playground-lang', (e) => translateChrome((e as CustomEvent<{ lang: Lang }>).detail.lang));
// ?embed, the hide flags, the height and the commands of a host page (embed.ts);
// first, so the element starts with the URL's flags, then register the tag
initEmbed();
void import('./component/attention-playground');
// ?scorm: report the lesson to the SCORM 1.2 LMS the page runs in, if any (lessons/scorm.ts)
const playground = document.querySelector('attention-playground');
if (playground && new URLSearchParams(location.search).has('scorm')) {
  playground.setAttribute('single-lesson', ''); // the packaged lesson only: no course menu inside the LMS
  void import('./lessons/scorm').then((m) => m.connectScorm(playground));
}
