// attention-playground.ts — the one-line embed: importing this module
// registers <attention-playground>. A host that wants another tag name
// imports the component module and calls AttentionPlayground.define('my-tag').
import { AttentionPlayground } from './attention-playground.component';

AttentionPlayground.define();

export { AttentionPlayground };
