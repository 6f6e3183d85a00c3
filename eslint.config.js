// ESLint: the recommended JS and type-aware TypeScript rules, for the page,
// the façade and the tests. Formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-single/**', 'build/**', 'node_modules/**', 'web/src/core/wasm/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
);
