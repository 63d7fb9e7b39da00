import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import direction (ARCHITECTURE.md): sync/ imports neither web/ nor api/; web/ takes only types from api/;
// api/ never imports web/; inside web/, ui and lib never import features or routes, features never import routes.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'dist', 'coverage', '.data', 'web/src/routeTree.gen.ts', 'web/public/mockServiceWorker.js', 'e2e/.artifacts', 'api/drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false, fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['sync/**/*.ts'],
    rules: restrict([
      { group: ['@web/*', '@api/*', '**/web/**', '**/api/**'], message: 'sync/ is shared: it imports neither web/ nor api/.' },
      { group: ['node:*', 'react', 'react-dom', 'dexie'], message: 'sync/ uses no Node APIs, no DOM libraries.' },
    ]),
  },
  {
    files: ['api/**/*.ts'],
    rules: restrict([{ group: ['@web/*', '**/web/src/**'], message: 'api/ never imports web/.' }]),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@api/*', '**/api/src/**'], allowTypeImports: true, message: 'web/ takes only types (AppType) from api/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/ui/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}', 'web/src/local/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['@web/features/*', '@web/routes/*', '**/features/**', '**/routes/**'], message: 'ui/, lib/ and local/ sit below features/ and routes/.' },
      { group: ['@api/*'], allowTypeImports: true, message: 'web/ takes only types from api/.' },
    ]),
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['@web/routes/*', '**/routes/**'], message: 'features/ never import routes/.' },
      { group: ['@api/*'], allowTypeImports: true, message: 'web/ takes only types from api/.' },
    ]),
  },
);
