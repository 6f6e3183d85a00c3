// ESLint: the recommended JS rules and typescript-eslint's type-aware
// recommended rules (recommendedTypeChecked: floating promises, unsafe any,
// unnecessary assertions, …) for the page, the façade, the examples and the
// tests; plain JS files are linted without types. Formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-single/**', 'build/**', 'node_modules/**', 'web/src/core/wasm/**', 'web/src/training/wasm/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['tests/**/*.{ts,mjs,js}', 'scripts/**/*.{mjs,js}'],
    rules: { 'no-console': 'off' },
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', performance: 'readonly', Buffer: 'readonly', document: 'readonly', window: 'readonly', location: 'readonly', requestAnimationFrame: 'readonly', customElements: 'readonly', clearTimeout: 'readonly', navigator: 'readonly' } },
  },
  {
    // the MkDocs example's loader: a classic browser script in a teacher's docs/javascripts/
    files: ['web/examples/mkdocs/docs/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { console: 'readonly', document: 'readonly', addEventListener: 'readonly' } },
  },
);
