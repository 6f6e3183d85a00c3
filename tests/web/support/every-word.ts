// every-word.ts — Vitest's setup file: every feature's words registered at
// once (the page registers a panel's words when its module arrives), so that
// a test may translate any key.
import { registerEveryWord } from '../../../web/src/i18n/later';

registerEveryWord();
