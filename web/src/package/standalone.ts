// standalone.ts — `attention-playground/standalone`: one ES module with
// nothing beside it (the build inlines the WASM and the experiments' worker).
// Importing it registers <attention-playground>; its default export is the
// anywidget front-end, so a notebook can point `_esm` at this one file.
export { default } from './widget';
export { AttentionPlayground } from './index';
