import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import yingku from './scripts/lint-rules/yingku-plugin.js';

// One lint config for the whole repository (STYLE.md rule 12).
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-test/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Type-aware checks of what plain lint cannot see: a promise nobody awaits or handles (a
  // failure that vanishes), a promise where a void callback is expected, a switch over a union
  // that misses a member (decision 038).
  {
    files: ['packages/server/src/**/*.ts', 'packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  // One way to take and open a transaction (decision 040).
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/db/executor.ts', 'packages/server/src/db/migrations/**'],
    plugins: { yingku },
    rules: { 'yingku/executor-last': 'error', 'yingku/one-transaction-helper': 'error' },
  },
  // Migrations a deploy can run beside the release still serving (decision 072).
  {
    files: ['packages/server/src/db/migrations/*.ts'],
    ignores: ['packages/server/src/db/migrations/*.test.ts'],
    plugins: { yingku },
    rules: { 'yingku/safe-migration': 'error' },
  },
  {
    files: ['**/*.test.ts', 'packages/server/test/**', 'e2e/**', 'packages/server/bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
