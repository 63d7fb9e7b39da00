import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { compiledCatalogues } from './web/vite/compiled-catalogues';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  '@sync': r('./sync/src'),
  '@api': r('./api/src'),
  '@web': r('./web/src'),
};

// CI collects one JSON report per vitest run to print the closing 'N passed, N failed' line.
const jsonDir = process.env.VITEST_JSON_DIR;
const reporters: NonNullable<NonNullable<ViteUserConfig['test']>['reporters']> = jsonDir
  ? ['default', ['json', { outputFile: `${jsonDir}/${process.pid}-${Date.now()}.json` }]]
  : ['default'];

/**
 * The default order, except that the payments journey runs after every other browser journey: it buys credits and a
 * VIP membership for the shared demo member, which the other journeys expect to find with its seeded credits and
 * without premium.
 */
class DemoChangersLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) => file.moduleId.replace(/\\/g, '/').endsWith('/e2e/payments.test.ts');
    return [...sorted.filter((file) => !last(file)), ...sorted.filter(last)];
  }
}

export default defineConfig({
  define: { __MOCK_API__: 'false' },
  test: {
    reporters,
    // Vitest leaves a core for itself by default: one test file at a time on CI's two cores. The files' own work
    // (PGlite, PostgreSQL's backends, happy-dom) keeps both busy with two.
    maxWorkers: '100%',
    sequence: { sequencer: DemoChangersLast },
    projects: [
      { resolve: { alias }, test: { name: 'sync', environment: 'node', include: ['sync/**/*.test.ts'] } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file owns one embedded database; two cores run two files at a time.
          pool: 'forks',
          // A worker keeps its modules from one file to the next: a fresh process per file spent more time importing
          // the API (and compiling PGlite) than running the tests (335 s against 161 s here). Every file builds its own
          // app, database and clock (api/src/test/harness.ts), so no test state lives at module level; the module
          // caches that do (brands by database, the OpenAPI document, drawn images) are keyed or read-only. A run
          // with the files shuffled (--sequence.shuffle.files) passes.
          isolate: false,
        },
      },
      {
        resolve: {
          alias: [
            ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
            { find: '@testing-library/react', replacement: '@testing-library/preact' },
          ],
        },
        define: { __MOCK_API__: 'false' },
        plugins: [compiledCatalogues()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: [r('./web/src/test/setup.ts')],
          // React's API is Preact's here (package.json: react is @preact/compat, decision 0051). There must be one
          // Preact for the app and its libraries: Vitest keeps preact out of its dependency bundles, so the libraries
          // that reach React through CommonJS (use-sync-external-store, under TanStack and XState) are bundled here,
          // or Node would hand them a second, CommonJS copy and their hooks would fail.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@tanstack/react-router',
                  '@tanstack/react-query',
                  '@tanstack/react-store',
                  '@xstate/react',
                  '@lingui/react',
                  'dexie-react-hooks',
                  'react-hook-form',
                  '@radix-ui/react-dialog',
                  '@radix-ui/react-dropdown-menu',
                  '@radix-ui/react-tabs',
                  'sonner',
                ],
                exclude: ['react', 'react-dom', 'preact', 'preact/compat', 'preact/hooks', 'preact/jsx-runtime'],
              },
            },
          },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: [r('./e2e/support/global-setup.ts')],
          setupFiles: [r('./e2e/support/setup.ts')],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A journey polls a real browser on a shared two-core machine: three tabs booting the app took over the
          // default second to refresh a session (accounts.test.ts) on a slow day.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
