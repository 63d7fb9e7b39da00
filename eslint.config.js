import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import i18next from 'eslint-plugin-i18next';

// Import direction (ARCHITECTURE.md): sync/ imports neither web/ nor api/; web/ takes only types from api/;
// api/ never imports web/. Inside web/ and api/ the zones below (docs/decisions/0038) say who may import whom.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const dirsOf = (path) => fs.readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const WEB_SHARED = ['ui', 'lib', 'local', 'sync', 'machines'].map((dir) => `./web/src/${dir}`);

const WEB_TAKES_TYPES_FROM_API = { group: ['@api/*', '**/api/src/**'], allowTypeImports: true, message: 'web/ takes only types (AppType) from api/.' };

// The one call not sent through the typed client (docs/decisions/0044): the landing page's profile strip, typed
// from AppType at compile time but sent through the small helper (hono/client does not fit the landing budget).
const UNTYPED_API_CALLS = ['web/src/features/marketing/public-profiles.ts'];

// bulletproof-react's zones: a feature is built from shared layers only, and features meet where routes/ and app/
// compose them; shared layers know no feature.
const webZones = [
  ...dirsOf('./web/src/features').map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared piece to ui/ or lib/, or compose the two in routes/ or app/.',
  })),
  { target: WEB_SHARED, from: ['./web/src/features', './web/src/routes', './web/src/app'], message: 'ui/, lib/, local/, sync/ and machines/ sit below features/, routes/ and app/.' },
  { target: './web/src/features', from: ['./web/src/routes', './web/src/app'], message: 'features/ never import routes/ or app/: those compose features.' },
];

// api/: modules/ talk to each other without cycles (api/src/import-cycles.test.ts); below them, lib/, db/ (not its
// seed script), providers/ and the realtime hub know no module.
const apiZones = [
  {
    target: ['./api/src/lib/**', './api/src/db/*.ts', './api/src/db/schema/**', './api/src/providers/**', './api/src/realtime/hub.ts', './api/src/realtime/publish.ts'],
    from: './api/src/modules',
    message: 'lib/, db/, providers/ and the realtime hub sit below modules/: move the shared piece down, not the module up.',
  },
];

/**
 * Hono's `c.var` copies every request variable into a new object on each read (Object.fromEntries), which the
 * API's hot paths paid several times a request; `c.get(name)` reads one. Listed in both api/ blocks below: a later
 * block's no-restricted-syntax replaces an earlier one's list instead of adding to it.
 */
const CONTEXT_VARIABLE_BY_GET = {
  selector: "MemberExpression[property.name='var'][object.type!='ThisExpression']",
  message: "Read a request variable with c.get('name'): c.var builds an object of all of them on every read.",
};

/**
 * React focuses an element rendered with `autoFocus` as it mounts; Preact, the renderer behind React's API here
 * (decision 0051), only writes the attribute, which a browser honours while the page loads and never again. Listed in
 * both web/ blocks below, for the reason given above CONTEXT_VARIABLE_BY_GET.
 */
const FOCUS_ON_MOUNT = {
  selector: "JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name='autoFocus']",
  message: 'autoFocus does nothing once the page has loaded (Preact, decision 0051): give the element ref={focusOnMount} from @web/ui/focus-on-mount.',
};

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
    // Tests and their set-ups may reach across zones: they put pieces together as an app would.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-test-setup.{ts,tsx}', '**/test-helpers.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...webZones, ...apiZones] }] },
  },
  {
    // TanStack Router reads route paths from file and folder names ($param, _layout, __root), so routes/ keeps its own.
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['web/src/routes/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Every member- and agent-facing text comes from the catalogue (sync/src/locales, docs/decisions/0045): a feature's
    // JSX holds no literal text.
    files: ['web/src/features/**/*.tsx', 'web/src/ui/**/*.tsx', 'web/src/routes/**/*.tsx', 'web/src/app/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
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
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', CONTEXT_VARIABLE_BY_GET] },
  },
  {
    // Decision 0044: a route's input is checked one way, by validate() (or declared by accepts() where the handler
    // parses it with parseWith once it knows who asks) with a schema of the contract, so AppType carries it.
    files: ['api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.property.name='req'][callee.property.name=/^(json|text|parseBody|formData|arrayBuffer|blob)$/]",
          message: "Read a route's body through validate() or accepts() with a contract schema (api/src/lib/validate.ts, decision 0044).",
        },
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type']",
          message: 'Input schemas live in the contract (sync/src/contract) so the web and the API share them (decision 0044).',
        },
        CONTEXT_VARIABLE_BY_GET,
      ],
    },
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
          patterns: [WEB_TAKES_TYPES_FROM_API],
        },
      ],
    },
  },
  {
    // Decision 0044: the web calls the API through the typed client (lib/rpc.ts, hc over AppType), so a route
    // changed on the server breaks this build. The untyped helper is for lib/'s plumbing; the files listed in
    // UNTYPED_API_CALLS still make calls the typed client cannot type yet (the record says which and why).
    files: ['web/src/features/**/*.{ts,tsx}', 'web/src/sync/**/*.{ts,tsx}', 'web/src/app/**/*.{ts,tsx}', 'web/src/lib/*-api.ts', 'web/src/lib/user-store.ts'],
    ignores: ['**/*.test.{ts,tsx}', ...UNTYPED_API_CALLS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [WEB_TAKES_TYPES_FROM_API],
          paths: [{ name: '@web/lib/api', importNames: ['api'], message: 'Call the API through the typed client: call(rpc.path.$get(...)) from @web/lib/rpc (decision 0044).' }],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', FOCUS_ON_MOUNT] },
  },
  {
    // Features and the sync layer reach the network only through the typed client (app/ fetches its service worker).
    files: ['web/src/features/**/*.{ts,tsx}', 'web/src/sync/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        FOCUS_ON_MOUNT,
        {
          selector: "CallExpression[callee.name='fetch'], CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
          message: 'Call the API through the typed client (@web/lib/rpc), not a raw fetch (decision 0044).',
        },
      ],
    },
  },
);
